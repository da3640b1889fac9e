"""The store at its edges: strict reading (duplicate keys, JSON integers, amend of an amend), a whole last
line without its newline, only regular files, the open file still being the file, one Enter = one write."""

from __future__ import annotations

import errno
import os
import threading
from pathlib import Path

import pytest

from scorepad.cli.main import main
from scorepad.log import Deal, FHBid, FHContract, FHResult, Note
from scorepad.store.game_file import (
    FileChanged,
    GameFile,
    LogError,
    StoreError,
    create,
    list_games,
    load,
    new_header,
)

from .helpers import entries, header, log_lines

PLAYERS = ["Ann", "Bob", "Cid"]
AT = '"at": "2026-11-29T20:15:00+00:00"'


def game_text(*lines: str) -> bytes:
    head = log_lines(
        header("five_hundred", PLAYERS), entries("five_hundred", {"type": "deal", "dealer": "Ann"})
    )
    return (head + "".join(line + "\n" for line in lines)).encode()


def write(tmp_path: Path, data: bytes, name: str = "game.jsonl") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def cause_of(path: Path) -> tuple[int, str]:
    with pytest.raises(LogError) as caught:
        load(path)
    return caught.value.line, caught.value.cause


# --------------------------------------------------------------------------- strict reading


@pytest.mark.parametrize(
    "line, cause",
    [
        (
            '{"seq": 2, ' + AT + ', "type": "bid", "player": "Bob", "player": "Cid", "call": "7H"}',
            "the key 'player' is given twice",
        ),
        (
            '{"seq": 2, ' + AT + ', "type": "result", "tricks": {"Ann": 7, "Ann": 3}}',
            "the key 'Ann' is given twice",
        ),
        ('{"seq": true, ' + AT + ', "type": "note", "text": "x"}', "seq: Input should be a valid integer"),
        ('{"seq": "2", ' + AT + ', "type": "note", "text": "x"}', "seq: Input should be a valid integer"),
        ('{"seq": 2.0, ' + AT + ', "type": "note", "text": "x"}', "seq: Input should be a valid integer"),
        (
            '{"seq": 2, ' + AT + ', "type": "result", "tricks": {"Ann": "8", "Bob": 2}}',
            "tricks.Ann: Input should be a valid integer",
        ),
        (
            '{"seq": 2, ' + AT + ', "type": "result", "tricks": {"Ann": 8.0, "Bob": 2}}',
            "tricks.Ann: Input should be a valid integer",
        ),
        (
            '{"seq": 2, ' + AT + ', "type": "result", "tricks": {"Ann": true, "Bob": 9}}',
            "tricks.Ann: Input should be a valid integer",
        ),
        ('{"seq": 2, ' + AT + ', "type": "result", "tricks": {"Ann": NaN, "Bob": 9}}', "not a JSON line"),
        (
            '{"seq": 2, ' + AT + ', "type": "claim", "player": "Ann", "upheld": "yes"}',
            "upheld: Input should be a valid boolean",
        ),
        (
            '{"seq": 2, ' + AT + ', "type": "amend", "target": 1, "entry": {"type": "amend", "target": 1, '
            '"entry": {"type": "deal", "dealer": "Bob"}}}',
            "an amend cannot replace an entry with another correction",
        ),
        (
            '{"seq": 2, '
            + AT
            + ', "type": "amend", "target": "1", "entry": {"type": "deal", "dealer": "Bob"}}',
            "target: Input should be a valid integer",
        ),
        ("[1, 2]", "not an entry (a JSON object was expected)"),
    ],
)
def test_strict_reading_names_the_line_and_the_cause(tmp_path, line, cause):
    path = write(tmp_path, game_text(line, '{"seq": 3, ' + AT + ', "type": "note", "text": "after"}'))
    number, said = cause_of(path)
    assert number == 3 and cause in said


def test_a_duplicate_key_in_the_header_is_an_error(tmp_path):
    data = game_text().replace(b'"title": ""', b'"title": "", "players": ["Eve", "Fay"]', 1)
    path = write(tmp_path, data)
    assert cause_of(path) == (
        1,
        f"in the header, the key 'players' is given twice (at column {data.index(b'Eve') + 25})",
    )


@pytest.mark.parametrize("version", ["true", "1.0", '"1"'])
def test_the_format_version_is_an_integer(tmp_path, version):
    path = write(tmp_path, game_text().replace(b'"scorepad": 1', b'"scorepad": ' + version.encode(), 1))
    number, said = cause_of(path)
    assert number == 1 and "the format version must be a whole number" in said


def test_strict_integers_still_read_what_the_app_writes(tmp_path):
    path = write(tmp_path, game_text())
    with GameFile.open(path) as game:
        game.append_many(
            [FHContract(player="Bob", call="7H"), FHResult(tricks={"Bob": 7, "Ann": 2, "Cid": 1})]
        )
    assert [e.type for e in load(path).entries] == ["deal", "contract", "result"]


# --------------------------------------------------------------------------- the last line


def test_a_whole_last_entry_without_its_newline_counts_and_the_next_write_adds_it(tmp_path):
    data = game_text('{"seq": 2, ' + AT + ', "type": "note", "text": "saved by an editor"}')[:-1]
    path = write(tmp_path, data)
    loaded = load(path)
    assert [e.seq for e in loaded.entries] == [1, 2] and loaded.torn == b"" and loaded.unterminated
    with GameFile.open(path) as game:
        assert game.notices == []
        game.append(Note(text="next"))
    assert path.read_bytes().startswith(data + b"\n")
    assert [e.seq for e in load(path).entries] == [1, 2, 3]
    assert not path.with_name(path.name + ".torn").exists()


def test_a_tail_that_does_not_read_is_torn_and_set_aside(tmp_path):
    data = game_text() + b'{"seq": 2, ' + AT.encode() + b', "type": "no'
    path = write(tmp_path, data)
    with GameFile.open(path) as game:
        assert len(game.entries) == 1 and "unfinished last line" in game.notices[0]
    assert path.read_bytes() == game_text()
    assert path.with_name(path.name + ".torn").read_bytes().endswith(b'"type": "no\n')


# --------------------------------------------------------------------------- only regular files


def test_a_fifo_named_like_a_game_is_refused_at_once(tmp_path, capsys, scorepad_home):
    from scorepad.store.game_file import games_dir

    games_dir().mkdir(parents=True)
    fifo = games_dir() / "pipe.jsonl"
    os.mkfifo(fifo)
    loop = games_dir() / "loop.jsonl"
    loop.symlink_to(loop)
    done: list[int] = []
    worker = threading.Thread(
        target=lambda: done.extend(
            [main(["replay", str(fifo)]), main(["export", str(fifo)]), main(["replay", str(loop), "--json"])]
        ),
        daemon=True,
    )
    worker.start()
    worker.join(timeout=20)
    assert done == [2, 2, 2]  # never a hang
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"is a pipe, not a game file: {fifo}"
    assert err[2] == f"cannot be read (Too many levels of symbolic links): {loop}"
    with pytest.raises(LogError, match="is a pipe"):
        GameFile.open(fifo)
    listed = {g.path.name: g.error for g in list_games()}
    assert set(listed) == {"pipe.jsonl", "loop.jsonl"} and all(listed.values())  # shown, as unreadable


# --------------------------------------------------------------------------- the file is still the file


@pytest.mark.parametrize(
    "what, change, said",
    [
        ("deleted", lambda p: p.unlink(), "was deleted"),
        (
            "replaced",
            lambda p: (p.with_name("new").write_bytes(p.read_bytes()), os.replace(p.with_name("new"), p)),
            "was replaced by another file",
        ),
        ("changed", lambda p: p.write_bytes(p.read_bytes()[:-20]), "was changed by another program"),
        ("appended to", lambda p: p.open("ab").write(b'{"seq": 2}\n'), "was changed by another program"),
    ],
)
def test_a_file_changed_underneath_stops_writing_and_keeps_the_entries(tmp_path, what, change, said):
    path = write(tmp_path, game_text())
    game = GameFile.open(path)
    game.append(FHBid(player="Bob", call="7H"))
    change(path)
    after_change = path.read_bytes() if path.exists() else None
    with pytest.raises(FileChanged, match=said + ".*; nothing was logged"):
        game.append_many([FHBid(player="Cid", call="pass"), FHBid(player="Ann", call="8H")])
    assert game.readonly and said in game.readonly_reason
    assert (path.read_bytes() if path.exists() else None) == after_change  # not a byte more
    assert [e.seq for e in game.unsaved] == [3, 4]
    with pytest.raises(StoreError, match="read-only"):
        game.append(Note(text="more"))
    saved = game.save_as_new(tmp_path / "saved")
    again = load(saved)
    assert [e.seq for e in again.entries] == [1, 2, 3, 4] and again.header.players == game.header.players
    assert again.header.id != game.header.id
    game.close()


# --------------------------------------------------------------------------- one Enter, one write


def test_one_enter_is_one_write_and_a_failure_leaves_nothing(tmp_path, monkeypatch):
    import scorepad.store.game_file as store

    path = write(tmp_path, game_text())
    before = path.read_bytes()
    writes: list[bytes] = []
    real_write = os.write
    with GameFile.open(path) as game:
        monkeypatch.setattr(store.os, "write", lambda fd, data: writes.append(data) or real_write(fd, data))
        game.append_many([Deal(dealer="Bob"), FHContract(player="Cid", call="7H")])
        assert len(writes) == 1 and writes[0].count(b"\n") == 2
        monkeypatch.setattr(store.os, "write", lambda fd, data: real_write(fd, data[: len(data) // 2 + 3]))
        with pytest.raises(StoreError, match="nothing was logged"):
            game.append_many([FHResult(tricks={"Cid": 7, "Ann": 2, "Bob": 1}), Deal(dealer="Cid")])
        assert len(game.entries) == 3
    assert path.read_bytes().startswith(before) and [e.seq for e in load(path).entries] == [1, 2, 3]
    assert load(path).torn == b""


# --------------------------------------------------------------------------- a disk that refuses


def test_a_new_game_on_a_disk_that_refuses_leaves_no_file(tmp_path, monkeypatch):
    import scorepad.store.game_file as store

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store.os, "write", full)
    with pytest.raises(StoreError, match="Could not start the game: the disk is full"):
        create(new_header("jass", ["A", "B", "C", "D"]), tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_a_torn_tail_that_cannot_be_set_aside_leaves_no_empty_torn_file(tmp_path, monkeypatch):
    import scorepad.store.game_file as store

    data = game_text() + b'{"seq": 2, "at'
    path = write(tmp_path, data)
    real_write = os.write

    def full(fd, chunk):
        if chunk.endswith(b'{"seq": 2, "at\n'):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, chunk)

    monkeypatch.setattr(store.os, "write", full)
    with GameFile.open(path) as game:
        assert game.readonly
        assert game.readonly_reason == (
            "its unfinished last line could not be set aside: the disk is full (No space left on device)"
        )
    assert path.read_bytes() == data and not path.with_name(path.name + ".torn").exists()
