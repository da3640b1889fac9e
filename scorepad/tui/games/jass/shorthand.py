"""The Jass table's shorthands read into log entries: pure (no Textual), so they test on their own.

- named by / trump: `h d c s` (or ♥ ♦ ♣ ♠, Rosen, Eicheln, Schellen, Schilten), `o` Obenabe, `u` Undenufe; pushed
  (geschoben): add `+p`, as in `h+p` (`hp`, `h p`, `h + p`, `h pushed` read the same);
- card points: `97` (the trump team), `a97` / `b 60` (a team by a player's or the team's initial, or its number),
  `m` / `m b`;
- Weis · Stöck: `a 4-Kh 3-10c 4J b st` — a player (his initial, or his seat number), then what he shows.

(`a`, `b` stand for the initials of the game's own players: the form's placeholders say them, `Table.points_hint`.)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from scorepad.locale import N_, _
from scorepad.log import Entry, FourMeld, JassStoeck, JassWeis, Rank, SequenceMeld
from scorepad.rules.base import Sheet
from scorepad.rules.jass import (
    HAND_POINTS,
    SUITS,
    Settings,
    describe_meld,
    meld_points,
    melds_problem,
    parse_contract,
    sequence_problem,
)
from scorepad.rules.jass.cards import card_points_problem, no_stoeck_problem
from scorepad.rules.jass.view import Seating, shown_twice
from scorepad.tui.shorthand import Refused, resolve_name

PUSHED_SUFFIXES = (" pushed", " geschoben", "+p", " p", "p")  # "+p": as the trump field's hint writes it
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
PLUS = re.compile(r"\s*\+\s*")
GLUED = re.compile(r"^(\D+?)(\d.*)$")

WEIS_HELP = N_(
    "a player, then 4-Kh (four to the K♥), 4J (four Jacks), st (Stöck); late: declared too late (void)"
)
# typed in any language: the English word and the translated ones
LATE = re.compile(r"^(late|spät|spaet|zuspät|zuspaet|tard|tardi|поздно)$", re.IGNORECASE)
TRUMP_HELP = N_("trump: h d c s (♥ ♦ ♣ ♠), o = Obenabe, u = Undenufe; pushed: add +p (h+p, o+p)")


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
        """A team from its number, its label, its shown name, or one of its players (a beginning that only the
        players of one team have will do: "b" for "Bea & Beat")."""
        labels = list(self.sides)
        side = resolve_name(text, labels)
        if side is None:
            shown = resolve_name(text, [self.side_names.get(s, s) for s in labels])
            side = next((s for s in labels if self.side_names.get(s, s) == shown), None) if shown else None
        if side is None and not text.strip().isdigit():
            player = self.player(text)
            side = self.side_of.get(player) if player else None
            if side is None:
                begun = text.strip().casefold()
                teams = {
                    self.side_of.get(p)
                    for p in self.players
                    if begun and self.name(p).casefold().startswith(begun)
                }
                side = teams.pop() if len(teams) == 1 else None
        return side

    def team_name(self, side: str) -> str:
        return self.side_names.get(side, side)

    def teams_hint(self) -> str:
        return _(" or ").join(self.team_name(s) for s in self.sides)

    def player_key(self, player: str) -> str:
        """What the fields take for a player, as short as it goes: his initial when no other name begins with
        it, else his seat number."""
        initial = self.name(player)[:1].casefold()
        if initial and not initial.isdigit() and self.player(initial) == player:
            return initial
        return str(self.players.index(player) + 1)

    def team_key(self, side: str) -> str:
        """What the card-points field takes for a team, as short as it goes: an initial of its name or of one of
        its players that names it alone, else its number."""
        words = [self.team_name(side), *(self.name(p) for p in self.sides.get(side, ()))]
        for word in words:
            initial = word[:1].casefold()
            if initial and not initial.isdigit() and self.team(initial) == side:
                return initial
        return str(list(self.sides).index(side) + 1)

    def teams_keys(self) -> str:
        """The teams as the fields take them, for a placeholder: "h or r"."""
        return _(" or ").join(self.team_key(s) for s in self.sides)

    def points_example(self, side: str, points: int = 97) -> str:
        """A team's card points as typed: "h97", "1 97" (a number and the points need a space between)."""
        key = self.team_key(side)
        return f"{key} {points}" if key.isdigit() else f"{key}{points}"

    def points_hint(self) -> str:
        """The card-points field's placeholder: "97 · h97 · m r"."""
        first, second = list(self.sides)[:2]
        return f"97 · {self.points_example(first)} · m {self.team_key(second)}"

    def weis_hint(self) -> str:
        """The Weis field's placeholder: "h 4-Kh 4J · r st" (the first two players)."""
        first, second = self.players[:2]
        return f"{self.player_key(first)} 4-Kh 4J · {self.player_key(second)} st"


# --------------------------------------------------------------------------- the shorthands


def parse_trump(text: str) -> tuple[str, bool]:
    """'h' -> ('hearts', False); 'h+p', 'h + p', 'hp', 'oben p', 'Rosen pushed' -> pushed."""
    word = PLUS.sub("+", text.strip().lower())  # 'h + p' as 'h+p'
    contract = parse_contract(word)
    if contract:
        return contract, False
    for suffix in PUSHED_SUFFIXES:
        if word.endswith(suffix):
            contract = parse_contract(word[: -len(suffix)])
            if contract:
                return contract, True
    raise Refused(f"{text.strip()!r}? {_(TRUMP_HELP)}")


def parse_points(text: str, table: Table, trump_team: str | None) -> tuple[dict[str, int], str | None]:
    """'97' (the trump team), 'a97', 'b 60', 'm', 'm b' -> (team -> card points, the Match team or None)."""
    text = text.strip()
    if not text:
        raise Refused(
            _("card points: {hint} (bare: the trump team; m: a Match)").format(hint=table.points_hint())
        )
    match = MATCH.match(text)
    numbered = (
        match is not None and match.group(2).strip().isdigit() and table.team(match.group(2)) is not None
    )
    if not any(ch.isdigit() for ch in text) or numbered:  # "m", "m r", "m 2" (a team by its number)
        if not match:
            raise Refused(
                _("card points: {typed} has no number (a Match is m, or m and a team)").format(
                    typed=repr(text)
                )
            )
        who = match.group(2).strip()
        team = table.team(who) if who else trump_team
        if team is None:
            raise Refused(
                _("a Match for which team? {teams} (m {keys})").format(
                    teams=table.teams_hint(), keys=table.teams_keys().replace(_(" or "), ", m ")
                )
                if who
                else _("a Match for which team? name the trump first, or type m and a team")
            )
        return {team: HAND_POINTS}, team
    found = POINTS.match(text)
    if not found:
        example = table.points_example(next(iter(table.sides)))
        raise Refused(
            _("card points: {typed}? a team's initial and its points, e.g. {example}").format(
                typed=repr(text), example=example
            )
        )
    who, number = found.group(1).strip(), int(found.group(2))
    if problem := card_points_problem(number):
        raise Refused(problem)
    team = table.team(who) if who else trump_team
    if team is None:
        if who:
            raise Refused(
                _("card points: which team is {typed}? {teams} (a player's initial is enough)").format(
                    typed=repr(who), teams=table.teams_hint()
                )
            )
        raise Refused(
            _("card points: whose? type the team too, e.g. {example}").format(
                example=table.points_example(next(iter(table.sides)))
            )
        )
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
            length, top, suit_word = (
                int(sequence.group(1)),
                RANK_WORDS[sequence.group(2).lower()],
                sequence.group(3),
            )
            suit = parse_contract(suit_word)
            if suit not in SUITS:
                raise Refused(
                    _("{typed}: {suit} is not a suit (h d c s, ♥ ♦ ♣ ♠)").format(
                        typed=repr(text), suit=repr(suit_word)
                    )
                )
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
    late: bool = False  # declared too late: logged, void by the laws


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
                raise Refused(_("Stöck of which player? {help}").format(help=_(WEIS_HELP)))
            current.stoeck = True
            i += 1
            continue
        if LATE.match(token):
            if current is None:
                raise Refused(_("whose declaration came late? {help}").format(help=_(WEIS_HELP)))
            current.late = True
            i += 1
            continue
        meld = parse_meld(token, following) if token[0].isdigit() or FOUR_SAME.match(token) else None
        if meld is not None:
            if current is None:
                raise Refused(_("whose Weis? {help}").format(help=_(WEIS_HELP)))
            current.melds.append(meld[0])
            i += 2 if meld[1] else 1
            continue
        seat = table.player(token) if token.isdigit() else None  # a seat number: two players share an initial
        if seat is not None:
            current = shown.setdefault(seat, Shown(seat))
            i += 1
            continue
        if token[0].isdigit():
            raise Refused(
                _("{typed}? a sequence is length-top-suit (4-Kh, 3-10c), four of a rank 4J").format(
                    typed=repr(token)
                )
            )
        player = table.player(token)
        glued = GLUED.match(token)
        if player is None and glued and table.player(glued.group(1)):  # 'c3-10c': Cid, three to the 10♣
            tokens[i : i + 1] = [glued.group(1), glued.group(2)]
            continue
        if player is None:
            raise Refused(
                _("{typed} is neither a player nor a Weis: {help}").format(
                    typed=repr(token), help=_(WEIS_HELP)
                )
            )
        current = shown.setdefault(player, Shown(player))
        i += 1
    if not shown:
        raise Refused(_("Weis: {help}").format(help=_(WEIS_HELP)))
    for item in shown.values():
        name = table.name(item.player)
        if not item.melds and not item.stoeck:
            raise Refused(_("what does {player} show? {help}").format(player=name, help=_(WEIS_HELP)))
        if item.melds and (problem := melds_problem(item.melds, table.settings, table.suit_names)):
            raise Refused(_("{player} cannot declare that: {problem}").format(player=name, problem=problem))
        if item.stoeck and (problem := no_stoeck_problem(contract)):
            raise Refused(problem)
    holdings = [(item.player, item.melds, item.stoeck) for item in shown.values()]
    late = {item.player for item in shown.values() if item.late}
    if problem := shown_twice(holdings, contract, table.suit_names, table.name, late):
        raise Refused(problem)
    return list(shown.values())


def weis_entries(shown: Sequence[Shown]) -> list[Entry]:
    entries: list[Entry] = []
    for item in shown:
        if item.melds:
            entries.append(JassWeis(player=item.player, melds=tuple(item.melds), late=item.late))
        if item.stoeck:
            entries.append(JassStoeck(player=item.player, late=item.late))
    return entries


def describe_shown(shown: Sequence[Shown], table: Table) -> str:
    parts = []
    for item in shown:
        what = [
            f"{describe_meld(m, table.suit_names)} ({meld_points(m, table.settings)})" for m in item.melds
        ]
        if item.stoeck:
            what.append(f"Stöck ({table.settings.stoeck_points})")
        late = " — " + _("late: void") if item.late else ""
        parts.append(f"{table.name(item.player)}: " + ", ".join(what) + late)
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


# --------------------------------------------------------------------------- a logged entry, typed again


def trump_text(contract: str, pushed: bool = False) -> str:
    """The trump field's shorthand for a contract: 'hearts' -> 'h', 'obenabe' -> 'o' (+ 'p' when pushed)."""
    return contract[0] + (" p" if pushed else "")


def _who(candidates: Sequence[str], reads: Callable[[str], bool]) -> str:
    """The first way of naming a player or team the shorthand reads back as meant (names may hold spaces)."""
    for text in candidates:
        if text and not text[0].isdigit() and reads(text):
            return text
    return candidates[0]


def points_text(points: Mapping[str, int], match: str | None, table: Table, trump_team: str | None) -> str:
    """The card-points field's shorthand for a logged hand: 'Ann & Cid 97', 'm Bob & Dan', or bare '97' when
    the trump team took them."""
    team, value = next(iter(points.items()))  # the form types one team's points (the other's follow)
    if team == trump_team:
        return "m" if match else str(value)
    names = [table.team_name(team), *(table.name(p) for p in table.sides.get(team, ()))]
    names += [name.split()[0] for name in names if name.split()]
    who = _who(names, lambda text: table.team(text) == team)
    return f"m {who}" if match else f"{who} {value}"


def meld_text(meld: SequenceMeld | FourMeld) -> str:
    """'4-Kh' (four to the K♥), '4J' (four Jacks)."""
    if isinstance(meld, FourMeld):
        return f"4{meld.rank}"
    return f"{meld.length}-{meld.top}{meld.suit[0]}"


def weis_text(entry: JassWeis | JassStoeck, table: Table, contract: str | None = None) -> str:
    """The Weis field's shorthand for one logged Weis or Stöck: 'Ann 4-Kh 4J', 'Bob st'."""
    name = table.name(entry.player)
    what = " ".join(meld_text(m) for m in entry.melds) if isinstance(entry, JassWeis) else "st"
    what += " late" if entry.late else ""
    who = _who([name, *name.split()[:1]], lambda text: table.player(text) == entry.player and " " not in text)
    return f"{who} {what}"
