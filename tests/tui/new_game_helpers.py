"""The new-game screen as a player reaches it: `n` on the saved games, and its folded settings opened with Enter
on their line."""

from __future__ import annotations

from textual.widgets import Collapsible

from scorepad.tui.screens.new_game import NewGameScreen
from scorepad.tui.widgets.settings_form import SettingsForm

from .conftest import settle


async def open_settings(pilot, screen: NewGameScreen) -> SettingsForm:
    box = screen.query_one("#settings-box", Collapsible)
    assert box.collapsed  # folded until asked for
    box.query_one("CollapsibleTitle").focus()  # the line saying how the settings stand
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)
    assert not box.collapsed
    return screen.query_one(SettingsForm)


async def new_game_by_n(pilot) -> NewGameScreen:
    """The app started and settled, `n` pressed: the new-game screen it opens."""
    await settle(pilot)
    await pilot.press("n")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, NewGameScreen)
    return screen
