"""The log pane never cuts an entry: at any width a longer entry folds to the pane with a "…", the pane does not
scroll sideways, and the entry at the cursor is shown whole below it. Where the sheet would have no room beside
it, the log takes the board's place while it is open."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from scorepad.tui.widgets.log_pane import LogPane

from .conftest import make_app, settle
from .test_first_frame import bridge_demo

LONG = "declarer's side 8 tricks, simple honours to We"  # the demo rubber's last entry


async def test_a_long_entry_folds_to_the_pane_and_shows_whole_at_the_cursor():
    app = make_app(open_path=bridge_demo())
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot)
        log = app.screen.query_one(LogPane)
        assert log.region.width > 0
        assert log.virtual_size.width <= log.size.width  # nothing beyond the pane's edge
        last = str(log.get_row(str(log.row_count))[1])
        assert last == LONG
        whole = app.screen.query_one("#log-whole", Static)
        assert whole.display and LONG in str(whole.render()).replace("\n", " ")
        assert log.cursor_row == log.row_count - 1 and log.scroll_y == log.max_scroll_y  # the latest in view
        await pilot.press("ctrl+e", "up", "up")  # "Cid deals" fits its row: nothing shown below
        await settle(pilot)
        assert not whole.display


@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=["80x24", "100x30"])
async def test_without_room_beside_the_sheet_the_log_takes_its_place(size):
    app = make_app(open_path=bridge_demo())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        board = app.screen.query_one("#board")
        assert board.display and board.region.width == size[0]
        await pilot.press("f9")
        await settle(pilot)
        log = app.screen.query_one(LogPane)
        assert log.region.width >= size[0] - 2 and not board.region.width  # the whole width, the board away
        assert str(log.get_row(str(log.row_count))[1]) == LONG  # whole in its row
        assert log.cursor_row == log.row_count - 1 and log.scroll_y == log.max_scroll_y  # the latest in view
        await pilot.press("f9")
        await settle(pilot)
        assert board.region.width == size[0] and not log.region.width
