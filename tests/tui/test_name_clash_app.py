"""One player, one name in the app: the new-game screen and the rename dialog refuse two names a table cannot
tell apart, in one line naming both."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.widgets import Input, Static

import scorepad.tui
from scorepad.rules.names import visible
from scorepad.store.game_file import games_dir, load
from scorepad.tui.screens.form_dialog import ERROR_ID
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.screens.modals import RenameScreen
from scorepad.tui.screens.new_game import NewGameScreen

from ..rules.test_name_clash import LOOK_ALIKES, TWO_NAMES
from .conftest import make_app, settle


def _said(first: str, second: str) -> str:
    return f"“{visible(first)}” and “{visible(second)}” look the same at the table: give one of them another name"


async def _new_game(app, pilot) -> NewGameScreen:
    await settle(pilot)
    app.push_screen(NewGameScreen("five_hundred"))
    await settle(pilot)
    assert isinstance(app.screen, NewGameScreen)
    return app.screen


async def test_the_new_game_screen_refuses_look_alike_names(scorepad_home):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _new_game(app, pilot)
        for case, (first, second) in LOOK_ALIKES.items():
            screen.query_one("#players", Input).value = f"{first}, Cid, {second}"  # put there, not typed
            await settle(pilot)
            assert _said(first, second) in str(screen.query_one("#sides-preview", Static).render()), case
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert app.screen is screen, case  # not started
            shown = str(screen.query_one("#form-error", Static).render())
            assert shown == _said(first, second), case
        assert not games_dir().exists() or not list(games_dir().iterdir())


async def test_the_new_game_screen_takes_names_that_differ(scorepad_home):
    players = [*TWO_NAMES["a letter more"], *TWO_NAMES["an accent"]]
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _new_game(app, pilot)
        screen.query_one("#players", Input).value = ", ".join(players)
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert load(app.screen.game_file.path).header.players == tuple(players)


class Host(App[None]):
    CSS_PATH = Path(scorepad.tui.__file__).parent / "scorepad.tcss"

    def __init__(self, dialog: RenameScreen):
        super().__init__()
        self.dialog = dialog
        self.results: list[Any] = []

    def on_mount(self) -> None:
        self.push_screen(self.dialog, self.results.append)


async def _rename(names: dict[str, str], player: str, new_name: str) -> tuple[Host, str]:
    """The rename dialog over a table called `names`, `player` given `new_name`, Enter: what came back, what it said."""
    app = Host(RenameScreen(names))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.dialog.query_one("#rename-player", Input).value = player
        app.dialog.query_one("#rename-new", Input).value = new_name
        app.dialog.query_one("#rename-new", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        if app.screen is not app.dialog:  # saved and closed
            return app, ""
        return app, str(app.dialog.query_one(f"#{ERROR_ID}", Static).render())


@pytest.mark.parametrize("pair", LOOK_ALIKES.values(), ids=list(LOOK_ALIKES))
async def test_the_rename_dialog_refuses_a_look_alike_of_another_player(pair):
    first, second = pair
    app, said = await _rename({first: first, "Cid": "Cid"}, "Cid", second)
    assert app.results == []  # still open: nothing logged
    assert said == _said(first, second)


async def test_the_rename_dialog_takes_a_name_that_differs():
    app, said = await _rename({"Ann": "Ann", "Cid": "Cid"}, "Cid", "Anna")
    assert app.results == [("Cid", "Anna")] and said == ""
