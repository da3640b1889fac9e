"""The Five Hundred screen: the frame's sheet, log and keys, with Five Hundred's entry form, the bid table
(F2), the auction call by call (F5), irregularities (F6), claims (F7) and the classic three-hand
won / lost / net columns (F8)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding

from scorepad.locale import N_, _
from scorepad.log import Deal, Entry, FHBid, FHClaim, FHContract, FHIrregularity, FHResult, amend_model
from scorepad.rules.base import Sheet
from scorepad.rules.five_hundred import display_call
from scorepad.rules.five_hundred.table import ruleset_markdown
from scorepad.rules.five_hundred.view import DealCells, FiveHundredView
from scorepad.text.describe import describe
from scorepad.tui.games.five_hundred.form import FiveHundredForm
from scorepad.tui.games.five_hundred.sheet import FiveHundredSheet, WonLostNet
from scorepad.tui.screens.game import GameScreen

if TYPE_CHECKING:  # the dialogs are imported when first opened, not before the game's first paint
    from scorepad.tui.games.five_hundred.dialogs import ClaimScreen, IrregularityScreen
    from scorepad.tui.screens.form_dialog import FormDialog


class FiveHundredScreen(GameScreen):
    BINDINGS = [
        Binding("f5", "auction", N_("Auction/contract")),
        Binding("f6", "irregularity", N_("Irregularity")),
        Binding("f7", "claim", N_("Claim")),
        Binding("f8", "won_lost", N_("Won/lost/net")),
    ]

    form_class = FiveHundredForm
    sheet_class = FiveHundredSheet

    def compose_board(self) -> ComposeResult:
        yield FiveHundredSheet()
        yield WonLostNet(id="won-lost-net")

    @property
    def fh_form(self) -> FiveHundredForm | None:
        form = self.form
        return form if isinstance(form, FiveHundredForm) else None

    @property
    def sheet_table(self) -> FiveHundredSheet:
        return self.one(FiveHundredSheet)

    def sheet_changed(self, sheet: Sheet) -> None:
        self.one(WonLostNet).show(sheet, self.sheet_table.classic)

    # ------------------------------------------------------------------ F2: the bid table

    def table_markdown(self) -> str:
        return ruleset_markdown(self.replayer.settings)

    # ------------------------------------------------------------------ F5: contract only / call by call

    def action_auction(self) -> None:
        form = self.fh_form
        if form is None:
            return
        if form.bidding_by_calls:
            form.show_error(
                _(
                    "This deal's auction is being entered call by call: go on with it (Ctrl+Z takes a call back)."
                )
            )
            return
        mode = form.toggle_mode()
        rounds = (
            _("One call each, the dealer last.")
            if self.replayer.settings.auction == "one_round"
            else _("Round and round until all but one have passed.")
        )
        self.notify(
            _("The auction call by call: each Enter logs the call of the player on turn.") + " " + rounds
            if mode == "auction"
            else _("Contract only: who won the bid, at what, and the tricks."),
            timeout=4,
        )

    # ------------------------------------------------------------------ F6: irregularities

    @property
    def view(self) -> FiveHundredView:
        view = self.sheet.view
        assert isinstance(view, FiveHundredView)
        return view

    def action_irregularity(self) -> None:
        form = self.fh_form
        if form is None or self.sheet.finished and self.view.result_seq is None:
            self.notify(_("The game is over."))
            return
        players = list(self.header.players)
        names = [self.sheet.names[p] for p in players]

        def logged(choice: tuple[str, str] | None) -> None:
            if choice is None:
                return
            kind, shown = choice
            player = players[names.index(shown)]
            self.log_entries(
                [
                    *self.irregularity_prefix(kind),
                    FHIrregularity.model_validate({"kind": kind, "player": player}),
                ],
                form,
            )

        from scorepad.tui.games.five_hundred.dialogs import IrregularityScreen

        self.app.push_screen(IrregularityScreen(names, self.irregularity_belongs), logged)

    def irregularity_prefix(self, kind: str) -> list[Entry]:
        """Entries logged before an irregularity: the deal being typed in the form, or a new deal."""
        form = self.fh_form
        assert form is not None
        typed = form.typed_contract()
        if kind in ("revoke", "wrong_cards") and typed:
            return [*form.deal_prefix(), FHContract(player=typed[0], call=typed[1])]
        if kind in ("redeal", "bid_out_of_turn") and form.phase == "deal":
            return form.deal_prefix()
        return []

    def irregularity_belongs(self, kind: str) -> str:
        """Which deal an irregularity of this kind will belong to, in words."""
        form = self.fh_form
        view = self.view
        typed = form.typed_contract() if form else None
        if kind in ("revoke", "wrong_cards") and typed:
            return _(
                "belongs to the deal being entered ({player} {bid}); the contract is logged with it, the tricks follow"
            ).format(player=self.sheet.names[typed[0]], bid=display_call(typed[1]))
        place = view.irregularity_deal(kind)
        if place.coming:
            return _("belongs to the next deal ({player} deals)").format(
                player=self.sheet.names[view.next_dealer]
            )
        if place.deal is None:
            return _("no deal has started yet")
        if place.thrown_in:
            return _("deal {deal} was thrown in ({why}): an irregularity no longer changes it").format(
                deal=place.deal, why=place.thrown_in
            )
        contract = ""
        if view.phase == "deal":
            row = self.sheet.rows[-1] if self.sheet.rows else None
            if row is not None and DealCells.of(row, tuple(self.sheet.sides)).deal == place.deal:
                contract = _(" ({deal}); it is scored again").format(deal=self.sheet.said(row))
        elif view.contractor:
            contract = f" ({self.sheet.names[view.contractor]} {view.contract_display})"
            if place.rescored:
                contract += _("; it is scored again")
        return _("belongs to deal {deal}").format(deal=place.deal) + contract

    # ------------------------------------------------------------------ F7: claims

    def action_claim(self) -> None:
        form = self.fh_form
        if form is None:
            return
        view = self.view
        typed = form.typed_contract()
        if view.may_claim and view.contractor:
            about = _("During {player}'s {contract}.").format(
                player=self.sheet.names[view.contractor], contract=view.contract_display
            )
        elif typed:
            about = _("During {player}'s {contract} (logged with the claim).").format(
                player=self.sheet.names[typed[0]], contract=display_call(typed[1])
            )
        else:
            form.show_error(
                _(
                    "A claim is made during the play of a contract: type the contractor and the bid "
                    "first (or finish the auction), then F7."
                )
            )
            return
        players = list(self.header.players)
        names = [self.sheet.names[p] for p in players]

        def logged(choice: tuple[str, bool] | None) -> None:
            if choice is None:
                return
            shown, upheld = choice
            player = players[names.index(shown)]
            prefix: list[Entry] = []
            if view.phase != "play" and typed:
                prefix = [*form.deal_prefix(), FHContract(player=typed[0], call=typed[1])]
            self.log_entries([*prefix, FHClaim(player=player, upheld=upheld)], form)

        from scorepad.tui.games.five_hundred.dialogs import ClaimScreen

        self.app.push_screen(
            ClaimScreen(names, about + " " + _("Upheld: the claimant wins. Not upheld: play goes on.")),
            logged,
        )

    # ------------------------------------------------------------------ F8: won / lost / net

    def action_won_lost(self) -> None:
        self.sheet_table.toggle_classic(self.sheet)
        self.query_one(WonLostNet).show(self.sheet, self.sheet_table.classic)

    # ------------------------------------------------------------------ corrections

    def correction_dialog(self, seq: int, current: Entry) -> FormDialog[Any] | None:
        """A deal, a call, a contract or a result is corrected in the entry form; a contract together with its
        deal's result, as the quick entry typed them; an irregularity or a claim in its dialog."""
        from scorepad.tui.screens.correction import CorrectionScreen

        if isinstance(current, FHIrregularity):
            return self._irregularity_dialog(seq, current)
        if isinstance(current, FHClaim):
            return self._claim_dialog(seq, current)
        if not isinstance(current, Deal | FHBid | FHResult):
            return None
        targets: list[tuple[int, Entry]] = [(seq, current)]
        if isinstance(current, FHContract) and (result := self.following(seq, FHResult, ("irregularity",))):
            targets.append(result)
        names, sides = self.sheet.names, self.sheet.side_names
        title = " · ".join(f"{self.replayer.entry_label(s)}: {describe(e, names, sides)}" for s, e in targets)
        return CorrectionScreen(
            FiveHundredForm(id="correction-form"),
            self.replayer,
            targets,
            _("Correct {entries}").format(entries=title),
        )

    def _shown_names(self) -> tuple[list[str], list[str]]:
        players = list(self.header.players)
        return players, [self.sheet.names[p] for p in players]

    def _irregularity_dialog(self, seq: int, current: FHIrregularity) -> IrregularityScreen:
        from scorepad.tui.games.five_hundred.dialogs import IrregularityScreen

        players, names = self._shown_names()

        def typed(choice: tuple[str, str]) -> Entry:
            kind, shown = choice
            return FHIrregularity.model_validate({"kind": kind, "player": players[names.index(shown)]})

        earlier = self.replayer.as_of(seq).sheet().view  # the game just before it was logged

        def where(kind: str) -> str:
            place = earlier.irregularity_deal(kind) if isinstance(earlier, FiveHundredView) else None
            if place is None or place.deal is None:
                return _("no deal had started")
            return (
                _("belongs to the deal after it")
                if place.coming
                else _("belongs to deal {deal}").format(deal=place.deal)
            )

        dialog = IrregularityScreen(names, where)
        initial = (current.kind, self.sheet.names.get(current.player, current.player))
        return dialog.correcting(self.correcting(seq, current, initial, typed))

    def _claim_dialog(self, seq: int, current: FHClaim) -> ClaimScreen:
        from scorepad.tui.games.five_hundred.dialogs import ClaimScreen

        players, names = self._shown_names()

        def typed(choice: tuple[str, bool]) -> Entry:
            shown, upheld = choice
            return FHClaim(player=players[names.index(shown)], upheld=upheld)

        dialog = ClaimScreen(names, _("Upheld: the claimant wins. Not upheld: play goes on."))
        initial = (self.sheet.names.get(current.player, current.player), current.upheld)
        return dialog.correcting(self.correcting(seq, current, initial, typed))

    # ------------------------------------------------------------------ the rules' question

    @on(FiveHundredForm.Answered)
    def _answered(self, event: FiveHundredForm.Answered) -> None:
        event.stop()
        current = self._current_version(event.result_seq)
        if current is None:
            return
        replacement = current.model_copy(update={"seq": None, "at": None, "first_to_target": event.side})
        self.correct(
            amend_model(self.header.game)(
                target=event.result_seq,
                entry=replacement,
                note="the table's answer: first to the target",  # not words: the log's note (the log speaks English)
            )
        )
