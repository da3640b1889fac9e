"""Keys typed at once behind a pick in the new-game dropdowns (Enter, Tab, a title, the players) all land where
the player sent them, as a terminal delivers them: in one burst, before the screen has rebuilt its settings."""

from __future__ import annotations

from textual import events
from textual.widgets import Input, Select

from scorepad.tui.screens.new_game import NewGameScreen
from scorepad.tui.widgets.settings_form import SettingsForm

from .conftest import make_app, settle
from .new_game_helpers import new_game_by_n, open_settings

KEY_NAMES = {" ": "space", ",": "comma"}


def burst(*parts: str) -> list[events.Key]:
    """Keys as a terminal delivers them: "enter"/"tab"/"shift+tab" named, anything else typed letter by letter."""
    keys: list[events.Key] = []
    for part in parts:
        if part == "enter":
            keys.append(events.Key("enter", "\r"))
        elif part == "tab":
            keys.append(events.Key("tab", "\t"))
        elif part == "shift+tab":
            keys.append(events.Key("shift+tab", None))
        else:
            keys.extend(events.Key(KEY_NAMES.get(ch, ch), ch) for ch in part)
    return keys


async def _typed_at_once(app, pilot, keys: list[events.Key], done) -> None:
    for key in keys:  # straight into the app's queue, no waiting between them
        app.post_message(key)
    for _ in range(100):
        await settle(pilot)
        if done():
            return


async def test_keys_typed_right_after_picking_the_game_reach_the_title_and_players(scorepad_home):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_game_by_n(pilot)
        await open_settings(pilot, screen)  # open: the pick rebuilds them while the keys behind it arrive
        screen.query_one("#players", Input).focus()
        await settle(pilot)
        await pilot.press("shift+tab", "shift+tab", "enter")
        await settle(pilot)
        await pilot.press("down")
        game = screen.query_one("#game", Select)
        players = screen.query_one("#players", Input)

        await _typed_at_once(
            app,
            pilot,
            burst("enter", "tab", "Friday", "tab", "Ann, Bob, Cid, Dan"),
            lambda: (
                players.value == "Ann, Bob, Cid, Dan"
                and screen.query(SettingsForm)
                and screen.query_one(SettingsForm).game == "jass"
            ),
        )

        assert game.value == "jass"
        assert screen.query_one("#title", Input).value == "Friday"
        assert players.value == "Ann, Bob, Cid, Dan"
        assert app.focused is players
        assert screen.query_one(SettingsForm).game == "jass"
        assert screen.query_one("#setting-target", Input).value == "2500"  # the Swiss preset's target shown


async def test_keys_typed_right_after_picking_a_preset_reach_the_side_names(scorepad_home):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(NewGameScreen("jass"))
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await open_settings(pilot, screen)
        screen.query_one("#players", Input).focus()
        await settle(pilot)
        await pilot.press("tab", "tab", "enter")  # Players → Side names → Preset, opened
        await settle(pilot)
        preset = screen.query_one("#preset", Select)
        assert app.focused is not None and preset in (app.focused, *app.focused.ancestors)
        await pilot.press("down")
        sides = screen.query_one("#side-names", Input)

        await _typed_at_once(
            app,
            pilot,
            burst("enter", "shift+tab", "We, They"),
            lambda: sides.value == "We, They" and screen.query_one("#setting-target", Input).value == "1000",
        )

        assert preset.value == "flat_1000"
        assert sides.value == "We, They"
        assert app.focused is sides
        assert (
            screen.query_one("#setting-target", Input).value == "1000"
        )  # the picked preset's settings shown


async def test_a_setting_picked_from_its_dropdown_is_kept_with_the_keys_typed_behind_it(scorepad_home):
    app = make_app()
    async with app.run_test(size=(100, 60)) as pilot:
        await settle(pilot)
        app.push_screen(NewGameScreen("jass"))
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await open_settings(pilot, screen)
        names = screen.query_one("#setting-suit_names", Select)
        names.focus()
        await settle(pilot)
        chain = screen.focus_chain
        following = chain[chain.index(names) + 1]  # where a Tab from the closed dropdown leads
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("down")

        await _typed_at_once(
            app, pilot, burst("enter", "tab"), lambda: names.value == "german" and app.focused is following
        )

        assert names.value == "german"
        assert app.focused is following


async def test_ctrl_s_right_after_picking_the_game_starts_that_game_with_its_own_settings(scorepad_home):
    # the players typed first, then the game picked and Ctrl+S at once, before the settings are rebuilt: the game
    # starts as picked, with its own settings (not the last game's form, and no crash on a form half swapped)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game_by_n(pilot)
        await pilot.press("tab", "tab", *"Ann, Bob, Cid, Dan")
        await pilot.press("shift+tab", "shift+tab", "enter")
        await settle(pilot)
        await pilot.press("down")

        await _typed_at_once(
            app,
            pilot,
            [events.Key("enter", "\r"), events.Key("ctrl+s", None)],
            lambda: not isinstance(app.screen, NewGameScreen),
        )

        assert not isinstance(app.screen, NewGameScreen)
        saved = list((scorepad_home / "games").glob("*.jsonl"))
        assert len(saved) == 1
        header = saved[0].read_text(encoding="utf-8").splitlines()[0]
        assert '"game":"jass"' in header.replace(" ", "")
        assert '"rules":{"preset":"classic_2500"}' in header.replace(
            " ", ""
        )  # Jass's own preset, nothing else


async def test_keys_typed_in_the_same_burst_as_n_reach_the_new_game_screen_in_order(scorepad_home):
    # a fast typist or a paste on the saved games: `n`, then the game picked (the focus is on it: Enter, ↓,
    # Enter), a title and the players, all before the new-game screen exists
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        keys = [
            *burst("n", "enter"),  # the game has the focus
            events.Key("down", None),
            *burst("enter", "tab", "Friday", "tab", "Ann, Bob, Cid, Dan"),
        ]

        await _typed_at_once(
            app,
            pilot,
            keys,
            lambda: (
                isinstance(app.screen, NewGameScreen)
                and app.screen.query_one("#players", Input).value == "Ann, Bob, Cid, Dan"
            ),
        )

        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert [type(s).__name__ for s in app.screen_stack[1:]] == [
            "HomeScreen",
            "NewGameScreen",
        ]  # one, not an n each
        assert screen.query_one("#game", Select).value == "jass"
        assert screen.query_one("#title", Input).value == "Friday"
        assert screen.query_one("#players", Input).value == "Ann, Bob, Cid, Dan"
        assert app.focused is screen.query_one("#players", Input)


async def test_names_typed_right_behind_n_and_two_tabs_are_all_in_the_players_field(scorepad_home):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await _typed_at_once(
            app,
            pilot,
            burst("n", "tab", "tab", "Ann, Bob, Cid"),  # the game first, then the title, then the players
            lambda: (
                isinstance(app.screen, NewGameScreen)
                and app.screen.query_one("#players", Input).value == "Ann, Bob, Cid"
            ),
        )
        assert isinstance(app.screen, NewGameScreen)
        assert (
            app.screen.query_one("#players", Input).value == "Ann, Bob, Cid"
        )  # the n of "Ann" typed, not a new screen
        assert len(app.screen_stack) == 3


async def test_the_new_game_screen_starts_on_the_game_and_names_reach_the_players_never_a_list(scorepad_home):
    # a new user starts from the top: the game, then Tab to the title and the players (names typed on the Preset
    # line opened its list)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_game_by_n(pilot)
        assert app.focused is screen.query_one("#game", Select)
        await pilot.press("enter", "down", "enter")  # Jass
        await pilot.press("tab", "tab", *"Hanna Ruedi Sepp Vreni")
        await settle(pilot)
        assert screen.query_one("#game", Select).value == "jass"
        assert screen.query_one("#players", Input).value == "Hanna Ruedi Sepp Vreni"
        assert not any(select.expanded for select in screen.query(Select))


async def test_ctrl_s_typed_right_behind_the_names_starts_the_game_with_them(scorepad_home):
    # the names still in the field's queue when Ctrl+S (a priority key) came: "played by 2 to 6 players, not 0",
    # said below the fields at 80×24, where it was not seen
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game_by_n(pilot)
        await _typed_at_once(
            app,
            pilot,
            [*burst("tab", "tab", "Ann Bob Cid"), events.Key("ctrl+s", "\x13")],
            lambda: not isinstance(app.screen, NewGameScreen),
        )
        assert type(app.screen).__name__ == "FiveHundredScreen"
        assert list(app.screen.header.players) == ["Ann", "Bob", "Cid"]
