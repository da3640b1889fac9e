"""The sheet and the log follow a correction by changing only the rows it changed, and read as a fresh open."""

from __future__ import annotations

from textual.app import App

from scorepad.log import amend_model, parse_entry, void_model
from scorepad.store.game_file import GameFile, create
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.screens.modals import KnockOnScreen
from scorepad.tui.widgets import log_pane, sheet_table
from scorepad.tui.widgets.log_pane import LogPane
from scorepad.tui.widgets.sheet_table import SheetTable, same_prefix

from ..helpers import header
from .conftest import make_app, settle

PLAYERS = ["Ann", "Bob", "Cid"]


def deal(number: int, made: int = 8, call: str = "6S") -> list[dict]:
    contractor = PLAYERS[(number + 1) % 3]
    others = [p for p in PLAYERS if p != contractor]
    return [
        {"type": "deal", "dealer": PLAYERS[number % 3]},
        {"type": "contract", "player": contractor, "call": call},
        {"type": "result", "tricks": {contractor: made, others[0]: 10 - made, others[1]: 0}},
    ]


def game(deals: int, wide: int | None = None):
    path = create(header("five_hundred", PLAYERS, {"target": 10_000}, title="Incremental"))
    with GameFile.open(path) as file:
        for number in range(deals):
            for item in deal(number, call="10NT" if number == wide else "6S"):
                file.append(parse_entry("five_hundred", item))
    return path


def table_text(table) -> list[tuple[str, list[str]]]:
    return [(row.key, [str(cell) for cell in table.get_row(row.key)]) for row in table.ordered_rows]


async def test_a_correction_changes_only_the_rows_it_changed_and_reads_as_a_fresh_open(monkeypatch):
    path = game(12)
    calls: list[tuple[str, str]] = []
    for name in ("add_row", "remove_row", "update_cell"):
        original = getattr(SheetTable, name)

        def spy(self, *args, _name=name, _original=original, **kwargs):
            if type(self) is not LogPane:
                calls.append((_name, str(kwargs.get("key") or args[0])))
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(SheetTable, name, spy)
    app = make_app(open_path=path)
    async with app.run_test(size=(130, 42)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        calls.clear()
        # deal 10's result (entry 30) counted again: set instead of made, as a table override (the window closed)
        screen.correct(
            amend_model("five_hundred")(
                target=30, override=True, entry=parse_entry("five_hundred", deal(9, made=5)[2])
            )
        )
        await settle(pilot)
        assert len(screen.sheet.entries) == 37
        assert {name for name, _ in calls} == {"update_cell"}  # nothing removed or added again
        assert {key for _, key in calls} == {"30", "33", "36"}  # deal 10 and the totals after it
        # then a strike-out that removes a row in the middle (and leaves the last deal refused: asked first)
        calls.clear()
        screen.correct(void_model("five_hundred")(target=33, override=True))
        await settle(pilot)
        assert isinstance(app.screen, KnockOnScreen)
        await pilot.press("y")
        await settle(pilot)
        assert app.screen is screen and len(screen.sheet.entries) == 38
        assert ("remove_row", "33") in calls and all(key in ("33", "36") for _, key in calls)
        sheet_rows = table_text(screen.query_one(SheetTable))
        log_rows = table_text(screen.query_one(LogPane))
        marks = LogPane.marks(screen.sheet)
    fresh = make_app(open_path=path)
    async with fresh.run_test(size=(130, 42)) as pilot:
        await settle(pilot)
        assert table_text(fresh.screen.query_one(SheetTable)) == sheet_rows
        assert table_text(fresh.screen.query_one(LogPane)) == log_rows
    assert marks[30] == "corrected by #37" and marks[33] == "struck out by #38"


def test_the_rows_two_sheets_share_are_found_by_halving():
    rows = [object() for _ in range(9)]
    assert same_prefix(tuple(rows), tuple(rows)) == 9
    assert same_prefix(tuple(rows), tuple(rows[:4] + [object()] * 5)) == 4
    assert same_prefix(tuple(rows), tuple(rows + [object()])) == 9
    assert same_prefix((), tuple(rows)) == 0


def _made(table) -> int:
    return table.rows_in_words


async def test_a_long_game_opens_with_only_the_rows_in_view_in_words_and_reads_as_an_eager_fill(monkeypatch):
    path = game(150, wide=2)  # 150 rows on the sheet, 450 in the log; the widest bid far above the view
    at_first_paint: list[tuple[int, int]] = []
    shown = App._display

    def display(self, screen, renderable):
        shown(self, screen, renderable)
        if renderable is not None and isinstance(screen, GameScreen) and not at_first_paint:
            at_first_paint.append((_made(screen.query_one(SheetTable)), _made(screen.query_one(LogPane))))

    monkeypatch.setattr(App, "_display", display)

    async def opened() -> tuple[list, list, list, list, str]:
        app = make_app(open_path=path)
        async with app.run_test(size=(130, 42)) as pilot:
            await settle(pilot)
            sheet, log = app.screen.query_one(SheetTable), app.screen.query_one(LogPane)
            assert sheet.cursor_row == 149 and log.cursor_row == 449  # at the latest deal, as before
            return (
                table_text(sheet),
                table_text(log),
                [c.content_width for c in sheet.ordered_columns],
                [c.content_width for c in log.ordered_columns],
                app.export_screenshot(),
            )

    lazily = await opened()
    assert any("NT" in cell for cell in lazily[0][2][1]), lazily[0][2]
    sheet_made, log_made = at_first_paint[0]
    assert sheet_made <= 100 and log_made <= 100  # the latest rows (those in view), not all 150 and 450
    monkeypatch.setattr(sheet_table, "LAZY_FROM", 10**9)  # every row put in words and measured at once
    monkeypatch.setattr(log_pane, "LAZY_FROM", 10**9)
    assert await opened() == lazily


async def test_a_long_game_with_corrections_opens_with_each_entry_marked_as_an_eager_fill_marks_it(
    monkeypatch,
):
    # the marks of a game opened (corrected, struck out, refused) are set for the few entries that have one
    path = game(40)
    with GameFile.open(path) as file:
        file.append(
            amend_model("five_hundred")(
                target=6, override=True, entry=parse_entry("five_hundred", deal(1, made=5)[2])
            )
        )
        file.append(void_model("five_hundred")(target=9, override=True))
        file.append(parse_entry("five_hundred", deal(1)[2]))  # a result with no contract before it: refused
    for entry in deal(40):
        with GameFile.open(path) as file:
            file.append(parse_entry("five_hundred", entry))

    async def opened() -> list:
        app = make_app(open_path=path)
        async with app.run_test(size=(130, 42)) as pilot:
            await settle(pilot)
            return table_text(app.screen.query_one(LogPane))

    lazily = await opened()
    marks = {key: cells[1] for key, cells in lazily if "(" in cells[1]}
    assert marks["6"].endswith("(corrected by #121)") and marks["9"].endswith("(struck out by #122)")
    assert "refused" in marks["123"], marks
    monkeypatch.setattr(log_pane, "LAZY_FROM", 10**9)  # every entry added and marked one by one
    assert await opened() == lazily


async def test_a_long_game_keeps_few_rows_in_words_and_a_correction_far_above_the_view_reads_as_a_fresh_open():
    # 130 rows on the sheet and 390 in the log, added lazily: once measured, only the latest made keep their cells
    # (the rest are made again, the same, when drawn or read); a correction of deal 2 changes rows made long ago
    from scorepad.tui.widgets.keyed_table import MADE_ROWS_KEPT

    path = game(130, wide=1)
    app = make_app(open_path=path)
    async with app.run_test(size=(130, 42)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        sheet, log = screen.query_one(SheetTable), screen.query_one(LogPane)
        assert log.row_count == 390 > MADE_ROWS_KEPT
        assert sheet.rows_unmeasured == log.rows_unmeasured == 0  # every row measured
        assert _made(log) <= MADE_ROWS_KEPT and _made(sheet) <= MADE_ROWS_KEPT
        assert sheet.ordered_columns[2].content_width >= len("10NT")  # measured, though not kept
        screen.correct(
            amend_model("five_hundred")(
                target=6, override=True, entry=parse_entry("five_hundred", deal(1, made=5)[2])
            )
        )
        await settle(pilot)
        assert log.get_row("6")[1].plain.endswith("(corrected by #391)")
        sheet_rows, log_rows = table_text(sheet), table_text(log)
        assert _made(log) <= MADE_ROWS_KEPT + 2  # the latest made, and the rows a correction changed
    fresh = make_app(open_path=path)
    async with fresh.run_test(size=(130, 42)) as pilot:
        await settle(pilot)
        assert table_text(fresh.screen.query_one(SheetTable)) == sheet_rows
        assert table_text(fresh.screen.query_one(LogPane)) == log_rows
