"""Jass and Bridge say, while a hand or deal is typed, that it ends the game or the rubber (the rules' preview:
its `finished` and `result`); once it is over, their fields go as Five Hundred's do."""

from __future__ import annotations

from textual.widgets import Static

from scorepad.store.game_file import create, new_header
from scorepad.tui.screens.game import GameScreen

from .conftest import make_app, settle
from .test_auction_bridge_screen import deal


def said(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render()).replace("\n", " ")


async def test_jass_says_the_hand_ends_the_game_and_then_puts_its_fields_away(scorepad_home):
    path = create(new_header("jass", ["Ann", "Bob", "Cid", "Dan"], rules={"target": 500}))
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("h", "tab", *"97")  # ×1: 97 and 60, far from 500
        await settle(pilot)
        assert "ends the game" not in said(app, "#form-status")
        await pilot.press("ctrl+u", "m")  # a Match at hearts: 257, still short
        await settle(pilot)
        assert "ends the game" not in said(app, "#form-status")
        await pilot.press("enter", "o", "tab", "m")  # Obenabe ×3, a Match: 771 more
        await settle(pilot)
        line = said(app, "#form-status")
        assert "this ends the game: Ann & Cid win" in line, line
        row = screen.query_one("#jass-row")
        assert row.display
        await pilot.press("enter")
        await settle(pilot)
        assert screen.sheet.finished and not row.display  # nothing left to type: the fields are gone
        assert screen.query_one("#banner").display


async def test_bridge_says_the_deal_ends_the_rubber_with_its_bonus_and_then_puts_its_fields_away(
    scorepad_home,
):
    path = create(
        new_header(
            "auction_bridge",
            ["Ann", "Bob", "Cid", "Dan"],
            sides={"We": ["Ann", "Cid"], "They": ["Bob", "Dan"]},
        )
    )
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await deal(pilot, "a", "3n", "9")  # game to We
        await pilot.press("c", "tab", *"3n", "tab", "9")  # the second game: the rubber
        await settle(pilot)
        preview = said(app, "#bridge-preview")
        assert "We 30 below + 250 for the rubber" in preview, preview
        assert "this ends the rubber: We win the rubber by" in preview
        await pilot.press("enter")
        await settle(pilot)
        assert screen.sheet.finished
        assert not screen.query_one("#bridge-fields").display
        assert (
            not screen.query_one("#bridge-hint").display and not screen.query_one("#bridge-preview").display
        )
        assert "F8 when the table agrees" in said(app, "#bridge-deal")
