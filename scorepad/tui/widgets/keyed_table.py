"""A DataTable that grows at the bottom without repainting what it already shows.

Textual's DataTable keys its render caches (cells, rows, lines) on one update counter that
`add_row` bumps, so appending a row renders every visible cell again through Rich; its row and
line caches are keyed on the cursor's position, so moving the cursor to the new row composes
every visible line again too; and it finds a row's place by summing the heights of all the rows
above it. With a sheet and a log on screen that was most of a repaint (~200 ms with 1,000 deals).
Appending changes nothing already drawn, though: earlier rows keep their index, content and
stripe; only the line offsets grow, and — once the idle pass has measured the new row — a column
may widen. So here:

- `add_row` keeps the counter and drops only the offset cache; the measuring pass bumps the
  counter itself when a width did change (then every line is laid out anew, as in Textual);
- moving the cursor measures the rows just added at once (DataTable waits for idle), so the cursor
  scrolls to its row before the next paint, not in a second one after it;
- a line is looked up with the cursor (and hover) position reduced to what matters to its row —
  on it or not — so only the rows the cursor leaves and enters are composed again;
- while every row is one line high and unlabelled (all of ours are), a row's place is its index, and
  a new cell's width is worked out from its text without going through the console;
- the widget's own Rich style, which Textual works out from every ancestor once per line, is
  worked out once per render pass;
- a changed cell drops only its own row's renders (DataTable drops every cached render, so a
  correction drew every visible cell again through Rich); more than a screenful of changed rows at
  once drops them all, as in Textual;
- a one-line cell of text is drawn in the same Rich steps as DataTable's (`_render_cell`), done directly rather
  than through the console's renderables nested three deep (about a third of drawing a first frame's tables);
- a table made taller or shorter (the entry form below it grows by a line while a deal is typed)
  keeps its renders: they depend on its width, not its height;
- a long game opened is added with `add_lazy_rows`: each row's cells are put in words only when first
  asked for (drawn, read, changed), the rows in view are measured at once and the rest a chunk at a time
  after the first paint, so the columns end as wide as the whole table's cells, as in Textual, without
  the opening waiting for every row to be said and measured; only the latest rows made keep their cells
  (a row is made again, the same, when next drawn or read: `LazyCells`), and each lazy row is its own entry
  in `DataTable.rows` in place of a `Row` — a long game keeps a small object a row, not its cells in words.

Every other change (remove_row, sort, clear, columns, a new width, styles) invalidates
everything, as in Textual. Written against textual 8.2.8 (pinned): it overrides private members
(`_update_count`, `_offset_cache`, `_update_dimensions`, `_render_line`, `_render_cell` (with
`_get_row_renderables` and `_get_styles_to_render_cell`), `_get_offsets`, `_get_row_region`,
`_total_row_height`, `_get_fixed_offset`, `_on_resize`, Widget's `_scroll_update`, the render caches (and that they are
bounded), and `add_row` and `update_cell` themselves for the one-line case; `rows` holds `LazyCells` for lazy rows,
which answer what DataTable reads of a cell mapping, of a `Row` and of a `RowKey`; `_data` is a `RowCells` view that
finds those in `rows`, and `_row_locations` a `RowPlaces` (a `TwoWayDict`, from `textual._two_way_dict`, whose
index -> key way is a list), both set through properties as DataTable assigns them);
tests/tui/test_keyed_table.py draws it beside a plain DataTable through the same changes, line for line.

Why not Textual's public API alone: `python benchmarks/bench_table.py` appends a row by key and moves the cursor
to it in a 1,000-row table, to the repainted frame: DataTable 63 ms median (p95 118 ms), KeyedTable 16 ms (p95
52 ms), against a 30 ms goal; changing a cell by key costs both the same (~46 ms: every visible cell is drawn
again). At a Textual upgrade: tests/tui/test_keyed_table.py fails first on any change to the members above (their
signatures, the pinned version); compare each with the new `textual/widgets/_data_table.py`, adapt or drop the
override, run bench_table.py again (drop KeyedTable if the public API then meets the goal), then move the pin.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping, Sequence
from itertools import chain, zip_longest
from typing import Any, Self

from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text, TextType
from textual import events
from textual._segment_tools import line_crop
from textual._two_way_dict import TwoWayDict
from textual.coordinate import Coordinate
from textual.geometry import Region, Size, Spacing
from textual.render import measure
from textual.strip import Strip
from textual.widgets import DataTable
from textual.widgets._data_table import default_cell_formatter
from textual.widgets.data_table import CellDoesNotExist, ColumnKey, DuplicateKey, Row, RowKey, StringKey

from scorepad.gcpause import gc_paused

#: a cursor / hover position on no row at all (the header is row -1)
_NOWHERE = Coordinate(-2, -2)
#: more changed rows than this at once (a correction early in a long game changes every total after it): every
#: render is dropped at once rather than looked through row by row
_STALE_ROWS_AT_MOST = 64


#: a lazily added table measures this many of its latest rows before its first paint (more than a screenful), and
#: the rest this many at a time, each in its own turn of the event loop (a key typed meanwhile is not kept waiting)
_MEASURED_AT_ONCE = 100
_MEASURED_PER_TURN = 400


#: the rows added lazily that keep their cells once made, at most (the latest made; more than a tall screen shows):
#: a row dropped from them is made again when next drawn or read, so a long game keeps its rows' sources, not
#: their cells — DataTable's own render caches are bounded too (LRU caches of a thousand rows and lines)
_MADE_ROWS_KEPT = 256

#: a LazyCells whose cells were changed (`update_cell`): they are its own from then on, never dropped
_OWN_CELLS = object()


class LazyRows:
    """What the rows of one `add_lazy_rows` share: the column keys, how a row's cells are made from its source,
    and the table's rows made lately (first in, first out: only those keep their cells)."""

    __slots__ = ("keys", "make", "made", "measure")

    def __init__(self, keys: Sequence[Any], make: Callable[[Any], Sequence[Any]], made: deque[LazyCells],
                 measure: Callable[[Any], Sequence[Any]] | None = None) -> None:
        self.keys = keys
        self.make = make
        self.made = made
        self.measure = measure or make

    def cells_of(self, source: Any, measured: bool = False) -> dict[Any, Any]:
        values = (self.measure if measured else self.make)(source)
        if len(values) > len(self.keys):
            raise ValueError("More values provided than there are columns.")
        return dict(zip_longest(self.keys, values))


class LazyCells(MutableMapping[Any, Any]):
    """A row's cells by column key, made from its source the first time any of them is asked for and kept while
    the row is among the table's latest made (DataTable reads and writes its rows' cells through this mapping's
    methods only); a row whose cells were changed keeps them for good.

    It is the row's entry in `DataTable.rows` too, in place of a `Row` (DataTable reads a row's `key`, `height`,
    `label` and `auto_height` there, and changes them only for rows of automatic height), and the row's key:
    it hashes and compares as a `RowKey` of the same text does (equal to it and to the text), and has its
    `value`. One small object a row where there were four (a RowKey, a Row, its attributes' dict, the mapping)."""

    __slots__ = ("value", "_rows", "_source", "_cells")

    height = 1
    label = None
    auto_height = False

    def __init__(self, rows: LazyRows, source: Any, key: str) -> None:
        self.value = key
        self._rows = rows
        self._source = source
        self._cells: dict[Any, Any] | None = None

    @property
    def key(self) -> RowKey:
        """The row's key: the row itself (what DataTable and its messages hand on as a `RowKey`)."""
        return self  # type: ignore[return-value]  # (it answers all a RowKey does: value, hash, ==)

    def __hash__(self) -> int:
        return hash(self.value)  # a RowKey's hash: found by a RowKey or the text alike

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            return self.value == other
        if isinstance(other, (StringKey, LazyCells)):
            return self is other or (other.value is not None and self.value == other.value)
        return NotImplemented

    def __rich_repr__(self) -> Iterator[tuple[str, Any]]:
        yield "value", self.value

    def __repr__(self) -> str:
        return f"RowKey(value={self.value!r})"

    @property
    def made(self) -> bool:
        """Whether the row holds its cells now."""
        return self._cells is not None

    def _made(self) -> dict[Any, Any]:
        cells = self._cells
        if cells is None:
            rows = self._rows
            cells = self._cells = rows.cells_of(self._source)
            made = rows.made
            made.append(self)
            if len(made) > _MADE_ROWS_KEPT:
                made.popleft().forget()
        return cells

    def peek(self) -> Mapping[Any, Any]:
        """The cells, made if need be but not kept (to measure a row nobody looks at)."""
        cells = self._cells
        return cells if cells is not None else self._rows.cells_of(self._source, measured=True)

    def forget(self) -> None:
        """Drop the cells, unless they were changed: they are made again when next asked for."""
        if self._source is not _OWN_CELLS:
            self._cells = None

    def _own(self) -> dict[Any, Any]:
        cells = self._made()
        self._source = _OWN_CELLS
        return cells

    def __getitem__(self, key: Any) -> Any:
        return self._made()[key]

    def get(self, key: Any, default: Any = None) -> Any:
        return self._made().get(key, default)

    def __setitem__(self, key: Any, value: Any) -> None:
        self._own()[key] = value

    def __delitem__(self, key: Any) -> None:
        del self._own()[key]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._made())

    def __len__(self) -> int:
        return len(self._made())


class TallLazyCells(LazyCells):
    """A lazily added row more than one line high: its height is given as it is added (`add_lazy_rows`'s
    `height`), so the table places it without its cells being put in words or drawn."""

    __slots__ = ("height",)


class RowPlaces(TwoWayDict[Any, int]):
    """DataTable's row key <-> index (`_row_locations`), the index -> key way a list, not a second dict: the rows
    are at 0 … n-1 (DataTable numbers them so as it adds, removes and sorts them), so a list holds a long game's
    reverse index in 8 bytes a row."""

    def __init__(self, initial: dict[Any, int]) -> None:
        self._forward = {}
        self._keys: list[Any] = []  # index -> key; None where no row is (never while DataTable numbers them)
        for key, index in initial.items():
            self[key] = index

    def __setitem__(self, key: Any, value: int) -> None:
        self._forward[key] = value
        keys = self._keys
        if value == len(keys):
            keys.append(key)
        elif 0 <= value < len(keys):
            keys[value] = key
        elif value > len(keys):
            keys.extend([None] * (value - len(keys)))
            keys.append(key)
        else:
            raise ValueError(f"a row's place is never negative (got {value!r})")

    def __delitem__(self, key: Any) -> None:
        value = self._forward.pop(key)
        keys = self._keys
        if keys[value] == key:
            keys[value] = None
        while keys and keys[-1] is None:
            keys.pop()

    def get_key(self, value: int) -> Any:
        keys = self._keys
        return keys[value] if type(value) is int and 0 <= value < len(keys) else None

    def contains_value(self, value: int) -> bool:
        return self.get_key(value) is not None


#: the classes of the rows added lazily: each is its own cells too (a type looked up, not an ABC's isinstance)
_LAZY_ROWS = frozenset((LazyCells, TallLazyCells))


class RowCells(MutableMapping[Any, Any]):
    """DataTable's row key -> the row's cells (`_data`), for a table whose lazily added rows are their own cells:
    those are found in `rows` (one entry a row, not two), the cells of the others in a dict of their own.

    DataTable deletes a row from `rows` and then from here, and empties both: deleting or clearing here
    touches only the other rows' cells."""

    __slots__ = ("_rows", "_cells")

    def __init__(self, rows: Mapping[Any, Any], cells: dict[Any, Any]) -> None:
        self._rows = rows
        self._cells = cells

    def __getitem__(self, key: Any) -> Any:
        row = self._rows[key]
        return row if type(row) in _LAZY_ROWS else self._cells[key]

    def get(self, key: Any, default: Any = None) -> Any:
        row = self._rows.get(key)
        if row is None:
            return default
        return row if type(row) in _LAZY_ROWS else self._cells.get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self._rows

    def __setitem__(self, key: Any, value: Any) -> None:
        if type(value) in _LAZY_ROWS:
            self._cells.pop(key, None)  # it is in `rows` (given there as it is given here)
        else:
            self._cells[key] = value

    def __delitem__(self, key: Any) -> None:
        self._cells.pop(key, None)

    def clear(self) -> None:
        self._cells.clear()

    def __iter__(self) -> Iterator[Any]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)


def _call(make: Callable[[], Sequence[Any]]) -> Sequence[Any]:
    return make()


def _rendered(line: Text, console: Console) -> list[Segment]:
    """`Text("\\n").join([line]).render(console)`: a line of one style, or of none, as the common cell is, without
    the join's new Text and the spans' walk (the same segments); a line with spans of its own goes Rich's way."""
    if line.spans:
        return list(Text("\n").join([line]).render(console))
    if not line.style:
        return [Segment(line.plain)]
    if not line.plain:  # a styled empty line: the join gives it a span of no length, rendered as nothing
        return []
    get_style = console.get_style
    return [Segment(line.plain, Style.combine((get_style("", default=Style.null()),
                                               get_style(line.style, default=Style.null()))))]


def _cell_width(cell: Any, console: Console) -> int:
    """What DataTable measures for a cell of a one-line row (see `default_cell_formatter`, `measure`)."""
    if cell is None:
        return 0
    if type(cell) is Text and "\n" not in cell.plain:  # most cells: one line of text, as drawn
        return cell_len(cell.plain)
    if isinstance(cell, str) and cell.isprintable() and "[" not in cell and ":" not in cell:
        return cell_len(cell)  # no markup, no emoji code, one line: the string as it is drawn
    renderable = cell if isinstance(cell, Text) else default_cell_formatter(cell, wrap=False, height=1)
    if not isinstance(renderable, Text):
        return measure(console, renderable, 1)
    return max((cell_len(line) for line in renderable.plain.splitlines()), default=0)


class KeyedTable(DataTable[Any]):
    _pass_style: Style | None = None
    _row_places: RowPlaces
    _row_cells: RowCells

    @property  # type: ignore[override]
    def _data(self) -> RowCells:
        return self._row_cells

    @_data.setter
    def _data(self, data: dict[Any, Any]) -> None:
        # DataTable sets an empty dict as it starts, before its `rows` (and only empties both after): the view
        # is given the rows once they are made (__init__)
        self._row_cells = data if isinstance(data, RowCells) else RowCells({}, data)

    @property
    def _row_locations(self) -> RowPlaces:
        return self._row_places

    @_row_locations.setter
    def _row_locations(self, locations: TwoWayDict[Any, int]) -> None:
        # DataTable makes a new TwoWayDict as it starts, clears, removes a row or sorts: kept as RowPlaces
        self._row_places = locations if isinstance(locations, RowPlaces) else RowPlaces(locations._forward)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # rows left to DataTable's own ways: not one line high, or labelled (DataTable.__init__ asks)
        self._own_rows: set[RowKey] = set()
        self._ordered_columns_cache: tuple[Any, int, list[Any]] | None = None
        self._stale_rows: set[RowKey] = set()  # rows with a changed cell whose cached renders are not dropped yet
        self._resized_width: int | None = None  # the width the cached renders were made at
        self._resized_height = 0  # the height of the last Resize (0: none yet, or hidden)
        self._unmeasured: list[RowKey] = []  # rows added lazily whose cells are not measured yet, oldest first
        self._measuring = False  # a turn of measuring them is scheduled
        self._made_rows: deque[LazyCells] = deque()  # the rows added lazily that hold their cells, oldest first
        # each row's first line by index (`_row_tops`), and the line offsets they were read from
        self._tops: tuple[list[int], int] = ([], 0)
        self._tops_of: list[tuple[RowKey, int]] | None = None
        super().__init__(*args, **kwargs)
        self._row_cells._rows = self.rows  # (DataTable never replaces its `rows`, only empties them)

    # ------------------------------------------------------------------ appending

    def add_row(
        self,
        *cells: Any,
        height: int | None = 1,
        key: str | None = None,
        label: TextType | None = None,
    ) -> RowKey:
        if height is None or height < 1 or label is not None or self._labelled_row_exists:
            row_key = super().add_row(*cells, height=height, key=key, label=label)
            self._own_rows.add(row_key)
            return row_key
        # DataTable.add_row for a row of a set height without a label, appended below the rows drawn so far:
        # their cached renders stay right, so the update counter stays (only the line offsets grow);
        # the cursor is re-validated only when the new row changes where it may be
        row_key = RowKey(key)
        if row_key in self._row_locations:
            raise DuplicateKey(f"The row key {row_key!r} already exists.")
        columns = self._columns_in_order()
        if len(cells) > len(columns):
            raise ValueError("More values provided than there are columns.")
        self._row_locations[row_key] = len(self.rows)
        self._data[row_key] = {column.key: cell for column, cell in zip_longest(columns, cells)}
        row = self.rows[row_key] = Row(row_key, height, None, False)
        if height != 1:  # placed by DataTable's own ways (its line offsets), kept up to date here
            self._own_rows.add(row_key)
        self._appended(row)
        self._new_rows.add(row_key)
        self._require_update_dimensions = True
        cursor = self.cursor_coordinate
        if self._clamp_cursor_coordinate(cursor) != cursor:
            self.cursor_coordinate = cursor
        if len(self.rows) == 1 and self.columns and self.show_cursor and self.cursor_type != "none":
            self._highlight_cursor()
        self.check_idle()
        return row_key

    def _appended(self, row: Row) -> None:
        """A row appended at the foot without the update counter moving: DataTable's line offsets and its rows in
        order, cached for that counter, are extended by it where they are worked out already (DataTable works
        them out again over every row, and sums the heights above a row to find its place: a long game of rows
        two lines high, as Jass's are, did both for every hand logged)."""
        offsets = self._offset_cache.get(self._update_count)
        if offsets is not None:  # the offsets of the rows above: still right, and the new row's lines follow them
            offsets.extend([(row.key, line) for line in range(row.height)])
        count = len(self.rows)
        above = self._ordered_row_cache.get((count - 1, self._update_count))
        if above is not None:
            self._ordered_row_cache[(count, self._update_count)] = [*above, row]

    def _row_tops(self) -> list[int] | None:
        """Each row's first line, by index, from DataTable's line offsets (None if a row has no line yet: one of
        automatic height not measured); extended as rows are appended, worked out again when the offsets are."""
        offsets = self._y_offsets
        tops, lines = self._tops
        if self._tops_of is not offsets or lines > len(offsets):
            tops, lines = [], 0
        if lines < len(offsets):
            tops.extend([y for y in range(lines, len(offsets)) if offsets[y][1] == 0])
            lines = len(offsets)
        self._tops_of, self._tops = offsets, (tops, lines)
        return tops if len(tops) == len(self.rows) else None

    def add_lazy_rows(self, rows: Iterable[tuple[str, Any]], make: Callable[[Any], Sequence[Any]] = _call,
                      measure: Callable[[Any], Sequence[Any]] | None = None,
                      height: Callable[[Any], int] | None = None) -> None:
        """Append rows, each a key and the source its cells are made from by `make` (by default the
        source is a function that gives them): a row is put in words only when drawn, read or changed, and only
        the latest made keep their cells (`_MADE_ROWS_KEPT`), so `make` must give the same cells every time.
        `measure`, if given, gives the same cells as `make` for a row that is only measured, not shown (it may
        keep less of them: nothing of a row the table shows no more).
        Rows are one line high, unless `height` gives a row's lines from its source: a row of more lines is
        drawn as DataTable draws a row of that fixed height (its cells wrapped to their columns' widths).
        The latest rows (those the cursor brings into view) are measured before the next paint, the others a
        chunk at a time after it; each widens its columns as `add_row` would."""
        if self._labelled_row_exists:  # DataTable's own ways: every row made and measured now
            for key, source in rows:
                self.add_row(*make(source), key=key, height=1 if height is None else height(source))
            return
        shared = LazyRows([column.key for column in self._columns_in_order()], make, self._made_rows, measure)
        locations, metadata = self._row_locations, self.rows
        # each row is its own key (LazyCells), hashed in Python: once, into `fresh`, and the table's mappings take
        # them from it with the hashes it holds (a dict updated from a dict does not hash again)
        fresh: dict[LazyCells, LazyCells] = {}
        taller: list[RowKey] = []  # the rows of more than one line
        count = 0
        with gc_paused():  # thousands of rows, all kept: young collections would only find them alive
            for key, source in rows:
                # the row's key, a mapping made when read, and the row's metadata, in one
                lines = 1 if height is None else height(source)
                if lines == 1:
                    row = LazyCells(shared, source, key)
                else:  # placed by DataTable's own ways, as a row added with that height
                    row = TallLazyCells(shared, source, key)
                    row.height = lines
                    taller.append(row.key)
                fresh[row] = row
                count += 1
            if len(fresh) < count:
                raise DuplicateKey("A row key is given twice.")
            if locations:  # rows there already (a game opened adds its rows to an empty table)
                for row_key in fresh:
                    if row_key in locations:
                        raise DuplicateKey(f"The row key {row_key!r} already exists.")
            if not fresh:
                return
            self._own_rows.update(taller)
            for index, row_key in enumerate(fresh, start=len(metadata)):
                locations[row_key] = index
            metadata.update(fresh)  # type: ignore[arg-type]  # (and so `_data`: each row is its own cells)
        added: list[RowKey] = list(fresh)  # type: ignore[arg-type]  # (each row is its own key)
        self._unmeasured += added
        self._require_update_dimensions = True  # the table's height, at the next settle (idle or cursor move)
        self._offset_cache.clear()
        cursor = self.cursor_coordinate
        if self._clamp_cursor_coordinate(cursor) != cursor:
            self.cursor_coordinate = cursor
        if len(metadata) == len(added) and self.columns and self.show_cursor and self.cursor_type != "none":
            self._highlight_cursor()
        self.check_idle()

    def _measure_unmeasured(self, count: int, keep: bool = False) -> bool:
        """Measure up to `count` of the lazily added rows, latest first; True when a column widened. With `keep`
        (the rows about to be drawn) the rows made keep their cells; else they are made only to be measured."""
        pending = self._unmeasured
        if not pending:
            return False
        chunk = pending[-count:]
        del pending[-count:]
        columns = self.ordered_columns
        console = self.app.console
        widened = False
        for row_key in chunk:
            data = self._data.get(row_key)
            if data is None:  # removed meanwhile
                continue
            cells = data.peek() if not keep and isinstance(data, LazyCells) else data
            for column in columns:
                width = _cell_width(cells.get(column.key), console)
                if width > column.content_width:
                    column.content_width = width
                    widened = True
        return widened

    def _schedule_measuring(self) -> None:
        if self._unmeasured and not self._measuring and self.is_mounted:
            self._measuring = True
            self.run_worker(self._measure_the_rest(), group="measure-rows", exclusive=True)

    async def _measure_the_rest(self) -> None:
        """The rows not measured yet, a chunk a turn after the next paint (keys typed meanwhile are taken between
        chunks); a chunk that widens a column lays every line out anew, as a new row that does in DataTable."""
        try:
            painted = asyncio.Event()
            self.call_after_refresh(painted.set)
            await painted.wait()
            while self._unmeasured and self.is_mounted:
                if self._measure_unmeasured(_MEASURED_PER_TURN):
                    self._update_count += 1
                    super()._update_dimensions(())
                    self.refresh()
                await asyncio.sleep(0)
        finally:
            self._measuring = False

    def set_column_width(self, column_key: str, width: int | None) -> None:
        """Give a column a fixed width (its cells are drawn within it), or None: as wide as its cells again."""
        column = self.columns.get(ColumnKey(column_key))
        if column is None or (column.width, column.auto_width) == (width or 0, width is None):
            return
        column.width, column.auto_width = width or 0, width is None
        self._update_count += 1  # every line is laid out anew, as when a column widens
        self._require_update_dimensions = True  # the table's width
        self.refresh()
        self.check_idle()

    def _columns_in_order(self) -> list[Any]:
        """`ordered_columns`, worked out again only when the columns change (not for every row added)."""
        locations, count = self._column_locations, len(self.columns)
        cached = self._ordered_columns_cache
        if cached is None or cached[0] is not locations or cached[1] != count:
            # DataTable replaces the locations when it removes or clears columns, and adding one grows them
            cached = self._ordered_columns_cache = (locations, count, self.ordered_columns)
        return cached[2]

    # ------------------------------------------------------------------ changing a cell

    def update_cell(self, row_key: RowKey | str, column_key: ColumnKey | str, value: Any, *,
                    update_width: bool = False) -> None:
        column = self.columns.get(ColumnKey(column_key) if isinstance(column_key, str) else column_key)
        if column is not None and not update_width:
            width = _cell_width(value, self.app.console)
            if width > column.content_width:
                if column.auto_width:
                    update_width = True  # a wider cell (a total that grew a digit or a sign) widens its column
                else:  # a column of a set width (the log's entries) is drawn as wide as before: no line changes
                    column.content_width = width  # but it is as wide as its widest cell again if set to auto
        if update_width or self._own_rows or self._labelled_row_exists:
            super().update_cell(row_key, column_key, value, update_width=update_width)
            return
        # DataTable.update_cell, dropping only this row's renders (at the next render pass, all rows at once)
        row_key = RowKey(row_key) if isinstance(row_key, str) else row_key
        column_key = ColumnKey(column_key) if isinstance(column_key, str) else column_key
        if row_key not in self._row_locations or column_key not in self._column_locations:
            raise CellDoesNotExist(f"No cell exists for row_key={row_key!r}, column_key={column_key!r}.")
        self._data[row_key][column_key] = value
        self._stale_rows.add(row_key)
        index = self._row_locations.get(row_key)
        if len(self._stale_rows) > _STALE_ROWS_AT_MOST or index is None:
            self.refresh()
        else:
            self.refresh_row(index)

    def _drop_stale_renders(self) -> None:
        stale, self._stale_rows = self._stale_rows, set()
        if len(stale) > _STALE_ROWS_AT_MOST:
            self._update_count += 1  # keys every cached render: all of them made again
            return
        header = self.header_height if self.show_header else 0
        indexes = {self._row_locations.get(key) for key in stale} - {None}
        lines = {header + index for index in indexes if index is not None}
        caches: list[tuple[Any, Callable[[Any], bool]]] = [
            (self._cell_render_cache, lambda key: key[0] in stale),  # (row key, column key, …)
            (self._row_render_cache, lambda key: key[0] in stale),  # (row key, line, …)
            (self._row_renderable_cache, lambda key: key[1] in indexes),  # (update count, row index)
            (self._line_cache, lambda key: key[0] in lines),  # (y, …)
        ]
        for cache, is_stale in caches:
            for key in [key for key in cache.keys() if is_stale(key)]:
                cache.discard(key)

    def _on_resize(self, event: events.Resize) -> None:
        width = self.size.width
        if width == self._resized_width:
            event.prevent_default()  # DataTable's own handler drops every cached render, which only the width changes
        self._resized_width = width
        height, before = event.size.height, self._resized_height
        self._resized_height = height
        if height != before and self.row_count and (not before or self._cursor_row_in_view(before)):
            # the cursor was scrolled into view at the old height (the lines above a game's sheet grew after a deal
            # was logged or corrected; the log shown, its rows added while it was hidden): the latest row would sit
            # cut off at the foot, or out of view, where a fresh open shows it whole. Scrolled to it again; a table
            # the player scrolled away from its cursor (to read old deals) stays where they put it
            self.move_cursor(row=self.cursor_row)

    def _cursor_row_in_view(self, height: int) -> bool:
        """Whether any line of the cursor's row was in view with the table `height` lines high."""
        row = self._get_row_region(self.cursor_row)
        top = round(self.scroll_y)
        return row.y < top + height and row.bottom > top

    def _scroll_update(self, virtual_size: Size) -> None:
        # Widget._scroll_update, without refreshing each scroll bar whatever changed: a row appended changes the
        # virtual height alone, and a horizontal bar of the same sizes at the same place was drawn again (~2,100
        # Python calls of an Enter's frame where the sheet is a cell wider than its pane). A bar whose sizes
        # change repaints itself (they are its reactives); its position follows scroll_x/scroll_y as ever.
        self._refresh_scrollbars()
        width, height = self.container_size
        if self.show_vertical_scrollbar and self.styles.scrollbar_size_vertical:
            self.vertical_scrollbar.window_virtual_size = virtual_size.height
            self.vertical_scrollbar.window_size = height - self.scrollbar_size_horizontal
        if self.show_horizontal_scrollbar and self.styles.scrollbar_size_horizontal:
            self.horizontal_scrollbar.window_virtual_size = virtual_size.width
            self.horizontal_scrollbar.window_size = width - self.scrollbar_size_vertical
        self.scroll_x = self.validate_scroll_x(self.scroll_x)
        self.scroll_y = self.validate_scroll_y(self.scroll_y)

    def remove_row(self, row_key: RowKey | str) -> None:
        super().remove_row(row_key)
        self._own_rows.discard(RowKey(row_key) if isinstance(row_key, str) else row_key)

    def clear(self, columns: bool = False) -> Self:
        self._own_rows.clear()
        self._stale_rows.clear()  # every render is dropped
        self._unmeasured.clear()
        self._made_rows.clear()
        super().clear(columns)
        # DataTable's clear empties its line offsets through `_y_offsets`, which works them out (and the ordered
        # rows) from the rows about to go and caches them for this update count: rows added after it in the same
        # number (a sheet filled again) would be placed as the old ones were, at their old heights
        self._ordered_row_cache.clear()
        self._offset_cache.clear()
        return self

    def move_cursor(self, *, row: int | None = None, column: int | None = None, animate: bool = False,
                    scroll: bool = True) -> None:
        # measure the rows just added now rather than at idle: the cursor then scrolls to its row at
        # once, and the next paint is the final one (else a paint at the old scroll, then another)
        if scroll and self.is_mounted:
            self._settle()
        super().move_cursor(row=row, column=column, animate=animate, scroll=scroll)

    def _settle(self) -> None:
        """What DataTable._on_idle does, done now."""
        if self._updated_cells:
            updated_cells = self._updated_cells.copy()
            self._updated_cells.clear()
            self._update_column_widths(updated_cells)
        if self._require_update_dimensions:
            self._require_update_dimensions = False
            new_rows = self._new_rows.copy()
            self._new_rows.clear()
            self._update_dimensions(new_rows)

    def _widths(self) -> tuple[int, ...]:
        return (self._label_column.content_width, *(column.content_width for column in self.columns.values()))

    def _update_dimensions(self, new_rows: Iterable[Any]) -> None:
        before = self._widths()
        measured_here = not (self._own_rows or self._labelled_row_exists)
        if measured_here:
            # DataTable measures each new cell through the console (and formats and caches the whole
            # row on the way); a one-line cell's width is that of its longest line, as Text measures it
            columns = self.ordered_columns
            for row_key in new_rows:
                data = self._data.get(row_key)
                if data is None:  # removed before it was measured
                    continue
                for column in columns:
                    width = _cell_width(data.get(column.key), self.app.console)
                    if width > column.content_width:
                        column.content_width = width
        if self._unmeasured:  # the latest of the rows added lazily: those in view once the cursor is at the foot
            self._measure_unmeasured(_MEASURED_AT_ONCE, keep=True)
            self._schedule_measuring()
        super()._update_dimensions(() if measured_here else new_rows)
        if self._widths() != before:  # a new row widened a column: every line is laid out anew
            self._update_count += 1
            self.refresh()

    # ------------------------------------------------------------------ where rows are

    @property
    def _total_row_height(self) -> int:
        if self._own_rows:
            return len(self._y_offsets)
        return len(self.rows)

    def _get_offsets(self, y: int) -> tuple[RowKey, int]:
        if self._own_rows:
            return super()._get_offsets(y)
        if self.show_header:
            if y < self.header_height:
                return self._header_row_key, y
            y -= self.header_height
        if not 0 <= y < len(self.rows):
            raise LookupError(f"Y coord {y!r} is greater than total height")
        key = self._row_locations.get_key(y)
        if key is None:
            raise LookupError(f"no row at y={y!r}")
        return key, 0

    def _get_row_region(self, row_index: int) -> Region:
        if not self.is_valid_row_index(row_index):
            return super()._get_row_region(row_index)
        height = 1
        if self._own_rows:  # a row's place from the rows' first lines, not the sum of every height above it
            tops = self._row_tops()
            if tops is None:
                return super()._get_row_region(row_index)
            y = tops[row_index]
            height = self.rows[self._row_locations.get_key(row_index)].height
        else:
            y = row_index
        row_width = sum(column.get_render_width(self) for column in self.columns.values()) + (
            self._row_label_column_width
        )
        y += self.header_height if self.show_header else 0
        return Region(0, y, max(self.size.width, row_width), height)

    def _get_fixed_offset(self) -> Spacing:
        if self.fixed_rows:
            return super()._get_fixed_offset()
        top = self.header_height if self.show_header else 0  # no fixed rows: no need to list every row
        left = sum(column.get_render_width(self) for column in self.ordered_columns[: self.fixed_columns])
        return Spacing(top, 0, 0, left + self._row_label_column_width)

    # ------------------------------------------------------------------ drawing

    def _as_seen_by(self, row_key: RowKey, where: Coordinate) -> Coordinate:
        """The cursor or hover position as far as it changes how this row is drawn."""
        if self.cursor_type not in ("row", "cell"):
            return where  # a column cursor crosses every row
        row_index = self._row_locations.get(row_key)
        return where if where.row == (-1 if row_index is None else row_index) else _NOWHERE

    def _render_cell(self, row_index: int, column_index: int, base_style: Style, width: int, cursor: bool = False,
                     hover: bool = False) -> list[list[Segment]]:
        # DataTable._render_cell draws every cell through the console: Styled(Padding(cell)), each a generator
        # over the next, the text wrapped, joined and split into lines again — for a one-line cell of text, the
        # most part of a first frame. Here such a cell's one line is made from the same Rich steps, done directly
        # (`_one_line`); any other cell (the header, a label, a row of several lines, a renderable that is not
        # Text) goes DataTable's way.
        if row_index < 0 or column_index < 0 or self._own_rows or self._labelled_row_exists:
            return super()._render_cell(row_index, column_index, base_style, width, cursor, hover)
        row_key = self._row_locations.get_key(row_index)
        column_key = self._column_locations.get_key(column_index)
        if row_key is None or column_key is None:
            return super()._render_cell(row_index, column_index, base_style, width, cursor, hover)
        cache_key = (row_key, column_key, base_style, cursor, hover, self._show_hover_cursor, self._update_count,
                     self._pseudo_class_state)
        cache = self._cell_render_cache
        if cache_key in cache:
            return cache[cache_key]
        cell = self._get_row_renderables(row_index).cells[column_index]
        inner = width - 2 * self.cell_padding
        options = self.app.console_options
        if (type(cell) is not Text or inner <= 0 or cell.no_wrap is False or cell.justify not in (None, "default")
                or cell.overflow == "ignore" or options.justify or options.overflow
                or "\n" in cell.plain or "\t" in cell.plain):
            return super()._render_cell(row_index, column_index, base_style, width, cursor, hover)
        component_style, post_style = self._get_styles_to_render_cell(
            False, False, row_index < self.fixed_rows or column_index < self.fixed_columns, hover, cursor,
            self.show_cursor, self._show_hover_cursor, self.cursor_foreground_priority == "css",
            self.cursor_background_priority == "css")
        pre_style = base_style + Style.from_meta({"row": row_index, "column": column_index}) + component_style
        lines = [self._one_line(cell, inner, pre_style, post_style)]
        cache[cache_key] = lines
        return lines

    def _one_line(self, cell: Text, inner: int, pre_style: Style, post_style: Style) -> list[Segment]:
        """What `console.render_lines(Styled(Padding(cell, (0, padding)), pre_style, post_style))` gives for a
        one-line Text cell, one line high and not wrapped, in the same Rich steps: the text cut to the cell's
        width as `Text.wrap` cuts it, rendered as `Text.__rich_console__` renders its lines joined, padded to the
        width with Padding's style, the padding around it, and the two styles laid over every segment."""
        console = self.app.console
        line = cell
        if cell_len(line.plain) > inner:
            line = cell.copy()
            line.truncate(inner, overflow=cell.overflow or "fold")
        segments = _rendered(line, console)
        length = Segment.get_line_length(segments)
        pad_style = console.get_style("none")  # Padding's own style
        if length < inner:
            segments.append(Segment(" " * (inner - length), pad_style))
        padding = Segment(" " * self.cell_padding, pad_style) if self.cell_padding else None
        if padding is not None:
            segments = [padding, *segments, padding]
        return list(Segment.apply_style(segments, pre_style, post_style))

    def _render_line(self, y: int, x1: int, x2: int, base_style: Style) -> Strip:
        # DataTable._render_line, with the cursor and hover reduced to what matters to the line's row
        width = self.size.width
        try:
            row_key, y_offset_in_row = self._get_offsets(y)
        except LookupError:
            return Strip.blank(width, base_style)
        cursor = self._as_seen_by(row_key, self.cursor_coordinate)
        hover = self._as_seen_by(row_key, self.hover_coordinate)
        cache_key = (y, x1, x2, width, cursor, hover, base_style, self.cursor_type, self._show_hover_cursor,
                     self._update_count, self._pseudo_class_state)
        if cache_key in self._line_cache:
            return self._line_cache[cache_key]
        fixed, scrollable = self._render_line_in_row(row_key, y_offset_in_row, base_style, cursor_location=cursor,
                                                     hover_location=hover)
        fixed_width = sum(column.get_render_width(self) for column in self.ordered_columns[: self.fixed_columns])
        fixed_line = list(chain.from_iterable(fixed)) if fixed else []
        scrollable_line = list(chain.from_iterable(scrollable))
        segments = fixed_line + line_crop(scrollable_line, x1 + fixed_width, x2, width)
        strip = Strip(segments).adjust_cell_length(width, base_style).simplify()
        self._line_cache[cache_key] = strip
        return strip

    def render_lines(self, crop: Region) -> list[Strip]:
        if self._resized_width is None:  # drawn before its first Resize: that one, at this width, changes nothing
            self._resized_width = self.size.width
        if self._stale_rows:
            self._drop_stale_renders()
        self._pass_style = None
        self._pass_style = self.rich_style  # the same for every line of this pass
        try:
            return super().render_lines(crop)
        finally:
            self._pass_style = None

    @property
    def rich_style(self) -> Style:
        if self._pass_style is not None:
            return self._pass_style
        return super().rich_style
