"""KeyedTable, the score sheet's and the log's table: what it shows and how it answers a player.

It is drawn on Textual's Line API to look as Textual's DataTable looks: two tables, a plain DataTable and a
KeyedTable, go through the same changes side by side (appends with the cursor following, a column widened, wide
characters, changed cells, a removed row, rows of several lines, a table made shorter, narrower, scrolled, focused,
emptied), and after each step every line of both is compared, text and style. The rest is its own: rows put in
words only when drawn or read, the cursor's keys and messages, where it keeps the view.
"""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import DataTable

from scorepad.tui.widgets.keyed_table import MADE_ROWS_KEPT, DuplicateRowKey, KeyedTable


class Twins(App[None]):
    CSS = "DataTable, KeyedTable { width: 1fr; height: 12; }"
    AUTO_FOCUS = None  # neither table focused: focus changes the header's colour

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield DataTable(id="plain", cursor_type="row", zebra_stripes=True)
            yield KeyedTable(id="keyed", zebra_stripes=True)

    @property
    def tables(self) -> tuple[DataTable, KeyedTable]:
        return self.query_one("#plain", DataTable), self.query_one("#keyed", KeyedTable)

    def both(self) -> tuple[DataTable | KeyedTable, ...]:
        return self.tables


def lines(table: DataTable | KeyedTable) -> list[list[tuple[str, object]]]:
    width, height = table.size
    strips = table.render_lines(Region(0, 0, width, height))
    return [[(segment.text, segment.style) for segment in strip] for strip in strips]


def row(number: int, wide: bool = False) -> list[str | Text]:
    name = "Anneliese-Marie von Stein" if wide else ["Ann", "Bob", "Cid", "Dörte ♠", "漢字 Kanji"][number % 5]
    return [str(number), name, Text.assemble((f"{number * 10:+d}", "green"), "  ", (str(number * 7), "bold"))]


def tall(number: int) -> list[str | Text]:
    # a Jass hand's row: its cells two or three lines high
    return [
        str(number),
        f"Ann\nBob {number}",
        Text.assemble((f"{number * 10:+d}", "green"), "\n", str(number * 7)),
    ]


def columns(app: Twins) -> None:
    for table in app.both():
        table.add_column("#", key="n")
        table.add_column("who", key="who")
        table.add_column("points", key="points")


async def same(pilot: Pilot[None], step: str) -> None:
    plain, keyed = pilot.app.tables  # type: ignore[attr-defined]
    await pilot.pause()
    for _ in range(
        20
    ):  # DataTable scrolls to its cursor after a refresh (KeyedTable at once): let it catch up
        if plain.scroll_offset == keyed.scroll_offset:
            break
        await pilot.pause(0.05)
    await pilot.pause()
    assert plain.row_count == keyed.row_count, step
    assert plain.virtual_size == keyed.virtual_size, step
    assert plain.cursor_row == keyed.cursor_row, step
    assert plain.scroll_offset == keyed.scroll_offset, step
    assert lines(plain) == lines(keyed), step


async def test_keyed_table_draws_what_data_table_draws():
    app = Twins()
    async with app.run_test(size=(100, 16)) as pilot:
        columns(app)
        await same(pilot, "empty")
        for table in app.both():
            for number in range(1, 25):
                table.add_row(*row(number), key=str(number))
            table.move_cursor(row=table.row_count - 1)
        await same(pilot, "filled")
        for number in range(25, 31):  # one at a time, the cursor following, as the sheet and log do
            for table in app.both():
                table.add_row(*row(number, wide=number == 28), key=str(number))
                table.move_cursor(row=table.row_count - 1)
            await same(pilot, f"appended {number}")
        plain, keyed = app.tables
        plain.move_cursor(row=3)
        keyed.move_cursor(row=3)
        await same(pilot, "cursor moved up")
        plain.update_cell("5", "who", Text("corrected", style="dim"))
        keyed.update_cell("5", "who", Text("corrected", style="dim"))
        await same(pilot, "cell updated")
        for key, column, value in (
            ("4", "points", Text("-40  7", style="red")),
            ("6", "who", "Eve"),
            ("7", "points", Text("-1000000  -7777777", style="bold red")),
        ):
            plain.update_cell(key, column, value, update_width=True)  # a wider one widens its column
            keyed.update_cell(key, column, value)
        await same(pilot, "cells of three rows updated, one wider")
        for table in app.both():
            table.styles.height = 9  # shorter (a form below it grew by a line): nothing else changed
        await same(pilot, "made shorter")
        for table in app.both():
            table.styles.height = 12
            table.styles.width = 40
        await same(pilot, "narrower: it scrolls sideways")
        for table in app.both():
            table.scroll_to(x=6, animate=False)
        await same(pilot, "scrolled sideways")
        for table in app.both():
            table.styles.width = "1fr"
        await same(pilot, "as wide as before")
        plain.remove_row("29")
        keyed.remove_row("29")
        for table in app.both():
            table.add_row(*row(31), key="31")
            table.move_cursor(row=table.row_count - 1)
        await same(pilot, "a row removed, one appended: the stripes below it change")
        for table in app.both():
            table.scroll_home(animate=False)
        await same(pilot, "scrolled to the top")
        for table in app.both():
            for number in range(40, 120):
                table.add_row(*row(number), key=str(number))
            table.scroll_end(animate=False)
        await same(pilot, "eighty rows more, scrolled to the end")
        plain.focus()
        await pilot.pause()
        focused = lines(plain)
        keyed.focus()
        await pilot.pause()
        assert lines(keyed) == focused  # the focused table's header, rows and cursor
        app.theme = "textual-light"
        await pilot.pause()
        assert lines(keyed) != focused
        app.set_focus(None)
        await same(pilot, "another theme, neither focused")
        for table in app.both():
            table.clear(columns=True)
        columns(app)
        for table in app.both():
            table.add_row(*row(1), key="1")
        await same(pilot, "emptied and filled again")


async def test_keyed_table_draws_every_kind_of_one_line_cell_as_data_table_does():
    # a one-line cell of text is drawn directly (as Rich would draw it, without its renderables): cells cut with an
    # ellipsis or folded in a column of a set width, a style of the Text's own, empty cells, wide characters, a
    # cell the cursor is on; and what is not one plain line (right-justified text, a Text that wraps, a tab) Rich
    # draws itself
    cells: list[list[str | Text | None]] = [
        [
            Text("a long description of the deal", no_wrap=True, overflow="ellipsis"),
            Text("dim", style="dim"),
            Text(""),
            "plain words",
        ],
        [
            Text("folded away at the width", overflow="fold"),
            Text("styled", style="bold red", spans=[]),
            Text("♠♥♦♣ wide 漢字 chars", overflow="crop"),
            Text.assemble(("+20", "green"), "  ", ("130", "bold")),
        ],
        [Text("right", justify="right"), Text("wraps around", no_wrap=False), Text("a\ttab"), "x"],
        ["", None, Text("·", style="dim"), "not closed"],
    ]
    app = Twins()
    async with app.run_test(size=(100, 16)) as pilot:
        for table in app.both():
            table.add_column("#", key="n")
            table.add_column("entry", key="entry", width=12)
            table.add_column("a", key="a")
            table.add_column("b", key="b", width=7)
            table.add_column("c", key="c")
            for number, row_cells in enumerate(cells * 3, start=1):
                table.add_row(str(number), *row_cells, key=str(number))
            table.move_cursor(row=2)
        await same(pilot, "cells of every kind")
        for table in app.both():
            table.move_cursor(row=table.row_count - 1)
        await same(pilot, "the cursor on another row")


async def test_rows_of_several_lines_are_placed_and_drawn_as_data_table_draws_them():
    # a long game of rows two lines high (Jass's hands), each appended at the foot with the cursor following
    app = Twins()
    async with app.run_test(size=(100, 16)) as pilot:
        columns(app)
        for table in app.both():
            for number in range(1, 9):
                table.add_row(*row(number), key=str(number))
        await same(pilot, "one-line rows")
        for number in range(9, 21):
            for table in app.both():
                table.add_row(*tall(number), key=str(number), height=3 if number % 5 == 0 else 2)
                if number % 4 == 0:
                    table.add_row(*row(100 + number), key=str(100 + number))  # a one-line row among them
                table.move_cursor(row=table.row_count - 1)
            await same(pilot, f"appended {number}")
        for table in app.both():
            table.move_cursor(row=0)
        await same(pilot, "the cursor on the first row")
        for step, move in (
            ("page down", "action_page_down"),
            ("page down again", "action_page_down"),
            ("cursor up", "action_cursor_up"),
        ):
            for table in app.both():
                getattr(table, move)()
            await same(pilot, step)
        plain, keyed = app.tables
        for table in app.both():
            table.move_cursor(row=5)
        await same(pilot, "cursor moved into the one-line rows")
        plain.remove_row("12")
        keyed.remove_row("12")
        for table in app.both():
            table.add_row(*tall(21), key="21", height=2)
            table.move_cursor(row=table.row_count - 1)
        await same(pilot, "a row removed, then one appended")
        plain.update_cell("21", "who", "Cid\nDan")
        keyed.update_cell("21", "who", "Cid\nDan")
        await same(pilot, "a cell of the last row changed")
        for table in app.both():
            table.scroll_home(animate=False)
            table.move_cursor(row=0)
        await same(pilot, "back at the top")


async def test_a_row_given_more_lines_moves_the_rows_below_it():
    # a Jass penalty given a long reason: its row takes three lines, and every row below it is placed lower
    app = Twins()
    async with app.run_test(size=(100, 16)) as pilot:
        columns(app)
        plain, keyed = app.tables
        for number in range(1, 6):
            plain.add_row(*tall(number), key=str(number), height=3 if number == 2 else 2)
            keyed.add_row(*tall(number), key=str(number), height=2)
        reason = "Ann\nBob\nwithout a cut"
        plain.update_cell("2", "who", reason)
        keyed.update_cell("2", "who", reason)
        keyed.set_row_height("2", keyed.lines_of(keyed.get_row("2")))
        assert [row.height for row in keyed.ordered_rows] == [2, 3, 2, 2, 2]
        await same(pilot, "the second row a line taller")
        assert keyed.virtual_size.height == 1 + 11


async def test_a_row_of_no_set_height_takes_its_cells_lines_wrapped_to_their_columns():
    app = Twins()
    async with app.run_test(size=(100, 16)) as pilot:
        plain, keyed = app.tables
        for table in app.both():
            table.add_column("#", key="n")
            table.add_column("contract", key="contract", width=8)  # a column of a set width: its cells wrap
        cells = ["1", "Anneliese 2NT doubled"]
        plain.add_row(*cells, key="1", height=None)
        keyed.add_row(*cells, key="1", height=None)
        keyed.add_row("2", "Bob 1S", key="2", height=None)
        plain.add_row("2", "Bob 1S", key="2", height=None)
        await same(pilot, "wrapped")
        assert [row.height for row in keyed.ordered_rows] == [3, 1]
        assert keyed.lines_of(cells) == 3 and keyed.lines_of(["3", "a\nb"]) == 2


async def until_measured(pilot: Pilot[None], table: KeyedTable) -> None:
    for _ in range(200):
        if not table.rows_unmeasured:
            return
        await pilot.pause(0.02)
    raise AssertionError("the rows added lazily were never all measured")


async def test_rows_added_lazily_are_made_when_drawn_or_read_and_draw_what_an_eager_fill_draws():
    # a long game opened: the rows in view are put in words before the first paint, the rest when drawn or read
    # (and measured a chunk at a time after the first paint); the columns end as wide as the widest cell of the
    # whole table (here a name far above the view)
    made: list[int] = []

    def make(number: int) -> list[str | Text]:
        made.append(number)
        return row(number, wide=number == 3)

    app = Twins()
    async with app.run_test(size=(100, 16)) as pilot:
        plain, keyed = app.tables
        columns(app)
        for number in range(1, 1001):
            plain.add_row(*row(number, wide=number == 3), key=str(number))
        keyed.add_lazy_rows(((str(number), number) for number in range(1, 1001)), make)
        assert (
            0 < len(made) <= 200 and 3 not in made and keyed.row_count == 1000
        )  # the latest, measured at once
        for table in app.both():
            table.move_cursor(row=table.row_count - 1)
        await until_measured(pilot, keyed)
        assert sorted(made) == list(range(1, 1001))  # every row measured in the end, each made once
        await same(pilot, "filled lazily, measured")
        for table in app.both():
            table.scroll_home(animate=False)
        await same(pilot, "scrolled to the widest row")
        assert plain.get_row("500") == keyed.get_row("500") and keyed.get_row_index("500") == 499

    app = Twins()
    async with app.run_test(size=(100, 16)) as pilot:
        plain, keyed = app.tables
        columns(app)
        for number in range(1, 401):
            plain.add_row(*row(number, wide=number == 3), key=str(number))
        keyed.add_lazy_rows(
            ((str(number), number) for number in range(1, 401)), lambda number: row(number, wide=number == 3)
        )
        # changed and removed before they were ever made or measured
        plain.update_cell("7", "who", Text("corrected", style="dim"))
        keyed.update_cell("7", "who", Text("corrected", style="dim"))
        plain.remove_row("8")
        keyed.remove_row("8")
        for table in app.both():
            table.add_row(*row(401), key="401")
            table.move_cursor(row=table.row_count - 1)
        assert plain.get_row("7") == keyed.get_row("7")
        await until_measured(pilot, keyed)
        await same(pilot, "changed before made")
        for table in app.both():
            table.scroll_home(animate=False)
        await same(pilot, "changed before made, at the top")


async def test_rows_only_measured_are_made_by_their_own_maker():
    # `measure` makes the cells of a row only measured, out of view (it may keep less); `make` those drawn or read
    made: list[int] = []
    measured: list[int] = []

    def make(number: int) -> list[str | Text]:
        made.append(number)
        return row(number, wide=number == 3)

    def measure(number: int) -> list[str | Text]:
        measured.append(number)
        return row(number, wide=number == 3)

    app = Twins()
    async with app.run_test(size=(100, 16)) as pilot:
        plain, keyed = app.tables
        columns(app)
        for number in range(1, 601):
            plain.add_row(*row(number, wide=number == 3), key=str(number))
        keyed.add_lazy_rows(((str(number), number) for number in range(1, 601)), make, measure)
        for table in app.both():
            table.move_cursor(row=table.row_count - 1)
        await until_measured(pilot, keyed)
        assert 3 in measured and 3 not in made and 600 in made and 600 not in measured
        assert sorted(made + measured) == list(range(1, 601))  # each row made or measured, once
        await same(pilot, "measured by one, drawn by the other")
        for table in app.both():
            table.scroll_home(animate=False)
        await same(pilot, "scrolled to the widest row")
        assert 3 in made and keyed.get_row("3") == plain.get_row("3")


async def test_rows_added_lazily_keep_only_the_latest_made_and_read_the_same_when_made_again():
    # a long game keeps its rows' sources, not their cells: a row dropped is made again, the same, when next read;
    # a changed cell is the row's own from then on, never dropped
    count = MADE_ROWS_KEPT * 3
    made: list[int] = []

    def make(number: int) -> list[str | Text]:
        made.append(number)
        return row(number)

    app = Twins()
    async with app.run_test(size=(100, 16)) as pilot:
        plain, keyed = app.tables
        columns(app)
        for number in range(1, count + 1):
            plain.add_row(*row(number), key=str(number))
        keyed.add_lazy_rows(((str(number), number) for number in range(1, count + 1)), make)
        for table in app.both():
            table.move_cursor(row=table.row_count - 1)
        await until_measured(pilot, keyed)
        assert keyed.rows_in_words <= MADE_ROWS_KEPT  # the measuring kept none of the rows out of view
        plain.update_cell("2", "who", Text("corrected", style="dim"))
        keyed.update_cell("2", "who", Text("corrected", style="dim"))
        for _ in range(2):  # every row read twice over: each is dropped and made again on the way
            for number in range(1, count + 1):
                assert keyed.get_row(str(number)) == plain.get_row(str(number)), number
        assert keyed.rows_in_words <= MADE_ROWS_KEPT + 1  # the latest made, and the changed row
        assert made.count(count // 2) >= 2  # made again when read after being dropped
        assert keyed.get_row("2")[1] == Text("corrected", style="dim")
        await same(pilot, "every row read again")
        for table in app.both():
            table.scroll_home(animate=False)
        await same(pilot, "at the top, the changed row from its own cells")


async def test_a_key_given_twice_or_one_already_there_is_refused_and_nothing_added():
    app = Twins()
    async with app.run_test(size=(100, 16)) as pilot:
        keyed = app.tables[1]
        keyed.add_column("#", key="n")
        with pytest.raises(DuplicateRowKey):
            keyed.add_lazy_rows(((key, key) for key in ("1", "2", "1")), lambda key: [key])
        assert keyed.row_count == 0
        keyed.add_lazy_rows(((str(number), number) for number in range(1, 31)), lambda number: [str(number)])
        with pytest.raises(DuplicateRowKey):
            keyed.add_lazy_rows(((key, key) for key in ("31", "7")), lambda key: [key])
        with pytest.raises(DuplicateRowKey):
            keyed.add_row("7", key="7")
        assert keyed.row_count == 30
        keyed.add_row("31", key="31")
        keyed.move_cursor(row=keyed.row_count - 1)
        await pilot.pause()
        assert keyed.get_row("31") == ["31"] and keyed.cursor_key == "31" and keyed.cursor_row == 30


class Keys(App[None]):
    CSS = "KeyedTable { height: 10; }"

    def __init__(self) -> None:
        super().__init__()
        self.heard: list[tuple[str, str]] = []

    def compose(self) -> ComposeResult:
        yield KeyedTable(id="log")

    def on_keyed_table_row_highlighted(self, event: KeyedTable.RowHighlighted) -> None:
        self.heard.append(("highlighted", event.row_key))

    def on_keyed_table_row_selected(self, event: KeyedTable.RowSelected) -> None:
        self.heard.append(("selected", event.row_key))


async def test_the_cursor_moves_by_keys_and_clicks_and_says_where_it_is():
    app = Keys()
    async with app.run_test(size=(60, 14)) as pilot:
        table = app.query_one(KeyedTable)
        table.add_column("#", key="seq")
        table.add_column("entry", key="entry")
        for seq in range(1, 31):
            table.add_row(str(seq), f"entry {seq}", key=str(seq))
        table.move_cursor(row=table.row_count - 1)
        table.focus()
        await pilot.pause()
        assert table.cursor_key == "30" and table.scroll_y == table.max_scroll_y  # the latest row in view
        assert app.heard == [
            ("highlighted", "1"),
            ("highlighted", "30"),
        ]  # the first row came; then the latest
        app.heard.clear()
        await pilot.press("up", "up", "enter")
        assert app.heard == [("highlighted", "29"), ("highlighted", "28"), ("selected", "28")]
        await pilot.press("ctrl+home")
        assert table.cursor_row == 0 and table.scroll_y == 0
        await pilot.press("pagedown")
        assert table.cursor_row == 9 and table.scroll_y == 9  # a page of nine lines below the header turned
        await pilot.press("pageup")
        assert table.cursor_row == 0 and table.scroll_y == 0
        await pilot.press("ctrl+end")
        assert table.cursor_key == "30" and table.scroll_y == table.max_scroll_y
        app.heard.clear()
        await pilot.click(KeyedTable, offset=(3, 2))  # the second row in view
        second = str(int(table.scroll_y) + 2)
        assert app.heard == [("highlighted", second)]
        await pilot.click(KeyedTable, offset=(3, 2))  # again, on the cursor's row: picked
        assert app.heard == [("highlighted", second), ("selected", second)]
        await pilot.click(KeyedTable, offset=(3, 0))  # the header picks nothing
        assert app.heard[-1] == ("selected", second)


async def test_a_table_scrolled_away_from_its_cursor_stays_there_when_its_height_changes():
    app = Keys()
    async with app.run_test(size=(60, 16)) as pilot:
        table = app.query_one(KeyedTable)
        table.add_column("#", key="n")
        for number in range(1, 61):
            table.add_row(str(number), key=str(number))
        table.move_cursor(row=table.row_count - 1)
        await pilot.pause()
        table.scroll_home(animate=False)  # the player reads the first rows
        await pilot.pause()
        table.styles.height = 9  # a line below the table came: shorter
        await pilot.pause()
        assert table.scroll_y == 0
        table.scroll_end(animate=False)  # back at the cursor's row, the latest
        await pilot.pause()
        table.styles.height = 6
        await pilot.pause()
        assert table.scroll_y == table.max_scroll_y  # the latest row kept whole in view


async def test_a_column_widened_under_a_full_view_keeps_the_cursor_row_above_the_new_scroll_bar():
    # a wider cell makes the table wider than its pane: a horizontal scroll bar comes over the view's foot, and
    # the latest row, at the foot, is scrolled up from under it
    app = Keys()
    async with app.run_test(size=(30, 14)) as pilot:
        table = app.query_one(KeyedTable)
        table.add_column("#", key="n")
        table.add_column("who", key="who")
        for number in range(1, 41):
            table.add_row(str(number), "Ann", key=str(number))
        table.move_cursor(row=table.row_count - 1)
        await pilot.pause()
        assert not table.show_horizontal_scrollbar
        table.update_cell("40", "who", "Anneliese-Marie von Stein-Hohenberg")
        await pilot.pause()
        await pilot.pause()
        assert table.show_horizontal_scrollbar and table.scroll_y == table.max_scroll_y
        shown = [strip.text for strip in table.render_lines(table.scrollable_content_region.reset_offset)]
        assert shown[-1].split()[0] == "40"
