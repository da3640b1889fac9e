"""A games folder read game by game, newest played first, in step with the index: a game whose file has the
size, time and bytes the index knows is its row there; any other file is read (scorepad.library.saved) and
written to the index; the rows of files gone from the folder are dropped once the whole folder is read."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from pathlib import Path

from scorepad.library.index import Index, IndexTrouble, Item, Known, Notice, path_key
from scorepad.library.records import SavedGame, plain
from scorepad.store.files import LogError, SavedFile, games_dir, read_game_bytes, saved_files

BATCH = 100  # games read before they are written to the index, in one transaction

Progress = Callable[[int, int], None]


def never() -> bool:
    return False


def read_saved_games(
    directory: Path | None = None,
    *,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] = never,
    notice: Notice | None = None,
) -> Iterator[SavedGame]:
    """Each saved game, newest played first, as it is read (the home list, `scorepad list`). `progress(done,
    total)` is told before the first and after each one; the reading stops as soon as `cancelled()` is true (or
    the caller stops asking), and what it read is kept. `notice` is told one line about the index itself when
    it is built again or cannot be kept."""
    with Index.open(notice) as index:
        yield from in_step(
            index, directory or games_dir(), progress=progress, cancelled=cancelled, notice=notice
        )


def in_step(
    index: Index,
    directory: Path,
    *,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] = never,
    notice: Notice | None = None,
) -> Iterator[SavedGame]:
    """The folder's games through `index`, which is brought in step with the files. Should the index fail on the
    way, it is built again and the reading starts over (no game given twice)."""
    files = saved_files(directory)
    if progress is not None:
        progress(0, len(files))
    given: set[Path] = set()
    while True:
        try:
            yield from _one_reading(index, directory, files, given, progress, cancelled)
            return
        except IndexTrouble as trouble:
            index.rebuild(trouble.why, notice)


def _one_reading(
    index: Index,
    directory: Path,
    files: list[SavedFile],
    given: set[Path],
    progress: Progress | None,
    cancelled: Callable[[], bool],
) -> Iterator[SavedGame]:
    known = index.known(directory)
    pending: list[Item] = []
    for done, file in enumerate(files, start=1):
        if cancelled():
            index.put(directory, pending)  # what was read is kept for next time
            return
        key = path_key(file.path)
        game, item = _looked_up(file, key, known.get(key))
        if item is not None:
            pending.append(item)
        if file.path not in given:
            given.add(file.path)
            try:
                yield game
            except GeneratorExit:  # the caller stopped asking: what was read is kept, if the index lets it
                try:
                    index.put(directory, pending)
                except IndexTrouble:
                    pass
                raise
        if progress is not None:
            progress(done, len(files))
        if len(pending) >= BATCH:
            index.put(directory, pending)
            pending = []
    index.put(directory, pending)
    index.drop(directory, known.keys() - {path_key(file.path) for file in files})


def _looked_up(file: SavedFile, key: bytes, known: Known | None) -> tuple[SavedGame, Item | None]:
    """The game in a file, and what to write to the index of it (None: the index has it as it is)."""
    try:
        data = read_game_bytes(file.path)
    except LogError as error:  # not a file that reads: tried again next time
        line = plain(str(error))
        unreadable = SavedGame(file.path, file.modified, error=line)
        if known is not None and known.hash is None and known.error == line:
            return unreadable, None
        return unreadable, Item(key, -1, file.modified_ns, None, None, line)
    digest = hashlib.blake2b(data, digest_size=16).digest()
    as_now = (len(data), file.modified_ns, digest)
    if known is not None and (known.size, known.mtime_ns, known.hash) == as_now:
        return known.line(file.path, file.modified), None
    from scorepad.library import saved  # the rules, loaded only when a game is to be read

    try:
        record = saved.read_game(file.path, data)
    except saved.Unreadable as unreadable:  # the same bytes give the same line: kept with their hash
        line = str(unreadable)
        return SavedGame(file.path, file.modified, error=line), Item(key, *as_now, None, line)
    return record.line(file.path, file.modified), Item(key, *as_now, record)


def describe(game: SavedGame) -> str:
    """One line of `scorepad list`; everything read from the file shown visibly (no raw control characters)."""
    from scorepad.locale import _
    from scorepad.locale.formats import when
    from scorepad.rules import GAME_TITLES
    from scorepad.rules.names import visible

    if not game.readable:
        return visible(f"!! {game.error}")
    title = _(" “{title}”").format(title=game.title) if game.title else ""
    return visible(
        f"{when(game.modified)}  {_(GAME_TITLES[game.game])}{title}: {', '.join(game.players)} — "
        f"{game.status}  [{game.path}]"
    )
