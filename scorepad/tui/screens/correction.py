"""Correcting logged entries in the game's own form: the fields they were typed in, filled with them.

The dialog holds a fresh copy of the game's entry form and gives it the game as it stood just before the first
entry corrected (`Replayer.as_of`): the form shows the fields of that moment, reads them with its own shorthands
and checks, and hands what it read to `log_entries` here instead of the log. Those become amendments of the
entries corrected; what they would do (the totals, the deal scored again, or the rules' reason for refusing
them) is shown as it is typed, from `Replayer.preview_correction`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.widgets import Static

from scorepad.locale import N_, _
from scorepad.log import Amend, Entry, amend_model
from scorepad.rules.base import Replayer, Sheet
from scorepad.rules.names import visible
from scorepad.tui.screens.correcting import refusal_of, replacement_for, same, say_correction
from scorepad.tui.screens.form_dialog import FormDialog
from scorepad.tui.widgets.entry_form import EntryForm, Refused


class CorrectionScreen(FormDialog[list[Amend]]):
    """Correct one entry (or a deal's contract and result together) in the game's form; dismisses with the
    amendments to log (none when nothing changed) or None when cancelled."""

    BOX_ID = "correction"
    BOX_CLASSES = "wide"
    HINT = N_("Enter saves the correction · Esc leaves the entry as it was")
    DEFAULT_CSS = """
    CorrectionScreen EntryForm { border-top: none; padding: 0; }
    """

    def __init__(self, form: EntryForm, game: Replayer, targets: Sequence[tuple[int, Entry]], title: str):
        super().__init__()
        self.form = form
        self.game = game
        self.targets = list(targets)
        self.title_text = title
        # what the form reads as `screen.replayer` and `screen.sheet`: the game just before the first entry
        self.replayer = game.as_of(self.targets[0][0])
        # ... but with everyone called as they are now: a player renamed since is one person with one name
        now = game.sheet()
        self.sheet: Sheet = replace(self.replayer.sheet(), names=now.names, side_names=now.side_names)

    def heading(self) -> str:
        return self.title_text

    def compose_fields(self) -> ComposeResult:
        yield self.form
        yield Static("", id="correction-preview")

    def on_mount(self) -> None:
        form = self.form
        form.update_sheet(self.sheet)
        form.correct([entry for _, entry in self.targets])  # laid out for these entries and filled with them
        fields = [f for f in form.visible_inputs() if not f.disabled]
        if fields:
            self.set_focus(fields[0])  # at once: keys typed right after the dialog opens land in it
        self.refresh_preview()

    # ------------------------------------------------------------------ reading the form

    def amendments(self, typed: Sequence[Entry]) -> list[Amend]:
        """The amendments the typed entries stand for: one per entry that changed. Raises `Refused`."""
        if len(typed) != len(self.targets) or any(
            t.type != c.type for t, (_, c) in zip(typed, self.targets, strict=False)
        ):
            raise Refused(
                _("this corrects {entries} only: anything else is entered in the game's form").format(
                    entries=_(" and ").join(_kind(c) for _target, c in self.targets)
                )
            )
        amend = amend_model(self.game.header.game)
        amendments = []
        for (seq, current), new in zip(self.targets, typed, strict=True):
            replacement = replacement_for(current, new)
            if not same(replacement, current):
                amendments.append(amend(target=seq, entry=replacement))
        return amendments

    def typed(self) -> list[Amend]:
        """What the fields stand for now. Raises `Refused` while they are incomplete or wrong."""
        problem = self.form.first_invalid_quietly()
        if problem:
            raise Refused(problem)
        return self.amendments(self.form.entries_typed())

    def read(self) -> list[Amend]:
        amendments = self.typed()
        refusal = refusal_of(self.game, amendments)
        if refusal:  # the rules refuse it: say why, keep the fields
            raise Refused(refusal)
        return amendments

    def corrections(self, value: list[Amend]) -> list[Amend]:
        return value

    def log_entries(self, entries: list[Entry], form: EntryForm | None = None) -> bool:
        """The form's Enter, once its fields read well: save the correction (the form calls its screen)."""
        self.action_save()
        return False  # nothing is logged here: the game screen logs the amendments

    # ------------------------------------------------------------------ what it would do

    @on(EntryForm.Edited)
    def _edited(self, event: EntryForm.Edited) -> None:
        event.stop()
        self.refresh_preview()

    def refresh_preview(self) -> None:
        line = self.query_one("#correction-preview", Static)
        text, refused = self.preview()
        line.update(Text(visible(text, keep_lines=True)))
        line.set_class(refused, "-refused")

    def preview(self) -> tuple[str, bool]:
        """What saving would do, in words, and whether the rules refuse it."""
        try:
            if self.form.first_invalid_quietly():
                return "", False  # the form's own line says what is wrong
            typed = self.form.entries_typed()
        except Refused:
            return "", False  # … or what is missing
        if not typed:
            return "", False  # a field emptied to be typed again: nothing to say yet
        try:
            amendments = self.amendments(typed)
        except Refused as refused:  # the form reads well, but as another kind of entry
            said = str(refused)
            return said[:1].upper() + said[1:], True
        saving = say_correction(self.game, amendments)
        return saving.text, saving.refused


def _kind(entry: Entry) -> str:
    words: dict[str, Any] = {
        "result": N_("the result"),
        "contract": N_("the contract"),
        "bid": N_("the call"),
        "deal": N_("the dealer"),
        "trump": N_("the trump"),
        "tricks": N_("the card points"),
        "weis": N_("one player's Weis"),
        "stoeck": N_("one player's Stöck"),
    }
    return _(words[entry.type]) if entry.type in words else _("the {entry}").format(entry=entry.type)
