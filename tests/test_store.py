"""The store: where games live, append-only writing, torn and bad lines, the lock."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from scorepad.games import load_game
from scorepad.log import Deal, FHBid
from scorepad.store.game_file import (
    GameFile,
    LogError,
    StoreError,
    create,
    games_dir,
    list_games,
    load,
    new_header,
)

from .helpers import entries, header, log_lines


def make_game(tmp_path, items=()):
    head = header("five_hundred", ["Ann", "Bob", "Cid"])
    path = tmp_path / "game.jsonl"
    path.write_text(log_lines(head, entries("five_hundred", *items)), encoding="utf-8")
    return path


DEAL = [{"type": "deal", "dealer": "Ann"}, {"type": "bid", "player": "Bob", "call": "7H"}]


def test_games_live_under_scorepad_home(scorepad_home):
    path = create(new_header("jass", ["A", "B", "C", "D"]))
    assert path.parent == games_dir() == scorepad_home / "games"
    assert [g.path for g in list_games()] == [path]


def test_append_writes_one_line_per_entry_and_numbers_them(tmp_path):
    path = make_game(tmp_path)
    with GameFile.open(path) as game:
        first = game.append(Deal(dealer="Ann"))
        second = game.append(FHBid(player="Bob", call="7H"))
    assert (first.seq, second.seq) == (1, 2)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3
    assert json.loads(lines[2])["call"] == "7H"
    assert [e.seq for e in load(path).entries] == [1, 2]


def test_append_never_rewrites_earlier_bytes(tmp_path):
    path = make_game(tmp_path, DEAL)
    before = path.read_bytes()
    with GameFile.open(path) as game:
        game.append(FHBid(player="Cid", call="pass"))
    assert path.read_bytes().startswith(before)


def test_a_torn_last_line_is_ignored_reported_and_set_aside(tmp_path):
    path = make_game(tmp_path, DEAL)
    with open(path, "ab") as f:
        f.write(b'{"type": "bid", "player": "Ci')
    loaded = load(path)
    assert [e.seq for e in loaded.entries] == [1, 2]
    assert "line 4" in loaded.torn_note and "unfinished" in loaded.torn_note
    with GameFile.open(path) as game:
        assert any("unfinished" in n for n in game.notices)
        game.append(FHBid(player="Cid", call="pass"))
    assert [e.seq for e in load(path).entries] == [1, 2, 3]
    aside = path.with_name(path.name + ".torn").read_bytes()
    assert b'"player": "Ci' in aside


def test_a_torn_tail_is_not_cut_by_a_read_only_open(tmp_path):
    path = make_game(tmp_path, DEAL)
    with open(path, "ab") as f:
        f.write(b'{"ty')
    size = path.stat().st_size
    GameFile.open(path, readonly=True).close()
    assert path.stat().st_size == size


@pytest.mark.parametrize(
    ("damage", "line", "cause"),
    [
        (lambda text: text.replace('"call": "7H"', '"call": "7Q"'), 3, "not a Five Hundred call"),
        (lambda text: text.replace('"seq": 2', '"seq": 1'), 3, "seq 1 where 2 was expected (a duplicate)"),
        (lambda text: text.replace('"seq": 2', '"seq": 5'), 3, "missing entries"),
        (lambda text: text.replace('"type": "bid"', '"type": "bet"'), 3, "unknown entry type 'bet'"),
        (lambda text: text.replace('"dealer": "Ann"}', '"dealer": "Ann"'), 2, "not a JSON line"),
        (lambda text: text.replace('"scorepad": 1', '"scorepad": 2'), 1, "newer scorepad"),
        (lambda text: text.replace('"five_hundred"', '"canasta"'), 1, "unknown game 'canasta'"),
        (lambda text: text.replace('"rules": {}', '"rules": {"target": "lots"}'), 1, "bad rules"),
        (lambda text: "\x00\xff garbage\n" + text, 1, "not JSON"),
        (lambda text: "", 1, "empty"),
    ],
)
def test_a_damaged_file_names_file_line_and_cause(tmp_path, damage, line, cause):
    path = make_game(tmp_path, DEAL)
    original = path.read_text(encoding="utf-8")
    path.write_text(damage(original), encoding="utf-8", errors="surrogateescape")
    written = path.read_bytes()
    with pytest.raises(LogError) as caught:
        load_game(path)  # the store's reading and the rules' header check, as every command reads a game
    error = caught.value
    assert (error.path, error.line) == (path, line)
    assert cause in str(error)
    assert str(error).startswith(f"{path}: line {line}: ")
    assert "\n" not in str(error)
    assert path.read_bytes() == written  # nothing overwritten


def test_binary_garbage_in_an_entry_line(tmp_path):
    path = make_game(tmp_path, DEAL)
    with open(path, "ab") as f:
        f.write(b"\x89PNG\r\x00\x00garbage\n")
    with pytest.raises(LogError) as caught:
        load(path)
    assert caught.value.line == 4


def test_a_game_of_another_kind_in_the_header(tmp_path):
    path = make_game(tmp_path, DEAL)
    path.write_text(path.read_text().replace('"five_hundred"', '"jass"', 1))
    with pytest.raises(LogError) as caught:
        load(path)
    assert caught.value.line in (1, 2, 3)


def test_listing_reports_damaged_files_without_failing(scorepad_home):
    good = create(new_header("jass", ["A", "B", "C", "D"]))
    bad = games_dir() / "broken.jsonl"
    bad.write_text("not json\n")
    listed = {g.path: g for g in list_games()}
    assert listed[good].log is not None
    assert listed[bad].log is None and "line 1" in listed[bad].error


def test_a_second_scorepad_opens_read_only(tmp_path):
    path = make_game(tmp_path, DEAL)
    script = textwrap.dedent(f"""
        import sys, time
        from scorepad.store.game_file import GameFile
        game = GameFile.open({str(path)!r})
        print("locked", flush=True)
        sys.stdin.readline()
    """)
    holder = subprocess.Popen(
        [sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout.readline().strip() == "locked"
        second = GameFile.open(path)
        assert second.readonly
        assert any("read-only" in n for n in second.notices)
        with pytest.raises(StoreError, match="read-only"):
            second.append(Deal(dealer="Bob"))
        second.close()
    finally:
        holder.communicate("\n", timeout=10)
    with GameFile.open(path) as third:  # the lock went with the other process
        assert not third.readonly


def test_new_files_are_created_exclusively_and_synced(scorepad_home):
    head = new_header("five_hundred", ["Ann", "Bob", "Cid"])
    path = create(head)
    assert load(path).header == head
    with pytest.raises(FileExistsError):
        create(head)
    assert oct(os.stat(path).st_mode & 0o777) == "0o644"


# --------------------------------------------------------------------------- two scorepads, one game


def holder_script(path, appends: int = 0, big_every: int = 0) -> str:
    """A second scorepad: takes the lock, says "locked", appends notes, says "done", waits for a line."""
    return textwrap.dedent(f"""
        import sys
        from scorepad.log import Note
        from scorepad.store.game_file import GameFile
        game = GameFile.open({str(path)!r})
        assert not game.readonly
        print("locked", flush=True)
        for n in range({appends}):
            size = 20_000 if {big_every} and n % {big_every} == 0 else 10 + n % 200
            game.append(Note(text=f"note {{game.next_seq}} " + "y" * size))
        print("done", flush=True)
        sys.stdin.readline()
    """)


def start_holder(path, **kwargs) -> subprocess.Popen:
    holder = subprocess.Popen(
        [sys.executable, "-c", holder_script(path, **kwargs)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout.readline().strip() == "locked"
    return holder


def test_a_reader_never_sees_a_partial_or_interleaved_line_while_the_other_appends(tmp_path):
    path = make_game(tmp_path, DEAL)
    appends = 400
    holder = start_holder(path, appends=appends, big_every=7)
    done = threading.Event()
    threading.Thread(target=lambda: holder.stdout.readline() and done.set(), daemon=True).start()
    seen: list[int] = []
    sizes: list[int] = []
    deadline = time.monotonic() + 60
    try:
        while True:
            finished = done.is_set()  # read before the view: a view after "done" must be complete
            sizes.append(path.stat().st_size)
            with GameFile.open(path) as view:  # the writer holds the lock: this one is read-only
                assert view.readonly and any("read-only" in n for n in view.notices)
                logged = view.entries
            assert [e.seq for e in logged] == list(range(1, len(logged) + 1))
            assert [e.type for e in logged[:2]] == ["deal", "bid"]
            for entry in logged[2:]:  # every note whole, and the one its seq says
                assert re.fullmatch(rf"note {entry.seq} y+", entry.text), entry.text[:30]
            seen.append(len(logged))
            if finished:
                break
            assert time.monotonic() < deadline, "the writer did not finish in 60 s"
    finally:
        holder.communicate("\n", timeout=30)
    assert seen == sorted(seen), "a later view showed fewer entries"
    assert seen[-1] == len(DEAL) + appends
    assert len(set(seen)) >= 3, f"the views should catch the writer mid-way: {sorted(set(seen))}"
    assert sizes == sorted(sizes), "a reader must never cut the writer's file"
    assert not path.with_name(path.name + ".torn").exists()
    final = load(path)
    assert final.torn == b"" and len(final.entries) == len(DEAL) + appends


def test_open_loads_under_the_lock_so_it_follows_the_last_writer(tmp_path, monkeypatch):
    """Another scorepad appends and lets go just before this one takes the lock: what this one
    loaded must include that entry, or its next append would repeat a seq."""
    import fcntl

    import scorepad.store.game_file as store

    path = make_game(tmp_path, DEAL)
    real_flock = fcntl.flock

    def flock_after_another_append(fd, operation):
        monkeypatch.setattr(store.fcntl, "flock", real_flock)
        with GameFile.open(path) as other:
            other.append(FHBid(player="Cid", call="pass"))
        return real_flock(fd, operation)

    monkeypatch.setattr(store.fcntl, "flock", flock_after_another_append)
    with GameFile.open(path) as game:
        assert game.next_seq == 4
        game.append(FHBid(player="Ann", call="pass"))
    assert [e.seq for e in load(path).entries] == [1, 2, 3, 4]


async def test_the_app_shows_a_game_held_elsewhere_read_only_without_a_form(tmp_path):
    from textual.widgets import Static

    from scorepad.tui.app import ScorepadApp
    from scorepad.tui.screens.game import GameScreen
    from scorepad.tui.widgets.entry_form import EntryForm

    path = make_game(tmp_path, DEAL)
    before = path.read_bytes()
    holder = start_holder(path)
    try:
        assert holder.stdout.readline().strip() == "done"
        app = ScorepadApp(open_path=path, remember_theme=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            assert app.screen.game_file.readonly
            banner = app.screen.query_one("#readonly", Static)
            assert "Read-only" in str(banner.render()) and banner.display
            assert not app.screen.query(EntryForm)
            assert any("open in another scorepad" in n.message for n in app._notifications)
            await pilot.press("ctrl+z")  # undo would log a void: refused, nothing written
            await pilot.pause()
    finally:
        holder.communicate("\n", timeout=10)
    assert path.read_bytes() == before


# --------------------------------------------------------------------------- a failed append leaves no trace


def test_a_short_write_is_cut_back_and_reported(tmp_path, monkeypatch):
    import scorepad.store.game_file as store

    path = make_game(tmp_path, DEAL)
    before = path.read_bytes()
    real_write = os.write
    with GameFile.open(path) as game:
        monkeypatch.setattr(store.os, "write", lambda fd, data: real_write(fd, data[:17]))  # a full disk
        with pytest.raises(StoreError, match="took only 17 of .* nothing was logged"):
            game.append(FHBid(player="Cid", call="pass"))
        monkeypatch.setattr(store.os, "write", real_write)
        assert path.read_bytes() == before and game.next_seq == 3
        assert game.append(FHBid(player="Cid", call="6S")).seq == 3  # the next one lands cleanly
    loaded = load(path)
    assert [e.seq for e in loaded.entries] == [1, 2, 3] and loaded.torn == b""
    assert loaded.entries[-1].call == "6S"


def test_a_failed_fsync_is_cut_back_and_reported(tmp_path, monkeypatch):
    import errno

    import scorepad.store.game_file as store

    path = make_game(tmp_path, DEAL)
    before = path.read_bytes()
    real_fsync = os.fsync
    calls = []

    def fsync_fails_once(fd):
        calls.append(fd)
        if len(calls) == 1:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_fsync(fd)

    with GameFile.open(path) as game:
        monkeypatch.setattr(store.os, "fsync", fsync_fails_once)
        with pytest.raises(StoreError, match=r"No space left on device\); nothing was logged"):
            game.append(FHBid(player="Cid", call="pass"))
        assert path.read_bytes() == before and len(game.entries) == 2
    assert [e.seq for e in load(path).entries] == [1, 2]


def test_a_torn_tail_that_cannot_be_set_aside_is_not_cut(tmp_path):
    path = make_game(tmp_path, DEAL)
    with open(path, "ab") as f:
        f.write(b'{"seq": 3, "ty')
    before = path.read_bytes()
    path.with_name(path.name + ".torn").mkdir()  # where the tail would go: not a file
    with GameFile.open(path) as game:
        assert game.readonly
        assert any("could not be set aside" in n for n in game.notices)
        with pytest.raises(StoreError, match="read-only"):
            game.append(FHBid(player="Cid", call="pass"))
    assert path.read_bytes() == before


def test_a_log_error_is_always_one_line():
    error = LogError("odd\nname.jsonl", 2, "sides name unknown players: Ann\nEve\r\tx\x1b[2J\u2028 Zoë ♣")
    assert str(error) == (
        "odd\\nname.jsonl: line 2: sides name unknown players: Ann\\nEve\\r\\tx\\x1b[2J\\u2028 Zoë ♣"
    )
    assert error.line == 2 and "\n" not in error.cause


def test_listing_order_is_newest_first_and_stable_on_ties(scorepad_home):
    directory = games_dir()
    directory.mkdir(parents=True)
    names = ["b.jsonl", "a.jsonl", "c.jsonl", "old.jsonl"]
    for name in names:
        (directory / name).write_text("not a game\n")
        os.utime(directory / name, (1_795_000_000, 1_795_000_000))
    os.utime(directory / "old.jsonl", (1_700_000_000, 1_700_000_000))
    assert [g.path.name for g in list_games()] == ["a.jsonl", "b.jsonl", "c.jsonl", "old.jsonl"]
