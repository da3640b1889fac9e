"""The Auction Bridge screen: the classic score pad, the per-deal sheet, and a form for a deal in ~10 keys.

Keys beyond the frame's: F5 switches between typing the auction and entering only the final contract,
F6 revoke / chicane for the next result, F7 stops an unfinished rubber (Law 11), F8 agrees the rubber's score.
A result is corrected in its own terms (tricks, honours) from the log pane (Ctrl+E, Enter).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll

from scorepad.locale import N_, _
from scorepad.log import ABAgree, ABBid, ABContract, ABResult, ABStop, Entry
from scorepad.rules.auction_bridge import (
    STRAINS,
    Settings,
    holdings_for,
    honour_value,
    split_bid,
)
from scorepad.rules.auction_bridge.calls import HOLDING_TEXT, STRAIN_SYMBOLS
from scorepad.rules.auction_bridge.table import bid_values, scoring_table
from scorepad.rules.auction_bridge.view import BridgeView, DealCells, bridge_cells
from scorepad.rules.base import Sheet
from scorepad.text.describe import declarer_of, describe
from scorepad.tui.games.auction_bridge.codes import codes_for
from scorepad.tui.games.auction_bridge.form import BridgeForm, Extras
from scorepad.tui.games.auction_bridge.pad import BridgePad, BridgePadHeading, BridgeSheet
from scorepad.tui.screens.game import GameScreen

if TYPE_CHECKING:  # the dialogs are imported when first opened, not before the game's first paint
    from scorepad.tui.screens.form_dialog import FormDialog


class AuctionBridgeScreen(GameScreen):
    BINDINGS = [
        Binding("f5", "toggle_mode", N_("Auction")),
        Binding("f6", "irregularities", N_("Revoke")),
        Binding("f7", "stop", N_("Stop")),
        Binding("f8", "agree", N_("Agree")),
    ]

    DEFAULT_CSS = """
    AuctionBridgeScreen #bridge-pad-box { height: auto; max-height: 65%; }
    AuctionBridgeScreen BridgeSheet { height: 1fr; min-height: 4; }
    /* short of rows the deal list keeps its rows first (up to half the board), the pad the rest, scrolled to its
       foot (the totals and what makes game): the pad sized first left the list's latest row under the form */
    AuctionBridgeScreen.-short #bridge-pad-box { height: 1fr; max-height: 100%; }
    AuctionBridgeScreen.-short BridgeSheet { height: auto; min-height: 2; max-height: 50%; }
    """

    form_class = BridgeForm
    sheet_class = BridgeSheet
    needs_in_frame = False  # the pad's last line says what each side needs for game

    def compose_board(self) -> ComposeResult:
        heading = BridgePadHeading()  # the side names stay in view when the pad scrolls to its foot
        yield heading
        with VerticalScroll(id="bridge-pad-box", can_focus=False):  # Tab goes round the fields, not the pad
            yield BridgePad(heading=heading, needs=True)
        yield self.sheet_class()

    @property
    def bridge_form(self) -> BridgeForm | None:
        form = self.form
        return form if isinstance(form, BridgeForm) else None

    @property
    def settings(self) -> Settings:
        settings: Settings = self.replayer.settings
        return settings

    def sheet_changed(self, sheet: Sheet) -> None:
        self.one(BridgePad).show(sheet, self.settings)
        box = self.one("#bridge-pad-box", VerticalScroll)
        box.call_after_refresh(box.scroll_end, animate=False)

    def on_resize(self) -> None:
        # (GameScreen's own resize runs too) the honours' hint is worded for a short screen or a tall one:
        # said again once the resize has set the screen's height class
        form = self.bridge_form
        if form is not None:
            self.call_after_refresh(form.refresh_texts)

    # ------------------------------------------------------------------ keys

    def action_toggle_mode(self) -> None:
        if self.bridge_form is not None:
            self.bridge_form.toggle_mode()

    def action_irregularities(self) -> None:
        form = self.bridge_form
        if form is None:
            return
        if form.view.over:
            form.show_error(_("The rubber is over: there is no result to enter."))
            return

        def chosen(extras: Extras | None) -> None:
            if extras is not None:
                form.set_extras(extras)
                # the form's preview says what goes with the result (F6 changes): said once, not again here
                form.show_info(
                    _("Noted: it goes with the result you log next.")
                    if extras
                    else _("No revoke or chicane with the next result.")
                )

        from scorepad.tui.games.auction_bridge.dialogs import IrregularitiesScreen

        self.app.push_screen(
            IrregularitiesScreen(form.extras, form.letters, dict(self.sheet.side_names), self.settings),
            chosen,
        )

    @property
    def view(self) -> BridgeView:
        view = self.sheet.view
        assert isinstance(view, BridgeView)
        return view

    def action_stop(self) -> None:
        form = self.bridge_form
        if self.view.over:
            self._say_error(_("The rubber is already over."), form)
            return
        if self.view.stop_refusal:  # e.g. Law 11: a deal once started is finished first
            self._say_error(self.view.stop_refusal, form)
            return
        bonus = self.settings.unfinished_game_bonus
        text = _(
            "Play stops at an agreed time: the score is made up as it stands, and each side adds {bonus} "
            "for every game it has won. The side with the larger total wins the rubber."
        ).format(bonus=bonus)

        def decided(reason: str | None) -> None:
            if reason is not None:
                self.log_entries([ABStop(reason=reason)], form)

        from scorepad.tui.games.auction_bridge.dialogs import StopScreen

        self.app.push_screen(StopScreen(text), decided)

    def action_agree(self) -> None:
        form = self.bridge_form
        view = self.view
        if view.phase == "agreed":
            self._say_error(_("The rubber's score is already agreed."), form)
            return
        if not view.may_agree:
            self._say_error(
                _(
                    "The rubber is still being played: its score is agreed once it ends "
                    "(or F7 stops it unfinished, Law 11)."
                ),
                form,
            )
            return

        def decided(yes: bool | None) -> None:
            if yes:
                self.log_entries([ABAgree()], form)

        from scorepad.tui.games.auction_bridge.dialogs import AgreeScreen

        self.app.push_screen(AgreeScreen(f"{self.sheet.result}."), decided)

    # ------------------------------------------------------------------ corrections

    def correction_dialog(self, seq: int, current: Entry) -> FormDialog[Any] | None:
        """A call, or a contract with its deal's result, is corrected in the entry form; a result alone as it
        was typed (tricks, honours, and the revoke and chicane F6 gave it); a stop's reason in its dialog. Others
        (the deal, which the dealer's turn logs) by the frame's editor."""
        from scorepad.tui.games.auction_bridge.dialogs import ResultEditScreen, StopScreen
        from scorepad.tui.screens.correction import CorrectionScreen

        form = self.bridge_form
        if form is None:
            return None
        if isinstance(current, ABStop):
            stop = StopScreen(_("The rubber stopped here (Law 11): correct the reason given."))
            return stop.correcting(
                self.correcting(seq, current, current.reason, lambda reason: ABStop(reason=reason))
            )
        if isinstance(current, ABBid | ABContract):
            # a call, or a contract with its deal's result as the contract entry typed them, in the entry form
            targets: list[tuple[int, Entry]] = [(seq, current)]
            if isinstance(current, ABContract) and (result := self.following(seq, ABResult)):
                targets.append(result)
            names, sides = self.sheet.names, self.sheet.side_names
            title = " · ".join(
                f"{self.replayer.entry_label(s)}: {describe(e, names, sides, declarer_of(self.sheet, s))}"
                for s, e in targets
            )
            return CorrectionScreen(
                BridgeForm(id="correction-form"),
                self.replayer,
                targets,
                _("Correct {entry}").format(entry=title),
            )
        row = next((r for r in self.sheet.rows if r.seq == seq), None)
        cells = bridge_cells(row, tuple(self.sheet.sides)) if row is not None else None
        if not isinstance(current, ABResult) or not isinstance(cells, DealCells):
            return None
        strain = split_bid(cells.call)[1]
        title = describe(current, self.sheet.names, self.sheet.side_names, cells.declarer)
        contract = _("{player}'s {contract}").format(
            player=self.sheet.names.get(cells.declarer, cells.declarer), contract=cells.contract
        )
        dialog = ResultEditScreen(
            seq,
            f"{self.replayer.entry_label(seq)}: {contract} — {title}",
            current,
            strain,
            form.letters,
            dict(self.sheet.side_names),
            self.settings,
        )
        return dialog.correcting(self.correcting(seq, current, current, lambda result: result))

    # ------------------------------------------------------------------ F2

    def table_markdown(self) -> str:
        return bridge_table(self.settings)


def bridge_table(settings: Settings) -> str:
    """The ruleset's numbers (from the rules) as the F2 page, with the honour codes the form reads."""
    symbols = [STRAIN_SYMBOLS[s] for s in STRAINS]
    lines = [
        *bid_values(settings),
        "",
        _("## Honours (Laws 5, 6) — type the side's letter, then the code"),
        "",
        "| " + _("code") + " | " + _("holding") + " | " + " | ".join(symbols) + " |",
        "|---|---|" + "---|" * len(STRAINS),
    ]
    for code, holding in codes_for("S").items():
        values = [
            str(honour_value(s, holding, settings)) if holding in holdings_for(s) else "" for s in STRAINS
        ]
        lines.append(f"| {code} | {_(HOLDING_TEXT[holding])} | " + " | ".join(values) + " |")
    for code, holding in codes_for("NT").items():
        values = ["" for _ in STRAINS[:-1]] + [str(honour_value("NT", holding, settings))]
        lines.append(f"| {code} | {_(HOLDING_TEXT[holding])} | " + " | ".join(values) + " |")
    lines += [
        "",
        *scoring_table(settings),
        "",
        _("## Keys"),
        "",
        _(
            "Contract entry: declarer's initial · Tab · contract (3h, 1nt, 2r; x doubled, xx redoubled) · Tab · "
            "tricks won by the declarer's side · Tab · honours (side letter + code, blank if none) · Enter."
        ),
        _(
            "F5 types the auction call by call instead (p pass, x double, xx redouble). F6 revoke / chicane, "
            "F7 stop an unfinished rubber, F8 agree the rubber's score, Ctrl+E correct an entry, Ctrl+Z undo, "
            "F3 chart, F4 export, Ctrl+N a new rubber with the same players."
        ),
    ]
    return "\n".join(lines)
