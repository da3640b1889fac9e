"""The Five Hundred entry form: a deal in one row of keys.

Contract mode (the default): who won the bid, the bid, then the tricks:

    contractor | bid | [partner: five hands] | tricks of the contractor's side | [the other sides' tricks]

- contractor: a seat number or the first letters of a name; bid: ``7h``, ``7♥``, ``10nt``, ``n`` (nullo),
  ``on`` (open nullo); ``p`` with no contractor: everybody passed.
- tricks: the contractor's side (with his called partner in five-hand) first, then every other side in
  seat order from the contractor's left; the last side's tricks are the rest of the ten, shown live.
- card-point variant: every side's card points after the tricks.

Enter logs the deal (the dealer is the next in turn), the contract and the result at once, as the
table's quick `contract` entry. Auction mode (F5 on the screen) takes the calls one by one instead:
each Enter logs the call of the player on turn; when the auction closes the tricks fields take over.
The auction runs as the game's `auction` setting says: one call each from the dealer's left, the
dealer last (`one_round`, the default), or round and round until all but one have passed
(`continuous`); a player barred from the auction is skipped.
When the rules ask the table a question (who reached the target first), the form asks it and an Enter
answers it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Input, Static

from scorepad.locale import N_, _
from scorepad.log import Deal, Entry, FHBid, FHContract, FHResult
from scorepad.rules.base import Phase, Sheet
from scorepad.rules.five_hundred import PASS, display_call, parse_call
from scorepad.rules.five_hundred.settings import deck_points
from scorepad.rules.five_hundred.view import FiveHundredView
from scorepad.tui.shorthand import resolve_name
from scorepad.tui.widgets import quiet
from scorepad.tui.widgets.entry_form import EntryForm, Refused
from scorepad.tui.widgets.fields import NameInput, ParseValidator
from scorepad.tui.widgets.title import cut_name

#: a side's name in a tricks field's title is cut to this many cells (the title stays whole in its field)
TITLE_NAME = 10
BID_HELP = N_("7h, 7♥, 10nt, n (nullo), on (open nullo); p with no contractor: all passed")
CALL_HELP = N_("p (pass), 7h, 10nt, n (nullo), on (open nullo)")


class FiveHundredForm(EntryForm):
    DEFAULT_CSS = """  # not words: CSS
    FiveHundredForm > Horizontal { height: auto; }
    FiveHundredForm Input { width: 1fr; max-width: 28; border-title-color: $text-muted; }
    FiveHundredForm Input:focus { border-title-color: $text; }
    FiveHundredForm #fh-call { max-width: 36; }
    FiveHundredForm #fh-first { max-width: 24; }
    FiveHundredForm .fh-note { width: 1fr; height: auto; padding: 1 1 0 1; color: $text-muted; }
    FiveHundredForm .fh-note.-alone { padding: 0 1; }
    /* as wide as "opponent 2: the rest": the row keeps its widths while a deal is typed and logged */
    FiveHundredForm #fh-rest { width: auto; min-width: 22; color: $accent; }
    FiveHundredForm #fh-question-text { color: $warning; text-style: bold; }
    FiveHundredForm #fh-preview { height: auto; color: $accent; }
    """

    @dataclass
    class Answered(Message):
        """The table answered the rules' question: `side` reached the target first on the deal whose result
        is entry `result_seq`."""

        form: FiveHundredForm
        result_seq: int
        side: str

    def __init__(self, *, id: str | None = "entry-form"):
        super().__init__(id=id)
        self.mode = "contract"  # or "auction"
        self._layout: tuple[object, ...] = ()
        # Enter is being logged: the sheet shown meanwhile is followed once, in `logged`, with the fields emptied
        self._submitting = False
        self._lay_out_owed = (
            False  # a sheet came while submitting, and `logged` has not laid the form out yet
        )
        self._fields: list[Input] = []
        # in a correction dialog: the kinds of logged entry corrected (the form shows only their fields)
        self.correcting: frozenset[str] = frozenset()

    # ------------------------------------------------------------------ the table

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.replayer.header.players)

    @property
    def sides(self) -> dict[str, tuple[str, ...]]:
        return dict(self.replayer.sides)

    @property
    def view(self) -> FiveHundredView:
        view = self.sheet.view if self.sheet is not None else None
        if not isinstance(view, FiveHundredView):
            raise LookupError("the game is not loaded yet")  # not words: a programming error, never shown
        return view

    def pname(self, player: str) -> str:
        return self.sheet.names.get(player, player) if self.sheet else player

    def side_name(self, side: str) -> str:
        return self.sheet.side_names.get(side, side) if self.sheet else side

    def shown_names(self) -> list[str]:
        return [self.pname(p) for p in self.players]

    def player(self, text: str) -> str | None:
        shown = resolve_name(text, self.shown_names())
        return next((p for p in self.players if self.pname(p) == shown), None) if shown else None

    @property
    def five_hand(self) -> bool:
        return len(self.players) == 5

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        sides = len(self.sides)
        with Horizontal(id="fh-who"):
            yield NameInput(self.shown_names, _("dealer"), optional=True, id="fh-dealer")
            yield NameInput(
                self.shown_names, _("contractor"), optional=True, id="fh-contractor", placeholder=_("initial")
            )
            yield Input(id="fh-bid", placeholder="7h · n · p", validators=[ParseValidator(self._bid_problem)])
            partner = NameInput(
                self.shown_names,
                _("partner"),
                optional=True,
                id="fh-partner",
                placeholder=_("initial or blank"),
            )
            partner.validators.append(ParseValidator(self._partner_problem))
            yield partner
            yield Input(
                id="fh-call", placeholder=_(CALL_HELP), validators=[ParseValidator(self._call_problem)]
            )
            yield Static("", id="fh-deal", classes="fh-note", markup=False)
        with Horizontal(id="fh-tricks"):
            for i in range(sides - 1):
                yield Input(
                    id=f"fh-tricks-{i}",
                    classes="fh-tricks",
                    type="integer",
                    validators=[ParseValidator(partial(self._tricks_problem, i))],
                )
            yield Static("", id="fh-rest", classes="fh-note", markup=False)
            if self.settings.card_points:
                for i in range(sides):
                    yield Input(
                        id=f"fh-cards-{i}",
                        classes="fh-cards",
                        type="integer",
                        validators=[ParseValidator(self._cards_problem)],
                    )
        with Horizontal(id="fh-question"):
            yield Input(
                id="fh-first", placeholder=_("initial"), validators=[ParseValidator(self._first_problem)]
            )
            yield Static("", id="fh-question-text", classes="fh-note", markup=False)
        yield Static("", id="fh-preview", markup=False)
        yield self.status_line()

    def on_mount(self) -> None:
        self.one("#fh-dealer", Input).border_title = _("dealer")
        self.one("#fh-contractor", Input).border_title = _("contractor")
        self.one("#fh-bid", Input).border_title = _("bid")
        self.one("#fh-partner", Input).border_title = _("partner")  # "called partner" was cut at 80 columns
        self.one("#fh-first", Input).border_title = _("first there")

    def update_sheet(self, sheet: Sheet) -> None:
        super().update_sheet(sheet)
        if self._submitting:  # laid out in `logged`, once the fields are empty (not for what was just logged)
            self._lay_out_owed = True
            return
        self.lay_out()

    def toggle_mode(self) -> str:
        self.mode = "auction" if self.mode == "contract" else "contract"
        self.lay_out()
        self.focus_first()
        return self.mode

    @property
    def phase(self) -> Phase:
        return self.sheet.view.phase if self.sheet is not None else "deal"

    @property
    def bidding_by_calls(self) -> bool:
        """The auction of the deal is being entered call by call (so a quick contract is not possible)."""
        return self.phase == "auction" and bool(self.view.auction)

    @property
    def effective_mode(self) -> str:
        return "auction" if self.bidding_by_calls else self.mode

    def lay_out(self, refocus: bool = False) -> None:
        """Show the fields and notes the deal's phase needs; the first field focused when the phase, the mode or the
        deal changed (or with `refocus`)."""
        if self.sheet is None:
            return
        phase, mode = self.phase, self.effective_mode
        before = phase in ("deal", "auction")  # nobody has the contract yet
        playing = phase == "play"
        quick = before and mode == "contract"
        # the cut decides the first dealer: before the first deal the table may name him (blank: seat 1)
        view = self.view
        self._show("#fh-dealer", phase == "deal" and view.last_deal is None)
        dealer, name = self.one("#fh-dealer", NameInput), self.pname(view.next_dealer)
        dealer.offer_placeholders(
            _("blank: {name}").format(name=name), name
        )  # the name alone where the words do not fit
        self._show("#fh-contractor", quick)
        self._show("#fh-bid", quick)
        self._show("#fh-partner", self.five_hand and (quick or (playing and view.contractor is not None)))
        self._show("#fh-call", before and mode == "auction")
        self.one("#fh-who").display = phase not in ("question", "over")
        self.one("#fh-tricks").display = quick or playing
        self.one("#fh-question").display = phase == "question"
        note = self.one("#fh-deal", Static)
        quiet.update(note, self._deal_note())
        note.set_class(not (quick or before and mode == "auction" or self.five_hand and playing), "-alone")
        if phase == "question":
            quiet.update(self.one("#fh-question-text", Static), self._question())
        self._title_call()
        if self.correcting:
            self._lay_out_correction()
        layout = (phase, mode, view.deal, view.contract)
        changed = layout != self._layout
        self._layout = layout
        self.refresh_live()
        if (changed or refocus) and self.is_mounted:
            self.focus_first()

    def _lay_out_correction(self) -> None:
        """Only the fields of the entries corrected: the dealer alone, a contract without its result …"""
        kinds = self.correcting
        if "deal" in kinds:
            for selector in ("#fh-contractor", "#fh-bid", "#fh-partner", "#fh-call"):
                self._show(selector, False)
            self._show("#fh-dealer", True)
            self.one("#fh-tricks").display = False
        elif "contract" in kinds and "result" not in kinds:
            self._show("#fh-partner", False)  # the called partner is the result's
            self.one("#fh-tricks").display = False

    def correct(self, entries: list[Entry]) -> None:
        """Fill the fields with the logged entries, as they would have been typed."""
        self.correcting = frozenset(e.type for e in entries)
        if "bid" in self.correcting:
            self.mode = "auction"
        for entry in entries:
            if isinstance(entry, Deal):
                self.one("#fh-dealer", Input).value = self.pname(entry.dealer)
            elif isinstance(entry, FHContract):
                self.one("#fh-contractor", Input).value = self.pname(entry.player)
                self.one("#fh-bid", Input).value = display_call(entry.call)
            elif isinstance(entry, FHBid):
                self.one("#fh-call", Input).value = display_call(entry.call)
            elif isinstance(entry, FHResult):
                self._fill_result(entry)
        self.lay_out()

    def _fill_result(self, result: FHResult) -> None:
        if result.partner and self.five_hand:
            self.one("#fh-partner", Input).value = self.pname(result.partner)
        slots = (
            self.slots()
        )  # the contractor (and partner) are filled already: the sides in the fields' order
        for field, slot in zip(self.trick_fields(), slots[:-1], strict=False):
            field.value = str(sum(result.tricks.get(side, 0) for side in slot))
        if result.card_points is not None:
            for field, slot in zip(self.card_fields(), slots, strict=False):
                field.value = str(sum(result.card_points.get(side, 0) for side in slot))

    def entries_typed(self) -> list[Entry]:
        return self.entries()

    def _to_call(self) -> str | None:
        try:
            return self.first_to_bid()
        except Refused:
            return None

    def _title_call(self) -> None:
        field = self.one("#fh-call", Input)
        if (
            not field.display
        ):  # titled when shown (`lay_out` shows it first): who calls is worked out for nothing
            return
        to_bid = self._to_call()
        quiet.set_border_title(
            field, _("{player} calls").format(player=self.pname(to_bid)) if to_bid else _("call")
        )

    def _question(self) -> str:
        """The rules' question, put to the table: who of the rivals reached the target first?"""
        rivals = [self.side_name(s) for s in self.rivals()]
        if len(rivals) < 2:
            return self.view.question or ""
        who = _("{some} or {last}").format(some=", ".join(rivals[:-1]), last=rivals[-1])
        return _(
            "Who reached {target} first in the play of deal {deal}: {who}?\n"
            "Type the initial of the one who got there first, then Enter."
        ).format(target=self.view.target, deal=self.view.deal, who=who)

    def _show(self, selector: str, visible: bool) -> None:
        self.one(selector).display = visible

    def _deal_note(self) -> str:
        view, phase = self.view, self.phase
        if phase == "over":
            return _("The game is over.")
        if phase == "question":
            return ""
        if phase == "play":
            contractor = view.contractor
            if contractor is None:
                return _("All passed: the deal is played at no trump. Each side's tricks, then Enter.")
            return _("{player} {contract}: the tricks, then Enter.").format(
                player=self.pname(contractor), contract=view.contract_display
            )
        if self.effective_mode == "contract":
            return _("Who won the bid, at what; the tricks; Enter.")
        return self._auction_note()

    def _auction_note(self) -> str:
        view = self.view
        calls = [f"{self.pname(p)} {display_call(c)}" for p, c in view.auction]
        parts = []
        to_bid = self._to_call()
        if to_bid:
            parts.append(_("{player} to call").format(player=self.pname(to_bid)))
        if view.bid_to_beat:
            parts.append(
                _("{bid} by {player} to beat").format(
                    bid=view.bid_to_beat, player=self.pname(view.high_bidder or "")
                )
            )
        if view.barred:
            parts.append(
                _("may not bid: {players}").format(players=", ".join(self.pname(p) for p in view.barred))
            )
        if self.settings.auction == "one_round":
            parts.append(_("one call each, the dealer last"))
        line = " · ".join(parts)
        auction = _("Auction: {calls}").format(calls=", ".join(calls) if calls else _("no call yet"))
        return f"{line}\n{auction}"

    def fields(self) -> list[Input]:
        """The form's fields in order (they stay from compose on: looked up once)."""
        if not self._fields:
            self._fields = list(self.query(Input))
        return self._fields

    def visible_inputs(self) -> list[Input]:
        return [field for field in self.fields() if self.shown(field)]

    def focus_first(self) -> None:
        fields = [field for field in self.visible_inputs() if field.id != "fh-dealer"]
        if fields:
            self.focus_now(fields[0])

    def logged(self) -> None:
        # cleared quietly, then laid out once for the next deal: a Changed per field would redo the notes and the
        # preview four times after the frame with the new row; laid out before clearing (as the sheet came),
        # the notes and the preview were worked out for the deal just logged, then again
        with self.prevent(Input.Changed):
            for field in self.fields():
                quiet.clear(
                    field
                )  # an empty field is left alone: set again, a refresh (and a check) for nothing
        self._lay_out_owed = False
        self.lay_out(refocus=True)

    # ------------------------------------------------------------------ the tricks slots

    def typed_contractor(self) -> str | None:
        if self.phase == "play":
            return self.view.contractor
        return self.player(self.one("#fh-contractor", Input).value)

    def typed_partner(self) -> str | None:
        if not self.five_hand:
            return None
        return self.player(self.one("#fh-partner", Input).value)

    def slots(self) -> list[list[str]]:
        """Groups of sides whose tricks are typed in turn: the contracting side(s) first, then the others
        in seat order from the contractor's left. An all-pass deal at no trump: every side from the dealer's
        left. While the contractor is not typed yet: empty groups (shown as "contractor's side", "opponent")."""
        contractor, partner = self.typed_contractor(), self.typed_partner()
        if contractor is None and self.phase != "play":
            return [[] for _ in self.sides]
        return [list(group) for group in self.view.sides_in_turn(contractor, partner)]

    def slot_label(self, slot: list[str], index: int = 0, cut: int | None = None) -> str:
        """Who a tricks field is for: the sides' names (each cut to `cut` cells, for a field's title), or the
        seats as the table calls them while the contractor is not typed yet."""
        if not slot:
            alone = all(len(members) == 1 for members in self.sides.values())
            if index == 0:
                return _("contractor") if alone else _("contracting side")
            return _("opponents") if len(self.sides) == 2 else _("opponent {number}").format(number=index)
        names = [self.side_name(side) for side in slot]
        return " + ".join(cut_name(name, cut) if cut else name for name in names)

    def trick_fields(self) -> list[Input]:
        return [field for field in self.fields() if field.has_class("fh-tricks")]

    def card_fields(self) -> list[Input]:
        return [field for field in self.fields() if field.has_class("fh-cards")]

    def _label_slots(self) -> list[list[str]]:
        slots = self.slots()
        fields = self.trick_fields()
        typed = len(slots) - 1
        for i, field in enumerate(fields):
            field.display = i < typed
            if i < typed:
                # names are not markup; a long one is cut so the field's title stays whole
                quiet.set_border_title(
                    field, _("{side} tricks").format(side=self.slot_label(slots[i], i, TITLE_NAME))
                )
                field.placeholder = f"0–{self.view.tricks_per_deal}"
        for i, field in enumerate(self.card_fields()):
            field.display = i < len(slots)
            if i < len(slots):
                quiet.set_border_title(
                    field, _("{side} card pts").format(side=self.slot_label(slots[i], i, TITLE_NAME))
                )
        return slots

    def typed_tricks(self) -> list[int | None]:
        values: list[int | None] = []
        for field in self.trick_fields():
            if not self.shown(field):
                continue
            text = field.value.strip()
            values.append(int(text) if text.isdigit() else None)
        return values

    # ------------------------------------------------------------------ validators (as typed)

    def _bid_problem(self, value: str) -> str | None:
        if not value.strip():
            return None
        try:
            call = parse_call(value)
        except ValueError:
            return _("bid: {typed}? {help}").format(typed=repr(value.strip()), help=_(BID_HELP))
        return self.view.bid_problem(call)

    def _partner_problem(self, value: str) -> str | None:
        partner = self.player(value)
        if partner is None:
            return None
        call = self.typed_contract()
        return self.view.partner_problem(self.typed_contractor(), partner, call[1] if call else None)

    def _call_problem(self, value: str) -> str | None:
        if not value.strip():
            return None
        try:
            call = parse_call(value)
        except ValueError:
            return _("call: {typed}? {help}").format(typed=repr(value.strip()), help=_(CALL_HELP))
        return self.view.call_problem(call)

    def _tricks_problem(self, index: int, value: str) -> str | None:
        text = value.strip()
        if not text:
            return None
        if not text.isdigit():
            return _("tricks: a number from 0 to {most}").format(most=self.view.tricks_per_deal)
        # the fields before this one and this one (so the field that overflows is the one marked)
        typed = [n for n in self.typed_tricks()[: index + 1] if n is not None]
        return self.view.tricks_problem([int(text)], complete=False) or self.view.tricks_problem(
            typed, complete=False
        )

    def _cards_problem(self, value: str) -> str | None:
        text = value.strip()
        if not text:
            return None
        most = deck_points(len(self.players))  # every player count of the game has its pack
        if not text.isdigit() or (most is not None and int(text) > most):
            return _("card points: a number from 0 to {most} (the pack holds {most})").format(most=most)
        return None

    def rivals(self) -> list[str]:
        """The sides that may have reached the target first on the deal the question is about."""
        return list(self.view.rivals)

    def resolve_rival(self, text: str) -> str | None:
        rivals = self.rivals()
        shown = resolve_name(text, [self.side_name(s) for s in rivals])
        return next((s for s in rivals if self.side_name(s) == shown), None) if shown else None

    def _first_problem(self, value: str) -> str | None:
        if not value.strip() or self.resolve_rival(value):
            return None
        return _("who was first? one of {sides}").format(
            sides=", ".join(self.side_name(s) for s in self.rivals())
        )

    # ------------------------------------------------------------------ live feedback

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        event.stop()
        result = event.validation_result
        status = self.one("#form-status", Static)
        if result is not None and not result.is_valid:
            self.show_error(result.failure_descriptions[0])
        elif status.has_class("-error"):
            self.show_info("")
        if event.input.id == "fh-dealer":
            self._title_call()
            quiet.update(self.one("#fh-deal", Static), self._deal_note())
        if event.input.id in ("fh-contractor", "fh-partner") or (event.input.has_class("fh-tricks")):
            # other fields' checks depend on this one (the sum of the tricks, who the sides are)
            for field in self.trick_fields():
                if field is not event.input and field.value:
                    field.validate(field.value)
        self.refresh_live()

    def refresh_preview(self) -> None:
        self.refresh_live()

    def refresh_live(self) -> None:
        if self.sheet is None:
            return
        slots = self._label_slots()
        rest = self.one("#fh-rest", Static)
        typed = self.typed_tricks()
        if self.one("#fh-tricks").display and slots:
            left = self.view.tricks_left([n for n in typed if n is not None])
            label = self.slot_label(slots[-1], len(slots) - 1)
            quiet.update(
                rest,
                f"{label} {left}"
                if left >= 0 and None not in typed
                else _("{side}: the rest").format(side=label),
            )
        preview = self.one("#fh-preview", Static)
        text = self.preview()
        quiet.update(preview, text)  # the game's keys are listed by the screen
        # a blank line while there is nothing to say, so the form keeps its height (see EntryForm.status_line); a
        # correction dialog says what saving does itself
        preview.display = not self.correcting

    def preview(self) -> str:
        """What Enter would do, scored by the rules, or nothing while the fields are not complete."""
        phase = self.phase
        if phase in ("question", "over") or self.sheet is None:
            return ""
        if phase != "play" and self.effective_mode == "auction":
            return ""
        try:
            entries = self.entries()
        except Refused:
            return ""
        if not entries:
            return ""
        preview = self.replayer.preview(entries)
        if preview.refusal:
            return self.refusal_line(preview.refusal)
        if not preview.rows:
            return _("Enter: {question}").format(question=preview.prompt) if preview.prompt else ""
        row = preview.rows[-1]
        deltas = "  ".join(f"{self.side_name(s)} {row.delta[s]:+d}" for s in self.sheet.sides)
        text = _("Enter scores: {deal} — {points}").format(deal=row.text, points=deltas)
        if preview.finished:
            text += "\n" + _("and ends the game: {result}").format(result=preview.result)
        elif preview.questions:
            text += "\n" + _("and the table will be asked who reached the target first")
        return text

    # ------------------------------------------------------------------ entries

    def dealer(self) -> str:
        """Who deals the deal being entered: the one named before the first deal, else the next in turn."""
        field = self.one("#fh-dealer", Input)
        if self.phase == "deal" and self.shown(field) and field.value.strip():
            named = self.player(field.value)
            if named is None:
                raise Refused(
                    _("dealer: {typed}? one of {players}").format(
                        typed=repr(field.value.strip()), players=", ".join(self.shown_names())
                    )
                )
            return named
        view = self.view
        return view.next_dealer if view.phase == "deal" else view.dealer or view.next_dealer

    def first_to_bid(self) -> str | None:
        """The player to call now (the dealer's left when the deal is still to be logged)."""
        return self.view.first_caller(self.dealer() if self.phase == "deal" else None)

    def deal_prefix(self) -> list[Entry]:
        """The `deal` entry a new deal starts with (the dealer is the next in turn), if none is open."""
        if self.phase == "deal":
            return [Deal(dealer=self.dealer())]
        return []

    def typed_contract(self) -> tuple[str, str] | None:
        """(contractor, call) when both are typed and valid in contract mode before the contract is logged."""
        if self.phase not in ("deal", "auction") or self.effective_mode != "contract":
            return None
        contractor = self.player(self.one("#fh-contractor", Input).value)
        try:
            call = parse_call(self.one("#fh-bid", Input).value)
        except ValueError:
            return None
        if contractor is None or call == PASS:
            return None
        return contractor, call

    def entries(self) -> list[Entry]:
        """What Enter logs now. Raises Refused (with the reason) when something is missing or wrong."""
        phase = self.phase
        if self.correcting == {"deal"}:
            return [Deal(dealer=self.dealer())]
        if phase == "play":
            return [self.result_entry()]
        if phase not in ("deal", "auction"):
            raise Refused(_("nothing to enter now"))
        if self.effective_mode == "auction":
            return self.call_entries()
        bid_text = self.one("#fh-bid", Input).value
        contractor_text = self.one("#fh-contractor", Input).value
        if not bid_text.strip():
            raise Refused(_("bid: {help}").format(help=_(BID_HELP)))
        try:
            call = parse_call(bid_text)
        except ValueError as error:
            raise Refused(
                _("bid: {typed}? {help}").format(typed=repr(bid_text.strip()), help=_(BID_HELP))
            ) from error
        if call == PASS:
            if contractor_text.strip():
                raise Refused(
                    _("a contract cannot be a pass: clear the contractor to log a deal where all passed")
                )
            return [*self.deal_prefix(), *self.all_pass()]
        contractor = self.player(contractor_text)
        if contractor is None:
            raise Refused(
                _("contractor: who won the bid? one of {players}").format(
                    players=", ".join(self.shown_names())
                )
                if not contractor_text.strip()
                else _("contractor: {typed}? one of {players}").format(
                    typed=repr(contractor_text.strip()), players=", ".join(self.shown_names())
                )
            )
        contract = FHContract(player=contractor, call=call)
        if self.correcting and "result" not in self.correcting:  # a contract whose deal has no result yet
            return [contract]
        return [*self.deal_prefix(), contract, self.result_entry()]

    def all_pass(self) -> list[Entry]:
        """A pass by every player who may still bid, in turn from the one to bid."""
        first = self.first_to_bid()
        if first is None:
            raise Refused(_("nobody is to bid now"))
        return [FHBid(player=p, call=PASS) for p in self.view.passes_to_close(first)]

    def call_entries(self) -> list[Entry]:
        text = self.one("#fh-call", Input).value
        if not text.strip():
            raise Refused(_("call: {help}").format(help=_(CALL_HELP)))
        try:
            call = parse_call(text)
        except ValueError as error:
            raise Refused(
                _("call: {typed}? {help}").format(typed=repr(text.strip()), help=_(CALL_HELP))
            ) from error
        to_bid = self.first_to_bid()
        if to_bid is None:
            raise Refused(_("nobody is to bid now"))
        return [*self.deal_prefix(), FHBid(player=to_bid, call=call)]

    def result_entry(self) -> FHResult:
        view, slots = self.view, self.slots()
        if any(not slot for slot in slots):
            raise Refused(_("contractor: who won the bid?"))
        typed = self.typed_tricks()
        fields = [f for f in self.trick_fields() if self.shown(f)]
        for index, (field, value) in enumerate(zip(fields, typed, strict=False)):
            if value is None:
                raise Refused(
                    _("tricks: how many did {side} win?").format(side=self.slot_label(slots[index], index))
                    if not field.value.strip()
                    else _("tricks: a number from 0 to {most}").format(most=view.tricks_per_deal)
                )
        counts = [n or 0 for n in typed]
        if problem := view.tricks_problem(counts, complete=False):  # the last side's tricks are the rest
            raise Refused(problem)
        counts.append(view.tricks_left(counts))
        tricks = dict.fromkeys(self.sides, 0)
        for slot, n in zip(slots, counts, strict=True):
            if slot:
                tricks[slot[0]] += n
        card_points = None
        if self.settings.card_points:
            card_points = dict.fromkeys(self.sides, 0)
            for index, (slot, field) in enumerate(zip(slots, self.card_fields(), strict=False)):
                text = field.value.strip()
                if not text.isdigit():
                    raise Refused(
                        _("card points: how many did {side} take?").format(side=self.slot_label(slot, index))
                    )
                card_points[slot[0]] += int(text)
        partner_text = self.one("#fh-partner", Input).value if self.five_hand else ""
        partner = self.typed_partner()
        if partner_text.strip() and partner is None:
            raise Refused(
                _("called partner: {typed}? one of {players}").format(
                    typed=repr(partner_text.strip()), players=", ".join(self.shown_names())
                )
            )
        return FHResult(tricks=tricks, partner=partner, card_points=card_points)

    # ------------------------------------------------------------------ Enter

    def enter_from(self, field: Input) -> None:
        if field.id == "fh-first":
            self.answer()
            return
        problem = self.first_invalid()
        if problem:
            self.show_error(problem)
            return
        try:
            entries = self.entries()
        except Refused as refused:
            self.show_error(str(refused))
            return
        self._submitting = True
        try:
            self.submit(*entries)
        finally:
            self._submitting = False
            if self._lay_out_owed:  # the sheet changed but nothing was logged from here (`logged` not called)
                self._lay_out_owed = False
                self.lay_out()

    def field_problem(self, field: Input) -> str | None:
        if (
            field.id == "fh-call"
        ):  # only whether it reads: whether it outranks, the rules say with the bid to beat
            text = field.value.strip()
            try:
                parse_call(text) if text else None
            except ValueError:
                return _("call: {typed}? {help}").format(typed=repr(text), help=_(CALL_HELP))
            return None
        return super().field_problem(field)

    def answer(self) -> None:
        field = self.one("#fh-first", Input)
        side = self.resolve_rival(field.value)
        if side is None:
            self.show_error(
                _("who was first? one of {sides}").format(
                    sides=", ".join(self.side_name(s) for s in self.rivals())
                )
            )
            return
        seq = self.view.result_seq
        if not seq:
            self.show_error(_("there is no result to amend"))
            return
        field.value = ""
        self.post_message(self.Answered(self, int(seq), side))
