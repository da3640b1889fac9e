"""How the bridge deal list fits its width: which columns fold away, where side names wrap.

At 160 columns every column shows; narrower, the columns a scorer can do without fold first — the game number
(each won game is said in the result and ruled on the pad above) and the tricks (the contract and "made +1" /
"set 2" say them) — then the sides' names wrap onto two or three heading lines, then the contract and the honours
wrap within their rows. A side's score and every word stay whole: nothing is cut with an ellipsis.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

#: DataTable puts a column's padding (one each side) around every column
PADDING = 2
#: the game's own columns, in order, and the ones that fold first (in that order) when room runs out
GAME_COLUMNS = ("game", "contract", "tricks", "result", "honours")
FOLDS = ("game", "tricks")
#: the least a wrapped column keeps: a contract ("7NTxx") or an honours code with its side ("n4h5")
MIN_WRAPPED = 6
MAX_HEADING_LINES = 3
#: a word in a side's name longer than this is broken over lines
MAX_WORD = 16


@dataclass(frozen=True)
class Plan:
    columns: tuple[str, ...]  # the game's columns shown
    widths: Mapping[str, int] = field(default_factory=dict)  # fixed widths of wrapped game columns
    headings: tuple[str, ...] = ()  # each side's heading, wrapped to its column ("\n" between lines)
    side_widths: tuple[int, ...] = ()  # 0: as wide as its heading or scores need

    @property
    def heading_lines(self) -> int:
        return max((heading.count("\n") + 1 for heading in self.headings), default=1)


def wrap_heading(label: str, width: int) -> str:
    """A side's name on lines of at most `width` (at its spaces; a word longer than that is broken)."""
    lines = textwrap.wrap(label, max(width, 1), break_long_words=True, break_on_hyphens=False)
    return "\n".join(lines) or label


def plan(
    room: int, number_width: int, widths: Mapping[str, int], sides: Sequence[str], score_width: int
) -> Plan:
    """The fullest layout whose columns fit `room` cells; `widths` are the game columns' natural widths (the
    wider of heading and cells), `score_width` the widest "+120  340" a side's column shows."""
    columns = list(GAME_COLUMNS)
    side_natural = [max(len(label), score_width) for label in sides]

    def used(shown: Sequence[str], side_widths: Sequence[int], fixed: Mapping[str, int] | None = None) -> int:
        fixed = fixed or {}
        game = sum(fixed.get(c, widths.get(c, 0)) + PADDING for c in shown)
        return number_width + PADDING + game + sum(w + PADDING for w in side_widths)

    if used(columns, side_natural) <= room:
        return Plan(tuple(columns), headings=tuple(sides))
    for fold in FOLDS:
        columns.remove(fold)
        if used(columns, side_natural) <= room:
            return Plan(tuple(columns), headings=tuple(sides))
    # the sides' names on two or three lines: each column as wide as its longest line must be
    game_room = used(columns, [])
    side_room = max((room - game_room) // max(len(sides), 1) - PADDING, score_width)
    headings, side_widths = [], []
    for label in sides:
        # at its spaces: a word is broken only when it is longer than a column can ever be
        longest_word = max((len(word) for word in label.split()), default=0)
        width = max(score_width, min(len(label), max(side_room, min(longest_word, MAX_WORD))))
        heading = wrap_heading(label, width)
        while heading.count("\n") + 1 > MAX_HEADING_LINES and width < len(label):
            width += 1
            heading = wrap_heading(label, width)
        headings.append(heading)
        side_widths.append(max(max(len(line) for line in heading.split("\n")), score_width))
    if used(columns, side_widths) <= room:
        return Plan(tuple(columns), headings=tuple(headings), side_widths=tuple(side_widths))
    # last: the contract (the declarer's name) and the honours wrap within their rows
    left = room - used([c for c in columns if c not in ("contract", "honours")], side_widths)
    honours = max(MIN_WRAPPED, min(widths.get("honours", 0), left // 3 - PADDING))
    contract = max(MIN_WRAPPED, min(widths.get("contract", 0), left - honours - 2 * PADDING))
    return Plan(
        tuple(columns), {"contract": contract, "honours": honours}, tuple(headings), tuple(side_widths)
    )
