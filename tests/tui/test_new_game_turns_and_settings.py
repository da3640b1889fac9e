"""The new-game screen: players asked in turn order with a picture of the table, and every setting edited with
a fitting widget in words (no JSON)."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select, Static, Switch

from scorepad.store.game_file import load
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.screens.new_game import NewGameScreen
from scorepad.tui.widgets.settings_form import NumberGrid, NumberInput
from scorepad.tui.widgets.table_picture import table_picture

from .conftest import make_app, settle
from .new_game_helpers import open_settings


def test_the_picture_seats_the_players_the_way_the_turn_passes():
    clockwise = table_picture(["Ann", "Bob", "Cid", "Dan"], "clockwise").splitlines()
    assert clockwise[0].strip() == "Bob" and clockwise[4].strip() == "Dan"  # Bob follows Ann at the top
    assert clockwise[2].startswith("▸ Ann") and clockwise[2].endswith("Cid")
    assert "Partners sit opposite: Ann & Cid, Bob & Dan" in clockwise[5]
    swiss = table_picture(["Ann", "Bob", "Cid", "Dan"], "counter-clockwise").splitlines()
    assert (
        swiss[0].strip() == "Dan" and swiss[4].strip() == "Bob"
    )  # Bob follows Ann at the bottom: to her right
    assert "counter-clockwise" in swiss[2]
    three = table_picture(["Ann", "Bob", "Cid"], "clockwise")
    assert "▸ Ann → Bob → Cid → Ann" in three


async def _new_game(app, pilot, game: str) -> NewGameScreen:
    await settle(pilot)
    app.push_screen(NewGameScreen(game))
    await settle(pilot)
    screen = app.screen
    assert isinstance(screen, NewGameScreen)
    return screen


async def test_jass_asks_for_the_players_counter_clockwise_and_draws_the_table(scorepad_home):
    app = make_app()
    async with app.run_test(size=(100, 50)) as pilot:
        screen = await _new_game(app, pilot, "jass")
        players = screen.query_one("#players", Input)
        assert "counter-clockwise" in players.placeholder
        assert "counter-clockwise" in str(screen.query_one("#turn-order", Static).render())
        await pilot.press(
            "tab", "tab", *"Ann, Bob, Cid, Dan"
        )  # the game first, then the title and the players
        await settle(pilot)
        picture = str(screen.query_one("#table-picture", Static).render())
        assert picture.splitlines()[0].strip() == "Dan" and "▸ Ann" in picture
        screen.query_one("#game", Select).value = "five_hundred"
        await settle(pilot)
        assert "clockwise" in players.placeholder and "counter" not in players.placeholder


async def test_settings_are_edited_with_switches_choices_numbers_and_grids(scorepad_home):
    app = make_app()
    async with app.run_test(size=(100, 60)) as pilot:
        screen = await _new_game(app, pilot, "jass")
        form = await open_settings(pilot, screen)
        assert isinstance(form.query_one("#setting-bergpreis"), Switch)
        tiebreak = form.query_one("#setting-weis_tiebreak", Select)
        assert ("suit ladder ♥ ♦ ♣ ♠", "suit_ladder") in [(str(p), v) for p, v in tiebreak._options]
        assert isinstance(form.query_one("#setting-target"), NumberInput)
        obenabe = form.query_one("#setting-multipliers-obenabe", Input)
        assert obenabe.value == "3"
        assert not [
            f for f in form.query(Input) if f.value.lstrip().startswith(("{", "["))
        ]  # no JSON anywhere
        obenabe.value = "4"
        form.query_one("#setting-penalties-misdeal", Input).value = "80"
        form.query_one("#setting-bergpreis", Switch).value = True
        changed = form.values()
        assert changed["multipliers"]["obenabe"] == 4 and changed["multipliers"]["hearts"] == 1
        assert changed["penalties"]["misdeal"] == 80 and changed["bergpreis"] is True
        screen.query_one("#players", Input).focus()
        await pilot.press(*"Ann, Bob, Cid, Dan")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        rules = load(app.screen.game_file.path).header.rules
        assert rules["multipliers"]["obenabe"] == 4 and rules["bergpreis"] is True


async def test_a_number_that_is_not_one_is_named_in_words(scorepad_home):
    app = make_app()
    async with app.run_test(size=(100, 60)) as pilot:
        screen = await _new_game(app, pilot, "auction_bridge")
        await open_settings(pilot, screen)
        screen.query_one("#setting-trick_values-NT", Input).value = "ten"
        screen.query_one("#players", Input).focus()
        await pilot.press(*"Ann, Bob, Cid, Dan")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is screen
        assert "trick values, NT: a whole number" in str(screen.query_one("#form-error", Static).render())


@pytest.mark.parametrize("game", ["five_hundred", "jass", "auction_bridge"])
async def test_at_80_columns_every_cell_of_a_settings_grid_shows_whole(scorepad_home, game):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_game(app, pilot, game)
        await open_settings(pilot, screen)
        grids = list(screen.query(NumberGrid))
        assert grids or game == "five_hundred"

        def cells_inside() -> bool:
            return all(
                grid.region.x <= field.region.x and field.region.right <= grid.region.right
                for grid in grids
                for field in grid.query(Input)
            )

        for _ in range(20):  # a grid takes its columns for its width once laid out: on a busy machine, later
            if cells_inside():
                break
            await pilot.pause()
        for grid in grids:
            for field in grid.query(Input):
                assert field.region.width == 8, field.id
                assert grid.region.x <= field.region.x and field.region.right <= grid.region.right, field.id
                assert field.region.right <= screen.region.right


def test_a_grid_takes_as_many_columns_as_its_width_holds():
    grid = NumberGrid(
        [(name, Input()) for name in ("uncut deck", "misdeal", "out of turn", "wrong play")], id="g"
    )
    assert grid.columns_for(41) == 2 and grid.columns_for(200) == 4 and grid.columns_for(10) == 1


async def test_names_typed_with_spaces_are_the_players_and_a_name_with_a_space_takes_commas(scorepad_home):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_game(app, pilot, "auction_bridge")
        screen.query_one("#players", Input).focus()
        await pilot.press(*"Ann Marie Bob Cid Dan")  # five names by its spaces: the table is told of commas
        await settle(pilot)
        preview = str(screen.query_one("#sides-preview", Static).render())
        assert "4 players, not 5" in preview and "comma" in preview
        await pilot.press("ctrl+a", "ctrl+k", *"Ann Bob Cid Dan")  # as a table types four names
        await settle(pilot)
        assert "Ann + Cid" in str(screen.query_one("#sides-preview", Static).render())
        screen.query_one("#side-names", Input).focus()
        await pilot.press(*"Team Red, Team Blue")  # a side's name keeps its space
        await settle(pilot)
        assert "Team Red: Ann + Cid" in str(screen.query_one("#sides-preview", Static).render())
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert load(app.screen.game_file.path).header.players == ("Ann", "Bob", "Cid", "Dan")


async def test_names_between_commas_keep_their_spaces(scorepad_home):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_game(app, pilot, "five_hundred")
        screen.query_one("#players", Input).focus()
        await pilot.press(*"Ann Marie, Bob, Cid")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert load(app.screen.game_file.path).header.players == ("Ann Marie", "Bob", "Cid")
