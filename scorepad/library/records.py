"""What one saved game gives the library: its line in the list and its part of the statistics. Plain data
(no rules, no files), so what the index holds is read back without loading the rules."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path


def plain(text: str) -> str:
    """`text` as the index can hold it (UTF-8): a lone surrogate, as a file name that is not UTF-8 gives one,
    written out as ``\\udcff``, which is also how the screens show it (scorepad.rules.names.visible)."""
    if text.isascii():
        return text
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


@dataclass(frozen=True, slots=True)
class SavedGame:
    """One saved game as the list shows it; `error` is the one line said instead when it cannot be read."""

    path: Path
    modified: datetime
    game: str = ""
    title: str = ""
    players: tuple[str, ...] = ()  # as they are called now (after renames), in seat order
    status: str = ""
    error: str = ""

    @property
    def readable(self) -> bool:
        return not self.error


@dataclass(frozen=True, slots=True)
class Seat:
    player: str  # as the header names the seat
    name: str  # as the seat is called now
    side: str  # the label of its side
    names: tuple[str, ...]  # every name the seat carried: the header's, each rename's, the one now


@dataclass(frozen=True, slots=True)
class Side:
    label: str
    shown: str  # how the side is shown now (follows renames)
    by_players: bool  # labelled by its players' names ("Ann & Cid"), not a name the table gave it ("We")
    total: int
    won: bool  # the game is over and this side won it


@dataclass(frozen=True, slots=True)
class Strain:
    """Five Hundred: the contracts of one strain in a game, made and set."""

    strain: str  # "S" … "NT", "nullo", "open_nullo"
    label: str  # in the table's words: "♥ hearts", "no trump", "open nullo"
    rank: int  # its place in the bid table, lowest first
    made: int
    set: int


@dataclass(frozen=True, slots=True)
class TeamWeis:
    """Jass: one team's Weis written and Matches made in a game."""

    side: str
    hands: int  # hands in which the team's Weis counted
    points: int  # as written on the sheet (after the multiplier)
    matches: int


@dataclass(frozen=True, slots=True)
class Rubber:
    """Auction Bridge: the game's rubber."""

    over: bool
    winner: str | None  # the winning side's label, once over
    size: int  # the rubber's size in points, once over


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A readable game as the index keeps it."""

    game: str
    title: str
    created: str  # the header's time, ISO 8601
    status: str  # in the list's words ("won by Ann", "in play, 3 scored")
    finished: bool
    winner: str | None  # the winning side's label
    deals: int  # deals (Jass: hands) scored
    seats: tuple[Seat, ...]
    sides: tuple[Side, ...]
    strains: tuple[Strain, ...] = ()
    weis: tuple[TeamWeis, ...] = ()
    rubber: Rubber | None = None

    def line(self, path: Path, modified: datetime) -> SavedGame:
        return SavedGame(
            path, modified, self.game, self.title, tuple(seat.name for seat in self.seats), self.status
        )
