"""What every game's entry form shares: Enter in a field, logging what it read, and a line saying what happened."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, overload

from rich.text import Text
from textual import on
from textual.containers import Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Static

from scorepad.locale import _
from scorepad.log import Entry
from scorepad.rules.base import Replayer, Sheet
from scorepad.rules.names import visible
from scorepad.tui.shorthand import Refused
from scorepad.tui.widgets import quiet

__all__ = ["EntryForm", "Refused"]

W = TypeVar("W", bound=Widget)


class EntryLogger(Protocol):
    def log_entries(self, entries: list[Entry], form: EntryForm | None = None) -> bool: ...


class EntryForm(Vertical):
    """A game's form, on a game screen. Subclasses compose their fields plus `self.status_line()`, read what was
    typed in `enter_from` and hand the entries to `submit`, which logs them at once."""

    DEFAULT_CSS = """
    EntryForm { height: auto; border-top: solid $primary; padding: 0 1; }
    EntryForm .form-status { height: auto; color: $text-muted; }
    EntryForm .form-status.-error { color: $error; text-style: bold; }
    EntryForm Horizontal { height: auto; }
    EntryForm Input { width: 1fr; }
    EntryForm Label { padding: 1 1 0 0; }
    """

    @dataclass
    class Edited(Message):
        """A field's text changed (after the form's own handling): a dialog holding the form follows it."""

        form: EntryForm

    def __init__(self, *, id: str | None = "entry-form"):
        super().__init__(id=id)
        self.sheet: Sheet | None = None
        # the entries the status line says were logged ("Logged: …"): a correction of them says them anew
        self.logged_seqs: tuple[int, ...] = ()
        self.error = ""  # what the status line says is wrong, while it says so
        self._found: dict[str, Widget] = {}  # widgets by selector, looked up once (see `one`)

    @overload
    def one(self, selector: str) -> Widget: ...

    @overload
    def one(self, selector: str, expect_type: type[W]) -> W: ...

    def one(self, selector: str, expect_type: type[Widget] = Widget) -> Widget:
        """`query_one`, remembered: a query walks the form's widgets and matches each against the selector, and a
        deal logged asks for the same fields and lines dozens of times. Looked up again once the widget is gone."""
        widget = self._found.get(selector)
        if widget is None or widget.parent is None:
            widget = self._found[selector] = self.query_one(selector)
        if not isinstance(widget, expect_type):
            raise TypeError(f"{selector} is a {type(widget).__name__}, not a {expect_type.__name__}")
        return widget

    @property
    def replayer(self) -> Replayer:
        """The game being entered (the form lives on its game screen)."""
        replayer: Replayer = self.screen.replayer  # type: ignore[attr-defined]
        return replayer

    @property
    def settings(self) -> Any:
        """The game's ruleset."""
        return self.replayer.settings

    def status_line(self) -> Static:
        # Always shown, a blank line while it has nothing to say: the form keeps one height while a deal is typed,
        # refused and logged. A form growing or shrinking by a line resizes the sheet and the log above it, and
        # every widget resized in a layout asks Textual for another one: a second layout and frame after the one
        # with the new row.
        return Static("", classes="form-status", id="form-status")

    def update_sheet(self, sheet: Sheet) -> None:
        """Called after every change of the sheet, so the form can follow the deal (whose turn …)."""
        self.sheet = sheet

    def show_error(self, reason: str) -> None:
        self.logged_seqs = ()
        self.error = reason
        status = self.one("#form-status", Static)
        quiet.update(
            status, Text(visible(reason, keep_lines=True))
        )  # reasons quote names and calls: never markup
        status.add_class("-error")
        self.refresh_preview()  # the preview no longer repeats the reason just said

    def refresh_preview(self) -> None:
        """Say again what Enter would do (a game's form shows a preview; the plain form has none)."""

    def refusal_line(self, refusal: str) -> str:
        """A preview's refusal, in words; nothing when Enter has just been refused for it (said once, below)."""
        if refusal in self.error:
            return ""
        return _("Enter would be refused: {reason}").format(reason=refusal)

    def show_info(self, text: str) -> None:
        self.logged_seqs = ()
        self.error = ""
        status = self.one("#form-status", Static)
        quiet.update(status, Text(visible(text, keep_lines=True)))  # a blank line again and again: no repaint
        status.remove_class("-error")

    def show_logged(self, seqs: Sequence[int], text: str) -> None:
        """Say what was just logged (entries `seqs`), until the line says something else."""
        self.show_info(text)
        self.logged_seqs = tuple(seqs)

    def logged(self) -> None:
        """The entries were logged: clear the fields for the next ones."""
        for field in self.query(Input):
            quiet.clear(field)  # without a layout of the screen: the fields keep their sizes
        first = next(iter(self.query(Input)), None)
        if first is not None:
            self.focus_now(first)

    def clear_fields(self) -> None:
        """Every field emptied (the status line left as it is), the focus where the next deal begins."""
        with self.prevent(Input.Changed):
            for field in self.query(Input):
                quiet.clear(field)
        self.focus_first()

    def focus_now(self, field: Input) -> None:
        """Focus a field at once: `Widget.focus` waits for the next refresh, and keys typed meanwhile (right
        after an Enter, say) would land in the field that had it."""
        if self.is_mounted:
            self.screen.set_focus(field)
        else:
            field.focus()

    def enter_from(self, field: Input) -> None:
        """Enter in one of the form's fields: read what was typed, then `submit` the entries or say what is wrong."""
        raise NotImplementedError

    @on(Input.Submitted)
    def _field_submitted(self, event: Input.Submitted) -> None:
        # the game screen hands Enter over at once (a priority key); this is the way for an Enter that came
        # another way (a field's own binding)
        event.stop()
        self.enter_from(event.input)

    def on_input_changed(self, event: Input.Changed) -> None:
        # called after the game form's own handler for the change (Textual calls the base class's after it)
        self.post_message(self.Edited(self))

    def entries_typed(self) -> list[Entry]:
        """What Enter would log now, read without logging anything. Raises `Refused` with the reason."""
        raise NotImplementedError

    def correct(self, entries: list[Entry]) -> None:
        """Lay the form out to correct these logged entries (the game as it stood before them) and fill its
        fields with them, the way they would have been typed. Forms that can correct entries say how."""
        raise NotImplementedError

    def submit(self, *entries: Entry) -> None:
        """Check the entries together and log them all, or none with the reason (the game screen does)."""
        logger: EntryLogger = self.screen  # type: ignore[assignment]
        logger.log_entries(list(entries), self)

    def shown(self, widget: Any) -> bool:
        """Displayed, and so is every container between it and the form."""
        node = widget
        while node is not None and node is not self:
            if not node.display:
                return False
            node = node.parent
        return True

    def visible_inputs(self) -> list[Input]:
        return [field for field in self.query(Input) if self.shown(field)]

    def focus_first(self) -> None:
        """Focus where the table types next: the first shown field (forms that know better say so)."""
        fields = self.visible_inputs()
        if fields:
            self.focus_now(fields[0])

    def field_problem(self, field: Input) -> str | None:
        """What Enter finds wrong with a field's text: its validators' first reason (a form may ask less)."""
        result = field.validate(field.value)
        return result.failure_descriptions[0] if result is not None and not result.is_valid else None

    def first_invalid_quietly(self) -> str | None:
        """The problem of the first shown field whose text Enter cannot take, the focus left where it is."""
        for field in self.visible_inputs():
            problem = self.field_problem(field)
            if problem:
                return problem
        return None

    def first_invalid(self) -> str | None:
        """The problem of the first shown field whose text Enter cannot take, if any; that field gets the focus."""
        for field in self.visible_inputs():
            problem = self.field_problem(field)
            if problem:
                self.focus_now(field)
                return problem
        return None
