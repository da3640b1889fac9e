"""The statistics' figures and how one game's are added to the others': plain data, no rules, no files, so
what was kept of a game (scorepad.summaries) is added up without importing the rules (scorepad.stats counts a
game's figures from its replayed sheet and shows them)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class PlayerRecord:
    played: int = 0
    finished: int = 0
    won: int = 0


@dataclass
class BidRecord:
    made: int = 0
    set: int = 0

    @property
    def bids(self) -> int:
        return self.made + self.set


@dataclass
class WeisRecord:
    hands: int = 0  # hands in which the team's Weis counted
    points: int = 0  # as written on the sheet (after the multiplier)
    matches: int = 0


@dataclass
class Stats:
    games: Counter[str] = field(default_factory=Counter)  # game -> files read
    finished: int = 0
    damaged: list[str] = field(default_factory=list)  # one line per file skipped
    players: dict[str, PlayerRecord] = field(default_factory=dict)
    bids: dict[str, BidRecord] = field(default_factory=dict)  # Five Hundred: strain -> made/set
    weis: dict[str, WeisRecord] = field(default_factory=dict)  # Jass: team (as shown) -> Weis, Matches
    #: Jass: a team named by its players (not a name the table gave it) -> those players, as shown
    team_players: dict[str, tuple[str, ...]] = field(default_factory=dict)
    rubbers: dict[str, PlayerRecord] = field(default_factory=dict)  # Auction Bridge: player -> rubbers
    rubber_sizes: list[int] = field(default_factory=list)
    #: each seat's names in each game added (its header name, then every rename), in the order the games came
    seat_names: list[list[str]] = field(default_factory=list)
    #: name -> another name of the same person (a rename joined them); see `same_person`
    _joined: dict[str, str] = field(default_factory=dict)

    def same_person(self, name: str) -> str:
        """The name a person is counted under: the root of the names renames joined."""
        while name in self._joined:
            name = self._joined[name]
        return name

    def join(self, names: list[str]) -> None:
        """These names are one person (a seat renamed); the first one given is kept as the shown name."""
        roots = [self.same_person(n) for n in names]
        keep = roots[0]
        for root in roots[1:]:
            if root != keep:
                self._joined[root] = keep

    @property
    def average_rubber(self) -> float | None:
        return sum(self.rubber_sizes) / len(self.rubber_sizes) if self.rubber_sizes else None


def add_figures(stats: Stats, figures: Stats) -> None:
    """Add one game's figures (`game_figures`): as `add_sheet` on the game's sheet would have."""
    stats.games.update(figures.games)
    stats.finished += figures.finished
    for names in figures.seat_names:
        stats.join(names)
    stats.seat_names += figures.seat_names
    for target, source in ((stats.players, figures.players), (stats.rubbers, figures.rubbers)):
        for name, record in source.items():
            into = target.setdefault(name, PlayerRecord())
            into.played += record.played
            into.finished += record.finished
            into.won += record.won
    for strain, bid in figures.bids.items():
        bids = stats.bids.setdefault(strain, BidRecord())
        bids.made += bid.made
        bids.set += bid.set
    stats.team_players.update(figures.team_players)
    for team, weis in figures.weis.items():
        into_weis = stats.weis.setdefault(team, WeisRecord())
        into_weis.hands += weis.hands
        into_weis.points += weis.points
        into_weis.matches += weis.matches
    stats.rubber_sizes += figures.rubber_sizes
    stats.damaged += figures.damaged


def merge_renamed(stats: Stats) -> None:
    """One record per person: the records of names a rename joined are added together."""
    for table_name in ("players", "rubbers"):
        table: dict[str, PlayerRecord] = getattr(stats, table_name)
        merged: dict[str, PlayerRecord] = {}
        for name, record in table.items():
            into = merged.setdefault(stats.same_person(name), PlayerRecord())
            into.played += record.played
            into.finished += record.finished
            into.won += record.won
        setattr(stats, table_name, merged)
    _merge_renamed_teams(stats)


def _merge_renamed_teams(stats: Stats) -> None:
    """A Jass team named by its players is the same team under its players' newest names, whatever the game."""
    shown: dict[frozenset[str], str] = {}
    merged: dict[str, WeisRecord] = {}
    for team, record in stats.weis.items():
        players = stats.team_players.get(team)
        if players is not None:
            persons = [stats.same_person(player) for player in players]
            team = shown.setdefault(frozenset(persons), " & ".join(persons))
        into = merged.setdefault(team, WeisRecord())
        into.hands += record.hands
        into.points += record.points
        into.matches += record.matches
    stats.weis = merged
