"""The home screen's `l`: the language picked from a list, spoken at once and kept for next time."""

from __future__ import annotations

import json

from textual.widgets import OptionList

from scorepad.locale import language
from scorepad.store.config import config_path
from scorepad.tui.screens.home import HomeScreen
from scorepad.tui.screens.language import LanguageScreen

from .conftest import make_app, settle


async def test_l_on_the_home_screen_picks_a_language_spoken_at_once_and_kept(scorepad_home):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LanguageScreen)
        choices = app.screen.query_one(OptionList)
        names = [str(choices.get_option_at_index(i).prompt) for i in range(choices.option_count)]
        assert names == ["English", "Deutsch (Schweiz)", "Français", "Italiano", "Русский"]
        assert choices.highlighted == 0  # the language spoken now
        await pilot.press("down", "down", "down", "enter")  # Italiano
        await settle(pilot)
        assert language() == "it"
        assert isinstance(app.screen, HomeScreen)
        footer = " ".join(str(key.render()) for key in app.screen.query("FooterKey"))
        assert "Nuova partita" in footer and "New game" not in footer
        assert json.loads(config_path().read_text())["language"] == "it"


async def test_escape_leaves_the_language_as_it_was(scorepad_home):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        await pilot.press("down", "escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen) and language() == "en"
