"""What each saved game gave (its line in the list, its part of the statistics), kept on disk between runs.

Replaying a game is about 2.5 ms of work; with 2,000 saved games every start of the list, `scorepad list` or the
statistics would replay them all again. So what a game gave is written to one small file per games folder in the
user cache dir (`$SCOREPAD_HOME/cache` when that is set), keyed by a hash of the game file's bytes: a game whose
bytes changed in any way is replayed, the others are not.

The file is a cache, never a source of truth. It is read as hostile input: a damaged, truncated, foreign or
oversized file, or one written by another version of scorepad (or of its code, for a working copy), is ignored
whole — every game is then replayed and the file written anew; its opening (the format and the code's stamp) is
checked before the rest is read. It is written whole to a temporary file and renamed, so it is never seen half
written (a temporary file an interrupted write left is removed by the next write); a cache dir that cannot be
written is no error (the games are replayed next time too).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import stat
import sys
import threading
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TypeVar

from platformdirs import user_cache_dir

from scorepad.figures import BidRecord, PlayerRecord, Stats, WeisRecord
from scorepad.files import refuse_if_not_a_file

FORMAT = 1  # the layout of the file below; a file of another layout is ignored
MAX_BYTES = 64 * 1024 * 1024  # a bigger file is not ours (2,000 games take about 1.5 MB)
#: the file's opening, `{"format":1,"code":"…",`, checked before anything else of it is read or parsed (a file of
#: another version is then not read further); whitespace is let through (a file written back by hand)
OPENING_BYTES = 512
OPENING = re.compile(rb'\A\s*\{\s*"format"\s*:\s*(\d{1,9})\s*,\s*"code"\s*:\s*"([^"\\]{1,300})"\s*,')
TEMPORARY_PREFIX, TEMPORARY_SUFFIX = ".saved-games-", ".tmp"
#: a temporary file this old is what an interrupted write left behind (a write takes well under a second)
STALE_SECONDS = 600
#: the installed distributions whose version shapes a summary (see `code_stamp`)
SHAPING_DISTRIBUTIONS = ("pydantic", "pydantic_core", "jiter")
PLACEHOLDER = Path()  # the path of a summary read from the cache, until it is given its file's path
EPOCH = datetime.fromtimestamp(0).astimezone()


@dataclass(frozen=True)
class GameDigest:
    """One saved game as the lists show it; `error` is the one line said instead when it cannot be read."""

    path: Path
    modified: datetime
    game: str = ""
    title: str = ""
    players: tuple[str, ...] = ()  # as they are called now (after renames)
    status: str = ""
    error: str = ""
    figures: Stats | None = None  # this game's part of the statistics; None when it cannot be read

    @property
    def readable(self) -> bool:
        return self.figures is not None



def cache_home() -> Path:
    """`$SCOREPAD_HOME/cache`, else the platform's user cache dir."""
    override = os.environ.get("SCOREPAD_HOME")
    if override:
        return Path(override).expanduser() / "cache"
    return Path(user_cache_dir("scorepad", appauthor=False))


def stored_path(directory: Path) -> Path:
    """The cache file of one games folder (each folder its own: reading one never prunes another's)."""
    name = hashlib.blake2b(str(directory.absolute()).encode("utf-8", "surrogateescape"), digest_size=8).hexdigest()
    return cache_home() / "saved-games" / f"{name}.json"


def content_key(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


_stamp: str | None = None


def installed_versions(names: tuple[str, ...] = SHAPING_DISTRIBUTIONS) -> str:
    """Each distribution's installed version as its metadata folder names it ("pydantic-2.14.4.dist-info"),
    from the first folder of `sys.path` holding the package, as an import would find it; "?" when not found.
    (Folders listed, nothing imported: importlib.metadata or importing pydantic would cost more than `scorepad
    list` over stored games does in all.)"""
    listings: dict[str, list[str]] = {}
    found = []
    for name in names:
        version = "?"
        for folder in sys.path:
            if folder not in listings:
                try:
                    listings[folder] = sorted(os.listdir(folder or "."))
                except OSError:
                    listings[folder] = []
            listing = listings[folder]
            if name in listing:
                version = ",".join(entry for entry in listing if entry.lower().startswith(f"{name}-")
                                   and entry.endswith((".dist-info", ".egg-info"))) or "?"
                break
        found.append(f"{name} {version}")
    return "; ".join(found)


def code_stamp() -> str:
    """The version of the code that made a summary: the package's version, and the size and time of each of the
    modules that read, replay and count a game (so a working copy's edited rules do not meet stale summaries);
    and what else decides what a game file gives: Python (its Unicode tables judge names, its json reads this
    file), pydantic and pydantic-core (they parse and check every line of a game) and jiter (it reads each line's
    JSON). The other dependencies show a summary but do not shape one (Textual, Rich) or only say where files
    live (platformdirs)."""
    global _stamp
    if _stamp is None:
        from scorepad import __version__

        package = Path(__file__).resolve().parent
        marks = hashlib.blake2b(digest_size=12)
        marks.update(f"{FORMAT} {__version__}\n{sys.version}\n{unicodedata.unidata_version}\n".encode())
        marks.update(installed_versions().encode("utf-8", "surrogateescape"))
        for folder, subfolders, files in os.walk(package):  # top down: the folders left out are not walked
            subfolders[:] = sorted(s for s in subfolders if s not in ("tui", "help", "__pycache__"))
            for name in sorted(files):
                if name.endswith(".py"):
                    with contextlib.suppress(OSError):
                        status = os.stat(os.path.join(folder, name))
                        marks.update(f"{folder}/{name} {status.st_size} {status.st_mtime_ns}\n".encode())
        _stamp = f"{__version__}+{marks.hexdigest()}"
    return _stamp


# --------------------------------------------------------------------------- the file's shape, checked
#
# Checked by hand rather than with pydantic: `scorepad list` over stored games must cost about what importing
# Textual does, and importing pydantic and building the models would take most of that before one game is shown.

GAME_KINDS = frozenset({"five_hundred", "jass", "auction_bridge"})
KEY_CHARS = frozenset("0123456789abcdef")
MAX_COUNT = 10**12
T = TypeVar("T")


class NotOurs(ValueError):
    """A cache file (or a part of one) not as this code writes it."""


def _count(value: object) -> int:
    if type(value) is not int or not 0 <= value <= MAX_COUNT:  # not a bool, not a float, not negative
        raise NotOurs
    return value


def _text(value: object) -> str:
    if type(value) is not str:
        raise NotOurs
    return value


def _texts(value: object) -> list[str]:
    if type(value) is not list:
        raise NotOurs
    for item in value:
        if type(item) is not str:
            raise NotOurs
    return value


def _counts(value: object) -> list[int]:
    if type(value) is not list:
        raise NotOurs
    for count in value:  # (loops written out: this runs for every stored game at each start)
        if type(count) is not int or not 0 <= count <= MAX_COUNT:
            raise NotOurs
    return value


def _table(value: object, size: int, make: Callable[..., T]) -> dict[str, T]:
    """{name: [count, …]} with exactly `size` counts each, each made into a record."""
    if type(value) is not dict:
        raise NotOurs
    table = {}
    for name, counts in value.items():
        if type(counts) is not list or len(counts) != size:
            raise NotOurs
        for count in counts:
            if type(count) is not int or not 0 <= count <= MAX_COUNT:
                raise NotOurs
        table[name] = make(*counts)  # (JSON keys are always strings)
    return table


GAME_FIELDS = frozenset({"game", "title", "players", "status", "finished", "records", "bids", "weis", "rubbers",
                         "rubber_sizes", "seat_names", "team_players"})


def to_digest(stored: object) -> GameDigest:
    """One stored game, checked field by field, as the digest a replay would have given (NotOurs if not so)."""
    if (type(stored) is not dict or stored.keys() != GAME_FIELDS or type(stored["game"]) is not str
            or stored["game"] not in GAME_KINDS):  # (a list or an object is not even looked up: unhashable)
        raise NotOurs
    figures = Stats()
    figures.games[stored["game"]] = 1
    figures.finished = _count(stored["finished"])
    figures.players = _table(stored["records"], 3, PlayerRecord)
    figures.bids = _table(stored["bids"], 2, BidRecord)
    figures.weis = _table(stored["weis"], 3, WeisRecord)
    figures.rubbers = _table(stored["rubbers"], 3, PlayerRecord)
    figures.rubber_sizes = _counts(stored["rubber_sizes"])
    seats = stored["seat_names"]
    if type(seats) is not list:
        raise NotOurs
    for names in seats:
        if not _texts(names):
            raise NotOurs
    figures.seat_names = seats
    teams = stored["team_players"]
    if type(teams) is not dict:
        raise NotOurs
    figures.team_players = {team: tuple(_texts(names)) for team, names in teams.items()}  # (keys: JSON strings)
    return GameDigest(PLACEHOLDER, EPOCH, game=stored["game"], title=_text(stored["title"]),
                      players=tuple(_texts(stored["players"])), status=_text(stored["status"]), figures=figures)


def to_stored(digest: GameDigest) -> dict:
    figures = digest.figures
    assert figures is not None
    return {"game": digest.game, "title": digest.title, "players": list(digest.players), "status": digest.status,
            "finished": int(figures.finished),
            "records": {name: [r.played, r.finished, r.won] for name, r in figures.players.items()},
            "bids": {strain: [b.made, b.set] for strain, b in figures.bids.items()},
            "weis": {team: [w.hands, w.points, w.matches] for team, w in figures.weis.items()},
            "rubbers": {name: [r.played, r.finished, r.won] for name, r in figures.rubbers.items()},
            "rubber_sizes": list(figures.rubber_sizes), "seat_names": [list(names) for names in figures.seat_names],
            "team_players": {team: list(names) for team, names in figures.team_players.items()}}


def storable(digest: GameDigest) -> bool:
    """Only what a replay gave in full is kept (a file that cannot be read now is tried again next time), and only
    what reads back the same (one game's figures: no damaged lines, one game counted)."""
    figures = digest.figures
    return figures is not None and not figures.damaged and dict(figures.games) == {digest.game: 1}


def read_stored(path: Path) -> dict[str, GameDigest]:
    """The summaries in a cache file; empty when there is none or it is not one this code wrote. Its opening
    (the format and the code's stamp) is read and checked first: a file of another version is not read on."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # never blocks on a pipe put in its place
    except OSError:
        return {}
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_BYTES:
            return {}
        with os.fdopen(os.dup(fd), "rb") as file:
            data = file.read(OPENING_BYTES)
            if not _opening_is_ours(data):
                return {}
            data += file.read(MAX_BYTES + 1 - len(data))
    except OSError:
        return {}
    finally:
        os.close(fd)
    from scorepad.gcpause import gc_paused

    # every summary built here is kept (2,000 games: some 100,000 objects): left on, the collector would scan
    # them again and again while they are made, finding nothing to free (a fifth of `scorepad list`'s reading)
    with gc_paused():
        return _games_in(data)


def _games_in(data: bytes) -> dict[str, GameDigest]:
    """The summaries of a cache file's bytes; empty when they are not as this code writes them."""
    import json

    try:
        stored = json.loads(data)
        if (type(stored) is not dict or stored.keys() != {"format", "code", "games"}
                or type(stored["format"]) is not int or stored["format"] != FORMAT
                or stored["code"] != code_stamp() or type(stored["games"]) is not dict):
            return {}
        games = {}
        for key, game in stored["games"].items():
            if len(key) != 32 or not KEY_CHARS.issuperset(key):
                return {}
            games[key] = to_digest(game)
        return games
    except (ValueError, RecursionError):  # not JSON, or not as written here (NotOurs): ignored whole
        return {}


def _opening_is_ours(data: bytes) -> bool:
    """The file begins with this format and this code's stamp (the whole file is checked again once parsed)."""
    found = OPENING.match(data)
    return found is not None and int(found[1]) == FORMAT and found[2] == code_stamp().encode()


def _remove_stale_temporaries(folder: Path) -> None:
    """Temporary files an interrupted write left (the process killed between writing and renaming), removed;
    one a writer elsewhere may still be filling (younger than STALE_SECONDS) is left to it."""
    stale_before = time.time() - STALE_SECONDS
    with contextlib.suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            if not (entry.name.startswith(TEMPORARY_PREFIX) and entry.name.endswith(TEMPORARY_SUFFIX)):
                continue
            with contextlib.suppress(OSError):
                status = entry.stat(follow_symlinks=False)
                if not stat.S_ISDIR(status.st_mode) and status.st_mtime < stale_before:
                    os.unlink(entry.path)  # (a link is removed itself, never what it points to)


def write_stored(path: Path, digests: dict[str, GameDigest]) -> bool:
    """Written whole and renamed over the old file; False (nothing changed) when the cache dir cannot be written."""
    import json
    import tempfile

    text = json.dumps({"format": FORMAT, "code": code_stamp(),
                       "games": {key: to_stored(d) for key, d in digests.items()}},
                      ensure_ascii=False, separators=(",", ":"))
    temporary = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _remove_stale_temporaries(path.parent)
        refuse_if_not_a_file(path)  # a link planted at the index is left alone (the index is only a cache)
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=TEMPORARY_PREFIX, suffix=TEMPORARY_SUFFIX)
        with os.fdopen(fd, "w", encoding="utf-8", errors="surrogateescape") as file:
            file.write(text)
        refuse_if_not_a_file(path)
        os.replace(temporary, path)
        return True
    except (OSError, UnicodeError):
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        return False


class StoredSummaries:
    """One games folder's cache file during one reading of the folder: read on the first game not already known
    in memory, written once at the end if the reading added or dropped a game. Safe from a worker thread."""

    def __init__(self, path: Path, saved: frozenset[str] | None, loaded: dict[str, GameDigest] | None = None):
        self.path = path
        self._saved = saved  # the keys this process last found or wrote in the file (None: not known)
        self._lock = threading.Lock()
        # what the file holds, once read (or as a stopped reading left it: not read twice in one run)
        self._loaded: dict[str, GameDigest] | None = loaded
        self._added: dict[str, GameDigest] = {}
        self._seen: dict[str, GameDigest] = {}  # every readable game of this reading, by key

    def may_know(self) -> bool:
        """Whether this reading may find games here: a cache file is there, or what one held is known already."""
        with self._lock:
            if self._loaded is not None:
                return bool(self._loaded)
        return os.path.lexists(self.path)

    def lookup(self, key: str, path: Path, modified: datetime) -> GameDigest | None:
        with self._lock:
            if self._loaded is None:
                self._loaded = read_stored(self.path)
                if self._saved is None:
                    self._saved = frozenset(self._loaded)
            found = self._loaded.get(key)
        if found is None:
            return None
        # (made afresh rather than with dataclasses.replace, which looks up the fields for every game)
        return GameDigest(path, modified, found.game, found.title, found.players, found.status, found.error,
                          found.figures)

    def seen(self, key: str, digest: GameDigest, *, new: bool) -> None:
        """A game of this reading (`new`: just replayed, not from the file)."""
        if not storable(digest):
            return
        with self._lock:
            self._seen[key] = digest
            if new:
                self._added[key] = digest

    def save(self, complete: bool) -> frozenset[str] | None:
        """At the end of a reading: a whole one leaves exactly its games in the file, a stopped one adds the games
        it replayed. Returns the keys now in the file (None when it could not be written)."""
        with self._lock:
            if complete:
                if not self._added and frozenset(self._seen) == self._saved:
                    return self._saved
                keep = dict(self._seen)
            else:
                if not self._added:
                    return self._saved
                if self._loaded is None:
                    self._loaded = read_stored(self.path)
                keep = {**self._loaded, **self._added}
        return frozenset(keep) if write_stored(self.path, keep) else None

    def known(self) -> dict[str, GameDigest] | None:
        """What this reading found in the file and replayed (for the next reading, after a stopped one); None when
        it stopped before it read the file (the next reading reads it)."""
        with self._lock:
            return None if self._loaded is None else {**self._loaded, **self._seen}
