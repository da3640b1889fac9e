"""The Auction Bridge score pad: "We" and "They", honours above the line, tricks below, a rule under each game.

`BridgePad` draws the classic pad from the sheet's rows (each column filled on its own, as a scorer writes it:
the first honour entry just above the line, later ones above it; trick entries below the line, game by game,
with a rule under each won game; then the trick and honour scores, the rubber's bonus and the totals).
`BridgeSheet` is the per-deal table under it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.content import Content
from textual.css.styles import RulesMap
from textual.geometry import Size
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widgets import Static

from scorepad.locale import N_, _, ngettext, pgettext
from scorepad.rules.auction_bridge import HONOUR_PARTS, Settings, format_call
from scorepad.rules.auction_bridge.view import (
    BridgeCells,
    BridgeView,
    DealCells,
    StopCells,
    bridge_cells,
    rubber_score,
)
from scorepad.rules.base import Row, Sheet
from scorepad.rules.names import visible
from scorepad.tui.games.auction_bridge.codes import honours_code, letter_of, side_letters
from scorepad.tui.games.auction_bridge.columns import GAME_COLUMNS, Plan, plan
from scorepad.tui.widgets import quiet
from scorepad.tui.widgets.needs import needs_line
from scorepad.tui.widgets.sheet_table import SheetTable, cell_names, same_prefix, score_words

#: how the pad labels the parts of an honour-score entry
PART_LABELS = {
    "honours": N_("honours"),
    "chicane": N_("chicane"),
    "slam": N_("slam"),
    # Translators: undertricks, in a cell of the bridge pad ("3 under 100")
    "undertricks": N_("under"),
    "doubled_bonus": N_("dbl bonus"),
    "revoke": N_("revoke"),
}
DOUBLING_MARKS = {"none": "", "doubled": "x", "redoubled": "xx"}
MIN_COLUMN, MAX_COLUMN = 18, 30
Entry = tuple[str, int]  # (what, points)


def short_contract(cells: DealCells) -> str:
    """'3♥x' — the call with x / xx for doubled / redoubled, as the form takes it."""
    return format_call(cells.call) + DOUBLING_MARKS.get(cells.double, "")


def _honour_label(cells: DealCells, side: str) -> str:
    parts = [_(PART_LABELS[p]) for p in HONOUR_PARTS if cells.parts[p][side]]
    return "+".join(parts) or pgettext("bridge pad", "honour")


#: the typed columns of each row of the sheet shown last (its rows, then theirs): the deal list plans its
#: columns over every row and the pad is drawn from every row, each time the sheet changes or the screen is
#: resized; a row's are worked out once, and for a deal logged only the new row's
_SHOWN: tuple[tuple[Row, ...], list[BridgeCells]] = ((), [])


def rows_cells(sheet: Sheet) -> list[BridgeCells]:
    """`bridge_cells` of every row of `sheet`, in order."""
    global _SHOWN
    rows, cells = _SHOWN
    if sheet.rows is not rows:
        kept = same_prefix(rows, sheet.rows)  # the very same rows: the same game, the same cells
        sides = tuple(sheet.sides)
        cells = cells[:kept] + [bridge_cells(row, sides) for row in sheet.rows[kept:]]
        _SHOWN = (sheet.rows, cells)
    return cells


def pad_columns(
    sheet: Sheet,
) -> tuple[dict[str, list[Entry]], dict[int, dict[str, list[Entry]]], dict[int, str]]:
    """Above the line (side -> entries), below it (game -> side -> entries) and the games' winners."""
    sides = tuple(sheet.sides)
    above: dict[str, list[Entry]] = {side: [] for side in sides}
    below: dict[int, dict[str, list[Entry]]] = {}
    winners: dict[int, str] = {}
    for cells in rows_cells(sheet):
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
                    above[side].append(("   " + pgettext("bridge pad", "rubber"), bonus))
            elif bonus:
                above[side].append(("   " + pgettext("bridge pad", "unfinished"), bonus))
        if isinstance(cells, DealCells) and cells.won_game:
            winners[game] = cells.won_game
    return above, below, winners


def _cell_words(width: int, entry: Entry) -> tuple[str, str]:
    """An entry's label (cut with "…" to its room) and its points, as a cell `width` wide shows them."""
    what, points = entry
    number = f"{points:>5} "
    room = width - len(number) - 1
    label = what if len(what) <= room else what[: room - 1] + "…"
    return f" {label:<{room}}", number


def pad_cell(width: int, entry: Entry | None, style: str = "") -> Text:
    if entry is None:
        return Text(" " * width)
    label, number = _cell_words(width, entry)
    return Text.assemble((label, "dim"), (number, style or "bold"))


def pair_text(left: Text, right: Text, bar: str = "│") -> Text:
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append_text(left)
    line.append(f" {bar} ", style="dim")
    line.append_text(right)
    return line


class PadLine:
    """A line of the pad's two columns of entries, a cell of each with the bar between: made a Text only when
    drawn (a long rubber's pad has a line for about every deal, and its box shows the latest)."""

    __slots__ = ("width", "left", "right", "style")

    def __init__(self, width: int, left: Entry | None, right: Entry | None, style: str):
        self.width, self.left, self.right, self.style = width, left, right, style

    def key(self) -> tuple[int, Entry | None, Entry | None, str]:
        return self.width, self.left, self.right, self.style

    @property
    def plain(self) -> str:
        return f"{self._words(self.left)} │ {self._words(self.right)}"

    def _words(self, entry: Entry | None) -> str:
        return " " * self.width if entry is None else "".join(_cell_words(self.width, entry))

    def text(self) -> Text:
        return pair_text(
            pad_cell(self.width, self.left, self.style), pad_cell(self.width, self.right, self.style)
        )


Line = Text | PadLine


def line_text(line: Line) -> Text:
    return line.text() if isinstance(line, PadLine) else line


def same_line(a: Line, b: Line) -> bool:
    if isinstance(a, PadLine) and isinstance(b, PadLine):
        return a.key() == b.key()
    return isinstance(a, Text) and isinstance(b, Text) and quiet.same_text(a, b)


class PadDrawer:
    """Draws the pad as text lines, two columns of `width` characters with a bar between them."""

    def __init__(self, sheet: Sheet, settings: Settings, width: int, needs: bool = False):
        self.sheet = sheet
        self.needs = needs  # the last line says what each side needs (the rules' words), not the trick points
        self.settings = settings
        self.sides = tuple(sheet.sides)
        self.width = max(MIN_COLUMN, min(MAX_COLUMN, (width - 3) // 2))
        # the pad's whole width for its status line, less a scroll bar's (a long rubber's box has one)
        self.room = max(width - 2, self.width * 2 + 3)
        self.lines: list[Line] = []  # the pad's lines, each of its own (made a Text only when in view)

    # ------------------------------------------------------------------ pieces

    def cell(self, entry: Entry | None, style: str = "") -> Text:
        return pad_cell(self.width, entry, style)

    def pair_of(self, cells: Iterable[Text]) -> None:
        left, right = cells
        self.pair(left, right)

    def pair(self, left: Text, right: Text, bar: str = "│") -> None:
        self.lines.append(pair_text(left, right, bar))

    def rule(self, char: str, cross: str, style: str, title: str = "") -> None:
        full = self.width * 2 + 3
        if title:
            line = f" {title} ".center(full, char)
        else:
            line = char * (self.width + 1) + cross + char * (self.width + 1)
        self.lines.append(Text(no_wrap=True, overflow="ellipsis").append(line, style=style))

    def stack(self, columns: Mapping[str, list[Entry]], style: str = "", *, upward: bool = False) -> None:
        left: list[Entry | None] = list(columns[self.sides[0]])
        right: list[Entry | None] = list(columns[self.sides[1]])
        if upward:  # the first entry nearest the line, as a scorer writes the honour score
            height = max(len(left), len(right))
            left = [*[None] * (height - len(left)), *left[::-1]]
            right = [*[None] * (height - len(right)), *right[::-1]]
        for a, b in zip(_padded(left, len(right)), _padded(right, len(left)), strict=True):
            self.lines.append(PadLine(self.width, a, b, style))  # a deal's line: a Text once drawn

    # ------------------------------------------------------------------ the pad

    def heading(self) -> Text:
        """The side-name row: which column is which side, with the games each has won."""
        sheet, sides = self.sheet, self.sides
        view = sheet.view
        games = view.games if isinstance(view, BridgeView) else {}
        heads = []
        for side in sides:
            won = games.get(side, 0)
            title = sheet.side_names.get(side, side) + (
                "  " + ngettext("({count} game)", "({count} games)", won).format(count=won) if won else ""
            )
            heads.append(Text(title[: self.width].center(self.width), style="bold"))
        self.pair(heads[0], heads[1])
        return line_text(self.lines.pop())

    def draw(self, *, heading: bool = True) -> Text:
        """The pad; without its heading when that is shown apart (kept in view above a pad that scrolls)."""
        return join_lines(self.draw_lines(heading=heading))

    def draw_lines(self, *, heading: bool = True) -> list[Line]:
        """The pad's lines (see `draw`)."""
        sheet, sides = self.sheet, self.sides
        settings = self.settings
        above, below, winners = pad_columns(sheet)

        if heading:
            self.lines.append(self.heading())
        self.rule("─", "┼", "dim")
        self.stack(above, upward=True)
        self.rule("━", "╋", "bold")  # the line
        view = sheet.view
        current = view.game if isinstance(view, BridgeView) else 1
        for game in sorted(set(below) | set(winners)):
            self.stack(below.get(game, {s: [] for s in sides}))
            if game in winners:
                self.rule(
                    "─",
                    "┴",
                    "",
                    _("game {number}: {side}").format(
                        number=game, side=sheet.side_names.get(winners[game], winners[game])
                    ),
                )
        if not sheet.finished and current not in below and current not in winners:
            self.pair(self.cell(None), self.cell(None))
        self.rule("═", "╪", "dim")
        self.totals()
        self.lines.append(
            Text(no_wrap=True, overflow="ellipsis").append(self.status(settings), style="italic")
        )
        return self.lines

    def totals(self) -> None:
        sides = self.sides
        score = rubber_score(self.sheet)
        for label, points in (
            (pgettext("bridge pad", "trick score"), score.trick),
            (pgettext("bridge pad", "honour score"), score.honour),
        ):
            self.pair_of(self.cell((label, points.get(s, 0)), "default") for s in sides)
        if any(score.bonus.values()):
            label = (
                pgettext("bridge pad", "games (Law 11)")
                if score.stopped
                else pgettext("bridge pad", "rubber")
            )
            self.pair_of(
                self.cell((label, score.bonus[s]) if score.bonus[s] else None, "default") for s in sides
            )
        total = pgettext("bridge pad", "total")
        style = "bold reverse"  # not words: a style
        self.pair_of(self.cell((total, score.total.get(s, 0)), style) for s in sides)

    def status(self, settings: Settings) -> str:
        sheet = self.sheet
        score = rubber_score(sheet)
        if score.over:
            if score.winner is None:
                return _("The rubber is drawn.")
            return _("{side} win the rubber — its size is {size}.").format(
                side=sheet.side_names.get(score.winner, score.winner), size=score.size
            )
        view = sheet.view
        if not isinstance(view, BridgeView):
            return ""
        if self.needs:  # what each side needs for game (the rules' points), and whose game ends the rubber
            return needs_line(
                view.needs,
                view.outlook,
                self.room,
                _("Game {number} — for game: ").format(number=view.game),
                words=False,
            )
        need = ", ".join(f"{sheet.side_names.get(s, s)} {view.to_game[s]}" for s in self.sides)
        return _("Game {number} — to make game: {need}.").format(number=view.game, need=need)


def join_lines(lines: list[Line]) -> Text:
    """The lines as one Text, a line end between each two."""
    return Text("\n", no_wrap=True, overflow="ellipsis").join(map(line_text, lines))


#: the sides' letters last worked out, with the names they were worked out from: the same for every row of a
#: sheet (a long rubber's deal list plans its columns over every deal's honours when it opens)
_LETTERS: tuple[dict[str, str], dict[str, Any], dict[str, str], dict[str, str]] | None = None


def _side_letters(sheet: Sheet) -> dict[str, str]:
    """`side_letters` of the sheet's names (not to be changed: the next row of the same names reads them too)."""
    global _LETTERS
    known = _LETTERS
    if (
        known is not None
        and known[0] == sheet.side_names
        and known[1] == sheet.sides
        and known[2] == sheet.names
    ):
        return known[3]
    letters = side_letters(sheet.side_names, sheet.sides, sheet.names)
    _LETTERS = (dict(sheet.side_names), dict(sheet.sides), dict(sheet.names), letters)
    return letters


def short_honours(cells: DealCells, sheet: Sheet) -> str:
    """The row's honours as the form takes them ("a4h"), then chicane and revoke in brief."""
    letters = _side_letters(sheet)
    bits = []
    if cells.honours_side:
        bits.append(honours_code(cells.honours_side, cells.holding or "", letters))
    if cells.chicane_side:
        bits.append(
            (pgettext("bridge row", "dbl chic") if cells.double_chicane else pgettext("bridge row", "chic"))
            + f" {letter_of(cells.chicane_side, letters)}"
        )
    if cells.revoke_side:
        revokers = (cells.revoke_side, *cells.more_revokes)
        bits.append(
            pgettext("bridge row", "revoke") + " " + " ".join(letter_of(side, letters) for side in revokers)
        )
    return ", ".join(bits)


def _padded(items: list[Any], length: int) -> list[Any]:
    return items + [None] * (length - len(items))


class BridgePadHeading(Static):
    """The pad's side-name row, drawn by the pad: on the game screen it stays in view above the pad, which
    scrolls to its foot (the latest deals and the totals) when the rubber is longer than its room."""

    DEFAULT_CSS = "BridgePadHeading { height: auto; padding: 0 1; }"


class BridgePad(Static):
    """The pad, redrawn whenever the sheet changes or the pane is resized. Given a `heading`, the side-name row
    is drawn there instead of at the pad's top.

    A long rubber's pad has a line for every deal, and its box shows the foot: the pad is drawn line by line,
    only the lines in view (Static would wrap and draw every line of it before the first paint)."""

    DEFAULT_CSS = "BridgePad { height: auto; padding: 0 1; }"

    def __init__(
        self, *, id: str | None = "bridge-pad", heading: BridgePadHeading | None = None, needs: bool = False
    ):
        super().__init__("", id=id)
        self.needs = (
            needs  # its last line: what each side needs, and whose game ends the rubber (a game screen)
        )
        self.sheet: Sheet | None = None
        self.settings: Settings | None = None
        self.heading_row = heading
        self._lines: list[Line] = []
        self._widest = 0  # the widest line's cells
        self._contents: dict[int, Content] = {}  # a line in view, as Textual draws it
        self._drawn: tuple[Sheet | None, Settings | None, int] = (
            None,
            None,
            0,
        )  # what the lines were drawn of
        # a deal's line -> its cells: the same lines come at every draw
        self._line_widths: dict[tuple[object, ...], int] = {}

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
        drawn_sheet, drawn_settings, drawn_width = self._drawn
        if drawn_sheet is self.sheet and drawn_settings is self.settings and drawn_width == width:
            return  # made taller or shorter at the same width (the deal just drawn): its lines are as they were
        self._drawn = (self.sheet, self.settings, width)
        drawer = PadDrawer(self.sheet, self.settings, width, self.needs)
        if self.heading_row is not None:
            quiet.update(self.heading_row, drawer.heading())  # as wide as the pad's columns below it
        lines = drawer.draw_lines(heading=self.heading_row is None)
        # a call of the auction logged leaves the pad as it was: repainted and laid out only when it changes
        if len(lines) == len(self._lines) and all(map(same_line, lines, self._lines)):
            return
        self._lines, self._contents = lines, {}
        if len(self._line_widths) > 4 * len(lines):  # lines of other widths or of a game since corrected
            self._line_widths = {}
        self._widest = max(map(self._line_width, lines), default=0)
        self.update(PadLines(lines))

    def _line_width(self, line: Line) -> int:
        if not isinstance(line, PadLine):
            return cell_len(line.plain)
        key = line.key()
        width = self._line_widths.get(key)
        if width is None:
            width = self._line_widths[key] = cell_len(line.plain)
        return width

    def _line_by_line(self, width: int) -> bool:
        """Whether the pad may be drawn line by line: every line fits (none wraps), drawn as Static draws it."""
        return (
            isinstance(self.content, PadLines)
            and self._widest <= width
            and self.text_selection is None
            and self.styles.content_align == ("left", "top")
        )

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if width and self._line_by_line(width):
            return len(self._lines)
        return super().get_content_height(container, viewport, width)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if not self._line_by_line(width) or not 0 <= y < len(self._lines):
            return super().render_line(y)
        if (content := self._contents.get(y)) is None:
            content = self._contents[y] = Content.from_rich_text(
                line_text(self._lines[y]), console=self.app.console
            )
        strips = Visual.to_strips(self, content, width, 1, self.visual_style)
        # each cell's place for a mouse selection: on the pad's line y, as drawn whole (not on line 0 of its own)
        return strips[0].apply_offsets(0, y) if strips else Strip.blank(width, self.visual_style.rich_style)


class PadLines(Visual):
    """The pad's lines, made one Content only when asked for whole (Static's own drawing, a line too wide for
    the pad, a test reading the pad)."""

    def __init__(self, lines: list[Line]):
        self.lines = lines
        self._content: Content | None = None

    def content(self) -> Content:
        if self._content is None:
            self._content = Content.from_rich_text(join_lines(self.lines))
        return self._content

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        return self.content().render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self.content().get_optimal_width(rules, container_width)

    def get_minimal_width(self, rules: RulesMap) -> int:
        return self.content().get_minimal_width(rules)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self.content().get_height(rules, width)

    def __str__(self) -> str:
        return "\n".join(line.plain for line in self.lines)


def column_heading(column: str) -> str:
    """A column of the deal list as its heading says it (`columns.GAME_COLUMNS`)."""
    headings = {
        "game": pgettext("bridge column", "game"),
        "contract": pgettext("bridge column", "contract"),
        "tricks": pgettext("bridge column", "tricks"),
        "result": pgettext("bridge column", "result"),
        "honours": pgettext("bridge column", "honours"),
    }
    return headings.get(column, column)


class BridgeSheet(SheetTable):
    """One row per scored deal: the game, the contract, the tricks, made or set, honours — the columns folded to
    the width (see `columns.plan`)."""

    def __init__(self, *, id: str | None = "sheet"):
        super().__init__(id=id)
        self.plan = Plan(GAME_COLUMNS)
        self._sheet: Sheet | None = None
        self._planned: tuple[object, ...] = ()
        # the rows measured for the plan, under which names, and their widest cells: a deal logged is measured alone
        self._measured: tuple[tuple[object, ...], tuple[Row, ...], dict[str, int], int] = ((), (), {}, 1)

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
        if (
            width <= 0
        ):  # not laid out yet: planned for the width the screen will give it (checked at each resize)
            board_width = getattr(self.screen, "board_width", None)
            width = board_width() if callable(board_width) else self.app.size.width
        room = width - self.styles.scrollbar_size_vertical  # a scroll bar comes with a long rubber
        planned = (room, sheet.rows, tuple(sheet.side_names.items()), tuple(sheet.names.items()))
        if planned == self._planned:
            return
        self._planned = planned
        named, measured, widths, score_width = self._measured
        kept = same_prefix(measured, sheet.rows) if named == planned[2:] else 0
        if (
            kept < len(measured) or not widths
        ):  # a row changed or gone (a correction), or other names: all again
            kept, widths, score_width = 0, {label: len(column_heading(label)) for label in GAME_COLUMNS}, 1
        else:
            widths = dict(widths)
        for row, cells in zip(sheet.rows[kept:], rows_cells(sheet)[kept:], strict=True):
            for label, cell in zip(GAME_COLUMNS, self.cells_in_words(cells, sheet), strict=True):
                widths[label] = max(widths[label], len(str(cell)))
            for side in sheet.sides:
                score_width = max(score_width, len(score_words(row, side)))
        self._measured = (planned[2:], sheet.rows, widths, score_width)
        labels = [visible(sheet.side_names.get(side, side)) for side in sheet.sides]
        self.plan = plan(room, len(str(len(sheet.rows))), widths, labels, score_width)

    def layout_key(self, sheet: Sheet) -> tuple[object, ...]:
        return (*super().layout_key(sheet), self.plan)

    def game_columns(self, sheet: Sheet) -> list[str]:
        return [column_heading(label) for label in self.plan.columns]

    def whole_column(self, key: str) -> bool:
        # the declarer's name is cut short already: the call itself stays
        return key == f"col-{column_heading('contract')}"

    def game_cells(self, row: Row, sheet: Sheet) -> list[str | Text]:
        shown = dict(zip(GAME_COLUMNS, self.full_cells(row, sheet), strict=True))
        return [shown[label] for label in self.plan.columns]

    def full_cells(self, row: Row, sheet: Sheet) -> list[str | Text]:
        return self.cells_in_words(bridge_cells(row, tuple(sheet.sides)), sheet)

    def cells_in_words(self, cells: BridgeCells, sheet: Sheet) -> list[str | Text]:
        """A row's game columns, every one of them (see `full_cells`), from its typed columns."""
        if isinstance(cells, StopCells):
            stopped, unfinished = (
                pgettext("bridge row", "stopped"),
                pgettext("bridge row", "unfinished (Law 11)"),
            )
            return [str(cells.game), stopped, "", unfinished, cells.reason]
        declarer = cell_names(sheet).say(cells.declarer)
        over = cells.over_under
        if cells.made:
            result = pgettext("bridge row", "made") + (f" +{over}" if over else "")
        else:
            result = pgettext("bridge row", "set {count}").format(count=-over)
        if cells.won_game:
            result += pgettext("bridge row", ", game")
        honours = short_honours(cells, sheet)
        return [str(cells.game), f"{declarer} {short_contract(cells)}", str(cells.tricks), result, honours]
