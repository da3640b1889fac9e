"""The Auction Bridge entry form: a deal in one row of fields, or the auction call by call.

Contract mode (the default): declarer · contract ("3hx") · tricks won by the declarer's side · honours ("w4h")
→ Enter logs the deal (dealer from the rotation), the contract and the result together.
Auction mode (F5): one field; each Enter logs the call of the player on turn. When the auction closes, the
result fields take over. Revoke and chicane come from a small dialog (F6) and go with the next result.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Static

from scorepad.locale import _, ngettext, pgettext
from scorepad.log import ABBid, ABContract, ABResult, Chicane, Deal, Entry, Honours, Revoke
from scorepad.rules.auction_bridge import (
    STRAIN_NAMES,
    Contract,
    describe_bid,
    format_call,
    honours_required,
    is_bid,
    parse_call,
    split_bid,
)
from scorepad.rules.auction_bridge.scoring import TRICKS_IN_A_DEAL
from scorepad.rules.auction_bridge.view import BridgeView, DealCells, bridge_cells
from scorepad.rules.base import Phase, Sheet
from scorepad.tui.games.auction_bridge.codes import (
    TRUMP_CODES,
    contract_value,
    holdings_hint,
    honours_code,
    letter_of,
    parse_contract,
    parse_honours,
    side_letters,
)
from scorepad.tui.widgets import quiet
from scorepad.tui.widgets.entry_form import EntryForm, Refused
from scorepad.tui.widgets.fields import NameInput, ParseValidator, int_problem

FIELD_IDS = ("bridge-call", "bridge-declarer", "bridge-contract", "bridge-tricks", "bridge-honours")
SHOWN_BIDS = 6  # how many of the legal bids the auction hint lists


@dataclass(frozen=True)
class Extras:
    """Irregularities for the next result: (side, declarer's choice) and (side, double chicane)."""

    revoke: tuple[str, str | None] | None = None
    chicane: tuple[str, bool] | None = None
    more_revokes: tuple[str, ...] = ()  # the sides of the revokes after the first, in the same deal

    def __bool__(self) -> bool:
        return self.revoke is not None or self.chicane is not None


def _problem(parse: Callable[[str], object]) -> ParseValidator:
    def problem(value: str) -> str | None:
        try:
            parse(value)
        except ValueError as error:
            return str(error)
        return None

    return ParseValidator(problem)


class BridgeForm(EntryForm):
    DEFAULT_CSS = """
    BridgeForm #bridge-fields Input { width: 1fr; }
    BridgeForm #bridge-call { width: 3fr; }
    BridgeForm #bridge-deal { height: auto; text-style: bold; }
    BridgeForm #bridge-hint, BridgeForm #bridge-preview { height: auto; }
    BridgeForm #bridge-hint { color: $text-muted; }
    BridgeForm #bridge-preview { color: $accent; }
    """

    def __init__(self, *, id: str | None = "entry-form"):
        super().__init__(id=id)
        self.mode = "contract"
        self.extras = Extras()
        self._result_sent = False
        self.letters: dict[str, str] = {}
        self.correcting = False  # laid out to correct logged entries (`correct`)

    # ------------------------------------------------------------------ fields

    def compose(self) -> ComposeResult:
        sheet = getattr(self.screen, "sheet", None)
        if sheet is not None:
            self._take(sheet)
        yield Static("", id="bridge-deal")
        with Horizontal(id="bridge-fields"):
            yield Input(
                placeholder=_("1s 2h 1nt 2r (royal) · p pass · x double · xx redouble"),
                id="bridge-call",
                validators=[_problem(parse_call)],
                valid_empty=True,
            )
            yield NameInput(
                self.player_names,
                what=_("declarer"),
                optional=True,
                id="bridge-declarer",
                placeholder=_("initial"),
            )
            yield Input(
                placeholder="3h 1nt 3hx",
                id="bridge-contract",
                validators=[_problem(parse_contract)],
                valid_empty=True,
            )
            yield Input(
                placeholder="0–13",
                id="bridge-tricks",
                validators=[
                    ParseValidator(int_problem(0, TRICKS_IN_A_DEAL, _("tricks won by the declarer's side")))
                ],
                valid_empty=True,
            )
            yield Input(
                placeholder=_("blank: none"),
                id="bridge-honours",
                validators=[_problem(self._parse_honours)],
                valid_empty=True,
            )
        yield Static("", id="bridge-hint")
        yield Static("", id="bridge-preview")
        yield self.status_line()

    def on_mount(self) -> None:
        titles = {
            "bridge-call": pgettext("bridge field", "call"),
            "bridge-declarer": pgettext("bridge field", "declarer"),
            "bridge-contract": pgettext("bridge field", "contract"),
            "bridge-tricks": pgettext("bridge field", "tricks"),
            "bridge-honours": pgettext("bridge field", "honours"),
        }
        for field_id, title in titles.items():
            self.field(field_id).border_title = title
        if self.sheet is not None:
            self.update_sheet(self.sheet)

    def field(self, field_id: str) -> Input:
        return self.query_one(f"#{field_id}", Input)

    def player_names(self) -> list[str]:
        if self.sheet is None:
            return []
        return [self.sheet.names.get(p, p) for p in self.sheet.header.players]

    def _player(self, shown: str) -> str:
        assert self.sheet is not None
        return next((p for p, n in self.sheet.names.items() if n == shown), shown)

    def _who(self, player: str | None) -> str:
        if not player or self.sheet is None:
            return player or ""
        return self.sheet.names.get(player, player)

    # ------------------------------------------------------------------ following the sheet

    def _take(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.letters = side_letters(sheet.side_names, sheet.sides, sheet.names)

    @property
    def view(self) -> BridgeView:
        view = self.sheet.view if self.sheet is not None else None
        if not isinstance(view, BridgeView):
            raise LookupError("the rubber is not loaded yet")  # not words: a program error, never shown
        return view

    @property
    def stage(self) -> Phase:
        view = self.sheet.view if self.sheet is not None else None
        return view.phase if view is not None else "deal"

    def update_sheet(self, sheet: Sheet) -> None:
        self._take(sheet)
        if not self.is_mounted:
            return
        self._layout()
        self._honours_placeholder()
        self.field("bridge-honours").validate(self.field("bridge-honours").value)
        self.refresh_texts()

    def _honours_example(self) -> str:
        """ "w3"; "1 3" where the sides' codes are digits (sides with the same initial), not a "13" read as thirteen."""
        first = next(iter(self.letters), "w")
        return f"{first} 3" if first.isdigit() else f"{first}3"

    def _honours_placeholder(self) -> None:
        """Honours are required at a trump declaration (one side always holds 3+), optional at no trump."""
        strain = self._strain()
        field = self.field("bridge-honours")
        if strain is None:
            field.placeholder = _("e.g. {example}").format(example=self._honours_example())
        elif honours_required(strain):
            field.placeholder = _("needed: e.g. {example}").format(example=self._honours_example())
        else:
            field.placeholder = _("blank: aces 2–2")

    def auction_shown(self) -> bool:
        stage = self.stage
        return (
            stage == "auction"
            and bool(self.view.calls)
            or (self.mode == "auction" and stage in ("deal", "auction"))
        )

    def contract_shown(self) -> bool:
        return self.stage in ("deal", "auction") and not self.auction_shown()

    def result_shown(self) -> bool:
        return self.stage == "play" or self.contract_shown()

    def _layout(self) -> None:
        shown = {
            "bridge-call": self.auction_shown(),
            "bridge-declarer": self.contract_shown(),
            "bridge-contract": self.contract_shown(),
            "bridge-tricks": self.result_shown(),
            "bridge-honours": self.result_shown(),
        }
        for field_id, visible in shown.items():
            self.field(field_id).display = visible
        self.query_one("#bridge-fields").display = any(shown.values())
        focused = self.app.focused
        if (
            isinstance(focused, Input)
            and focused.parent is self.query_one("#bridge-fields")
            and not focused.display
        ):
            self.focus_first()

    def focus_first(self) -> None:
        for field_id in FIELD_IDS:
            if self.field(field_id).display and self.query_one("#bridge-fields").display:
                self.focus_now(self.field(field_id))
                return
        if isinstance(self.app.focused, Input) and self.app.focused.parent is self.query_one(
            "#bridge-fields"
        ):
            self.screen.set_focus(None)

    def toggle_mode(self) -> None:
        stage = self.stage
        if stage not in ("deal", "auction"):
            self.show_error(
                _("The auction is over: enter the result.")
                if stage == "play"
                else _("The rubber is over: nothing more is bid.")
            )
            return
        if self.view.calls:
            self.show_error(_("The auction has begun: go on call by call (Ctrl+Z takes back the last call)."))
            return
        self.mode = "contract" if self.mode == "auction" else "auction"
        self._layout()
        self.focus_first()
        self.refresh_texts()
        self.show_info(
            _("Type the auction call by call.")
            if self.mode == "auction"
            else _("Enter the final contract and the result.")
        )

    def set_extras(self, extras: Extras) -> None:
        self.extras = extras
        self.refresh_texts()

    # ------------------------------------------------------------------ correcting logged entries

    def correct(self, entries: list[Entry]) -> None:
        """Fill the fields with a logged call, or a contract with its deal's result, as they were typed (the
        form stands where the game stood just before them)."""
        self.correcting = True
        for entry in entries:
            if isinstance(entry, ABBid):
                self.mode = "auction"
                words = {"pass": "p", "double": "x", "redouble": "xx"}  # the form's shorthands
                self.field("bridge-call").value = words.get(entry.call, entry.call.lower())
            elif isinstance(entry, ABContract):
                self.mode = "contract"
                doubling = {"none": "", "doubled": "x", "redoubled": "xx"}[entry.double]
                self.field("bridge-declarer").value = self._who(entry.player)
                self.field("bridge-contract").value = entry.call.lower() + doubling
            elif isinstance(entry, ABResult):
                self.field("bridge-tricks").value = str(entry.tricks)
                honours = entry.honours
                self.field("bridge-honours").value = (
                    honours_code(honours.side, honours.holding, self.letters) if honours else ""
                )
                revoke, chicane = entry.revoke, entry.chicane
                self.extras = Extras(
                    revoke=(revoke.side, revoke.choice) if revoke else None,
                    chicane=(chicane.side, chicane.double) if chicane else None,
                    more_revokes=tuple(entry.more_revokes),
                )
        self._layout()
        self.refresh_texts()

    def entries_typed(self) -> list[Entry]:
        """What Enter would log now (without the deal, which the dealer's turn logs by itself)."""
        if self.auction_shown():
            field = self.field("bridge-call")
            if not field.value.strip():
                raise Refused(_("type the call"))
            view = self.view
            return [ABBid(player=view.turn or view.dealer, call=parse_call(field.value))]
        entries = self._result_entries()
        if entries is None:
            raise Refused(_("type the declarer, the contract and the tricks"))
        return [entry for entry in entries if not isinstance(entry, Deal)]

    # ------------------------------------------------------------------ reading the fields

    def _parse_honours(self, text: str) -> tuple[str, str] | None:
        assert self.sheet is not None
        return parse_honours(text, self.letters, self.sheet.side_names, self._strain())

    def _value(self, field_id: str, parse: Callable[[str], Any]) -> Any:
        """The parsed value of a shown field, or None (blank or invalid)."""
        field = self.field(field_id)
        if not field.display or not field.value.strip():
            return None
        try:
            return parse(field.value)
        except ValueError:
            return None

    def _declarer(self) -> str | None:
        field = self.field("bridge-declarer")
        if not field.display:
            return None
        shown = field.resolved  # type: ignore[attr-defined]
        return self._player(shown) if shown else None

    def pending_contract(self) -> Contract | None:
        """The contract the result belongs to: the deal's, or the one typed in the fields."""
        view = self.view
        if view.phase == "play" and view.contract is not None:
            return view.contract.contract()
        declarer = self._declarer()
        typed = self._value("bridge-contract", parse_contract)
        if declarer is None or typed is None:
            return None
        call, double = typed
        return view.contract_for(call, declarer, double)

    def _strain(self) -> str | None:
        contract = self.pending_contract()
        if contract is not None:
            return contract.strain
        typed = self._value("bridge-contract", parse_contract)
        return split_bid(typed[0])[1] if typed else None

    # ------------------------------------------------------------------ what the form says

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        if event.input.id in ("bridge-contract", "bridge-declarer"):
            honours = self.field("bridge-honours")
            honours.validate(honours.value)
            self._honours_placeholder()
        result = event.validation_result
        status = self.query_one("#form-status", Static)
        if result is not None and not result.is_valid:
            self.show_error(result.failure_descriptions[0])
        elif status.has_class("-error") and self.first_invalid_quiet() is None:
            self.show_info("")
        self.refresh_texts()

    def first_invalid_quiet(self) -> str | None:
        for field in self.query(Input):
            if field.display and field.value and not field.is_valid:
                return field.id
        return None

    def refresh_preview(self) -> None:
        self.refresh_texts()

    def refresh_texts(self) -> None:
        if self.sheet is None or not self.is_mounted:
            return
        # mostly as they were (a key typed, a call logged): repainted and laid out only when they say something new
        quiet.update(self.query_one("#bridge-deal", Static), self.deal_line())
        hint = self.query_one("#bridge-hint", Static)
        quiet.update(hint, self.hint_line())
        preview = self.query_one("#bridge-preview", Static)
        quiet.update(preview, self.preview_line())
        done = self.stage in ("over", "agreed")
        # the rubber over: no deal to keep lines for, only the line of what is left to do (F8, Ctrl+N)
        preview.set_class(done, "-rubber-done")
        hint.display = preview.display = not done

    def deal_line(self) -> Text:
        view, stage = self.view, self.stage
        if stage == "agreed":
            return Text(_("The rubber's score is agreed. Ctrl+N starts a new rubber with the same players."))
        if stage == "over":
            return Text(
                _("The rubber is over: F8 when the table agrees its score (this closes every correction).")
            )
        head = _("Deal {number} · game {game} · {dealer} deals").format(
            number=view.number, game=view.game, dealer=self._who(view.dealer)
        )
        if stage == "play":
            contract = self.pending_contract()
            assert contract is not None and self.settings is not None and self.sheet is not None
            return Text.assemble(
                head, " · ", (contract_value(self.sheet.names, contract, self.settings), "default")
            )
        calls = view.calls
        if calls:
            auction = " – ".join(f"{self._who(p)} {format_call(c)}" for p, c in calls)
            return Text.assemble(head, " · ", _("auction:"), " ", (auction, "default"))
        if self.correcting:  # F5 is the game screen's key, not the correction's
            return Text(head)
        switch = (
            _("F5: type the auction call by call")
            if self.mode == "contract"
            else _("F5: just the final contract")
        )
        return Text.assemble(head, (f"   ({switch})", "dim italic"))  # not words: a style

    def hint_line(self) -> Text:
        if self.auction_shown():
            return self._auction_hint()
        if self.result_shown():
            assert self.sheet is not None and self.settings is not None
            # "n (N & S) or e (E & W)": the letter first, the side's name in brackets, whatever the names are
            sides = _(" or ").join(
                f"{letter_of(s, self.letters)} ({shown})" for s, shown in self.sheet.side_names.items()
            )
            strain = self._strain()
            if strain is None:
                holdings = " ".join(TRUMP_CODES) + " " + _("(at no trump 3 4 4h: aces)")
            else:
                # on a short screen (80×24) the values alone: the words' four lines scrolled the pad's "to make game" away
                holdings = holdings_hint(strain, self.settings, compact=self.screen.has_class("-short"))
            # blank only where the rules allow it: at a trump declaration one side always holds three honours
            if strain is None:
                blank = _("blank only at no trump")
            elif honours_required(strain):
                blank = _("needed at a trump declaration")
            else:
                blank = _("blank: aces 2–2")
            return Text(
                _("Honours: the side, {sides}, then {holdings}; {blank}").format(
                    sides=sides, holdings=holdings, blank=blank
                )
            )
        return Text("")

    def _auction_hint(self) -> Text:
        view = self.view
        assert self.settings is not None
        turn = view.turn or view.dealer
        legal = list(view.legal_calls)
        words = [c for c in legal if not is_bid(c)]
        bids = [c for c in legal if is_bid(c)]
        shown = [describe_bid(c, self.settings) for c in bids[:SHOWN_BIDS]]
        if len(bids) > SHOWN_BIDS:
            shown.append(f"… {describe_bid(bids[-1], self.settings)}")
        text = _("{player} to call").format(player=self._who(turn))
        if view.bid_to_beat:
            bid = describe_bid(view.bid_to_beat, self.settings)
            by = self._who(view.bid_by)
            if view.doubling == "doubled":
                beat = _("to beat: {player}'s {bid} doubled")
            elif view.doubling == "redoubled":
                beat = _("to beat: {player}'s {bid} redoubled")
            else:
                beat = _("to beat: {player}'s {bid}")
            text += " — " + beat.format(player=by, bid=bid)
        elif not view.calls:
            text += " " + _("(the dealer must bid: no pass)")
        return Text(_("{said} · legal: {calls}").format(said=text, calls=", ".join(words + shown)))

    def preview_line(self) -> Text:
        assert self.sheet is not None and self.settings is not None
        parts: list[str] = []
        contract = self.pending_contract()
        if contract is not None and self.stage != "play" and self.contract_shown():
            parts.append(contract_value(self.sheet.names, contract, self.settings))
        tricks = self._value("bridge-tricks", int)
        if contract is not None and tricks is not None and 0 <= tricks <= TRICKS_IN_A_DEAL:
            parts.append(self._score_preview(tricks))
        if self.extras:
            parts.append(self.extras_text() + " " + _("(F6 changes)"))
        return Text("\n".join(parts))

    def extras_text(self) -> str:
        assert self.sheet is not None and self.settings is not None
        names = self.sheet.side_names
        bits = []
        if self.extras.revoke:
            side, choice = self.extras.revoke
            bit = _("revoke by {side}").format(side=names.get(side, side))
            if choice == "points":
                points = self.settings.revoke_penalty
                bit += " " + _("(declarer takes {points} points)").format(points=points)
            elif choice == "tricks":
                count = self.settings.revoke_tricks
                bit += " " + ngettext(
                    "(declarer takes {count} trick)", "(declarer takes {count} tricks)", count
                ).format(count=count)
            bits.append(bit)
            bits += [
                _("another revoke by {side}").format(side=names.get(later, later))
                for later in self.extras.more_revokes
            ]
        if self.extras.chicane:
            side, double = self.extras.chicane
            chicane = _("double chicane: {side}") if double else _("chicane: {side}")
            bits.append(chicane.format(side=names.get(side, side)))
        return _("With this result: {said}").format(said="; ".join(bits))

    def _score_preview(self, tricks: int) -> str:
        """What Enter would score, as the rules score it (a preview on a copy of the game)."""
        assert self.sheet is not None
        entries = self._result_entries()
        if entries is None:
            return ""
        preview = self.replayer.preview(entries)
        if preview.refusal:
            return self.refusal_line(preview.refusal)
        if not preview.rows:
            return ""
        cells = bridge_cells(preview.rows[-1], tuple(self.sheet.sides))
        if not isinstance(cells, DealCells):
            return ""
        over = cells.over_under
        if not cells.made:
            what = pgettext("bridge row", "set {count}").format(count=-over)
        elif over > 0:
            what = ngettext("made, {count} over", "made, {count} over", over).format(count=over)
        else:
            what = pgettext("bridge row", "made")
        if cells.won_game == cells.side:
            what += pgettext("bridge row", ", game")
        sides = []
        for side, shown in self.sheet.side_names.items():
            trick, honour, bonus = cells.trick[side], cells.honour[side], cells.bonus[side]
            points = [
                _("{points} below").format(points=trick) if trick else "",
                _("{points} above").format(points=honour) if honour else "",
            ]
            points.append(_("{points} for the rubber").format(points=bonus) if bonus else "")
            sides.append(f"{shown} {' + '.join(p for p in points if p) or _('nothing')}")
        won = ngettext("{count} trick", "{count} tricks", tricks).format(count=tricks)
        said = f"→ {won}: {what} — " + " · ".join(sides)
        if preview.finished:  # the rules' own words for the rubber's end
            said += "; " + _("this ends the rubber: {result}").format(result=preview.result)
        return said

    # ------------------------------------------------------------------ Enter

    def enter_from(self, field: Input) -> None:
        self.enter()

    def enter(self) -> None:
        stage = self.stage
        if stage in ("over", "agreed"):
            self.show_error(
                _("The rubber is over: F8 agrees its score.")
                if stage == "over"
                else _("The rubber's score is agreed: nothing more can be entered.")
            )
            return
        reason = self.first_invalid()
        if reason:
            self.show_error(reason)
            return
        if self.auction_shown():
            self._submit_call()
        else:
            self._submit_result()

    def _opening(self) -> list[Entry]:
        """The `deal` entry when this is the deal's first entry (the dealer comes from the rotation)."""
        return [Deal(dealer=self.view.dealer)] if self.stage == "deal" else []

    def _submit_call(self) -> None:
        field = self.field("bridge-call")
        if not field.value.strip():
            self.focus_now(field)
            self.show_error(
                _("Type the call: e.g. 1s, 2h, 1nt, 2r (royal spades), p pass, x double, xx redouble.")
            )
            return
        view = self.view
        player = view.turn or view.dealer
        self._result_sent = False
        self.submit(*self._opening(), ABBid(player=player, call=parse_call(field.value)))

    def _missing(self, field_id: str, reason: str) -> bool:
        field = self.field(field_id)
        if field.display and not field.value.strip():
            self.focus_now(field)
            self.show_error(reason)
            return True
        return False

    def _submit_result(self) -> None:
        names = ", ".join(self.player_names())
        if (
            self._missing(
                "bridge-declarer",
                _("Who declared? Type the declarer's first letter ({names}).").format(names=names),
            )
            or self._missing(
                "bridge-contract", _("Type the contract: e.g. 3h, 1nt, 2r; x doubled, xx redoubled.")
            )
            or self._missing("bridge-tricks", _("How many tricks did the declarer's side win (0 to 13)?"))
        ):
            return
        strain = self._strain()
        needed = (
            _(
                "Honours: at {strain} one side always holds three or more of the five trump honours: "
                "type who holds them and how (e.g. {example})."
            ).format(strain=STRAIN_NAMES[strain], example=self._honours_example())
            if strain
            else ""
        )
        if strain is not None and honours_required(strain) and self._missing("bridge-honours", needed):
            return
        entries = self._result_entries()
        assert entries is not None
        self._result_sent = True
        self.submit(*entries)

    def _result_entries(self) -> list[Entry] | None:
        """The deal's entries as typed (its contract, when typed here, and the result), or None if incomplete."""
        contract = self.pending_contract()
        tricks = self._value("bridge-tricks", int)
        if contract is None or tricks is None:
            return None
        entries: list[Entry] = self._opening()
        if self.contract_shown():
            entries.append(
                ABContract.model_validate(
                    {
                        "player": contract.declarer,
                        "call": contract.call,
                        "double": contract.double,
                        "dealers_one_spade": contract.dealers_one_spade,
                    }
                )
            )
        honours = self._value("bridge-honours", self._parse_honours)
        revoke, chicane = self.extras.revoke, self.extras.chicane
        entries.append(
            ABResult(
                tricks=tricks,
                honours=Honours.model_validate({"side": honours[0], "holding": honours[1]})
                if honours
                else None,
                revoke=Revoke.model_validate({"side": revoke[0], "choice": revoke[1]}) if revoke else None,
                chicane=Chicane(side=chicane[0], double=chicane[1]) if chicane else None,
                more_revokes=self.extras.more_revokes if revoke else (),
            )
        )
        return entries

    def logged(self) -> None:
        for field in self.query(Input):
            quiet.clear(field)  # without a layout of the screen: the fields keep their sizes
        if self._result_sent:
            self.extras = Extras()
            self._result_sent = False
        self.refresh_texts()
        self.focus_first()
