"""Five Hundred's small dialogs: an irregularity (kind + offender) and a claim (claimant + upheld?).

Both are typed like the entry form: a letter, Tab, an initial, Enter. Esc cancels. Each also corrects a logged
one (`FormDialog.correcting`), opened filled with it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual import on
from textual.app import ComposeResult
from textual.widgets import Input, Static

from scorepad.locale import N_, _
from scorepad.tui.plain import plain
from scorepad.tui.screens.form_dialog import FormDialog, Refused, labelled
from scorepad.tui.shorthand import resolve_name
from scorepad.tui.widgets.fields import HintedInput, NameInput, ParseValidator

KINDS = {
    "revoke": (
        "r",
        N_("revoke"),
        N_(
            "by the contractor's side: the contract is set; by an opponent: it counts as made and the "
            "opponents score nothing this deal"
        ),
    ),
    "wrong_cards": (
        "w",
        N_("wrong number of cards"),
        N_(
            "found in play: the contractor's hand wrong → set, an opponent's → made, both → the same "
            "dealer deals again; found during the bidding: that player may not bid this deal"
        ),
    ),
    "bid_out_of_turn": (
        "b",
        N_("bid out of turn"),
        N_(
            "partnership: the offender's side may not bid again this deal (the bid is void); "
            "each player alone: no penalty"
        ),
    ),
    "redeal": (
        "d",
        N_("redeal"),
        N_("no score: the same dealer deals again (misdeal, pack not cut, two hands wrong …)"),
    ),
}
WORDS = {
    "r": "revoke", "revoke": "revoke", "reneg": "revoke", "renege": "revoke",
    "w": "wrong_cards", "wrong": "wrong_cards", "wrong cards": "wrong_cards", "wrong_cards": "wrong_cards",
    "b": "bid_out_of_turn", "bid": "bid_out_of_turn", "out of turn": "bid_out_of_turn",
    "bid out of turn": "bid_out_of_turn", "bid_out_of_turn": "bid_out_of_turn",
    "d": "redeal", "redeal": "redeal", "new deal": "redeal", "misdeal": "redeal", "m": "redeal",
}  # fmt: skip
KIND_HELP = N_("r revoke · w wrong number of cards · b bid out of turn · d redeal")


def parse_kind(text: str) -> str | None:
    return WORDS.get(" ".join(text.strip().lower().replace("-", " ").split()))


def parse_yes_no(text: str) -> bool | None:
    word = text.strip().lower()
    if word in ("y", "yes", "u", "upheld", "j", "ja", "o", "oui", "s", "sì", "si", "д", "да", "1"):
        return True
    if word in ("n", "no", "not", "nein", "non", "н", "нет", "0"):
        return False
    return None


class IrregularityScreen(FormDialog[tuple[str, str]]):
    """Which irregularity, by whom. `where(kind)` says which deal it will belong to."""

    HEADING = N_("An irregularity with an effect on the score")
    HINT = N_("Enter logs it · Esc cancels")
    BOX_ID = "irregularity"
    BOX_CLASSES = "wide"
    # short of rows (80×24) the four kinds' effects do not fit with the fields: the keys in one line, and the
    # effect of the kind typed under the fields
    VERTICAL_BREAKPOINTS = [(0, "-short"), (28, "-tall")]
    DEFAULT_CSS = """  # not words: CSS
    IrregularityScreen #irr-keys, IrregularityScreen #irr-effect { display: none; }
    IrregularityScreen.-short #irr-kinds { display: none; }
    IrregularityScreen.-short #irr-keys, IrregularityScreen.-short #irr-effect { display: block; }
    """

    def __init__(self, names: Sequence[str], where: Callable[[str], str]):
        super().__init__()
        self.names = list(names)
        self.where = where

    def heading(self) -> str:
        return super().heading() if self.correction is not None else _(self.HEADING)

    def hint(self) -> str:
        return super().hint() if self.correction is not None else _(self.HINT)

    def compose_fields(self) -> ComposeResult:
        if self.correction is None:
            yield Static(
                "\n".join(f"{key}  {_(label)}: {_(effect)}" for key, label, effect in KINDS.values()),
                classes="hint",
                id="irr-kinds",
            )
            yield Static(_(KIND_HELP), classes="hint", id="irr-keys")
        else:  # the line under the fields says what the correction does
            yield Static(_(KIND_HELP), classes="hint")
        yield labelled(
            _("kind"),
            HintedInput(  # the line above says each kind in words: the hint gives way to its letters
                id="irr-kind",
                hints=[_(KIND_HELP), "r, w, b or d"],
                validators=[ParseValidator(self._kind_problem)],
            ),
        )
        yield labelled(
            _("offender"),
            NameInput(lambda: self.names, _("player"), id="irr-player", placeholder=_("initial")),
        )
        yield Static("", id="irr-where", classes="hint", markup=False)
        if self.correction is None:
            yield Static("", id="irr-effect", classes="hint", markup=False)

    @staticmethod
    def _kind_problem(text: str) -> str | None:
        if not text.strip() or parse_kind(text):
            return None
        return _("kind: {help}").format(help=_(KIND_HELP))

    @on(Input.Changed, "#irr-kind")
    def _kind_changed(self, event: Input.Changed) -> None:
        kind = parse_kind(event.value)
        self.query_one("#irr-where", Static).update(
            plain(f"{_(KINDS[kind][1])}: {self.where(kind)}" if kind else "")
        )
        for effect in self.query("#irr-effect").results(Static):
            effect.update(plain(_(KINDS[kind][2]) if kind else ""))

    def fill(self, value: tuple[str, str]) -> None:
        kind, offender = value
        self.query_one("#irr-kind", Input).value = KINDS[kind][0]
        self.query_one("#irr-player", Input).value = offender

    def read(self) -> tuple[str, str]:
        kind = parse_kind(self.query_one("#irr-kind", Input).value)
        if kind is None:
            raise Refused(_("kind: {help}").format(help=_(KIND_HELP)), field="irr-kind")
        offender = resolve_name(self.query_one("#irr-player", Input).value, self.names)
        if offender is None:
            raise Refused(
                _("offender: one of {players} (a first letter is enough)").format(
                    players=", ".join(self.names)
                ),
                field="irr-player",
            )
        return kind, offender


class ClaimScreen(FormDialog[tuple[str, bool]]):
    """Three-hand: an opponent claims the game and shows his cards. Upheld: he wins; not: play goes on."""

    HEADING = N_("A claim of the game")
    HINT = N_("Enter logs it · Esc cancels")
    BOX_ID = "claim"

    def __init__(self, names: Sequence[str], about: str):
        super().__init__()
        self.names = list(names)
        self.about = about

    def heading(self) -> str:
        return super().heading() if self.correction is not None else _(self.HEADING)

    def hint(self) -> str:
        return super().hint() if self.correction is not None else _(self.HINT)

    def compose_fields(self) -> ComposeResult:
        yield Static(plain(self.about), classes="hint")
        yield labelled(
            _("claimed by"),
            NameInput(lambda: self.names, _("player"), id="claim-player", placeholder=_("initial")),
        )
        yield labelled(
            _("upheld? (y/n)"),
            Input(
                id="claim-upheld", placeholder=_("y or n"), validators=[ParseValidator(self._upheld_problem)]
            ),
        )

    @staticmethod
    def _upheld_problem(text: str) -> str | None:
        return None if not text.strip() or parse_yes_no(text) is not None else _("upheld? y or n")

    def fill(self, value: tuple[str, bool]) -> None:
        player, upheld = value
        self.query_one("#claim-player", Input).value = player
        self.query_one("#claim-upheld", Input).value = "y" if upheld else "n"

    def read(self) -> tuple[str, bool]:
        player = resolve_name(self.query_one("#claim-player", Input).value, self.names)
        if player is None:
            raise Refused(
                _("claimed by whom? one of {players}").format(players=", ".join(self.names)),
                field="claim-player",
            )
        upheld = parse_yes_no(self.query_one("#claim-upheld", Input).value)
        if upheld is None:
            raise Refused(_("was the claim upheld? y or n"), field="claim-upheld")
        return player, upheld
