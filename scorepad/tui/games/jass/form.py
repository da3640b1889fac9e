"""The Jass entry form: one row for the hand, shorthands a Jass table reads at once.

    named by | trump | card points | Weis · Stöck

- named by: the player who named the trump; blank = the player after the dealer. The partner's
  initial means the choice was pushed (geschoben).
- trump: h d c s (or ♥ ♦ ♣ ♠, Rosen, Eicheln, Schellen, Schilten), o = Obenabe, u = Undenufe;
  pushed (the partner named it): add +p, as in h+p (hp and h p read the same).
- card points: one team's points, the other gets 157 − x: `97` (the trump team), `a97` / `b 60`
  (a team by a player's or the team's initial, or its number), `m` / `m b` = Match. The placeholders show
  the game's own initials (`Table.points_hint`), seat or team numbers where two names share one.
- Weis · Stöck: a player, then what he shows: `a 4-Kh` (four to the K♥), `a 3-10c 4J` (three to
  the 10♣ and four Jacks), `b st` (Stöck); several players in one line: `a 4-Kh b st`.

Enter in the Weis field logs the Weis now (with the deal and the trump if they are not logged yet);
Enter elsewhere logs the hand as far as it is typed (deal and trump, Weis, card points). The deal
is never typed: the dealer is the next in turn (hand 1: the player before the trump's namer).
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input

from scorepad.locale import _, pgettext
from scorepad.log import Entry, JassStoeck, JassTricks, JassTrump, JassWeis
from scorepad.rules.base import Sheet
from scorepad.rules.jass import contract_label, other_team_points
from scorepad.rules.jass.view import JassView, TrumpCall
from scorepad.tui.games.jass.shorthand import (
    TRUMP_HELP,
    Shown,
    Table,
    describe_shown,
    parse_points,
    parse_trump,
    parse_weis,
    points_text,
    problem_of,
    trump_text,
    weis_entries,
    weis_text,
)
from scorepad.tui.shorthand import Refused
from scorepad.tui.widgets import quiet
from scorepad.tui.widgets.entry_form import EntryForm
from scorepad.tui.widgets.fields import NameInput, ParseValidator
from scorepad.tui.widgets.title import cut_name

__all__ = ["JassForm", "Refused", "Shown", "Table", "parse_points", "parse_trump", "parse_weis"]

# --------------------------------------------------------------------------- the form


class JassForm(EntryForm):
    DEFAULT_CSS = """
    JassForm #jass-caller { width: 1fr; min-width: 16; max-width: 24; }
    JassForm #jass-trump { width: 20; }
    JassForm #jass-points { width: 20; }
    JassForm #jass-weis { width: 2fr; min-width: 20; }
    """

    def __init__(self, *, id: str | None = "entry-form"):
        super().__init__(id=id)
        self.table: Table | None = None
        self._from_weis = False
        self._finished = False
        self.keep_fields = False  # set by the screen before logging an entry that is not from the fields
        self.correcting = False  # in a correction dialog: Enter saves the correction

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        sheet = getattr(self.screen, "sheet", None)
        if sheet is not None:
            self.sheet = sheet
            self.table = Table.of(sheet, self.settings)
        with Horizontal(id="jass-row"):
            caller = NameInput(
                self._shown_names,
                _("player"),
                optional=True,
                id="jass-caller",
                placeholder=_("blank: forehand"),
            )
            caller.border_title = _("named by")
            yield caller
            trump = Input(
                id="jass-trump",
                placeholder="h d c s o u +p",
                validators=[ParseValidator(problem_of(parse_trump))],
            )
            trump.border_title = _("trump")
            yield trump
            points = Input(
                id="jass-points",
                placeholder=self.table.points_hint() if self.table else "97",
                validators=[ParseValidator(problem_of(self._parse_points))],
            )
            points.border_title = pgettext("Jass field", "card points")  # a field's title: short
            yield points
            weis = Input(
                id="jass-weis",
                placeholder=self.table.weis_hint() if self.table else "4-Kh 4J · st",
                validators=[ParseValidator(problem_of(self._parse_weis))],
            )
            weis.border_title = _("Weis · Stöck")
            yield weis
        yield self.status_line()

    def _shown_names(self) -> list[str]:
        return self.table.shown_names() if self.table else []

    def field(self, name: str) -> Input:
        return self.query_one(f"#jass-{name}", Input)

    # ------------------------------------------------------------------ following the game

    @property
    def view(self) -> JassView | None:
        view = self.sheet.view if self.sheet is not None else None
        return view if isinstance(view, JassView) else None

    @property
    def trump_logged(self) -> bool:
        return self.view is not None and self.view.trump_named

    def update_sheet(self, sheet: Sheet) -> None:
        super().update_sheet(sheet)
        self.table = Table.of(sheet, self.settings)
        if not self.is_mounted:
            return
        caller, trump = self.query_one("#jass-caller", NameInput), self.field("trump")
        in_play = self.trump_logged
        caller.disabled = trump.disabled = in_play or sheet.finished
        self.field("points").disabled = self.field("weis").disabled = sheet.finished
        # a game over has nothing more to type: its fields go, as Five Hundred's do (the banner says the result)
        self.query_one("#jass-row").display = not sheet.finished or self.correcting
        if self._finished and not sheet.finished:  # the game's end undone: back to the form
            self.call_after_refresh(self.focus_next_field)
        self._finished = sheet.finished
        view = self.view
        if in_play and view is not None and view.caller:
            name = self.table.name(view.caller)
            pushed = " " + _("(pushed)") if view.pushed else ""
            caller.offer_placeholders(name + pushed, cut_name(name, 12) + pushed, cut_name(name, 12))
            trump.placeholder = view.contract_label
            quiet.clear(caller)  # without a layout: the fields keep their sizes
            quiet.clear(trump)
            self.field("points").placeholder = f"97 = {self.table.team_name(view.caller_side or '')}"
        else:
            forehand = view.forehand_to_call if view is not None else None
            # blank names the forehand: the field shows who that is (its whole name, in the narrowest field)
            name = self.table.name(forehand) if forehand else _("forehand")
            caller.offer_placeholders(name, cut_name(name, 12))
            trump.placeholder = "h d c s o u +p"
            self.field("points").placeholder = self.table.points_hint()
        self.field("weis").placeholder = self.table.weis_hint()  # the initials of now (after a rename)

    def focus_next_field(self) -> None:
        """Focus where the table types next: the trump, or (a hand in play) the card points."""
        target = self.field("points") if self.trump_logged else self.field("trump")
        self.focus_now(target)

    def on_mount(self) -> None:
        if self.sheet is not None:
            self.update_sheet(self.sheet)

    def focus_first(self) -> None:
        self.focus_next_field()

    def logged(self) -> None:
        if self.keep_fields:  # something else was logged (a penalty): the hand being typed stays
            self.keep_fields = False
            return
        keep_points = self.field("points").value if self._from_weis else ""
        # cleared quietly: the "Logged: …" line stays (an emptied field otherwise says what is left to log)
        with self.prevent(Input.Changed):
            for field_ in self.query(Input):
                quiet.clear(field_)  # without a layout of the screen: the fields keep their sizes
            self.field("points").value = keep_points
        self.focus_next_field()

    # ------------------------------------------------------------------ reading the fields

    # ------------------------------------------------------------------ correcting a logged entry

    #: which fields type which entry
    FIELDS_OF = {"trump": ("caller", "trump"), "tricks": ("points",), "weis": ("weis",), "stoeck": ("weis",)}

    def correct(self, entries: list[Entry]) -> None:
        """Show only the fields of the entry corrected, filled with it as it would have been typed."""
        table = self.table
        if table is None:
            raise LookupError("the game is not loaded yet")  # not words: a programming error, never shown
        self.correcting = True
        shown = {name for entry in entries for name in self.FIELDS_OF.get(entry.type, ())}
        for name in ("caller", "trump", "points", "weis"):
            self.field(name).display = name in shown
        for entry in entries:
            if isinstance(entry, JassTrump):
                self.field("caller").disabled = self.field("trump").disabled = False
                self.field("caller").value = table.name(entry.player)
                self.field("trump").value = trump_text(entry.contract)  # the partner named: pushed
            elif isinstance(entry, JassTricks):
                self.field("points").value = points_text(entry.points, entry.match, table, self.trump_team())
            elif isinstance(entry, JassWeis | JassStoeck):
                self.field("weis").value = weis_text(entry, table, self.current_contract())

    def entries_typed(self) -> list[Entry]:
        return self.hand_entries()

    def _trump_typed(self) -> tuple[str, bool] | None:
        text = self.field("trump").value if self.is_mounted else ""
        if not text.strip():
            return None
        try:
            return parse_trump(text)
        except Refused:
            return None

    def current_contract(self) -> str | None:
        if self.trump_logged and self.view is not None:
            return self.view.contract
        typed = self._trump_typed()
        return typed[0] if typed else None

    def trump_team(self) -> str | None:
        """The team that named the trump: logged, or as typed."""
        if self.table is None:
            return None
        if self.trump_logged and self.view is not None:
            return self.view.caller_side
        try:
            call = self.trump_entry()
        except Refused:
            return None
        return self.table.side_of.get(call.trump.player) if call else None

    def _parse_points(self, text: str) -> tuple[dict[str, int], str | None]:
        if self.table is None:
            raise Refused(_("the game is not loaded yet"))
        return parse_points(text, self.table, self.trump_team())

    def _parse_weis(self, text: str) -> list[Shown]:
        if self.table is None:
            raise Refused(_("the game is not loaded yet"))
        return parse_weis(text, self.table, self.current_contract())

    def trump_entry(self) -> TrumpCall | None:
        """The deal (when due) and the trump as typed; None if no trump is typed. Raises `Refused`."""
        table, view = self.table, self.view
        if table is None or view is None:
            raise Refused(_("the game is not loaded yet"))
        typed_text = self.field("trump").value
        caller_text = self.field("caller").value.strip()
        if not typed_text.strip():
            if caller_text:
                raise Refused(_("trump: which? {help}").format(help=_(TRUMP_HELP)))
            return None
        contract, pushed = parse_trump(typed_text)
        caller = None
        if caller_text:
            caller = table.player(caller_text)
            if caller is None:
                raise Refused(
                    _("named by: which player is {typed}? {players}").format(
                        typed=repr(caller_text), players=", ".join(table.shown_names())
                    )
                )
        return view.call(contract, pushed, caller)

    def hand_entries(self, tricks: bool = True, weis: bool = True) -> list[Entry]:
        """The entries the fields hold, in log order. Raises `Refused` with the reason."""
        if self.table is None:
            raise Refused(_("the game is not loaded yet"))
        entries: list[Entry] = []
        if not self.trump_logged:
            call = self.trump_entry()
            if call is not None:
                if call.deal is not None:
                    entries.append(call.deal)
                entries.append(call.trump)
        weis_text = self.field("weis").value
        if weis and weis_text.strip():
            if not entries and not self.trump_logged:
                raise Refused(_("name the trump first (the trump field), then the Weis"))
            entries += weis_entries(self._parse_weis(weis_text))
        points_text = self.field("points").value
        if tricks and points_text.strip():
            if not entries and not self.trump_logged:
                raise Refused(_("name the trump first: {help}").format(help=_(TRUMP_HELP)))
            points, match = self._parse_points(points_text)
            entries.append(JassTricks(points=points, match=match))
        return entries

    def preview(self) -> str:
        """What the fields would log, in words (the status line shows it while typing)."""
        table = self.table
        if table is None:
            return ""
        parts: list[str] = []
        call = self.trump_entry() if not self.trump_logged else None
        if call is not None:
            entry = call.trump
            mult = table.settings.multipliers[entry.contract]
            pushed = " " + _("(pushed)") if entry.pushed else ""
            parts.append(
                _("Hand {hand}: {dealer} deals, {player} names {trump} ×{multiplier}").format(
                    hand=call.hand,
                    dealer=table.name(call.dealer),
                    player=table.name(entry.player),
                    trump=contract_label(entry.contract, table.suit_names),
                    multiplier=mult,
                )
                + pushed
            )
        weis_text = self.field("weis").value
        points_text = self.field("points").value
        if weis_text.strip():
            parts.append(_("Weis: {melds}").format(melds=describe_shown(self._parse_weis(weis_text), table)))
        if points_text.strip():
            points, match = self._parse_points(points_text)
            ((team, value),) = points.items()
            if match:
                parts.append(_("Match for {team}").format(team=table.team_name(team)))
            else:
                other = table.seating.other_side(team)
                parts.append(
                    f"{table.team_name(team)} {value}, {table.team_name(other)} {other_team_points(value)}"
                )
        if call is None and not self.trump_logged and (weis_text.strip() or points_text.strip()):
            raise Refused(
                _("name the trump first: {help}").format(help=_(TRUMP_HELP))
            )  # what Enter would say: what is missing
        if points_text.strip() and self.sheet is not None and not self.correcting:
            ending = self.replayer.preview(self.hand_entries())  # the hand scored by the rules, on a copy
            if ending.refusal is None and ending.finished:
                parts.append(_("this ends the game: {result}").format(result=ending.result))
        return " · ".join(parts)

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        if self.table is None:
            return
        # worked out again when a field is emptied too: the line then says what the other fields still log, what
        # they miss, or nothing (it kept the emptied field's preview)
        try:
            text = self.preview()
        except Refused as refused:
            self.show_error(str(refused))
            return
        if text:
            self.show_info(
                text + "  — " + (_("Enter saves the correction") if self.correcting else _("Enter logs it"))
            )
        elif not event.value.strip():
            self.show_info("")

    def enter_from(self, field: Input) -> None:
        # Enter in the Weis field logs the Weis at once; with the card points typed too, the whole hand
        self._from_weis = field.id == "jass-weis" and not self.field("points").value.strip()
        invalid = self.first_invalid()
        if invalid:
            self.show_error(invalid)
            return
        try:
            entries = self.hand_entries(tricks=not self._from_weis)
        except Refused as refused:
            self.show_error(str(refused))
            return
        if not entries:
            if self.trump_logged:
                self.show_error(
                    _("type the card points ({hint}) or a Weis, then Enter").format(
                        hint=self.table.points_hint() if self.table else "97"
                    )
                )
            else:
                self.show_error(_("name the trump first: {help}").format(help=_(TRUMP_HELP)))
            return
        self.submit(*entries)
