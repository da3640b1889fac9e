"""Five Hundred calls: values, ranks (kept apart: nullo ranks by its place in the table, not its value),
parsing what a player types, and the bid table for display."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorepad.locale import N_, _, pgettext
from scorepad.rules.base import Fixed
from scorepad.rules.five_hundred.settings import Settings

STRAINS = ("S", "C", "D", "H", "NT")  # lowest to highest
#: the strains as a bid shows them; no trump's in the language spoken: `symbol`
SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥", "NT": "NT"}
#: marked: `_(STRAIN_NAMES[strain])` where shown
STRAIN_NAMES = {
    "S": N_("spades"),
    "C": N_("clubs"),
    "D": N_("diamonds"),
    "H": N_("hearts"),
    "NT": N_("no trump"),
}
#: base value of each strain; both schedules start from it (Avondale adds 100 a trick, the original multiplies)
STRAIN_BASES = {"S": 40, "C": 60, "D": 80, "H": 100, "NT": 120}
NULLOS = ("nullo", "open_nullo")
#: the suit bid each nullo ranks just above (nullo: between 8♠ and 8♣; open nullo: between 10♦ and 10♥)
NULLO_RANKS_ABOVE = {"nullo": "8S", "open_nullo": "10D"}
PASS = "pass"

#: the 25 suit and no-trump bids, spelled as the log spells them -> (tricks, strain)
SUIT_BIDS = {f"{tricks}{strain}": (tricks, strain) for tricks in range(6, 11) for strain in STRAINS}


def split(call: str) -> tuple[int, str]:
    """(tricks, strain) of a suit or no-trump bid."""
    parsed = SUIT_BIDS.get(call)
    if parsed is None:
        raise ValueError(_("{call} is not a suit or no-trump bid").format(call=repr(call)))
    return parsed


def is_nullo(call: str) -> bool:
    return call in NULLOS


def tricks_bid(call: str) -> int:
    """Tricks the contractor undertakes to win (0 for the nullos: the contractor undertakes to win none)."""
    return 0 if is_nullo(call) else split(call)[0]


#: every call but a pass: the 25 suit and no-trump bids, then the nullos
BIDS = (*SUIT_BIDS, *NULLOS)


@dataclass(frozen=True, slots=True)
class Schedule(Fixed):
    """Every bid's value and rank under one table's settings, worked out once for its game."""

    values: Mapping[str, int]
    ranks: Mapping[str, tuple[int, int]]

    @classmethod
    def of(cls, settings: Settings) -> Schedule:
        return cls(
            {call: bid_value(call, settings) for call in BIDS},
            {call: bid_rank(call, settings) for call in BIDS},
        )


def bid_value(call: str, settings: Settings) -> int:
    """What the bid scores when made (and loses when set)."""
    if call == "nullo":
        return settings.nullo_value
    if call == "open_nullo":
        return settings.open_nullo_value
    tricks, strain = split(call)
    base = STRAIN_BASES[strain]
    if settings.schedule == "avondale":
        return base + 100 * (tricks - 6)
    return base * (tricks - 5)


def bid_rank(call: str, settings: Settings) -> tuple[int, int]:
    """Sort key: a bid may follow another only with a greater rank.

    Suit bids rank by value; with the original schedule equal values tie, so an equal bid is not enough.
    A nullo ranks just above its neighbour in the table (nullo above 8♠, open nullo above 10♦),
    whatever value it is given.
    """
    if is_nullo(call):
        return (bid_value(NULLO_RANKS_ABOVE[call], settings), 1)
    return (bid_value(call, settings), 0)


def outranks(call: str, previous: str, settings: Settings) -> bool:
    return bid_rank(call, settings) > bid_rank(previous, settings)


def symbol(strain: str) -> str:
    """A strain as a bid shows it: "♥"; no trump as its players write it ("NT"; Italian "SA", Russian "БК")."""
    if strain == "NT":
        # Translators: no trump as written in a bid ("10NT"): the language's short form
        return pgettext("strain", "NT")
    return SYMBOLS[strain]


def call_words() -> dict[str, str]:
    """The calls said in words, in the language spoken: pass and the nullos."""
    return {
        PASS: pgettext("call", "pass"),
        "nullo": pgettext("call", "nullo"),
        "open_nullo": pgettext("call", "open nullo"),
    }


def display_call(call: str) -> str:
    """ "7H" -> "7♥", "10NT" -> "10NT", "open_nullo" -> "open nullo" (in the language spoken: "открытый мизер")."""
    if call == PASS or is_nullo(call):
        return call_words()[call]
    tricks, strain = split(call)  # raises for anything but a call: only calls are kept
    return f"{tricks}{symbol(strain)}"


def all_calls(settings: Settings) -> list[str]:
    """Every bid this ruleset allows (no pass), lowest rank first."""
    calls = [f"{tricks}{strain}" for tricks in range(6, 11) for strain in STRAINS]
    if settings.nullo:
        calls += list(NULLOS)
    return sorted(calls, key=lambda call: bid_rank(call, settings))


def calls_above(previous: str | None, settings: Settings) -> list[str]:
    """The bids that outrank `previous` (all of them when nothing has been bid)."""
    calls = all_calls(settings)
    if previous is None:
        return calls
    return [call for call in calls if outranks(call, previous, settings)]


_SUIT_WORDS = {
    "S": "S",
    "♠": "S",
    "♤": "S",
    "SPADES": "S",
    "SPADE": "S",
    "C": "C",
    "♣": "C",
    "♧": "C",
    "CLUBS": "C",
    "CLUB": "C",
    "D": "D",
    "♦": "D",
    "♢": "D",
    "DIAMONDS": "D",
    "DIAMOND": "D",
    "H": "H",
    "♥": "H",
    "♡": "H",
    "HEARTS": "H",
    "HEART": "H",
    "NT": "NT",
    "N": "NT",
    "NOTRUMP": "NT",
    "NOTRUMPS": "NT",
}
_WORDS = {
    "P": PASS,
    "PASS": PASS,
    "N": "nullo",
    "NULLO": "nullo",
    "MISERE": "nullo",
    "ON": "open_nullo",
    "OPENNULLO": "open_nullo",
    "OPENMISERE": "open_nullo",
}
_TYPED = re.compile(r"^(6|7|8|9|10)(.+)$")


def _squeezed(text: str) -> str:
    return re.sub(r"[\s_-]+", "", text).upper().replace("\ufe0f", "")


def parse_call(text: str) -> str:
    """What a player types -> the log's call: "7h", "7H", "7♥" -> "7H"; "10nt" -> "10NT"; "n", "nullo" ->
    "nullo"; "on", "open nullo" -> "open_nullo"; "p", "pass" -> "pass"; and the calls as the language spoken
    shows them ("пас", "мизер", "7БК"). Raises ValueError otherwise."""
    squeezed = _squeezed(text)
    if squeezed in _WORDS:
        return _WORDS[squeezed]
    spoken = {_squeezed(words): call for call, words in call_words().items()}
    if squeezed in spoken:
        return spoken[squeezed]
    match = _TYPED.match(squeezed)
    if match:
        strain = _SUIT_WORDS.get(match.group(2)) or (
            "NT" if match.group(2) == _squeezed(symbol("NT")) else None
        )
        if strain:
            return f"{match.group(1)}{strain}"
    raise ValueError(
        _("{text} is not a call: type e.g. 7h, 7♥, 10nt, n (nullo), on (open nullo) or p (pass)").format(
            text=repr(text)
        )
    )


def schedule_table(settings: Settings) -> dict[str, Any]:
    """The bid table to show: one row per trick count, the nullos with their place, every call by rank.

    {"schedule": "avondale", "strains": ["S", …], "symbols": {…},
     "rows": [{"tricks": 6, "S": 40, "C": 60, …}, …],
     "nullos": [{"call": "nullo", "display": "nullo", "value": 250, "ranks": "between 8♠ and 8♣"}, …],
     "ladder": [{"call": "6S", "display": "6♠", "value": 40}, …]}   # lowest rank first
    """
    rows = [
        {"tricks": tricks, **{strain: bid_value(f"{tricks}{strain}", settings) for strain in STRAINS}}
        for tricks in range(6, 11)
    ]
    nullos: list[dict[str, Any]] = []
    if settings.nullo:
        for call in NULLOS:
            below = NULLO_RANKS_ABOVE[call]
            # a nullo ranks by its place in the table, so some bid always ranks above it
            above = next(c for c in all_calls(settings) if bid_rank(c, settings) > bid_rank(call, settings))
            place = _("above {call}, below {next}").format(call=display_call(below), next=display_call(above))
            nullos.append(
                {
                    "call": call,
                    "display": display_call(call),
                    "value": bid_value(call, settings),
                    "ranks": place,
                }
            )
    ladder = [
        {"call": c, "display": display_call(c), "value": bid_value(c, settings)} for c in all_calls(settings)
    ]
    return {
        "schedule": settings.schedule,
        "strains": list(STRAINS),
        "symbols": {strain: symbol(strain) for strain in STRAINS},
        "rows": rows,
        "nullos": nullos,
        "ladder": ladder,
    }
