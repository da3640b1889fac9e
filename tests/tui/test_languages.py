"""The app in the table's language: the palette's Language command switches the running app (and is kept for
next time), and the new-game screen's words fit 80×24 in the longer languages."""

from __future__ import annotations

import html
import re

import pytest
from textual.widgets import Button, Input, Label, Static

from scorepad.locale import language, set_language, suit_style
from scorepad.store.config import load_config
from scorepad.store.game_file import create, new_header
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.screens.home import HomeScreen

from .conftest import make_app, no_blink, settle


def screen_lines(app) -> list[str]:
    """The screen as text, a line per row (read from the screenshot Textual draws)."""
    rows: dict[float, list[tuple[float, str]]] = {}
    for found in re.finditer(
        r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', app.export_screenshot()
    ):
        x, y, text = found.groups()
        rows.setdefault(float(y), []).append((float(x), html.unescape(text).replace("\xa0", " ")))
    return ["".join(text for _x, text in sorted(parts)) for _y, parts in sorted(rows.items())]


async def run_command(pilot, words: str) -> None:
    """Open the command palette, type `words` and run the command found first."""
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*words)
    await pilot.pause(0.3)  # the palette searches as the words are typed
    await pilot.press("down", "enter")
    await settle(pilot)


async def test_the_palettes_language_command_speaks_german_at_once_and_next_time(scorepad_home):
    create(new_header("five_hundred", ["Ann", "Bob", "Cid"], title="Friday"))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert "Your games" in str(app.screen.query_one("#home-intro", Static).render())
        await run_command(pilot, "Deutsch")
        assert language() == "de"
        assert isinstance(app.screen, HomeScreen)
        shown = "\n".join(screen_lines(app))
        assert "Deine Spiele" in shown  # the intro
        assert "zuletzt gespielt" in shown  # a column's heading
        assert "Neues Spiel" in shown and "Statistik" in shown  # the footer's keys
        assert "Your games" not in shown
        assert load_config()["language"] == "de"


async def test_switching_the_language_over_a_game_makes_the_game_screen_again_in_it(scorepad_home):
    path = create(new_header("jass", ["Ann", "Bob", "Cid", "Dan"]))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.open_game(path)
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        app.switch_language("ru")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.game_file.path == path
        assert len(app.screen_stack) == 3  # over the saved games, as before: Esc leads home
        shown = "\n".join(screen_lines(app))
        assert "Журнал" in shown  # the log pane's title
        assert "Log —" not in shown


async def test_the_palettes_suits_command_is_kept_as_the_players_preference(scorepad_home):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await run_command(pilot, "German-suited")
        assert suit_style() == "german"
        assert load_config()["suits"] == "german"


async def open_new_game(pilot) -> None:
    await pilot.press("n")
    await settle(pilot)
    pilot.app.screen.query_one("#players", Input).value = "Ann, Bob, Cid"
    await settle(pilot)
    no_blink(pilot.app)


@pytest.mark.parametrize("code", ["de", "ru"])
async def test_the_new_game_screens_words_are_whole_at_80_by_24(code, scorepad_home):
    set_language(code)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_new_game(pilot)
        shown = "\n".join(screen_lines(app))
        screen = app.screen
        words = [str(label.render()) for label in screen.query(Label) if label.region.height]
        words += [str(button.label) for button in screen.query(Button) if button.region.height]
        assert words and all(word in shown for word in words), [w for w in words if w not in shown]
        assert ("Spiel beginnen" if code == "de" else "Начать партию") in shown  # the footer's key


@pytest.mark.parametrize("code", ["de", "ru"])
def test_new_game_snapshot_in_another_language_at_80_by_24(code, snap_compare, snapshot_home):
    set_language(code)
    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=open_new_game)
