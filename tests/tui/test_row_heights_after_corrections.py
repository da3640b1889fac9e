"""A sheet row whose lines a correction changes takes its new height: a Jass penalty given a long reason (its
sentence wraps to more lines) or a reason taken away; a Bridge deal keeps one line, a long declarer's name cut.
The table's row is as tall as its words again, neither cut nor padded, and the rows below it move with it."""

from __future__ import annotations

from textual.geometry import Region
from textual.widgets import Input

from scorepad.store.game_file import create, new_header
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.widgets import sheet_table
from scorepad.tui.widgets.sheet_table import SheetTable

from .conftest import make_app, settle
from .test_auction_bridge_screen import deal, open_rubber
from .test_dialog_corrections import BD, HAND, JASS, game_file, open_from_log


def heights(app) -> list[int]:
    table = app.screen.query_one(SheetTable)
    return [row.height for row in table.ordered_rows]


def drawn(app) -> str:
    table = app.screen.query_one(SheetTable)
    return "\n".join(strip.text for strip in table.render_lines(Region(0, 0, *table.size)))


def row_text(app, index: int) -> list[str]:
    table = app.screen.query_one(SheetTable)
    return [str(cell) for cell in table.get_row_at(index)]


async def test_a_jass_penalty_given_a_long_reason_grows_and_shrinks_back(scorepad_home):
    path = game_file(
        "jass",
        JASS,
        [*HAND, {"type": "penalty", "kind": "uncut_deck", "against": BD}, *HAND],
        rules={"preset": "flat_1000"},
    )
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = heights(app)
        assert before[1] == 2  # "penalty / uncut deck", "against Bob & Dan"
        await open_from_log(pilot, ups=3)  # the penalty, three entries up from the last
        assert app.focused is not None and app.focused.id == "penalty-kind"
        await pilot.press("tab", "tab", "tab", *"the deck was not offered to the right to cut", "enter")
        await settle(pilot)
        assert "the deck was not offered" in " ".join(row_text(app, 1)[3].split())
        lines = row_text(app, 1)[3].count("\n") + 1
        assert lines >= 3
        assert heights(app) == [
            before[0],
            lines,
            before[2],
        ]  # the row as tall as its sentence, the next one as it was
        await open_from_log(pilot, ups=4)  # the penalty again, the correction now last in the log
        assert app.focused is not None and app.focused.id == "penalty-kind"
        assert app.screen.query_one("#penalty-note", Input).value.startswith("the deck")
        await pilot.press("tab", "tab", "tab", "ctrl+u", "enter")  # the reason taken away again
        await settle(pilot)
        assert heights(app) == before


async def test_a_bridge_deal_corrected_to_a_declarer_with_a_long_name_keeps_one_line():
    ann, cid = (
        "Ann Maria-Theresia Walburga von Habsburg",
        "Cid Maria-Theresia Walburga von Habsburg",
    )  # 40 each
    path = create(
        new_header(
            "auction_bridge", [ann, "Bob", cid, "Dan"], sides={"We": [ann, cid], "They": ["Bob", "Dan"]}
        )
    )
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_rubber(pilot)
        await deal(pilot, "a", "2sx", "8", "w3")  # Ann's name cut short in the row, the contract whole
        await deal(pilot, "b", "1n", "7")
        assert heights(app) == [1, 1]
        assert "Ann Maria-There… 2♠x" in row_text(app, 0)
        await open_from_log(pilot, ups=1)  # the second deal's contract, with its result
        assert isinstance(app.focused, Input) and app.focused.value == "Bob"
        await pilot.press("ctrl+u", "a", "enter")  # it was Ann who declared
        await settle(pilot)
        assert "Ann Maria-There… 1NT" in row_text(app, 1)
        assert heights(app) == [1, 1]
        assert drawn(app).count("Ann Maria-There…") == 2
        await open_from_log(pilot, ups=2)  # the same contract again, the correction now last in the log
        assert isinstance(app.focused, Input) and app.focused.value.startswith("Ann")
        await pilot.press("ctrl+u", "b", "enter")
        await settle(pilot)
        assert heights(app) == [1, 1] and "Bob 1NT" in row_text(app, 1)


async def test_a_long_sheets_row_put_in_words_lazily_takes_its_new_height_too(scorepad_home, monkeypatch):
    monkeypatch.setattr(
        sheet_table, "LAZY_FROM", 2
    )  # the rows added as a long game's are, in words when drawn
    path = game_file(
        "jass",
        JASS,
        [*HAND, *HAND, *HAND, {"type": "penalty", "kind": "uncut_deck", "against": BD}, *HAND],
        rules={"preset": "flat_1000"},
    )
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen.query_one(SheetTable)
        assert table.ordered_rows[3].cells is None  # added lazily: its cells are made from the rules' row
        before = heights(app)
        await open_from_log(pilot, ups=3)
        assert app.focused is not None and app.focused.id == "penalty-kind"
        await pilot.press("tab", "tab", "tab", *"the deck was not offered to the right to cut", "enter")
        await settle(pilot)
        lines = row_text(app, 3)[3].count("\n") + 1
        assert lines >= 3 and heights(app) == [*before[:3], lines, before[4]]
        # numbered by hand: the penalty goes with the hand it was given in
        assert [row_text(app, index)[0] for index in range(5)] == ["1", "2", "3", "4", "4"]


async def test_an_early_row_of_a_long_game_corrected_to_another_height_reads_as_a_fresh_open(scorepad_home):
    # hundreds of hands below the corrected penalty, most of them never drawn (added lazily, not in words): the
    # sheet is filled again, as a fresh open fills it, rather than each row below made in words to be removed
    path = game_file(
        "jass",
        JASS,
        [*HAND, {"type": "penalty", "kind": "uncut_deck", "against": BD}, *HAND * 400],
        rules={"preset": "flat_1000", "target": 100000},
    )
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = heights(app)
        assert len(before) == 402 and before[1] == 2
        await open_from_log(pilot, ups=len(HAND) * 400)  # the penalty, above every hand
        assert app.focused is not None and app.focused.id == "penalty-kind"
        await pilot.press("tab", "tab", "tab", *"the deck was not offered to the right to cut", "enter")
        await settle(pilot)
        while not isinstance(
            app.screen, GameScreen
        ):  # outside the correction window: the table's override asked
            await pilot.press("y")
            await settle(pilot)
        corrected = heights(app)
        assert corrected[1] >= 3 and corrected[2:] == before[2:]
        texts = [row_text(app, index) for index in (1, 200, 401)]
        table = app.screen.query_one(SheetTable)
        assert table.cursor_row == 1 and table.row_in_view(1)  # the penalty corrected, whole in view
        assert "deck was not offered" in drawn(app)
    fresh = make_app(open_path=path)
    async with fresh.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert heights(fresh) == corrected
        assert [row_text(fresh, index) for index in (1, 200, 401)] == texts
        assert fresh.screen.query_one(SheetTable).row_in_view(401)  # a fresh open: the latest hand in view


async def test_a_line_more_above_the_sheet_after_a_correction_keeps_the_corrected_deal_whole_in_view(
    scorepad_home,
):
    # a late correction accepted by the table's override adds "Table overrides in this game" above the sheet:
    # the table is a line shorter after its cursor was scrolled to the deal corrected, which must not be cut off
    from .test_five_hundred_screen import THREE, quick, write_game

    items: list[dict] = []
    for number in range(20):
        dealer, contractor = THREE[number % 3], THREE[(number + 1) % 3]
        items += [
            {"type": "deal", "dealer": dealer},
            *quick(contractor, "6S", {p: 6 if p == contractor else 2 for p in THREE}),
        ]
    path = write_game(scorepad_home, THREE, items, rules={"target": 5000})
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen.query_one(SheetTable)
        height = table.size.height
        assert table.row_in_view(19) and not table.row_in_view(0)
        await open_from_log(pilot, ups=len(items) - 3)  # the first deal's result
        await pilot.press("ctrl+u", "7", "ctrl+s")
        await settle(pilot)
        await pilot.press("y")  # outside its window: the table's override
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.sheet.overrides
        assert table.size.height < height
        assert table.cursor_row == 0 and table.row_in_view(0)  # the deal corrected, whole
        assert drawn(app).splitlines()[1].split()[0] == "1"
