"""The log pane: every entry as written, with what became of it (struck out, corrected, refused)."""

from __future__ import annotations

from rich.text import Text

from scorepad.describe import describe
from scorepad.log import Amend, Void
from scorepad.rules.base import Sheet
from scorepad.rules.names import visible
from scorepad.tui.widgets.keyed_table import KeyedTable


class LogPane(KeyedTable):
    """Rows keyed by seq. Enter on a row asks the screen to edit that entry."""

    DEFAULT_CSS = "LogPane { height: 1fr; }"

    def __init__(self, *, id: str | None = "log"):
        super().__init__(id=id, cursor_type="row")
        self._count = 0
        self._marks: dict[int, str] = {}  # seq -> what became of the entry, as shown
        self._names: tuple = ()  # the names the rows were said with

    def on_mount(self) -> None:
        self.add_column("#", key="seq")
        self.add_column("entry", key="entry")

    def show(self, sheet: Sheet) -> None:
        names = (sheet.names, sheet.side_names)
        renamed, self._names = names != self._names, names
        marks = self.marks(sheet)
        for entry in sheet.entries[self._count :]:
            seq = entry.seq or 0
            self.add_row(str(seq), self._text(entry, sheet, marks.get(seq, "")), key=str(seq))
        # entries whose fate changed (corrected, struck out, now refused) are redrawn by key; after a rename,
        # every entry is, with the names of now (as when the game is opened)
        for seq in range(1, self._count + 1) if renamed else set(marks) | set(self._marks):
            if seq <= self._count and (renamed or marks.get(seq, "") != self._marks.get(seq, "")):
                entry = sheet.entries[seq - 1]
                self.update_cell(str(seq), "entry", self._text(entry, sheet, marks.get(seq, "")))
        added = len(sheet.entries) - self._count
        self._count = len(sheet.entries)
        self._marks = marks
        if added:
            self.move_cursor(row=self.row_count - 1)

    @staticmethod
    def marks(sheet: Sheet) -> dict[int, str]:
        marks: dict[int, str] = {r.seq: f"refused: {r.reason}" for r in sheet.rejected}
        for entry in sheet.entries:
            if isinstance(entry, Amend | Void) and entry.seq not in marks:
                verb = "corrected" if isinstance(entry, Amend) else "struck out"
                marks[entry.target] = f"{verb} by #{entry.seq}"
        return marks

    @staticmethod
    def _text(entry, sheet: Sheet, mark: str) -> Text:
        text = Text(describe(entry, sheet.names, sheet.side_names))
        if mark.startswith("struck"):
            text.stylize("strike dim")
        elif mark.startswith("corrected"):
            text.stylize("dim")
        if mark:
            text.append(visible(f"  ({mark})"), style="italic red" if mark.startswith("refused") else "italic")
        if entry.type in ("amend", "void") and getattr(entry, "override", False):
            text.stylize("bold yellow")
        return text
