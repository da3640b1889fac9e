"""What every game's rules share: the rows and the sheet, the replay loop and the correction windows.

A game supplies a `Rules` object: its settings, its default sides, a fresh `State` of the game, and the laws as
plain functions of that state — `validate` (may this entry come now?), `fold` (the same, and the entry folded
in), `correction_window` (may entry N still be changed? the state says which deal or hand each entry went to:
`position`, and which entries opened one: `opened`) and `extra` (its own keys of the replay's summary).
`Replayer` drives them: it keeps the log, judges each `amend`/`void` against the window at the moment it was
logged, and when a correction counts folds the log again from before the corrected entry (from a copy of the
state kept there), so everything after it follows and nothing before it moves.
"""

from __future__ import annotations

import copy
import re
from abc import ABC, abstractmethod
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from math import inf
from operator import itemgetter
from types import MappingProxyType
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel

from scorepad.locale import N_, _, ngettext, pgettext
from scorepad.log import Amend, Entry, Header, Note, Rename, Void
from scorepad.rules.names import clash_problem, name_problem
from scorepad.rules.registry import rules_for

FROZEN_EMPTY: Mapping[str, Any] = MappingProxyType({})
CORRECTIONS = frozenset(("amend", "void"))
#: the entries the replayer folds in itself (corrections, notes, renames), told by the type a line gives
FOLDED_APART = frozenset(("amend", "void", "note", "rename"))


def frozen(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping))


class Fixed:
    """A value never changed once made (a game's table of bids, its seats …): a copy of the state shares it."""

    __slots__ = ()

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self


@dataclass(frozen=True, slots=True)
class Row:
    """One scored deal or hand (or an entry that scores on its own, such as a Jass penalty)."""

    seq: int  # the entry that scored it
    text: str  # in the names of its moment ("Ann 7♥ made")
    delta: Mapping[str, int]  # side -> the points this row gives it (every side, in the sides' order)
    totals: Mapping[str, int]  # side -> its total after this row
    cells: object = None  # the game's columns, typed (read through the game's view.py: `DealCells.of` …)
    naming: Naming | None = None  # the names its words were made in, to say them as now (`Sheet.said`)
    number: int = 0  # the deal (Jass: the hand) it was scored in, as the table counts them

    def summary(self) -> dict[str, Any]:
        return {"seq": self.seq, "text": self.text, "delta": dict(self.delta), "totals": dict(self.totals)}

    def unkept(self) -> Row:
        """The row itself (its words are made with it; kept for the screens that asked for them apart)."""
        return self


#: Where a game stands, in one vocabulary for every game:
#: deal — between deals: the next entry begins one (or names its dealer);
#: auction — the call is under way: the bidding, or in Jass naming trump (or pushing);
#: play — the contract or trump is fixed: the result is due;
#: question — the table must answer a question before anything else counts;
#: over — the game (or rubber) is over; agreed — and its score is agreed (Bridge, Law 12).
Phase = Literal["deal", "auction", "play", "question", "over", "agreed"]


@dataclass(frozen=True, slots=True)
class SideNeed:
    """What one side still needs to win, in the game's own terms, for a status line or a board."""

    side: str
    name: str  # the side as the table calls it now
    to_go: (
        int | None
    )  # the points it still needs (Bridge: trick points for game); None when out of the running
    out: bool  # out of the running: it can no longer win (Five Hundred, minus the target)
    text: str  # in words: "needs 120 to reach 500", "out of the running", "×3: 74 to go = 222 points"


@dataclass(frozen=True, kw_only=True)
class View:
    """The moment of a game as the rules see it, for screens: each game extends it with its own answers."""

    phase: Phase
    number: int  # the deal (Jass: the hand) the next entry belongs to
    undo_target: int | None = None  # the entry undo would strike out now (`Replayer.undo_target`), or None
    needs: tuple[SideNeed, ...] = ()  # what each side still needs, in the sides' order (none once it is over)
    outlook: str = ""  # one line on where the match stands ("a game by NS ends the rubber"), or ""

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
class LastDeal:
    """What one undo takes back (`Replayer.last_deal`): the newest deal's (hand's) entries that still count, the
    rows they scored, and the deal in words with its points ("deal 7, Bob 8♥ set — Ann +10 Bob −300 Cid +30")."""

    number: int  # the deal (hand); 0 when it is a rename, which belongs to no deal
    seqs: tuple[int, ...]  # its entries that count, in the log's order
    entries: tuple[Entry, ...]  # the same, as they count now (their latest correction)
    rows: tuple[Row, ...]  # the rows they scored (none: the deal is still in progress)
    words: str

    @property
    def scored(self) -> bool:
        return bool(self.rows)

    def voids(self) -> list[Void]:
        """The entries that take it back: a `void` of each of its entries, the newest first."""
        return [Void(target=seq, note="undo") for seq in reversed(self.seqs)]


#: what each kind of entry is, in a card player's words ("deal 5's contract"), in the language spoken
ENTRY_WORDS: Mapping[str, Callable[[], str]] = {
    "deal": lambda: pgettext("entry", "dealer"),
    "bid": lambda: pgettext("entry", "bid"),
    "contract": lambda: pgettext("entry", "contract"),
    "result": lambda: pgettext("entry", "result"),
    "irregularity": lambda: pgettext("entry", "irregularity"),
    "claim": lambda: pgettext("entry", "claim"),
    "trump": lambda: pgettext("entry", "trump"),
    "weis": lambda: pgettext("entry", "Weis"),
    "stoeck": lambda: pgettext("entry", "Stöck"),
    "tricks": lambda: pgettext("entry", "card points"),
    "penalty": lambda: pgettext("entry", "penalty"),
    "agree": lambda: pgettext("entry", "agreed score"),
    "stop": lambda: pgettext("entry", "stop"),
    "note": lambda: pgettext("entry", "note"),
}
#: what a game calls one round of it (`Rules.deal_word`), marked: `deal_noun` says it in the language spoken
DEAL_WORDS = {"deal": N_("deal"), "hand": N_("hand")}


def deal_noun(word: str) -> str:
    """A game's `deal_word` ("deal", "hand") in the language spoken."""
    return _(DEAL_WORDS[word]) if word in DEAL_WORDS else word


def points_words(points: int) -> str:
    """Points won or lost as a sheet writes them: "+10", "−300" (a minus sign, not a hyphen), "0"."""
    return f"{points:+d}".replace("-", "−") if points else "0"


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
    """The replayed score sheet: immutable, made again after every entry."""

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
    #: the entries those corrections corrected, as the table knows them ("deal 7's contract"), in their order
    overridden: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=lambda: FROZEN_EMPTY)
    view: View = field(default_factory=lambda: View(phase="deal", number=1))  # the moment, typed, for screens

    @property
    def game(self) -> str:
        return self.header.game

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    @property
    def deal_word(self) -> str:
        """What the game calls one round: "deal" (Jass: "hand"), as its rules say (`Rules.deal_word`)."""
        return rules_for(self.game).deal_word

    def said(self, row: Row) -> str:
        """The row's words with everyone called as now: a player renamed since it was scored by his new name."""
        return retold(row.text, row.naming.names, self.names) if row.naming is not None else row.text

    def retold(self, text: str, naming: Naming | None) -> str:
        """Words the rules made in `naming` (a row's cells' names of their moment) with the names of now."""
        return retold(text, naming.names, self.names) if naming is not None else text

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
    target, the totals, the questions)."""

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


@dataclass(frozen=True, slots=True)
class Naming(Fixed):
    """How players and sides are called at one point of the game. Never changed: a rename makes a new one, so
    a row keeps the names of its own deal."""

    names: Mapping[str, str]
    sides: Mapping[str, tuple[str, ...]]

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


def retold(text: str, then: Mapping[str, str], now: Mapping[str, str]) -> str:
    """`text`, made with the names of `then` (player -> name), said with the names of `now`.

    One pass over the text: every name of `then` is found as a whole name (not inside a longer word), the
    longest first, so "Ruedi Brunner" is one name even beside a player "Ruedi"; each found is swapped for its
    player's name of now, and what is swapped in is never looked at again: a rename said once, whatever the
    new name holds."""
    if then is now or not text:
        return text
    changed = {name: now.get(player, name) for player, name in then.items() if now.get(player, name) != name}
    if not changed:
        return text
    return _names_pattern(tuple(then.values())).sub(lambda found: changed.get(found[0], found[0]), text)


@lru_cache(maxsize=64)
def _names_pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    ordered = sorted(set(names), key=len, reverse=True)
    return re.compile("|".join(rf"(?<!\w){re.escape(name)}(?!\w)" for name in ordered if name))


SettingsT = TypeVar("SettingsT", bound=BaseModel)


class State(Generic[SettingsT]):
    """Where a game stands after the entries folded so far: a game subclasses it with its own fields. A fresh one
    per replay; the replayer keeps copies of it (`copy.deepcopy`) to fold again from when a correction lands."""

    #: where in the game the next entry goes (its deal, hand …): the replayer notes it before each entry
    position: int = 0
    #: the position before the entry being folded: the deal or hand a row it scores is numbered by
    folding_at: int = 0

    def __init__(self, header: Header, settings: SettingsT, sides: Mapping[str, tuple[str, ...]]):
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
        self.naming = Naming({p: p for p in header.players}, MappingProxyType(self.sides))
        #: (seq, position) of each entry that opened its deal, hand or game in the sense of the game's correction
        #: window (Five Hundred: a deal's first bid; Jass: a hand's trump; Auction Bridge: a game's first
        #: declaration), in log order
        self.openers: list[tuple[int, int]] = []

    @property
    def names(self) -> Mapping[str, str]:
        """player (as in the header) -> the name shown now"""
        return self.naming.names

    def name(self, player: str) -> str:
        return self.naming.name(player)

    def rename(self, player: str, new_name: str) -> None:
        before = self.naming
        self.naming = before.renamed(player, new_name)
        self.retell(before.names, self.naming.names)

    def retell(self, then: Mapping[str, str], now: Mapping[str, str]) -> None:
        """A player was renamed: the words the state keeps for the table (the result, the questions, a prompt
        of its own) are said with the new name. (Rows keep the names of their moment: `Sheet.said`.) A game
        keeping more words extends it."""
        self.result = retold(self.result, then, now)
        self.prompt = retold(self.prompt, then, now)
        self.questions = [retold(question, then, now) for question in self.questions]

    def side_name(self, side: str) -> str:
        return self.naming.side_name(side)

    def add_row(self, seq: int, text: str, delta: Mapping[str, int], cells: object = None) -> Row:
        """Score a row: `delta` names every side, in the sides' order, and is added to the totals."""
        totals = self.totals
        for side, points in delta.items():
            totals[side] += points
        row = Row(seq, text, delta, dict(totals), cells, self.naming, self.folding_at)
        self.rows.append(row)
        return row

    def opened(self, seq: int, position: int) -> None:
        """Entry `seq` opened `position` (a deal, hand or game): the correction windows before it close."""
        self.openers.append((seq, position))

    def openers_after(self, seq: int) -> list[tuple[int, int]]:
        """(seq, position) of the entries after entry `seq` that opened their deal, hand or game."""
        return self.openers[bisect_right(self.openers, (seq, inf)) :]

    def take_back_rows(self, count: int) -> None:
        """Keep only the first `count` rows: no more than the last is taken back (a deal scored again), which is
        what lets the states kept for corrections share the list of rows (`_Kept`)."""
        assert len(self.rows) - count <= 1, "only the last row may be taken back"  # not words: a check
        del self.rows[count:]

    def finish(self, winner: str | None, result: str) -> None:
        self.status = "finished"
        self.winner = winner
        self.result = result

    def describe_prompt(self) -> str:
        """What the table enters next; a game may work it out only when a sheet is made."""
        return self.prompt

    def view(self) -> View:
        """What a screen needs of the moment: each game returns its own view."""
        raise NotImplementedError

    def board_lines(self) -> tuple[str, ...]:
        """The state in words for those watching the score (a board across the room), a short line each:
        who deals, who bids or names trump first, the contract, the stage, the game-over line with the winner.
        Each game says its own."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Where:
    """Where an entry went: the position (deal, hand …) the game was at before it was folded, and after."""

    before: int
    after: int


StateT = TypeVar("StateT", bound=State[Any])


class Rules(ABC, Generic[StateT, SettingsT]):
    game: str
    title: str  # marked with `N_`: shown as `_(rules.title)`
    settings_model: type[SettingsT]
    presets: Mapping[str, Mapping[str, Any]] = FROZEN_EMPTY
    min_players = 2
    max_players = 6
    #: four players as two partnerships, partners sitting opposite (seats 1+3 against 2+4), and no other sides
    partners_opposite = False
    #: what the table calls one round of the game: "deal" (Jass: "hand"); in words: `deal_noun(rules.deal_word)`
    deal_word = "deal"

    def entry_deal(self, where: Where) -> int:
        """The deal (hand) an entry went to, from the positions before and after it was folded. A game whose
        position is the deal the next entry goes to (the default) counts it before; Five Hundred, whose position
        is the deal in progress, after."""
        return where.before

    def settings(self, rules: Mapping[str, Any]) -> SettingsT:
        """The header's `rules` over the defaults (or over a named preset)."""
        values = dict(rules)
        preset = values.get("preset")
        if preset is not None and self.presets:
            if preset not in self.presets:
                raise ValueError(
                    _("unknown preset {preset} (presets: {presets})").format(
                        preset=repr(preset), presets=", ".join(self.presets)
                    )
                )
            values = {**self.presets[preset], **values}
        return self.settings_model(**values)

    def check_players(self, players: tuple[str, ...]) -> str | None:
        if not self.min_players <= len(players) <= self.max_players:
            if self.min_players == self.max_players:
                return ngettext(
                    "{game} is played by {count} player, not {given}",
                    "{game} is played by {count} players, not {given}",
                    self.min_players,
                ).format(game=_(self.title), count=self.min_players, given=len(players))
            return _("{game} is played by {low} to {high} players, not {given}").format(
                game=_(self.title), low=self.min_players, high=self.max_players, given=len(players)
            )
        return None

    @abstractmethod
    def default_sides(self, players: tuple[str, ...], settings: SettingsT) -> dict[str, tuple[str, ...]]: ...

    @abstractmethod
    def new_state(
        self, header: Header, settings: SettingsT, sides: Mapping[str, tuple[str, ...]]
    ) -> StateT: ...

    @abstractmethod
    def validate(self, state: StateT, entry: Entry) -> str | None:
        """Why `entry` cannot come now, or None. Never changes the state."""

    @abstractmethod
    def fold(self, state: StateT, entry: Entry, seq: int) -> str | None:
        """Why `entry` cannot come now (the state unchanged), as `validate` says; else None, the entry folded in."""

    @abstractmethod
    def correction_window(
        self, state: StateT, target: int, where: Where, trial: Callable[[], StateT | None]
    ) -> str | None:
        """Why entry `target` can no longer be amended or voided, or None. The entries that opened a deal (hand,
        game) after it are `state.openers_after(target)`; `where` says where the entry went (its deal, hand
        …), and `trial()` the state as it would be with the correction (None when the replacement itself is
        refused where it stands), for a game whose window depends on what the correction changes."""

    def extra(self, state: StateT) -> dict[str, Any]:
        return {}

    def sides_for(self, header: Header, settings: SettingsT) -> dict[str, tuple[str, ...]]:
        if header.sides is not None:
            return {side: tuple(members) for side, members in header.sides.items()}
        return self.default_sides(header.players, settings)


def pairs_opposite(players: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Four seats as two partnerships, 1+3 and 2+4, labelled 'A & C' and 'B & D'."""
    first, second = (players[0], players[2]), (players[1], players[3])
    return {" & ".join(first): first, " & ".join(second): second}


#: the states kept at the start of each of the latest deals or hands (the app's corrections are of recent entries,
#: within the laws' windows): a correction folds again from close before the entry it corrects
RECENT_KEPT = 16
#: a log read in one go keeps them over its last entries only, a few deals (the rest is kept only before an entry
#: that a correction in that log corrects): each costs a copy of the state, more than folding a few entries again
RECENT_TAIL = 32

_NOT_REPLACED: Any = object()


def _copied(
    state: State[Any], rows: list[Row], rejected: list[Rejection], openers: list[tuple[int, int]]
) -> State[Any]:
    """A copy of the state holding these lists of rows, refusals and openers; what never changes in a game (the
    header, the settings, the sides and players) is shared."""
    memo: dict[int, Any] = {id(state.rows): rows, id(state.rejected): rejected, id(state.openers): openers}
    for fixed in (state.header, state.settings, state.sides, state.side_of, state.players):
        memo[id(fixed)] = fixed
    # copy.deepcopy(state, memo), but each attribute set on the new state as `__init__` sets it: a state whose
    # attributes were put in a dict at once (`__dict__.update`) reads each of them slower for the rest of a replay
    copied = memo[id(state)] = object.__new__(type(state))
    for name, value in vars(state).items():
        setattr(copied, name, copy.deepcopy(value, memo))
    return copied


@dataclass(frozen=True, slots=True)
class _Kept:
    """The state after a number of steps of the fold, to fold again from. Rows, refusals and openers are only
    ever added (the last row taken back at most: a deal scored again), so it shares their lists with the fold
    and keeps how many there were, and its last row."""

    state: State[Any]
    rows: int
    last_row: Row | None
    rejected: int
    openers: int

    @classmethod
    def of(cls, state: State[Any]) -> _Kept:
        rows = state.rows
        return cls(
            _copied(state, rows, state.rejected, state.openers),
            len(rows),
            rows[-1] if rows else None,
            len(state.rejected),
            len(state.openers),
        )

    def resume(self) -> State[Any]:
        """The state as it was, holding the fold's own lists, cut back to what they held then."""
        kept = self.state
        state = _copied(kept, kept.rows, kept.rejected, kept.openers)
        self._cut_back(state)
        return state

    def copy(self) -> State[Any]:
        """The state as it was, with lists of its own (to try something on)."""
        kept = self.state
        state = _copied(
            kept, kept.rows[: self.rows], kept.rejected[: self.rejected], kept.openers[: self.openers]
        )
        self._cut_back(state)
        return state

    def _cut_back(self, state: State[Any]) -> None:
        del state.rejected[self.rejected :]
        del state.openers[self.openers :]
        del state.rows[max(self.rows - 1, 0) :]
        if self.last_row is not None:
            state.rows.append(self.last_row)


class Replayer:
    """Folds a log into a Sheet, entry by entry, so the app can update in O(1) per new entry.

    What is folded ("the walk"): each plain entry, as its latest accepted correction has it (a struck-out one is
    left out), and each refused correction, as a refusal. A correction that counts folds the walk again from the
    state kept before the entry it corrects (`_kept`), or from the start.
    """

    def __init__(self, header: Header, rules: Rules[Any, Any] | None = None):
        self.header = header
        self.rules: Rules[Any, Any] = rules or rules_for(header.game)
        self.settings = self.rules.settings(header.rules)
        self.sides = self.rules.sides_for(header, self.settings)
        self.log: list[Entry] = []
        self.by_seq: dict[int, Entry] = {}
        # correction seq -> its verdict (None = accepted); judged once, when it was logged
        self.correction_verdicts: dict[int, str | None] = {}
        self.replacements: dict[int, Entry | None] = {}  # target -> replacement (None: voided)
        self.overrides: list[int] = []
        self.state: State[Any] = self._fresh_state()
        self._walk: list[tuple[int, int]] = []  # (seq, log index) of each step, in log order
        self._at: list[int] = []  # the position (deal, hand …) before each step, as the log is folded now
        self._kept: dict[int, _Kept] = {}  # steps folded -> the state then
        #: while `extend` reads a log: how many of its corrections are still to come, by the entry they correct,
        #: and the log index from which the start of each deal or hand is kept
        self._pending: Counter[int] = Counter()
        self._reading = False
        self._recent_from = 0

    def _fresh_state(self) -> State[Any]:
        state: State[Any] = self.rules.new_state(self.header, self.settings, self.sides)
        return state

    # ------------------------------------------------------------------ feeding

    def extend(self, entries: Iterable[Entry]) -> Replayer:
        """`push` each entry. The state is kept on the way before each entry a correction among them corrects,
        and at the start of the deals or hands of their last `RECENT_TAIL`."""
        entries = entries if isinstance(entries, list) else list(entries)
        self._pending = Counter(
            entry.target
            for entry in entries
            if entry.type in CORRECTIONS and isinstance(entry, (Amend, Void))
        )
        self._reading, self._recent_from = True, len(self.log) + len(entries) - RECENT_TAIL
        try:
            for entry in entries:
                self.push(entry)
        finally:
            self._pending.clear()
            self._reading, self._recent_from = False, 0
            recent = sorted(self._kept)[-RECENT_KEPT:]
            self._kept = {walked: self._kept[walked] for walked in recent}
        return self

    def push(self, entry: Entry) -> str | None:
        """Append one logged entry; returns why it does not count, or None."""
        seq = entry.seq if entry.seq is not None else len(self.log) + 1
        index = len(self.log)
        self.log.append(entry)
        self.by_seq[seq] = entry
        if entry.type in CORRECTIONS and isinstance(entry, (Amend, Void)):
            return self._push_correction(entry, seq, index)
        state, walked = self.state, len(self._walk)
        if self._pending.get(seq):
            self._kept[walked] = _Kept.of(state)
        position = state.position
        self._walk.append((seq, index))
        self._at.append(position)
        reason = self._step(state, entry, seq)
        if state.position != position and index >= self._recent_from:  # a new deal or hand has begun
            self._kept[walked + 1] = _Kept.of(state)
            if len(self._kept) > RECENT_KEPT and not self._reading:
                del self._kept[min(self._kept)]
        return reason

    def _push_correction(self, correction: Amend | Void, seq: int, index: int) -> str | None:
        target = correction.target
        if self._pending.get(target):
            self._pending[target] -= 1
        reason = self._judge_correction(correction, seq, in_place=False)
        if reason is None:
            replacement = correction.entry if isinstance(correction, Amend) else None
            before = self.replacements.get(target, _NOT_REPLACED)
            self.replacements[target] = replacement
            refused = self._refold_from(target)
            if replacement is not None and refused:  # the replacement itself is refused where it stands
                reason = self._refused_correction(target, refused)
                if before is _NOT_REPLACED:
                    del self.replacements[target]
                else:
                    self.replacements[target] = before
                self._refold_from(target)
        self.correction_verdicts[seq] = reason
        if reason is None:
            if correction.override:
                self.overrides.append(seq)
        else:
            self._walk.append((seq, index))
            self._at.append(self.state.position)
            self.state.rejected.append(Rejection(seq, reason))
        return reason

    def _step(self, state: State[Any], entry: Entry, seq: int) -> str | None:
        """Fold one plain entry into `state`; why it was refused, or None."""
        if entry.type not in FOLDED_APART:  # (nearly every entry: the game's own)
            state.folding_at = state.position
            reason = self.rules.fold(state, entry, seq)
        else:
            match entry:
                case Rename():
                    reason = self._check_rename(state, entry)
                    if reason is None:
                        state.rename(entry.player, entry.new_name)
                case _:  # a note
                    reason = None
        if reason is not None:
            state.rejected.append(Rejection(seq, reason))
        return reason

    @staticmethod
    def _check_rename(state: State[Any], entry: Rename) -> str | None:
        if entry.player not in state.names:
            return _("{player} is not a player of this game").format(player=repr(entry.player))
        problem = name_problem(entry.new_name, _("a new name"))
        if problem:
            return problem
        others = {n for p, n in state.names.items() if p != entry.player}
        if entry.new_name in others:
            return _("{name} is already a player's name").format(name=repr(entry.new_name))
        # a look-alike of another player's name ("ann" beside Ann) is refused here, so in an old file too: that
        # rename is a rejected entry, the file still reads. In seat order: the same reason on every run
        return clash_problem(entry.new_name, [n for p, n in state.names.items() if p != entry.player])

    # ------------------------------------------------------------------ folding again

    def _start_before(self, target: int, live: bool = False) -> tuple[int, State[Any]]:
        """The latest state kept before entry `target` was folded, or a fresh one: for the live fold, holding its
        own lists cut back; else a copy of its own."""
        step = bisect_left(self._walk, target, key=itemgetter(0))
        kept = [walked for walked in self._kept if walked <= step]
        if not kept:
            state = self._fresh_state()
            if live:  # the fold's lists, emptied (the states kept share them)
                state.rows, state.rejected, state.openers = (
                    self.state.rows,
                    self.state.rejected,
                    self.state.openers,
                )
                state.rows.clear()
                state.rejected.clear()
                state.openers.clear()
            return 0, state
        walked = max(kept)
        return walked, self._kept[walked].resume() if live else self._kept[walked].copy()

    def _fold_walk(
        self,
        state: State[Any],
        start: int,
        replacements: Mapping[int, Entry | None],
        watch: int | None = None,
        stop: bool = False,
        live: bool = False,
    ) -> str | None:
        """Fold the walk from step `start` to its end into `state` (the live fold notes the position before each
        step, and keeps the state before each entry a correction still to come corrects). Returns why entry
        `watch` was refused, or None; with `stop`, stops after it."""
        log, verdicts, pending = self.log, self.correction_verdicts, self._pending
        watched = None
        for step in range(start, len(self._walk)):
            seq, index = self._walk[step]
            if live:
                self._at[step] = state.position
                if pending.get(seq) and step not in self._kept:
                    self._kept[step] = _Kept.of(state)
            entry = log[index]
            if entry.type in CORRECTIONS:  # refused when it was logged
                state.rejected.append(Rejection(seq, verdicts[seq] or ""))
                continue
            if seq in replacements:
                replacement = replacements[seq]
                if replacement is None:  # struck out
                    continue
                entry = replacement
            reason = self._step(state, entry, seq)
            if seq == watch:
                watched = reason
                if stop:
                    break
        return watched

    def _refold_from(self, target: int) -> str | None:
        """Fold the live state again from before entry `target`; returns why entry `target` is now refused."""
        # the states kept after the entry corrected are no longer the fold's
        step = bisect_left(self._walk, target, key=itemgetter(0))
        self._kept = {walked: kept for walked, kept in self._kept.items() if walked <= step}
        start, state = self._start_before(target, live=True)
        reason = self._fold_walk(state, start, self.replacements, watch=target, live=True)
        self.state = state
        return reason

    def _where(self, target: int) -> Where:
        """Where entry `target` went as the log is folded now."""
        step = bisect_left(self._walk, target, key=itemgetter(0))
        after = self._at[step + 1] if step + 1 < len(self._at) else self.state.position
        return Where(self._at[step], after)

    def _scratch(
        self,
        target: int,
        replacements: Mapping[int, Entry | None],
        watch: int | None = None,
        stop: bool = False,
    ) -> tuple[State[Any], str | None]:
        """A scratch state folded from before entry `target` with `replacements`; nothing of the replayer
        changes. Also why entry `watch` is refused there."""
        start, state = self._start_before(target)
        return state, self._fold_walk(state, start, replacements, watch=watch, stop=stop)

    # ------------------------------------------------------------------ corrections

    def _judge_correction(self, correction: Amend | Void, seq: int, in_place: bool = True) -> str | None:
        """Why the correction does not count, or None. With `in_place`, an amend's replacement is tried where
        it stands on a scratch state; without, the caller finds that out as it folds again with it."""
        target = correction.target
        original = self.by_seq.get(target)
        amending = isinstance(correction, Amend)
        if original is None or target >= seq:  # (only a file written by hand says so)
            if amending:
                return _("correcting entry {number}: there is no such entry before it").format(number=target)
            return _("striking out entry {number}: there is no such entry before it").format(number=target)
        what = self.entry_label(target)
        if isinstance(original, (Amend, Void)):
            first = self.entry_label(original.target)
            if amending:
                return _("correcting {entry}: a correction cannot be corrected; correct {first}").format(
                    entry=what, first=first
                )
            return _("striking out {entry}: a correction cannot be corrected; correct {first}").format(
                entry=what, first=first
            )
        if target in self.replacements and self.replacements[target] is None:
            if amending:
                return _("correcting {entry}: it is struck out already").format(entry=what)
            return _("striking out {entry}: it is struck out already").format(entry=what)
        replacement = correction.entry if isinstance(correction, Amend) else None
        if replacement is not None and replacement.type != original.type:
            return _("correcting {entry}: an entry is corrected only by one of its own kind").format(
                entry=what
            )
        if not correction.override:
            reason = self.rules.correction_window(
                self.state, target, self._where(target), trial=lambda: self._trial(target, replacement)
            )
            if reason:
                if amending:
                    return _("correcting {entry} is too late: {reason}").format(entry=what, reason=reason)
                return _("striking out {entry} is too late: {reason}").format(entry=what, reason=reason)
        if replacement is not None and in_place:
            _state, refused = self._scratch(
                target, {**self.replacements, target: replacement}, watch=target, stop=True
            )
            return self._refused_correction(target, refused) if refused else None
        return None

    def _refused_correction(self, target: int, reason: str) -> str:
        """Why a correction of entry `target` is refused: its replacement is refused where it stands."""
        return _("correcting {entry}: {reason}").format(entry=self.entry_label(target), reason=reason)

    def _trial(self, target: int, replacement: Entry | None) -> State[Any] | None:
        """The state with entry `target` replaced (or struck out), folded to the end of the log; None when the
        replacement itself is refused where it stands."""
        state, refused = self._scratch(target, {**self.replacements, target: replacement}, watch=target)
        return None if replacement is not None and refused else state

    def check(self, entry: Entry) -> str | None:
        """Would this entry, appended now, be refused? The state is not changed."""
        match entry:
            case Amend() | Void():
                return self._judge_correction(entry, len(self.log) + 1)
            case Note():
                return None
            case Rename():
                return self._check_rename(self.state, entry)
        return self.rules.validate(self.state, entry)

    def check_many(self, entries: list[Entry]) -> str | None:
        """Would these plain entries, appended in order now, all count? Nothing is changed."""
        if len(entries) == 1:
            return self.check(entries[0])
        return self.preview(entries).refusal

    def preview(self, entries: Iterable[Entry]) -> Preview:
        """What these plain entries, appended in order now, would do: folded into a copy of the state.

        Nothing of the replayer changes; a form shows the preview's rows and result before Enter logs them."""
        state = _copied(
            self.state, list(self.state.rows), list(self.state.rejected), list(self.state.openers)
        )
        seq = len(self.log)
        reason: str | None = None
        for entry in entries:
            seq += 1
            if entry.type in CORRECTIONS:
                raise ValueError("a preview takes plain entries only")  # not words: a programmer's error
            reason = self._step(state, entry, seq)
            if reason:
                break
        return Preview(
            refusal=reason,
            rows=tuple(state.rows[len(self.state.rows) :]),
            prompt=state.describe_prompt(),
            finished=state.status == "finished",
            winner=state.winner,
            result=state.result,
            questions=tuple(state.questions),
        )

    def knock_on(self, correction: Entry) -> list[Rejection]:
        """The entries that count now but would be refused once `correction` is logged: striking out a deal's
        result, say, leaves the next deal refused (the deal before it has no result). Nothing is changed."""
        if not isinstance(correction, (Amend, Void)):
            return []
        if self._judge_correction(correction, self.next_seq, in_place=False) is not None:
            return []  # refused itself: it changes nothing
        target = correction.target
        replacement = correction.entry if isinstance(correction, Amend) else None
        state, refused = self._scratch(target, {**self.replacements, target: replacement}, watch=target)
        if refused and replacement is not None:
            return []  # refused itself: it changes nothing
        refused_already = {r.seq for r in self.state.rejected}
        return [r for r in state.rejected if r.seq not in refused_already]

    def preview_correction(self, *corrections: Amend | Void) -> CorrectionPreview:
        """What these corrections (each of another entry), appended now in one go, would do: folded into a
        scratch copy from before the first entry they correct. Nothing of the replayer changes; the correction
        dialog shows it before anything is saved."""
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
        scratch, _ = self._scratch(min(c.target for c in corrections), replacements)
        refused_already = {r.seq for r in state.rejected}
        amended = {c.target for c in corrections if isinstance(c, Amend)}
        for rejection in scratch.rejected:  # a replacement refused where it stands: as `push` would refuse it
            if rejection.seq in amended:
                return self._refused_preview(self._refused_correction(rejection.seq, rejection.reason))
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
        return CorrectionPreview(
            reason,
            False,
            frozen(state.totals),
            (),
            (),
            state.status == "finished",
            state.winner,
            state.result,
        )

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
            if (
                entry.type not in CORRECTIONS
                and entry.type != "note"
                and self.current_version(seq) is not None
            ):
                return seq
        return None

    # ------------------------------------------------------------------ deals, as the table counts them

    def deal_of(self, seq: int) -> int:
        """The deal (Jass: the hand) entry `seq` went to; a correction goes with the entry it corrects."""
        entry = self.by_seq.get(seq)
        if isinstance(entry, (Amend, Void)) and entry.target < seq:
            return self.deal_of(entry.target)
        step = bisect_left(self._walk, seq, key=itemgetter(0))
        if step >= len(self._walk) or self._walk[step][0] != seq:
            return self.rules.entry_deal(Where(self.state.position, self.state.position))
        return self.rules.entry_deal(self._where(seq))

    def entry_label(self, seq: int) -> str:
        """Entry `seq` as the table knows it: by its deal and what it is ("deal 5's contract", "hand 3's Weis",
        "the rename of Ann"), never by its number in the log."""
        entry = self.by_seq.get(seq)
        deal = deal_noun(self.rules.deal_word)
        if entry is None:
            return _("a {deal}'s entry").format(deal=deal)
        if isinstance(entry, (Amend, Void)):
            if entry.target >= seq or entry.target not in self.by_seq:
                return _("a correction")
            return _("the correction of {entry}").format(entry=self.entry_label(entry.target))
        if isinstance(entry, Rename):
            return _("the rename of {player}").format(player=self.state.name(entry.player))
        words = ENTRY_WORDS.get(entry.type)
        what = words() if words is not None else entry.type
        # Translators: "deal 5's contract": {deal} is the word for a deal (Jass: a hand), {what} the entry's kind
        return _("{deal} {number}'s {what}").format(deal=deal, number=self.deal_of(seq), what=what)

    def _corrected(self, seq: int) -> int:
        """The entry correction `seq` corrects (itself when it is no correction)."""
        entry = self.by_seq.get(seq)
        return entry.target if isinstance(entry, (Amend, Void)) else seq

    def last_deal(self) -> LastDeal | None:
        """What one undo takes back: every entry still counting of the newest deal (hand) that has one, scored
        or still in progress; or a rename, when that is the latest thing logged. None: nothing to take back.
        Notes are left alone; corrections are never taken back themselves."""
        log, walk = self.log, self._walk
        seqs: list[int] = []
        number = -1
        for step in range(len(walk) - 1, -1, -1):
            seq, index = walk[step]
            entry = log[index]
            if entry.type in CORRECTIONS or entry.type == "note" or self.current_version(seq) is None:
                continue
            if entry.type == "rename":
                if not seqs:
                    return self._deal_taken(0, [seq])
                continue  # a rename made during a deal stays: it is not the deal's
            deal = self.rules.entry_deal(self._where(seq))
            if seqs and deal != number:
                break
            number = deal
            seqs.append(seq)
        return self._deal_taken(number, seqs[::-1]) if seqs else None

    def _deal_taken(self, number: int, seqs: list[int]) -> LastDeal:
        state, word = self.state, deal_noun(self.rules.deal_word)
        entries = tuple(version for seq in seqs if (version := self.current_version(seq)) is not None)
        first = seqs[0]
        rows: list[Row] = []
        for row in reversed(state.rows):  # (rows are in the order of the entries that scored them)
            if row.seq < first:
                break
            if row.seq in seqs:
                rows.append(row)
        rows.reverse()
        if number == 0:
            rename = entries[0]
            assert isinstance(rename, Rename)
            words = _("{name}'s new name ({seat} again)").format(
                name=state.name(rename.player), seat=rename.player
            )
        elif rows:
            said = "; ".join(
                retold(row.text, row.naming.names, state.names) if row.naming else row.text for row in rows
            )
            points = " ".join(
                f"{state.side_name(side)} {points_words(sum(row.delta.get(side, 0) for row in rows))}"
                for side in state.sides
            )
            if said.lower().startswith(f"{word} {number}".lower()):  # the row says its deal itself
                words = f"{said} — {points}"
            else:
                words = _("{deal} {number}, {rows} — {points}").format(
                    deal=word, number=number, rows=said, points=points
                )
        else:
            words = _("{deal} {number}, not scored yet").format(deal=word, number=number)
        return LastDeal(number, tuple(seqs), entries, tuple(rows), words)

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
            overridden=tuple(self.entry_label(self._corrected(seq)) for seq in self.overrides),
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
