"""The new game's settings fold under one line saying how they stand; their fields are built when the player opens
them (Enter or a click on the line), and what they say is what the game starts with, opened or not."""

from __future__ import annotations

import asyncio

import pytest
from textual import events
from textual.widgets import Collapsible, Input, OptionList, Select

from scorepad.store.game_file import load
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.screens.new_game import NewGameScreen
from scorepad.tui.widgets.settings_form import SettingsForm

from .conftest import make_app, settle
from .new_game_helpers import new_game_by_n, open_settings
from .test_new_game_typing_ahead import _typed_at_once, burst


def _line(screen: NewGameScreen) -> str:
    return str(screen.query_one("#settings-box", Collapsible).title)


async def test_n_shows_the_settings_folded_with_what_they_are_and_builds_no_fields(scorepad_home):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_game_by_n(pilot)
        assert screen.query_one("#settings-box", Collapsible).collapsed
        assert not screen.query(SettingsForm) and not screen.query("#setting-target")
        assert _line(screen) == "Settings: as the preset has them (Enter to see or change)"
        screen.query_one(
            "#game", Select
        ).value = "auction_bridge"  # no presets: the rules as the app ships them
        await settle(pilot)
        assert _line(screen) == "Settings: as the rules ship (Enter to see or change)"
        assert not screen.query(SettingsForm)  # a pick while folded builds nothing
        form = await open_settings(pilot, screen)
        assert form.game == "auction_bridge"
        assert screen.query_one("#setting-revoke_penalty", Input).value == "100"


async def test_tab_reaches_the_settings_line_and_keys_typed_behind_enter_go_into_the_fields(scorepad_home):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_game_by_n(pilot)
        assert app.focused is screen.query_one("#game", Select)  # the game first
        await pilot.press("tab", "tab", "tab", "tab")  # Game → Title → Players → Side names → Preset
        await settle(pilot)
        assert app.focused is screen.query_one("#preset", Select)
        # at once, as a terminal delivers them: onto the line, open it, into the first setting and the next
        await _typed_at_once(
            app,
            pilot,
            burst("tab", "enter", "tab", "tab"),
            lambda: (
                screen.query(SettingsForm)
                and app.focused is not None
                and app.focused.id == "setting-schedule"
            ),
        )
        assert not screen.query_one("#settings-box", Collapsible).collapsed
        assert app.focused is screen.query_one("#setting-schedule", Select)  # auction, then schedule
        await pilot.press("shift+tab", "shift+tab")
        await settle(pilot)
        assert type(app.focused).__name__ == "CollapsibleTitle"  # back on the settings' line


async def test_a_number_typed_right_behind_enter_and_tab_goes_into_the_first_setting(scorepad_home):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(NewGameScreen("jass", ["Ann", "Bob", "Cid", "Dan"]))
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#settings-box", Collapsible).query_one("CollapsibleTitle").focus()
        await settle(pilot)
        # at once: open the settings, into the game's target, and a new target typed over it
        await _typed_at_once(
            app,
            pilot,
            burst("enter", "tab", "9"),
            lambda: (
                screen.query("#setting-target") and screen.query_one("#setting-target", Input).value != "2500"
            ),
        )
        assert app.focused is screen.query_one("#setting-target", Input)
        assert screen.query_one("#setting-target", Input).value == "9"  # not dropped on the settings' line


async def test_a_rematchs_own_settings_are_kept_folded_and_named_on_the_line(scorepad_home):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.push_screen(
            NewGameScreen(
                "five_hundred", ["Ann", "Bob", "Cid"], {"preset": "original", "target": 1000, "nullo": False}
            )
        )
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert _line(screen) == "Settings, 2 changed (Enter to see or change): game: 1000; nullo: off"
        assert not screen.query(SettingsForm)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert load(app.screen.game_file.path).header.rules == {
            "preset": "original",
            "target": 1000,
            "nullo": False,
        }


async def test_opened_they_start_at_the_rematchs_settings_and_a_change_is_named_when_folded(scorepad_home):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.push_screen(
            NewGameScreen("five_hundred", ["Ann", "Bob", "Cid"], {"preset": "original", "target": 1000})
        )
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        form = await open_settings(pilot, screen)
        target = screen.query_one("#setting-target", Input)
        assert target.value == "1000"
        target.focus()
        await pilot.press("end", *["backspace"] * 4, *"750")
        await settle(pilot)
        assert target.value == "750"
        screen.query_one("#settings-box", Collapsible).collapsed = True
        await settle(pilot)
        assert _line(screen) == "Settings, 1 changed (Enter to see or change): game: 750"
        await open_settings(pilot, screen)
        assert screen.query_one(SettingsForm) is form  # folded and opened again: the same fields, not rebuilt
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert load(app.screen.game_file.path).header.rules == {"preset": "original", "target": 750}


async def test_ctrl_s_right_after_a_pick_with_the_settings_open_starts_the_game_picked(scorepad_home):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_game_by_n(pilot)
        await open_settings(pilot, screen)
        screen.query_one("#players", Input).focus()
        await pilot.press(*"Ann, Bob, Cid, Dan")
        await pilot.press("shift+tab", "shift+tab", "enter")
        await settle(pilot)
        await pilot.press("down")

        await _typed_at_once(
            app,
            pilot,
            [events.Key("enter", "\r"), events.Key("ctrl+s", None)],
            lambda: not isinstance(app.screen, NewGameScreen),
        )

        assert isinstance(app.screen, GameScreen)
        assert app.screen.header.game == "jass"
        assert dict(app.screen.header.rules) == {"preset": "classic_2500"}


async def test_names_tab_and_shift_tab_typed_as_soon_as_the_screen_is_up_reach_their_fields(scorepad_home):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        # up and drawn (its fields mounted), not yet settled
        while not (isinstance(app.screen, NewGameScreen) and app.screen.query_one("#players").is_mounted):
            await asyncio.sleep(0)
        screen = app.screen
        await _typed_at_once(
            app,
            pilot,
            burst("tab", "tab", "Ann, Bob, Cid, Dan", "tab", "We, They", "shift+tab", "shift+tab", "Friday"),
            lambda: screen.query_one("#title", Input).value == "Friday",
        )
        assert screen.query_one("#players", Input).value == "Ann, Bob, Cid, Dan"
        assert screen.query_one("#side-names", Input).value == "We, They"
        assert screen.query_one("#title", Input).value == "Friday"
        assert app.focused is screen.query_one("#title", Input)


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 45)])
def test_new_game_snapshot_with_the_settings_folded(snap_compare, snapshot_home, size):
    async def open_form(pilot):
        await pilot.press("n")
        await settle(pilot)
        pilot.app.screen.query_one("#players", Input).value = "Ann, Bob, Cid, Dan"
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=open_form)


def test_new_game_snapshot_with_the_jass_settings_open_at_80_columns(snap_compare, snapshot_home):
    async def open_form(pilot):
        await pilot.press("n")
        await settle(pilot)
        screen = pilot.app.screen
        screen.query_one("#game", Select).value = "jass"
        await settle(pilot)
        await open_settings(pilot, screen)
        screen.query_one("#setting-target", Input).focus()  # scrolled to the settings
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=open_form)


async def _pick_game(pilot, screen: NewGameScreen, downs: int) -> None:
    """The game's dropdown opened with Enter, moved `downs` lines (negative: up), Enter."""
    screen.query_one("#game", Select).focus()
    await settle(pilot)
    await pilot.press("enter", *(["down"] * downs if downs > 0 else ["up"] * -downs), "enter")
    await settle(pilot)


async def test_a_game_picked_again_with_the_settings_open_shows_its_form_as_it_was_left(scorepad_home):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await new_game_by_n(pilot)
        form = await open_settings(pilot, screen)
        assert form.game == "five_hundred"
        target = screen.query_one("#setting-target", Input)
        target.focus()
        await pilot.press("end", *["backspace"] * 3, *"750")
        await settle(pilot)
        await _pick_game(pilot, screen, 1)  # Jass: its own form, the Five Hundred one hidden
        jass = screen.query_one(SettingsForm)
        assert jass.game == "jass" and not form.display
        assert screen.query_one("#setting-target", Input).value == "2500"  # the field shown is Jass's
        await _pick_game(pilot, screen, -1)  # Five Hundred again: the very form, as it was left
        assert screen.query_one(SettingsForm) is form and form.display and not jass.display
        assert screen.query_one("#setting-target", Input) is target and target.value == "750"
        shown = [
            w for w in screen.focus_chain if isinstance(w, Input | Select) and w.id and "setting" in w.id
        ]
        assert shown and all(
            form in w.ancestors for w in shown
        )  # Tab goes through the shown game's settings only
        screen.query_one("#settings-box", Collapsible).collapsed = True
        await settle(pilot)
        assert list(screen.query(SettingsForm)) == [form]  # folded: the other games' fields let go
        assert _line(screen) == "Settings, 1 changed (Enter to see or change): game: 750"
        screen.query_one("#players", Input).focus()
        await pilot.press(*"Ann, Bob, Cid", "ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert load(app.screen.game_file.path).header.rules == {"preset": "avondale", "target": 750}


async def test_the_preset_dropdown_lists_the_presets_only(scorepad_home):
    # it had a blank "Select" line above the presets, and picking it left the game with no preset at all
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_game_by_n(pilot)
        preset = screen.query_one("#preset", Select)
        preset.focus()
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        lines = [str(option.prompt) for option in preset.query_one(OptionList).options]
        assert lines == ["Avondale", "original", "card points to 1000", "card points to 1500"]
        await pilot.press("down", "enter")
        await settle(pilot)
        assert preset.value == "original"
        assert _line(screen) == "Settings: as the preset has them (Enter to see or change)"
        await _pick_game(pilot, screen, 1)  # Jass: its own presets, no blank line either
        lines = [str(option.prompt) for option in preset.query_one(OptionList).options]
        assert (
            lines == ["classic 2500", "flat 1000", "SRF 1000", "Parlett 3000"]
            and preset.value == "classic_2500"
        )
