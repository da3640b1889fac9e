"""Dialogs open with their first field focused, and when one closes the keys go to the entry form again."""

from __future__ import annotations

from textual.widgets import Input, Label

from scorepad.tui.screens.correction import CorrectionScreen
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.screens.modals import RenameScreen
from scorepad.tui.widgets.entry_form import EntryForm

from .conftest import make_app, settle
from .test_game_frame import bridge_game


def _in_form(app) -> bool:
    focused = app.focused
    return isinstance(focused, Input) and any(isinstance(a, EntryForm) for a in focused.ancestors)


async def test_after_a_correction_from_the_log_the_form_has_the_keys_again():
    app = make_app(open_path=bridge_game())
    async with app.run_test(size=(130, 42)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+e")  # pick in the log
        await settle(pilot)
        assert not _in_form(app)
        await pilot.press("up", "enter")  # the contract: in the entry form, with its result
        await settle(pilot)
        editor = app.screen
        assert isinstance(editor, CorrectionScreen)
        assert (
            isinstance(app.focused, Input) and app.focused.id == "bridge-declarer"
        )  # the first field, focused
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and _in_form(app)


async def test_every_dialog_hands_the_keys_back_to_the_form():
    app = make_app(open_path=bridge_game())
    async with app.run_test(size=(130, 42)) as pilot:
        await settle(pilot)
        for key in ("ctrl+r", "f1", "f2", "f3", "f4", "f6"):
            await pilot.press(key)
            await settle(pilot)
            assert not isinstance(app.screen, GameScreen), key
            if isinstance(app.screen, RenameScreen):
                assert app.focused is app.screen.query_one("#rename-player", Input)  # its first field
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, GameScreen) and _in_form(app), key


async def test_correcting_a_corrected_entry_names_it_by_its_deal():
    app = make_app(open_path=bridge_game())
    async with app.run_test(size=(130, 42)) as pilot:
        await settle(pilot)
        app.screen.edit_entry(2)
        await settle(pilot)
        app.screen.query_one("#bridge-contract", Input).value = "2nt"
        await pilot.press("ctrl+s")
        await settle(pilot)
        app.screen.edit_entry(2)  # again: the entry is now the correction's replacement, without a seq
        await settle(pilot)
        title = str(app.screen.query_one(".dialog-title", Label).render())
        assert title.startswith("Correct deal 1's contract: ") and "None" not in title
        assert app.screen.query_one("#bridge-contract", Input).value == "2nt"  # as it counts now


async def test_the_header_icon_is_a_glyph_every_font_has():
    from textual.widgets import Header

    from scorepad.tui.widgets.fields import HEADER_ICON

    app = make_app(open_path=bridge_game())
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.screen.query_one(Header).icon == HEADER_ICON == "♠"
