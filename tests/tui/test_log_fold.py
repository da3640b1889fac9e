"""The log pane never cuts an entry: at any width a longer entry folds to the pane with a "…", the pane does not
scroll sideways, and the entry at the cursor is shown whole below it. Where the sheet would have no room beside
it, the log takes the board's place while it is open."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from scorepad.tui.widgets.log_pane import LogPane

from .conftest import make_app, settle
from .test_first_frame import bridge_demo

NOTE = "the rubber's last deal was played out after the club's closing time, by the light of the bar"
LONG = f"note: {NOTE}"  # longer than the log pane at every width
LAST = "8 tricks, simple honours to We"  # the demo rubber's last entry ends so


def bridge_demo_with_a_long_note():
    from scorepad.log import parse_entry
    from scorepad.store.game_file import GameFile

    path = bridge_demo()
    with GameFile.open(path) as game:
        game.append(parse_entry("auction_bridge", {"type": "note", "text": NOTE}))
    return path


@pytest.mark.parametrize(
    "size,keys",
    [((160, 45), []), ((80, 24), ["f9"]), ((100, 30), ["f9"])],
    ids=["160x45", "80x24 F9", "100x30 F9"],
)
async def test_a_long_entry_folds_to_the_pane_and_shows_whole_at_the_cursor(size, keys):
    app = make_app(open_path=bridge_demo_with_a_long_note())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        log = app.screen.query_one(LogPane)
        assert log.region.width > 0
        assert log.virtual_size.width <= log.size.width  # nothing beyond the pane's edge
        last = str(log.get_row(str(log.row_count))[1])
        assert last == LONG
        whole = app.screen.query_one("#log-whole", Static)
        assert whole.display and LONG in str(whole.render()).replace("\n", " ")
        assert log.cursor_row == log.row_count - 1 and log.scroll_y == log.max_scroll_y  # the latest in view
        await pilot.press("ctrl+e", "up", "up", "up")  # "Cid deals" fits its row: nothing shown below
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
        assert str(log.get_row(str(log.row_count))[1]).endswith(LAST)  # whole in its row
        assert log.cursor_row == log.row_count - 1 and log.scroll_y == log.max_scroll_y  # the latest in view
        await pilot.press("f9")
        await settle(pilot)
        assert board.region.width == size[0] and not log.region.width
