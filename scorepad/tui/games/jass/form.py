"""The Jass entry form: one row for the hand, shorthands a Jass table reads at once.

    named by | trump | card points | Weis · Stöck

- named by: the player who named the trump; blank = the player after the dealer. The partner's
  initial means the choice was pushed (geschoben).
- trump: h d c s (or ♥ ♦ ♣ ♠, Rosen, Eicheln, Schellen, Schilten), o = Obenabe, u = Undenufe; a
  trailing p = pushed (the partner named it).
- card points: one team's points, the other gets 157 − x: `97` (the trump team), `a97` / `b 60`
  (a team by a player's or the team's initial), `m` / `m b` = Match.
- Weis · Stöck: a player, then what he shows: `a 4-Kh` (four to the K♥), `a 3-10c 4J` (three to
  the 10♣ and four Jacks), `b st` (Stöck); several players in one line: `a 4-Kh b st`.

Enter in the Weis field logs the Weis now (with the deal and the trump if they are not logged yet);
Enter elsewhere logs the hand as far as it is typed (deal and trump, Weis, card points). The deal
is never typed: the dealer is the next in turn (hand 1: the player before the trump's namer).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input

from scorepad.log import Entry, FourMeld, JassStoeck, JassTricks, JassWeis, Rank, SequenceMeld
from scorepad.rules.base import Sheet
from scorepad.rules.jass import (
    HAND_POINTS,
    SUITS,
    Settings,
    contract_label,
    describe_meld,
    meld_points,
    melds_problem,
    other_team_points,
    parse_contract,
    sequence_problem,
)
from scorepad.rules.jass.cards import card_points_problem, no_stoeck_problem
from scorepad.rules.jass.view import JassView, Seating, TrumpCall, shown_twice
from scorepad.tui.widgets.entry_form import EntryForm, Refused
from scorepad.tui.widgets.fields import NameInput, ParseValidator, resolve_name

PUSHED_SUFFIXES = (" pushed", " geschoben", " p", "p")
RANK_WORDS: dict[str, Rank] = {
    "a": "A", "k": "K", "q": "Q", "j": "J", "10": "10", "t": "10", "9": "9", "8": "8", "7": "7", "6": "6",
    "u": "J", "o": "Q", "b": "10",  # German-Swiss: Under, Ober, Banner
}  # fmt: skip
RANK = r"(10|[akqjtuob9876])"
SEQUENCE = re.compile(rf"^([3-9])\s*(?:-|:|/|>|to)?\s*{RANK}\s*(\S+)$", re.IGNORECASE)
FOUR = re.compile(rf"^4\s*[x×*]?\s*{RANK}$", re.IGNORECASE)
FOUR_SAME = re.compile(r"^(10|[akqj9876])\1\1\1$", re.IGNORECASE)
STOECK = re.compile(r"^(st|sto|stö|stock|stoeck|stöck|stoecke|stöcke)$", re.IGNORECASE)
MATCH = re.compile(r"^(match|m)\s*(.*)$", re.IGNORECASE)
POINTS = re.compile(r"^(.*?)\s*(\d+)$")
GLUED = re.compile(r"^(\D+?)(\d.*)$")

WEIS_HELP = "a player, then 4-Kh (four to the K♥), 4J (four Jacks), st (Stöck)"
TRUMP_HELP = "trump: h d c s (♥ ♦ ♣ ♠), o = Obenabe, u = Undenufe; a trailing p = pushed"


@dataclass(frozen=True)
class Table:
    """What the shorthands need of the game: seats, names, teams, the ruleset."""

    players: tuple[str, ...]
    names: Mapping[str, str]
    sides: Mapping[str, tuple[str, ...]]
    side_names: Mapping[str, str]
    settings: Settings
    seating: Seating = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "seating", Seating(self.players, self.sides))

    @property
    def side_of(self) -> Mapping[str, str]:
        return self.seating.side_of

    @classmethod
    def of(cls, sheet: Sheet, settings: Settings) -> Table:
        return cls(
            players=tuple(sheet.header.players),
            names=dict(sheet.names),
            sides={s: tuple(m) for s, m in sheet.sides.items()},
            side_names=dict(sheet.side_names),
            settings=settings,
        )

    @property
    def suit_names(self) -> str:
        return self.settings.suit_names

    def name(self, player: str) -> str:
        return self.names.get(player, player)

    def shown_names(self) -> list[str]:
        return [self.name(p) for p in self.players]

    def player(self, text: str) -> str | None:
        """A player (as in the header) from a seat number, a name or a unique beginning."""
        shown = resolve_name(text, self.shown_names())
        if shown is None:
            return None
        return next(p for p in self.players if self.name(p) == shown)

    def team(self, text: str) -> str | None:
        """A team from its number, its label, its shown name, or one of its players."""
        labels = list(self.sides)
        side = resolve_name(text, labels)
        if side is None:
            shown = resolve_name(text, [self.side_names.get(s, s) for s in labels])
            side = next((s for s in labels if self.side_names.get(s, s) == shown), None) if shown else None
        if side is None:
            player = self.player(text) if not text.strip().isdigit() else None
            side = self.side_of.get(player) if player else None
        return side

    def team_name(self, side: str) -> str:
        return self.side_names.get(side, side)

    def teams_hint(self) -> str:
        return " or ".join(self.team_name(s) for s in self.sides)


# --------------------------------------------------------------------------- the shorthands


def parse_trump(text: str) -> tuple[str, bool]:
    """'h' -> ('hearts', False); 'hp', 'oben p', 'Rosen pushed' -> pushed."""
    word = text.strip().lower()
    contract = parse_contract(word)
    if contract:
        return contract, False
    for suffix in PUSHED_SUFFIXES:
        if word.endswith(suffix):
            contract = parse_contract(word[: -len(suffix)])
            if contract:
                return contract, True
    raise Refused(f"{text.strip()!r}? {TRUMP_HELP}")


def parse_points(text: str, table: Table, trump_team: str | None) -> tuple[dict[str, int], str | None]:
    """'97' (the trump team), 'a97', 'b 60', 'm', 'm b' -> (team -> card points, the Match team or None)."""
    text = text.strip()
    if not text:
        raise Refused("card points: 97 (the trump team), a97 / b 60 (a team), m / m b (a Match)")
    if not any(ch.isdigit() for ch in text):
        match = MATCH.match(text)
        if not match:
            raise Refused(f"card points: {text!r} has no number (a Match is m, or m and a team)")
        who = match.group(2).strip()
        team = table.team(who) if who else trump_team
        if team is None:
            raise Refused(f"a Match for which team? {table.teams_hint()} (m a, m b …)" if who
                          else "a Match for which team? name the trump first, or type m and a team")
        return {team: HAND_POINTS}, team
    found = POINTS.match(text)
    if not found:
        raise Refused(f"card points: {text!r}? a team's initial and its points, e.g. a97")
    who, number = found.group(1).strip(), int(found.group(2))
    if problem := card_points_problem(number):
        raise Refused(problem)
    team = table.team(who) if who else trump_team
    if team is None:
        if who:
            raise Refused(f"card points: which team is {who!r}? {table.teams_hint()} (a player's initial is enough)")
        raise Refused("card points: whose? type the team too, e.g. a97")
    return {team: number}, None


def parse_meld(token: str, following: str | None = None) -> tuple[SequenceMeld | FourMeld, bool] | None:
    """One meld token ('4-Kh', '4J', 'KKKK'; '4' + 'Kh' as two tokens) -> (meld, used the next token)."""
    joined = f"{token}{following}" if following is not None and token.isdigit() else None
    for text, used_next in ((token, False), (joined, True)):
        if text is None:
            continue
        four = FOUR.match(text) or FOUR_SAME.match(text)
        if four:
            return FourMeld(rank=RANK_WORDS[four.group(1).lower()]), used_next
        sequence = SEQUENCE.match(text)
        if sequence:
            length, top, suit_word = int(sequence.group(1)), RANK_WORDS[sequence.group(2).lower()], sequence.group(3)
            suit = parse_contract(suit_word)
            if suit not in SUITS:
                raise Refused(f"{text!r}: {suit_word!r} is not a suit (h d c s, ♥ ♦ ♣ ♠)")
            if problem := sequence_problem(length, top):
                raise Refused(problem)
            return SequenceMeld.model_validate({"length": length, "top": top, "suit": suit}), used_next
    return None


@dataclass
class Shown:
    """What one player shows in a hand: his melds and whether he has the Stöck."""

    player: str
    melds: list[SequenceMeld | FourMeld] = field(default_factory=list)
    stoeck: bool = False


def parse_weis(text: str, table: Table, contract: str | None = None) -> list[Shown]:
    """'a 4-Kh 4J b st' -> [Ann: four to the K♥ + four Jacks, Bob: Stöck], checked as a hand allows."""
    tokens = [t for t in re.split(r"[\s,;+]+", text.strip()) if t]
    shown: dict[str, Shown] = {}
    current: Shown | None = None
    i = 0
    while i < len(tokens):
        token = tokens[i]
        following = tokens[i + 1] if i + 1 < len(tokens) else None
        if STOECK.match(token):
            if current is None:
                raise Refused(f"Stöck of which player? {WEIS_HELP}")
            current.stoeck = True
            i += 1
            continue
        meld = parse_meld(token, following) if token[0].isdigit() or FOUR_SAME.match(token) else None
        if meld is not None:
            if current is None:
                raise Refused(f"whose Weis? {WEIS_HELP}")
            current.melds.append(meld[0])
            i += 2 if meld[1] else 1
            continue
        if token[0].isdigit():
            raise Refused(f"{token!r}? a sequence is length-top-suit (4-Kh, 3-10c), four of a rank 4J")
        player = table.player(token)
        glued = GLUED.match(token)
        if player is None and glued and table.player(glued.group(1)):  # 'c3-10c': Cid, three to the 10♣
            tokens[i : i + 1] = [glued.group(1), glued.group(2)]
            continue
        if player is None:
            raise Refused(f"{token!r} is neither a player nor a Weis: {WEIS_HELP}")
        current = shown.setdefault(player, Shown(player))
        i += 1
    if not shown:
        raise Refused(f"Weis: {WEIS_HELP}")
    for item in shown.values():
        name = table.name(item.player)
        if not item.melds and not item.stoeck:
            raise Refused(f"what does {name} show? {WEIS_HELP}")
        if item.melds and (problem := melds_problem(item.melds, table.settings, table.suit_names)):
            raise Refused(f"{name} cannot declare that: {problem}")
        if item.stoeck and (problem := no_stoeck_problem(contract)):
            raise Refused(problem)
    holdings = [(item.player, item.melds, item.stoeck) for item in shown.values()]
    if problem := shown_twice(holdings, contract, table.suit_names, table.name):
        raise Refused(problem)
    return list(shown.values())


def weis_entries(shown: Sequence[Shown]) -> list[Entry]:
    entries: list[Entry] = []
    for item in shown:
        if item.melds:
            entries.append(JassWeis(player=item.player, melds=tuple(item.melds)))
        if item.stoeck:
            entries.append(JassStoeck(player=item.player))
    return entries


def describe_shown(shown: Sequence[Shown], table: Table) -> str:
    parts = []
    for item in shown:
        what = [f"{describe_meld(m, table.suit_names)} ({meld_points(m, table.settings)})" for m in item.melds]
        if item.stoeck:
            what.append(f"Stöck ({table.settings.stoeck_points})")
        parts.append(f"{table.name(item.player)}: " + ", ".join(what))
    return "; ".join(parts)


def problem_of(parse: Callable[[str], object]) -> Callable[[str], str | None]:
    """A validator's problem function from a parser that raises `Refused`; blank is fine."""

    def problem(value: str) -> str | None:
        if not value.strip():
            return None
        try:
            parse(value)
        except Refused as refused:
            return str(refused)
        return None

    return problem


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

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        sheet = getattr(self.screen, "sheet", None)
        if sheet is not None:
            self.sheet = sheet
            self.table = Table.of(sheet, self.settings)
        with Horizontal(id="jass-row"):
            caller = NameInput(self._shown_names, "player", optional=True, id="jass-caller",
                               placeholder="blank: forehand")
            caller.border_title = "named by"
            yield caller
            trump = Input(id="jass-trump", placeholder="h d c s o u +p",
                          validators=[ParseValidator(problem_of(parse_trump))])
            trump.border_title = "trump"
            yield trump
            points = Input(id="jass-points", placeholder="97 · a97 · m b",
                           validators=[ParseValidator(problem_of(self._parse_points))])
            points.border_title = "card points"
            yield points
            weis = Input(id="jass-weis", placeholder="a 4-Kh 4J · b st",
                         validators=[ParseValidator(problem_of(self._parse_weis))])
            weis.border_title = "Weis · Stöck"
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
        caller, trump = self.field("caller"), self.field("trump")
        in_play = self.trump_logged
        caller.disabled = trump.disabled = in_play or sheet.finished
        self.field("points").disabled = self.field("weis").disabled = sheet.finished
        if self._finished and not sheet.finished:  # the game's end undone: back to the form
            self.call_after_refresh(self.focus_next_field)
        self._finished = sheet.finished
        view = self.view
        if in_play and view is not None and view.caller:
            caller.placeholder = self.table.name(view.caller) + (" (pushed)" if view.pushed else "")
            trump.placeholder = view.contract_label
            caller.value = trump.value = ""
            self.field("points").placeholder = f"97 = {self.table.team_name(view.caller_side or '')}"
        else:
            forehand = view.forehand_to_call if view is not None else None
            # blank names the forehand: the field shows who that is (its whole name, in the narrowest field)
            caller.placeholder = self.table.name(forehand) if forehand else "forehand"
            trump.placeholder = "h d c s o u +p"
            self.field("points").placeholder = "97 · a97 · m b"

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
        for field_ in self.query(Input):
            field_.value = ""
        self.field("points").value = keep_points
        self.focus_next_field()

    # ------------------------------------------------------------------ reading the fields

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
            raise Refused("the game is not loaded yet")
        return parse_points(text, self.table, self.trump_team())

    def _parse_weis(self, text: str) -> list[Shown]:
        if self.table is None:
            raise Refused("the game is not loaded yet")
        return parse_weis(text, self.table, self.current_contract())

    def trump_entry(self) -> TrumpCall | None:
        """The deal (when due) and the trump as typed; None if no trump is typed. Raises `Refused`."""
        table, view = self.table, self.view
        if table is None or view is None:
            raise Refused("the game is not loaded yet")
        typed_text = self.field("trump").value
        caller_text = self.field("caller").value.strip()
        if not typed_text.strip():
            if caller_text:
                raise Refused("trump: which? " + TRUMP_HELP)
            return None
        contract, pushed = parse_trump(typed_text)
        caller = None
        if caller_text:
            caller = table.player(caller_text)
            if caller is None:
                raise Refused(f"named by: which player is {caller_text!r}? {', '.join(table.shown_names())}")
        return view.call(contract, pushed, caller)

    def hand_entries(self, tricks: bool = True, weis: bool = True) -> list[Entry]:
        """The entries the fields hold, in log order. Raises `Refused` with the reason."""
        if self.table is None:
            raise Refused("the game is not loaded yet")
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
                raise Refused("name the trump first (the trump field), then the Weis")
            entries += weis_entries(self._parse_weis(weis_text))
        points_text = self.field("points").value
        if tricks and points_text.strip():
            if not entries and not self.trump_logged:
                raise Refused("name the trump first: " + TRUMP_HELP)
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
            pushed = " (pushed)" if entry.pushed else ""
            parts.append(f"Hand {call.hand}: {table.name(call.dealer)} deals, {table.name(entry.player)} names "
                         f"{contract_label(entry.contract, table.suit_names)} ×{mult}{pushed}")
        weis_text = self.field("weis").value
        if weis_text.strip():
            parts.append("Weis: " + describe_shown(self._parse_weis(weis_text), table))
        points_text = self.field("points").value
        if points_text.strip():
            points, match = self._parse_points(points_text)
            (team, value), = points.items()
            if match:
                parts.append(f"Match for {table.team_name(team)}")
            else:
                other = table.seating.other_side(team)
                parts.append(f"{table.team_name(team)} {value}, {table.team_name(other)} {other_team_points(value)}")
        return " · ".join(parts)

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        if not event.value.strip() or self.table is None:
            return
        try:
            text = self.preview()
        except Refused as refused:
            self.show_error(str(refused))
            return
        if text:
            self.show_info(text + "  — Enter logs it")

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
                self.show_error("type the card points (97, a97, m) or a Weis, then Enter")
            else:
                self.show_error("name the trump first: " + TRUMP_HELP)
            return
        self.submit(*entries)
