"""Each game at the sizes tables use: 80×24 (a default terminal), 100×30 and 160×45, with a game under way.

At 80×24 every side's running total, the latest deals, the form and the frame's keys must be on screen; the
log pane folds away below 120 columns (F9 shows it) and the Jass-Tafel folds when rows are short.
"""

from __future__ import annotations

import pytest
from textual.widgets import Input

from scorepad.demo import BRIDGE, FIVE_HUNDRED, JASS
from scorepad.log import parse_entry
from scorepad.store.game_file import GameFile, create
from scorepad.tui.games.jass.tafel import JassTafel
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.widgets.log_pane import LogPane
from scorepad.tui.widgets.sheet_table import SheetTable

from ..helpers import header
from .conftest import make_app, settle

GAMES = {
    "five_hundred": (["Ann", "Bob", "Cid"], None, FIVE_HUNDRED),
    "jass": (["Ann", "Bob", "Cid", "Dan"], None, JASS),
    "auction_bridge": (["Ann", "Bob", "Cid", "Dan"], {"We": ["Ann", "Cid"], "They": ["Bob", "Dan"]}, BRIDGE),
}
SIZES = [(80, 24), (100, 30), (160, 45)]


def populated(game: str):
    players, sides, items = GAMES[game]
    path = create(header(game, players, sides=sides, title="Friday"))
    with GameFile.open(path) as file:
        for item in items:
            file.append(parse_entry(game, item))
    return path


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", list(GAMES))
def test_game_layout_snapshots(snap_compare, scorepad_home, game, size):
    path = populated(game)
    assert snap_compare(make_app(open_path=path), terminal_size=size, run_before=settle)


def _inside(widget, screen) -> bool:
    region = widget.region
    return region.width > 0 and region.height > 0 and screen.region.contains_region(region)


@pytest.mark.parametrize("game", list(GAMES))
async def test_at_80x24_every_total_the_form_and_the_keys_show(scorepad_home, game):
    app = make_app(open_path=populated(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert not screen.query_one("#log-side").display  # folded: the sheet has the width
        table = screen.query_one(SheetTable)
        # every column, the last side's running total included, fits the table's width: nothing scrolls away
        assert table.virtual_size.width <= table.size.width
        last = table.get_row_at(table.row_count - 1)
        for side in screen.sheet.sides:  # the latest deal's row carries every side's running total
            assert any(str(screen.sheet.totals[side]) in str(cell) for cell in last)
        assert table.cursor_row == table.row_count - 1
        shown = [field for field in screen.query(Input) if field.display and _inside(field, screen)]
        assert shown, "the entry form is on screen"
        for field in shown:  # a field's label and hint are whole (shorter words, not cut)
            assert len(str(field.border_title or "")) <= field.outer_size.width - 4
            assert len(field.placeholder) <= field.content_region.width
        footer_keys = {binding.key for binding in GameScreen.BINDINGS if binding.show}
        bar = screen.query_one("Footer")
        shown_keys = {key.key for key in bar.query("FooterKey") if _inside(key, screen)}
        assert footer_keys <= shown_keys


async def test_the_log_pane_folds_below_120_columns_and_f9_shows_it(scorepad_home):
    app = make_app(open_path=populated("five_hundred"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        log_side = app.screen.query_one("#log-side")
        assert not log_side.display
        await pilot.press("f9")
        await settle(pilot)
        assert log_side.display
        await pilot.press("f9")
        await settle(pilot)
        assert not log_side.display
        await pilot.press("ctrl+e")  # picking an entry to correct shows the log
        await settle(pilot)
        assert log_side.display and app.screen.query_one(LogPane).has_focus
        await pilot.resize_terminal(160, 45)
        await settle(pilot)
        assert log_side.display


async def test_the_jass_tafel_folds_when_rows_are_short_and_f7_shows_it(scorepad_home):
    app = make_app(open_path=populated("jass"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tafel = app.screen.query_one(JassTafel)
        assert not tafel.display
        await pilot.press("f7")
        await settle(pilot)
        assert tafel.display
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert tafel.display and tafel.z


async def test_the_log_shown_to_pick_an_entry_folds_again_when_the_correction_closes(scorepad_home):
    app = make_app(open_path=populated("five_hundred"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log_side = app.screen.query_one("#log-side")
        await pilot.press("ctrl+e")
        await settle(pilot)
        assert log_side.display
        await pilot.press("enter")  # the last entry's editor
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and not log_side.display
