"""What every game's entry form shares: a Submitted message and a line saying what happened."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, Static

from scorepad.log import Entry
from scorepad.rules.base import Sheet


class EntryForm(Vertical):
    """A game's form. Subclasses compose their fields plus `self.status_line()`, and post `Submitted`."""

    DEFAULT_CSS = """
    EntryForm { height: auto; border-top: solid $primary; padding: 0 1; }
    EntryForm .form-status { height: auto; color: $text-muted; }
    EntryForm .form-status.-error { color: $error; text-style: bold; }
    EntryForm Horizontal { height: auto; }
    EntryForm Input { width: 1fr; }
    EntryForm Label { padding: 1 1 0 0; }
    """

    @dataclass
    class Submitted(Message):
        """The form's entries, to be checked together and then logged in order."""

        form: EntryForm
        entries: list[Entry]

    def __init__(self, *, id: str | None = "entry-form"):
        super().__init__(id=id)
        self.sheet: Sheet | None = None

    def status_line(self) -> Static:
        return Static("", classes="form-status", id="form-status")

    def update_sheet(self, sheet: Sheet) -> None:
        """Called after every change of the sheet, so the form can follow the deal (whose turn …)."""
        self.sheet = sheet

    def show_error(self, reason: str) -> None:
        status = self.query_one("#form-status", Static)
        status.update(Text(reason))  # reasons quote names and calls: never markup
        status.add_class("-error")

    def show_info(self, text: str) -> None:
        status = self.query_one("#form-status", Static)
        status.update(Text(text))
        status.remove_class("-error")

    def logged(self) -> None:
        """The entries were logged: clear the fields for the next ones."""
        for field in self.query(Input):
            field.value = ""
        first = next(iter(self.query(Input)), None)
        if first is not None:
            first.focus()

    def submit(self, *entries: Entry) -> None:
        self.post_message(self.Submitted(self, list(entries)))

    def first_invalid(self) -> str | None:
        """The reason of the first field whose validators refuse its text, if any."""
        for field in self.query(Input):
            if not field.display:
                continue
            result = field.validate(field.value)
            if result is not None and not result.is_valid:
                field.focus()
                return result.failure_descriptions[0]
        return None
