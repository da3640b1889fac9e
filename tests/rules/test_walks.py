"""The seeded evenings of tests/rules/walks: everything the rules said on the way, word for word, as recorded.

A difference means the rules now say something else somewhere: a score, a refusal, a prompt, a cell, the board.
If the change is meant, record the walks again and read the difference before committing it:

    SCOREPAD_RECORD_WALKS=1 pytest tests/rules/test_walks.py && git diff tests/rules/walks/recorded
"""

from __future__ import annotations

import difflib
import gettext
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from scorepad.locale import FOLDER, set_language, use_catalogue
from tests.helpers import header
from tests.rules.walks import games
from tests.rules.walks.transcript import Walk
from tests.rules.walks.words import all_words

RECORDED = Path(__file__).parent / "walks" / "recorded"

THREE, FOUR, FIVE, SIX = (
    ["Ann", "Bob", "Cid"],
    ["N", "E", "S", "W"],
    ["Ann", "Bob", "Cid", "Dan", "Eve"],
    list("ABCDEF"),
)
JASS = ["Ann", "Bob", "Cid", "Dan"]
BRIDGE = ["Ann", "Bob", "Cid", "Dan"]

# name -> (game, players, ruleset, seed, steps)
WALKS: dict[str, tuple[str, list[str], dict[str, Any], int, int]] = {
    "five_hundred_three": ("five_hundred", THREE, {}, 1, 120),
    "five_hundred_four_short": ("five_hundred", FOUR, {"target": 200}, 6, 60),
    "five_hundred_four_original": ("five_hundred", FOUR, {"preset": "original"}, 2, 120),
    "five_hundred_five_continuous": ("five_hundred", FIVE, {"auction": "continuous", "target": 300}, 3, 120),
    "five_hundred_six_card_points": ("five_hundred", SIX, {"preset": "card_points_1000"}, 4, 100),
    "five_hundred_three_strict": (
        "five_hundred",
        THREE,
        {
            "defenders_score": "when_set",
            "nullo": False,
            "all_pass": "no_trump",
            "minus_target": "ends_game",
            "must_bid_to_win": True,
            "target": 400,
        },
        5,
        120,
    ),
    "jass_classic": ("jass", JASS, {}, 11, 140),
    "jass_short": ("jass", JASS, {"target": 700}, 15, 60),
    "jass_flat_german": ("jass", JASS, {"preset": "flat_1000", "suit_names": "german"}, 12, 140),
    "jass_srf_bergpreis": (
        "jass",
        JASS,
        {"preset": "srf_1000", "bergpreis": True, "count_order": "stoeck_tricks_weis"},
        13,
        140,
    ),
    "jass_parlett_seat": (
        "jass",
        JASS,
        {"preset": "parlett_3000", "weis_tiebreak": "trump_then_seat"},
        14,
        100,
    ),
    "auction_bridge": ("auction_bridge", BRIDGE, {}, 21, 140),
    "auction_bridge_short": ("auction_bridge", BRIDGE, {"games_to_win": 1}, 24, 50),
    "auction_bridge_chicane": ("auction_bridge", BRIDGE, {"chicane": True, "revoke_penalty": 100}, 22, 140),
    "auction_bridge_long": ("auction_bridge", BRIDGE, {"games_to_win": 3, "rubber_bonus": 300}, 23, 160),
}

CANDIDATES = {
    "five_hundred": (games.five_hundred, games.five_hundred_probes),
    "jass": (games.jass, games.jass_probes),
    "auction_bridge": (games.auction_bridge, games.auction_bridge_probes),
}


def transcript(name: str) -> list[str]:
    game, players, rules, seed, steps = WALKS[name]
    candidates, probes = CANDIDATES[game]
    return Walk(header(game, players, rules), candidates, probes, seed=seed).play(steps)


class Catalogued(gettext.NullTranslations):
    """English, as the source says it, noting every message asked for that the catalogues' template does not
    hold (as it reads, with its context): such a message would never be translated."""

    def __init__(self) -> None:
        super().__init__()
        with (FOLDER / "scorepad.pot").open("rb") as template:
            self.known = {(m.context, m.id) for m in read_po(template)}  # a plural's id: both its forms
        self.unknown: set[tuple[str | None, str | tuple[str, str]]] = set()

    def _asked(self, context: str | None, message: str | tuple[str, str]) -> None:
        if (context, message) not in self.known:
            self.unknown.add((context, message))

    def gettext(self, message: str) -> str:
        self._asked(None, message)
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self._asked(None, (singular, plural))  # both forms, also a plural the walks never come to show
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        self._asked(context, message)
        return message


@pytest.fixture
def catalogued() -> Iterator[Catalogued]:
    translations = Catalogued()
    use_catalogue(translations, "en")
    yield translations
    set_language("en")


@pytest.mark.parametrize("name", sorted(WALKS))
def test_the_rules_say_what_they_said(name: str, catalogued: Catalogued) -> None:
    same_as_recorded(name, transcript(name))
    assert not catalogued.unknown, "said but not in the catalogues (scripts/catalogues.py extract)"


def test_the_rules_words_are_what_they_were(catalogued: Catalogued) -> None:
    same_as_recorded("words", all_words())
    assert not catalogued.unknown, "said but not in the catalogues (scripts/catalogues.py extract)"


def same_as_recorded(name: str, lines: list[str]) -> None:
    kept = RECORDED / f"{name}.txt"
    if os.environ.get("SCOREPAD_RECORD_WALKS"):
        kept.write_text("\n".join(lines) + "\n", encoding="utf-8")
    recorded = kept.read_text(encoding="utf-8").splitlines()
    if lines != recorded:
        diff = difflib.unified_diff(recorded, lines, "recorded", "now", n=2, lineterm="")
        pytest.fail("the rules now say otherwise:\n" + "\n".join(list(diff)[:40]))
