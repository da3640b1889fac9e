"""The saved games, read one by one: what the home screen, the statistics and `scorepad list` show of each.

Reading a game means loading its file and replaying it (the status, the names after renames); with hundreds
of saved games that is seconds of work, so the screens do it in a worker and show each game as it comes. What a
file gave is kept in memory, keyed by its path and a hash of its bytes (reading and hashing are a small part of
the work; a file changed in any way, even keeping its size and time, is read again): coming back to the list,
or opening the statistics after it, replays only the files that changed. Nothing is cached on disk.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

from scorepad.stats import Stats, add_figures, merge_renamed


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


def digest_of(path: Path, modified: datetime, data: bytes | None = None) -> GameDigest:
    """Read (or take the bytes given) and replay one game file. Never raises for what is in the file: a damaged
    file, a header the rules cannot play, or a log the rules stumble on is one line in `error`."""
    from scorepad.games import check_log, replay_log, status_text
    from scorepad.stats import game_figures
    from scorepad.store import LogError, parse_log, read_game_bytes

    try:
        log = check_log(parse_log(path, read_game_bytes(path) if data is None else data))
    except LogError as error:
        return GameDigest(path, modified, error=str(error))
    try:
        sheet = replay_log(log)
        figures = game_figures(sheet)
    except Exception as error:  # one broken file must not hide the others (nor end the app)
        return GameDigest(path, modified, error=f"{path}: cannot be replayed ({type(error).__name__}: {error})")
    header = log.header
    return GameDigest(path, modified, game=header.game, title=header.title,
                      players=tuple(sheet.names.get(p, p) for p in header.players),
                      status=status_text(sheet), figures=figures)


class DigestCache:
    """What each file's bytes gave, for as long as the file holds the same bytes. Safe from a worker thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._digests: dict[str, tuple[bytes, GameDigest]] = {}  # path -> (hash of its bytes, what they gave)

    def get(self, path: Path, modified: datetime) -> GameDigest:
        from scorepad.store import LogError, read_game_bytes

        try:
            data = read_game_bytes(path)
        except LogError as error:  # not kept: a file that cannot be read now may be readable next time
            return GameDigest(path, modified, error=str(error))
        content = hashlib.blake2b(data, digest_size=16).digest()
        with self._lock:
            known = self._digests.get(str(path))
        if known is None or known[0] != content:
            known = (content, digest_of(path, modified, data))
            with self._lock:
                self._digests[str(path)] = known
        digest = known[1]
        return digest if digest.modified == modified else replace(digest, modified=modified)

    def keep_only(self, paths: set[str]) -> None:
        """Forget files no longer in the folder (after a whole folder was read)."""
        with self._lock:
            for path in self._digests.keys() - paths:
                del self._digests[path]

    def __len__(self) -> int:
        return len(self._digests)


DIGESTS = DigestCache()


def read_saved_games(directory: Path | None = None, *, progress: Callable[[int, int], None] | None = None,
                     cancelled: Callable[[], bool] = lambda: False,
                     cache: DigestCache | None = DIGESTS) -> Iterator[GameDigest]:
    """Each saved game, newest played first, as it is read. `progress(done, total)` is told before the first
    and after each one; reading stops as soon as `cancelled()` is true."""
    from scorepad.store import saved_files

    files = saved_files(directory)
    total = len(files)
    if progress is not None:
        progress(0, total)
    for done, saved in enumerate(files, start=1):
        if cancelled():
            return
        if cache is None:
            yield digest_of(saved.path, saved.modified)
        else:
            yield cache.get(saved.path, saved.modified)
        if progress is not None:
            progress(done, total)
    if cache is not None:
        cache.keep_only({str(saved.path) for saved in files})


def describe(digest: GameDigest) -> str:
    """One line of `scorepad list`; everything read from the file shown visibly (no raw control characters)."""
    from scorepad.rules import GAME_TITLES
    from scorepad.rules.names import visible

    if not digest.readable:
        return visible(f"!! {digest.error}")
    title = f" “{digest.title}”" if digest.title else ""
    when = digest.modified.strftime("%Y-%m-%d %H:%M")
    return visible(f"{when}  {GAME_TITLES[digest.game]}{title}: {', '.join(digest.players)} — {digest.status}"
                   f"  [{digest.path}]")


def combine(digests: Iterable[GameDigest]) -> Stats:
    """The statistics of these games (newest first): their figures added up, damaged files as one line each."""
    stats = Stats()
    for digest in digests:
        if digest.figures is None:
            stats.damaged.append(digest.error)
        else:
            add_figures(stats, digest.figures)
    merge_renamed(stats)
    return stats


def collect_stats(directory: Path | None = None, *, progress: Callable[[int, int], None] | None = None,
                  cancelled: Callable[[], bool] = lambda: False) -> Stats:
    """The statistics over every saved game (`scorepad stats`, the statistics screen). `progress(done, total)` is
    told as games are read; when `cancelled()` turns true the reading stops (the figures so far are returned)."""
    return combine(read_saved_games(directory, progress=progress, cancelled=cancelled))
