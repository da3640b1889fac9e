"""The one base of every dialog that asks the table for values: the same keys and the same error line everywhere.

A dialog says what it asks (`compose_fields`) and how to read it (`read`); the base gives it the box and its
title, the first field focused on opening, Esc to cancel (the result is None), Enter in a field or Ctrl+S to save,
and one error line under the fields saying, as plain text, why `read` refused what was typed."""

from __future__ import annotations

from typing import ClassVar, Generic, TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from scorepad.tui.plain import plain
from scorepad.tui.shorthand import Refused

__all__ = ["FormDialog", "Refused", "labelled"]

T = TypeVar("T")

#: the id of every form dialog's error line (tests and CSS find it by this)
ERROR_ID = "dialog-error"


def labelled(label: str, field: Input) -> Horizontal:
    """A row of a form dialog: what the field asks, then the field."""
    return Horizontal(Label(label), field, classes="field")


class FormDialog(ModalScreen[T | None], Generic[T]):
    """A dialog asking for a `T`. Subclasses set HEADING (or override `heading`), yield their fields from
    `compose_fields` and return the value from `read`, raising `Refused` (with `field=` the field's id, to move
    the cursor there) when what was typed cannot be used. Enter in any field saves, as in the entry forms."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "save", "Save", priority=True),
        # Tab moves on before the next key reaches a field: typed fast, "⇥h" puts the h in the next field (as a
        # plain binding the field is handed the h first), as in the game's entry form
        Binding("tab", "app.focus_next", show=False, priority=True),
        Binding("shift+tab", "app.focus_previous", show=False, priority=True),
    ]
    AUTO_FOCUS = "Input"  # the first field: typing answers at once (a dialog may name another selector)

    HEADING: ClassVar[str] = ""
    #: the keys line under the error line; empty: none
    HINT: ClassVar[str] = ""
    #: the box's id and its classes beside "dialog" ("wide", "tall")
    BOX_ID: ClassVar[str | None] = None
    BOX_CLASSES: ClassVar[str] = ""

    def heading(self) -> str:
        """The title line; it may hold names the table typed (it is shown as plain text)."""
        return self.HEADING

    def compose(self) -> ComposeResult:
        with Vertical(classes=f"dialog form-dialog {self.BOX_CLASSES}".strip(), id=self.BOX_ID):
            yield Label(plain(self.heading()), classes="dialog-title")
            yield from self.compose_fields()
            yield Static("", id=ERROR_ID, classes="error")
            yield from self.compose_foot()

    def compose_fields(self) -> ComposeResult:
        """What the dialog asks: its fields, with any hint lines among them."""
        yield from ()

    def compose_foot(self) -> ComposeResult:
        """Under the error line: the keys hint (a dialog may add buttons)."""
        if self.HINT:
            yield Static(plain(self.HINT), classes="hint")

    def read(self) -> T:
        """The value the fields hold; raises `Refused` saying what is wrong (shown on the error line)."""
        raise NotImplementedError

    def show_error(self, text: str) -> None:
        self.query_one(f"#{ERROR_ID}", Static).update(plain(text))

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()  # Enter in a dialog never reaches the form under it
        self.action_save()

    def action_save(self) -> None:
        try:
            value = self.read()
        except Refused as refused:
            self.show_error(str(refused))
            # by comparing ids, not by a selector: a field's name need not make a valid one
            at_fault = next((field for field in self.query(Input) if field.id == refused.field), None)
            if at_fault is not None:
                at_fault.focus()
            return
        self.dismiss(value)

    def action_cancel(self) -> None:
        self.dismiss(None)
