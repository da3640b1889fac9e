"""The command palette (Ctrl+P) lists scorepad's commands in a card player's words, not Textual's developer
commands ("Save an SVG 'screenshot'", "Show help for the focused widget", "Quit the application as soon as
possible")."""

from __future__ import annotations

from textual.command import CommandPalette

from scorepad.tui.screens.game import GameScreen
from scorepad.tui.screens.home import HomeScreen

from .conftest import make_app, settle
from .test_layout import populated

TEXTUAL_OWN = ("Screenshot", "Keys", "Maximize", "Minimize", "Theme")


async def test_the_palette_offers_scorepads_commands_only(scorepad_home):
    app = make_app(open_path=populated("jass"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        commands = {command.title: command.help for command in app.get_system_commands(screen)}
        assert not set(TEXTUAL_OWN) & set(commands)
        assert not any("application" in words or "widget" in words for words in commands.values())
        assert {"Saved games", "New game", "Laws", "Rename a player", "Export", "Colours", "Quit"} <= set(
            commands
        )
        await pilot.press("ctrl+p")
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"laws", "enter")  # run from the palette: F1's page
        await settle(pilot)
        assert type(app.screen).__name__ == "TextScreen"
        await pilot.press("escape")
        await settle(pilot)
        app.action_go_home()
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        home = {command.title for command in app.get_system_commands(app.screen)}
        chosen = {title for title in home if title.startswith(("Language: ", "Suits: "))}
        assert home - chosen == {
            "Saved games",
            "New game",
            "Colours",
            "Quit",
        }  # a game's commands only in a game
        assert (
            len(chosen) == 5 + 2
        )  # each language by its own name, and the two ways of naming the Jass suits
