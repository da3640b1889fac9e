"""The one base of every dialog that asks the table for values: the same keys and the same error line everywhere.

A dialog says what it asks (`compose_fields`) and how to read it (`read`); the base gives it the box and its
title, the first field focused on opening, Esc to cancel (the result is None), Enter in a field or Ctrl+S to save,
and one error line under the fields saying, as plain text, why `read` refused what was typed.

Handed a `Correcting` (`correcting(…)`), the same dialog corrects a logged entry instead: it opens filled with
the entry's values (`fill`), is titled by the entry, and shows under its fields, as they are typed, what saving
would do in the rules' words; a correction the rules refuse outright is not saved (the error line says why)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from scorepad.locale import N_, _
from scorepad.tui.plain import plain
from scorepad.tui.shorthand import Refused

if TYPE_CHECKING:  # the log's models load only once a correction is made
    from typing import Self

    from scorepad.log import Amend
    from scorepad.tui.screens.correcting import Correcting

__all__ = ["FormDialog", "Refused", "labelled"]

T = TypeVar("T")

#: the id of every form dialog's error line (tests and CSS find it by this)
ERROR_ID = "dialog-error"
#: the id of the line saying what a correction would do
PREVIEW_ID = "correction-preview"


def labelled(label: str, field: Input) -> Horizontal:
    """A row of a form dialog: what the field asks, then the field."""
    return Horizontal(Label(label), field, classes="field")


class FormDialog(ModalScreen[T | None], Generic[T]):
    """A dialog asking for a `T`. Subclasses set HEADING (or override `heading`), yield their fields from
    `compose_fields` and return the value from `read`, raising `Refused` (with `field=` the field's id, to move
    the cursor there) when what was typed cannot be used. Enter in any field saves, as in the entry forms."""

    BINDINGS = [
        Binding("escape", "cancel", N_("Cancel")),
        Binding("ctrl+s", "save", N_("Save"), priority=True),
        # Tab moves on before the next key reaches a field: typed fast, "⇥h" puts the h in the next field (as a
        # plain binding the field is handed the h first), as in the game's entry form
        Binding("tab", "app.focus_next", show=False, priority=True),
        Binding("shift+tab", "app.focus_previous", show=False, priority=True),
    ]
    AUTO_FOCUS = "Input"  # the first field: typing answers at once (a dialog may name another selector)
    DEFAULT_CSS = f"""
    FormDialog #dialog-fields {{ height: auto; max-height: 45vh; }}
    FormDialog #{PREVIEW_ID} {{ height: auto; color: $accent; }}
    FormDialog #{PREVIEW_ID}.-refused {{ color: $error; text-style: bold; }}
    """

    HEADING: ClassVar[str] = ""
    #: the keys line under the error line; empty: none
    HINT: ClassVar[str] = ""
    #: the box's id and its classes beside "dialog" ("wide", "tall")
    BOX_ID: ClassVar[str | None] = None
    BOX_CLASSES: ClassVar[str] = ""
    #: the keys line when the dialog corrects a logged entry
    CORRECTING_HINT: ClassVar[str] = N_("Enter saves the correction · Esc leaves the entry as it was")

    #: set when the dialog corrects a logged entry (`correcting`)
    correction: Correcting[T] | None = None

    def correcting(self, correction: Correcting[T]) -> Self:
        """Correct a logged entry with this dialog (before it is shown)."""
        self.correction = correction
        return self

    def heading(self) -> str:
        """The title line; it may hold names the table typed (it is shown as plain text)."""
        return (
            self.correction.title if self.correction is not None else _(self.HEADING) if self.HEADING else ""
        )

    def hint(self) -> str:
        hint = self.CORRECTING_HINT if self.correction is not None else self.HINT
        return _(hint) if hint else ""

    def compose(self) -> ComposeResult:
        correcting = " correcting" if self.correction is not None else ""
        classes = f"dialog form-dialog {self.BOX_CLASSES}{correcting}".strip()  # not words: CSS classes
        with Vertical(classes=classes, id=self.BOX_ID):
            yield Label(plain(self.heading()), classes="dialog-title")
            if self.correction is None:
                yield from self.compose_fields()
            else:
                # the fields scroll where the rows are few: the line saying what saving does, the error line
                # and the keys stay in view at 80×24
                with VerticalScroll(id="dialog-fields", can_focus=False):
                    yield from self.compose_fields()
                yield Static("", id=PREVIEW_ID, markup=False)
            yield Static("", id=ERROR_ID, classes="error")
            yield from self.compose_foot()

    def compose_fields(self) -> ComposeResult:
        """What the dialog asks: its fields, with any hint lines among them."""
        yield from ()

    def compose_foot(self) -> ComposeResult:
        """Under the error line: the keys hint (a dialog may add buttons)."""
        if self.hint():
            yield Static(plain(self.hint()), classes="hint")

    def read(self) -> T:
        """The value the fields hold; raises `Refused` saying what is wrong (shown on the error line)."""
        raise NotImplementedError

    def fill(self, value: T) -> None:
        """Put a value in the fields, as the table would have typed it (a dialog that corrects says how)."""
        raise NotImplementedError

    def corrections(self, value: T) -> list[Amend]:
        """The amendments a value saved while correcting stands for (none: nothing changed)."""
        assert self.correction is not None
        return self.correction.amendments(value)

    # ------------------------------------------------------------------ correcting a logged entry

    def on_mount(self) -> None:
        correction = self.correction
        if correction is not None:
            self.fill(correction.initial)
            self.refresh_preview()

    @on(Input.Changed)
    def _changed_while_correcting(self) -> None:
        if self.correction is not None:
            self.refresh_preview()

    def refresh_preview(self) -> None:
        """Say what saving the fields as they stand would do (nothing while they do not read)."""
        correction = self.correction
        if correction is None:
            return
        try:
            said = correction.said(self.read())
            text, refused = said.text, said.refused
        except Refused:
            text, refused = "", False  # Enter says what is wrong with the fields
        line = self.query_one(f"#{PREVIEW_ID}", Static)
        line.update(plain(text))
        line.set_class(refused, "-refused")

    def show_error(self, text: str) -> None:
        self.query_one(f"#{ERROR_ID}", Static).update(plain(text))

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()  # Enter in a dialog never reaches the form under it
        self.action_save()

    def action_save(self) -> None:
        try:
            value = self.read()
            refusal = self.correction.refusal(value) if self.correction is not None else None
            if refusal:  # the rules refuse the correction outright: say why and keep the fields
                raise Refused(_("Refused: {reason}").format(reason=refusal))
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
