"""The log pane: every entry as written, with what became of it (struck out, corrected, refused)."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from scorepad.locale import N_, _
from scorepad.log import Amend, Entry, Void
from scorepad.rules.base import Rejection, Sheet
from scorepad.rules.names import visible
from scorepad.text.describe import described
from scorepad.tui.widgets.keyed_table import KeyedTable
from scorepad.tui.widgets.sheet_table import LAZY_FROM, same_prefix

#: the seq column is as wide as this many digits at least (so the entry column keeps its width as a game grows)
SEQ_DIGITS = 4


#: an entry's marks as kept (said in the language in use by `said_mark`)
CORRECTED, STRUCK = "corrected", "struck out"  # not words: marks as kept


class LogPane(KeyedTable):
    """Rows keyed by seq. Enter on a row asks the screen to edit that entry."""

    DEFAULT_CSS = "LogPane { height: 1fr; }"

    def __init__(self, *, id: str | None = "log"):
        super().__init__(id=id)
        self._count = 0
        self._marks: dict[
            int, str
        ] = {}  # seq -> what became of the entry, as shown (entries with none: absent)
        self._names: tuple[object, ...] = ()  # the names the rows were said with
        self._rejected: tuple[Rejection, ...] = ()  # the refusals the marks were made from
        self._refused: dict[int, str] = {}  # seq -> why it is refused, as of those
        self._corrected: dict[int, str] = {}  # seq -> the latest accepted correction of it, in words

    def on_mount(self) -> None:
        self.add_column("#", key="seq", width=SEQ_DIGITS)
        self.add_column("entry", key="entry", width=self.entry_room())

    # ------------------------------------------------------------------ fitting the pane's width

    def entry_room(self) -> int | None:
        """How wide the entry column can be without the pane scrolling sideways (None: not known yet). A longer
        entry is folded to that width with a "…", and the one under the cursor is shown whole below the pane."""
        width = self.region.width
        if not width:  # not laid out yet: the width the game screen will give the pane
            log_width = getattr(self.screen, "log_width", None)
            width = log_width() if callable(log_width) else 0
        if width <= 0:
            return None
        seq_width = max(len(str(self._count)), SEQ_DIGITS)
        return max(width - self.styles.scrollbar_size_vertical - (seq_width + 2) - 2, 8)

    def on_resize(self) -> None:
        self.set_column_width("entry", self.entry_room())
        show_whole_entry = getattr(self.screen, "show_whole_entry", None)  # a wider pane may fit it now
        if callable(show_whole_entry):
            show_whole_entry()

    def whole_entry(self) -> Text | None:
        """The entry under the cursor, whole, when its row folds it; None when it fits its row."""
        room = self.entry_room()
        if room is None or not self.row_count:
            return None
        key = self.cursor_key
        row = self.get_row(key) if key is not None else []
        text = row[1] if len(row) > 1 else None
        if not isinstance(text, Text) or text.cell_len <= room:
            return None
        whole = Text.assemble((f"#{key} ", "bold"), text)
        whole.no_wrap, whole.overflow = False, "fold"
        return whole

    def show(self, sheet: Sheet) -> None:
        """Bring the log up to `sheet`: new entries are added, and only entries whose fate may have changed
        (refused or not since the last refold, corrected by a new entry) are looked at again."""
        names = (sheet.names, sheet.side_names)
        renamed, self._names = names != self._names, names
        old_count, entries = self._count, sheet.entries
        # the refusals both sheets share are the very same objects (a refold makes new ones from where it began)
        kept = same_prefix(self._rejected, sheet.rejected)
        touched = {r.seq for r in self._rejected[kept:]} | {r.seq for r in sheet.rejected[kept:]}
        for rejection in self._rejected[kept:]:
            self._refused.pop(rejection.seq, None)
        for rejection in sheet.rejected[kept:]:
            self._refused[rejection.seq] = f"refused: {rejection.reason}"  # not words: a mark, said in _text
        self._rejected = sheet.rejected
        new = entries[old_count:]
        for (
            entry
        ) in new:  # the new entries are added below, each with its mark: only their targets are touched
            if entry.type in ("amend", "void") and isinstance(entry, Amend | Void):
                seq = entry.seq or 0
                if seq not in self._refused:
                    verb = CORRECTED if isinstance(entry, Amend) else STRUCK
                    self._corrected[entry.target] = f"{verb} by #{seq}"
                    touched.add(entry.target)
        # a new entry has a mark only if it was corrected or refused (a long game opened: a few of thousands)
        for seq in {
            seq
            for marked in (self._corrected, self._refused)
            for seq in marked
            if old_count < seq <= len(entries)
        }:
            self._set_mark(seq, self._mark(seq))
        if len(new) > LAZY_FROM:  # a game opened: each entry put in words when drawn or read
            self.add_lazy_rows(((str(entry.seq or 0), entry) for entry in new), self._row_later(sheet))
        else:
            for entry in new:
                seq = entry.seq or 0
                self.add_row(str(seq), self._text(entry, sheet, self._marks.get(seq, "")), key=str(seq))
        # entries whose fate changed (corrected, struck out, now refused) are redrawn by key; after a rename,
        # every entry is, with the names of now (as when the game is opened)
        for seq in range(1, old_count + 1) if renamed else sorted(touched):
            if seq > old_count:
                continue
            mark = self._mark(seq)
            if renamed or mark != self._marks.get(seq, ""):
                self._set_mark(seq, mark)
                self.update_cell(str(seq), "entry", self._text(entries[seq - 1], sheet, mark))
        self._count = len(entries)
        if len(str(self._count)) > SEQ_DIGITS:  # a very long game: the numbers widen, the entries make room
            self.set_column_width("seq", len(str(self._count)))
            self.set_column_width("entry", self.entry_room())
        if self._count > old_count:
            self.move_cursor(row=self.row_count - 1)

    def _row_later(self, sheet: Sheet) -> Callable[[Entry], list[str | Text]]:
        # an entry's row is made from the entry and its mark as shown: a mark that changes is shown by
        # `update_cell`, which gives the row its own cells for good
        def cells(entry: Entry) -> list[str | Text]:
            seq = entry.seq or 0
            return [str(seq), self._text(entry, sheet, self._marks.get(seq, ""))]

        return cells

    def _set_mark(self, seq: int, mark: str) -> None:
        if mark:
            self._marks[seq] = mark
        else:
            self._marks.pop(seq, None)

    def _mark(self, seq: int) -> str:
        return self._corrected.get(seq) or self._refused.get(seq, "")

    @staticmethod
    def marks(sheet: Sheet) -> dict[int, str]:
        """What became of each entry, worked out from the whole sheet at once."""
        marks: dict[int, str] = {r.seq: f"refused: {r.reason}" for r in sheet.rejected}  # not words: marks
        for entry in sheet.entries:
            if isinstance(entry, Amend | Void) and entry.seq not in marks:
                verb = CORRECTED if isinstance(entry, Amend) else STRUCK
                marks[entry.target] = f"{verb} by #{entry.seq}"
        return {seq: mark for seq, mark in marks.items() if mark}

    @staticmethod
    def _text(entry: Entry, sheet: Sheet, mark: str) -> Text:
        # one line: an entry longer than the pane is folded with a "…" (shown whole below the pane at the cursor)
        text = Text(described(entry, sheet), no_wrap=True, overflow="ellipsis")
        if mark.startswith("struck"):
            text.stylize("strike dim")  # not words: a style
        elif mark.startswith("corrected"):
            text.stylize("dim")
        if mark:
            text.append(
                visible(f"  ({said_mark(mark)})"),
                style="italic red" if mark.startswith("refused") else "italic",
            )
        if entry.type in ("amend", "void") and getattr(entry, "override", False):
            text.stylize("bold yellow")  # not words: a style
        return text


def said_mark(mark: str) -> str:
    """An entry's mark ("refused: …", "corrected by #5", "struck out by #5") in the language in use."""
    for kept, said in (
        ("refused: ", N_("refused: {what}")),
        ("corrected by #", N_("corrected by #{what}")),  # not words: a mark as kept
        ("struck out by #", N_("struck out by #{what}")),  # not words: a mark as kept
    ):
        if mark.startswith(kept):
            return _(said).format(what=mark.removeprefix(kept))
    return mark
