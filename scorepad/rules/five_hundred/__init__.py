"""Five Hundred (`five_hundred`): the rules in the project's rules/five-hundred.md.

Dealing: a `deal` entry names the dealer. A `bid` or `contract` with no deal open starts one implicitly
with the next dealer (the first player at first, then clockwise; the same dealer after a redeal), so a
table may skip `deal` entries altogether.

Packs used for the card-point variant's check ("a deal's card points cannot exceed the pack's"):
2 players: the 33-card three-hand pack (260); 3: 33 cards, A–7 and the joker (260); 4: 43 cards, A–5 with
the red fours and the joker (312); 5: 53 cards, the full pack and the joker (340); 6: 63 cards, with elevens,
twelves and the red thirteens (458).

Readings settled here (rules/five-hundred.md; each has a test in tests/rules/test_five_hundred.py):
- The auction (`auction`): `one_round` by default — one call each from the dealer's left, the dealer last;
  a player who has called may not call again; a barred player is skipped. `continuous` goes round until all
  but one have passed. A call already made stands when its player is barred afterwards (wrong cards found in
  his hand, or his partner's bid out of turn): he only calls no more.
- `nullo: false` refuses nullo and open nullo alike.
- Original schedule: nullo ranks just above 8♠ and so above every bid of 8♠'s value (7♣, 6NT at 120) and
  below the next value (7♦, 9♠ at 160, and 8♣); open nullo just above 10♦ and 9♥ (400), below 9NT and 10♥.
  Every other pair of bids is ordered by value; an equal value is not enough.
- A failed nullo pays each opposing side (not each player) a trick's value per trick the contractor took,
  whatever `defenders_score` says; a made or failed nullo never scores the opponents' own tricks.
- `card_points` without a `target` plays to 1000.
- `must_bid_to_win`: a made nullo is a bid made.
- A side reaching the target on the deal another falls to minus the target wins.
- A contract of "pass" and negative trick counts read (they are entries of the right shape) but are refused
  with the reason, like every other entry the laws refuse.
"""

from __future__ import annotations

from typing import Any

from scorepad.rules.base import Sheet
from scorepad.rules.five_hundred.calls import (
    NULLOS,
    PASS,
    STRAINS,
    all_calls,
    bid_rank,
    bid_value,
    calls_above,
    display_call,
    is_nullo,
    outranks,
    parse_call,
    schedule_table,
    tricks_bid,
)
from scorepad.rules.five_hundred.game import RULES, FiveHundredRules, FiveHundredState
from scorepad.rules.five_hundred.settings import PACKS, PRESETS, Settings, deck_description, deck_points
from scorepad.rules.five_hundred.view import DealCells, FiveHundredView


def legal_calls(sheet: Sheet) -> list[str]:
    """The calls the player to bid may make now (pass first, then the bids that outrank the last)."""
    view = sheet.view
    return list(view.legal_calls) if isinstance(view, FiveHundredView) else []


def won_lost_net(sheet: Sheet) -> dict[str, dict[str, int]]:
    """The classic three-hand sheet: per side, the points won, the points lost and the net (won − lost)."""
    table = {side: {"won": 0, "lost": 0} for side in sheet.sides}
    for row in sheet.rows:
        cells = DealCells.of(row)
        for side, line in table.items():
            line["won"] += cells.won[side]
            line["lost"] += cells.lost[side]
    for line in table.values():
        line["net"] = line["won"] - line["lost"]
    return table


def call_choices(settings: Settings | dict[str, Any] | None = None) -> list[tuple[str, str, int]]:
    """(call, display, value) for every bid, lowest rank first: a ladder a form can offer."""
    settings = settings if isinstance(settings, Settings) else RULES.settings(settings or {})
    return [(call, display_call(call), bid_value(call, settings)) for call in all_calls(settings)]


__all__ = [
    "NULLOS",
    "PACKS",
    "PASS",
    "PRESETS",
    "RULES",
    "STRAINS",
    "FiveHundredRules",
    "FiveHundredState",
    "Settings",
    "all_calls",
    "bid_rank",
    "bid_value",
    "call_choices",
    "calls_above",
    "deck_description",
    "deck_points",
    "display_call",
    "is_nullo",
    "legal_calls",
    "outranks",
    "parse_call",
    "schedule_table",
    "tricks_bid",
    "won_lost_net",
]
