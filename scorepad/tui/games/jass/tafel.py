"""The Jass-Tafel: the chalk board, one half per team, drawn from the rules' `tafel(points)` breakdown.

Each half has three rows: 100s on the top row (a V for every 500), the 50 as a slanted stroke in
the middle, 20s on the bottom row, and the rest below 20 as a number on the right. With the big Z
(the default; a key of the screen toggles it) the top and bottom rows are the Z's bars with the
strokes across them and the 50 crosses its diagonal; without it the rows are labelled 100 / 50 / 20.
Only characters that every terminal font has (ASCII and box drawing) are used.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from scorepad.locale import _, pgettext
from scorepad.rules.jass import Tafel, tafel
from scorepad.rules.jass.view import points_to_go
from scorepad.tui.widgets.title import LEAST_NAME, cut_name

STROKE = "|"  # a stroke on the plain board
BAR = "─"  # the Z's top and bottom bars
ON_BAR = "┼"  # a stroke across a bar
DIAGONAL = "╱"  # the Z's diagonal
ON_DIAGONAL = "╳"  # a 50 stroke across the diagonal
FIFTY = "/"  # a 50 stroke on the plain board
PAIR = "X"  # two 50 strokes crossed (the rules' breakdown makes them a 100; kept for completeness)
Z_WIDTH = 26  # the Z's bars; longer bars only spread the diagonal thin
GROUP = 5  # strokes are grouped by five: four, then the fifth across them


def stroke_run(count: int, stroke: str) -> str:
    """`count` strokes, grouped by five: a full group is four strokes crossed by a fifth ('||||/')."""
    full, left = divmod(count, GROUP)
    groups = [stroke * (GROUP - 1) + "/"] * full
    if left:
        groups.append(stroke * left)
    return " ".join(groups)


def fifty_run(count: int, single: str) -> str:
    """50 strokes: slanted, crossing in pairs (X)."""
    pairs, odd = divmod(count, 2)
    return " ".join([PAIR] * pairs + ([single] if odd else []))


def top_marks(board: Tafel, stroke: str, room: int | None = None) -> str:
    """The top row: a V per 500, then the 100 strokes. Where the Vs would not fit in `room` characters (a game
    played to a very high target) they are counted instead ("Vx12"): the row stays as wide as the board, however
    far the game has gone."""
    hundreds = stroke_run(board.hundreds, stroke) if board.hundreds else ""
    parts = [hundreds] if hundreds else []
    if board.fives:
        drawn = 2 * board.fives - 1  # "V V V"
        fits = room is None or drawn + (len(hundreds) + 2 if hundreds else 0) <= room
        parts.insert(0, " ".join("V" * board.fives) if fits else f"Vx{board.fives}")
    return "  ".join(parts)


def rest_text(board: Tafel) -> str:
    return f"-{board.rest}" if board.negative else str(board.rest)


def tafel_lines(points: int, width: int = 30, z: bool = True) -> list[str]:
    """One team's half of the board as lines of text (without the title line).

    Plain (z=False): three labelled rows, e.g. 771 -> ['100 V  ||', ' 50 /', ' 20 |  … 1'].
    With the Z: five rows — the top bar, three rows of the diagonal, the bottom bar.
    """
    board = tafel(points)
    rest = rest_text(board)
    if not z:
        top = top_marks(board, STROKE, width - 4)
        middle = fifty_run(board.fifties, FIFTY)
        bottom = stroke_run(board.twenties, STROKE)
        inner = max(width - 4, len(top), len(bottom) + len(rest) + 1)
        return [
            f"100 {top}".rstrip(),
            f" 50 {middle}".rstrip(),
            f" 20 {bottom}".ljust(4 + inner - len(rest)) + rest,
        ]
    rest_width = max(3, len(rest))
    bar = min(max(width - rest_width - 1, 12), Z_WIDTH)
    top = top_marks(board, ON_BAR, max(bar, width - rest_width - 1) - 4)  # what the half shows uncut
    bottom = stroke_run(board.twenties, ON_BAR)
    bar = max(bar, len(top) + 4, len(bottom) + 4)
    lines = [(BAR * 2 + top).ljust(bar, BAR).replace(" ", BAR)]
    middle_rows = 3
    for row in range(middle_rows):
        column = round((bar - 1) * (middle_rows - row) / (middle_rows + 1))
        cells = [" "] * bar
        cells[column] = DIAGONAL
        if row == middle_rows // 2 and board.fifties:
            strokes = fifty_run(board.fifties, ON_DIAGONAL)
            start = max(0, column - len(strokes) // 2)
            cells[start : start + len(strokes)] = list(strokes)
        lines.append("".join(cells).rstrip())
    lines.append((BAR * 2 + bottom).ljust(bar, BAR).replace(" ", BAR) + " " + rest.rjust(rest_width))
    return lines


@dataclass(frozen=True)
class TafelHalf:
    """What one half shows: the team, its total, and its flags."""

    side: str
    name: str
    total: int
    to_go: int
    winner: bool = False
    bergpreis: bool = False


class JassTafel(Widget):
    """Both teams' halves side by side; `show()` after every change, `z` toggles the big Z."""

    DEFAULT_CSS = """
    JassTafel { height: auto; border: round $primary; padding: 0 1; }
    """

    z: reactive[bool] = reactive(True, layout=True)

    def __init__(self, *, id: str | None = "tafel"):
        super().__init__(id=id)
        self.halves: tuple[TafelHalf, ...] = ()
        self.border_title = _("Jass-Tafel")
        self.border_subtitle = _("F5 penalty · F6 bedanken · F7 the Z")

    def show(
        self,
        totals: Mapping[str, int],
        names: Mapping[str, str],
        target: int,
        winner: str | None = None,
        bergpreis: str | None = None,
    ) -> None:
        to_go = points_to_go(totals, target)
        halves = tuple(
            TafelHalf(side, names.get(side, side), total, to_go[side], side == winner, side == bergpreis)
            for side, total in totals.items()
        )
        if halves == self.halves:  # a trump named, a Weis said: the board as it was, no repaint nor layout
            return
        self.halves = halves
        self.refresh(layout=True)

    def half_lines(self, half: TafelHalf, width: int) -> list[Text]:
        """The half's title (the team, its total and what it needs; the name cut with a "…" first, the total
        never), then the board."""
        total = Text.assemble("  ", (str(half.total), "bold"))
        extras: list[Text] = []
        if half.winner:
            extras.append(Text("  " + pgettext("Jass-Tafel", "wins"), style="bold green"))
        elif half.to_go:
            extras.append(Text("  " + _("{points} to go").format(points=half.to_go), style="dim"))
        if half.bergpreis:
            extras.append(Text("  ★ " + _("Bergpreis"), style="yellow"))
        while extras and cell_len(half.name[:LEAST_NAME]) + sum(t.cell_len for t in [total, *extras]) > width:
            extras.pop()  # the Bergpreis, then what it needs, before the name is cut short
        room = width - sum(t.cell_len for t in [total, *extras])
        title = Text().append(cut_name(half.name, max(room, LEAST_NAME)), style="bold")
        for part in [total, *extras]:
            title.append_text(part)
        body = [Text(line) for line in tafel_lines(half.total, width, self.z)]
        return [title, *body]

    def render(self) -> RenderableType:
        if not self.halves:
            return Text("")
        gap = 4
        width = max(20, (self.content_size.width - gap * (len(self.halves) - 1)) // max(1, len(self.halves)))
        columns = [self.half_lines(half, width) for half in self.halves]
        height = max(len(c) for c in columns)
        out = Text()
        for row in range(height):
            if row:
                out.append("\n")
            for i, column in enumerate(columns):
                cell = column[row] if row < len(column) else Text("")
                cell = cell.copy()
                cell.truncate(width, pad=i < len(columns) - 1)
                if i:
                    out.append(" " * gap)
                out.append_text(cell)
        return out
