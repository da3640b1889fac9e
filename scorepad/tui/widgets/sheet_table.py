"""The running score sheet: a row per scored deal, keyed by the entry's seq, updated incrementally."""

from __future__ import annotations

from rich.text import Span, Text

from scorepad.rules.base import Row, Sheet
from scorepad.rules.names import visible
from scorepad.tui.widgets.keyed_table import KeyedTable


class SheetTable(KeyedTable):
    """Game screens subclass it to add their own columns (contract, tricks …)."""

    DEFAULT_CSS = "SheetTable { height: 1fr; }"

    def __init__(self, *, id: str | None = "sheet"):
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        self._shown: tuple[Row, ...] = ()
        self._layout: tuple = ()

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
        change = f"{delta:+d}" if delta else "·"
        # "+120  340": built with its two spans at once (Text.assemble appends piece by piece, a table of a
        # long game makes thousands of these when it opens)
        end = len(change)
        plain = f"{change}  {row.totals[side]}"
        return Text(plain, spans=[Span(0, end, style), Span(end + 2, len(plain), "bold")])

    def layout_key(self, sheet: Sheet) -> tuple:
        """What the columns depend on: when it changes, the table is laid out again."""
        # the players' names too: after a rename every row is said again with the new name
        return (tuple(sheet.sides), tuple(sheet.side_names.items()), tuple(sheet.names.items()))

    # -- updating

    def show(self, sheet: Sheet) -> None:
        """Bring the table up to `sheet`: rows that are the very same objects stay; the rest is redone."""
        layout = self.layout_key(sheet)
        if layout != self._layout or not self.columns:
            self.clear(columns=True)
            self.add_column("#", key="n")
            for label in self.game_columns(sheet):
                self.add_column(Text(label), key=f"col-{label}")  # the game's own words
            for side in sheet.sides:
                for label, key in self.side_columns(sheet, side):
                    self.add_column(Text(visible(label)), key=key)  # names are not markup
            self._layout = layout
            self._shown = ()
        kept = 0
        for old, new in zip(self._shown, sheet.rows, strict=False):
            if old is not new:
                break
            kept += 1
        for row in self._shown[kept:]:
            self.remove_row(str(row.seq))
        for number, row in enumerate(sheet.rows[kept:], start=kept + 1):
            cells: list[str | Text] = [str(number)]
            # not markup, and a note from a hand-edited file shown visibly
            cells += [Text(visible(c, keep_lines=True)) if isinstance(c, str) else c
                      for c in self.game_cells(row, sheet)]
            for side in sheet.sides:
                cells += self.side_cells(row, side)
            self.add_row(*cells, key=str(row.seq))
        self._shown = sheet.rows
        if sheet.rows and kept < len(sheet.rows):
            self.move_cursor(row=self.row_count - 1)
