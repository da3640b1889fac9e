"""The app shell by keys: home → new game → game screen → back → resume; themes; snapshots."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input, Select, Static

from scorepad.store.config import load_config
from scorepad.store.game_file import GameFile, create, games_dir, list_games, new_header
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.screens.home import HomeScreen
from scorepad.tui.screens.new_game import NewGameScreen

from .conftest import freeze_times, make_app, no_blink, settle


async def test_empty_home_says_how_to_start():
    app = make_app()
    async with app.run_test() as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        intro = str(app.screen.query_one("#home-intro", Static).render())
        assert "No games yet" in intro


async def test_new_game_by_keys_then_resume_it(scorepad_home):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#game", Select).value = "jass"
        await settle(pilot)
        app.screen.query_one("#players", Input).focus()
        await pilot.press(*"Ann, Bob, Cid, Dan")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.header.players == ("Ann", "Bob", "Cid", "Dan")
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        table = app.screen.query_one("#games", DataTable)
        assert table.row_count == 1
        assert "Ann, Bob, Cid, Dan" in [str(c) for c in table.get_row_at(0)]
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
    (listing,) = list(list_games())
    assert listing.log.header.game == "jass"


async def test_new_game_form_refuses_a_wrong_table():
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        app.screen.query_one("#game", Select).value = "auction_bridge"
        await settle(pilot)
        app.screen.query_one("#players", Input).focus()
        await pilot.press(*"Ann, Bob, Cid")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        error = str(app.screen.query_one("#form-error", Static).render())
        assert "4 players" in error and "not 3" in error
    assert not list(list_games())


async def test_side_names_must_match_the_sides():
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        app.screen.query_one("#game", Select).value = "auction_bridge"
        await settle(pilot)
        app.screen.query_one("#players", Input).value = "Ann, Bob, Cid, Dan"
        app.screen.query_one("#side-names", Input).value = "We"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert "give 2 side names" in str(app.screen.query_one("#form-error", Static).render())
        app.screen.query_one("#side-names", Input).value = "We, They"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.header.sides == {"We": ("Ann", "Cid"), "They": ("Bob", "Dan")}


async def test_the_chosen_theme_is_remembered(scorepad_home):
    from scorepad.tui.app import ScorepadApp

    app = ScorepadApp()
    async with app.run_test() as pilot:
        await settle(pilot)
        assert app.theme == "green-felt"
        app.theme = "chalkboard"
        await settle(pilot)
    assert load_config()["theme"] == "chalkboard"
    again = ScorepadApp()
    assert again.theme == "chalkboard"


async def test_the_remembered_theme_colours_the_first_frame_and_a_change_recolours(scorepad_home):
    # the theme is set as the app is made, before the stylesheet is parsed: its colours are in the first frame
    # (the stylesheet parsed with its variables), and a theme changed later restyles what is on screen
    from textual.color import Color

    from scorepad.store.config import update_config
    from scorepad.tui.app import ScorepadApp

    update_config(theme="paper-pad")
    app = ScorepadApp(remember_theme=False)
    async with app.run_test() as pilot:
        await settle(pilot)
        assert app.theme == "paper-pad"
        paper = app.get_theme("paper-pad")
        assert paper is not None and paper.background is not None
        assert app.screen.styles.background == Color.parse(paper.background)
        app.theme = "chalkboard"
        await settle(pilot)
        chalk = app.get_theme("chalkboard")
        assert chalk is not None and chalk.background is not None
        assert app.screen.styles.background == Color.parse(chalk.background)


async def test_an_unknown_theme_falls_back_with_a_notice(scorepad_home):
    from scorepad.store.config import update_config
    from scorepad.tui.app import FALLBACK_THEME, ScorepadApp

    update_config(theme="neon-disco")
    app = ScorepadApp(remember_theme=False)
    async with app.run_test() as pilot:
        await settle(pilot)
        assert app.theme == FALLBACK_THEME
        assert any("neon-disco" in n.message for n in app._notifications)


def test_home_snapshot(snap_compare, snapshot_home):
    create(new_header("five_hundred", ["Ann", "Bob", "Cid"], title="Friday"))
    create(new_header("jass", ["Ann", "Bob", "Cid", "Dan"], title="Sunday"))
    freeze_times(games_dir())
    assert snap_compare(make_app(), terminal_size=(110, 24), run_before=settle)


def test_new_game_snapshot(snap_compare, snapshot_home):
    async def open_form(pilot):
        await pilot.press("n")
        await settle(pilot)
        app = pilot.app
        app.screen.query_one("#players", Input).value = "Ann, Bob, Cid"
        await settle(pilot)
        no_blink(app)

    assert snap_compare(make_app(), terminal_size=(110, 40), run_before=open_form)


async def test_a_game_opened_from_the_command_line_comes_alone_and_escape_leads_home(
    scorepad_home, monkeypatch
):
    # `scorepad open FILE`: the saved games are neither listed nor read beneath the game while it is played;
    # Escape puts them in its place (the game file closed), as if the game had been opened from the list
    from scorepad.library import reading

    read: list[bool] = []
    real = reading.read_saved_games

    def listing(**kwargs):
        read.append(True)
        return real(**kwargs)

    monkeypatch.setattr(reading, "read_saved_games", listing)
    path = create(new_header("five_hundred", ["Ann", "Bob", "Cid"], title="Alone"))
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert not any(isinstance(screen, HomeScreen) for screen in app.screen_stack) and read == []
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen) and len(app.screen_stack) == 2
        assert read == [True]
        with GameFile.open(path) as again:  # the game's file was closed: its lock let go
            assert not again.readonly
        assert app.screen.query_one("#games", DataTable).row_count == 1
        await pilot.press("enter")  # resumed from the list, Escape goes back to it
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen) and len(app.screen_stack) == 2


@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=["80x24", "100x30"])
def test_home_snapshot_one_line_a_game(snap_compare, snapshot_home, size):
    long = ["Northumberland", "Eastbourne", "Southampton", "Westminster"]
    for number, (game, players, title) in enumerate(
        [
            ("auction_bridge", long, "Tuesday at the club"),
            ("five_hundred", ["Ann", "Bob", "Cid"], "Friday"),
            ("jass", ["Hanna", "Ruedi", "Sepp", "Vreni"], "Sunday in Hinterwil"),
            ("five_hundred", long[:3], ""),
        ]
    ):
        header = new_header(game, players, title=title)
        create(header.model_copy(update={"id": f"home{number}"}))
    freeze_times(games_dir())
    assert snap_compare(make_app(), terminal_size=size, run_before=settle)
