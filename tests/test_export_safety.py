"""`scorepad export -o` never destroys anything: no game log written over, an existing file only with --force,
and a failed export leaves the target as it was and no half file."""

from __future__ import annotations

import errno
import os

import pytest

from scorepad.cli.main import main
from scorepad.store.game_file import games_dir

from .helpers import entries, header, log_lines

GAME = [
    {"type": "deal", "dealer": "Ann"},
    {"type": "contract", "player": "Ann", "call": "7H"},
    {"type": "result", "tricks": {"Ann": 8, "Bob": 1, "Cid": 1}},
]


def game_text() -> str:
    return log_lines(header("five_hundred", ["Ann", "Bob", "Cid"]), entries("five_hundred", *GAME))


@pytest.fixture
def game(tmp_path):
    path = tmp_path / "friday.jsonl"
    path.write_text(game_text(), encoding="utf-8")
    return path


def export(game, target, *extra, fmt="md"):
    return main(["export", str(game), "--format", fmt, "-o", str(target), *extra])


def leftovers(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".part"))


@pytest.mark.parametrize("fmt", ["csv", "md", "json"])
@pytest.mark.parametrize("force", [[], ["--force"]])
def test_the_games_own_file_is_refused_even_with_force(game, capsys, fmt, force):
    before = game.read_bytes()
    assert export(game, game, *force, fmt=fmt) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "this game's own log" in err
    assert game.read_bytes() == before


def test_another_game_log_anywhere_is_refused_even_with_force(game, tmp_path, capsys):
    other = tmp_path / "elsewhere" / "notes.md"
    other.parent.mkdir()
    other.write_text(game_text(), encoding="utf-8")  # any name: its first line is a scorepad header
    before = other.read_bytes()
    assert export(game, other, "--force") == 2
    assert "is a scorepad game log" in capsys.readouterr().err
    assert other.read_bytes() == before


def test_a_link_to_the_game_is_refused(game, tmp_path, capsys):
    link = tmp_path / "sheet.md"
    link.symlink_to(game)
    before = game.read_bytes()
    assert export(game, link, "--force") == 2
    assert "own log" in capsys.readouterr().err
    assert game.read_bytes() == before and link.is_symlink()


@pytest.mark.parametrize("name", ["new-sheet.md", "existing.csv", "2026-other.jsonl"])
def test_nothing_is_written_in_the_games_folder(game, capsys, name):
    folder = games_dir()
    folder.mkdir(parents=True)
    if name == "existing.csv":
        (folder / name).write_text("kept\n")
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert export(game, folder / name, "--force") == 2
    assert "games folder" in capsys.readouterr().err
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def test_an_existing_file_is_replaced_only_with_force(game, tmp_path, capsys):
    target = tmp_path / "sheet.md"
    target.write_text("my own notes\n")
    assert export(game, target) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "exists already; add --force to replace it" in err
    assert target.read_text() == "my own notes\n"
    assert export(game, target, "--force") == 0
    assert target.read_text(encoding="utf-8").startswith("# Five Hundred")
    assert leftovers(tmp_path) == []


def test_a_new_file_is_written_whole(game, tmp_path, capsys):
    target = tmp_path / "sheet.csv"
    assert export(game, target, fmt="csv") == 0
    assert capsys.readouterr().out == f"wrote {target}\n"
    assert target.read_text(encoding="utf-8").splitlines()[0].startswith("#,deal,")
    assert leftovers(tmp_path) == []


def test_a_failed_export_leaves_the_old_file_and_no_half_file(game, tmp_path, capsys, monkeypatch):
    target = tmp_path / "sheet.md"
    target.write_text("the old sheet\n")

    def full_disk(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full_disk)
    assert export(game, target, "--force") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not written (No space left on device); nothing was changed" in err
    assert target.read_text() == "the old sheet\n"
    assert leftovers(tmp_path) == []


def test_a_fifo_or_a_folder_is_refused_without_blocking(game, tmp_path, capsys):
    fifo = tmp_path / "x.md"
    os.mkfifo(fifo)
    assert export(game, fifo, "--force") == 2  # opening a FIFO to write (or read) would wait forever
    assert "not a regular file" in capsys.readouterr().err
    assert export(game, tmp_path, "--force") == 2
    assert "is a folder" in capsys.readouterr().err


def test_a_file_with_an_odd_name_is_said_visibly(game, tmp_path, capsys):
    target = tmp_path / "sheet\x1b]0;x\x07.md"
    target.write_text("kept\n")
    assert export(game, target) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\\x1b]0;x\\x07" in err
