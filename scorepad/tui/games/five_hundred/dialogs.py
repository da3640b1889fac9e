"""Five Hundred's small dialogs: an irregularity (kind + offender) and a claim (claimant + upheld?).

Both are typed like the entry form: a letter, Tab, an initial, Enter. Esc cancels."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from scorepad.tui.plain import plain
from scorepad.tui.widgets.fields import NameInput, ParseValidator, resolve_name

KINDS = {
    "revoke": ("r", "revoke",
               "by the contractor's side: the contract is set; by an opponent: it counts as made and the "
               "opponents score nothing this deal"),
    "wrong_cards": ("w", "wrong number of cards",
                    "found in play: the contractor's hand wrong → set, an opponent's → made, both → the same "
                    "dealer deals again; found during the bidding: that player may not bid this deal"),
    "bid_out_of_turn": ("b", "bid out of turn",
                        "partnership: the offender's side may not bid again this deal (the bid is void); "
                        "each player alone: no penalty"),
    "redeal": ("d", "redeal",
               "no score: the same dealer deals again (misdeal, pack not cut, two hands wrong …)"),
}
WORDS = {
    "r": "revoke", "revoke": "revoke", "reneg": "revoke", "renege": "revoke",
    "w": "wrong_cards", "wrong": "wrong_cards", "wrong cards": "wrong_cards", "wrong_cards": "wrong_cards",
    "b": "bid_out_of_turn", "bid": "bid_out_of_turn", "out of turn": "bid_out_of_turn",
    "bid out of turn": "bid_out_of_turn", "bid_out_of_turn": "bid_out_of_turn",
    "d": "redeal", "redeal": "redeal", "new deal": "redeal", "misdeal": "redeal", "m": "redeal",
}  # fmt: skip
KIND_HELP = "r revoke · w wrong number of cards · b bid out of turn · d redeal"


def parse_kind(text: str) -> str | None:
    return WORDS.get(" ".join(text.strip().lower().replace("-", " ").split()))


def parse_yes_no(text: str) -> bool | None:
    word = text.strip().lower()
    if word in ("y", "yes", "u", "upheld", "j", "1"):
        return True
    if word in ("n", "no", "not", "0"):
        return False
    return None


class IrregularityScreen(ModalScreen[tuple[str, str] | None]):
    """Which irregularity, by whom. `where(kind)` says which deal it will belong to."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, names: Sequence[str], where: Callable[[str], str]):
        super().__init__()
        self.names = list(names)
        self.where = where

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide", id="irregularity"):
            yield Label("An irregularity with an effect on the score", classes="dialog-title")
            yield Static("\n".join(f"{key}  {label}: {effect}" for key, label, effect in KINDS.values()),
                         classes="hint")
            with Horizontal(classes="field"):
                yield Label("kind")
                yield Input(id="irr-kind", placeholder=KIND_HELP, validators=[ParseValidator(self._kind_problem)])
            with Horizontal(classes="field"):
                yield Label("offender")
                yield NameInput(lambda: self.names, "player", id="irr-player", placeholder="initial")
            yield Static("", id="irr-where", classes="hint", markup=False)
            yield Static("", id="irr-error", classes="error")
            yield Static("Enter logs it · Esc cancels", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#irr-kind", Input).focus()

    @staticmethod
    def _kind_problem(text: str) -> str | None:
        if not text.strip() or parse_kind(text):
            return None
        return f"kind: {KIND_HELP}"

    @on(Input.Changed, "#irr-kind")
    def _kind_changed(self, event: Input.Changed) -> None:
        kind = parse_kind(event.value)
        self.query_one("#irr-where", Static).update(
            plain(f"{KINDS[kind][1]}: {self.where(kind)}" if kind else ""))

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        kind_field = self.query_one("#irr-kind", Input)
        kind = parse_kind(kind_field.value)
        error = self.query_one("#irr-error", Static)
        if kind is None:
            error.update(f"kind: {KIND_HELP}")
            kind_field.focus()
            return
        offender = resolve_name(self.query_one("#irr-player", Input).value, self.names)
        if offender is None:
            error.update(plain(f"offender: one of {', '.join(self.names)} (a first letter is enough)"))
            self.query_one("#irr-player", Input).focus()
            return
        self.dismiss((kind, offender))

    def action_cancel(self) -> None:
        self.dismiss(None)


class ClaimScreen(ModalScreen[tuple[str, bool] | None]):
    """Three-hand: an opponent claims the game and shows his cards. Upheld: he wins; not: play goes on."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, names: Sequence[str], about: str):
        super().__init__()
        self.names = list(names)
        self.about = about

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="claim"):
            yield Label("A claim of the game", classes="dialog-title")
            yield Static(self.about, classes="hint", markup=False)
            with Horizontal(classes="field"):
                yield Label("claimed by")
                yield NameInput(lambda: self.names, "player", id="claim-player", placeholder="initial")
            with Horizontal(classes="field"):
                yield Label("upheld? (y/n)")
                yield Input(id="claim-upheld", placeholder="y or n",
                            validators=[ParseValidator(self._upheld_problem)])
            yield Static("", id="claim-error", classes="error")
            yield Static("Enter logs it · Esc cancels", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#claim-player", Input).focus()

    @staticmethod
    def _upheld_problem(text: str) -> str | None:
        return None if not text.strip() or parse_yes_no(text) is not None else "upheld? y or n"

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        error = self.query_one("#claim-error", Static)
        player = resolve_name(self.query_one("#claim-player", Input).value, self.names)
        if player is None:
            error.update(plain(f"claimed by whom? one of {', '.join(self.names)}"))
            self.query_one("#claim-player", Input).focus()
            return
        upheld = parse_yes_no(self.query_one("#claim-upheld", Input).value)
        if upheld is None:
            error.update("was the claim upheld? y or n")
            self.query_one("#claim-upheld", Input).focus()
            return
        self.dismiss((player, upheld))

    def action_cancel(self) -> None:
        self.dismiss(None)
