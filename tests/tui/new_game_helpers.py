"""Opening the new-game screen's folded settings as a player does: Enter on their line."""

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
