"""The log format, version 1 (docs/log-format.md §1): pydantic models of the header and every entry.

No I/O and no Textual here. A game file is a header line followed by entry lines; the entry
types of the three games share names (`deal`, `bid`, `result`, `claim` …) with different
fields, so each game has its own discriminated union and `ENTRY_ADAPTERS[game]` parses a line
of that game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from datetime import datetime
from typing import Annotated, Any, Literal, Self, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    TypeAdapter,
    field_validator,
    model_validator,
)

FORMAT_VERSION = 1
GAMES = ("five_hundred", "jass", "auction_bridge")
GameName = Literal["five_hundred", "jass", "auction_bridge"]
# Numbers and yes/no in a log are JSON integers and booleans (docs/log-format.md §1): strict types refuse "8", 8.0 and
# true where a count belongs, and "yes" or 1 where a boolean does.
Int = StrictInt
Bool = StrictBool


class Model(BaseModel):
    # defer_build: a model's validator is built when first used, so opening a game builds only its own
    # game's models, not all three games'
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        if memo is None:  # model_copy(deep=True): a copy of its own, which its update may change
            return super().__deepcopy__(memo)
        return self  # frozen: a copy of a replay's state (copy.deepcopy) shares the entries it holds


# --------------------------------------------------------------------------- header


class Header(Model):
    scorepad: Literal[1]
    game: GameName
    id: str = Field(min_length=1)
    created: datetime
    title: str = ""
    players: tuple[str, ...] = Field(min_length=2)
    sides: dict[str, tuple[str, ...]] | None = None
    rules: dict[str, Any] = Field(default_factory=dict)

    @field_validator("scorepad", mode="before")
    @classmethod
    def _version_is_an_integer(cls, version: Any) -> Any:
        if type(version) is not int:  # true and 1.0 equal 1 in Python; in the file they are not a version
            raise ValueError("the format version must be a whole number")
        return version

    @field_validator("players")
    @classmethod
    def _players_named_and_unique(cls, players: tuple[str, ...]) -> tuple[str, ...]:
        if any(not name.strip() for name in players):
            raise ValueError("player names must not be empty")
        if len(set(players)) != len(players):
            raise ValueError("player names must be unique within a game")
        return players

    @model_validator(mode="after")
    def _sides_cover_players(self) -> Header:
        if self.sides is None:
            return self
        seated = [p for members in self.sides.values() for p in members]
        unknown = [p for p in seated if p not in self.players]
        if unknown:
            raise ValueError(f"sides name unknown players: {', '.join(unknown)}")
        if sorted(seated) != sorted(self.players):
            raise ValueError("every player must be on exactly one side")
        return self


# --------------------------------------------------------------------------- entries


class Entry(Model):
    """Fields every log line carries (`seq` and `at`: inside an `amend` the replacement has neither).

    `type` names the entry on the line; each entry class fixes it to its own literal.
    """

    seq: Int | None = Field(default=None, ge=1)
    at: datetime | None = None
    type: str


class Deal(Entry):
    type: Literal["deal"] = "deal"
    dealer: str


class Note(Entry):
    type: Literal["note"] = "note"
    text: str


class Rename(Entry):
    """A player changes the name shown from here on (the header keeps the original)."""

    type: Literal["rename"] = "rename"
    player: str
    new_name: str = Field(min_length=1)


# ---- Five Hundred


def spelled(pattern: str, what: str) -> Callable[[str], str]:
    """A validator that refuses a `call` string not spelled as the game spells calls."""
    compiled = re.compile(pattern)

    def check(call: str) -> str:
        if not compiled.match(call):
            raise ValueError(f"{call!r} is not {what}")
        return call

    return check


FHCall = Annotated[
    str,
    AfterValidator(
        spelled(
            r"^(pass|nullo|open_nullo|(6|7|8|9|10)(S|C|D|H|NT))$",
            "a Five Hundred call (pass, 6S…10NT, nullo, open_nullo)",
        )
    ),
]
ABCall = Annotated[
    str,
    AfterValidator(
        spelled(
            r"^(pass|double|redouble|[1-7](S|C|D|H|R|NT))$",
            "an Auction Bridge call (pass, double, redouble, 1S…7NT)",
        )
    ),
]
ABContractCall = Annotated[str, AfterValidator(spelled(r"^[1-7](S|C|D|H|R|NT)$", "a contract (1S…7NT)"))]


class FHBid(Entry):
    type: Literal["bid"] = "bid"
    player: str
    call: FHCall


# Only the shape of a line is judged here. Whatever reads but breaks a law (a contract of "pass", negative
# tricks, an impossible Weis, 14 tricks …) is for the rules: a rejected entry with its reason, never a file
# that cannot be opened (docs/log-format.md §2).


class FHContract(FHBid):
    type: Literal["contract"] = "contract"  # type: ignore[assignment]


class FHResult(Entry):
    type: Literal["result"] = "result"
    tricks: dict[str, Int]
    partner: str | None = None
    card_points: dict[str, Int] | None = None
    first_to_target: str | None = None
    trick_winners: tuple[str, ...] | None = None


class FHIrregularity(Entry):
    type: Literal["irregularity"] = "irregularity"
    kind: Literal["revoke", "wrong_cards", "bid_out_of_turn", "redeal"]
    player: str
    note: str = ""


class FHClaim(Entry):
    type: Literal["claim"] = "claim"
    player: str
    upheld: Bool


# ---- Jass

JASS_CONTRACTS = ("hearts", "diamonds", "clubs", "spades", "obenabe", "undenufe")
JASS_SUITS = ("hearts", "diamonds", "clubs", "spades")
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")
JassContract = Literal["hearts", "diamonds", "clubs", "spades", "obenabe", "undenufe"]
Suit = Literal["hearts", "diamonds", "clubs", "spades"]
Rank = Literal["A", "K", "Q", "J", "10", "9", "8", "7", "6"]


class SequenceMeld(Model):
    kind: Literal["sequence"] = "sequence"
    length: Int  # 3–9, and no longer than the cards below `top`: the rules judge it (an impossible Weis)
    top: Rank
    suit: Suit

    @property
    def cards(self) -> tuple[tuple[str, str], ...]:
        start = RANKS.index(self.top)
        return tuple((self.suit, rank) for rank in RANKS[start : start + self.length])


class FourMeld(Model):
    kind: Literal["four"] = "four"
    rank: Rank

    @property
    def cards(self) -> tuple[tuple[str, str], ...]:
        return tuple((suit, self.rank) for suit in JASS_SUITS)


Meld = Annotated[SequenceMeld | FourMeld, Field(discriminator="kind")]


class JassTrump(Entry):
    type: Literal["trump"] = "trump"
    player: str
    contract: JassContract
    pushed: Bool = False


class JassWeis(Entry):
    type: Literal["weis"] = "weis"
    player: str
    melds: tuple[Meld, ...] = Field(min_length=1)
    late: Bool = (
        False  # declared after the first trick: void (added to version 1; left out of a line when false)
    )


class JassStoeck(Entry):
    type: Literal["stoeck"] = "stoeck"
    player: str
    late: Bool = False  # announced after the second of the two cards was played: void (as `JassWeis.late`)


class JassTricks(Entry):
    type: Literal["tricks"] = "tricks"
    points: dict[str, Int] = Field(min_length=1, max_length=2)
    match: str | None = None


class JassPenalty(Entry):
    type: Literal["penalty"] = "penalty"
    kind: Literal["uncut_deck", "misdeal", "out_of_turn", "wrong_play", "false_weis", "custom"]
    against: str
    points: Int | None = None
    note: str = ""

    @model_validator(mode="after")
    def _points_only_for_custom(self) -> JassPenalty:
        if self.kind == "custom" and self.points is None:
            raise ValueError("a custom penalty needs its points")
        if self.kind != "custom" and self.points is not None:
            raise ValueError("only a custom penalty carries points; the others come from the ruleset")
        return self


class JassClaim(Entry):
    type: Literal["claim"] = "claim"
    team: str
    counted: Int  # never negative: the rules judge it


# ---- Auction Bridge

SuitHonours = Literal["3", "4", "5", "4_one_hand", "4_one_hand_5th_partner", "5_one_hand"]
NoTrumpHonours = Literal["3_aces", "4_aces", "4_aces_one_hand"]
HONOUR_HOLDINGS: tuple[str, ...] = get_args(SuitHonours)
NT_HONOUR_HOLDINGS: tuple[str, ...] = get_args(NoTrumpHonours)


class ABBid(Entry):
    type: Literal["bid"] = "bid"
    player: str
    call: ABCall


class ABContract(Entry):
    type: Literal["contract"] = "contract"
    player: str
    call: ABContractCall
    double: Literal["none", "doubled", "redoubled"] = "none"
    dealers_one_spade: Bool = False


class Honours(Model):
    side: str
    holding: SuitHonours | NoTrumpHonours


class Revoke(Model):
    side: str
    choice: Literal["points", "tricks"] | None = None


class Chicane(Model):
    side: str
    double: Bool = False


class ABResult(Entry):
    type: Literal["result"] = "result"
    tricks: Int  # 0–13: the rules judge it
    honours: Honours | None = None
    revoke: Revoke | None = None
    chicane: Chicane | None = None
    #: the revokes after `revoke` in the same deal, each by its side (the other side's, or a second by the same):
    #: added to version 1, left out of a line when empty
    more_revokes: tuple[str, ...] = ()


class ABAgree(Entry):
    type: Literal["agree"] = "agree"


class ABStop(Entry):
    type: Literal["stop"] = "stop"
    reason: str = ""


# ---- corrections (common to every game)

FHPlain = FHBid | FHContract | FHResult | FHIrregularity | FHClaim
JassPlain = JassTrump | JassWeis | JassStoeck | JassTricks | JassPenalty | JassClaim
ABPlain = ABBid | ABContract | ABResult | ABAgree | ABStop
CommonPlain = Deal | Note | Rename


class Amend(Entry):
    """A correction: the entry at `target` reads as `entry` from now on (each game narrows `entry` to its own)."""

    type: Literal["amend"] = "amend"
    target: Int = Field(ge=1)
    entry: Entry
    override: Bool = False
    note: str = ""


class Void(Entry):
    """A correction: the entry at `target` is struck out."""

    type: Literal["void"] = "void"
    target: Int = Field(ge=1)
    override: Bool = False
    note: str = ""


class FHAmend(Amend):
    entry: Annotated[FHPlain | CommonPlain, Field(discriminator="type")]


class JassAmend(Amend):
    entry: Annotated[JassPlain | CommonPlain, Field(discriminator="type")]


class ABAmend(Amend):
    entry: Annotated[ABPlain | CommonPlain, Field(discriminator="type")]


# a struck-out entry needs nothing of its game: one Void serves all three
FHVoid = JassVoid = ABVoid = Void

#: every entry of a game, as the replay sees them (match on these: each case narrows to its fields)
FHEntry = FHPlain | CommonPlain | FHAmend | Void
JassEntry = JassPlain | CommonPlain | JassAmend | Void
ABEntry = ABPlain | CommonPlain | ABAmend | Void
AnyEntry = FHEntry | JassEntry | ABEntry

_FHLine = Annotated[FHEntry, Field(discriminator="type")]
_JassLine = Annotated[JassEntry, Field(discriminator="type")]
_ABLine = Annotated[ABEntry, Field(discriminator="type")]
_ENTRY_TYPES: dict[str, Any] = {"five_hundred": _FHLine, "jass": _JassLine, "auction_bridge": _ABLine}


class _EntryAdapters(Mapping[str, TypeAdapter[Any]]):
    """game -> its adapter, each built on first use: a start that opens one game builds one (~8 ms each)."""

    def __init__(self) -> None:
        self._built: dict[str, TypeAdapter[Any]] = {}

    def __getitem__(self, game: str) -> TypeAdapter[Any]:
        adapter = self._built.get(game)
        if adapter is None:
            line = _ENTRY_TYPES[game]  # KeyError for a game that is not one of ours
            adapter = self._built[game] = TypeAdapter(line)
        return adapter

    def __iter__(self) -> Iterator[str]:
        return iter(_ENTRY_TYPES)

    def __len__(self) -> int:
        return len(_ENTRY_TYPES)


#: one adapter per game: parses one entry line (a dict or JSON text) of that game
ENTRY_ADAPTERS: Mapping[str, TypeAdapter[Any]] = _EntryAdapters()
HEADER_ADAPTER: TypeAdapter[Header] = TypeAdapter(Header)


def parse_entry(game: str, data: dict[str, Any] | str | bytes) -> Entry:
    adapter = ENTRY_ADAPTERS[game]
    entry: Entry = (
        adapter.validate_json(data) if isinstance(data, (str, bytes)) else adapter.validate_python(data)
    )
    return entry


def amend_model(game: str) -> type[Amend]:
    return {"five_hundred": FHAmend, "jass": JassAmend, "auction_bridge": ABAmend}[game]


def void_model(game: str) -> type[Void]:
    if game not in _ENTRY_TYPES:
        raise KeyError(game)
    return Void


#: optional fields added to version 1 after its first files, with the value they have when absent: a line holding
#: them at that value leaves them out, so it reads in every scorepad of version 1 and is written as before
ADDED_FIELDS: dict[str, dict[str, Any]] = {
    "weis": {"late": False},
    "stoeck": {"late": False},
    "result": {"more_revokes": []},
}


def dump_entry(entry: Entry) -> str:
    """One log line (without newline). A replacement inside an amend drops its empty seq/at."""
    data = entry.model_dump(mode="json")
    _leave_out_added(data)
    inner = data.get("entry")
    if isinstance(inner, dict):
        inner.pop("seq", None)
        inner.pop("at", None)
        _leave_out_added(inner)
    return _dumps(data)


def _leave_out_added(data: dict[str, Any]) -> None:
    for name, absent in ADDED_FIELDS.get(data.get("type", ""), {}).items():
        if name in data and data[name] == absent:
            del data[name]


def dump_header(header: Header) -> str:
    data = header.model_dump(mode="json")
    if data.get("sides") is None:
        data.pop("sides", None)
    return _dumps(data)


def _dumps(data: dict[str, Any]) -> str:
    import json

    return json.dumps(data, ensure_ascii=False, separators=(", ", ": "))
