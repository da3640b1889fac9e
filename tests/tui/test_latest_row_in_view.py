"""The row just logged, or just corrected, is on screen in every game at every size: the table scrolls to it,
and the table itself is never pushed under the form (a Bridge pad grown by a won game left the latest deal
below the two rows the deal list kept)."""

from __future__ import annotations

import pytest

from scorepad.store.game_file import create, new_header
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.widgets.sheet_table import SheetTable

from .conftest import make_app, settle
from .test_auction_bridge_screen import deal
from .test_five_hundred_screen import enter

SIZES = [(80, 24), (100, 30), (160, 45)]

#: a few deals of each game as a player types them (fields, Tab between them, then Enter)
TYPED = {
    "five_hundred": (
        ["Ann", "Bob", "Cid", "Dan"],
        [("b", "6s", "6"), ("c", "6c", "5"), ("d", "6d", "6"), ("a", "6h", "5"), ("b", "6n", "4")] * 2,
    ),
    "jass": (
        ["Ann", "Bob", "Cid", "Dan"],
        [("h", "97"), ("s", "40"), ("o", "120"), ("u", "a60"), ("d", "b 80")] * 2,
    ),
    "auction_bridge": (
        ["Nora", "Emil", "Sara", "Walt"],
        [("n", "2h", "9", "n3"), ("w", "3s", "8", "e4"), ("s", "1n", "10"), ("e", "5d", "11", "e4h")],
    ),
}


def assert_row_in_view(screen: GameScreen, index: int) -> None:
    table = screen.query_one(SheetTable)
    board = screen.query_one("#board")
    assert table.region.height and board.region.contains_region(table.region)  # not under the form
    assert table.row_in_view(index), (index, table.row_count, table.scroll_y, table.size)


async def typed(pilot, game: str, fields: tuple[str, ...]) -> None:
    if game == "auction_bridge":
        await deal(pilot, *fields)
    else:
        await enter(pilot, *fields)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", list(TYPED))
async def test_each_deal_typed_is_in_view(scorepad_home, game, size):
    players, deals = TYPED[game]
    app = make_app(open_path=create(new_header(game, players)))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for number, fields in enumerate(deals, start=1):
            await typed(pilot, game, fields)
            table = screen.query_one(SheetTable)
            assert table.row_count == number, screen.query_one("#form-status").render()
            assert_row_in_view(screen, number - 1)


async def test_the_bridge_deal_after_a_game_won_stays_in_view_at_80x24(scorepad_home):
    # the tester's keys: n⇥2h⇥9⇥n3⏎ w⇥3s⇥8⇥e4⏎ s⇥1n⇥10⇥⏎ e⇥5d⇥11⇥e4h⏎ — the third wins a game, the pad grows
    app = make_app(open_path=create(new_header("auction_bridge", ["Nora", "Emil", "Sara", "Walt"])))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("n", "tab", *"2h", "tab", "9", "tab", *"n3", "enter")
        await pilot.press("w", "tab", *"3s", "tab", "8", "tab", *"e4", "enter")
        await pilot.press("s", "tab", *"1n", "tab", *"10", "tab", "enter")
        await pilot.press("e", "tab", *"5d", "tab", *"11", "tab", *"e4h", "enter")
        await settle(pilot)
        table = screen.query_one(SheetTable)
        assert table.row_count == 4
        assert_row_in_view(screen, 3)
        assert "Emil 5♦" in " ".join(strip.text for strip in table.render_lines(table.region.reset_offset))


#: Bridge deals that make no game (each contract set): the rubber goes on however many are typed
SETS = [("n", "4h", "8", "n3"), ("e", "4s", "8", "e3"), ("s", "4d", "7", "n3"), ("w", "4c", "8", "e3")]


@pytest.mark.parametrize("game", list(TYPED))
async def test_the_row_corrected_is_brought_into_view(scorepad_home, game):
    players, deals = TYPED[game]
    if game == "auction_bridge":
        deals = SETS
    app = make_app(open_path=create(new_header(game, players)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        # enough deals to scroll the first away, the game still going (a rubber ends at its seventh)
        table = screen.query_one(SheetTable)
        for fields in (deals * 2)[:6] if game == "auction_bridge" else deals * 2:
            await typed(pilot, game, fields)
            if not table.row_in_view(0):
                break  # no more: the game must still be going (once it is over, Enter shows a row in full)
        assert not screen.sheet.finished and app.screen is screen
        assert not table.row_in_view(0)  # the first deal scrolled away above
        first = screen.sheet.rows[0]
        screen.strike_out(first.seq)  # its scoring entry struck out (as Delete in the log does)
        await settle(pilot)
        for _ in range(3):  # outside the window or later entries refused: agreed
            if isinstance(app.screen, GameScreen):
                break
            await pilot.press("y")
            await settle(pilot)
        assert isinstance(app.screen, GameScreen), app.screen
        assert screen.sheet.rows[0].seq != first.seq
        assert table.cursor_row == 0 and table.row_in_view(0)  # where the row struck out was
