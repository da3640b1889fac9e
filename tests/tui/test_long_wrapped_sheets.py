"""A long Jass or Auction Bridge game opens with only the rows in view in words and drawn, though its rows take
more than one line (a hand's trump and who named it, a Weis sentence, a name wrapped to its column): each row's
lines are counted as it is added, and the table reads, measures and draws as when every row was added at once."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from rich.text import Text
from textual.app import App
from textual.containers import VerticalScroll
from textual.geometry import Region

from scorepad.log import amend_model, parse_entry
from scorepad.tui.games.auction_bridge.pad import BridgePad
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.widgets import log_pane, sheet_table
from scorepad.tui.widgets.sheet_table import SheetTable

from .conftest import make_app, settle

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent / "benchmarks"))
import tables  # noqa: E402  (logs like a real table's: Weis, Stöck, matches, penalties; auctions, honours)


def _made(table) -> int:
    return table.rows_in_words


def _table(table) -> tuple:
    rows = [(row.key, [str(cell) for cell in table.get_row(row.key)]) for row in table.ordered_rows]
    return (
        rows,
        [row.height for row in table.ordered_rows],
        [c.get_render_width(table) for c in table.ordered_columns],
        table.virtual_size,
    )


def _drawn(table) -> list[list[tuple[str, object]]]:
    width, height = table.size
    return [
        [(segment.text, segment.style) for segment in strip]
        for strip in table.render_lines(Region(0, 0, width, height))
    ]


@pytest.mark.parametrize("size", [(130, 42), (80, 24)], ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("game", ["jass", "auction_bridge", "auction_bridge with long names"])
async def test_a_long_game_of_tall_rows_opens_lazily_and_reads_and_draws_as_an_eager_fill(
    monkeypatch, tmp_path, game, size
):
    long_names = game.endswith("long names")
    game = game.split()[0]
    path = tables.write_game(tmp_path / f"{game}.jsonl", game, 700 if game == "jass" else 1500)  # ~180 rows
    if long_names:  # names too long for the deal list's columns: they are cut
        text = path.read_text(encoding="utf-8")
        for name in ("Ann", "Cid"):
            text = text.replace(f'"{name}"', f'"{name} Maria-Theresia von Habsburg"')
        path.write_text(text, encoding="utf-8")
    at_first_paint: list[tuple[int, int, str]] = []
    pad_lines_drawn: list[int] = []
    shown = App._display

    def display(self, screen, renderable):
        shown(self, screen, renderable)
        if renderable is not None and isinstance(screen, GameScreen) and not at_first_paint:
            sheet = screen.query_one(SheetTable)
            at_first_paint.append((_made(sheet), sheet.row_count, self.export_screenshot()))
            pads = screen.query(BridgePad)
            pad_lines_drawn.extend(len(pad._contents) for pad in pads)

    monkeypatch.setattr(App, "_display", display)

    async def opened() -> tuple:
        at_first_paint.clear()
        app = make_app(open_path=path)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            sheet = app.screen.query_one(SheetTable)
            assert sheet.cursor_row == sheet.row_count - 1  # at the latest deal, as before
            settled = app.export_screenshot()
            top = ""
            if (
                game == "auction_bridge"
            ):  # the pad scrolled to its top: its first lines drawn as Static drew them
                box = app.screen.query_one("#bridge-pad-box", VerticalScroll)
                box.scroll_home(animate=False)
                await settle(pilot)
                assert box.scroll_y == 0
                top = app.export_screenshot()
            return _table(sheet), settled, at_first_paint[0][2], top

    lazily = await opened()
    made, count, _ = at_first_paint[0]
    assert count > 100 and made <= 100, (made, count)  # the latest rows (those in view), not every row
    heights = lazily[0][1]
    if game == "jass":
        assert min(heights) >= 2 and max(heights) >= 3  # a trump and who named it; a Weis sentence, Stöck
    else:  # a long declarer's name is cut short in its row, never wrapped
        assert set(heights) == {1}
    if (
        game == "auction_bridge"
    ):  # the pad, a line for every deal, scrolled to its foot: only its lines in view
        assert pad_lines_drawn and 0 < pad_lines_drawn[0] <= size[1], pad_lines_drawn
    monkeypatch.setattr(sheet_table, "LAZY_FROM", 10**9)  # every row put in words, measured and drawn at once
    monkeypatch.setattr(log_pane, "LAZY_FROM", 10**9)
    monkeypatch.setattr(
        BridgePad, "_line_by_line", lambda self, width: False
    )  # the pad drawn whole, by Static
    monkeypatch.setattr(
        SheetTable, "appended_height", lambda self, cells: None
    )  # each row's lines by the table
    eagerly = await opened()
    assert eagerly[0] == lazily[0]  # the same rows, heights, column widths and scroll extent
    assert eagerly[1] == lazily[1]  # and the same screen once settled
    assert eagerly[2] == lazily[2]  # and the same first frame
    assert eagerly[3] == lazily[3]  # and the pad's top alike


async def test_a_correction_far_above_the_view_of_a_long_jass_game_reads_as_a_fresh_open(tmp_path):
    # rows added lazily with their lines counted, then a hand's points amended early in the game: the rows it
    # changed (that hand, every total after it) read, and are as tall, as in the game opened afresh
    path = tables.write_game(tmp_path / "jass.jsonl", "jass", 700)
    lines = path.read_text(encoding="utf-8").splitlines()
    early = next(json.loads(line) for line in lines[1:] if json.loads(line)["type"] == "tricks")
    app = make_app(open_path=path)
    async with app.run_test(size=(130, 42)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        team = next(iter(early["points"]))
        entry = parse_entry("jass", {"type": "tricks", "points": {team: 157}, "match": team})
        screen.correct(amend_model("jass")(target=early["seq"], override=True, entry=entry))
        await settle(pilot)
        while not isinstance(app.screen, GameScreen):  # a knock-on or an override asked: the table agrees
            await pilot.press("y")
            await settle(pilot)
        corrected = _table(screen.query_one(SheetTable))
        assert any("Match" in cell for cell in corrected[0][0][1])  # the amended hand, the first row
    fresh = make_app(open_path=path)
    async with fresh.run_test(size=(130, 42)) as pilot:
        await settle(pilot)
        assert _table(fresh.screen.query_one(SheetTable)) == corrected


async def test_hands_logged_at_the_foot_of_a_long_jass_game_read_and_draw_as_a_fresh_open(tmp_path):
    # a hand logged by keys below a long game's rows: placed at the foot with its lines counted from its cells: the
    # table, and the screen, as when the game is opened afresh
    path = tables.write_game(tmp_path / "jass.jsonl", "jass", 700)
    app = make_app(open_path=path)
    async with app.run_test(size=(130, 42)) as pilot:
        await settle(pilot)
        sheet = app.screen.query_one(SheetTable)
        count = sheet.row_count
        for keys in (
            ("h", "tab", *"a97", "enter"),
            ("s", "tab", "tab", *"c 4-Kh b st", "enter", "m", "enter"),
        ):
            await pilot.press(*keys)
            await settle(pilot)
        assert sheet.row_count == count + 2
        assert max(row.height for row in sheet.ordered_rows[-2:]) >= 3  # the Weis sentence and Stöck
        logged, drawn = _table(sheet), _drawn(sheet)
    fresh = make_app(open_path=path)
    async with fresh.run_test(size=(130, 42)) as pilot:
        await settle(pilot)
        assert _table(fresh.screen.query_one(SheetTable)) == logged
        assert (
            _drawn(fresh.screen.query_one(SheetTable)) == drawn
        )  # the sheet's lines in view, styles and all


@pytest.mark.parametrize("names", ["as written", "renamed, some over two lines"])
def test_a_jass_rows_lines_counted_from_its_words_are_those_of_its_cells(tmp_path, names):
    # a long game's every row is counted as it opens, from the words alone: as many lines as the cells it is
    # drawn with (penalties, bedanken, Weis sentences wrapped, Stöck, Bergpreis, names with line breaks)
    import dataclasses

    from scorepad.games import open_game
    from scorepad.rules import Replayer
    from scorepad.rules.jass.view import HandOutline
    from scorepad.tui.games.jass.screen import JassSheetTable

    game = open_game(tables.write_game(tmp_path / "jass.jsonl", "jass", 3000))
    sheet = Replayer(game.header).extend(game.entries).sheet()
    if names != "as written":
        sheet = dataclasses.replace(
            sheet,
            names={player: f"{player}\nvon Habsburg" for player in sheet.names},
            side_names={
                side: f"Team\n{side}" if index else f"{side} of the long name" * 2
                for index, side in enumerate(sheet.side_names)
            },
        )
    table = JassSheetTable()
    # about half the hands are counted from what the rules kept (no Weis sentence, no Stöck), before any words
    outlined = [
        row
        for row in sheet.rows
        if (outline := HandOutline.of(row)) and not outline.weis_said and not outline.stoeck
    ]
    assert len(sheet.rows) // 4 < len(outlined) < len(sheet.rows)
    counted = [table.row_lines(row, sheet) for row in sheet.rows]
    drawn = [
        max(
            cell.plain.count("\n") + 1 if isinstance(cell, Text) else cell.count("\n") + 1
            for cell in table.game_cells(row, sheet)
        )
        for row in sheet.rows
    ]
    assert counted == drawn
    assert len(set(counted)) >= 3  # rows of two, three and more lines among them
    kinds = {row.cells.penalty is not None for row in sheet.rows}
    assert kinds == {True, False}  # penalties and hands


@pytest.mark.parametrize("entries", [400, 12])  # a short rubber: the grand slam's cells are the widest yet
@pytest.mark.parametrize("size", [(130, 42), (80, 24)], ids=lambda size: f"{size[0]}x{size[1]}")
async def test_deals_logged_at_the_foot_of_a_long_rubber_read_and_draw_as_a_fresh_open(
    tmp_path, size, entries
):
    # a deal logged measures its own cells for the deal list's columns (not every deal's again), and the pad drawn
    # again only when its lines change: the list's plan, the table and the pad as when the game is opened afresh,
    # a deal that widens a column (a redoubled grand slam set seven) among them
    path = tables.write_game(tmp_path / "bridge.jsonl", "auction_bridge", entries)
    app = make_app(open_path=path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        sheet = app.screen.query_one(SheetTable)
        count = sheet.row_count
        for keys in (("a", "tab", *"1nt", "tab", "7", "enter"), ("b", "tab", *"7ntxx", "tab", "6", "enter")):
            await pilot.press(*keys)
            await settle(pilot)
        assert sheet.row_count == count + 2, app.screen.query_one("#form-status").render()
        pad = app.screen.query_one(BridgePad)
        logged, drawn, plan, lines = (
            _table(sheet),
            _drawn(sheet),
            sheet.plan,
            [str(line.plain) for line in pad._lines],
        )
        measured = sheet._measured[2:]  # the deal list's widest cells, the logged deals' measured alone
    fresh = make_app(open_path=path)
    async with fresh.run_test(size=size) as pilot:
        await settle(pilot)
        again = fresh.screen.query_one(SheetTable)
        assert again.plan == plan
        assert again._measured[2:] == measured
        assert _table(again) == logged
        assert _drawn(again) == drawn
        assert [str(line.plain) for line in fresh.screen.query_one(BridgePad)._lines] == lines
