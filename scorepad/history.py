"""The saved games, read one by one: what the home screen, the statistics and `scorepad list` show of each.

Reading a game means loading its file and replaying it (the status, the names after renames, its part of the
statistics); with hundreds of saved games that is seconds of work, so the screens do it in a worker and show each
game as it comes. What a file gave is kept, keyed by a hash of its bytes (reading and hashing are a small part of
the work; a file changed in any way, even keeping its size and time, is read again): in memory, keyed also by its
path, so coming back to the list or opening the statistics after it replays only the files that changed; and on
disk (scorepad.summaries), so the next start replays only the games played since. A first start with hundreds of
games to replay shares them with a helper process on a second core (scorepad.second_reader).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorepad.figures import Stats, add_figures, merge_renamed
from scorepad.summaries import GameDigest

if TYPE_CHECKING:
    from scorepad.files import SavedFile
    from scorepad.second_reader import SecondReader
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
        """What a file gives: read, and replayed unless its bytes gave it before."""
        from scorepad.files import LogError, read_game_bytes
        from scorepad.summaries import content_key

        try:
            data = read_game_bytes(path)
        except LogError as error:  # not kept: a file that cannot be read now may be readable next time
            return GameDigest(path, modified, error=str(error))
        content = content_key(data)
        known = self.known(path, content, modified, stored)
        if known is not None:
            return known
        return self.keep(path, content, digest_of(path, modified, data), stored)

    def known(self, path: Path, content: str, modified: datetime,
              stored: StoredSummaries | None = None) -> GameDigest | None:
        """What the bytes `content` names gave before (in memory, else in the folder's cache file); None when they
        are to be replayed."""
        with self._lock:
            known = self._digests.get(str(path))
        if known is None or known[0] != content:
            digest = stored.lookup(content, path, modified) if stored is not None else None
            if digest is None:
                return None
            known = (content, digest)
            with self._lock:
                self._digests[str(path)] = known
        if stored is not None:
            stored.seen(content, known[1], new=False)
        digest = known[1]
        return digest if digest.modified == modified else replace(digest, modified=modified)

    def keep(self, path: Path, content: str, digest: GameDigest, stored: StoredSummaries | None = None) -> GameDigest:
        """What the bytes `content` names gave, just replayed: kept (and written to the cache file at the end)."""
        with self._lock:
            self._digests[str(path)] = (content, digest)
        if stored is not None:
            stored.seen(content, digest, new=True)
        return digest

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

    def knows_any(self, files: list[SavedFile]) -> bool:
        """Whether anything is kept in memory of one of these files (of whatever bytes)."""
        with self._lock:
            return any(str(saved.path) in self._digests for saved in files)

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
                     all_read: Callable[[], None] | None = None,
                     notice: Callable[[str], None] | None = None) -> Iterator[GameDigest]:
    """Each saved game, newest played first, as it is read. `progress(done, total)` is told before the first
    and after each one; reading stops as soon as `cancelled()` is true (or the caller stops asking).
    `all_read()` is called once the last game is given, before what was read is written to the cache file
    (writing 2,000 summaries takes a tenth of a second: the figures need not wait for it).

    With many games to replay (a first start) and a second core, a helper process replays the games from the back
    of the list meanwhile (scorepad.second_reader); if it stops, `notice` is told one line and its games are
    replayed here."""
    from scorepad.files import games_dir, saved_files

    directory = directory or games_dir()
    files = saved_files(directory)
    total = len(files)
    if progress is not None:
        progress(0, total)
    if cache is None:
        for done, saved in enumerate(files, start=1):
            if cancelled():
                return
            yield digest_of(saved.path, saved.modified)
            if progress is not None:
                progress(done, total)
        return
    stored = cache.stored_for(directory) if files else None
    complete = False
    helper: SecondReader | None = None
    try:
        plan: list[Planned] | None = None
        if (stored is None or not stored.may_know()) and not cache.knows_any(files):
            # a first start: nothing is kept of any game, each is replayed; read each as it is reached (or by the
            # helper), not all of them first
            to_replay = list(range(len(files)))
        else:
            read_first = _plan(files, cache, stored, cancelled)
            if read_first is None:
                return
            plan = read_first
            to_replay = [index for index, planned in enumerate(plan) if type(planned) is tuple]
        helper = _second_reader([files[index].path for index in to_replay])
        place = {index: at for at, index in enumerate(to_replay)}  # a game's place among those replayed
        told = False
        for done, saved in enumerate(files, start=1):
            if cancelled():
                return
            planned = plan[done - 1] if plan is not None else None
            if plan is not None:
                plan[done - 1] = None  # (the bytes let go as soon as the game is read)
            if isinstance(planned, GameDigest):
                digest = planned
                yield digest
                if progress is not None:
                    progress(done, total)
                continue
            found = None
            if helper is not None and not helper.mine(place[done - 1]):
                found = _answered(helper.answer(place[done - 1], cancelled), saved.path, saved.modified)
                if found is None and cancelled():
                    return
                if helper.stopped and not told:
                    told = True
                    if notice is not None:
                        # the table's words first (nothing is lost); what stopped the helper last, for a report
                        notice("Reading your saved games takes a little longer: every game is read here now "
                               f"(the second reader stopped: {helper.stopped}).")
            if found is not None:
                read_as, digest = found
                if read_as is not None:
                    cache.keep(saved.path, read_as, digest, stored)
            elif planned is None:
                digest = cache.get(saved.path, saved.modified, stored)
            else:
                content, data = planned
                digest = cache.keep(saved.path, content, digest_of(saved.path, saved.modified, data), stored)
            yield digest
            if progress is not None:
                progress(done, total)
        if helper is not None:
            helper.close()
        complete = True
        if all_read is not None:
            all_read()
        cache.keep_only({str(saved.path) for saved in files})
    finally:  # also when stopped: the games replayed so far are kept for next time
        if helper is not None:
            helper.close()
        if stored is not None:
            cache.saved(stored, complete)


Planned = GameDigest | tuple[str, bytes] | None


def _plan(files: list[SavedFile], cache: DigestCache, stored: StoredSummaries | None,
          cancelled: Callable[[], bool]) -> list[Planned] | None:
    """Each file read and hashed: what it gave before (or the one line it cannot be read with), else its hash and
    its bytes, to be replayed. None when the reading was stopped meanwhile."""
    from scorepad.files import LogError, read_game_bytes
    from scorepad.summaries import content_key

    plan: list[Planned] = []
    for saved in files:
        if cancelled():
            return None
        try:
            data = read_game_bytes(saved.path)
        except LogError as error:  # not kept: a file that cannot be read now may be readable next time
            plan.append(GameDigest(saved.path, saved.modified, error=str(error)))
            continue
        content = content_key(data)
        plan.append(cache.known(saved.path, content, saved.modified, stored) or (content, data))
    return plan


def _second_reader(paths: list[Path]) -> SecondReader | None:
    """A helper process for these games to replay, when there are enough of them and a second core."""
    from scorepad import second_reader

    if not second_reader.wanted(len(paths)):
        return None
    from scorepad.summaries import code_stamp

    try:
        return second_reader.SecondReader(paths, code_stamp())
    except (OSError, ValueError):  # no process could be started (no Python to start): every game is replayed here
        return None


def _answered(answer: dict[str, Any] | None, path: Path, modified: datetime) -> tuple[str | None, GameDigest] | None:
    """The hash of the bytes the helper read and what they gave, from its answer; None when there is none (or it
    is not as the helper writes it): the game is then replayed here."""
    from scorepad.gcpause import gc_paused
    from scorepad.summaries import KEY_CHARS, NotOurs, to_digest

    if answer is None or answer.get("again"):
        return None
    content = answer.get("key")
    if content is not None and (type(content) is not str or len(content) != 32 or not KEY_CHARS.issuperset(content)):
        return None
    error = answer.get("error")
    if error is not None:
        return (content, GameDigest(path, modified, error=error)) if type(error) is str else None
    if content is None:
        return None
    try:
        with gc_paused():  # (as a replay: every object made here is kept)
            found = to_digest(answer.get("game"))
    except (NotOurs, RecursionError):
        return None
    return content, GameDigest(path, modified, found.game, found.title, found.players, found.status,
                               found.error, found.figures)


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
                  counted: Callable[[Stats], None] | None = None,
                  notice: Callable[[str], None] | None = None) -> Stats:
    """The statistics over every saved game (`scorepad stats`, the statistics screen). `progress(done, total)` is
    told as games are read; when `cancelled()` turns true the reading stops (the figures so far are returned).
    `counted(stats)` is told the figures as soon as every game is read, before the cache file is written;
    `notice` is told a line about the reading itself (read_saved_games)."""
    digests: list[GameDigest] = []
    whole: list[Stats] = []

    def all_read() -> None:
        whole.append(combine(digests))
        if counted is not None:
            counted(whole[0])

    digests.extend(read_saved_games(directory, progress=progress, cancelled=cancelled, cache=cache,
                                    all_read=all_read, notice=notice))
    return whole[0] if whole else combine(digests)
