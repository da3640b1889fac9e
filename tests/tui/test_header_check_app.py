"""Headers the screens cannot show open as one line in the app, like a damaged file, never a crash."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from scorepad.store.game_file import games_dir
from scorepad.tui.screens.home import HomeScreen

from ..test_header_check import UNPLAYABLE, write_header
from .conftest import make_app, settle


def recording(app):
    said: list[tuple[str, str]] = []
    notify = app.notify

    def record(message, *, title="", **kwargs):
        said.append((title, str(message)))
        return notify(message, title=title, **kwargs)

    app.notify = record
    return said


@pytest.mark.parametrize("name", UNPLAYABLE)
async def test_opening_an_unplayable_header_says_one_line(name):
    games_dir().mkdir(parents=True)
    path = write_header(games_dir() / f"{name}.jsonl", *UNPLAYABLE[name])
    app = make_app(open_path=path)
    said = recording(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert ("Cannot open this game", f"{path}: line 1: ") in [
            (t, m[: len(str(path)) + 10]) for t, m in said
        ]
        damaged = str(app.screen.query_one("#damaged", Static).render())
        assert "two partnerships of two" in damaged
        await pilot.press("enter")  # nothing to resume: the list holds no playable game
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)


async def test_the_new_game_screen_refuses_a_pasted_control_character_with_the_reason():
    from textual import events
    from textual.widgets import Input

    from scorepad.tui.screens.new_game import NewGameScreen

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        players = app.screen.query_one("#players", Input)
        players.focus()
        await pilot.press(*"Ann, Bob, ")
        players.post_message(events.Paste("Cid\x1b]0;owned\x07"))
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)  # not started
        shown = str(app.screen.query_one("#form-error", Static).render())
        assert "cannot hold control or text-direction characters (found \\x1b, \\x07)" in shown
        assert not games_dir().exists() or not list(games_dir().iterdir())
        await pilot.press("ctrl+a", "ctrl+k")  # clear the players
        await pilot.press(*"Ann, Bob, Cid")
        title = app.screen.query_one("#title", Input)
        title.focus()
        title.post_message(events.Paste("Fri\u202eday"))
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert "the title cannot hold control" in str(app.screen.query_one("#form-error", Static).render())
