"""The Auction Bridge score pad: "We" and "They", honours above the line, tricks below, a rule under each game.

`BridgePad` draws the classic pad from the sheet's rows (each column filled on its own, as a scorer writes it:
the first honour entry just above the line, later ones above it; trick entries below the line, game by game,
with a rule under each won game; then the trick and honour scores, the rubber's bonus and the totals).
`BridgeSheet` is the per-deal table under it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rich.text import Text
from textual.widgets import Static

from scorepad.rules.auction_bridge import HONOUR_PARTS, Settings, format_call
from scorepad.rules.auction_bridge.view import BridgeView, DealCells, StopCells, bridge_cells
from scorepad.rules.base import Row, Sheet
from scorepad.rules.names import visible
from scorepad.tui.games.auction_bridge.codes import honours_code, letter_of, side_letters
from scorepad.tui.games.auction_bridge.columns import GAME_COLUMNS, Plan, plan
from scorepad.tui.widgets import quiet
from scorepad.tui.widgets.sheet_table import SheetTable

#: how the pad labels the parts of an honour-score entry
PART_LABELS = {
    "honours": "honours",
    "chicane": "chicane",
    "slam": "slam",
    "undertricks": "under",
    "doubled_bonus": "dbl bonus",
    "revoke": "revoke",
}
DOUBLING_MARKS = {"none": "", "doubled": "x", "redoubled": "xx"}
MIN_COLUMN, MAX_COLUMN = 18, 30
Entry = tuple[str, int]  # (what, points)


def short_contract(cells: DealCells) -> str:
    """'3♥x' — the call with x / xx for doubled / redoubled, as the form takes it."""
    return format_call(cells.call) + DOUBLING_MARKS.get(cells.double, "")


def _honour_label(cells: DealCells, side: str) -> str:
    parts = [PART_LABELS[p] for p in HONOUR_PARTS if cells.parts[p][side]]
    return "+".join(parts) or "honour"


def pad_columns(sheet: Sheet) -> tuple[dict[str, list[Entry]], dict[int, dict[str, list[Entry]]], dict[int, str]]:
    """Above the line (side -> entries), below it (game -> side -> entries) and the games' winners."""
    sides = tuple(sheet.sides)
    above: dict[str, list[Entry]] = {side: [] for side in sides}
    below: dict[int, dict[str, list[Entry]]] = {}
    winners: dict[int, str] = {}
    for row in sheet.rows:
        cells = bridge_cells(row, sides)
        game = cells.game
        for side in sides:
            trick, honour, bonus = cells.trick[side], cells.honour[side], cells.bonus[side]
            if isinstance(cells, DealCells):
                if trick:
                    below.setdefault(game, {s: [] for s in sides})[side].append(
                        (f"{cells.deal:>2} {short_contract(cells)}", trick)
                    )
                if honour:
                    above[side].append((f"{cells.deal:>2} {_honour_label(cells, side)}", honour))
                if bonus:
                    above[side].append(("   rubber", bonus))
            elif bonus:
                above[side].append(("   unfinished", bonus))
        if isinstance(cells, DealCells) and cells.won_game:
            winners[game] = cells.won_game
    return above, below, winners


class PadDrawer:
    """Draws the pad as text lines, two columns of `width` characters with a bar between them."""

    def __init__(self, sheet: Sheet, settings: Settings, width: int):
        self.sheet = sheet
        self.settings = settings
        self.sides = tuple(sheet.sides)
        self.width = max(MIN_COLUMN, min(MAX_COLUMN, (width - 3) // 2))
        self.text = Text(no_wrap=True, overflow="ellipsis")

    # ------------------------------------------------------------------ pieces

    def cell(self, entry: Entry | None, style: str = "") -> Text:
        if entry is None:
            return Text(" " * self.width)
        what, points = entry
        number = f"{points:>5} "
        room = self.width - len(number) - 1
        label = what if len(what) <= room else what[: room - 1] + "…"
        return Text.assemble((f" {label:<{room}}", "dim"), (number, style or "bold"))

    def pair_of(self, cells: Iterable[Text]) -> None:
        left, right = cells
        self.pair(left, right)

    def pair(self, left: Text, right: Text, bar: str = "│") -> None:
        self.text.append_text(left)
        self.text.append(f" {bar} ", style="dim")
        self.text.append_text(right)
        self.text.append("\n")

    def rule(self, char: str, cross: str, style: str, title: str = "") -> None:
        full = self.width * 2 + 3
        if title:
            line = f" {title} ".center(full, char)
        else:
            line = char * (self.width + 1) + cross + char * (self.width + 1)
        self.text.append(line + "\n", style=style)

    def stack(self, columns: Mapping[str, list[Entry]], style: str = "", *, upward: bool = False) -> None:
        left: list[Entry | None] = list(columns[self.sides[0]])
        right: list[Entry | None] = list(columns[self.sides[1]])
        if upward:  # the first entry nearest the line, as a scorer writes the honour score
            height = max(len(left), len(right))
            left = [*[None] * (height - len(left)), *left[::-1]]
            right = [*[None] * (height - len(right)), *right[::-1]]
        for a, b in zip(_padded(left, len(right)), _padded(right, len(left)), strict=True):
            self.pair(self.cell(a, style), self.cell(b, style))

    # ------------------------------------------------------------------ the pad

    def heading(self) -> Text:
        """The side-name row: which column is which side, with the games each has won."""
        sheet, sides = self.sheet, self.sides
        games = sheet.extra.get("games", {})
        heads = []
        for side in sides:
            won = int(games.get(side, 0))
            title = sheet.side_names.get(side, side) + (f"  ({won} game{'s' if won != 1 else ''})" if won else "")
            heads.append(Text(title[: self.width].center(self.width), style="bold"))
        self.pair(heads[0], heads[1])
        text, self.text = self.text, Text(no_wrap=True, overflow="ellipsis")
        text.right_crop(1)  # the line end pair() put
        return text

    def draw(self, *, heading: bool = True) -> Text:
        """The pad; without its heading when that is shown apart (kept in view above a pad that scrolls)."""
        sheet, sides = self.sheet, self.sides
        settings = self.settings
        above, below, winners = pad_columns(sheet)

        if heading:
            head = self.heading()  # drawn on a Text of its own
            self.text.append_text(head)
            self.text.append("\n")
        self.rule("─", "┼", "dim")
        self.stack(above, upward=True)
        self.rule("━", "╋", "bold")  # the line
        view = sheet.view
        current = view.game if isinstance(view, BridgeView) else 1
        for game in sorted(set(below) | set(winners)):
            self.stack(below.get(game, {s: [] for s in sides}))
            if game in winners:
                self.rule("─", "┴", "", f"game {game}: {sheet.side_names.get(winners[game], winners[game])}")
        if not sheet.finished and current not in below and current not in winners:
            self.pair(self.cell(None), self.cell(None))
        self.rule("═", "╪", "dim")
        self.totals()
        self.text.append(self.status(settings), style="italic")
        return self.text

    def totals(self) -> None:
        sheet, sides = self.sheet, self.sides
        extra = sheet.extra
        scores = {"trick score": extra.get("trick_score", {}), "honour score": extra.get("honour_score", {})}
        for label, score in scores.items():
            self.pair_of(self.cell((label, int(score.get(s, 0))), "default") for s in sides)
        bonus = {s: sheet.totals[s] - sum(int(score.get(s, 0)) for score in scores.values()) for s in sides}
        if any(bonus.values()):
            label = "games (Law 11)" if _stopped(sheet) else "rubber"
            self.pair_of(self.cell((label, bonus[s]) if bonus[s] else None, "default") for s in sides)
        self.pair_of(self.cell(("total", int(sheet.totals[s])), "bold reverse") for s in sides)

    def status(self, settings: Settings) -> str:
        sheet, sides = self.sheet, self.sides
        rubber = sheet.extra.get("rubber")
        if rubber:
            if rubber.get("winner") is None:
                return "The rubber is drawn."
            size = rubber["size"]
            return f"{sheet.side_names.get(rubber['winner'], rubber['winner'])} win the rubber — its size is {size}."
        view = sheet.view
        if not isinstance(view, BridgeView):
            return ""
        need = ", ".join(f"{sheet.side_names.get(s, s)} {view.to_game[s]}" for s in sides)
        return f"Game {view.game} — to make game: {need}."


def short_honours(cells: DealCells, sheet: Sheet) -> str:
    """The row's honours as the form takes them ("a4h"), then chicane and revoke in brief."""
    letters = side_letters(sheet.side_names, sheet.sides, sheet.names)
    bits = []
    if cells.honours_side:
        bits.append(honours_code(cells.honours_side, cells.holding or "", letters))
    if cells.chicane_side:
        bits.append(f"{'dbl chic' if cells.double_chicane else 'chic'} {letter_of(cells.chicane_side, letters)}")
    if cells.revoke_side:
        bits.append(f"revoke {letter_of(cells.revoke_side, letters)}")
    return ", ".join(bits)


def _stopped(sheet: Sheet) -> bool:
    sides = tuple(sheet.sides)
    return any(isinstance(bridge_cells(row, sides), StopCells) for row in sheet.rows)


def _padded(items: list[Any], length: int) -> list[Any]:
    return items + [None] * (length - len(items))


class BridgePadHeading(Static):
    """The pad's side-name row, drawn by the pad: on the game screen it stays in view above the pad, which
    scrolls to its foot (the latest deals and the totals) when the rubber is longer than its room."""

    DEFAULT_CSS = "BridgePadHeading { height: auto; padding: 0 1; }"


class BridgePad(Static):
    """The pad, redrawn whenever the sheet changes or the pane is resized. Given a `heading`, the side-name row
    is drawn there instead of at the pad's top."""

    DEFAULT_CSS = "BridgePad { height: auto; padding: 0 1; }"

    def __init__(self, *, id: str | None = "bridge-pad", heading: BridgePadHeading | None = None):
        super().__init__("", id=id)
        self.sheet: Sheet | None = None
        self.settings: Settings | None = None
        self.heading_row = heading

    def show(self, sheet: Sheet, settings: Settings) -> None:
        self.sheet, self.settings = sheet, settings
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _expected_width(self) -> int:
        """Before the first layout: the width the game screen will give (so the first frame is the right one)."""
        board_width = getattr(self.screen, "board_width", None)
        width = board_width() if callable(board_width) else self.screen.size.width or self.app.size.width
        return max(width - self.styles.gutter.width, 1) if width else 60

    def _draw(self) -> None:
        if self.sheet is None or self.settings is None:
            return
        width = self.content_size.width or self._expected_width()
        drawer = PadDrawer(self.sheet, self.settings, width)
        # a call of the auction logged leaves the pad as it was: repainted and laid out only when it changes
        if self.heading_row is None:
            quiet.update(self, drawer.draw())
            return
        quiet.update(self.heading_row, drawer.heading())  # as wide as the pad's columns below it
        quiet.update(self, drawer.draw(heading=False))


class BridgeSheet(SheetTable):
    """One row per scored deal: the game, the contract, the tricks, made or set, honours — the columns folded,
    the sides' names wrapped to the width (see `columns.plan`)."""

    def __init__(self, *, id: str | None = "sheet"):
        super().__init__(id=id)
        self.plan = Plan(GAME_COLUMNS)
        self._sheet: Sheet | None = None
        self._planned: tuple = ()

    def show(self, sheet: Sheet) -> None:
        self._sheet = sheet
        self._plan(sheet)
        super().show(sheet)

    def on_resize(self) -> None:
        if self._sheet is not None:
            self.show(self._sheet)
            if self.row_count and self.cursor_row == self.row_count - 1:
                self.move_cursor(row=self.cursor_row)  # made shorter: the latest deal stays in view

    def _plan(self, sheet: Sheet) -> None:
        width = self.size.width
        if width <= 0:  # not laid out yet: planned for the width the screen will give it (checked at each resize)
            board_width = getattr(self.screen, "board_width", None)
            width = board_width() if callable(board_width) else self.app.size.width
        room = width - self.styles.scrollbar_size_vertical  # a scroll bar comes with a long rubber
        planned = (room, sheet.rows, tuple(sheet.side_names.items()), tuple(sheet.names.items()))
        if planned == self._planned:
            return
        self._planned = planned
        widths = {label: len(label) for label in GAME_COLUMNS}
        score_width = 1
        for row in sheet.rows:
            for label, cell in zip(GAME_COLUMNS, self.full_cells(row, sheet), strict=True):
                widths[label] = max(widths[label], len(str(cell)))
            for side in sheet.sides:
                score_width = max(score_width, len(self.side_cell(row, side).plain))
        labels = [visible(sheet.side_names.get(side, side)) for side in sheet.sides]
        self.plan = plan(room, len(str(len(sheet.rows))), widths, labels, score_width)
        self.header_height = self.plan.heading_lines

    def layout_key(self, sheet: Sheet) -> tuple:
        return (*super().layout_key(sheet), self.plan)

    def game_columns(self, sheet: Sheet) -> list[str]:
        return list(self.plan.columns)

    def side_columns(self, sheet: Sheet, side: str) -> list[tuple[str, str]]:
        index = list(sheet.sides).index(side)
        heading = self.plan.headings[index] if index < len(self.plan.headings) else sheet.side_names.get(side, side)
        return [(heading, f"side-{side}")]

    def side_heading(self, label: str) -> Text:
        return Text(visible(label, keep_lines=True))  # made visible before it was wrapped: the breaks are ours

    def column_width(self, key: str) -> int | None:
        return self.plan.widths.get(key.removeprefix("col-"))

    def row_height(self, cells: list[str | Text]) -> int | None:
        wrapped = [(self.plan.widths[label], cell) for label, cell in zip(self.plan.columns, cells[1:], strict=False)
                   if label in self.plan.widths]
        return None if any(len(str(cell)) > width for width, cell in wrapped) else 1

    def row_lines(self, row: Row, sheet: Sheet) -> int:
        if not self.plan.widths:  # no column wraps: every row is one line, its words not needed for it
            return 1
        # the deal's number and the sides' scores are one line each: the game cells alone decide
        return self.cells_lines(["", *self.game_cells(row, sheet)])

    def game_cells(self, row: Row, sheet: Sheet) -> list[str | Text]:
        shown = dict(zip(GAME_COLUMNS, self.full_cells(row, sheet), strict=True))
        return [shown[label] for label in self.plan.columns]

    def full_cells(self, row: Row, sheet: Sheet) -> list[str | Text]:
        cells = bridge_cells(row, tuple(sheet.sides))
        if isinstance(cells, StopCells):
            return [str(cells.game), "stopped", "", "unfinished (Law 11)", cells.reason]
        declarer = sheet.names.get(cells.declarer, cells.declarer)
        over = cells.over_under
        if cells.made:
            result = "made" + (f" +{over}" if over else "")
        else:
            result = f"set {-over}"
        if cells.won_game:
            result += ", game"
        honours = short_honours(cells, sheet)
        return [str(cells.game), f"{declarer} {short_contract(cells)}", str(cells.tricks), result, honours]
