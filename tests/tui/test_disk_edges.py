"""The app when the disk lets it down: the game's file deleted or replaced while open, a full disk (a small
tmpfs, as root), a read-only file. Every message is true: "Logged" only for what is on disk."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from textual.widgets import Input, Static

from scorepad.log import dump_entry
from scorepad.store.game_file import create, load, new_header
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.screens.modals import SaveAsNewScreen
from scorepad.tui.screens.new_game import NewGameScreen

from .conftest import make_app, settle

PLAYERS = ["Ann", "Bob", "Cid", "Dan"]
SIDES = {"We": ["Ann", "Cid"], "They": ["Bob", "Dan"]}
DEAL_KEYS = [
    "a",
    "tab",
    "4",
    "h",
    "tab",
    "9",
    "tab",
    "w",
    "3",
    "enter",
]  # declarer, contract, tricks, honours


def new_rubber(directory: Path | None = None) -> Path:
    return create(new_header("auction_bridge", PLAYERS, sides=SIDES), directory)


def status(app) -> str:
    return str(app.screen.query_one("#form-status", Static).render())


def readonly_banner(app) -> str:
    return str(app.screen.query_one("#readonly", Static).render())


# --------------------------------------------------------------------------- the file changed underneath


@pytest.mark.parametrize(
    "change, said",
    [
        (lambda p: p.unlink(), "was deleted"),
        (
            lambda p: (p.with_name("x").write_bytes(p.read_bytes()), os.replace(p.with_name("x"), p)),
            "was replaced",
        ),
    ],
)
async def test_a_file_swapped_while_open_is_never_logged_to_and_the_deal_is_saved_as_a_new_game(change, said):
    path = new_rubber()
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(*DEAL_KEYS)
        await settle(pilot)
        assert "Logged" in status(app)
        change(path)
        on_disk = path.read_bytes() if path.exists() else None
        screen = app.screen
        await pilot.press("b", "tab", "2", "s", "tab", "8", "tab", "t", "3", "enter")
        await settle(pilot)
        assert isinstance(app.screen, SaveAsNewScreen)
        question = str(app.screen.query_one("#save-as-new-reason", Static).render())
        assert said in question and "6 entries, 3 of them not yet on disk" in question
        assert (path.read_bytes() if path.exists() else None) == on_disk  # not one byte went to the old file
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen is not screen
        saved = app.screen.game_file.path
        assert saved != path and not app.screen.game_file.readonly
        assert [e.type for e in load(saved).entries] == ["deal", "contract", "result"] * 2
        await pilot.press("c", "tab", "1", "n", "t", "tab", "7", "tab", "t", "3", "enter")  # play goes on
        await settle(pilot)
        assert "Logged" in status(app) and len(load(saved).entries) == 9


async def test_a_swapped_file_declined_leaves_a_banner_and_ctrl_s_asks_again():
    path = new_rubber()
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        path.unlink()
        await pilot.press(*DEAL_KEYS)
        await settle(pilot)
        assert isinstance(app.screen, SaveAsNewScreen)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        banner = readonly_banner(app)
        assert "the game's file was deleted while the game was open" in banner and "Ctrl+S" in banner
        assert not app.screen.query("EntryForm")  # nothing more can be entered into a lost file
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, SaveAsNewScreen)
    assert not path.exists()


# --------------------------------------------------------------------------- a full disk


@pytest.fixture
def small_disk(tmp_path):
    """A 1 MiB tmpfs (root only): a disk that really fills up."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("a small tmpfs needs root")
    where = tmp_path / "disk"
    where.mkdir()
    if (
        subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(where)], capture_output=True
        ).returncode
        != 0
    ):
        pytest.skip("tmpfs cannot be mounted here")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(disk: Path) -> Path:
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    try:
        while os.write(fd, b"x" * 4096) == 4096:
            pass
    except OSError:  # full
        pass
    finally:
        os.close(fd)
    return filler


def near_a_page_end(path: Path, items: tuple[dict, ...] = ()) -> Path:
    """The game's entries, then a note that leaves its file 30 bytes short of a 4 KiB page: on a full tmpfs
    the next entry needs a page the disk does not have."""
    from scorepad.log import Note, parse_entry
    from scorepad.store.game_file import GameFile

    with GameFile.open(path) as game:
        game.append_many([parse_entry("auction_bridge", item) for item in items])
        size = path.stat().st_size
        empty_note = (
            len(dump_entry(Note(text="", seq=game.next_seq, at=new_header("jass", PLAYERS).created))) + 1
        )
        game.append(Note(text="x" * (4096 - 30 - size - empty_note)))
    assert path.stat().st_size == 4096 - 30
    return path


BRIDGE_DEAL = (
    {"type": "deal", "dealer": "Ann"},
    {"type": "contract", "player": "Ann", "call": "4H"},
    {"type": "result", "tricks": 9, "honours": {"side": "We", "holding": "3"}},
)


async def test_a_full_disk_logs_nothing_of_the_deal_and_says_so(small_disk, monkeypatch):
    monkeypatch.setenv("SCOREPAD_HOME", str(small_disk))
    path = near_a_page_end(new_rubber())
    before = path.read_bytes()
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        filler = fill(small_disk)
        await pilot.press(*DEAL_KEYS)
        await settle(pilot)
        said = status(app)
        assert said.startswith("Not saved: the disk is full") and said.endswith("; nothing was logged")
        assert path.read_bytes() == before  # not part of the deal: none of it
        assert app.screen.query_one("#bridge-declarer", Input).value == "a"  # what was typed is kept
        filler.unlink()
        app.screen.query_one("#bridge-tricks", Input).focus()
        await pilot.press("enter")
        await settle(pilot)
        assert "Logged" in status(app)
        assert [e.type for e in load(path).entries] == ["note", "deal", "contract", "result"]


async def test_undo_on_a_full_disk_says_not_saved_and_never_corrected(small_disk, monkeypatch):
    monkeypatch.setenv("SCOREPAD_HOME", str(small_disk))
    path = near_a_page_end(new_rubber(), BRIDGE_DEAL)
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        fill(small_disk)
        said: list[tuple[str, str]] = []
        monkeypatch.setattr(
            app.screen, "notify", lambda message, title="", **kw: said.append((title, message))
        )
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert len(said) == 1 and said[0][1].startswith("Not saved: the disk is full"), said
        assert [e.type for e in load(path).entries] == ["deal", "contract", "result", "note"]


async def test_a_new_game_on_a_full_disk_says_so_and_leaves_no_file(small_disk, monkeypatch):
    monkeypatch.setenv("SCOREPAD_HOME", str(small_disk))
    (small_disk / "games").mkdir()
    fill(small_disk)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(NewGameScreen("auction_bridge", PLAYERS))
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        said = str(app.screen.query_one("#form-error", Static).render())
        assert said.startswith("Could not start the game: the disk is full")
    assert list((small_disk / "games").iterdir()) == []


def test_the_command_new_on_a_full_disk_is_one_line_and_no_file(small_disk, monkeypatch, capsys):
    from scorepad.cli.main import main

    monkeypatch.setenv("SCOREPAD_HOME", str(small_disk))
    (small_disk / "games").mkdir()
    fill(small_disk)
    assert main(["new", "jass", "--players", "A", "B", "C", "D", "--no-open"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("Could not start the game: the disk is full") and err.count("\n") == 1
    assert list((small_disk / "games").iterdir()) == []


async def test_a_theme_change_on_a_full_disk_is_a_notice_not_a_crash(small_disk, monkeypatch):
    monkeypatch.setenv("SCOREPAD_HOME", str(small_disk))
    fill(small_disk)
    app = make_app()
    app.remember_theme = True
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        said: list[str] = []
        monkeypatch.setattr(app, "notify", lambda message, **kw: said.append(message))
        app.theme = "textual-light"
        await settle(pilot)
        assert app.theme == "textual-light"
        assert said and said[0].startswith("The theme is not remembered for next time")
    assert not (small_disk / "config" / "config.tmp").exists()


# --------------------------------------------------------------------------- read-only


async def test_the_read_only_banner_names_the_real_reason(monkeypatch):
    import scorepad.store.game_file as store

    path = new_rubber()
    real_open = os.open

    def read_only(name, flags, *args):
        if Path(name) == path and flags & os.O_RDWR:
            raise PermissionError(13, "Permission denied", str(name))
        return real_open(name, flags, *args)

    monkeypatch.setattr(store.os, "open", read_only)
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert readonly_banner(app) == "Read-only: the game's file is read-only. Nothing can be entered here."


async def test_a_failed_fsync_never_shows_the_deal_logged(scorepad_home, monkeypatch):
    """The fsync comes before the row is shown: a disk that takes the write but fails to flush it (an I/O error)
    leaves the deal off the sheet in every frame drawn, the file as it was, what was typed kept, and says so."""
    import errno

    from textual.app import App

    import scorepad.store.game_file as store
    from scorepad.tui.widgets.sheet_table import SheetTable

    path = new_rubber(scorepad_home / "games")
    before = path.read_bytes()
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        sheet = app.screen.query_one(SheetTable)
        rows_drawn: list[int] = []
        shown = App._display

        def display(self, screen, renderable) -> None:
            shown(self, screen, renderable)
            rows_drawn.append(sheet.row_count)

        def fsync_fails(fd: int) -> None:
            raise OSError(errno.EIO, "Input/output error")

        monkeypatch.setattr(App, "_display", display)
        monkeypatch.setattr(store.os, "fsync", fsync_fails)
        await pilot.press(*DEAL_KEYS)
        await settle(pilot)
        said = status(app)
        assert said.startswith("Not saved:") and said.endswith("; nothing was logged"), said
        assert rows_drawn and set(rows_drawn) == {0}  # not a frame with the deal's row
        assert path.read_bytes() == before
        assert app.screen.query_one("#bridge-declarer", Input).value == "a"
