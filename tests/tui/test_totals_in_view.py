"""Every side's running total stays in view at 80×24 in every game, whatever the names, penalties, panes or
boards: the scores are never cut; names and the game's words are cut with a "…" instead. The log pane and the
Jass-Tafel open beside the sheet only where it keeps its room, and otherwise take its place while open (the
header keeps every total then)."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.geometry import Region

from scorepad.demo import BRIDGE, FIVE_HUNDRED, JASS
from scorepad.log import parse_entry
from scorepad.store.game_file import GameFile, create
from scorepad.tui.games.jass.tafel import JassTafel
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.screens.modals import TextScreen
from scorepad.tui.widgets.keyed_table import cut_lines, fitted_widths
from scorepad.tui.widgets.log_pane import LogPane
from scorepad.tui.widgets.sheet_table import SheetTable

from ..helpers import header
from .conftest import make_app, settle

LONG = "Bob 🃏 der Grosse von Hinterwil am Seeuf"  # 40 characters, the most a name may have
RENAME = {"type": "rename", "player": "Bob", "new_name": LONG}
FOUR = ["Ann", "Bob", "Cid", "Dan"]

#: each game with Bob renamed to a 40-character name before the first deal, and a penalty row at the end
GAMES = {
    "five_hundred": (
        ["Ann", "Bob", "Cid"],
        None,
        [
            RENAME,
            *FIVE_HUNDRED,
            {"type": "deal", "dealer": "Cid"},
            {"type": "contract", "player": "Ann", "call": "8S"},
            {"type": "irregularity", "kind": "revoke", "player": "Bob", "note": ""},
            {"type": "result", "tricks": {"Ann": 6, "Bob": 2, "Cid": 2}},
        ],
    ),
    "jass": (FOUR, None, [RENAME, *JASS, {"type": "penalty", "kind": "uncut_deck", "against": "Bob & Dan"}]),
    "auction_bridge": (
        FOUR,
        {"We": ["Ann", "Cid"], "They": ["Bob", "Dan"]},
        [
            RENAME,
            *BRIDGE,
            {"type": "deal", "dealer": "Dan"},
            {"type": "contract", "player": "Bob", "call": "2S"},
            {
                "type": "result",
                "tricks": 9,
                "honours": {"side": "They", "holding": "3"},
                "revoke": {"side": "We", "choice": "points"},
            },
        ],
    ),
}


def long_named(game: str):
    """The game at its latest deal, still in play (Five Hundred to 1000)."""
    players, sides, items = GAMES[game]
    rules = {"target": 1000} if game == "five_hundred" else None
    path = create(header(game, players, rules=rules, sides=sides))
    with GameFile.open(path) as file:
        for item in items:
            file.append(parse_entry(game, item))
    return path


def header_line(app) -> str:
    return app.format_title(app.screen.title, app.screen.sub_title or "").plain


def drawn_rows(table: SheetTable) -> list[str]:
    return [strip.text for strip in table.render_lines(Region(0, 0, *table.size))]


def assert_every_total_in_view(app) -> None:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    sheet = screen.sheet
    line = header_line(app)
    for side in sheet.sides:  # the header always: each total whole, the names cut if need be
        assert f" {sheet.totals[side]}" in f" {line}", line
    assert len(line) <= app.size.width - 10
    table = screen.query_one(SheetTable)
    if not table.region.width or not table.region.height:
        return  # the log or the Tafel in its place: the header holds the totals
    assert table.virtual_size.width <= table.size.width  # nothing scrolled off to the right
    for column in table.ordered_columns:
        if column.whole:  # the deal's number and the scores never cut
            assert column.get_render_width(table) - 2 >= column.cells_width
    lines = drawn_rows(table)
    latest = next(n for n, text in enumerate(lines) if text.split()[:1] == [str(table.row_count)])
    row_lines = " ".join(lines[latest : latest + table.ordered_rows[-1].height])
    for side in sheet.sides:  # the latest row, on screen, says every side's running total
        assert f"  {sheet.totals[side]}" in row_lines, (side, row_lines)


@pytest.mark.parametrize("game", list(GAMES))
async def test_every_total_in_view_at_80x24_with_a_long_name_a_penalty_the_log_and_the_tafel(
    scorepad_home, game
):
    app = make_app(open_path=long_named(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert_every_total_in_view(app)
        table = screen.query_one(SheetTable)
        cells = " ".join(str(cell) for row in range(table.row_count) for cell in table.get_row_at(row))
        assert LONG not in cells and "Bob 🃏 der Gros…" in cells  # cut in the rows, whole in the log
        await pilot.press("f9")  # the log pane: no room beside the sheet at 80 columns, so in its place
        await settle(pilot)
        log = screen.query_one(LogPane)
        assert log.region.width >= 78 and not table.region.width
        assert any(LONG in str(log.get_row_at(index)[1]) for index in range(log.row_count))
        assert_every_total_in_view(app)
        if game == "jass":  # the Tafel: on a short screen, in the sheet's place while shown
            await pilot.press("f9", "f7")
            await settle(pilot)
            tafel = screen.query_one(JassTafel)
            assert tafel.display and tafel.region.height and not table.region.height
            board = str(tafel.render())
            for side in screen.sheet.sides:
                assert f"  {screen.sheet.totals[side]}" in board
            assert_every_total_in_view(app)
            await pilot.press("f9")  # the Tafel and the log
            await settle(pilot)
            assert_every_total_in_view(app)
            await pilot.press("f9", "f7")  # both away: the sheet again
            await settle(pilot)
            assert table.region.height
        else:
            await pilot.press("f9")
            await settle(pilot)
        assert_every_total_in_view(app)


@pytest.mark.parametrize("size", [(100, 30), (160, 45)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", list(GAMES))
async def test_every_total_in_view_with_the_log_where_there_is_room(scorepad_home, game, size):
    app = make_app(open_path=long_named(game))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        if size[0] < 120:
            await pilot.press("f9")
            await settle(pilot)
        assert app.screen.query_one(LogPane).region.width
        assert_every_total_in_view(app)


async def test_a_rename_back_gives_the_columns_their_room_again(scorepad_home):
    app = make_app(open_path=long_named("five_hundred"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        table = screen.query_one(SheetTable)
        await pilot.press("ctrl+r", *"Bob", "tab", *"Bob", "enter")
        await settle(pilot)
        assert screen.sheet.names["Bob"] == "Bob"
        assert not any(column.cut for column in table.ordered_columns)  # every column whole again
        assert_every_total_in_view(app)


def test_the_columns_cut_are_the_widest_and_the_scores_headings_give_way_first():
    # (least, natural, whole): the number, three text columns, two scores (the second with a long name above)
    columns = [(1, 1, True), (4, 14, False), (4, 9, False), (4, 26, False), (10, 10, True), (10, 45, True)]
    assert fitted_widths(200, columns) == [1, 14, 9, 26, 10, 45]  # room enough: all whole
    assert fitted_widths(100, columns) == [1, 14, 9, 26, 10, 40]  # the long name's heading alone cut
    assert fitted_widths(66, columns) == [1, 14, 9, 22, 10, 10]  # then the widest words
    assert fitted_widths(30, columns) == [1, 4, 4, 4, 10, 10]  # never below the scores' cells
    assert sum(fitted_widths(67, columns)) == 67  # the room left over is given out, not wasted


def test_a_cut_cell_ends_in_an_ellipsis_line_by_line():
    assert cut_lines(Text("Hanna & Sepp"), 8).plain == "Hanna &…"  # no space before the "…"
    assert cut_lines(Text("♥ hearts ×1\nSepp der Grosse"), 6).plain == "♥ hea…\nSepp …".replace(" …", "…")
    assert cut_lines(Text("Bob 🃏 der Gros"), 6).plain == "Bob…"  # no wide character cut in half
    short = Text("made")
    assert cut_lines(short, 6) is short


@pytest.mark.parametrize("game", list(GAMES))
def test_long_names_at_80x24_snapshot(snap_compare, scorepad_home, game):
    assert snap_compare(make_app(open_path=long_named(game)), terminal_size=(80, 24), run_before=settle)


async def test_a_renamed_player_is_named_once_in_the_prompt(scorepad_home):
    # the rules write the prompt with the name of its moment; said again with the names of now, "Bob" inside the
    # new name was replaced once more ("Bob 🃏 der Grosse … 🃏 der Grosse … bids first")
    app = make_app(open_path=long_named("five_hundred"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        prompt = str(app.screen.query_one("#prompt").render())
        assert prompt.count("🃏") == 1 and LONG in prompt, prompt


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_row_of_the_sheet_shows_whole_on_enter(scorepad_home, game):
    # its cells cut to the screen, the row's detail says the names and words in full
    app = make_app(open_path=long_named(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        table = screen.query_one(SheetTable)
        row = screen.sheet.rows[-1]
        table.focus()  # (a click on the sheet, as a mouse does)
        await pilot.press("enter")
        await settle(pilot)
        page = app.screen
        deal = "Hand" if game == "jass" else "Deal"  # the table's own numbers, not the log's
        assert isinstance(page, TextScreen) and page.title_text == f"{deal} {row.number} in full"
        words = page.markdown.replace("\\", "")  # (a name's punctuation escaped for the page)
        for side in screen.sheet.sides:
            assert f"total {row.totals[side]}" in words
        if "Bob" in row.text:  # the long name whole, where the row's cells cut it
            assert LONG in words
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen


def _pressed(*keys: str):
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press(*keys)
        await settle(pilot)

    return run_before


@pytest.mark.parametrize(
    ("game", "size", "keys"),
    [
        ("jass", (80, 24), ("f7",)),  # the Tafel in the sheet's place
        ("jass", (80, 24), ("f9",)),  # the log in the board's place
        ("five_hundred", (100, 30), ("f9",)),  # the log in its place: the sheet needs more than 60 columns
        ("auction_bridge", (160, 45), ()),  # room for all
    ],
    ids=["jass-tafel-80x24", "jass-log-80x24", "five_hundred-log-100x30", "auction_bridge-160x45"],
)
def test_panes_with_long_names_snapshot(snap_compare, scorepad_home, game, size, keys):
    assert snap_compare(make_app(open_path=long_named(game)), terminal_size=size, run_before=_pressed(*keys))
