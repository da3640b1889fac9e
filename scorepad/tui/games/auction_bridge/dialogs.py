"""Auction Bridge dialogs: revoke and chicane for the next result, confirming stop/agree, correcting a result."""

from __future__ import annotations

from collections.abc import Mapping

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from scorepad.log import ABResult, Honours
from scorepad.rules.auction_bridge import Settings
from scorepad.rules.auction_bridge.scoring import TRICKS_IN_A_DEAL
from scorepad.tui.games.auction_bridge.codes import (
    honours_code,
    letter_of,
    parse_honours,
    parse_side,
    side_choices,
)
from scorepad.tui.games.auction_bridge.form import Extras
from scorepad.tui.plain import plain
from scorepad.tui.screens.modals import ConfirmScreen
from scorepad.tui.widgets.fields import YES, int_problem


class IrregularitiesScreen(ModalScreen[Extras | None]):
    """Revoke (and chicane, where the ruleset scores it) for the result about to be entered."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "save", "Save", priority=True),
    ]

    def __init__(self, extras: Extras, letters: Mapping[str, str], side_names: Mapping[str, str],
                 settings: Settings):
        super().__init__()
        self.extras = extras
        self.letters = letters
        self.side_names = side_names
        self.settings = settings

    def _letter(self, side: str | None) -> str:
        return letter_of(side, self.letters) if side else ""

    def compose(self) -> ComposeResult:
        sides = side_choices(self.letters, self.side_names)
        revoke = self.extras.revoke
        chicane = self.extras.chicane
        choice = {"points": "p", "tricks": "t"}.get(revoke[1] if revoke and revoke[1] else "", "")
        with Vertical(classes="dialog", id="irregularities"):
            yield Label("Revoke and chicane (they go with the next result)", classes="dialog-title")
            with Horizontal(classes="field"):
                yield Label("revoke by")
                yield Input(self._letter(revoke[0] if revoke else None), id="revoke-side",
                            placeholder=f"{sides}; blank: none")
            with Horizontal(classes="field"):
                yield Label("declarer takes")
                yield Input(choice, id="revoke-choice",
                            placeholder=f"adversaries revoked: p {self.settings.revoke_penalty} points, "
                                        f"t {self.settings.revoke_tricks} tricks")
            if self.settings.chicane:
                with Horizontal(classes="field"):
                    yield Label("chicane")
                    yield Input(self._letter(chicane[0] if chicane else None), id="chicane-side",
                                placeholder=f"side void of trumps: {sides}; blank: none")
                with Horizontal(classes="field"):
                    yield Label("double chicane")
                    yield Input("y" if chicane and chicane[1] else "", id="chicane-double",
                                placeholder="y: both its hands are void of trumps")
            yield Static("", id="irregularities-error", classes="error")
            yield Static("Enter saves · Esc leaves it as it was · blank fields: none", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#revoke-side", Input).focus()

    def _text(self, field_id: str) -> str:
        found = self.query(f"#{field_id}")
        return found.first(Input).value.strip() if found else ""

    @on(Input.Submitted)
    def action_save(self) -> None:
        try:
            extras = self._read()
        except ValueError as error:
            self.query_one("#irregularities-error", Static).update(plain(str(error)))
            return
        self.dismiss(extras)

    def _read(self) -> Extras:
        revoke = chicane = None
        if side_text := self._text("revoke-side"):
            side = parse_side(side_text, self.letters, self.side_names)
            choice_text = self._text("revoke-choice").casefold()
            choices = {"p": "points", "points": "points", "t": "tricks", "tricks": "tricks", "": None}
            if choice_text not in choices:
                raise ValueError("declarer takes: p (points) or t (tricks), or blank when his own side revoked")
            revoke = (side, choices[choice_text])
        if side_text := self._text("chicane-side"):
            chicane = (parse_side(side_text, self.letters, self.side_names),
                       self._text("chicane-double").casefold() in YES)
        return Extras(revoke, chicane)

    def action_cancel(self) -> None:
        self.dismiss(None)


class AgreeScreen(ConfirmScreen):
    """The rubber's score agreed (Laws 12–13): after it, nothing of the rubber can be corrected."""

    BINDINGS = [
        Binding("y,enter", "agree", "Agree"),
        Binding("n,escape", "cancel", "Not yet"),
    ]
    QUESTION = "Agree the rubber's score?"
    HINT = "Once agreed, no entry of this rubber can be corrected any more (Laws 12, 13)."
    AGREE = "Agree (y)"
    BODY_ID = "agree-score"


class StopScreen(ModalScreen[str | None]):
    """Stop an unfinished rubber (Law 11), with an optional reason."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, text: str):
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="stop"):
            yield Label("Stop the rubber here? (Law 11)", classes="dialog-title")
            yield Static(plain(self.text))
            yield Input(placeholder="reason (optional), then Enter", id="stop-reason")
            yield Static("Enter stops the rubber · Esc goes on playing", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#stop-reason", Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)


class ResultEditScreen(ModalScreen[ABResult | None]):
    """Correct a deal's result the way it was typed: tricks and honours (revoke and chicane are kept)."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "save", "Save", priority=True),
    ]

    def __init__(self, seq: int, title: str, result: ABResult, strain: str, letters: Mapping[str, str],
                 side_names: Mapping[str, str]):
        super().__init__()
        self.seq = seq
        self.title_text = title
        self.result = result
        self.strain = strain
        self.letters = letters
        self.side_names = side_names

    def compose(self) -> ComposeResult:
        honours = self.result.honours
        code = honours_code(honours.side, honours.holding, self.letters) if honours else ""
        sides = side_choices(self.letters, self.side_names)
        with Vertical(classes="dialog", id="result-edit"):
            yield Label(plain(f"Correct entry #{self.seq}: {self.title_text}"), classes="dialog-title")
            with Horizontal(classes="field"):
                yield Label("tricks")
                yield Input(str(self.result.tricks), id="edit-tricks",
                            placeholder=f"won by the declarer's side, 0 to {TRICKS_IN_A_DEAL}")
            with Horizontal(classes="field"):
                yield Label("honours")
                yield Input(code, id="edit-honours", placeholder=f"side ({sides}) then the holding; blank: none")
            yield Static("", id="result-edit-error", classes="error")
            yield Static("Enter or Ctrl+S saves the correction · Esc cancels. An honours-only change may be made "
                         "until the rubber is agreed (Law 12); a trick-score change only until a declaration in "
                         "the following game (Law 13).", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#edit-tricks", Input).focus()

    @on(Input.Submitted)
    def action_save(self) -> None:
        error = self.query_one("#result-edit-error", Static)
        tricks_text = self.query_one("#edit-tricks", Input).value
        problem = int_problem(0, TRICKS_IN_A_DEAL, "tricks")(tricks_text)
        if problem:
            error.update(plain(problem))
            return
        try:
            honours = parse_honours(self.query_one("#edit-honours", Input).value, self.letters, self.side_names,
                                    self.strain)
        except ValueError as reason:
            error.update(plain(str(reason)))
            return
        replacement = self.result.model_copy(update={
            "tricks": int(tricks_text),
            "honours": Honours.model_validate({"side": honours[0], "holding": honours[1]}) if honours else None,
            "seq": None,
            "at": None,
        })
        self.dismiss(replacement)

    def action_cancel(self) -> None:
        self.dismiss(None)
