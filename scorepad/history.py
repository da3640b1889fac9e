"""The saved games, read one by one: what the home screen, the statistics and `scorepad list` show of each.

Reading a game means loading its file and replaying it (the status, the names after renames, its part of the
statistics); with hundreds of saved games that is seconds of work, so the screens do it in a worker and show each
game as it comes. What a file gave is kept, keyed by a hash of its bytes (reading and hashing are a small part of
the work; a file changed in any way, even keeping its size and time, is read again): in memory, keyed also by its
path, so coming back to the list or opening the statistics after it replays only the files that changed; and on
disk (scorepad.summaries), so the next start replays only the games played since.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from scorepad.figures import Stats, add_figures, merge_renamed
from scorepad.summaries import GameDigest

if TYPE_CHECKING:
    from scorepad.summaries import StoredSummaries


def digest_of(path: Path, modified: datetime, data: bytes | None = None) -> GameDigest:
    """Read (or take the bytes given) and replay one game file. Never raises for what is in the file: a damaged
    file, a header the rules cannot play, or a log the rules stumble on is one line in `error`."""
    from scorepad.games import check_log, status_text
    from scorepad.gcpause import gc_paused
    from scorepad.rules.base import Replayer
    from scorepad.stats import game_figures
    from scorepad.store import LogError, parse_log, read_game_bytes

    try:
        log = check_log(parse_log(path, read_game_bytes(path) if data is None else data))
    except LogError as error:
        return GameDigest(path, modified, error=str(error))
    try:
        with gc_paused():  # as a replay of the game (scorepad.games.replay_log)
            # the sheet's values a summary reads, without the prompt and the view a screen would
            sheet = Replayer(log.header).extend(log.entries).outcome()
        figures = game_figures(sheet)
    except Exception:  # one broken file must not hide the others (nor end the app)
        # the file was read: the fault is scorepad's, and Python's name for it would mean nothing at the table
        return GameDigest(path, modified,
                          error=f"{path}: cannot be scored (a fault of scorepad's, not of the file: please report it)")
    header = log.header
    return GameDigest(path, modified, game=header.game, title=header.title,
                      players=tuple(sheet.names.get(p, p) for p in header.players),
                      status=status_text(sheet), figures=figures)


class DigestCache:
    """What each file's bytes gave, for as long as the file holds the same bytes. Safe from a worker thread.
    `stored`: also kept on disk between runs (scorepad.summaries), for the folders read through
    `read_saved_games`."""

    def __init__(self, stored: bool = True) -> None:
        self.stored = stored
        self._lock = threading.Lock()
        self._digests: dict[str, tuple[str, GameDigest]] = {}  # path -> (hash of its bytes, what they gave)
        self._in_file: dict[Path, frozenset[str]] = {}  # cache file -> the keys last found or written in it
        # cache file -> what a stopped reading found in it and replayed: the next reading needs not read it again
        self._unfinished: dict[Path, dict[str, GameDigest]] = {}

    def get(self, path: Path, modified: datetime, stored: StoredSummaries | None = None) -> GameDigest:
        from scorepad.files import LogError, read_game_bytes
        from scorepad.summaries import content_key

        try:
            data = read_game_bytes(path)
        except LogError as error:  # not kept: a file that cannot be read now may be readable next time
            return GameDigest(path, modified, error=str(error))
        content = content_key(data)
        with self._lock:
            known = self._digests.get(str(path))
        new = False
        if known is None or known[0] != content:
            digest = stored.lookup(content, path, modified) if stored is not None else None
            if digest is None:
                digest, new = digest_of(path, modified, data), True
            known = (content, digest)
            with self._lock:
                self._digests[str(path)] = known
        if stored is not None:
            stored.seen(content, known[1], new=new)
        digest = known[1]
        return digest if digest.modified == modified else replace(digest, modified=modified)

    def stored_for(self, directory: Path) -> StoredSummaries | None:
        """The cache file of a games folder, for one reading of it (None when nothing is kept on disk)."""
        if not self.stored:
            return None
        from scorepad.summaries import StoredSummaries, stored_path

        path = stored_path(directory)
        with self._lock:
            return StoredSummaries(path, self._in_file.get(path), self._unfinished.pop(path, None))

    def saved(self, stored: StoredSummaries, complete: bool) -> None:
        """A reading is over: its games written to the folder's cache file (when anything changed)."""
        keys = stored.save(complete)
        with self._lock:
            if keys is None:
                self._in_file.pop(stored.path, None)
            else:
                self._in_file[stored.path] = keys
            known = stored.known() if not complete else None
            if known is not None:
                self._unfinished[stored.path] = known

    def keep_only(self, paths: set[str]) -> None:
        """Forget files no longer in the folder (after a whole folder was read)."""
        with self._lock:
            self._unfinished.clear()
            for path in self._digests.keys() - paths:
                del self._digests[path]

    def __len__(self) -> int:
        return len(self._digests)


DIGESTS = DigestCache()


def read_saved_games(directory: Path | None = None, *, progress: Callable[[int, int], None] | None = None,
                     cancelled: Callable[[], bool] = lambda: False, cache: DigestCache | None = DIGESTS,
                     all_read: Callable[[], None] | None = None) -> Iterator[GameDigest]:
    """Each saved game, newest played first, as it is read. `progress(done, total)` is told before the first
    and after each one; reading stops as soon as `cancelled()` is true (or the caller stops asking).
    `all_read()` is called once the last game is given, before what was read is written to the cache file
    (writing 2,000 summaries takes a tenth of a second: the figures need not wait for it)."""
    from scorepad.files import games_dir, saved_files

    directory = directory or games_dir()
    files = saved_files(directory)
    total = len(files)
    if progress is not None:
        progress(0, total)
    stored = cache.stored_for(directory) if cache is not None and files else None
    complete = False
    try:
        for done, saved in enumerate(files, start=1):
            if cancelled():
                return
            if cache is None:
                yield digest_of(saved.path, saved.modified)
            else:
                yield cache.get(saved.path, saved.modified, stored)
            if progress is not None:
                progress(done, total)
        complete = True
        if all_read is not None:
            all_read()
        if cache is not None:
            cache.keep_only({str(saved.path) for saved in files})
    finally:  # also when stopped: the games replayed so far are kept for next time
        if stored is not None and cache is not None:
            cache.saved(stored, complete)


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
                  cancelled: Callable[[], bool] = lambda: False, cache: DigestCache | None = DIGESTS,
                  counted: Callable[[Stats], None] | None = None) -> Stats:
    """The statistics over every saved game (`scorepad stats`, the statistics screen). `progress(done, total)` is
    told as games are read; when `cancelled()` turns true the reading stops (the figures so far are returned).
    `counted(stats)` is told the figures as soon as every game is read, before the cache file is written."""
    digests: list[GameDigest] = []
    whole: list[Stats] = []

    def all_read() -> None:
        whole.append(combine(digests))
        if counted is not None:
            counted(whole[0])

    digests.extend(read_saved_games(directory, progress=progress, cancelled=cancelled, cache=cache,
                                    all_read=all_read))
    return whole[0] if whole else combine(digests)
