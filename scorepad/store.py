"""Game files on disk: where they live, append, load, recover a torn tail, lock.

One game = one JSON Lines file (docs/log-format.md §1). Lines are only appended: each entry is one
`os.write` of the whole line followed by `fsync`. No rules and no Textual here.
"""

from __future__ import annotations

import errno
import fcntl
import os
import re
import secrets
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from platformdirs import user_config_dir, user_data_dir
from pydantic import ValidationError
from pydantic_core import from_json

from scorepad.gcpause import gc_paused
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

APP_NAME = "scorepad"
SUFFIX = ".jsonl"
TORN_SUFFIX = ".torn"
UTF8_BOM = b"\xef\xbb\xbf"


def data_home() -> Path:
    """Where games live: `$SCOREPAD_HOME`, else the platform's user data dir."""
    override = os.environ.get("SCOREPAD_HOME")
    return Path(override).expanduser() if override else Path(user_data_dir(APP_NAME, appauthor=False))


def config_home() -> Path:
    """Settings (theme …): `$SCOREPAD_HOME/config`, else the platform's user config dir."""
    override = os.environ.get("SCOREPAD_HOME")
    if override:
        return Path(override).expanduser() / "config"
    return Path(user_config_dir(APP_NAME, appauthor=False))


def games_dir() -> Path:
    return data_home() / "games"


def one_line(text: str) -> str:
    """`text` with control characters and line separators escaped (`\\n`, `\\x1b` …), so it prints
    as one line whatever a hand-edited file put in a name."""
    return "".join(
        c.encode("unicode_escape").decode("ascii") if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c
        for c in text
    )


class LogError(Exception):
    """A game file that cannot be read: always names the file and the line, on one line."""

    def __init__(self, path: Path | str, line: int, cause: str):
        cause = one_line(cause)
        # line 0 is the file as a whole (missing, a folder, unreadable): "no such file: PATH"
        super().__init__(one_line(f"{cause}: {path}" if line == 0 else f"{path}: line {line}: {cause}"))
        self.path = Path(path)
        self.line = line
        self.cause = cause


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

    @property
    def torn_note(self) -> str:
        if not self.torn:
            return ""
        return (
            f"{self.path}: line {len(self.entries) + 2}: an unfinished last line "
            f"({len(self.torn)} bytes, a write cut short) was ignored"
        )


def _describe(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(p) for p in first["loc"])
    msg = first["msg"].removeprefix("Value error, ")
    more = f" (and {error.error_count() - 1} more)" if error.error_count() > 1 else ""
    return f"{where}: {msg}{more}" if where else f"{msg}{more}"


def _not_utf8(raw: bytes) -> str | None:
    """Why `raw` is not UTF-8 text, or None."""
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return f"byte 0x{raw[error.start]:02x} at column {error.start + 1}"
    return None


def parse_header(path: Path, raw: bytes) -> Header:
    raw = raw.removeprefix(UTF8_BOM)  # an editor may have put one there; it is not part of the JSON
    bad_byte = _not_utf8(raw)
    if bad_byte:
        raise LogError(path, 1, f"the header is not UTF-8 text ({bad_byte})")
    try:
        data = from_json(raw)  # the entries' parser too: no lone surrogates, bounded nesting
    except ValueError as error:
        raise LogError(path, 1, f"the header is not JSON ({_short(error)})") from None
    if not isinstance(data, dict) or "scorepad" not in data:
        raise LogError(path, 1, "not a scorepad game (the header has no 'scorepad' version)")
    version = data.get("scorepad")
    if isinstance(version, int) and version > FORMAT_VERSION:
        raise LogError(
            path, 1, f"written in format {version} by a newer scorepad; this one reads format {FORMAT_VERSION}"
        )
    if data.get("game") not in GAMES:
        raise LogError(path, 1, f"unknown game {data.get('game')!r} (games: {', '.join(GAMES)})")
    try:
        header = HEADER_ADAPTER.validate_python(data)
    except ValidationError as error:
        raise LogError(path, 1, f"bad header: {_describe(error)}") from None
    return header  # whether the game's rules can play this table is theirs to say (rules.header)


def _short(error: Exception | str) -> str:
    """The first line of an error, with a JSON parser's "at line 1 column N" said as "at column N"."""
    text = str(error).split("\n", 1)[0].removeprefix("Invalid JSON: ")
    return re.sub(r" at line 1 column (\d+)$", r" at column \1", text)


def split_lines(data: bytes) -> tuple[list[bytes], bytes]:
    """Complete lines and the torn tail (bytes after the last newline)."""
    lines = data.split(b"\n")
    return lines[:-1], lines[-1]


def parse_log(path: Path, data: bytes) -> LoadedLog:
    lines, torn = split_lines(data)
    if not lines:
        if torn:
            raise LogError(path, 1, "the header line is unfinished (the file was cut short while being created)")
        raise LogError(path, 1, "the file is empty")
    header = parse_header(path, lines[0])
    adapter = ENTRY_ADAPTERS[header.game]
    entries: list[Entry] = []
    append = entries.append
    # Fast path: when the whole text is UTF-8, a line that validates and carries the next seq and a time is
    # exactly what parse_entry_line accepts (an empty line or a bad byte never validates); any other line
    # takes parse_entry_line, which says what is wrong with it, as always.
    validate = adapter.validator.validate_json if _not_utf8(data[: len(data) - len(torn)]) is None else None
    with gc_paused():  # every entry made here is kept
        for seq, raw in enumerate(lines[1:], start=1):
            entry = None
            if validate is not None:
                try:
                    entry = validate(raw)
                except ValidationError:
                    pass
            if entry is None or entry.seq != seq or entry.at is None:
                entry = parse_entry_line(path, seq + 1, raw, adapter, expected_seq=seq)
            append(entry)
    return LoadedLog(path, header, entries, torn)


def parse_entry_line(path: Path, number: int, raw: bytes, adapter: Any, expected_seq: int) -> Entry:
    if not raw.strip():
        raise LogError(path, number, "an empty line")
    bad_byte = _not_utf8(raw)
    if bad_byte:
        raise LogError(path, number, f"not UTF-8 text ({bad_byte})")
    try:
        entry = adapter.validate_json(raw)
    except ValidationError as error:
        first = error.errors()[0]
        if first["type"] == "json_invalid":
            raise LogError(path, number, f"not a JSON line ({_short(first['msg'])})") from None
        if first["type"] == "union_tag_invalid":
            found = first.get("ctx", {}).get("tag", "?")
            raise LogError(path, number, f"unknown entry type {found!r}") from None
        raise LogError(path, number, f"bad entry: {_describe(error)}") from None
    if entry.seq is None or entry.at is None:
        raise LogError(path, number, "an entry needs its 'seq' and 'at'")
    if entry.seq != expected_seq:
        kind = "a duplicate" if entry.seq < expected_seq else "missing entries before it"
        raise LogError(path, number, f"seq {entry.seq} where {expected_seq} was expected ({kind})")
    return entry


def load(path: Path | str) -> LoadedLog:
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise LogError(path, 0, "no such file") from None
    except IsADirectoryError:
        raise LogError(path, 0, "is a directory, not a game file") from None
    except OSError as error:
        raise LogError(path, 0, f"cannot be read ({error.strerror})") from None
    return parse_log(path, data)


# --------------------------------------------------------------------------- writing


def _fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def create(header: Header, directory: Path | None = None) -> Path:
    """Write a new game file holding only its header; returns its path."""
    directory = directory or games_dir()
    directory.mkdir(parents=True, exist_ok=True)
    stamp = header.created.strftime("%Y-%m-%d-%H%M")
    path = directory / f"{stamp}-{header.game}-{header.id}{SUFFIX}"
    line = (dump_header(header) + "\n").encode()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        os.write(fd, line)
        os.fsync(fd)
    finally:
        os.close(fd)
    _fsync_dir(directory)
    return path


@dataclass
class GameFile:
    """An open game: its log and, unless another scorepad holds it, the right to append."""

    path: Path
    header: Header
    entries: list[Entry]
    readonly: bool
    notices: list[str] = field(default_factory=list)
    _fd: int | None = None

    @classmethod
    def open(cls, path: Path | str, readonly: bool = False) -> GameFile:
        """Load a game; unless `readonly`, take its lock first, so what is loaded is what the next
        append follows. Locked by another scorepad, or not writable: opened read-only, with a notice."""
        path = Path(path)
        notices: list[str] = []
        fd: int | None = None
        if not readonly:
            fd, refusal = _lock(path)
            if fd is None:
                readonly = True
                if refusal:
                    notices.append(refusal)
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
                    notices.append(f"{path.name}: the unfinished last line could not be set aside "
                                   f"({error.strerror or error}): opened read-only")
        return cls(path, loaded.header, loaded.entries, readonly, notices, fd)

    @property
    def next_seq(self) -> int:
        return len(self.entries) + 1

    def append(self, entry: Entry) -> Entry:
        """Give the entry its seq and time, write it as one line, fsync. Returns the logged entry.

        If the write or the fsync fails (a full disk …), the file is cut back to where it was, so
        no partial line is left for the next entry to run into, and StoreError says nothing was logged.
        """
        if self.readonly or self._fd is None:
            raise StoreError(f"{self.path.name} is open read-only: nothing was written")
        logged = entry.model_copy(update={"seq": self.next_seq, "at": now()})
        line = (dump_entry(logged) + "\n").encode()
        start = os.fstat(self._fd).st_size
        try:
            written = os.write(self._fd, line)
            if written != len(line):
                raise StoreError(f"{self.path.name}: the disk took only {written} of {len(line)} bytes; "
                                 "nothing was logged")
            os.fsync(self._fd)
        except OSError as error:
            self._cut_back(start)
            raise StoreError(f"{self.path.name}: could not write the entry ({error.strerror or error}); "
                             "nothing was logged") from None
        except StoreError:
            self._cut_back(start)
            raise
        self.entries.append(logged)
        return logged

    def _cut_back(self, size: int) -> None:
        """Undo a failed append (we hold the lock, so the end of the file is ours)."""
        assert self._fd is not None
        try:
            os.ftruncate(self._fd, size)
            os.fsync(self._fd)
        except OSError:  # cannot even cut: the next open finds the partial line torn or bad
            self.close()
            self.readonly = True

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> GameFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _lock(path: Path) -> tuple[int | None, str]:
    """An fd holding the game's append lock, or (None, why it is read-only); ("" when `load` will
    report the problem itself: a missing file, a directory …)."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_APPEND)
    except OSError as error:
        if isinstance(error, PermissionError) or error.errno == errno.EROFS:
            return None, f"{path.name} is not writable ({error.strerror}): opened read-only"
        return None, ""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None, f"{path.name} is open in another scorepad: opened read-only"
    except OSError as error:  # a file system without locks: refuse to write rather than risk two writers
        os.close(fd)
        return None, f"{path.name} cannot be locked ({error.strerror}): opened read-only"
    return fd, ""


def _set_aside_torn(path: Path, fd: int, torn: bytes) -> None:
    aside = path.with_name(path.name + TORN_SUFFIX)
    with open(aside, "ab") as out:
        out.write(now().isoformat().encode() + b" " + torn + b"\n")
        out.flush()
        os.fsync(out.fileno())
    size = os.fstat(fd).st_size
    os.ftruncate(fd, size - len(torn))
    os.fsync(fd)


def new_header(game: str, players: list[str], title: str = "", sides: dict[str, list[str]] | None = None,
               rules: dict[str, Any] | None = None) -> Header:
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


def game_paths(directory: Path | None = None) -> list[Path]:
    directory = directory or games_dir()
    if not directory.is_dir():
        return []
    return [p for p in directory.iterdir() if p.suffix == SUFFIX and p.is_file()]


def list_games(directory: Path | None = None) -> Iterator[GameListing]:
    """Every game file, newest played first; a damaged one is listed with its one-line error."""
    listed = []
    for path in game_paths(directory):
        try:
            modified = datetime.fromtimestamp(path.stat().st_mtime).astimezone()
        except OSError:  # gone (or unreachable) since the directory was read
            continue
        try:
            listed.append(GameListing(path, modified, load(path)))
        except LogError as error:
            listed.append(GameListing(path, modified, None, str(error)))
    listed.sort(key=lambda g: (-g.modified.timestamp(), g.path.name))  # ties by name: a stable order
    return iter(listed)
