"""The running score sheet: a row per scored deal, keyed by the entry's seq, updated incrementally."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Span, Text

from scorepad.rules.base import Row, Sheet
from scorepad.rules.names import visible
from scorepad.tui.widgets.keyed_table import KeyedTable

#: more rows than this added at once (a game opened, the table laid out again after a rename) are put in words
#: only when drawn or read (KeyedTable.add_lazy_rows); fewer, as a deal logged adds, at once
LAZY_FROM = 16


class SheetTable(KeyedTable):
    """Game screens subclass it to add their own columns (contract, tricks …)."""

    DEFAULT_CSS = "SheetTable { height: 1fr; }"

    def __init__(self, *, id: str | None = "sheet"):
        super().__init__(id=id, zebra_stripes=True)
        self._shown: tuple[Row, ...] = ()
        self._layout: tuple[object, ...] = ()

    # -- what a game screen overrides

    def game_columns(self, sheet: Sheet) -> list[str]:
        """Columns between the deal number and the sides' scores."""
        return ["deal"]

    def game_cells(self, row: Row, sheet: Sheet) -> list[str | Text]:
        return [row.text]

    def side_columns(self, sheet: Sheet, side: str) -> list[tuple[str, str]]:
        """(label, key) of each column a side gets: by default one, its delta and total."""
        return [(sheet.side_names.get(side, side), f"side-{side}")]

    def side_cells(self, row: Row, side: str) -> list[str | Text]:
        return [self.side_cell(row, side)]

    def side_cell(self, row: Row, side: str) -> Text:
        delta = row.delta[side]
        style = "green" if delta > 0 else "red" if delta < 0 else "dim"
        # "+120  340": built with its two spans at once (Text.assemble appends piece by piece, a table of a
        # long game makes thousands of these when it opens)
        end = len(f"{delta:+d}") if delta else 1
        plain = score_words(row, side)
        return Text(plain, spans=[Span(0, end, style), Span(end + 2, len(plain), "bold")])

    def side_heading(self, label: str) -> Text:
        """A side's column heading: its name, never markup, written out visibly."""
        return Text(visible(label))

    def scores_first(self, sheet: Sheet) -> bool:
        """Whether the sides' scores come straight after the deal's number, before the game's own columns (a
        game of many sides, whose scores would otherwise run off a narrow screen)."""
        return False

    def column_width(self, key: str) -> int | None:
        """A column's fixed width (its cells wrap within it), or None: as wide as its cells."""
        return None

    def row_height(self, cells: list[str | Text]) -> int | None:
        """1, or None for a row whose cells take more lines: their own, or wrapped (see `column_width`)."""
        return 1

    def appended_height(self, cells: list[str | Text]) -> int | None:
        """The lines of a row of more than one line added to the table, counted from its cells (None: the table
        counts them, the same way)."""
        return self.cells_lines(cells)

    def row_lines(self, row: Row, sheet: Sheet) -> int:
        """The lines the rules' row takes in the table (a game whose rows take more than one line may count them
        more cheaply than with all their cells made). The row may not be in words yet: what is read of it is read
        unkept (`Row.unkept`), or a long game opened would keep every row's words."""
        # the deal's number is one line whatever it is
        return self.cells_lines(self.cells_of(0, row.unkept(), sheet))

    def cells_lines(self, cells: list[str | Text]) -> int:
        """The lines a row of these cells takes: a cell's own lines, wrapped to its column's set width (a
        column as wide as its cells wraps none of them)."""
        return 1 if self.row_height(cells) == 1 else self.lines_of(cells)

    def layout_key(self, sheet: Sheet) -> tuple[object, ...]:
        """What the columns depend on: when it changes, the table is laid out again."""
        # the players' names too: after a rename every row is said again with the new name
        return (tuple(sheet.sides), tuple(sheet.side_names.items()), tuple(sheet.names.items()))

    # -- updating

    def show(self, sheet: Sheet) -> None:
        """Bring the table up to `sheet`: rows that are the very same objects stay; of the rest, rows with the
        same key are changed only where their cells differ, and rows no longer on the sheet are removed."""
        layout = self.layout_key(sheet)
        if layout != self._layout or not self.columns:
            self.clear(columns=True)
            self.add_column("#", key="n")
            game = [
                (Text(label), f"col-{label}") for label in self.game_columns(sheet)
            ]  # the game's own words
            sides = [
                (self.side_heading(label), key)
                for side in sheet.sides
                for label, key in self.side_columns(sheet, side)
            ]
            for heading, key in sides + game if self.scores_first(sheet) else game + sides:
                self.add_column(heading, key=key, width=self.column_width(key))
            self._layout = layout
            self._shown = ()
        old, rows = self._shown, sheet.rows
        kept = same_prefix(old, rows)
        if kept == len(old) == len(rows):
            return
        old_keys = [str(row.seq) for row in old[kept:]]
        new_keys = [str(row.seq) for row in rows[kept:]]
        staying = set(new_keys)
        for key in old_keys:
            if key not in staying:
                self.remove_row(key)
        left = [key for key in old_keys if key in staying]
        if (
            left != new_keys[: len(left)]
        ):  # the rows left are no longer in order: redone from the first of them
            for key in left:
                self.remove_row(key)
            left = []
        # the rows kept, in words: a correction changes only the cells that differ (and a row's lines, when its
        # words now take more or fewer: a reason added to a penalty, a name that now wraps)
        columns = self.ordered_columns
        for number, (key, row) in enumerate(zip(left, rows[kept:], strict=False), start=kept + 1):
            cells = self.cells_of(number, row, sheet)
            for column, shown, cell in zip(columns, self.get_row(key), cells, strict=True):
                if shown != cell:
                    self.update_cell(key, column.key, cell)
            if not self._one_line_rows():
                self.set_row_height(key, self.cells_lines(cells))
        added = list(zip(new_keys, rows[kept:], strict=True))[len(left) :]
        if len(added) > LAZY_FROM:
            # each row kept as the rules' row (which the sheet holds anyway), put in words when drawn; its number
            # is its place in the table then. A sheet whose rows may take more lines has each row's lines
            # counted now (its words made and let go): the table places every row before its first paint
            self.add_lazy_rows(
                added,
                self._cells_later(sheet),
                self._cells_measured(sheet),
                None if self._one_line_rows() else self._lines(sheet),
            )
        else:
            for number, (key, row) in enumerate(added, start=kept + len(left) + 1):
                cells = self.cells_of(number, row, sheet)
                height = self.row_height(cells)
                self.add_row(
                    *cells, key=key, height=self.appended_height(cells) if height is None else height
                )
        self._shown = rows
        if rows and kept < len(rows):
            self.move_cursor(row=self.row_count - 1)

    def _one_line_rows(self) -> bool:
        """Whether every row is one line high whatever its cells say (a game's sheet may wrap its rows)."""
        return type(self).row_height is SheetTable.row_height

    def _lines(self, sheet: Sheet) -> Callable[[Row], int]:
        return lambda row: self.row_lines(row, sheet)

    def _cells_later(self, sheet: Sheet) -> Callable[[Row], list[str | Text]]:
        return lambda row: self.cells_of(self.get_row_index(str(row.seq)) + 1, row, sheet)

    def _cells_measured(self, sheet: Sheet) -> Callable[[Row], list[str | Text]]:
        # a row only measured (out of view) is put in words without the rules' row keeping them: a long game's
        # rows are all measured once it opens, and would otherwise each keep their words for good
        return lambda row: self.cells_of(self.get_row_index(str(row.seq)) + 1, row.unkept(), sheet)

    def cells_of(self, number: int, row: Row, sheet: Sheet) -> list[str | Text]:
        # not markup, and a note from a hand-edited file shown visibly
        game: list[str | Text] = [
            Text(visible(c, keep_lines=True)) if isinstance(c, str) else c
            for c in self.game_cells(row, sheet)
        ]
        sides: list[str | Text] = []
        for side in sheet.sides:
            sides += self.side_cells(row, side)
        # numbered as the table counts its deals (a deal thrown in has no row; a penalty goes with its hand)
        shown = row.number or number
        return [str(shown), *(sides + game if self.scores_first(sheet) else game + sides)]


def score_words(row: Row, side: str) -> str:
    """A side's score cell in words: the deal's change, then the total ("+120  340", "·  340")."""
    delta = row.delta[side]
    return f"{delta:+d}  {row.totals[side]}" if delta else f"·  {row.totals[side]}"


def same_prefix(old: tuple[object, ...], new: tuple[object, ...]) -> int:
    """How many leading rows two sheets of one game share (the very same objects).

    A fold makes a new Row for every deal it scores, in order; a row kept by two sheets means every row before
    it is kept too. So the shared part is found by halving, not by walking every row."""
    low, high = 0, min(len(old), len(new))  # old[:low] is new[:low]; beyond high they differ
    while low < high:
        middle = (low + high + 1) // 2
        if old[middle - 1] is new[middle - 1]:
            low = middle
        else:
            high = middle - 1
    return low
