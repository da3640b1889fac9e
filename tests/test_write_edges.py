"""Nothing scorepad writes goes through a planted link, and a new game appears only whole.

Each attack here worked before: a `.torn` link to the user's shell start-up file, a game file that is a link, a
kill between creating a game file and writing its header, a link where the saved-games index goes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from scorepad.log import FHBid
from scorepad.store.files import UnsafePath, open_for_writing, write_file_atomically
from scorepad.store.game_file import GameFile, create, games_dir, load, new_header

from .helpers import entries, header, log_lines

DEAL = [{"type": "deal", "dealer": "Ann"}, {"type": "bid", "player": "Bob", "call": "6S"}]


def make_game(folder: Path) -> Path:
    path = folder / "friday.jsonl"
    path.write_text(log_lines(header("five_hundred", ["Ann", "Bob", "Cid"]), entries("five_hundred", *DEAL)))
    return path


def tear(path: Path, tail: bytes = b"; echo PWNED #") -> None:
    with open(path, "ab") as file:
        file.write(tail)


def test_a_torn_tail_is_never_written_through_a_planted_link(tmp_path):
    path = make_game(tmp_path)
    tear(path)
    victim = tmp_path / "bashrc"
    victim.write_text("export PS1='$ '\n")
    (tmp_path / "friday.jsonl.torn").symlink_to(victim)
    size = path.stat().st_size
    with GameFile.open(path) as game:
        assert game.readonly
        notice = " ".join(game.notices)
        assert "friday.jsonl.torn is a symbolic link" in notice and "opened read-only" in notice
        assert "symbolic link" in game.readonly_reason
    assert victim.read_text() == "export PS1='$ '\n"
    assert path.stat().st_size == size  # the torn tail is kept: cut nothing, write nothing
    assert (tmp_path / "friday.jsonl.torn").is_symlink()


def test_a_torn_tail_link_to_another_game_leaves_that_game_whole(tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    other_game = make_game(other)
    before = other_game.read_bytes()
    path = make_game(tmp_path)
    tear(path, b'{"type": "bid"')
    (tmp_path / "friday.jsonl.torn").symlink_to(other_game)
    GameFile.open(path).close()
    assert other_game.read_bytes() == before
    assert len(load(other_game).entries) == 2


def test_a_fifo_at_the_torn_place_does_not_hang_the_open(tmp_path):
    path = make_game(tmp_path)
    tear(path)
    os.mkfifo(tmp_path / "friday.jsonl.torn")
    with GameFile.open(path) as game:
        assert game.readonly and "pipe" in " ".join(game.notices)


def test_a_game_file_that_is_a_link_is_read_but_never_written(tmp_path):
    real = make_game(tmp_path)
    link = tmp_path / "linked.jsonl"
    link.symlink_to(real)
    before = real.read_bytes()
    with GameFile.open(link) as game:
        assert game.readonly and "symbolic link" in " ".join(game.notices)
        assert len(game.entries) == 2
        with pytest.raises(Exception, match="read-only"):
            game.append(FHBid(player="Cid", call="pass"))
    assert real.read_bytes() == before


@pytest.mark.parametrize("what", ["link", "fifo", "folder"])
def test_open_for_writing_refuses_what_is_not_a_file(tmp_path, what):
    path = tmp_path / "target"
    victim = tmp_path / "victim"
    victim.write_text("kept")
    if what == "link":
        path.symlink_to(victim)
    elif what == "fifo":
        os.mkfifo(path)
    else:
        path.mkdir()
    with pytest.raises(UnsafePath, match="does not write through it"):
        open_for_writing(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    with pytest.raises(UnsafePath):
        write_file_atomically(path, b"new")
    assert victim.read_text() == "kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["target", "victim"]  # no temporary left


def test_write_file_atomically_replaces_a_regular_file_whole(tmp_path):
    path = tmp_path / "config.json"
    path.write_text("old")
    write_file_atomically(path, b"new", mode=0o600)
    assert path.read_text() == "new" and (path.stat().st_mode & 0o777) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["config.json"]


KILLED_IN_CREATE = textwrap.dedent("""
    import os, signal, sys
    from scorepad.store import game_file as store
    real = store._write_all
    def killed(fd, data):
        if sys.argv[1] == "half":
            os.write(fd, data[: len(data) // 2])
        os.kill(os.getpid(), signal.SIGKILL)
    store._write_all = killed
    store.create(store.new_header("jass", ["Ann", "Bob", "Cid", "Dan"]))
""")


@pytest.mark.parametrize("moment", ["before", "half"])
def test_a_kill_while_a_game_is_created_leaves_no_game(moment, scorepad_home):
    done = subprocess.run(
        [sys.executable, "-c", KILLED_IN_CREATE, moment],
        capture_output=True,
        timeout=60,
        env={**os.environ, "SCOREPAD_HOME": str(scorepad_home)},
        check=False,
    )
    assert done.returncode == -signal.SIGKILL, done.stderr
    assert list(games_dir().glob("*.jsonl")) == []  # no empty or half game: nothing in the list


def test_a_created_game_opens_and_nothing_else_is_left(tmp_path):
    path = create(new_header("five_hundred", ["Ann", "Bob", "Cid"]), tmp_path)
    assert list(load(path).header.players) == ["Ann", "Bob", "Cid"]
    assert [p.name for p in tmp_path.iterdir()] == [path.name]
    assert (path.stat().st_mode & 0o777) == 0o644


def test_create_never_replaces_what_stands_at_its_name(tmp_path):
    head = new_header("five_hundred", ["Ann", "Bob", "Cid"])
    path = create(head, tmp_path)
    path.unlink()
    victim = tmp_path / "victim"
    victim.write_text("kept")
    path.symlink_to(victim)
    with pytest.raises(FileExistsError):
        create(head, tmp_path)
    assert victim.read_text() == "kept" and path.is_symlink()


def test_a_link_where_the_saved_games_index_goes_is_left_alone(tmp_path, monkeypatch):
    from scorepad.library.index import Index, index_path

    victim = tmp_path / "victim"
    victim.write_text("kept")
    index = index_path()
    index.parent.mkdir(parents=True)
    index.symlink_to(victim)
    with Index.open() as opened:
        assert opened.path is None  # the index kept in memory for this reading
    assert victim.read_text() == "kept" and index.is_symlink()
    assert sorted(p.name for p in index.parent.iterdir()) == [index.name]
