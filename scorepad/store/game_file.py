"""Game files on disk: where they live, append, load, recover a torn tail, lock.

One game = one JSON Lines file (docs/log-format.md §1). Lines are only appended: each entry is one
`os.write` of the whole line followed by `fsync`. No rules and no Textual here.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import re
import secrets
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from jiter import from_json
from pydantic import ValidationError

from scorepad.gcpause import gc_paused
from scorepad.locale import _
from scorepad.log import (
    ENTRY_ADAPTERS,
    FORMAT_VERSION,
    GAMES,
    HEADER_ADAPTER,
    Entry,
    Header,
    dump_entry,
    dump_header,
)

# what `scorepad list` needs lives in scorepad.store.files (it imports no models)
from scorepad.store.files import (
    APP_NAME,  # noqa: F401 (given here as before)
    SUFFIX,
    LogError,
    SavedFile,  # noqa: F401 (given here as before)
    UnsafePath,
    _not_a_file,
    config_home,  # noqa: F401 (given here as before)
    data_home,  # noqa: F401 (given here as before)
    game_paths,  # noqa: F401 (given here as before)
    games_dir,
    one_line,  # noqa: F401 (given here as before)
    open_for_writing,
    read_game_bytes,
    saved_files,
)

TORN_SUFFIX = ".torn"
PART_SUFFIX = ".part"  # a new game being written, before it is linked into place
UTF8_BOM = b"\xef\xbb\xbf"


class StoreError(Exception):
    """Anything else the store refuses (a locked file, a missing file …), as one sentence."""


def now() -> datetime:
    return datetime.now().astimezone().replace(microsecond=0)


def new_id() -> str:
    return secrets.token_hex(4)


# --------------------------------------------------------------------------- reading


@dataclass
class LoadedLog:
    path: Path
    header: Header
    entries: list[Entry]
    torn: bytes = b""  # an unfinished last line (a write cut short), ignored
    unterminated: bool = False  # the last line is a whole entry without its newline: the next write adds it

    @property
    def torn_note(self) -> str:
        if not self.torn:
            return ""
        line = _("{path}: line {line}: an unfinished last line ({size} bytes, a write cut short) was ignored")
        return line.format(path=self.path, line=len(self.entries) + 2, size=len(self.torn))


def _describe(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(p) for p in first["loc"])
    msg = first["msg"].removeprefix("Value error, ")
    more = _(" (and {count} more)").format(count=error.error_count() - 1) if error.error_count() > 1 else ""
    return f"{where}: {msg}{more}" if where else f"{msg}{more}"


def _not_utf8(raw: bytes) -> str | None:
    """Why `raw` is not UTF-8 text, or None."""
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return _("byte {byte} at column {column}").format(
            byte=f"0x{raw[error.start]:02x}", column=error.start + 1
        )
    return None


def read_json(raw: bytes) -> Any:
    """One line's JSON. Strict where the format is (docs/log-format.md §1): a key given twice in one object is an error
    (never the silent "last one wins"), NaN and Infinity are not JSON, a lone surrogate is not text, and
    nesting is bounded. ValueError says what is wrong and at which column."""
    try:
        return from_json(raw, catch_duplicate_keys=True, allow_inf_nan=False)
    except ValueError as error:
        found = _DUPLICATE_KEY.match(str(error))
        if found:
            line = _("the key {key} is given twice (at column {column})")
            raise DuplicateKey(line.format(key=repr(found[1]), column=found[2])) from None
        raise ValueError(_short(error)) from None


class DuplicateKey(ValueError):
    """A key given twice in one JSON object of a line."""


_DUPLICATE_KEY = re.compile(r'Detected duplicate key "(.*)" at line 1 column (\d+)$', re.DOTALL)


def parse_header(path: Path, raw: bytes) -> Header:
    raw = raw.removeprefix(UTF8_BOM)  # an editor may have put one there; it is not part of the JSON
    bad_byte = _not_utf8(raw)
    if bad_byte:
        raise LogError(path, 1, _("the header is not UTF-8 text ({why})").format(why=bad_byte))
    try:
        data = read_json(raw)
    except DuplicateKey as error:
        raise LogError(path, 1, _("in the header, {problem}").format(problem=error)) from None
    except ValueError as error:
        raise LogError(path, 1, _("the header is not JSON ({why})").format(why=error)) from None
    if not isinstance(data, dict) or "scorepad" not in data:
        raise LogError(path, 1, _("not a scorepad game (the header has no 'scorepad' version)"))
    version = data.get("scorepad")
    if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT_VERSION:
        raise LogError(
            path,
            1,
            _("written in format {version} by a newer scorepad; this one reads format {known}").format(
                version=version, known=FORMAT_VERSION
            ),
        )
    if data.get("game") not in GAMES:
        line = _("unknown game {game} (games: {games})")
        raise LogError(path, 1, line.format(game=_shown(data.get("game")), games=", ".join(GAMES)))
    try:
        header = HEADER_ADAPTER.validate_python(data)
    except ValidationError as error:
        raise LogError(path, 1, _("bad header: {problem}").format(problem=_describe(error))) from None
    return header  # whether the game's rules can play this table is theirs to say (rules.header)


def _shown(value: Any, limit: int = 60) -> str:
    """A value from a file, quoted and cut short for a one-line message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _short(error: Exception | str) -> str:
    """The first line of an error, with a JSON parser's "at line 1 column N" said as "at column N"."""
    text = str(error).split("\n", 1)[0].removeprefix("Invalid JSON: ")
    return re.sub(r" at line 1 column (\d+)$", r" at column \1", text)


def split_lines(data: bytes) -> tuple[list[bytes], bytes]:
    """Complete lines and the tail after the last newline (empty when the file ends with one)."""
    lines = data.split(b"\n")
    return lines[:-1], lines[-1]


def parse_log(path: Path, data: bytes) -> LoadedLog:
    lines, tail = split_lines(data)
    unfinished = False  # the last line is whole but lacks its newline: it counts (docs/log-format.md §1)
    if not lines:
        if not tail:
            raise LogError(path, 1, _("the file is empty"))
        try:
            parse_header(path, tail)
        except LogError:
            raise LogError(
                path, 1, _("the header line is unfinished (the file was cut short while being created)")
            ) from None
        lines, tail, unfinished = [tail], b"", True
    header = parse_header(path, lines[0])
    adapter = ENTRY_ADAPTERS[header.game]
    entries: list[Entry] = []
    append = entries.append
    # Fast path: a line that reads (strict JSON), validates and carries the next seq and a time is exactly
    # what parse_entry_line accepts; any other line takes parse_entry_line, which says what is wrong with it.
    # The strict read (jiter: duplicate keys, NaN, bytes that are not UTF-8) only refuses: its values are thrown
    # away, and pydantic's own JSON validation builds the entry (faster than from Python objects).
    validate = adapter.validator.validate_json
    with gc_paused():  # every entry made here is kept
        for seq, raw in enumerate(lines[1:], start=1):
            entry = None
            try:
                from_json(raw, catch_duplicate_keys=True, allow_inf_nan=False, cache_mode="keys")
                entry = validate(raw)
            except ValueError:  # a ValidationError too
                pass
            if entry is None or entry.seq != seq or entry.at is None:
                entry = parse_entry_line(path, seq + 1, raw, adapter, expected_seq=seq)
            append(entry)
        if tail:
            seq = len(entries) + 1
            try:
                append(parse_entry_line(path, seq + 1, tail, adapter, expected_seq=seq))
                tail, unfinished = b"", True
            except LogError:  # a tail that does not read as a whole entry is torn: set aside, not an error
                pass
    return LoadedLog(path, header, entries, tail, unfinished)


def parse_entry_line(path: Path, number: int, raw: bytes, adapter: Any, expected_seq: int) -> Entry:
    if not raw.strip():
        raise LogError(path, number, _("an empty line"))
    bad_byte = _not_utf8(raw)
    if bad_byte:
        raise LogError(path, number, _("not UTF-8 text ({why})").format(why=bad_byte))
    try:
        data = read_json(raw)
    except DuplicateKey as error:
        raise LogError(path, number, str(error)) from None
    except ValueError as error:
        raise LogError(path, number, _("not a JSON line ({why})").format(why=error)) from None
    try:
        entry: Entry = adapter.validate_python(data)
    except ValidationError as error:
        first = error.errors()[0]
        if first["type"] == "union_tag_invalid":
            found = first.get("ctx", {}).get("tag", "?")
            if len(first["loc"]) == 2 and first["loc"][1] == "entry" and found in ("amend", "void"):
                line = _(
                    "an amend cannot replace an entry with another correction ({type}): correct the original entry instead"
                )
                raise LogError(path, number, line.format(type=repr(found))) from None
            raise LogError(path, number, _("unknown entry type {type}").format(type=_shown(found))) from None
        if first["type"] == "model_attributes_type" and not first["loc"]:
            raise LogError(path, number, _("not an entry (a JSON object was expected)")) from None
        raise LogError(path, number, _("bad entry: {problem}").format(problem=_describe(error))) from None
    if entry.seq is None or entry.at is None:
        raise LogError(path, number, _("an entry needs its 'seq' and 'at'"))
    if entry.seq != expected_seq:
        kind = _("a duplicate") if entry.seq < expected_seq else _("missing entries before it")
        line = _("seq {seq} where {expected} was expected ({kind})")
        raise LogError(path, number, line.format(seq=entry.seq, expected=expected_seq, kind=kind))
    return entry


def load(path: Path | str) -> LoadedLog:
    path = Path(path)
    return parse_log(path, read_game_bytes(path))


# --------------------------------------------------------------------------- writing


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:  # some file systems cannot sync a folder; the file itself is synced
        pass
    finally:
        os.close(fd)


class _ShortWrite(OSError):
    """The disk took part of a write (full): said as such."""


def _disk_words(error: OSError) -> str:
    """Why a write failed, as a player would say it."""
    if isinstance(error, (_ShortWrite, UnsafePath)):
        return str(error)
    detail = f" ({error.strerror})" if error.strerror else ""
    match error.errno:
        case errno.ENOSPC | errno.EDQUOT:
            return _("the disk is full") + detail
        case errno.EROFS:
            return _("the disk is read-only") + detail
        case errno.EACCES | errno.EPERM:
            return _("scorepad may not write there") + detail
    return _("the disk refused it ({why})").format(why=error.strerror or error)


def _write_all(fd: int, data: bytes) -> None:
    """One write of the whole of `data`, then fsync; a short write is a failure (OSError)."""
    written = os.write(fd, data)
    if written != len(data):
        line = _("the disk is full (it took only {written} of {size} bytes)")
        raise _ShortWrite(line.format(written=written, size=len(data)))
    os.fsync(fd)


def create(
    header: Header, directory: Path | None = None, entries: list[Entry] | tuple[Entry, ...] = ()
) -> Path:
    """Write a new game file holding its header (and `entries`, already numbered); returns its path.

    The game appears only complete: its lines go to a fresh hidden file beside it, synced, then linked into
    place (never over an existing file), so a kill at any moment leaves either no game or one that opens.
    A disk that refuses (full, read-only …) raises StoreError in words and leaves no file behind."""
    directory = directory or games_dir()
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        line = _("Could not start the game: the games folder cannot be made ({why})")
        raise StoreError(line.format(why=_disk_words(error))) from None
    stamp = header.created.strftime("%Y-%m-%d-%H%M")
    path = directory / f"{stamp}-{header.game}-{header.id}{SUFFIX}"
    data = "".join([dump_header(header) + "\n", *(dump_entry(e) + "\n" for e in entries)]).encode()
    if os.path.lexists(path):  # the same game id twice: never write over a game
        raise FileExistsError(errno.EEXIST, _("a game file of that name exists already"), str(path))
    try:
        fd, part = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=PART_SUFFIX)
    except OSError as error:
        line = _("Could not start the game: {why}; nothing was written")
        raise StoreError(line.format(why=_disk_words(error))) from None
    try:
        try:
            os.fchmod(fd, 0o644)
            _write_all(fd, data)
        finally:
            os.close(fd)
        _link_into_place(part, path)
    except FileExistsError:
        raise
    except OSError as error:
        line = _("Could not start the game: {why}; nothing was written")
        raise StoreError(line.format(why=_disk_words(error))) from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(part)  # never leave a half game behind (after a link, the game keeps its own name)
    _fsync_dir(directory)
    return path


def _link_into_place(part: str, path: Path) -> None:
    """The whole file at `part` becomes `path`, never replacing anything already there."""
    try:
        os.link(part, path)  # fails if `path` exists, whatever it is (a link, a game …)
    except OSError as error:
        if error.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK):
            raise
        # a file system without hard links: a rename, after a last look that nothing is there
        if os.path.lexists(path):
            raise FileExistsError(
                errno.EEXIST, _("a game file of that name exists already"), str(path)
            ) from None
        os.rename(part, path)


class FileChanged(StoreError):
    """The open game's file is no longer the one that was opened (deleted, replaced, changed by another
    program): nothing more is written to it."""


@dataclass
class GameFile:
    """An open game: its log and, unless another scorepad holds it, the right to append."""

    path: Path
    header: Header
    entries: list[Entry]
    readonly: bool
    notices: list[str] = field(default_factory=list)
    _fd: int | None = None
    #: why the game cannot be written, in words for the table (empty while it can)
    readonly_reason: str = ""
    #: entries the table entered after the file changed underneath: not on disk, kept to save as a new game
    unsaved: list[Entry] = field(default_factory=list)
    #: what happened to the file underneath, in words (empty while it is the file that was opened)
    changed: str = ""
    _identity: tuple[int, int] = (0, 0)  # device and inode of the file opened
    _size: int = 0  # the file's size as scorepad last left it
    _unterminated: bool = False  # the last line lacks its newline: the next write starts with one

    @classmethod
    def open(cls, path: Path | str, readonly: bool = False) -> GameFile:
        """Load a game; unless `readonly`, take its lock first, so what is loaded is what the next
        append follows. Locked by another scorepad, or not writable: opened read-only, with a notice."""
        path = Path(path)
        notices: list[str] = []
        fd: int | None = None
        reason = _("it was opened for reading only") if readonly else ""
        if not readonly:
            fd, notice, reason = _lock(path)
            if fd is None:
                readonly = True
                if notice:
                    notices.append(notice)
        try:
            loaded = load(path)  # a damaged file raises LogError here
        except BaseException:
            if fd is not None:
                os.close(fd)
            raise
        if loaded.torn:
            notices.append(loaded.torn_note)
            if fd is not None:
                # keep the torn bytes aside before cutting them off, so the next entry starts on a
                # line of its own (only the lock holder may cut: a reader may be seeing a write in flight)
                try:
                    _set_aside_torn(path, fd, loaded.torn)
                except OSError as error:  # cannot keep them: cut nothing, write nothing
                    os.close(fd)
                    fd, readonly = None, True
                    if isinstance(error, UnsafePath):  # a link planted beside the game: left alone
                        reason = _("its unfinished last line cannot be set aside: {why}").format(
                            why=error.short()
                        )
                        line = _(
                            "{file}: the unfinished last line could not be set aside: {why}; opened read-only"
                        )
                        notices.append(line.format(file=path.name, why=error.short()))
                    else:
                        reason = _("its unfinished last line could not be set aside: {why}").format(
                            why=_disk_words(error)
                        )
                        line = _(
                            "{file}: the unfinished last line could not be set aside ({why}): opened read-only"
                        )
                        notices.append(line.format(file=path.name, why=error.strerror or error))
        game = cls(path, loaded.header, loaded.entries, readonly, notices, fd, readonly_reason=reason)
        if fd is not None:
            status = os.fstat(fd)
            game._identity, game._size = (status.st_dev, status.st_ino), status.st_size
            game._unterminated = loaded.unterminated
        return game

    @property
    def next_seq(self) -> int:
        return len(self.entries) + len(self.unsaved) + 1

    def append(self, entry: Entry) -> Entry:
        """Give the entry its seq and time, write it as one line, fsync. Returns the logged entry."""
        return self.append_many([entry])[0]

    def append_many(self, entries: list[Entry]) -> list[Entry]:
        """Log the entries of one Enter together: numbered, one write, one fsync. All or nothing.

        If the write or the fsync fails (a full disk …), the file is cut back to where it was, so no
        partial line is left, and StoreError says nothing was logged. If the file is no longer the one
        opened, FileChanged says what happened; the entries are kept in `unsaved` for `save_as_new`.

        The fsync is done here, before this returns and the app shows the entry, though it costs the frame a
        little (0.2-0.7 ms on an idle ext4 disk, up to ~12 ms on a busy one; `benchmarks/bench.py` (c)): surviving
        a kill needs only the write, but a row on screen is the table's word that the deal is kept through a
        power cut too, and an fsync that fails (an I/O error, a disk that fills only when flushed) must keep the
        row off the sheet and say "nothing was logged", not take back a row already shown.
        """
        if self.readonly or self._fd is None:
            line = _("the game is read-only ({why}); nothing was logged")
            raise StoreError(line.format(why=self.readonly_reason))
        changed = self._still_the_file()
        if changed:
            self.close()
            self.readonly, self.readonly_reason, self.changed = True, changed, changed
            self.unsaved.extend(self._numbered(entries))
            raise FileChanged(_("{why}; nothing was logged").format(why=changed))
        logged = self._numbered(entries)
        data = b"".join((dump_entry(e) + "\n").encode() for e in logged)
        if self._unterminated:
            data = b"\n" + data  # the last line was whole but lacked its newline
        start = self._size
        try:
            _write_all(self._fd, data)
        except OSError as error:
            self._cut_back(start)
            raise StoreError(_("{why}; nothing was logged").format(why=_disk_words(error))) from None
        self._size, self._unterminated = start + len(data), False
        self.entries.extend(logged)
        return logged

    def _numbered(self, entries: list[Entry]) -> list[Entry]:
        at, first = now(), self.next_seq
        return [e.model_copy(update={"seq": first + i, "at": at}) for i, e in enumerate(entries)]

    def _still_the_file(self) -> str | None:
        """Why the file on disk is no longer the one this game writes to, in words (None while it is)."""
        assert self._fd is not None
        try:
            on_disk = os.stat(self.path)
        except FileNotFoundError:
            return _("the game's file was deleted while the game was open")
        except OSError as error:
            return _("the game's file can no longer be reached ({why})").format(why=error.strerror or error)
        if (on_disk.st_dev, on_disk.st_ino) != self._identity:
            return _("the game's file was replaced by another file while the game was open")
        if os.fstat(self._fd).st_size != self._size:
            return _("the game's file was changed by another program while the game was open")
        return None

    def save_as_new(self, directory: Path | None = None) -> Path:
        """The game as scorepad holds it (what was on disk and what was not) written to a new game file."""
        header = self.header.model_copy(update={"id": new_id()})
        path = create(header, directory or self.path.parent, [*self.entries, *self.unsaved])
        self.entries, self.unsaved = [*self.entries, *self.unsaved], []
        return path

    def _cut_back(self, size: int) -> None:
        """Undo a failed append (we hold the lock, so the end of the file is ours)."""
        assert self._fd is not None
        try:
            os.ftruncate(self._fd, size)
            os.fsync(self._fd)
        except OSError as error:  # cannot even cut: the next open finds the partial line torn or bad
            self.close()
            self.readonly = True
            self.readonly_reason = _("a failed write could not be undone ({why})").format(
                why=_disk_words(error)
            )

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> GameFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _lock(path: Path) -> tuple[int | None, str, str]:
    """An fd holding the game's append lock, or (None, a notice, why it is read-only in words);
    (None, "", "") when `load` will report the problem itself: a missing file, a directory, a pipe …"""
    try:
        fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_NONBLOCK | os.O_NOFOLLOW)
    except OSError as error:
        if error.errno == errno.ELOOP:  # a symbolic link: read through it, never write through it
            notice = _("{file} is a symbolic link: scorepad does not write through it; opened read-only")
            return None, notice.format(file=path.name), _("the game's file is a symbolic link")
        if isinstance(error, PermissionError) or error.errno == errno.EROFS:
            notice = _("{file} is not writable ({why}): opened read-only").format(
                file=path.name, why=error.strerror
            )
            if error.errno == errno.EROFS:
                return None, notice, _("the game's file is on a read-only disk")
            return None, notice, _("the game's file is read-only")
        return None, "", ""
    if _not_a_file(os.fstat(fd).st_mode):
        os.close(fd)
        return None, "", ""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return (
            None,
            _("{file} is open in another scorepad: opened read-only").format(file=path.name),
            _("this game is open in another scorepad"),
        )
    except OSError as error:  # a file system without locks: refuse to write rather than risk two writers
        os.close(fd)
        return (
            None,
            _("{file} cannot be locked ({why}): opened read-only").format(file=path.name, why=error.strerror),
            _("the game's file cannot be locked ({why})").format(why=error.strerror),
        )
    return fd, "", ""


def _set_aside_torn(path: Path, fd: int, torn: bytes) -> None:
    """Append the torn tail to GAME.jsonl.torn, then cut it off the game. A failure leaves the game as it
    was and no empty or half .torn behind; a link, pipe or folder planted at GAME.jsonl.torn is refused
    (UnsafePath) and left alone."""
    aside = path.with_name(path.name + TORN_SUFFIX)
    out = open_for_writing(aside, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    try:
        status = os.fstat(out)
        try:
            _write_all(out, now().isoformat().encode() + b" " + torn + b"\n")
        except OSError:
            with contextlib.suppress(OSError):
                if status.st_size == 0:
                    aside.unlink()
                else:
                    os.ftruncate(out, status.st_size)
            raise
    finally:
        os.close(out)
    size = os.fstat(fd).st_size
    os.ftruncate(fd, size - len(torn))
    os.fsync(fd)


def new_header(
    game: str,
    players: list[str],
    title: str = "",
    sides: dict[str, list[str]] | None = None,
    rules: dict[str, Any] | None = None,
) -> Header:
    data: dict[str, Any] = {
        "scorepad": FORMAT_VERSION,
        "game": game,
        "id": new_id(),
        "created": now(),
        "title": title,
        "players": players,
        "rules": rules or {},
    }
    if sides:
        data["sides"] = sides
    return HEADER_ADAPTER.validate_python(data)


# --------------------------------------------------------------------------- listing


@dataclass(frozen=True)
class GameListing:
    path: Path
    modified: datetime
    log: LoadedLog | None
    error: str = ""


def list_games(directory: Path | None = None) -> Iterator[GameListing]:
    """Every game file, newest played first, read one by one; a damaged one is listed with its one-line error."""
    for saved in saved_files(directory):
        try:
            yield GameListing(saved.path, saved.modified, load(saved.path))
        except LogError as error:
            yield GameListing(saved.path, saved.modified, None, str(error))
