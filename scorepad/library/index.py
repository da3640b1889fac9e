"""The saved games' index: one SQLite database in the user cache dir (`$SCOREPAD_HOME/cache` when that is set),
one row per game file keyed by its path, with the file's size, modification time and a hash of its bytes beside
what the list and the statistics read of it.

It is a cache, never a source of truth. A database that is damaged, not scorepad's, made by a newer scorepad, or
held locked by another program for longer than BUSY_SECONDS is built again from the game files, with one notice;
one made by an older scorepad is built again without a word, and the rows another version of scorepad wrote
are read again. Two scorepads may use it at once: it is in WAL mode (readers never wait for a writer), every
write is one short transaction, and a writer waits for another's.
Nothing is written through a symbolic link standing at its path (nor at the files SQLite keeps beside it): the
games are then read from their files into an index in memory, for that reading only.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import TypeVar

from platformdirs import user_cache_dir

from scorepad import __version__
from scorepad.library.records import GameRecord, SavedGame
from scorepad.locale import SOURCE, _, language
from scorepad.store.files import UnsafePath, refuse_if_not_a_file

FILE_NAME = "saved-games.sqlite3"
#: the files SQLite keeps beside the database (its write-ahead log, its shared memory, a rollback journal)
BESIDE = ("-wal", "-shm", "-journal")
SCHEMA_VERSION = 1  # the tables below; a database of another version is built again
#: "SPLB", scorepad's library, in the database's header: a database of another program has another
APPLICATION_ID = 0x53504C42
BUSY_SECONDS = 5.0  # a write waits this long for another program's; longer, the index is taken as stuck

SCHEMA = (
    """CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID""",
    """CREATE TABLE game (
    id INTEGER PRIMARY KEY,
    path BLOB NOT NULL UNIQUE,  -- the file's path, as bytes (a name need not be UTF-8)
    folder BLOB NOT NULL,       -- the games folder it is in
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    hash BLOB,                  -- of the file's bytes (NULL: they could not be read, tried again next time)
    error TEXT,                 -- the one line the file cannot be read with (NULL for a game)
    kind TEXT, title TEXT, created TEXT, status TEXT, finished INTEGER, winner TEXT, deals INTEGER
)""",
    """CREATE INDEX game_folder ON game (folder)""",
    """CREATE TABLE seat (
    game INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE, seat INTEGER NOT NULL,
    player TEXT NOT NULL, name TEXT NOT NULL, side TEXT NOT NULL, renamed INTEGER NOT NULL,
    PRIMARY KEY (game, seat)
) WITHOUT ROWID""",
    """CREATE INDEX seat_name_now ON seat (name)""",
    """CREATE TABLE seat_name (  -- every name a seat carried in its game: a rename makes them one person
    game INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE, seat INTEGER NOT NULL, name TEXT NOT NULL,
    PRIMARY KEY (game, seat, name)
) WITHOUT ROWID""",
    """CREATE TABLE side (
    game INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE, side TEXT NOT NULL,
    shown TEXT NOT NULL, by_players INTEGER NOT NULL, total INTEGER NOT NULL, won INTEGER NOT NULL,
    PRIMARY KEY (game, side)
) WITHOUT ROWID""",
    """CREATE TABLE bids (  -- Five Hundred: a game's contracts by strain
    game INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE, strain TEXT NOT NULL,
    label TEXT NOT NULL, rank INTEGER NOT NULL, made INTEGER NOT NULL, went_set INTEGER NOT NULL,
    PRIMARY KEY (game, strain)
) WITHOUT ROWID""",
    """CREATE TABLE weis (  -- Jass: a team's Weis and Matches in a game
    game INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE, side TEXT NOT NULL,
    hands INTEGER NOT NULL, points INTEGER NOT NULL, matches INTEGER NOT NULL,
    PRIMARY KEY (game, side)
) WITHOUT ROWID""",
    """CREATE TABLE rubber (  -- Auction Bridge: a game's rubber
    game INTEGER PRIMARY KEY REFERENCES game (id) ON DELETE CASCADE,
    over INTEGER NOT NULL, winner TEXT, size INTEGER NOT NULL
)""",
)

INSERT_GAME = """INSERT INTO game (path, folder, size, mtime_ns, hash, kind, title, created, status, finished,
                                     winner, deals) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"""
INSERT_UNREADABLE = "INSERT INTO game (path, folder, size, mtime_ns, hash, error) VALUES (?, ?, ?, ?, ?, ?)"

T = TypeVar("T")
Notice = Callable[[str], None]


def cache_home() -> Path:
    """`$SCOREPAD_HOME/cache`, else the platform's user cache dir."""
    override = os.environ.get("SCOREPAD_HOME")
    if override:
        return Path(override).expanduser() / "cache"
    return Path(user_cache_dir("scorepad", appauthor=False))


def index_path() -> Path:
    """The index of the language spoken: it keeps each game's status and a damaged file's line in words, so each
    language has its own (English's is named as it was before there were others)."""
    spoken = language()
    return cache_home() / (FILE_NAME if spoken == SOURCE else f"saved-games.{spoken}.sqlite3")


def path_key(path: Path) -> bytes:
    return os.fsencode(os.path.abspath(path))


@dataclass(frozen=True, slots=True)
class Known:
    """A game as the index holds it: enough to tell whether its file changed, and its line in the list."""

    size: int
    mtime_ns: int
    hash: bytes | None
    game: str
    title: str
    players: tuple[str, ...]
    status: str
    error: str

    def line(self, path: Path, modified: datetime) -> SavedGame:
        return SavedGame(path, modified, self.game, self.title, self.players, self.status, self.error)


@dataclass(frozen=True, slots=True)
class Item:
    """A game file just read, to be written to the index: its record, or the one line it cannot be read with."""

    key: bytes
    size: int
    mtime_ns: int
    hash: bytes | None  # None: the file could not be read (it is tried again next time)
    record: GameRecord | None
    error: str = ""


class IndexTrouble(Exception):
    """The database failed while in use (`why`, in words); the index is built again and the work done again."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


QUIETLY = ""  # the reason of a rebuild nobody is told about (a database an older scorepad made)
_said: set[str] = set()  # the notices about where the index is that were said already in this process


def _say_once(notice: Notice | None, line: str) -> None:
    if notice is not None and line not in _said:
        _said.add(line)
        notice(line)


def _folded(a: str, b: str) -> int:
    """The order names are listed in: case folded, as the eye reads them."""
    a, b = a.casefold(), b.casefold()
    return (a > b) - (a < b)


def _why(error: sqlite3.Error) -> str:
    """What an error of the database means for the index, in the table's words."""
    name = getattr(error, "sqlite_errorname", "") or ""
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return _("was held by another program for over {seconds} seconds").format(seconds=f"{BUSY_SECONDS:g}")
    if name.startswith(("SQLITE_CANTOPEN", "SQLITE_READONLY", "SQLITE_IOERR", "SQLITE_FULL", "SQLITE_PERM")):
        return _("could not be written ({why})").format(why=error)
    return _("was damaged")


def _refuse_links(path: Path) -> None:
    """UnsafePath when a link (or anything but a file) stands where the database or a file beside it goes."""
    refuse_if_not_a_file(path)
    for suffix in BESIDE:
        refuse_if_not_a_file(f"{path}{suffix}")


class Index:
    """The index, open: on disk (`path`), or in memory for one reading when the disk's cannot be used."""

    def __init__(self, connection: sqlite3.Connection, path: Path | None):
        self._connection = connection
        self.path = path
        self._rebuilt = False

    # ------------------------------------------------------------------ opening

    @classmethod
    def open(cls, notice: Notice | None = None) -> Index:
        """The index on disk, made (or built again) as needed; the one in memory when the disk's cannot be used.
        `notice` is told one line when the index is built again or cannot be kept."""
        path = index_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            _refuse_links(path)
        except UnsafePath as refused:
            line = _(
                "Your saved games' index {path} is {what}: scorepad does not write through it; "
                "your saved games are read from their files"
            )
            _say_once(notice, line.format(path=refused.path, what=refused.what))
            return cls.in_memory()
        except OSError as error:
            line = _(
                "Your saved games' index cannot be kept in {folder} ({why}): "
                "your saved games are read from their files"
            )
            _say_once(notice, line.format(folder=path.parent, why=error.strerror or error))
            return cls.in_memory()
        try:
            connection, why = _connect(path)
        except sqlite3.Error as error:  # (the file cannot even be opened)
            line = _("Your saved games' index {why} ({path}): your saved games are read from their files")
            _say_once(notice, line.format(why=_why(error), path=path))
            return cls.in_memory()
        index = cls(connection, path)
        if why is not None:
            index.rebuild(why, notice)
        return index

    @classmethod
    def in_memory(cls) -> Index:
        connection = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        connection.create_collation("folded", _folded)
        connection.execute("PRAGMA foreign_keys = ON")
        _create(connection)
        return cls(connection, None)

    def rebuild(self, why: str, notice: Notice | None = None) -> None:
        """The database removed and made anew, empty (the games are then read from their files); the index in
        memory instead when that fails, or failed once already."""
        self._connection.close()
        path = self.path
        if path is not None and not self._rebuilt:
            self._rebuilt = True
            try:
                for name in (str(path), *(f"{path}{suffix}" for suffix in BESIDE)):
                    with contextlib.suppress(FileNotFoundError):
                        os.unlink(name)  # (a link is removed itself, never what it points to)
                _refuse_links(path)
                connection, again = _connect(path)
            except (OSError, sqlite3.Error):
                pass
            else:
                if again is None:
                    self._connection = connection
                    if why != QUIETLY:
                        line = _(
                            "Your saved games' index {why}: it is built again from your game files ({path})"
                        )
                        _say(notice, line.format(why=why, path=path))
                    return
                connection.close()
        self._connection = Index.in_memory()._connection
        self.path = None
        line = _("Your saved games' index {why} ({path}): your saved games are read from their files")
        _say(notice, line.format(why=why or _("could not be made again"), path=path))

    def close(self) -> None:
        self._connection.close()

    def __enter__(self) -> Index:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()

    # ------------------------------------------------------------------ reading and writing

    @contextlib.contextmanager
    def _transaction(self, begin: str) -> Iterator[sqlite3.Connection]:
        """One transaction; an error of the database in it is IndexTrouble (but in memory, where building the
        index again would change nothing: a fault of scorepad's, raised as it is)."""
        try:
            with _transaction(self._connection, begin) as connection:
                yield connection
        except sqlite3.DatabaseError as error:
            if self.path is None:
                raise
            raise IndexTrouble(_why(error)) from error

    def read(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """`work` done on the index as it stands at one moment (what another scorepad writes meanwhile is not
        half seen)."""
        with self._transaction("BEGIN") as connection:
            return work(connection)

    def known(self, folder: Path) -> dict[bytes, Known]:
        """The games of a folder the index holds, by path."""

        def work(connection: sqlite3.Connection) -> dict[bytes, Known]:
            key = path_key(folder)
            players: dict[int, list[str]] = {}
            for game, name in connection.execute(
                "SELECT s.game, s.name FROM seat s JOIN game g ON g.id = s.game WHERE g.folder = ? "
                "ORDER BY s.game, s.seat",
                (key,),
            ):
                players.setdefault(game, []).append(name)
            return {
                path: Known(size, mtime_ns, digest, kind, title, tuple(players.get(game, ())), status, error)
                for game, path, size, mtime_ns, digest, kind, title, status, error in connection.execute(
                    "SELECT id, path, size, mtime_ns, hash, coalesce(kind, ''), coalesce(title, ''), "
                    "coalesce(status, ''), coalesce(error, '') FROM game WHERE folder = ?",
                    (key,),
                )
            }

        return self.read(work)

    def put(self, folder: Path, items: Sequence[Item]) -> None:
        """These games written, in place of what the index held of their files (one transaction)."""
        if not items:
            return
        folder_key = path_key(folder)
        seats, names, sides, bids, weis, rubbers = [], [], [], [], [], []
        with self._transaction("BEGIN IMMEDIATE") as connection:
            for item in items:
                connection.execute("DELETE FROM game WHERE path = ?", (item.key,))
                record = item.record
                if record is None:
                    connection.execute(
                        INSERT_UNREADABLE,
                        (item.key, folder_key, item.size, item.mtime_ns, item.hash, item.error),
                    )
                    continue
                game = connection.execute(
                    INSERT_GAME,
                    (item.key, folder_key, item.size, item.mtime_ns, item.hash, record.game, record.title,
                     record.created, record.status, record.finished, record.winner, record.deals),
                ).lastrowid  # fmt: skip
                for number, seat in enumerate(record.seats):
                    seats.append((game, number, seat.player, seat.name, seat.side, len(seat.names) > 1))
                    names += [(game, number, name) for name in seat.names]
                sides += [(game, s.label, s.shown, s.by_players, s.total, s.won) for s in record.sides]
                bids += [(game, s.strain, s.label, s.rank, s.made, s.set) for s in record.strains]
                weis += [(game, w.side, w.hands, w.points, w.matches) for w in record.weis]
                if record.rubber is not None:
                    rubber = record.rubber
                    rubbers.append((game, rubber.over, rubber.winner, rubber.size))
            connection.executemany("INSERT INTO seat VALUES (?, ?, ?, ?, ?, ?)", seats)
            connection.executemany("INSERT INTO seat_name VALUES (?, ?, ?)", names)
            connection.executemany("INSERT INTO side VALUES (?, ?, ?, ?, ?, ?)", sides)
            connection.executemany("INSERT INTO bids VALUES (?, ?, ?, ?, ?, ?)", bids)
            connection.executemany("INSERT INTO weis VALUES (?, ?, ?, ?, ?)", weis)
            connection.executemany("INSERT INTO rubber VALUES (?, ?, ?, ?)", rubbers)

    def drop(self, folder: Path, keys: Iterable[bytes]) -> None:
        """The rows of these files (gone from the folder) dropped."""
        gone = [(key, path_key(folder)) for key in keys]
        if gone:
            with self._transaction("BEGIN IMMEDIATE") as connection:
                connection.executemany("DELETE FROM game WHERE path = ? AND folder = ?", gone)


def _say(notice: Notice | None, line: str) -> None:
    if notice is not None:
        notice(line)


def _connect(path: Path) -> tuple[sqlite3.Connection, str | None]:
    """A connection to the database at `path`, ready; and None, or why it is to be built again (QUIETLY: a
    database of an older scorepad)."""
    # (used by one thread at a time; a reading the app stopped may be closed by whichever thread collects it)
    connection = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
    try:
        connection.create_collation("folded", _folded)
        connection.execute("PRAGMA foreign_keys = ON")  # a game's rows go with it (ON DELETE CASCADE)
        # a cache: a crash of the machine may lose the last writes, never the file
        connection.execute("PRAGMA synchronous = NORMAL")
        state = _state(connection)
        if state == "empty":
            _create(connection)  # (another scorepad may have made it meanwhile: then it is left as made)
            state = _state(connection)
        if state == "ours":
            _keep_if_same_maker(connection)
            return connection, None
        if state == "older":
            return connection, QUIETLY
        return connection, _("was made by a newer scorepad") if state == "newer" else _("is not scorepad's")
    except sqlite3.DatabaseError as error:
        return connection, _why(error)


def _state(connection: sqlite3.Connection) -> str:
    """empty, ours, older, newer or foreign."""
    application = connection.execute("PRAGMA application_id").fetchone()[0]
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    if application == APPLICATION_ID:
        return "ours" if version == SCHEMA_VERSION else ("older" if version < SCHEMA_VERSION else "newer")
    empty = connection.execute("SELECT 1 FROM sqlite_master").fetchone() is None
    if application == 0 and version == 0 and empty:
        return "empty"
    return "foreign"


def _create(connection: sqlite3.Connection) -> None:
    """The tables made, in WAL mode, unless the database holds anything already."""
    connection.execute("PRAGMA journal_mode = WAL")
    with _transaction(connection, "BEGIN IMMEDIATE"):
        if connection.execute("SELECT 1 FROM sqlite_master").fetchone() is None:
            for statement in SCHEMA:
                connection.execute(statement)
            connection.execute("INSERT INTO meta VALUES ('scorepad', ?)", (__version__,))
            connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _keep_if_same_maker(connection: sqlite3.Connection) -> None:
    """Rows another version of scorepad wrote are dropped (its rules may have scored a game otherwise): every
    game is read again."""
    maker = connection.execute("SELECT value FROM meta WHERE key = 'scorepad'").fetchone()
    if maker is not None and maker[0] == __version__:
        return
    with _transaction(connection, "BEGIN IMMEDIATE"):
        connection.execute("DELETE FROM game")
        connection.execute("INSERT OR REPLACE INTO meta VALUES ('scorepad', ?)", (__version__,))


@contextlib.contextmanager
def _transaction(connection: sqlite3.Connection, begin: str) -> Iterator[sqlite3.Connection]:
    """`begin` … COMMIT, or ROLLBACK on any error."""
    connection.execute(begin)
    try:
        yield connection
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
