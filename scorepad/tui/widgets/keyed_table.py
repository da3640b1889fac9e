"""A table of rows by key, drawn a line at a time on Textual's Line API: a fixed header, a row cursor, rows of one
line or more, columns as wide as their cells or of a set width.

Why not DataTable: through its public API, a row appended redraws every cell in view (its render caches are all
keyed on one update counter): with 1,000 rows, a row appended and the cursor moved to it took 40 ms to the frame
(this table 8 ms), a cell changed 26 ms (this table 2 ms) (`python benchmarks/bench_table.py`). Making it faster
meant overriding its private members, the first thing to break at a Textual upgrade. Here `render_line` draws
only the lines in view, and keeps each row's lines until that row, the columns or the styles change: a deal
logged draws the new row and the rows the cursor left and entered, nothing else.

It draws what DataTable draws — the same component styles (its CSS, renamed), cell padding, zebra stripes and
row cursor — so the screens look as they did. A row added with `add_lazy_rows` is put in words only when drawn or
read, and only the latest made keep their words (`MADE_ROWS_KEPT`): a long game keeps its rows' sources (the
rules' rows), not their cells.
"""

from __future__ import annotations

import asyncio
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.console import ConsoleOptions
from rich.padding import Padding
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size, Spacing
from textual.message import Message
from textual.renderables.styled import Styled
from textual.scroll_view import ScrollView
from textual.strip import Strip

from scorepad.locale import N_

#: what a cell may hold: text (a str is shown as written, never as markup), or nothing
Cell = str | Text | None

#: the rows added lazily that keep their cells once made, at most (more than a tall screen shows): a row dropped
#: from them is made again, the same, when next drawn or read
MADE_ROWS_KEPT = 256
#: a lazily added table measures this many of its latest rows at once (more than a screenful, those in view with
#: the cursor at the foot), and the rest this many at a time after the first paint, each in its own turn of the
#: event loop (a key typed meanwhile is not kept waiting)
MEASURED_AT_ONCE = 100
MEASURED_PER_TURN = 400
#: a column cut to the table's width keeps at least this many cells, its "…" one of them
LEAST_CUT = 4
#: a column cut to this many cells still reads well ("Hanna &…", "♥ heart…"): see `KeyedTable.readable_width`
READABLE = 8

_EMPTY = Text()


class DuplicateRowKey(ValueError):
    """A row added with a key the table has already."""


class ColumnKey(str):
    """A column's key: its text, read as `.value` too (as a DataTable's column key is read)."""

    __slots__ = ()

    @property
    def value(self) -> str:
        return str(self)


class Column:
    """A column: its key, its heading, and its width — set (`width`, its cells wrap within it) or as wide as its
    widest cell or heading (`content_width`).

    When the table's columns are wider than the table, the columns that may be cut are narrowed (`cut`: the width
    shown) and their cells cut with "…"; a column kept `whole` (a side's score) keeps its cells whole and only its
    heading may be cut. `right`: its cells and heading are set to its right edge (scores, whose totals line up)."""

    __slots__ = ("key", "label", "width", "content_width", "cells_width", "whole", "right", "cut")

    def __init__(
        self, key: str, label: Text, width: int | None, *, whole: bool = False, right: bool = False
    ) -> None:
        self.key = ColumnKey(key)
        self.label = label
        self.width = width or 0
        self.content_width = text_width(label)
        self.cells_width = 0  # the widest cell (the heading left out)
        self.whole = whole
        self.right = right
        self.cut = 0  # the width its cells are cut to, or 0: not cut

    @property
    def auto_width(self) -> bool:
        return not self.width

    @property
    def natural_width(self) -> int:
        """Its width with room enough: set, or as wide as its cells and heading."""
        return self.content_width if self.auto_width else self.width

    @property
    def least_width(self) -> int:
        """The narrowest it is ever cut to: a set width is kept; a whole column keeps its cells (and a readable
        heading); another keeps a few characters with the "…"."""
        if not self.auto_width:
            return self.width
        if self.whole:  # its heading (a side's name) keeps a readable beginning too
            return max(self.cells_width, min(self.content_width, READABLE))
        return min(self.content_width, LEAST_CUT)

    def get_render_width(self, table: KeyedTable) -> int:
        """The column's width on screen, its padding included."""
        return 2 * table.cell_padding + (self.cut or self.natural_width)


class Row:
    """A row: its key and its lines. Its cells are its own (`add_row`, or changed by `update_cell`), or made from
    its source by its table's maker when drawn or read (`add_lazy_rows`)."""

    __slots__ = ("key", "height", "cells", "source", "maker", "measured")

    def __init__(
        self,
        key: str,
        height: int,
        cells: list[Cell] | None,
        source: object = None,
        maker: RowMaker | None = None,
    ) -> None:
        self.key = key
        self.height = height
        self.cells = cells
        self.source = source
        self.maker = maker
        self.measured = cells is not None


class RowMaker:
    """How the rows of one `add_lazy_rows` are put in words: `make` for a row drawn or read, `measure` (the same
    cells; it may keep less, the rules' words of a row nobody looks at) for a row only measured."""

    __slots__ = ("make", "measure")

    def __init__(
        self, make: Callable[[Any], Sequence[Cell]], measure: Callable[[Any], Sequence[Cell]]
    ) -> None:
        self.make = make
        self.measure = measure


def text_width(cell: Cell) -> int:
    """A cell's width as drawn unwrapped: its longest line."""
    if cell is None:
        return 0
    plain = cell.plain if isinstance(cell, Text) else cell
    if "\n" not in plain:
        return cell_len(plain)
    return max(cell_len(line) for line in plain.split("\n"))


def fitted_widths(room: int, columns: Sequence[tuple[int, int, bool]]) -> list[int]:
    """Each column's width in `room` cells, from its (least, natural, whole) widths: the columns not kept whole
    are cut first, each to the same most (as large as the room allows: the widest are cut, narrow ones stay whole);
    the headings of the columns kept whole (a side's name over its scores) only once those are cut no more."""
    widths = [natural for _, natural, _ in columns]
    if sum(widths) <= room:
        return widths
    whole = [index for index, column in enumerate(columns) if column[2]]
    others = [index for index, column in enumerate(columns) if not column[2]]
    for index in whole:  # the scores first, their headings as narrow as the cells below them
        widths[index] = columns[index][0]
    for group in (others, whole):
        left = room - sum(widths[index] for index in range(len(columns)) if index not in group)
        shares = _shared(left, [(columns[index][0], columns[index][1]) for index in group])
        for index, width in zip(group, shares, strict=True):
            widths[index] = width
        if any(widths[index] < columns[index][1] for index in group):
            break  # cut: nothing left for the next group
    return widths


def _shared(room: int, columns: Sequence[tuple[int, int]]) -> list[int]:
    """(least, natural) widths each given the same most, the largest whose widths fit `room` (each at least its
    least, at most its natural width)."""

    def widths(most: int) -> list[int]:
        return [max(least, min(natural, most)) for least, natural in columns]

    low, high = 0, max((natural for _, natural in columns), default=0)
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if sum(widths(middle)) <= room else (low, middle - 1)
    shares = widths(low)
    spare = room - sum(shares)
    for index, (_, natural) in enumerate(
        columns
    ):  # the cells left over: one more each to the cut, from the left
        if spare > 0 and shares[index] < natural:
            shares[index] += 1
            spare -= 1
    return shares


def cut_lines(text: Text, width: int) -> Text:
    """The text with each line longer than `width` cells cut to it, ending in "…" (a cut column's cell)."""
    if text_width(text) <= width:
        return text
    lines = text.split("\n", allow_blank=True)
    for line in lines:
        if line.cell_len > width:
            line.truncate(width, overflow="ellipsis")
            body = line.plain[:-1]
            spaces = len(body) - len(body.rstrip())
            if spaces:  # "Hanna &…", not "Hanna & …" (or a wide character's half left blank)
                line.right_crop(spaces + 1)
                line.append("…")
    if len(lines) == 1:
        return lines[0]
    return Text("\n", justify=text.justify, no_wrap=text.no_wrap, end=text.end).join(lines)


def _as_text(cell: Cell, one_line: bool) -> Text:
    if isinstance(cell, Text):
        return cell
    if not cell:
        return _EMPTY
    return Text(cell, end="", no_wrap=one_line)


def _plain_line(text: Text, inner: int, options: ConsoleOptions) -> bool:
    """Whether Rich draws this cell as one line of its text, cut to the cell's width (`KeyedTable._one_line`)."""
    return (
        inner > 0
        and text.no_wrap is not False
        and text.justify in (None, "default")
        and text.overflow != "ignore"
        and not options.justify
        and not options.overflow
        and "\n" not in text.plain
        and "\t" not in text.plain
    )


class _Styles:
    """The table's styles, as DataTable works them out for its rows and cursor (its `_render_line_in_row`)."""

    __slots__ = ("base", "header", "even", "odd", "cursor", "cursor_post", "key")

    def __init__(self, table: KeyedTable) -> None:
        self.base = table.rich_style
        self.header = table.get_component_styles("keyed-table--header").rich_style
        self.even = table.get_component_styles("keyed-table--even-row").rich_style
        self.odd = table.get_component_styles("keyed-table--odd-row").rich_style
        self.cursor = table.get_component_rich_style("keyed-table--cursor")
        # the cursor's colour over the cell's own (DataTable's `cursor_foreground_priority="css"`); its background
        # under the cell's (the default "renderable")
        self.cursor_post = Style.from_color(color=self.cursor.color) + Style.null()
        self.key = (self.base, self.header, self.even, self.odd, self.cursor, table.zebra_stripes)

    def row(self, index: int, zebra: bool) -> Style:
        if index < 0:
            return self.header
        if zebra:
            return self.odd if index % 2 else self.even
        return self.base


class KeyedTable(ScrollView, can_focus=True):
    """Rows by key (a str), a row cursor, a fixed header.

    Enter (or a click on the cursor's row) posts `RowSelected`; the cursor moving posts `RowHighlighted`."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "keyed-table--header",
        "keyed-table--cursor",
        "keyed-table--even-row",
        "keyed-table--odd-row",
    }

    # DataTable's own look (textual 8.2.8), its component classes renamed: the screens look as they did
    DEFAULT_CSS = """
    KeyedTable {
        background: $surface;
        color: $foreground;
        height: auto;
        max-height: 100%;
        &:focus {
            background-tint: $foreground 5%;
            & > .keyed-table--cursor {
                background: $block-cursor-background;
                color: $block-cursor-foreground;
                text-style: $block-cursor-text-style;
            }
            & > .keyed-table--header {
                background-tint: $foreground 5%;
            }
        }
        &:dark {
            & > .keyed-table--even-row {
                background: $surface-darken-1 40%;
            }
        }
        & > .keyed-table--header {
            text-style: bold;
            background: $panel;
            color: $foreground;
        }
        &:ansi > .keyed-table--header {
            background: ansi_bright_blue;
            color: ansi_default;
        }
        & > .keyed-table--even-row {
            background: $surface-lighten-1 50%;
        }
        & > .keyed-table--cursor {
            background: $block-cursor-blurred-background;
            color: $block-cursor-blurred-foreground;
            text-style: $block-cursor-blurred-text-style;
        }
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select_cursor", N_("Select"), show=False),
        Binding("up", "cursor_up", N_("Cursor up"), show=False),
        Binding("down", "cursor_down", N_("Cursor down"), show=False),
        Binding("pageup", "page_up", N_("Page up"), show=False),
        Binding("pagedown", "page_down", N_("Page down"), show=False),
        Binding("ctrl+home", "first_row", N_("Top"), show=False),
        Binding("ctrl+end", "last_row", N_("Bottom"), show=False),
        Binding("home", "scroll_home", N_("Home"), show=False),
        Binding("end", "scroll_end", N_("End"), show=False),
    ]

    #: blank cells each side of a cell's text
    cell_padding = 1
    #: the columns not kept whole are cut to the table's width (see `Column`); otherwise the table scrolls sideways
    #: as DataTable does
    fit_width: ClassVar[bool] = False

    class RowHighlighted(Message):
        """The cursor moved to another row (or the table's first row came)."""

        def __init__(self, table: KeyedTable, cursor_row: int, row_key: str) -> None:
            super().__init__()
            self.table = table
            self.cursor_row = cursor_row
            self.row_key = row_key

        @property
        def control(self) -> KeyedTable:
            return self.table

    class RowSelected(Message):
        """Enter on the cursor's row, or a click on it."""

        def __init__(self, table: KeyedTable, cursor_row: int, row_key: str) -> None:
            super().__init__()
            self.table = table
            self.cursor_row = cursor_row
            self.row_key = row_key

        @property
        def control(self) -> KeyedTable:
            return self.table

    def __init__(
        self,
        *,
        zebra_stripes: bool = False,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.zebra_stripes = zebra_stripes
        self.columns: dict[str, Column] = {}  # by key, in their order
        self._header_lines = 1
        self._rows: list[Row] = []
        self._places: dict[str, int] = {}  # row key -> index
        self._tops: list[int] = []  # each row's first line, by index (below the header)
        self._line_count = 0  # every row's lines
        self._cursor = 0
        self._made: OrderedDict[str, list[Cell]] = OrderedDict()  # lazy rows' cells made lately, oldest first
        self._unmeasured: list[Row] = []  # lazy rows not measured yet, oldest first
        self._measuring = False
        # each row's lines drawn, by key and line (and whether the cursor is on it), for the widths, scroll and
        # styles they were drawn with: a frame draws again only what changed
        self._drawn: dict[str | None, dict[tuple[int, bool], Strip]] = {}  # (None: the header)
        self._drawn_with: tuple[object, ...] = ()
        self._styles: _Styles | None = None  # worked out once until the styles change (not at every frame)
        self._seen_height = 0  # the height at the last resize (0: none yet, or hidden)

    # ------------------------------------------------------------------ reading

    @property
    def ordered_columns(self) -> list[Column]:
        return list(self.columns.values())

    @property
    def ordered_rows(self) -> Sequence[Row]:
        return tuple(self._rows)

    @property
    def row_count(self) -> int:
        return len(self._rows)

    @property
    def cursor_row(self) -> int:
        return self._cursor

    @property
    def cursor_key(self) -> str | None:
        """The key of the row under the cursor (None when the table has none)."""
        return self._rows[self._cursor].key if self._rows else None

    @property
    def header_height(self) -> int:
        return self._header_lines

    @header_height.setter
    def header_height(self, lines: int) -> None:
        if lines != self._header_lines:
            self._header_lines = lines
            self._laid_out_anew()

    @property
    def rows_in_words(self) -> int:
        """How many rows hold their cells now (their own, or made lately from their source)."""
        return sum(1 for row in self._rows if row.cells is not None) + len(self._made)

    @property
    def rows_unmeasured(self) -> int:
        """How many rows added lazily are not measured yet for their columns' widths."""
        return sum(1 for row in self._unmeasured if not row.measured)

    def get_row_index(self, key: str) -> int:
        return self._places[key]

    def get_row_height(self, key: str) -> int:
        return self._rows[self._places[key]].height

    def get_row(self, key: str) -> list[Cell]:
        """The row's cells, in the columns' order."""
        return list(self._cells(self._rows[self._places[key]]))

    def get_row_at(self, index: int) -> list[Cell]:
        return list(self._cells(self._rows[index]))

    def _cells(self, row: Row) -> list[Cell]:
        if row.cells is not None:
            return row.cells
        made = self._made.get(row.key)
        if made is not None:
            self._made.move_to_end(row.key)
            return made
        assert row.maker is not None
        made = self._padded(row.maker.make(row.source))
        self._made[row.key] = made
        if len(self._made) > MADE_ROWS_KEPT:
            self._made.popitem(last=False)
        if not row.measured:  # drawn or read before its turn to be measured: measured now, as it is made
            row.measured = True
            if self._widen(made):
                self._laid_out_anew()
        return made

    def _padded(self, cells: Sequence[Cell]) -> list[Cell]:
        count = len(self.columns)
        if len(cells) > count:
            raise ValueError("More values provided than there are columns.")  # not words: a programming error
        return [*cells, *([None] * (count - len(cells)))]

    def lines_of(self, cells: Sequence[Cell]) -> int:
        """The lines a row of these cells takes: each cell's own lines, wrapped to its column's set width (a
        column as wide as its cells wraps none of them)."""
        lines = 1
        for column, cell in zip(self.columns.values(), cells, strict=False):
            if cell is None:
                continue
            text = _as_text(cell, one_line=False)
            if column.auto_width or (cell_len(text.plain) <= column.width and "\n" not in text.plain):
                lines = max(lines, text.plain.count("\n") + 1)
            else:  # as Text wraps itself within the cell's padding (Text.__rich_console__)
                console, options = self.app.console, self.app.console_options
                tab_size = console.tab_size if text.tab_size is None else text.tab_size
                wrapped = text.wrap(
                    console,
                    column.width,
                    justify=text.justify or options.justify or "default",
                    overflow=text.overflow or options.overflow or "fold",
                    tab_size=tab_size or 8,
                    no_wrap=bool(text.no_wrap),
                )
                lines = max(lines, len(wrapped))
        return lines

    def readable_width(self) -> int:
        """The width the table's rows read well in: the columns kept whole whole, the others up to `READABLE`
        cells each, and room for a vertical scroll bar (a screen puts a pane beside the table only when the
        table keeps this width)."""
        width = self.styles.scrollbar_size_vertical
        for column in self.columns.values():
            if not column.auto_width:
                cells = column.width
            elif column.whole:
                cells = max(column.cells_width, min(column.content_width, READABLE))
            else:
                cells = min(column.content_width, READABLE)
            width += cells + 2 * self.cell_padding
        return width

    # ------------------------------------------------------------------ changing

    def add_column(
        self,
        label: str | Text,
        *,
        key: str,
        width: int | None = None,
        whole: bool = False,
        right: bool = False,
    ) -> None:
        """A column at the right, as wide as its cells (`width` None) or of a set width its cells wrap within;
        `whole`: its cells are never cut to the table's width (see `Column`), `right`: set to its right edge."""
        column = Column(
            key, label if isinstance(label, Text) else Text(label), width, whole=whole, right=right
        )
        self.columns[column.key] = column
        for row in self._rows:  # (columns come before rows in this app: a row's own cells get an empty one)
            if row.cells is not None:
                row.cells.append(None)
        self._made.clear()
        self._laid_out_anew()

    def add_row(self, *cells: Cell, key: str, height: int | None = 1) -> None:
        """A row at the foot; `height` None: as many lines as its cells take (`lines_of`)."""
        if key in self._places:
            raise DuplicateRowKey(f"The row key {key!r} already exists.")  # not words: a programming error
        own = self._padded(cells)
        row = Row(key, self.lines_of(own) if height is None else height, own)
        self._append(row)
        if self._widen(own):
            self._laid_out_anew()
        else:
            self._rows_grew(len(self._rows) - 1)
        if len(self._rows) == 1:
            self._highlighted()  # the cursor is on a row now

    def add_lazy_rows(
        self,
        rows: Iterable[tuple[str, Any]],
        make: Callable[[Any], Sequence[Cell]],
        measure: Callable[[Any], Sequence[Cell]] | None = None,
        height: Callable[[Any], int] | None = None,
    ) -> None:
        """Rows at the foot, each a key and the source `make` puts its cells in words from, when it is drawn or
        read (so `make` must give the same cells every time); `measure` gives the same cells for a row only
        measured, out of view. A row takes one line, or `height(source)` lines.

        The latest rows are measured for their columns' widths now, the others a chunk at a time after the next
        paint; each widens its columns as `add_row` would."""
        maker = RowMaker(make, measure or make)
        added = [
            Row(key, 1 if height is None else height(source), None, source, maker) for key, source in rows
        ]
        keys = {row.key for row in added}
        if len(keys) < len(added) or not keys.isdisjoint(self._places):
            raise DuplicateRowKey("A row key is given twice, or is in the table already.")  # not words: a bug
        if not added:
            return
        first = len(self._rows)
        for row in added:
            self._append(row)
        self._unmeasured += added
        widened = self._measure(MEASURED_AT_ONCE, keep=True)
        if widened:
            self._laid_out_anew()
        else:
            self._rows_grew(first)
        if first == 0:
            self._highlighted()  # the cursor is on a row now
        self._measure_the_rest_later()

    def update_cell(self, row_key: str, column_key: str, value: Cell) -> None:
        """Change one cell: its row is drawn again (and its column widened if it no longer fits)."""
        row = self._rows[self._places[row_key]]
        column = list(self.columns).index(column_key)
        if row.cells is None:  # its cells are its own from now on
            row.cells = list(self._cells(row))
            self._made.pop(row.key, None)
        row.cells[column] = value
        if self._widen([None] * column + [value]):
            self._laid_out_anew()
        else:
            self._drawn.pop(row_key, None)
            self._refresh_row(self._places[row_key])

    def set_row_height(self, key: str, height: int) -> None:
        """Give a row another number of lines (its cells changed): the rows below it move with it."""
        index = self._places[key]
        if self._rows[index].height != height:
            self._rows[index].height = height
            self._placed_from(index)
            self._laid_out_anew()

    def remove_row(self, key: str) -> None:
        index = self._places.pop(key)
        del self._rows[index]
        self._made.clear()  # a lazy row's words may say its place (a deal's number), which moved
        for row in self._rows[index:]:
            self._places[row.key] -= 1
        self._placed_from(index)
        self._cursor = min(self._cursor, max(len(self._rows) - 1, 0))
        self._laid_out_anew()  # the rows below it move up: their stripes and places change

    def clear(self, columns: bool = False) -> None:
        """Remove every row (and with `columns`, every column); the cursor goes back to the top."""
        self._rows.clear()
        self._places.clear()
        self._tops.clear()
        self._line_count = 0
        self._made.clear()
        self._unmeasured.clear()
        self._cursor = 0
        if columns:
            self.columns.clear()
        for column in self.columns.values():
            column.content_width = text_width(column.label)
            column.cells_width = 0
        self.scroll_to(0, 0, animate=False, force=True)
        self._laid_out_anew()

    def set_column_width(self, key: str, width: int | None) -> None:
        """Give a column a set width (its cells are drawn within it), or None: as wide as its cells again."""
        column = self.columns.get(key)
        if column is not None and column.width != (width or 0):
            column.width = width or 0
            self._laid_out_anew()

    # ------------------------------------------------------------------ the cursor

    def move_cursor(self, *, row: int, animate: bool = False, scroll: bool = True) -> None:
        """Put the cursor on row `row` (kept within the rows), scrolled into view with `scroll`."""
        old, new = self._cursor, max(0, min(row, len(self._rows) - 1))
        self._cursor = new
        if new != old:
            self._refresh_row(old)
            self._refresh_row(new)
            self._highlighted()
        if scroll:
            self._scroll_to_cursor(animate)

    def _highlighted(self) -> None:
        if self._rows:
            self.post_message(self.RowHighlighted(self, self._cursor, self._rows[self._cursor].key))

    def _scroll_to_cursor(self, animate: bool = False) -> None:
        if not self._rows:
            return
        row = self._rows[self._cursor]
        header = self._header_lines
        region = Region(
            round(self.scroll_x),
            header + self._tops[self._cursor],
            max(self.size.width, self.virtual_size.width),
            row.height,
        )
        self.scroll_to_region(
            region, animate=animate, spacing=Spacing(header, 0, 0, 0), force=True, immediate=True
        )

    def action_select_cursor(self) -> None:
        if self._rows:
            self.post_message(self.RowSelected(self, self._cursor, self._rows[self._cursor].key))

    def action_cursor_up(self) -> None:
        self.move_cursor(row=self._cursor - 1)

    def action_cursor_down(self) -> None:
        self.move_cursor(row=self._cursor + 1)

    def action_first_row(self) -> None:
        self.move_cursor(row=0)

    def action_last_row(self) -> None:
        self.move_cursor(row=len(self._rows) - 1)

    def action_page_up(self) -> None:
        self._page(-1)

    def action_page_down(self) -> None:
        self._page(1)

    def _page(self, way: int) -> None:
        """The view a page up or down, and the cursor as many rows as a page holds from its row (DataTable's
        paging)."""
        height = self.scrollable_content_region.height - self._header_lines
        rows = self._rows[self._cursor :] if way > 0 else self._rows[self._cursor :: -1]
        lines = count = 0
        for row in rows:
            lines += row.height
            count += 1
            if lines > height:
                break
        self.scroll_relative(y=way * height, animate=False, force=True)
        self.move_cursor(row=self._cursor + way * (count - 1))

    def action_scroll_home(self) -> None:
        self.scroll_x = 0

    def action_scroll_end(self) -> None:
        self.scroll_x = self.max_scroll_x

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y < self._header_lines or not self._rows:
            return
        found = self._row_at(offset.y - self._header_lines + round(self.scroll_y))
        if found is None:
            return
        index = found[0]
        if index == self._cursor:
            self.action_select_cursor()
        else:
            self.move_cursor(row=index)
        event.stop()

    def on_resize(self) -> None:
        if self._fit():  # another width: the columns cut to it
            self._laid_out_anew()
        # the lines the rows are seen in: less the header, and a horizontal scroll bar that came or went
        height, before = self.scrollable_content_region.height, self._seen_height
        self._seen_height = height
        if height != before and self._rows and (not before or self._cursor_in_view(before)):
            # the latest row would sit cut off at the foot (the lines above a game's sheet grew), or out of view
            # (the table laid out for the first time): scrolled to again. A table the player scrolled away from
            # its cursor (to read old deals) stays where they put it
            self._scroll_to_cursor()

    def row_in_view(self, index: int) -> bool:
        """Whether every line of row `index` is in the table's view (below its header, above its foot)."""
        if not 0 <= index < len(self._rows):
            return False
        top = self._tops[index] - round(self.scroll_y)
        seen = self.scrollable_content_region.height - self._header_lines
        return top >= 0 and top + self._rows[index].height <= seen

    def _cursor_in_view(self, height: int) -> bool:
        """Whether any line of the cursor's row was in view with the table `height` lines high."""
        top = self._tops[self._cursor] - round(self.scroll_y)
        return top < height - self._header_lines and top + self._rows[self._cursor].height > 0

    # ------------------------------------------------------------------ places and widths

    def _append(self, row: Row) -> None:
        self._places[row.key] = len(self._rows)
        self._rows.append(row)
        self._tops.append(self._line_count)
        self._line_count += row.height

    def _placed_from(self, index: int) -> None:
        """Each row's first line worked out again from row `index` down."""
        del self._tops[index:]
        line = self._tops[-1] + self._rows[index - 1].height if index else 0
        for row in self._rows[index:]:
            self._tops.append(line)
            line += row.height
        self._line_count = line

    def _row_at(self, line: int) -> tuple[int, int] | None:
        """The row at `line` below the header, and the line within it (None below the last row)."""
        if not 0 <= line < self._line_count:
            return None
        index = bisect_right(self._tops, line) - 1
        return index, line - self._tops[index]

    def _widen(self, cells: Sequence[Cell]) -> bool:
        """Columns as wide as their cells need: True when one widened."""
        widened = False
        for column, cell in zip(self.columns.values(), cells, strict=False):
            width = text_width(cell)
            if width > column.cells_width:
                column.cells_width = width
                if width > column.content_width:
                    column.content_width = width
                    widened = column.auto_width or widened
        return widened

    def _measure(self, count: int, keep: bool) -> bool:
        """Measure up to `count` of the lazily added rows not measured yet, latest first; True when a column
        widened. With `keep` (the rows about to be drawn) the rows made keep their cells."""
        chunk, self._unmeasured[-count:] = self._unmeasured[-count:], []
        widened = False
        for row in chunk:
            if row.measured or row.key not in self._places:  # drawn (and measured) meanwhile, or removed
                continue
            row.measured = True
            cells: Sequence[Cell]
            if keep or row.cells is not None or row.key in self._made:
                cells = self._cells(row)
            else:
                assert row.maker is not None
                cells = row.maker.measure(row.source)
            widened = self._widen(cells) or widened
        return widened

    def _measure_the_rest_later(self) -> None:
        if self._unmeasured and not self._measuring and self.is_mounted:
            self._measuring = True
            self.run_worker(self._measure_the_rest(), group="measure-rows", exclusive=True)

    def on_mount(self) -> None:
        self._measure_the_rest_later()

    async def _measure_the_rest(self) -> None:
        """The rows not measured yet, a chunk a turn after the next paint; a chunk that widens a column lays every
        line out anew."""
        try:
            painted = asyncio.Event()
            self.call_after_refresh(painted.set)
            await painted.wait()
            while self._unmeasured and self.is_mounted:
                if self._measure(MEASURED_PER_TURN, keep=False):
                    self._laid_out_anew()
                await asyncio.sleep(0)
        finally:
            self._measuring = False

    def _virtual_size(self) -> Size:
        return Size(
            sum(column.get_render_width(self) for column in self.columns.values()),
            self._header_lines + self._line_count,
        )

    def _rows_grew(self, first: int) -> None:
        """Rows appended from index `first`: what is drawn above them stays; they are drawn, and the table is
        taller."""
        self.virtual_size = self._virtual_size()
        if first < len(self._rows):
            top = self._header_lines + self._tops[first] - round(self.scroll_y)
            self.refresh(
                Region(0, max(top, 0), self.size.width, max(self._line_count - self._tops[first], 1))
            )

    def _room(self) -> int:
        """The cells the columns may take: the table's width less a vertical scroll bar's (kept whether it shows
        or not: the columns stay as they are when a long game's bar comes), or 0 before the first layout."""
        width = self.size.width
        return max(width - self.styles.scrollbar_size_vertical, 1) if width and self.fit_width else 0

    def _fit(self) -> bool:
        """Cut the columns that may be cut just enough for the table to fit its width (`fitted_widths`). True
        when a column's cut changed."""
        columns = list(self.columns.values())
        room = self._room()
        natural = [column.natural_width for column in columns]
        widths = natural
        if room:
            widths = fitted_widths(
                room - 2 * self.cell_padding * len(columns),
                [
                    (column.least_width, width, column.whole)
                    for column, width in zip(columns, natural, strict=True)
                ],
            )
        changed = False
        for column, width, whole_width in zip(columns, widths, natural, strict=True):
            cut = width if width < whole_width else 0
            if column.cut != cut:
                column.cut, changed = cut, True
        return changed

    def _laid_out_anew(self) -> None:
        """Every line drawn again (columns, places or stripes changed)."""
        self._fit()
        self._drawn.clear()
        size = self._virtual_size()
        if (
            size.width != self.virtual_size.width
            and self._rows
            and self._cursor_in_view(self.scrollable_content_region.height)
        ):
            # a horizontal scroll bar may come (or go) with the new width, over the foot of the view: the cursor's
            # row stays in view once it has
            self.call_after_refresh(self._scroll_to_cursor)
        self.virtual_size = size
        self.refresh()

    def _refresh_row(self, index: int) -> None:
        if 0 <= index < len(self._rows):
            top = self._header_lines + self._tops[index] - round(self.scroll_y)
            self.refresh(Region(0, top, self.size.width, self._rows[index].height))

    # ------------------------------------------------------------------ drawing

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles = None  # (a theme, the focus, a class): worked out again

    def _current_styles(self) -> _Styles:
        if self._styles is None:
            self._styles = _Styles(self)
        return self._styles

    def render_lines(self, crop: Region) -> list[Strip]:
        styles = self._current_styles()
        drawn_with = (styles.key, self.size.width, round(self.scroll_x), self._header_lines)
        if drawn_with != self._drawn_with:
            self._drawn.clear()
            self._drawn_with = drawn_with
        if len(self._drawn) > 2 * MADE_ROWS_KEPT:  # a long game scrolled through: the lines drawn lately only
            self._drawn.clear()
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        styles = self._current_styles()
        header = self._header_lines
        key: str | None
        if y < header:
            key, index, line = None, -1, y
        else:
            found = self._row_at(y - header + round(self.scroll_y))
            if found is None:
                return Strip.blank(self.size.width, styles.base)
            index, line = found
            key = self._rows[index].key
        on_cursor = index == self._cursor
        drawn = self._drawn.setdefault(key, {})
        strip = drawn.get((line, on_cursor))
        if strip is None:
            lines = self._draw_row(index, styles, on_cursor)
            width, scroll_x = self.size.width, round(self.scroll_x)
            for number, segments in enumerate(lines):
                drawn[number, on_cursor] = (
                    Strip(segments)
                    .crop(scroll_x, scroll_x + width)
                    .adjust_cell_length(width, styles.base)
                    .simplify()
                )
            strip = drawn[line, on_cursor]
        return strip

    def _draw_row(self, index: int, styles: _Styles, on_cursor: bool) -> list[list[Segment]]:
        """Every line of a row (-1: the header) across the table's whole width, as DataTable draws it."""
        if index < 0:
            cells: Sequence[Cell] = [column.label for column in self.columns.values()]
            height = self._header_lines
        else:
            row = self._rows[index]
            cells, height = self._cells(row), row.height
        row_style = styles.row(index, self.zebra_stripes)
        cursor = styles.cursor if on_cursor and index >= 0 else Style()
        post = styles.cursor_post if on_cursor and index >= 0 else Style.from_color() + Style.null()
        console = self.app.console
        options = self.app.console_options
        lines: list[list[Segment]] = [[] for _ in range(height)]
        table_width = 0
        for number, (column, cell) in enumerate(zip(self.columns.values(), cells, strict=False)):
            width = column.get_render_width(self)
            table_width += width
            cell_options = options.update_dimensions(width, height)
            if height == 1:
                cell_options = cell_options.update(no_wrap=True)
            pre = row_style + Style.from_meta({"row": index, "column": number}) + cursor
            text = _as_text(cell, height == 1)
            inner = width - 2 * self.cell_padding
            if column.cut:
                text = cut_lines(text, inner)
            if height == 1 and _plain_line(text, inner, options):
                lines[0] += self._one_line(text, width, pre, post, column.right)
                continue
            if column.right and text.justify != "right":
                text = text.copy()
                text.justify = "right"
            rendered = console.render_lines(
                Styled(Padding(text, (0, self.cell_padding)), pre_style=pre, post_style=post), cell_options
            )
            for line, segments in zip(lines, rendered, strict=False):
                line.extend(segments)
        # the row's style (and the cursor's) carried to the widget's right edge
        extend = row_style + cursor + Style.from_meta({"row": index, "column": 0, "out_of_bounds": True})
        spare = Segment(" " * max(0, self.size.width - table_width), extend)
        for line in lines:
            line.append(spare)
        return lines

    def _one_line(
        self, text: Text, width: int, pre: Style, post: Style, right: bool = False
    ) -> list[Segment]:
        """What Rich draws for a cell of one plain line (`_plain_line`), `Styled(Padding(text))` as `_draw_row`
        draws every other cell, in the same steps done directly: the text cut to the cell as `Text.wrap` cuts it,
        padded with Padding's style, and the two styles laid over it. (Enter in Five Hundred's form with 1,000
        deals made 52,600 Python calls to its frame with every cell drawn through Rich's renderables, nested three
        deep; 49,200 so.)"""
        console = self.app.console
        inner = width - 2 * self.cell_padding
        if cell_len(text.plain) > inner:
            text = text.copy()
            text.truncate(inner, overflow=text.overflow or "fold")
        if text.spans:
            segments = list(Text("\n").join([text]).render(console))
        elif not text.plain:  # an empty line: nothing but the padding
            segments = []
        elif text.style:
            get = console.get_style
            segments = [
                Segment(
                    text.plain,
                    Style.combine((get("", default=Style.null()), get(text.style, default=Style.null()))),
                )
            ]
        else:
            segments = [Segment(text.plain)]
        pad = console.get_style("none")
        length = Segment.get_line_length(segments)
        if length < inner:
            space = Segment(" " * (inner - length), pad)
            segments = [space, *segments] if right else [*segments, space]
        if self.cell_padding:
            padding = Segment(" " * self.cell_padding, pad)
            segments = [padding, *segments, padding]
        return list(Segment.apply_style(segments, pre, post))
