"""Small dialogs: the questions about a correction, the entry editor, renaming a player, help."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ValidationError
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from scorepad.locale import N_, _
from scorepad.log import Entry
from scorepad.rules.names import clash_problem, name_problem, visible
from scorepad.rules.wording import capitalized
from scorepad.text.describe import describe
from scorepad.tui.screens.form_dialog import FormDialog, Refused, labelled
from scorepad.tui.widgets.fields import YES, NameInput

HIDDEN_FIELDS = {"seq", "at", "type"}


class ConfirmScreen(ModalScreen[bool]):
    """A yes-or-no question about a correction: y makes it, n or Escape leaves the log as it is."""

    BINDINGS = [
        Binding("y", "agree", N_("Table agrees")),
        Binding("n,escape", "cancel", N_("Leave it")),
    ]
    QUESTION = ""
    HINT = ""
    AGREE = N_("Table agrees (y)")
    BODY_ID = "confirm-reason"

    def __init__(self, reason: str):
        super().__init__()
        self.reason = reason

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_(self.QUESTION), classes="dialog-title")
            yield Static(Text(visible(self.reason, keep_lines=True)), id=self.BODY_ID)
            yield Static(_(self.HINT) if self.HINT else "", classes="hint")
            with Horizontal(classes="buttons"):
                yield Button(_(self.AGREE), id="agree", variant="warning")
                yield Button(_("Leave it (n)"), id="cancel")

    @on(Button.Pressed, "#agree")
    def action_agree(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(False)


class SaveAsNewScreen(ConfirmScreen):
    """The game's file went away or changed underneath: save the game as scorepad holds it as a new file?"""

    QUESTION = N_("This game's file changed while it was open")
    HINT = N_("y saves it as a new game and opens it; n leaves it (Ctrl+S asks again).")
    AGREE = N_("Save as a new game (y)")
    BODY_ID = "save-as-new-reason"


class OverrideScreen(ConfirmScreen):
    """A correction the laws no longer allow: does the whole table agree to make it anyway?"""

    QUESTION = N_("The laws do not allow this correction now")
    HINT = N_(
        "If everyone at the table agrees, it can be made anyway: the override is written to the log "
        "and shown on the sheet."
    )
    BODY_ID = "override-reason"


class UndoEarlierScreen(ConfirmScreen):
    """Ctrl+Z again, after a deal was taken back: the next undo reaches into an earlier deal; ask first."""

    BINDINGS = [
        Binding("y", "agree", N_("Undo it too")),
        Binding("n,escape", "cancel", N_("Leave it")),
    ]
    QUESTION = N_("Undo an earlier deal too?")
    HINT = N_("y takes it back as well (its entries are struck out in the log); n leaves the sheet as it is.")
    AGREE = N_("Undo it too (y)")
    BODY_ID = "undo-earlier"

    def __init__(self, reason: str, question: str = QUESTION):
        super().__init__(reason)
        self.QUESTION = question  # (marked with N_ where it is chosen: said through `_`)


class KnockOnScreen(ConfirmScreen):
    """A correction that would leave later entries refused (a struck-out result, and the deals after it)."""

    BINDINGS = [
        Binding("y", "agree", N_("Make it anyway")),
        Binding("n,escape", "cancel", N_("Leave it")),
    ]
    QUESTION = N_("This correction leaves later entries refused")
    HINT = N_(
        "They stay in the log, marked refused, until they are corrected too. Correcting the entry (Enter on "
        "it in the log) instead of striking it out usually keeps them."
    )
    AGREE = N_("Make it anyway (y)")
    BODY_ID = "knock-on"
    SHOWN = 5  # refused entries listed; the rest are counted

    def __init__(self, refused: list[tuple[int, str]], label: Callable[[int], str] | None = None):
        said = label or (
            lambda seq: _("entry {seq}").format(seq=seq)
        )  # the game screen names them by their deals
        lines = [f"{capitalized(said(seq))}: {reason}" for seq, reason in refused[: self.SHOWN]]
        if len(refused) > self.SHOWN:
            lines.append(_("… and {n} more").format(n=len(refused) - self.SHOWN))
        super().__init__("\n".join(lines))
        self.refused = refused


def _field_kind(annotation: Any) -> str:
    """How a field is typed in the editor: 'pairs' (Ann 8, Bob 2), 'names' (Ann, Bob), or 'plain'."""
    text = str(annotation)
    if re.search(r"dict\[str, (typing\.)?(Annotated\[)?int\b", text):  # counts per side (strict ints)
        return "pairs"
    if "tuple[str, ...]" in text or "list[str]" in text:
        return "names"
    return "plain"


def _to_text(value: Any, kind: str = "plain") -> str:
    if value is None:
        return ""
    if kind == "pairs":
        return ", ".join(f"{key} {number}" for key, number in value.items())
    if kind == "names":
        return ", ".join(value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str | int):
        return str(value)
    if isinstance(value, BaseModel):
        return json.dumps(value.model_dump(mode="json"), ensure_ascii=False)
    if isinstance(value, tuple | list):
        return json.dumps(
            [v.model_dump(mode="json") if isinstance(v, BaseModel) else v for v in value], ensure_ascii=False
        )
    return json.dumps(value, ensure_ascii=False)


def _pairs(text: str) -> dict[str, Any]:
    """'Ann 8, Bob & Dan 2' -> {'Ann': 8, 'Bob & Dan': 2}; a part without a number is kept for pydantic to refuse."""
    pairs: dict[str, Any] = {}
    for part in text.split(","):
        name, _, number = part.strip().rpartition(" ")
        pairs[name.strip() or part.strip()] = int(number) if number.lstrip("-").isdigit() else number
    return pairs


def _from_text(text: str, original: Any, kind: str = "plain") -> Any:
    text = text.strip()
    if text == "":
        return None if not isinstance(original, str) else ""
    if kind == "pairs" and not text.startswith("{"):
        return _pairs(text)
    if kind == "names" and not text.startswith("["):
        return [name.strip() for name in text.split(",")]
    if isinstance(original, bool):
        return text.strip().lower() in YES
    if isinstance(original, str) or original is None and not text.startswith(("{", "[")):
        return text
    if isinstance(original, int):
        return int(text) if text.lstrip("-").isdigit() else text
    try:
        return json.loads(text)
    except ValueError:
        return text


class EditEntryScreen(FormDialog[Entry]):
    """Edit one logged entry field by field; returns the replacement (without seq/at) or None."""

    BOX_CLASSES = "wide"

    def __init__(
        self,
        entry: Entry,
        names: dict[str, str],
        seq: int | None = None,
        side_names: dict[str, str] | None = None,
        label: str | None = None,
    ):
        super().__init__()
        self.entry = entry
        self.label = label  # the entry as the table knows it ("deal 5's contract")
        self.names = names
        self.side_names = side_names or {}
        # the entry's place in the log: a replacement from an earlier correction carries no seq of its own
        self.seq = seq if seq is not None else entry.seq

    def heading(self) -> str:
        label = self.label or _("entry {seq}").format(seq=self.seq)
        return _("Correct {label}: {entry}").format(
            label=label, entry=describe(self.entry, self.names, self.side_names)
        )

    def _fields(self) -> list[tuple[str, str]]:
        return self.fields_of(self.entry)

    @staticmethod
    def fields_of(entry: Entry) -> list[tuple[str, str]]:
        """The entry's fields the table may change, each with how it is typed (none: nothing to correct)."""
        return [
            (name, _field_kind(info.annotation))
            for name, info in type(entry).model_fields.items()
            if name not in HIDDEN_FIELDS
        ]

    def compose_fields(self) -> ComposeResult:
        yield Static(
            _(
                "Change the fields, then Enter or Ctrl+S. Points per side as 'Ann 8, Bob 2'; other lists "
                "as JSON."
            ),
            classes="hint",
        )
        with VerticalScroll(id="edit-fields"):
            for name, kind in self._fields():
                yield labelled(
                    name.replace("_", " "),
                    Input(_to_text(getattr(self.entry, name), kind), id=f"edit-{name}"),
                )

    def compose_foot(self) -> ComposeResult:
        with Horizontal(classes="buttons"):
            yield Button(_("Save (Ctrl+S)"), id="save", variant="primary")
            yield Button(_("Cancel (Esc)"), id="cancel")

    @on(Button.Pressed, "#save")
    def _save_pressed(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self) -> None:
        self.action_cancel()

    def read(self) -> Entry:
        data: dict[str, Any] = {"type": self.entry.type}
        for name, kind in self._fields():
            value = _from_text(self.query_one(f"#edit-{name}", Input).value, getattr(self.entry, name), kind)
            if value is not None:
                data[name] = value
        try:
            return type(self.entry).model_validate(data)
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            field = f"edit-{first['loc'][0]}" if first["loc"] else None
            raise Refused(f"{where}: {first['msg'].removeprefix('Value error, ')}", field=field) from None


class RenameScreen(FormDialog[tuple[str, str]]):
    """Rename a player from here on (a log entry; the header keeps the first name).

    Two fields typed as in the entry forms: who (a first letter is enough), Tab, the new name; Enter in either
    saves. (A list to pick the player from took Enter to open itself, so Enter never saved from there.)"""

    HEADING = N_("Rename a player")
    HINT = N_("Tab: next field · Enter saves · Esc cancels")

    def __init__(self, names: dict[str, str]):
        super().__init__()
        self.names = names  # player -> the name shown now

    def _shown(self) -> list[str]:
        return [visible(shown) for shown in self.names.values()]

    def compose_fields(self) -> ComposeResult:
        # a name is not markup: a player called "[/]" is offered as "[/]"
        shown = self._shown()
        who = NameInput(
            self._shown,
            id="rename-player",
            hints=[
                ", ".join(shown),
                ", ".join(name.split()[0] for name in shown if name.split()),
                _("a name"),
            ],
        )
        yield labelled(_("player"), who)
        yield labelled(_("new name"), Input(placeholder=_("the name from now on"), id="rename-new"))

    def fill(self, value: tuple[str, str]) -> None:
        player, new_name = value
        self.query_one("#rename-player", NameInput).value = visible(self.names.get(player, player))
        self.query_one("#rename-new", Input).value = new_name

    def read(self) -> tuple[str, str]:
        shown = self.query_one("#rename-player", NameInput).resolved
        player = next((p for p, name in self.names.items() if visible(name) == shown), None)
        if player is None:
            raise Refused(
                _("which player? one of {names} (a first letter is enough)").format(
                    names=", ".join(self._shown())
                ),
                field="rename-player",
            )
        new = self.query_one("#rename-new", Input).value.strip()
        if not new:
            raise Refused(_("type the new name"), field="rename-new")
        problem = name_problem(new, _("a new name"))  # the rules would refuse it: say why before it is logged
        if problem:
            raise Refused(problem, field="rename-new")
        problem = clash_problem(new, [name for other, name in self.names.items() if other != player])
        if problem:
            raise Refused(problem, field="rename-new")
        return player, new


class TextScreen(ModalScreen[None]):
    """A page of Markdown (the laws in brief, the bid table …); any of Esc, q or the opening key closes it."""

    BINDINGS = [Binding("escape,q", "close", N_("Close"))]

    def __init__(self, title: str, markdown: str, close_key: str | None = None):
        super().__init__()
        self.title_text = title
        self.markdown = markdown
        if close_key:
            self._bindings.bind(close_key, "close", N_("Close"), show=False)

    def compose(self) -> ComposeResult:
        # one Static drawing Rich's Markdown: Textual's Markdown widget builds a widget per block and took seconds
        # for the laws' pages; this draws the same text in one go, laid out once per width (widgets/page.py)
        from scorepad.tui.widgets.page import PageView, page_for

        with Vertical(classes="dialog wide tall"):  # not words: CSS classes
            yield Label(self.title_text, classes="dialog-title")
            yield PageView(page_for(self.markdown), id="text-page")
            yield Static(_("Esc closes · ↑↓ PgUp PgDn scroll"), classes="hint")

    def on_mount(self) -> None:
        self.query_one("#text-page").focus()  # the keys scroll the page at once

    def action_close(self) -> None:
        self.dismiss(None)
