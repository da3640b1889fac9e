"""The statistics across saved games (`scorepad stats`, the statistics screen), as SQL queries over the index
(scorepad.library.index): per game, per player, per partnership, head to head, and each game's own figures
(Five Hundred's contracts by strain, Jass's Weis and Matches, Auction Bridge's rubbers).

Every figure was written by the rules when the game was read (scorepad.library.saved), so it follows corrections
as the score sheets do. Across games a person is known by one thing only: the name the game shows at its end. A
player renamed in a game (Ann → Annie) counts as Annie for that whole game, and for that game only: a rename is
never carried into other games, where the old name may well be someone else's (two Ruedis at two tables). A
partnership is its persons.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorepad.library.index import Index, IndexTrouble, Notice, path_key
from scorepad.library.reading import Progress, in_step, never
from scorepad.store.files import games_dir


@dataclass(frozen=True, slots=True)
class Record:
    """Games a player (or a partnership) played, of them finished, of those won."""

    played: int
    finished: int
    won: int


@dataclass(frozen=True, slots=True)
class Kind:
    games: int
    finished: int
    deals: int  # deals (Jass: hands) scored, in all


@dataclass(frozen=True, slots=True)
class Bids:
    label: str  # the strain in the table's words
    made: int
    set: int

    @property
    def bids(self) -> int:
        return self.made + self.set


@dataclass(frozen=True, slots=True)
class Weis:
    hands: int  # hands in which the team's Weis counted
    points: int  # as written on the sheet (after the multiplier)
    matches: int


@dataclass(frozen=True, slots=True)
class Meeting:
    """Two players on opposite sides in finished games: how often, and how often each one's side won."""

    games: int
    won: int  # by the first of the two
    lost: int  # won by the second


@dataclass(frozen=True)
class Statistics:
    kinds: dict[str, Kind]  # game -> its games (readable ones)
    damaged: list[str]  # one line per file that cannot be read
    players: dict[str, Record]  # in the order shown: most won, most played, then by name
    partnerships: dict[str, Record]  # "Ann & Cid" -> the games its players played on one side
    head_to_head: dict[tuple[str, str], Meeting]  # (the one who won more, the other) -> their meetings
    bids: dict[str, Bids]  # Five Hundred: strain -> contracts, in the bid table's order
    weis: dict[str, Weis]  # Jass: team -> its Weis and Matches
    rubbers: dict[str, Record]  # Auction Bridge: player -> rubbers
    rubbers_over: int
    average_rubber: float | None  # points

    @property
    def games(self) -> dict[str, int]:
        return {game: kind.games for game, kind in self.kinds.items()}

    @property
    def finished(self) -> int:
        return sum(kind.finished for kind in self.kinds.values())


def collect_stats(
    directory: Path | None = None,
    *,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] = never,
    notice: Notice | None = None,
) -> Statistics | None:
    """The statistics over every saved game of the folder, once the index is in step with its files (games
    changed or new are read meanwhile: `progress(done, total)` is told). None when `cancelled()` turned true
    first; `notice` is told one line when the index is built again or cannot be kept."""
    directory = directory or games_dir()
    with Index.open(notice) as index:
        while True:
            for _game in in_step(index, directory, progress=progress, cancelled=cancelled, notice=notice):
                pass
            if cancelled():
                return None
            try:
                return index.read(lambda connection: statistics(connection, directory))
            except IndexTrouble as trouble:  # (the index is then built again: the games are read anew)
                index.rebuild(trouble.why, notice)


# --------------------------------------------------------------------------- the queries

#: the folder's readable games, and each name's person (see the module's docstring), and each side's partnership
SETUP = (
    "DROP TABLE IF EXISTS temp.counted",
    "DROP TABLE IF EXISTS temp.person",
    "DROP TABLE IF EXISTS temp.team",
    "DROP TABLE IF EXISTS temp.partnership",
    """CREATE TEMP TABLE counted (id INTEGER PRIMARY KEY, path BLOB, mtime_ns INTEGER, kind TEXT,
                                  finished INTEGER, deals INTEGER)""",
    """INSERT INTO counted SELECT id, path, mtime_ns, kind, finished, deals FROM main.game
       WHERE folder = :folder AND error IS NULL""",
    "CREATE TEMP TABLE person (name TEXT PRIMARY KEY, person TEXT NOT NULL) WITHOUT ROWID",
    # a person is the name a seat carries at the end of its game (the module's docstring): a player
    # renamed in a game counts under his new name for that game only, so a rename in one game never makes two
    # people of other games one ("Ruedi" of one evening is not "Ruedi Brunner", renamed from Ruedi in another)
    """INSERT INTO person SELECT DISTINCT name, name FROM seat WHERE game IN (SELECT id FROM counted)""",
    # each side as its persons: `key` names them in one order whatever the game's seats, `names` in its seats'
    """CREATE TEMP TABLE team (game INTEGER, side TEXT, key TEXT, names TEXT, size INTEGER,
                               PRIMARY KEY (game, side)) WITHOUT ROWID""",
    """INSERT INTO team
       WITH member AS (
         SELECT s.game, s.side, s.seat, p.person FROM seat s JOIN counted g ON g.id = s.game
         JOIN person p ON p.name = s.name),
       keyed AS (
         SELECT game, side, group_concat(person, char(31)) AS key, count(*) AS size
         FROM (SELECT game, side, person FROM member ORDER BY game, side, person) GROUP BY game, side),
       named AS (
         SELECT game, side, group_concat(person, ' & ') AS names
         FROM (SELECT game, side, person FROM member ORDER BY game, side, seat) GROUP BY game, side)
       SELECT k.game, k.side, k.key, n.names, k.size FROM keyed k JOIN named n ON n.game = k.game AND n.side = k.side""",
    # a partnership is shown as the game played last seated it
    "CREATE TEMP TABLE partnership (key TEXT PRIMARY KEY, names TEXT NOT NULL) WITHOUT ROWID",
    """INSERT INTO partnership
       SELECT key, names FROM (
         SELECT t.key, t.names, row_number() OVER (PARTITION BY t.key ORDER BY g.mtime_ns DESC, g.path) AS place
         FROM team t JOIN counted g ON g.id = t.game)
       WHERE place = 1""",
)

KINDS = "SELECT kind, count(*), sum(finished), sum(deals) FROM counted GROUP BY kind ORDER BY kind"

DAMAGED = """
SELECT error FROM game WHERE folder = :folder AND error IS NOT NULL ORDER BY mtime_ns DESC, path"""

PLAYERS = """
SELECT p.person, count(*), sum(g.finished), sum(d.won)
FROM seat s JOIN counted g ON g.id = s.game JOIN person p ON p.name = s.name
JOIN side d ON d.game = s.game AND d.side = s.side
GROUP BY p.person ORDER BY 4 DESC, 2 DESC, 1 COLLATE folded"""

PARTNERSHIPS = """
SELECT ps.names, count(*), sum(g.finished), sum(d.won)
FROM team t JOIN counted g ON g.id = t.game JOIN side d ON d.game = t.game AND d.side = t.side
JOIN partnership ps ON ps.key = t.key
WHERE t.size > 1
GROUP BY t.key ORDER BY 4 DESC, 2 DESC, 1 COLLATE folded"""

# each pair once: the one whose side won more first (by name when even)
HEAD_TO_HEAD = """
SELECT pa.person, pb.person, count(*), sum(da.won), sum(db.won)
FROM seat a JOIN seat b ON b.game = a.game AND b.side <> a.side
JOIN counted g ON g.id = a.game
JOIN person pa ON pa.name = a.name JOIN person pb ON pb.name = b.name
JOIN side da ON da.game = a.game AND da.side = a.side
JOIN side db ON db.game = b.game AND db.side = b.side
WHERE g.finished AND pa.person <> pb.person
GROUP BY pa.person, pb.person
HAVING sum(da.won) > sum(db.won) OR (sum(da.won) = sum(db.won) AND pa.person < pb.person)
ORDER BY 3 DESC, 4 DESC, 1 COLLATE folded, 2 COLLATE folded"""

BIDS = """
SELECT b.strain, min(b.label), sum(b.made), sum(b.went_set) FROM bids b JOIN counted g ON g.id = b.game
GROUP BY b.strain ORDER BY min(b.rank)"""

# a team named by its players is its partnership, whatever the game; one the table named keeps its name
WEIS = """
SELECT CASE WHEN d.by_players THEN ps.names ELSE d.shown END, sum(w.hands), sum(w.points), sum(w.matches)
FROM weis w JOIN counted g ON g.id = w.game
JOIN side d ON d.game = w.game AND d.side = w.side
JOIN team t ON t.game = w.game AND t.side = w.side JOIN partnership ps ON ps.key = t.key
GROUP BY CASE WHEN d.by_players THEN t.key ELSE char(30) || d.shown END
ORDER BY 3 DESC, 1 COLLATE folded"""

RUBBERS = """
SELECT p.person, count(*), sum(r.over), sum(r.over AND r.winner = s.side)
FROM rubber r JOIN counted g ON g.id = r.game JOIN seat s ON s.game = r.game JOIN person p ON p.name = s.name
GROUP BY p.person ORDER BY 4 DESC, 2 DESC, 1 COLLATE folded"""

RUBBER_SIZES = "SELECT count(*), avg(r.size) FROM rubber r JOIN counted g ON g.id = r.game WHERE r.over"


def statistics(connection: sqlite3.Connection, directory: Path) -> Statistics:
    """The statistics of a games folder, from the index (read in one transaction: see Index.read)."""
    folder = {"folder": path_key(directory)}
    for statement in SETUP:
        connection.execute(statement, folder if ":folder" in statement else {})

    def rows(query: str) -> list[Any]:  # (the database's values: the tables above say which)
        return connection.execute(query, folder if ":folder" in query else {}).fetchall()

    over, average = connection.execute(RUBBER_SIZES).fetchone()
    return Statistics(
        kinds={kind: Kind(games, finished, deals) for kind, games, finished, deals in rows(KINDS)},
        damaged=[error for (error,) in rows(DAMAGED)],
        players={name: Record(*figures) for name, *figures in rows(PLAYERS)},
        partnerships={names: Record(*figures) for names, *figures in rows(PARTNERSHIPS)},
        head_to_head={(first, second): Meeting(*figures) for first, second, *figures in rows(HEAD_TO_HEAD)},
        bids={strain: Bids(*figures) for strain, *figures in rows(BIDS)},
        weis={team: Weis(*figures) for team, *figures in rows(WEIS)},
        rubbers={name: Record(*figures) for name, *figures in rows(RUBBERS)},
        rubbers_over=over,
        average_rubber=average,
    )
