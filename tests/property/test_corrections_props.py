"""Corrections fold again from a state kept before the entry they correct: the sheet reads exactly as a fold of
the whole log would.

A replayer that keeps the states of recent deals (entries pushed one by one, as the app logs them) and one that
reads the log in one go (keeping the state before each entry a correction in it corrects) are compared with one
that keeps nothing (each correction then folds the whole log again, as a replay from scratch does), on logs of
the three games with amends, voids and overrides aimed at random entries.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

import scorepad.rules.base as base
from scorepad.log import Entry, Header, parse_entry
from scorepad.rules import Replayer
from tests.helpers import AT, header
from tests.property.budget import bounded
from tests.property.test_auction_bridge_props import SIDES, play_deal
from tests.property.test_jass_props import hand_entries, valid_hand

BOUNDED = bounded(60, HealthCheck.function_scoped_fixture)
FH = ["Ann", "Bob", "Cid"]


def fh_deal(draw: st.DrawFn, number: int) -> list[dict[str, Any]]:
    contractor = FH[(number + 1) % 3]
    others = [p for p in FH if p != contractor]
    made = draw(st.integers(0, 10))
    first = draw(st.integers(0, 10 - made))
    items: list[dict[str, Any]] = [
        {"type": "deal", "dealer": FH[number % 3]},
        {
            "type": "contract",
            "player": contractor,
            "call": draw(st.sampled_from(["6S", "7C", "6NT", "8H", "nullo"])),
        },
    ]
    items.append(
        {"type": "result", "tricks": {contractor: made, others[0]: first, others[1]: 10 - made - first}}
    )
    if draw(st.integers(0, 3)) == 0:  # found before or after the result (a late revoke scores the deal again)
        items.insert(
            draw(st.integers(2, 3)),
            {
                "type": "irregularity",
                "player": draw(st.sampled_from(FH)),
                "kind": draw(st.sampled_from(["redeal", "revoke", "wrong_cards"])),
            },
        )
    return items


def bridge_entries(draw: st.DrawFn, deals: int) -> list[dict[str, Any]]:
    """A rubber played by the laws (the same player as the bridge properties use), as plain items."""
    recorder = Replayer(header("auction_bridge", ["N", "E", "S", "W"], sides=SIDES))
    for _ in range(deals):
        if recorder.sheet().finished:
            break
        play_deal(recorder, draw)
    return [
        entry.model_dump(exclude={"seq", "at"}, exclude_none=True) | {"type": entry.type}
        for entry in recorder.log
    ]


@st.composite
def game_log(draw: st.DrawFn) -> tuple[Header, list[dict[str, Any]]]:
    game = draw(st.sampled_from(["five_hundred", "jass", "auction_bridge"]))
    if game == "five_hundred":
        head = header(game, FH, {"target": 1000})
        plain = [item for number in range(draw(st.integers(1, 8))) for item in fh_deal(draw, number)]
    elif game == "jass":
        head = header(game, ["Ann", "Bob", "Cid", "Dan"], {"target": 5000})
        plain = [
            item
            for hand in draw(st.lists(valid_hand(), min_size=1, max_size=6))
            for item in hand_entries(hand)
        ]
    else:
        head = header(game, ["N", "E", "S", "W"], sides=SIDES)
        plain = bridge_entries(draw, draw(st.integers(1, 5)))
    items: list[dict[str, Any]] = []
    for item in plain:
        items.append(item)
        if draw(st.integers(0, 2)) == 0:  # a correction of some earlier entry, with another entry's fields
            target = draw(st.integers(1, len(items)))
            aimed = items[target - 1]
            override = draw(st.booleans())
            if aimed["type"] in ("amend", "void") or draw(st.booleans()):
                items.append({"type": "void", "target": target, "override": override})
            else:
                alike = [other for other in plain if other["type"] == aimed["type"]]
                items.append(
                    {
                        "type": "amend",
                        "target": target,
                        "override": override,
                        "entry": draw(st.sampled_from(alike)),
                    }
                )
    return head, items


def entries_of(head: Header, items: list[dict[str, Any]]) -> list[Entry]:
    return [
        parse_entry(head.game, {**item, "seq": n, "at": AT.isoformat()}) for n, item in enumerate(items, 1)
    ]


def read(replayer: Replayer) -> tuple[Any, ...]:
    sheet = replayer.sheet()
    return (
        sheet.summary(),
        sheet.rejected,
        sheet.prompt,
        sheet.view,
        sheet.overrides,
        [(row.seq, row.text, row.cells) for row in sheet.rows],
    )


@pytest.fixture
def keeping(monkeypatch):
    """Set how many states of recent deals a replayer keeps (0: none, each correction folds from the start)."""

    def keep(count: int) -> None:
        monkeypatch.setattr(base, "RECENT_KEPT", count)

    return keep


@BOUNDED
@given(log=game_log(), data=st.data())
def test_a_correction_folded_from_a_kept_state_reads_as_the_whole_log_folded_again(log, data, keeping):
    head, items = log
    entries = entries_of(head, items)
    whole, kept = Replayer(head), Replayer(head)
    for entry in entries:
        keeping(0)
        expected = whole.push(entry)
        keeping(16)
        assert kept.push(entry) == expected
        assert read(kept) == read(whole)
    assert read(Replayer(head).extend(entries)) == read(whole)  # read in one go
    # what the screens ask before a correction is logged: the same answers, and nothing changed
    target = data.draw(st.integers(1, len(entries)), label="target")
    correction = parse_entry(
        head.game, {"type": "void", "target": target, "seq": len(entries) + 1, "at": AT.isoformat()}
    )
    before = read(kept)
    answers = (kept.check(correction), kept.knock_on(correction), kept.preview_correction(correction))
    assert read(kept) == before
    keeping(0)
    assert answers == (
        whole.check(correction),
        whole.knock_on(correction),
        whole.preview_correction(correction),
    )


@pytest.mark.parametrize("kept", [0, 16])
def test_striking_out_a_late_revoke_gives_back_the_deal_as_first_scored(kept, keeping):
    """The revoke scores the deal again after the state was kept: striking it out gives back the first score."""
    keeping(kept)
    head = header("five_hundred", FH)
    items = [
        {"type": "deal", "dealer": "Ann"},
        {"type": "contract", "player": "Bob", "call": "6S"},
        {"type": "result", "tricks": {"Bob": 8, "Ann": 1, "Cid": 1}},
        {"type": "irregularity", "kind": "revoke", "player": "Bob"},
        {"type": "void", "target": 4},
        {"type": "amend", "target": 4, "entry": {"type": "irregularity", "kind": "revoke", "player": "Ann"}},
    ]
    entries = entries_of(head, items)
    for replayer in (Replayer(head), Replayer(head).extend(entries[:4])):
        for entry in entries[len(replayer.log) : 4]:
            replayer.push(entry)
        assert [row.delta["Bob"] for row in replayer.sheet().rows] == [-40]  # set for the revoke
        replayer.push(entries[4])
        assert [(row.text, row.delta["Bob"]) for row in replayer.sheet().rows] == [("Bob 6♠ made", 40)]
        assert replayer.push(entries[5]) is not None  # a struck-out entry is not amended
    extended = Replayer(head).extend(entries)
    assert [(row.text, row.delta["Bob"]) for row in extended.sheet().rows] == [("Bob 6♠ made", 40)]
