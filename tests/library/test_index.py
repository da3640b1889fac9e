"""The saved games' index (scorepad.library.index): where it is made, kept in step with the game files, built
again when it cannot be trusted, never written through a link, and shared by two scorepads at once."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from platformdirs import user_cache_dir

from scorepad.cli.main import main
from scorepad.demo import FIVE_HUNDRED
from scorepad.library import index as index_module
from scorepad.library import saved
from scorepad.library.index import APPLICATION_ID, FILE_NAME, SCHEMA_VERSION, Index, index_path
from scorepad.library.reading import read_saved_games
from scorepad.library.stats import collect_stats
from scorepad.store.files import games_dir
from tests.helpers import entries, header, log_lines

PLAYERS = ["Ann", "Bob", "Cid"]


def write_game(name: str, title: str = "Friday", deals: int = 2) -> Path:
    folder = games_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.jsonl"
    path.write_text(
        log_lines(
            header("five_hundred", PLAYERS, title=title), entries("five_hundred", *FIVE_HUNDRED[: 3 * deals])
        ),
        encoding="utf-8",
    )
    return path


def write_games(count: int) -> list[Path]:
    paths = [write_game(f"game-{number:03}") for number in range(count)]
    for number, path in enumerate(paths):  # game-000 is the newest
        os.utime(path, (1_700_000_000 - 60 * number, 1_700_000_000 - 60 * number))
    return paths


def indexed(database: Path | None = None) -> dict[str, str]:
    """The index's games (file name -> title), read as another program would."""
    with sqlite3.connect(f"file:{database or index_path()}?mode=ro", uri=True) as connection:
        return {
            os.fsdecode(path).rpartition("/")[2]: title
            for path, title in connection.execute("SELECT path, title FROM game")
        }


def header_of(database: Path) -> tuple[int, int, str]:
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        return (
            connection.execute("PRAGMA application_id").fetchone()[0],
            connection.execute("PRAGMA user_version").fetchone()[0],
            connection.execute("PRAGMA journal_mode").fetchone()[0],
        )


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The game files read through the rules (not taken from the index), in order."""
    read: list[Path] = []
    real = saved.read_game

    def counting(path: Path, data: bytes):  # type: ignore[no-untyped-def]
        read.append(path)
        return real(path, data)

    monkeypatch.setattr(saved, "read_game", counting)
    return read


def listed(notices: list[str] | None = None) -> list[str]:
    return [
        game.title or game.error
        for game in read_saved_games(notice=None if notices is None else notices.append)
    ]


# --------------------------------------------------------------------------- where it is made


@pytest.mark.parametrize("command", ["list", "stats"])
def test_the_index_is_made_by_the_command_in_scorepad_home(scorepad_home, command, capsys):
    write_games(2)
    assert main([command]) == 0
    assert index_path() == scorepad_home / "cache" / FILE_NAME
    assert sorted(indexed()) == ["game-000.jsonl", "game-001.jsonl"]
    assert header_of(index_path()) == (APPLICATION_ID, SCHEMA_VERSION, "wal")
    assert capsys.readouterr().err == ""


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG folders are Linux's")
@pytest.mark.parametrize("command", ["list", "stats"])
def test_without_scorepad_home_the_index_is_in_the_user_cache_dir(tmp_path, monkeypatch, command):
    monkeypatch.delenv("SCOREPAD_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    write_games(2)
    assert games_dir().is_relative_to(tmp_path / "data")
    assert main([command]) == 0
    assert index_path() == Path(user_cache_dir("scorepad", appauthor=False)) / FILE_NAME
    assert index_path().is_relative_to(tmp_path / "cache") and len(indexed()) == 2


# --------------------------------------------------------------------------- in step with the files


def test_a_game_unchanged_comes_from_the_index_and_a_changed_one_is_read_again(reads):
    paths = write_games(3)
    assert listed() == ["Friday"] * 3 and len(reads) == 3
    reads.clear()
    assert listed() == ["Friday"] * 3 and reads == []  # each from the index

    before = paths[1].stat()  # other bytes, at the same size and time: the hash tells
    paths[1].write_text(paths[1].read_text().replace('"Friday"', '"Sunday"'))
    os.utime(paths[1], ns=(before.st_atime_ns, before.st_mtime_ns))
    assert paths[1].stat().st_size == before.st_size
    assert listed() == ["Friday", "Sunday", "Friday"] and reads == [paths[1]]

    reads.clear()
    with paths[2].open("a") as file:  # one more deal played: other size and time
        file.write(
            log_lines(header("five_hundred", PLAYERS), entries("five_hundred", *FIVE_HUNDRED[:7])).splitlines(
                keepends=True
            )[-1]
        )
    assert sorted(listed()) == ["Friday", "Friday", "Sunday"] and reads == [paths[2]]
    reads.clear()
    os.utime(paths[0], ns=(before.st_atime_ns, before.st_mtime_ns + 1))  # the time alone
    listed()
    assert reads == [paths[0]]
    assert indexed()["game-001.jsonl"] == "Sunday"


def test_a_game_removed_is_dropped_from_the_index(reads):
    paths = write_games(3)
    listed()
    paths[1].unlink()
    assert listed() == ["Friday", "Friday"]
    assert sorted(indexed()) == ["game-000.jsonl", "game-002.jsonl"]


def test_a_reading_stopped_half_way_keeps_what_it_read_and_drops_nothing(reads):
    write_games(4)
    games = read_saved_games()
    assert next(games).title == "Friday" and next(games).title == "Friday"
    games.close()  # (the list left, the app closed)
    assert len(indexed()) == 2
    reads.clear()
    assert len(listed()) == 4 and len(reads) == 2  # the other two from the index


def test_an_unreadable_file_is_listed_as_one_line_and_counted_as_damaged(reads):
    write_games(2)
    (games_dir() / "noise.jsonl").write_bytes(b"\x1b[31m\x00\xff not a game\n")
    (games_dir() / "a-folder.jsonl").mkdir()
    lines = listed()
    assert lines.count("Friday") == 2 and len(lines) == 4
    stats = collect_stats()
    assert stats is not None and stats.games == {"five_hundred": 2} and len(stats.damaged) == 2
    reads.clear()
    listed()
    assert reads == []  # a damaged file whose bytes did not change is not read again


def test_file_names_that_are_not_utf8_are_kept_exactly(reads):
    write_games(1)
    folder = os.fsencode(games_dir())
    game = folder + b"/caf\xe9.jsonl"  # a Latin-1 name
    with open(game, "wb") as file:
        file.write((games_dir() / "game-000.jsonl").read_bytes())
    with open(folder + b"/bad\xff.jsonl", "wb") as file:
        file.write(b"not a game\n")
    lines = listed()
    assert lines.count("Friday") == 2 and any(
        "bad\\udcff.jsonl: line 1" in line for line in lines
    )  # written out
    reads.clear()
    assert listed() == lines and reads == []
    assert any(str(saved_game.path).endswith("caf\udce9.jsonl") for saved_game in read_saved_games())


# --------------------------------------------------------------------------- built again


def damaged(path: Path) -> None:
    path.write_bytes(b"this is not a database, it is a hand-written note\n" * 200)


def foreign(path: Path) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE recipes (name TEXT)")
        connection.execute("INSERT INTO recipes VALUES ('rösti')")
    connection.close()


def of_version(version: int):  # type: ignore[no-untyped-def]
    def make(path: Path) -> None:
        with sqlite3.connect(path) as connection:
            connection.execute("CREATE TABLE game (path BLOB)")
            connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            connection.execute(f"PRAGMA user_version = {version}")
        connection.close()

    return make


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (damaged, "was damaged"),
        (foreign, "is not scorepad's"),
        (of_version(SCHEMA_VERSION + 1), "was made by a newer scorepad"),
    ],
    ids=["damaged", "foreign", "newer"],
)
def test_an_index_that_cannot_be_trusted_is_built_again_with_one_notice(make, said, capsys):
    write_games(2)
    index_path().parent.mkdir(parents=True)
    make(index_path())
    assert main(["list"]) == 0
    out, err = capsys.readouterr()
    assert out.count("Friday") == 2
    assert err.count("\n") == 1 and said in err and "built again from your game files" in err
    assert header_of(index_path()) == (APPLICATION_ID, SCHEMA_VERSION, "wal") and len(indexed()) == 2
    assert main(["list"]) == 0 and capsys.readouterr().err == ""  # and kept from then on


def test_an_index_of_an_older_scorepad_is_built_again_without_a_word():
    write_games(2)
    index_path().parent.mkdir(parents=True)
    of_version(SCHEMA_VERSION - 1)(index_path())
    notices: list[str] = []
    assert listed(notices) == ["Friday"] * 2 and notices == []
    assert header_of(index_path())[:2] == (APPLICATION_ID, SCHEMA_VERSION)


def test_rows_another_version_of_scorepad_wrote_are_read_again(reads, monkeypatch):
    write_games(2)
    listed()
    monkeypatch.setattr(index_module, "__version__", "99.0")
    reads.clear()
    notices: list[str] = []
    assert listed(notices) == ["Friday"] * 2 and len(reads) == 2 and notices == []


def test_an_index_held_locked_beyond_the_wait_is_built_again_with_one_notice(monkeypatch):
    monkeypatch.setattr(index_module, "BUSY_SECONDS", 0.05)
    write_games(2)
    listed()
    holder = sqlite3.connect(index_path(), isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")  # another program that took the index and hangs
        write_game("game-new")  # something to write
        notices: list[str] = []
        assert len(listed(notices)) == 3
        assert len(notices) == 1 and "held by another program for over 0.05 seconds" in notices[0]
    finally:
        holder.close()
    assert len(indexed()) == 3


def test_an_index_that_fails_half_way_is_built_again_and_every_game_listed_once(monkeypatch):
    write_games(3)
    failed: list[bool] = []
    real = Index.put

    def failing_once(index: Index, folder: Path, items):  # type: ignore[no-untyped-def]
        if not failed:
            failed.append(True)
            raise index_module.IndexTrouble("was damaged")
        return real(index, folder, items)

    monkeypatch.setattr(Index, "put", failing_once)
    notices: list[str] = []
    assert listed(notices) == ["Friday"] * 3 and len(notices) == 1
    assert len(indexed()) == 3


# --------------------------------------------------------------------------- never through a link


@pytest.mark.parametrize("beside", ["", "-wal", "-shm", "-journal"])
def test_a_link_planted_at_the_index_is_not_written_through(tmp_path, beside, capsys):
    write_games(2)
    victim = tmp_path / "victim"
    victim.write_text("kept")
    planted = Path(f"{index_path()}{beside}")
    planted.parent.mkdir(parents=True)
    planted.symlink_to(victim)
    assert main(["list"]) == 0
    out, err = capsys.readouterr()
    assert out.count("Friday") == 2
    assert err.count("\n") == 1 and "symbolic link" in err and "read from their files" in err
    assert main(["stats"]) == 0
    out, err = capsys.readouterr()
    assert "2 games (2 Five Hundred)" in out and err == ""  # said once
    assert victim.read_text() == "kept" and planted.is_symlink()
    assert [p.name for p in planted.parent.iterdir()] == [planted.name]  # nothing written beside it either


def test_a_cache_folder_that_cannot_be_made_is_one_notice_and_the_games_are_read(scorepad_home):
    write_games(2)
    scorepad_home.mkdir(exist_ok=True)
    (scorepad_home / "cache").write_text("a file where the cache folder goes")
    notices: list[str] = []
    assert listed(notices) == ["Friday"] * 2 and len(notices) == 1 and "cannot be kept" in notices[0]
    stats = collect_stats()
    assert stats is not None and stats.games == {"five_hundred": 2}


# --------------------------------------------------------------------------- two scorepads at once


def test_two_scorepads_at_once_share_the_index(scorepad_home):
    write_games(60)
    env = {**os.environ, "SCOREPAD_HOME": str(scorepad_home)}
    commands = (["stats"], ["list"], ["stats"])
    runs = [
        subprocess.Popen(
            [sys.executable, "-m", "scorepad", *command],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            env=env,
            text=True,
        )
        for command in commands
    ]
    done = [run.communicate(timeout=120) for run in runs]
    assert [run.returncode for run in runs] == [0, 0, 0], [err for _, err in done]
    assert [err for _, err in done] == ["", "", ""]
    assert "60 games (60 Five Hundred)" in done[0][0] and done[0][0] == done[2][0]
    assert done[1][0].count("Friday") == 60
    assert len(indexed()) == 60
    with sqlite3.connect(index_path()) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    connection.close()
