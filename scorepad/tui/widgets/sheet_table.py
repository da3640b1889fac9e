"""The running score sheet: a row per scored deal, keyed by the entry's seq, updated incrementally."""

from __future__ import annotations

from rich.text import Text

from scorepad.rules.base import Row, Sheet
from scorepad.tui.widgets.keyed_table import KeyedTable


class SheetTable(KeyedTable):
    """Game screens subclass it to add their own columns (contract, tricks …)."""

    DEFAULT_CSS = "SheetTable { height: 1fr; }"

    def __init__(self, *, id: str | None = "sheet"):
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        self._shown: tuple[Row, ...] = ()
        self._sides: tuple[str, ...] = ()
        self._labels: dict[str, str] = {}

    # -- what a game screen overrides

    def game_columns(self, sheet: Sheet) -> list[str]:
        """Columns between the deal number and the sides' scores."""
        return ["deal"]

    def game_cells(self, row: Row, sheet: Sheet) -> list[str | Text]:
        return [row.text]

    def side_cell(self, row: Row, side: str) -> Text:
        delta = row.delta[side]
        style = "green" if delta > 0 else "red" if delta < 0 else "dim"
        return Text.assemble((f"{delta:+d}" if delta else "·", style), "  ", (f"{row.totals[side]}", "bold"))

    # -- updating

    def show(self, sheet: Sheet) -> None:
        """Bring the table up to `sheet`: rows that are the very same objects stay; the rest is redone."""
        sides = tuple(sheet.sides)
        if sides != self._sides or not self.columns or self._labels != dict(sheet.side_names):
            self.clear(columns=True)
            self.add_column("#", key="n")
            for label in self.game_columns(sheet):
                self.add_column(Text(label), key=f"col-{label}")
            for side in sides:
                self.add_column(Text(sheet.side_names.get(side, side)), key=f"side-{side}")
            self._sides = sides
            self._labels = dict(sheet.side_names)
            self._shown = ()
        kept = 0
        for old, new in zip(self._shown, sheet.rows, strict=False):
            if old is not new:
                break
            kept += 1
        for row in self._shown[kept:]:
            self.remove_row(str(row.seq))
        for number, row in enumerate(sheet.rows[kept:], start=kept + 1):
            game_cells = [Text(c) if isinstance(c, str) else c for c in self.game_cells(row, sheet)]  # names are not markup
            cells = [str(number), *game_cells, *[self.side_cell(row, s) for s in sides]]
            self.add_row(*cells, key=str(row.seq))
        self._shown = sheet.rows
        if sheet.rows and kept < len(sheet.rows):
            self.move_cursor(row=self.row_count - 1)
