"""The app shows a hostile hand-edited game: markup-looking names as typed, control characters written out."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Static

from scorepad.store.game_file import games_dir
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.screens.home import HomeScreen
from scorepad.tui.screens.stats import StatsScreen
from scorepad.tui.widgets.log_pane import LogPane

from ..hostile import MARKUP_NAMES, hostile_game, no_raw
from .conftest import make_app, settle


def shown(app) -> str:
    """What the screen shows, as the terminal would get it (the SVG of the screen's text)."""
    return app.export_screenshot()


async def test_home_game_and_statistics_show_hostile_text_plainly():
    games_dir().mkdir(parents=True)
    path = hostile_game(games_dir() / "hostile.jsonl")
    before = path.read_bytes()
    app = make_app()
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        cells = [str(c) for c in app.screen.query_one("#games", DataTable).get_row_at(0)]
        assert "Fri\\x1b]0;pwned\\x07day\\u202e\\x85\\x9b2J" in cells
        assert ", ".join(MARKUP_NAMES) in cells
        assert all(no_raw(cell) for cell in cells)

        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert no_raw(app.screen.title) and "\\x1b]0;pwned" in app.screen.title
        assert no_raw(app.screen.sub_title or "") and "[link=file:///etc/passwd]x" in app.screen.sub_title
        log = app.screen.query_one(LogPane)
        lines = [str(log.get_row_at(i)[1]) for i in range(log.row_count)]
        assert lines[0] == "note: \\x1b]52;c;aGk=\\x07 clipboard"
        assert "Zed\\x1b[2J\\x7f" in lines[4] and "refused" in lines[4]
        assert "C\\x1b[31mid" in lines[5] and "cannot hold control" in lines[5]
        assert all(no_raw(line) for line in lines)
        screen_text = shown(app)
        assert no_raw(screen_text) and "[/]" in screen_text

        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen)  # a player called [/] does not crash the statistics
        stats_text = shown(app)
        for name in ("[/]", "[bold]Cid"):
            assert name in stats_text.replace("&#160;", " ")
        assert no_raw(stats_text)
        assert str(app.screen.query_one("#stats", Static).render())  # drawn
    assert path.read_bytes() == before


MARKUP_FOUR = ["[/]", "[link=file:///etc/passwd]x", "[bold]Cid", "Dan[/b]"]


@pytest.mark.parametrize(
    ("game", "players"),
    [("five_hundred", MARKUP_NAMES), ("jass", MARKUP_FOUR), ("auction_bridge", MARKUP_FOUR)],
)
async def test_every_dialog_takes_players_named_like_markup(game, players):
    from scorepad.store.game_file import create, new_header

    path = create(new_header(game, list(players), title="[red]Friday[/]"))
    app = make_app(open_path=path)
    async with app.run_test(
        size=(120, 40)
    ) as pilot:  # a markup error anywhere would stop the app and raise here
        await settle(pilot)
        game_screen = app.screen
        assert isinstance(game_screen, GameScreen)
        assert "[red]Friday[/]" in app.screen.title
        for key in ("ctrl+r", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f10", "ctrl+n"):
            await pilot.press(key)
            await settle(pilot)
            if app.screen is not game_screen:
                assert no_raw(shown(app))
                await pilot.press("escape")
                await settle(pilot)
            if app.screen is not game_screen:  # the new-game screen for a rematch: back to the game
                app.pop_screen()
                await settle(pilot)
            assert app.screen is game_screen, key
        assert players[0] in shown(app)
