"""What every game's rules share: the Sheet, the replay loop and the correction windows.

A game module supplies a `Rules` object: its settings, its default sides, a mutable replay
`State`, and four pure steps — `validate` (may this entry come now?), `apply` (fold it in),
`correction_window` (may entry N still be changed?) and `extra` (game-specific summary keys).
`Replayer` drives them: it keeps the raw log, judges `amend`/`void` against the window at the
moment they were logged, and when a correction lands re-folds from a checkpoint just before the entry
it corrects, so a changed result re-derives everything after it and nothing before it.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields, is_dataclass, replace
from datetime import datetime
from itertools import islice
from operator import is_
from types import MappingProxyType
from typing import Any, Literal

from pydantic import BaseModel

from scorepad.log import Amend, Entry, Header, Note, Rename, Void
from scorepad.rules.names import clash_problem, name_problem
from scorepad.rules.registry import rules_for

FROZEN_EMPTY: Mapping[str, Any] = MappingProxyType({})
CORRECTIONS = frozenset(("amend", "void"))
_CORRECTION_TYPES = (Amend, Void)  # a tuple made once (`Amend | Void` in isinstance makes a union each time)


class ByType(dict[type, Any]):
    """type -> the value of the first of `cases` (class, value) that type is (a subclass of), else `default`:
    what a `match` of class patterns in that order finds, worked out once per type. A long log asks it for
    every entry, and `isinstance` against a pydantic model goes through ABCMeta (~0.3 µs a class it is not)."""

    def __init__(self, cases: Iterable[tuple[type, Any]], default: Any = None):
        super().__init__()
        self._cases = tuple(cases)
        self._default = default

    def __missing__(self, kind: type) -> Any:
        value = next((value for case, value in self._cases if issubclass(kind, case)), self._default)
        self[kind] = value
        return value


class ByTypes(dict[type, tuple[Any, ...]]):
    """type -> what each of `tables` (each a `ByType`) gives that type, in a tuple: several look-ups by the same
    type made as one (a rules' check and fold of an entry)."""

    def __init__(self, *tables: ByType):
        super().__init__()
        self._tables = tables

    def __missing__(self, kind: type) -> tuple[Any, ...]:
        value = self[kind] = tuple(table[kind] for table in self._tables)
        return value


#: the entries `Replayer.push` folds in a way of its own (True) and the plain ones (False), by type
_FOLDED_APART = ByType(((Amend, True), (Void, True), (Note, True), (Rename, True)), default=False)
_CORRECTS = ByType(((Amend, True), (Void, True)), default=False)
_OWN_WAY = ByType(((Note, Note), (Rename, Rename)))  # the plain entries the replayer folds itself, by type


def frozen(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping))


Words = tuple[str, Mapping[str, Any]]  # a row's text and its game-specific cells


class RowLayout:
    """The sides a row's points are given for, in their order, shared by the rows that name them alike (every row
    of a game, mostly): where each side's change and total sit in a row's one tuple of points. Read-only by
    agreement: `named` (the sides of the changes, then of the totals), `changes` (how many changes begin the
    points), `delta` and `totals` (side -> its place in the points)."""

    __slots__ = ("delta", "totals", "changes", "named")
    named: tuple[tuple[str, ...], tuple[str, ...]]
    changes: int
    delta: dict[str, int]
    totals: dict[str, int]

    def __init__(self, delta: tuple[str, ...], totals: tuple[str, ...]):
        self.named = (delta, totals)  # the sides of the changes and of the totals, in their order
        self.changes = len(delta)  # the points begin with the changes, then the totals
        self.delta = {side: place for place, side in enumerate(delta)}
        self.totals = {side: place for place, side in enumerate(totals, start=len(delta))}


#: the sides of the rows made so far, by the order their changes and totals name them (a few a game); emptied
#: when it grows past a bound (a long history replays many tables), so no table's names are kept for good
_SIDES: dict[tuple[tuple[str, ...], tuple[str, ...]], RowLayout] = {}
_SIDES_AT_MOST = 256


def row_layout(sides: tuple[str, ...]) -> RowLayout:
    """The layout of a row whose changes and totals both name `sides`, in that order (`State.add_row_of`)."""
    return _sides_of(dict.fromkeys(sides), dict.fromkeys(sides))


def _sides_of(delta: Mapping[str, Any], totals: Mapping[str, Any]) -> RowLayout:
    named = (tuple(delta), tuple(totals))
    sides = _SIDES.get(named)
    if sides is None:
        if len(_SIDES) >= _SIDES_AT_MOST:
            _SIDES.clear()
        sides = _SIDES[named] = RowLayout(*named)
    return sides


class Points(Mapping[str, int]):
    """A row's change or totals by side, read-only: a view of the row's one tuple of points (what a row keeps
    is that tuple and its shared `RowLayout`, not two dicts and their proxies — a long game keeps thousands)."""

    __slots__ = ("_places", "_points")

    def __init__(self, places: dict[str, int], points: tuple[int, ...]):
        self._places = places
        self._points = points

    def __getitem__(self, side: str) -> int:
        return self._points[self._places[side]]

    def get(self, side: str, default: Any = None) -> Any:
        place = self._places.get(side)
        return default if place is None else self._points[place]

    def __contains__(self, side: object) -> bool:
        return side in self._places

    def __iter__(self) -> Iterator[str]:
        return iter(self._places)

    def __len__(self) -> int:
        return len(self._places)

    def __repr__(self) -> str:
        return repr(dict(self))


class Row:
    """One scored deal or hand: immutable.

    Its words (text and cells) may be worked out when first read (`Row.later`): replaying a long log
    folds every deal, but only the rows a screen, an export or a summary shows are ever put in words.
    A game that defers them hands over a function of values that never change afterwards; when that
    function has a `text()` method too, reading the text alone asks only that (and keeps nothing).

    Its change and totals are kept as one tuple of points (the changes, then the totals) and the sides they
    name, shared with the other rows; `delta` and `totals` read them as mappings (`Points`), in the order given.
    """

    __slots__ = ("seq", "_sides", "_points", "_words", "_describe")
    seq: int
    _sides: RowLayout
    _points: tuple[int, ...]
    _words: Words | None
    _describe: Callable[[], Words] | None

    def __init__(self, seq: int, text: str, delta: Mapping[str, int], totals: Mapping[str, int],
                 cells: Mapping[str, Any] = FROZEN_EMPTY):
        _set = object.__setattr__
        _set(self, "seq", seq)
        _set(self, "_sides", _sides_of(delta, totals))
        _set(self, "_points", (*delta.values(), *totals.values()))
        _set(self, "_words", (text, cells))
        _set(self, "_describe", None)

    @classmethod
    def later(cls, seq: int, delta: Mapping[str, int], totals: Mapping[str, int],
              describe: Callable[[], Words]) -> Row:
        """A row put in words when first read. Its points are those `delta` and `totals` hold now."""
        return cls._made(seq, _sides_of(delta, totals), (*delta.values(), *totals.values()), None, describe)

    @classmethod
    def _made(cls, seq: int, sides: RowLayout, points: tuple[int, ...], words: Words | None,
              describe: Callable[[], Words] | None) -> Row:
        row = object.__new__(cls)
        _set = object.__setattr__
        _set(row, "seq", seq)
        _set(row, "_sides", sides)
        _set(row, "_points", points)
        _set(row, "_words", words)
        _set(row, "_describe", describe)
        return row

    @property
    def delta(self) -> Mapping[str, int]:
        """side -> the points this row scored it (every side, in the sides' order: 0 for none)"""
        return Points(self._sides.delta, self._points)

    @property
    def totals(self) -> Mapping[str, int]:
        """side -> its total after this row"""
        return Points(self._sides.totals, self._points)

    @property
    def layout(self) -> RowLayout:
        """Where this row's points sit (`points`): one object shared by the rows that name their sides alike,
        with `named`, the sides of the changes and of the totals. A writer of many rows works out what it
        writes for each layout once, without a mapping made per row."""
        return self._sides

    @property
    def points(self) -> tuple[int, ...]:
        """The changes then the totals, in the order of `layout.named`."""
        return self._points

    def _resolve(self) -> Words:
        words = self._words
        if words is None:
            assert self._describe is not None  # a row has its words or the function that gives them
            text, cells = self._describe()
            words = (text, MappingProxyType(cells))
            object.__setattr__(self, "_words", words)
            object.__setattr__(self, "_describe", None)
        return words

    @property
    def text(self) -> str:
        words = self._words
        if words is not None:
            return words[0]
        # a game's words may give the text alone (`text()`), without the cells: what a summary reads of a row
        text_alone = getattr(self._describe, "text", None)
        return text_alone() if text_alone is not None else self._resolve()[0]

    @property
    def cells(self) -> Mapping[str, Any]:
        """Game-specific columns for screens and exports."""
        return (self._words or self._resolve())[1]

    def pending_words(self) -> Callable[[], Words] | None:
        """The function that puts this row in words, while they have not been asked for (None once they have, or
        when the row was given them): a game's typed view may read the values it holds without making the words."""
        return self._describe

    def unkept(self) -> Row:
        """This row with its words worked out, kept by neither: what a screen reads of a row it only measures
        (a long game's sheet sizes its columns to every row, and shows only a screenful of them)."""
        describe = self._describe
        if self._words is not None or describe is None:
            return self
        text, cells = describe()
        return Row._made(self.seq, self._sides, self._points, (text, MappingProxyType(cells)), None)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a Row cannot be changed (tried to set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Row cannot be changed (tried to delete {name!r})")

    def __eq__(self, other: object) -> bool:
        if other is self:  # a row shared by two sheets (before and after a correction): not put in words to compare
            return True
        if not isinstance(other, Row):
            return NotImplemented
        if self.seq != other.seq:
            return False
        if self._sides is other._sides:  # named alike: the same points are the same changes and totals
            if self._points != other._points:
                return False
        elif (self.delta, self.totals) != (other.delta, other.totals):
            return False
        return (self.text, self.cells) == (other.text, other.cells)

    __hash__ = None  # type: ignore[assignment]  # like the mappings it holds

    def __copy__(self) -> Row:
        return self  # immutable: a copy of a state shares its rows

    def __deepcopy__(self, memo: dict[int, Any]) -> Row:
        return self

    def __repr__(self) -> str:
        return f"Row(seq={self.seq}, text={self.text!r}, delta={dict(self.delta)}, totals={dict(self.totals)})"

    def summary(self) -> dict[str, Any]:
        sides, points = self._sides, self._points
        changes = sides.changes
        return {"seq": self.seq, "text": self.text, "delta": dict(zip(sides.delta, points[:changes], strict=True)),
                "totals": dict(zip(sides.totals, points[changes:], strict=True))}


#: Where a game stands, in one vocabulary for every game:
#: deal — between deals: the next entry begins one (or names its dealer);
#: auction — the call is under way: the bidding, or in Jass naming trump (or pushing);
#: play — the contract or trump is fixed: the result is due;
#: question — the table must answer a question before anything else counts;
#: over — the game (or rubber) is over; agreed — and its score is agreed (Bridge, Law 12).
Phase = Literal["deal", "auction", "play", "question", "over", "agreed"]


@dataclass(frozen=True, kw_only=True)
class View:
    """The moment of a game as the rules see it, for screens: each game extends it with its own answers."""

    phase: Phase
    number: int  # the deal (Jass: the hand) the next entry belongs to
    undo_target: int | None = None  # the entry undo would strike out now (`Replayer.undo_target`), or None

    @property
    def prompt_stands_alone(self) -> bool:
        """Whether the prompt is a sentence of its own that announces the coming deal or hand ("Bob deals next;
        Cid bids first"): a screen shows it as it is, not after "Next:"."""
        return False


@dataclass(frozen=True, slots=True)
class Preview:
    """What entries not yet logged would do (`Replayer.preview`): why one is refused, or what they score."""

    refusal: str | None  # why an entry would be refused (the preview stops there), or None
    rows: tuple[Row, ...]  # the rows they would add
    prompt: str  # what the table would enter after them
    finished: bool  # they would end the game
    winner: str | None
    result: str
    questions: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Rejection:
    seq: int
    reason: str


@dataclass(frozen=True, slots=True)
class CorrectionPreview:
    """What a correction not yet logged would do (`Replayer.preview_correction`): why it is refused (and whether
    the table could still override that), or the totals and rows it leads to and the entries it would leave
    refused."""

    refusal: str | None
    overridable: bool  # refused only because the laws' time for it is over: the table may agree to it
    totals: Mapping[str, int]
    rows: tuple[Row, ...]  # the rows that come out differently, as they would read
    knock_on: tuple[Rejection, ...]  # entries counting now that it would leave refused
    finished: bool
    winner: str | None
    result: str


@dataclass(frozen=True)
class Sheet:
    """The replayed score sheet: immutable, rebuilt (cheaply) after every entry."""

    header: Header
    sides: Mapping[str, tuple[str, ...]]
    status: str
    winner: str | None
    result: str  # the sentence that says who won and by which law, or ""
    totals: Mapping[str, int]
    rows: tuple[Row, ...]
    rejected: tuple[Rejection, ...]
    questions: tuple[str, ...]
    prompt: str  # what the table enters next
    names: Mapping[str, str]  # player (as in the header) -> name shown now
    side_names: Mapping[str, str]  # side label -> how to show it now (follows renames)
    overrides: tuple[int, ...]  # seqs of corrections accepted by table override
    entries: tuple[Entry, ...] = field(repr=False)
    extra: Mapping[str, Any] = field(default_factory=lambda: FROZEN_EMPTY)
    view: View = field(default_factory=lambda: View(phase="deal", number=1))  # the moment, typed, for screens

    @property
    def game(self) -> str:
        return self.header.game

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    def summary(self, rows: bool = True) -> dict[str, Any]:
        """The `scorepad replay --json` object (docs/log-format.md §2). Without `rows`, its "rows" are left
        empty (a writer that puts them in words itself)."""
        data: dict[str, Any] = {
            "game": self.header.game,
            "status": self.status,
            "winner": self.winner,
            "totals": dict(self.totals),
            "rows": [row.summary() for row in self.rows] if rows else [],
            "rejected": [{"seq": r.seq, "reason": r.reason} for r in self.rejected],
            "questions": list(self.questions),
        }
        for key, value in self.extra.items():
            data[key] = value
        return data


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a replayed game came to, for the saved games' list and the statistics (`Replayer.outcome`): the
    sheet's own values, without what only the table's screen reads (the prompt, the moment's view, the undo
    target, the totals, the questions), which a list of 2,000 games would make and throw away."""

    header: Header
    sides: Mapping[str, tuple[str, ...]]
    status: str
    winner: str | None
    rows: tuple[Row, ...]
    names: Mapping[str, str]
    side_names: Mapping[str, str]
    entries: tuple[Entry, ...]
    extra: Mapping[str, Any]

    @property
    def game(self) -> str:
        return self.header.game

    @property
    def finished(self) -> bool:
        return self.status == "finished"


class Naming:
    """How players and sides are called at one point of the game. Never changed: a rename makes a new one,
    so a row put in words later (`Row.later`) still uses the names of its own deal."""

    __slots__ = ("names", "sides")

    def __init__(self, names: dict[str, str], sides: Mapping[str, tuple[str, ...]]):
        self.names = names
        self.sides = sides

    def __repr__(self) -> str:
        return f"Naming({self.names!r}, {dict(self.sides)!r})"

    def renamed(self, player: str, new_name: str) -> Naming:
        return Naming({**self.names, player: new_name}, self.sides)

    def name(self, player: str) -> str:
        return self.names.get(player, player)

    def side_name(self, side: str) -> str:
        """A one-player side is its player; a side labelled by its players ("Ann & Cid") follows their renames;
        a side the table named itself ("We") keeps its name."""
        members = self.sides.get(side, ())
        if len(members) == 1:
            return self.name(members[0])
        if side != " & ".join(members):
            return side
        return " & ".join(self.name(p) for p in members)


class State:
    """Mutable replay state; a game subclasses it with its own deal-in-progress fields."""

    #: containers that only grow with the log (seq -> position …), besides `rows` and `rejected`: a list is
    #: only appended to, a dict only given new keys, and what they hold is not changed once a later entry is
    #: folded; any other change puts a new container in its place. The fold's checkpoints share them instead
    #: of copying them (a correction resumes from one); a scratch copy for trying entries copies them shallowly.
    history_fields: tuple[str, ...] = ("positions",)
    #: those of the history fields that the fold only writes and only a correction window reads, of the live
    #: state (the positions, an entry's deal …): a scratch copy for trying entries starts them empty instead of
    #: copying a long log's worth of them (what it tries never reads them)
    fold_only_fields: tuple[str, ...] = ("positions",)
    #: fields never changed once the state is made (a rename puts a new `naming` in its place): a copy of the
    #: state shares them
    fixed_fields: tuple[str, ...] = ("header", "settings", "naming", "sides", "side_of", "players")
    #: where in the game the next entry is logged (a deal, a hand …), kept per entry for correction windows
    position: Any = None

    def __init__(self, header: Header, settings: Any, sides: Mapping[str, tuple[str, ...]]):
        self.header = header
        self.settings = settings
        self.sides: dict[str, tuple[str, ...]] = dict(sides)
        self.side_of: dict[str, str] = {p: s for s, members in sides.items() for p in members}
        self.players: tuple[str, ...] = header.players
        self.totals: dict[str, int] = {side: 0 for side in sides}
        self.rows: list[Row] = []
        self.rejected: list[Rejection] = []
        self.questions: list[str] = []
        self.status = "in_progress"
        self.winner: str | None = None
        self.result = ""
        self.prompt = ""
        self.naming = Naming({p: p for p in header.players}, self.sides)
        self.positions: dict[int, Any] = {}  # seq -> where in the game it was logged (for windows)

    # helpers the games share
    @property
    def names(self) -> Mapping[str, str]:
        """player (as in the header) -> the name shown now"""
        return self.naming.names

    def name(self, player: str) -> str:
        return self.naming.names.get(player, player)

    def rename(self, player: str, new_name: str) -> None:
        self.naming = self.naming.renamed(player, new_name)

    def side_name(self, side: str) -> str:
        return self.naming.side_name(side)

    def add_row(self, seq: int, text: str, delta: Mapping[str, int], **cells: Any) -> None:
        totals = self.totals
        for side, points in delta.items():
            totals[side] += points
        full = {side: delta.get(side, 0) for side in self.sides}
        # `cells` are made here for this row alone: wrapped, not copied; the row keeps the points as they are now
        self.rows.append(Row(seq, text, full, totals, MappingProxyType(cells)))

    def add_row_later(self, seq: int, delta: dict[str, int], describe: Callable[[], Words]) -> None:
        """`add_row` for a row put in words when first read. `delta` names every side and is the row's own."""
        totals = self.totals
        for side, points in delta.items():
            totals[side] += points
        self.rows.append(Row.later(seq, delta, totals, describe))

    def add_row_of(self, seq: int, layout: RowLayout, changes: tuple[int, ...], describe: Callable[[], Words]) -> None:
        """`add_row_later` for a row whose changes are given as values, in the order of the totals' sides, which
        `layout` names (`row_layout`): the row is made without a mapping read or a layout looked up."""
        totals = self.totals
        for side, points in zip(totals, changes, strict=True):
            totals[side] += points
        self.rows.append(Row._made(seq, layout, (*changes, *totals.values()), None, describe))

    def finish(self, winner: str | None, result: str) -> None:
        self.status = "finished"
        self.winner = winner
        self.result = result

    def describe_prompt(self) -> str:
        """What the table enters next; a game may work it out only when a sheet is made."""
        return self.prompt

    def view(self) -> View:
        """What a screen needs of the moment (each game returns its own view)."""
        return View(phase="over" if self.status == "finished" else "deal", number=1)

    def board_lines(self) -> tuple[str, ...]:
        """The state in words for those watching the score (a board across the room), a short line each:
        who deals, who bids or names trump first, the contract, the stage, the game-over line with the winner.
        Games override it; here: the result once over, else what the table enters next."""
        if self.status == "finished":
            return (f"Game over: {self.result}" if self.result else "Game over.",)
        return tuple(q for q in self.questions) or ((self.describe_prompt(),) if self.describe_prompt() else ())


class Rules(ABC):
    game: str
    title: str
    settings_model: type[BaseModel]
    presets: Mapping[str, Mapping[str, Any]] = FROZEN_EMPTY
    min_players = 2
    max_players = 6
    #: four players as two partnerships, partners sitting opposite (seats 1+3 against 2+4), and no other sides
    partners_opposite = False

    def settings(self, rules: Mapping[str, Any]) -> Any:
        """The header's `rules` over the defaults (or over a named preset)."""
        values = dict(rules)
        preset = values.get("preset")
        if preset is not None and self.presets:
            if preset not in self.presets:
                raise ValueError(f"unknown preset {preset!r} (presets: {', '.join(self.presets)})")
            values = {**self.presets[preset], **values}
        return self.settings_model(**values)

    def check_players(self, players: tuple[str, ...]) -> str | None:
        if not self.min_players <= len(players) <= self.max_players:
            if self.min_players == self.max_players:
                return f"{self.title} is played by {self.min_players} players, not {len(players)}"
            return f"{self.title} is played by {self.min_players} to {self.max_players} players, not {len(players)}"
        return None

    @abstractmethod
    def default_sides(self, players: tuple[str, ...], settings: Any) -> dict[str, tuple[str, ...]]: ...

    @abstractmethod
    def new_state(self, header: Header, settings: Any, sides: Mapping[str, tuple[str, ...]]) -> State: ...

    @abstractmethod
    def validate(self, state: Any, entry: Entry) -> str | None:
        """Why `entry` cannot come now, or None. Never mutates the state."""

    @abstractmethod
    def apply(self, state: Any, entry: Entry, seq: int) -> None:
        """Fold a validated entry into the state."""

    def fold(self, state: Any, entry: Entry, seq: int) -> str | None:
        """`validate`, then `apply` the entry if it may come: why it was refused (the state unchanged), or None.
        What the replay asks of each entry; a game fuses the two (each entry's type looked up once, its state
        read once), with the same verdicts and the same state after."""
        reason = self.validate(state, entry)
        if reason is None:
            self.apply(state, entry, seq)
        return reason

    @abstractmethod
    def correction_window(self, state: Any, target: int, original: Entry, replacement: Entry | None,
                          trial: Callable[[], Any] | None = None) -> str | None:
        """Why entry `target` can no longer be amended (to `replacement`) or voided, or None. `trial()` gives
        the state as it would be with the correction (None when the replacement itself is refused where it
        stands), folded from the replayer's checkpoint before `target`: a game whose window depends on what
        the correction changes asks it, instead of folding the whole log again."""

    def extra(self, state: Any) -> dict[str, Any]:
        return {}

    def sides_for(self, header: Header, settings: Any) -> dict[str, tuple[str, ...]]:
        if header.sides is not None:
            return {side: tuple(members) for side, members in header.sides.items()}
        return self.default_sides(header.players, settings)


def pairs_opposite(players: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Four seats as two partnerships, 1+3 and 2+4, labelled 'A & C' and 'B & D'."""
    first, second = (players[0], players[2]), (players[1], players[3])
    return {" & ".join(first): first, " & ".join(second): second}


#: a checkpoint of the fold every this many folded entries: a correction refolds at most this many entries
#: before the one it corrects (and everything after it); each checkpoint costs a copy of the deal in progress
CHECKPOINT_EVERY = 32
#: a long log read in one go (`Replayer.extend`) takes only the checkpoints a correction may need: before each
#: entry a correction in it corrects, over its last entries (those the table may still correct), and one in every
#: this many; the others are taken when first needed, folded from the one before (see `Replayer._taken`)
CHECKPOINT_SPARSE = 64
#: the entries at the end of a log read in one go that keep every checkpoint
CHECKPOINT_DENSE_TAIL = 2048


_NOT_REPLACED: Any = object()


class _Checkpoint:
    """The state after the first `walked` folded entries: a private copy of everything but the history
    containers, which it shares with the live state, and how long each of those was then. Without a state
    (None), not taken yet: `Replayer._taken` folds it from the checkpoint before when it is first needed."""

    __slots__ = ("walked", "state", "lengths", "own")

    def __init__(self, walked: int, state: Any, lengths: Any):
        self.walked = walked
        self.state = state
        self.lengths = lengths
        self.own = False  # its history containers are its own, not the live state's (taken later)


_SHARED_TYPES = {str, int, float, bool, type(None), bytes, frozenset, datetime, MappingProxyType, Row, Naming,
                 RowLayout}
_FIELDS: dict[type, tuple[str, ...] | None] = {}  # a class -> the fields copy_state copies one by one (None: it cannot)


def _fields_of(kind: type) -> tuple[str, ...] | None:
    """The fields of a plain object or dataclass that may be copied one by one; None for anything with its own
    way of being copied."""
    if kind not in _FIELDS:
        names: tuple[str, ...] | None = None
        if is_dataclass(kind) and not hasattr(kind, "__deepcopy__"):
            names = tuple(f.name for f in fields(kind))
            if "__slots__" not in kind.__dict__ and any(
                    "__slots__" in base_.__dict__ for base_ in kind.__mro__[1:-1]):
                names = None
        elif (kind.__reduce_ex__ is object.__reduce_ex__ and not hasattr(kind, "__deepcopy__")
              and not hasattr(kind, "__setstate__") and not hasattr(kind, "__slots__")):
            names = ()  # its __dict__, whatever it holds
        _FIELDS[kind] = names
    return _FIELDS[kind]


def copy_state(value: Any, memo: dict[int, Any]) -> Any:
    """`copy.deepcopy` for replay states, several times faster: values that never change (strings, numbers,
    frozen models, read-only mappings, rows) are shared, not copied; lists, dicts, sets, dataclasses and plain
    objects are copied field by field; anything else goes to `copy.deepcopy` with the same memo. (A value
    shared is taken as it is without a call: most of a state's fields are.)"""
    kind = type(value)
    if kind in _SHARED_TYPES:
        return value
    found = memo.get(id(value), _NOT_REPLACED)
    if found is not _NOT_REPLACED:
        return found
    shared = _SHARED_TYPES
    new: Any
    if kind is dict:  # copied whole, then what is not shared copied in its place
        new = memo[id(value)] = value.copy()
        for key, item in value.items():
            if type(item) not in shared:
                new[key] = copy_state(item, memo)
    elif kind is list:
        new = memo[id(value)] = value.copy()
        for index, item in enumerate(value):
            if type(item) not in shared:
                new[index] = copy_state(item, memo)
    elif kind is set:
        new = memo[id(value)] = set(value)  # of hashable, immutable values
    elif kind is tuple:
        for item in value:
            if type(item) not in shared:
                break
        else:
            return value  # of values that never change: it never changes either
        new = tuple([item if type(item) in shared else copy_state(item, memo) for item in value])
        memo[id(value)] = new
    elif isinstance(value, BaseModel) and value.model_config.get("frozen"):
        _SHARED_TYPES.add(kind)
        return value
    else:
        names = _fields_of(kind)
        if names is None:
            return copy.deepcopy(value, memo)
        new = memo[id(value)] = object.__new__(kind)
        if names:
            for name in names:
                item = getattr(value, name)
                object.__setattr__(new, name, item if type(item) in shared else copy_state(item, memo))
        else:
            new.__dict__.update({name: item if type(item) in shared else copy_state(item, memo)
                                 for name, item in value.__dict__.items()})
    return new


def _history_names(state: State) -> tuple[str, ...]:
    return ("rows", "rejected", *state.history_fields)


def _prefix(container: Any, length: int) -> Any:
    """A copy of a history container's first `length` items (a dict copied whole and cut back is several times
    faster than one built from its first items)."""
    if isinstance(container, list):
        return container[:length]
    if 4 * (len(container) - length) > len(container):
        # cut back by much: built from its first items (a dict popped keeps its table, and grows to twice
        # it when refilled)
        return dict(islice(container.items(), length))
    prefix = container.copy()
    _truncate(prefix, length)
    return prefix


def _begins_alike(old: Any, new: Any, length: int) -> bool:
    """Do history containers `old` and `new` hold the very same first `length` items (keys and values of a
    dict), compared by identity?"""
    if len(new) < length or type(new) is not type(old):
        return False
    if type(old) is dict:
        return (all(map(is_, islice(old, length), new))
                and all(map(is_, islice(old.values(), length), islice(new.values(), length))))
    return all(map(is_, islice(old, length), new))


def _truncate(container: Any, length: int) -> None:
    """Cut a history container back to its first `length` items, in place (a dict keeps insertion order)."""
    if isinstance(container, list):
        del container[length:]
    else:
        for _ in range(len(container) - length):
            container.popitem()


class Replayer:
    """Folds a log into a Sheet, entry by entry, so the app can update in O(1) per new entry.

    A correction re-derives everything after the entry it corrects, and nothing before it: the fold keeps a
    checkpoint every `CHECKPOINT_EVERY` entries and resumes from the last one before the corrected entry.
    """

    def __init__(self, header: Header, rules: Rules | None = None):
        self.header = header
        self.rules = rules or rules_for(header.game)
        self.settings = self.rules.settings(header.rules)
        self.sides = self.rules.sides_for(header, self.settings)
        self.log: list[Entry] = []
        self.by_seq: dict[int, Entry] = {}
        # correction seq -> its verdict (None = accepted); judged once, when it was logged
        self.correction_verdicts: dict[int, str | None] = {}
        self.replacements: dict[int, Entry | None] = {}  # target -> replacement (None: voided)
        self.overrides: list[int] = []
        self.state = self._fresh_state()
        # what a fold walks, in log order: (seq, log index) of each plain entry and each refused correction
        # (accepted corrections only change what is walked)
        self._walk: list[tuple[int, int]] = []
        self._checkpoints: list[_Checkpoint] = [self._checkpoint(0)]
        # while `extend` reads a log: the entries its corrections correct (sorted), and the log index from
        # which every checkpoint is taken (see `_keeps`)
        self._reading: tuple[list[int], int] | None = None

    def _fresh_state(self) -> State:
        return self.rules.new_state(self.header, self.settings, self.sides)

    # ------------------------------------------------------------------ checkpoints

    def _shared(self, state: State) -> dict[int, Any]:
        """What a copy of the state shares instead of copying: the immutable parts and the history."""
        memo: dict[int, Any] = {}
        for name in state.fixed_fields:
            value = getattr(state, name)
            memo[id(value)] = value
        for name in _history_names(state):
            container = getattr(state, name)
            memo[id(container)] = container
        return memo

    def _checkpoint(self, walked: int) -> _Checkpoint:
        state = self.state
        lengths = {name: len(getattr(state, name)) for name in _history_names(state)}
        return _Checkpoint(walked, copy_state(state, self._shared(state)), lengths)

    def _checkpoint_before(self, target: int) -> _Checkpoint:
        """The last checkpoint taken before entry `target` was folded."""
        walked = bisect_left(self._walk, (target, -1))
        return self._taken(min(walked // CHECKPOINT_EVERY, len(self._checkpoints) - 1))

    def _taken(self, number: int) -> _Checkpoint:
        """Checkpoint `number`, taken now if it was left for later: a whole copy of the last one taken before
        it, folded on to it (as the live state was then: every correction since that changed an entry before
        it dropped it and took it anew)."""
        checkpoints = self._checkpoints
        checkpoint = checkpoints[number]
        if checkpoint.state is None:
            earlier = next(c for c in reversed(checkpoints[:number]) if c.state is not None)  # the first is taken
            state = self._resume(earlier, scratch=True, whole=True)
            self._fold_walk(state, earlier.walked, self.replacements, end=checkpoint.walked)
            checkpoint.state = state  # its own history containers, private to it
            checkpoint.own = True
            checkpoint.lengths = {name: len(getattr(state, name)) for name in _history_names(state)}
        return checkpoint

    def _resume(self, checkpoint: _Checkpoint, scratch: bool, whole: bool = False) -> State:
        """A state as it was at the checkpoint. The live one (`scratch` False) takes the history containers
        back to their length then, in place, and the checkpoints after it are dropped; a scratch state gets
        copies of them and changes nothing (without `whole`, those only the fold writes start empty)."""
        saved = checkpoint.state
        memo = self._shared(saved)
        fold_only = () if whole else saved.fold_only_fields
        if not scratch:
            del self._checkpoints[checkpoint.walked // CHECKPOINT_EVERY + 1:]
        for name, length in checkpoint.lengths.items():
            container = getattr(saved, name)
            if scratch:
                memo[id(container)] = type(container)() if name in fold_only else _prefix(container, length)
                continue
            was_live = getattr(self.state, name)
            if type(container) is dict and 4 * (len(container) - length) > len(container):
                # cut back by much: a dict popped keeps its table, and grows to twice it when refilled
                compact = dict(islice(container.items(), length))
                self._rebase(name, container, compact)
                memo[id(compact)] = compact
                container = compact
            else:
                _truncate(container, length)
            if checkpoint.own and was_live is not container:
                self._release(name, was_live, container)
        if not scratch:
            checkpoint.own = False  # its history containers are the live ones from now on
        return copy_state(saved, memo)

    def _rebase(self, name: str, old: Any, new: Any) -> None:
        """The checkpoints holding history container `old` hold `new` in its place (`new` begins as they
        read `old`)."""
        for kept in self._checkpoints:
            if kept.state is not None and getattr(kept.state, name) is old:
                setattr(kept.state, name, new)

    def _release(self, name: str, old: Any, live: Any) -> None:
        """History container `old` was the live state's and is no longer (a correction resumed from a
        checkpoint with a container of its own, taken later): the checkpoints before, which share it, hold
        the live one instead where it begins with the very items they read (compared by identity: a game may
        put a new container in place of one, so a live one may differ), and the rest keep only what they read
        of `old`, so a long log's worth of old history is not held."""
        holders = [kept for kept in self._checkpoints
                   if kept.state is not None and getattr(kept.state, name) is old]
        if not holders:
            return
        read = max(kept.lengths[name] for kept in holders)
        if _begins_alike(old, live, read):
            self._rebase(name, old, live)
        elif len(old) > read:
            kept_part = dict(islice(old.items(), read)) if type(old) is dict else old[:read]
            self._rebase(name, old, kept_part)

    def _fold_walk(self, state: State, start: int, replacements: Mapping[int, Entry | None],
                   watch: int | None = None, stop: bool = False, live: bool = False,
                   end: int | None = None) -> str | None:
        """Fold the walk from position `start` (to position `end`, or to its end) into `state` (the live one
        takes checkpoints on the way). Returns why entry `watch` was refused, or None; with `stop`, stops
        after it."""
        log, verdicts, walk = self.log, self.correction_verdicts, self._walk
        watched = None
        for position in range(start, len(walk) if end is None else end):
            seq, index = walk[position]
            if live and position % CHECKPOINT_EVERY == 0 and position // CHECKPOINT_EVERY == len(self._checkpoints):
                if self._keeps(position // CHECKPOINT_EVERY, seq, index):
                    self.state = state
                    self._checkpoints.append(self._checkpoint(position))
                else:
                    self._checkpoints.append(_Checkpoint(position, None, None))
            entry = log[index]
            if entry.type in CORRECTIONS:
                state.rejected.append(Rejection(seq, verdicts[seq] or ""))
                continue
            if seq in replacements:
                replacement = replacements[seq]
                if replacement is None:
                    continue
                entry = replacement
            reason = self._fold_plain(state, entry, seq)
            if seq == watch:
                watched = reason
                if stop:
                    break
        return watched

    def _refold_from(self, target: int) -> str | None:
        """Re-derive the live state from the last checkpoint before entry `target`, once; returns why entry
        `target` is now refused, or None."""
        state = self._resume(self._checkpoint_before(target), scratch=False)
        reason = self._fold_walk(state, self._checkpoints[-1].walked, self.replacements, watch=target, live=True)
        self.state = state
        return reason

    def _keeps(self, number: int, seq: int, index: int) -> bool:
        """Is checkpoint `number`, before entry `seq` (at `index` in the log), one a correction may need, to be
        taken now (`CHECKPOINT_SPARSE`), or one left for later? Those before an entry that a correction of the
        log being read corrects, those of the last entries (the table may still correct them: the last
        `CHECKPOINT_DENSE_TAIL` of the log being read, else of the log now) and one in every
        `CHECKPOINT_SPARSE`."""
        reading = self._reading
        targets, dense_from = reading or ((), len(self.log) - CHECKPOINT_DENSE_TAIL)
        if index >= dense_from or number % CHECKPOINT_SPARSE == 0:
            return True
        ahead = bisect_left(targets, seq)
        return ahead < len(targets) and targets[ahead] < seq + 2 * CHECKPOINT_EVERY

    # ------------------------------------------------------------------ feeding

    def extend(self, entries: Iterable[Entry]) -> Replayer:
        """`push` each entry. A plain entry (neither a correction, a note nor a rename: nearly all of a long
        log) takes the same steps as there, written out in this loop, without a call per step.

        Of the checkpoints, it takes only those a correction may need (`CHECKPOINT_SPARSE`): the others are
        left for later, and taken if ever needed (`_taken`)."""
        entries = entries if isinstance(entries, list) else list(entries)
        corrects = _CORRECTS
        targets = sorted(entry.target for entry in entries if corrects[type(entry)])  # type: ignore[union-attr]
        # what `_keeps` asks while this log is read (a correction in it refolds what was read before it)
        self._reading = (targets, len(self.log) + len(entries) - CHECKPOINT_DENSE_TAIL)
        try:
            return self._extend(entries)
        finally:
            self._reading = None

    def _extend(self, entries: list[Entry]) -> Replayer:
        log, by_seq, walk, checkpoints = self.log, self.by_seq, self._walk, self._checkpoints
        fold, apart, keeps = self.rules.fold, _FOLDED_APART, self._keeps
        state = self.state
        positions = state.positions
        for entry in entries:
            if apart[type(entry)]:
                self.push(entry)
                state = self.state  # a correction refolds into a new state
                positions = state.positions
                continue
            seq = entry.seq
            index = len(log)
            if seq is None:
                seq = index + 1
            log.append(entry)
            by_seq[seq] = entry
            position = len(walk)  # as _walk_append
            if position % CHECKPOINT_EVERY == 0 and position // CHECKPOINT_EVERY == len(checkpoints):
                if keeps(position // CHECKPOINT_EVERY, seq, index):
                    checkpoints.append(self._checkpoint(position))
                else:
                    checkpoints.append(_Checkpoint(position, None, None))
            walk.append((seq, index))
            positions[seq] = state.position  # as _fold_plain
            reason = fold(state, entry, seq)
            if reason is not None:
                state.rejected.append(Rejection(seq, reason))
        return self

    def push(self, entry: Entry) -> str | None:
        """Append one logged entry; returns why it does not count, or None."""
        seq = entry.seq
        if seq is None:
            seq = len(self.log) + 1
        index = len(self.log)
        self.log.append(entry)
        self.by_seq[seq] = entry
        if isinstance(entry, _CORRECTION_TYPES):
            reason = self._judge_correction(entry, seq, in_place=False)
            if reason is None:
                target = entry.target
                replacement = entry.entry if isinstance(entry, Amend) else None
                before = self.replacements.get(target, _NOT_REPLACED)
                self.replacements[target] = replacement
                refused = self._refold_from(target)
                if replacement is not None and refused:  # the replacement itself is refused where it stands
                    reason = f"amend of entry {target}: {refused}"
                    if before is _NOT_REPLACED:
                        del self.replacements[target]
                    else:
                        self.replacements[target] = before
                    self._refold_from(target)
            self.correction_verdicts[seq] = reason
            if reason is None:
                if entry.override:
                    self.overrides.append(seq)
            else:
                self._walk_append(seq, index)
                self.state.rejected.append(Rejection(seq, reason))
            return reason
        self._walk_append(seq, index)
        return self._fold_plain(self.state, entry, seq)

    def _walk_append(self, seq: int, index: int) -> None:
        position = len(self._walk)
        if position % CHECKPOINT_EVERY == 0 and position // CHECKPOINT_EVERY == len(self._checkpoints):
            self._checkpoints.append(self._checkpoint(position))
        self._walk.append((seq, index))

    def _fold_plain(self, state: State, entry: Entry, seq: int) -> str | None:
        state.positions[seq] = state.position
        kind = _OWN_WAY[type(entry)]
        if kind is Note:
            return None
        if kind is Rename:
            assert isinstance(entry, Rename)  # (for the type checker: a rename is rare)
            reason = self._check_rename(state, entry)
            if reason is None:
                state.rename(entry.player, entry.new_name)
            else:
                state.rejected.append(Rejection(seq, reason))
            return reason
        reason = self.rules.fold(state, entry, seq)
        if reason is not None:
            state.rejected.append(Rejection(seq, reason))
        return reason

    @staticmethod
    def _check_rename(state: State, entry: Rename) -> str | None:
        if entry.player not in state.names:
            return f"{entry.player!r} is not a player of this game"
        problem = name_problem(entry.new_name, "a new name")
        if problem:
            return problem
        others = {n for p, n in state.names.items() if p != entry.player}
        if entry.new_name in others:
            return f"{entry.new_name!r} is already a player's name"
        # a look-alike of another player's name ("ann" beside Ann) is refused here, so in an old file too: that
        # rename is a rejected entry, the file still reads. In seat order: the same reason on every run
        return clash_problem(entry.new_name, [n for p, n in state.names.items() if p != entry.player])

    # ------------------------------------------------------------------ corrections

    def _judge_correction(self, correction: Amend | Void, seq: int, in_place: bool = True) -> str | None:
        """Why the correction does not count, or None. With `in_place`, an amend's replacement is tried where
        it stands on a scratch state; without, the caller finds that out as it refolds with it."""
        target = correction.target
        original = self.by_seq.get(target)
        if original is None or target >= seq:
            return f"{correction.type} of entry {target}: there is no such entry before it"
        if isinstance(original, _CORRECTION_TYPES):
            return f"{correction.type} of entry {target}: a correction cannot be corrected; correct entry {original.target}"
        if target in self.replacements and self.replacements[target] is None:
            return f"{correction.type} of entry {target}: that entry is already void"
        current = self.replacements.get(target) or original
        replacement = correction.entry if isinstance(correction, Amend) else None
        if replacement is not None and replacement.type != original.type:
            return f"amend of entry {target}: it replaces a {original.type} entry with a {replacement.type}"
        if not correction.override:
            reason = self.rules.correction_window(self.state, target, current, replacement,
                                                  trial=lambda: self._trial(target, replacement))
            if reason:
                return f"{correction.type} of entry {target} is too late: {reason}"
        if replacement is not None and in_place:
            return self._refusal_in_place(target, replacement)
        return None

    def _trial(self, target: int, replacement: Entry | None) -> State | None:
        """A scratch state with entry `target` replaced (or struck out), folded to the end of the log; None when
        the replacement itself is refused where it stands. Nothing of the replayer changes."""
        checkpoint = self._checkpoint_before(target)
        state = self._resume(checkpoint, scratch=True)
        refused = self._fold_walk(state, checkpoint.walked, {**self.replacements, target: replacement}, watch=target)
        return None if replacement is not None and refused else state

    def _refusal_in_place(self, target: int, replacement: Entry) -> str | None:
        """Would the replacement itself be refused where it stands?"""
        checkpoint = self._checkpoint_before(target)
        state = self._resume(checkpoint, scratch=True)
        reason = self._fold_walk(state, checkpoint.walked, {**self.replacements, target: replacement},
                                 watch=target, stop=True)
        return f"amend of entry {target}: {reason}" if reason else None

    def check(self, entry: Entry) -> str | None:
        """Would this entry, appended now, be refused? The state is not changed."""
        seq = len(self.log) + 1
        if isinstance(entry, _CORRECTION_TYPES):
            return self._judge_correction(entry, seq)
        if isinstance(entry, Note):
            return None
        if isinstance(entry, Rename):
            return self._check_rename(self.state, entry)
        return self.rules.validate(self.state, entry)

    def check_many(self, entries: list[Entry]) -> str | None:
        """Would these plain entries, appended in order now, all count? Nothing is changed."""
        if len(entries) == 1:
            return self.check(entries[0])
        return self.preview(entries).refusal

    def preview(self, entries: Iterable[Entry]) -> Preview:
        """What these plain entries, appended in order now, would do: folded into a scratch copy of the state.

        Nothing of the replayer changes; a form shows the preview's rows and result before Enter logs them."""
        state = self._scratch_state()
        seq = len(self.log)
        reason: str | None = None
        for entry in entries:
            seq += 1
            if entry.type in CORRECTIONS:
                raise ValueError("a preview takes plain entries only")
            reason = self._fold_plain(state, entry, seq)
            if reason:
                break
        return Preview(
            refusal=reason,
            rows=tuple(state.rows[len(self.state.rows):]),
            prompt=state.describe_prompt(),
            finished=state.status == "finished",
            winner=state.winner,
            result=state.result,
            questions=tuple(state.questions),
        )

    def knock_on(self, correction: Entry) -> list[Rejection]:
        """The entries that count now but would be refused once `correction` is logged: striking out a deal's
        result, say, leaves the next deal refused (the deal before it has no result). Nothing is changed."""
        if not isinstance(correction, _CORRECTION_TYPES):
            return []
        if self._judge_correction(correction, self.next_seq, in_place=False) is not None:
            return []  # refused itself: it changes nothing
        target = correction.target
        replacements = {**self.replacements, target: correction.entry if isinstance(correction, Amend) else None}
        checkpoint = self._checkpoint_before(target)
        state = self._resume(checkpoint, scratch=True)
        # one fold: whether the replacement itself is refused where it stands is found on the way
        if self._fold_walk(state, checkpoint.walked, replacements, watch=target) and isinstance(correction, Amend):
            return []  # refused itself: it changes nothing
        refused_already = {r.seq for r in self.state.rejected}
        return [r for r in state.rejected if r.seq not in refused_already]

    def preview_correction(self, *corrections: Amend | Void) -> CorrectionPreview:
        """What these corrections (each of another entry), appended now in one go, would do: folded into a
        scratch copy from the checkpoint before the first entry they correct. Nothing of the replayer changes;
        the correction dialog shows it before anything is saved."""
        state = self.state
        refusal: str | None = None
        seq = self.next_seq
        for correction in corrections:
            reason = self._judge_correction(correction, seq, in_place=False)
            if reason is not None:
                overridden = correction.model_copy(update={"override": True})
                if self._judge_correction(overridden, seq, in_place=False) is not None:
                    return self._refused_preview(reason)
                refusal = refusal or reason  # only the laws' time is over: the table may still agree
            seq += 1
        replacements = dict(self.replacements)
        for correction in corrections:
            replacements[correction.target] = correction.entry if isinstance(correction, Amend) else None
        checkpoint = self._checkpoint_before(min(c.target for c in corrections))
        scratch = self._resume(checkpoint, scratch=True)
        self._fold_walk(scratch, checkpoint.walked, replacements)
        refused_already = {r.seq for r in state.rejected}
        amended = {c.target for c in corrections if isinstance(c, Amend)}
        for rejection in scratch.rejected:  # a replacement refused where it stands: as `push` would refuse it
            if rejection.seq in amended:
                return self._refused_preview(f"amend of entry {rejection.seq}: {rejection.reason}")
        old_rows = state.rows
        changed = tuple(row for i, row in enumerate(scratch.rows) if i >= len(old_rows) or old_rows[i] != row)
        return CorrectionPreview(
            refusal=refusal,
            overridable=refusal is not None,
            totals=frozen(scratch.totals),
            rows=changed,
            knock_on=tuple(r for r in scratch.rejected if r.seq not in refused_already),
            finished=scratch.status == "finished",
            winner=scratch.winner,
            result=scratch.result,
        )

    def _refused_preview(self, reason: str) -> CorrectionPreview:
        state = self.state
        return CorrectionPreview(reason, False, frozen(state.totals), (), (), state.status == "finished",
                                 state.winner, state.result)

    def as_of(self, target: int) -> Replayer:
        """The game as it stood just before entry `target` was logged, with every correction made since to the
        entries before it: what a form correcting that entry reads (whose deal, the contract in play …).
        A new replayer; this one does not change."""
        earlier = Replayer(self.header, self.rules)
        log, replacements = self.log, self.replacements
        for seq, index in self._walk:
            if seq >= target:
                break
            entry = log[index]
            if entry.type in CORRECTIONS:  # refused: it changed nothing
                continue
            if seq in replacements:
                replacement = replacements[seq]
                if replacement is None:  # struck out
                    continue
                entry = replacement.model_copy(update={"seq": seq})
            earlier.push(entry)
        return earlier

    def current_version(self, seq: int) -> Entry | None:
        """Entry `seq` as it counts now: its latest accepted amendment, itself, or None when struck out."""
        if seq in self.replacements:
            return self.replacements[seq]
        return self.by_seq.get(seq)

    def undo_target(self) -> int | None:
        """The entry undo would strike out: the latest one still counting that is not a correction or a note."""
        for entry in reversed(self.log):
            seq = entry.seq or 0
            if entry.type not in CORRECTIONS and entry.type != "note" and self.current_version(seq) is not None:
                return seq
        return None

    def _scratch_state(self) -> State:
        """A copy of the state to try entries on; immutable parts are shared, not copied."""
        state = self.state
        memo = self._shared(state)
        fold_only = state.fold_only_fields
        for name in _history_names(state):
            container = getattr(state, name)
            # what they hold is immutable (rows …)
            memo[id(container)] = type(container)() if name in fold_only else copy.copy(container)
        return copy_state(state, memo)

    # ------------------------------------------------------------------ output

    def sheet(self) -> Sheet:
        state = self.state
        return Sheet(
            **self._outcome_values(),
            result=state.result,
            totals=frozen(state.totals),
            rejected=tuple(state.rejected),
            questions=tuple(state.questions),
            prompt=state.describe_prompt(),
            overrides=tuple(self.overrides),
            view=replace(state.view(), undo_target=self.undo_target()),
        )

    def outcome(self) -> Outcome:
        """The sheet's values a summary of the game reads (as `sheet` gives them)."""
        return Outcome(**self._outcome_values())

    def _outcome_values(self) -> dict[str, Any]:
        """The values `Outcome` and `Sheet` share, made one way for both."""
        state = self.state
        return {
            "header": self.header,
            "sides": frozen(state.sides),
            "status": state.status,
            "winner": state.winner,
            "rows": tuple(state.rows),
            "names": frozen(state.names),
            "side_names": frozen({side: state.side_name(side) for side in state.sides}),
            "entries": tuple(self.log),
            "extra": frozen(self.rules.extra(state)),
        }

    @property
    def next_seq(self) -> int:
        return len(self.log) + 1
