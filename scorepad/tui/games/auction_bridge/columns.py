"""How the bridge deal list fits its width: which of its columns fold away.

At 160 columns every column shows; narrower, the columns a scorer can do without fold first — the game number
(each won game is said in the result and ruled on the pad above) and the tricks (the contract and "made +1" /
"set 2" say them). What still does not fit is cut by the table itself with a "…" (the sides' names, the result,
the honours): every side's score stays whole, and so does the contract (its declarer's name already cut short).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

#: the table puts a column's padding (one each side) around every column
PADDING = 2
#: the game's own columns, in order, and the ones that fold first (in that order) when room runs out
GAME_COLUMNS = ("game", "contract", "tricks", "result", "honours")
FOLDS = ("game", "tricks")


@dataclass(frozen=True)
class Plan:
    columns: tuple[str, ...]  # the game's columns shown


def plan(
    room: int, number_width: int, widths: Mapping[str, int], sides: Sequence[str], score_width: int
) -> Plan:
    """The fullest set of columns that fits `room` cells; `widths` are the game columns' natural widths (the
    wider of heading and cells), `score_width` the widest "+120  340" a side's column shows (its heading, the
    side's name, is cut to that before a column folds)."""
    columns = list(GAME_COLUMNS)
    side_natural = [score_width for _ in sides]  # a side's name over its scores is cut before a column folds

    def used(shown: Sequence[str]) -> int:
        game = sum(widths.get(c, 0) + PADDING for c in shown)
        return number_width + PADDING + game + sum(w + PADDING for w in side_natural)

    for fold in FOLDS:
        if used(columns) <= room:
            break
        columns.remove(fold)
    return Plan(tuple(columns))
