"""Ctrl+Z takes back one deal (hand) whole, says which under the form, and asks before a second Ctrl+Z walks back
into an earlier deal."""

from __future__ import annotations

from textual.widgets import Static

from scorepad.store.game_file import load
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.screens.modals import UndoEarlierScreen

from .conftest import make_app, settle
from .test_five_hundred_screen import THREE, quick, write_game

TWO_DEALS = [
    {"type": "deal", "dealer": "Ann"},
    *quick("Bob", "6S", {"Ann": 3, "Bob": 6, "Cid": 1}),
    {"type": "deal", "dealer": "Bob"},
    *quick("Bob", "8H", {"Ann": 3, "Bob": 6, "Cid": 1}),
]


def status(app) -> str:
    return str(app.screen.query_one("#form-status", Static).render())


async def test_two_ctrl_z_after_two_deals_leave_no_row_the_second_asked_first(scorepad_home):
    path = write_game(scorepad_home, THREE, TWO_DEALS)
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert [row.number for row in screen.sheet.rows] == [1]
        assert status(app) == "Undone: deal 2, Bob 8♥ set — Ann +30 Bob −300 Cid +10"
        assert not app._notifications  # said under the form, not in a notice over it
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert isinstance(app.screen, UndoEarlierScreen)
        assert "deal 1, Bob 6♠ made" in app.screen.reason
        await pilot.press("y")
        await settle(pilot)
        assert app.screen is screen and screen.sheet.rows == ()
        assert status(app).startswith("Undone: deal 1, Bob 6♠ made")
    voided = [(e.type, e.target) for e in load(path).entries[6:]]
    assert voided == [("void", 6), ("void", 5), ("void", 4), ("void", 3), ("void", 2), ("void", 1)]


async def test_a_second_ctrl_z_answered_no_leaves_the_earlier_deal(scorepad_home):
    path = write_game(scorepad_home, THREE, TWO_DEALS)
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+z", "ctrl+z")
        await settle(pilot)
        assert isinstance(app.screen, UndoEarlierScreen)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and len(app.screen.sheet.rows) == 1
    assert len(load(path).entries) == 9  # the six entries and deal 2's three voids


async def test_undo_during_a_deal_takes_back_what_was_entered_of_it_without_asking(scorepad_home):
    items = [*TWO_DEALS, {"type": "deal", "dealer": "Cid"}, {"type": "bid", "player": "Ann", "call": "7S"}]
    path = write_game(scorepad_home, THREE, items)
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert status(app) == "Undone: deal 3 so far (Cid deals; Ann 7♠)"
        assert len(screen.sheet.rows) == 2 and screen.sheet.view.phase == "deal"
    assert [(e.type, e.target) for e in load(path).entries[8:]] == [("void", 8), ("void", 7)]
