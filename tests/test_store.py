"""The store: where games live, append-only writing, torn and bad lines, the lock."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from scorepad.log import Deal, FHBid
from scorepad.store import GameFile, LogError, StoreError, create, games_dir, list_games, load, new_header

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
        load(path)
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
        from scorepad.store import GameFile
        game = GameFile.open({str(path)!r})
        print("locked", flush=True)
        sys.stdin.readline()
    """)
    holder = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True)
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
