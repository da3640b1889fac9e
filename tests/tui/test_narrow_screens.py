"""At 80 columns every score of a game's lists stays whole, with long names too: the bridge deal list folds
columns and cuts the sides' names, the header keeps the game and every score, the saved games fold columns."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from scorepad.log import parse_entry
from scorepad.store.game_file import GameFile, create
from scorepad.tui.games.auction_bridge.columns import plan
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.widgets.sheet_table import SheetTable
from scorepad.tui.widgets.title import fit_title

from ..helpers import header
from .conftest import make_app, settle

LONG_PLAYERS = ["Northumberland", "Eastbourne", "Southampton", "Westminster"]
LONG_SIDES = {"Northerners": ["Northumberland", "Southampton"], "Easterners": ["Eastbourne", "Westminster"]}


def bridge_deals(players: list[str], sides: list[str]) -> list[dict]:
    north, east, south, west = players
    we, they = sides
    return [
        {"type": "deal", "dealer": north},
        {"type": "contract", "player": north, "call": "3H"},
        {"type": "result", "tricks": 9, "honours": {"side": we, "holding": "3"}},
        {"type": "deal", "dealer": east},
        {"type": "contract", "player": east, "call": "2NT"},
        {"type": "result", "tricks": 8, "honours": None},
        {"type": "deal", "dealer": south},
        {"type": "contract", "player": south, "call": "3D", "double": "redoubled"},
        {"type": "result", "tricks": 11, "honours": {"side": they, "holding": "4_one_hand_5th_partner"}},
        {"type": "deal", "dealer": west},
        {"type": "contract", "player": west, "call": "4C", "double": "doubled"},
        {"type": "result", "tricks": 7, "honours": {"side": we, "holding": "4"}},
        {"type": "deal", "dealer": north},
        {"type": "contract", "player": north, "call": "1NT"},
        {"type": "result", "tricks": 10, "honours": {"side": they, "holding": "3_aces"}},
    ]


def bridge_game(players: list[str], sides: dict[str, list[str]] | None):
    path = create(header("auction_bridge", players, sides=sides, title="Tuesday at the club"))
    labels = list(sides) if sides else [f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"]
    with GameFile.open(path) as file:
        for item in bridge_deals(players, labels):
            file.append(parse_entry("auction_bridge", item))
    return path


def _whole(table: DataTable) -> bool:
    return table.virtual_size.width <= table.size.width


@pytest.mark.parametrize(
    ("players", "sides"),
    [(LONG_PLAYERS, LONG_SIDES), (LONG_PLAYERS, None)],
    ids=["long side names", "four long player names"],
)
@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 45)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_bridge_deal_list_keeps_every_score_and_contract_whole(scorepad_home, players, sides, size):
    app = make_app(open_path=bridge_game(players, sides))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        table = screen.query_one(SheetTable)
        assert _whole(table), (table.virtual_size.width, table.size.width)
        sheet = screen.sheet
        headings = [str(column.label) for column in table.ordered_columns]
        kept = [column for column in table.ordered_columns if column.whole]
        assert [column.key for column in kept][0] == "n" and "col-contract" in [c.key for c in kept]
        assert all(column.get_render_width(table) - 2 >= column.cells_width for column in kept)
        assert {row.height for row in table.ordered_rows} == {1}  # a name is cut, never wrapped
        last = [str(cell) for cell in table.get_row_at(table.row_count - 1)]
        for side in sheet.sides:
            assert any(str(sheet.totals[side]) in cell for cell in last)
        declarers = " ".join(str(cell) for row in range(table.row_count) for cell in table.get_row_at(row))
        assert "Southampton 3♦xx" in declarers
        if size[0] >= 160 and sides:  # with room, every column shows
            assert {"game", "tricks", "contract", "result", "honours"} <= set(headings)


def test_the_plan_folds_the_game_and_tricks_first():
    widths = {"game": 4, "contract": 18, "tricks": 6, "result": 13, "honours": 7}
    full = plan(200, 1, widths, ["Northerners", "Easterners"], 9)
    assert full.columns == ("game", "contract", "tricks", "result", "honours")
    no_game = plan(80, 1, widths, ["Northerners", "Easterners"], 9)
    assert no_game.columns == ("contract", "tricks", "result", "honours")
    narrower = plan(70, 1, widths, ["Northumberland & Southampton", "Eastbourne & Westminster"], 9)
    assert narrower.columns == ("contract", "result", "honours")  # the long names are cut, not folded for


def test_the_header_keeps_the_game_and_every_score():
    scores = [("Northerners", 56), ("Easterners", 272)]
    title, sub = fit_title(80, "Auction Bridge", "Tuesday at the club", scores)
    assert (title, sub) == ("Auction Bridge — Tuesday at the club", "Northerners 56 · Easterners 272")
    assert fit_title(80, "Auction Bridge", "", scores) == (
        "Auction Bridge",
        "Northerners 56  ·  Easterners 272",
    )
    scores = [("Northumberland & Southampton", 1094), ("Eastbourne & Westminster", 113)]
    assert fit_title(80, "Auction Bridge", "Tuesday", scores) == (
        "Northumberland & Southampton 1094 · Eastbourne & Westminster 113",
        "",
    )
    assert fit_title(160, "Five Hundred", "Friday", [("Ann", 40), ("Bob", 20)]) == (
        "Five Hundred — Friday",
        "Ann 40  ·  Bob 20",
    )
    five = [(name, -1240) for name in ("Annabel", "Bartholomew", "Cid", "Dan", "Eve")]
    said = [f"{name} {total}" for name, total in five]
    assert fit_title(80, "Five Hundred", "Friday", five) == (" · ".join(said), "")
    assert fit_title(100, "Five Hundred", "Friday", five) == ("Five Hundred", " · ".join(said))


def test_names_too_long_for_the_header_are_cut_never_a_total():
    long = "Hanna & Sepp 🃏 der Grosse von Hinterwil"  # 40 cells
    scores = [(long, 455), ("Ruedi 🃏 der Kleine von Oberwil & Vreni", 1537)]
    title, sub = fit_title(80, "Jass (Schieber)", "", scores)
    assert sub == "" and len(title) <= 70 and title.endswith(" 1537") and " 455 · " in title
    assert title.startswith("Hanna & Sepp 🃏") and title.count("…") == 2
    five = [(f"Player number {n} of a long evening", -1240) for n in range(5)]
    title, _ = fit_title(80, "Five Hundred", "", five)
    assert title.count("-1240") == 5


async def test_the_header_shows_the_game_and_every_score_at_80_columns(scorepad_home):
    app = make_app(open_path=bridge_game(LONG_PLAYERS, None))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        line = app.format_title(screen.title, screen.sub_title or "").plain
        for side in screen.sheet.sides:
            assert f"{screen.sheet.side_names[side]} {screen.sheet.totals[side]}" in line
        assert len(line) <= 80 - 10
        shown = screen.query_one("HeaderTitle")
        assert shown.content_region.width >= len(line)  # all of it on screen, no ellipsis


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 45)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_saved_games_keep_every_column_whole(scorepad_home, size):
    from scorepad.tui.screens.home import HomeScreen

    bridge_game(LONG_PLAYERS, LONG_SIDES)
    create(header("five_hundred", ["Ann", "Bob", "Cid"]))  # no title
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        table = app.screen.query_one("#games", DataTable)
        assert _whole(table), (table.virtual_size.width, table.size.width)
        headings = [str(column.label) for column in table.ordered_columns]
        rows = {
            str(table.get_row_at(i)[0]).split("\n")[0]: [str(c) for c in table.get_row_at(i)]
            for i in range(table.row_count)
        }
        bridge = next(cells for first, cells in rows.items() if first.startswith("Auction Bridge"))
        assert "won by Northerners" in bridge
        assert " ".join(bridge).count("Northumberland, Eastbourne, Southampton, Westminster") == 1
        assert "Tuesday at the club" in " ".join(bridge)
        assert {row.height for row in table.ordered_rows} == {1}  # one line a game
        if size[0] >= 120:
            assert headings == ["game", "title", "players", "status", "last played"]
        else:  # the title after the game's name, each cut with a "…" to its column
            assert headings == ["game", "players", "status", "played"]
            assert bridge[0] == "Auction Bridge · Tuesday at the club" and "Five Hundred" in rows
        await pilot.resize_terminal(160 if size[0] < 120 else 80, 24)  # the columns follow the width
        await settle(pilot)
        assert _whole(table) and len(table.ordered_columns) == (5 if size[0] < 120 else 4)


@pytest.mark.parametrize("sides", [LONG_SIDES, None], ids=["long side names", "four long player names"])
def test_bridge_with_long_names_at_80x24_snapshot(snap_compare, scorepad_home, sides):
    path = bridge_game(LONG_PLAYERS, sides)
    assert snap_compare(make_app(open_path=path), terminal_size=(80, 24), run_before=settle)


async def test_a_long_first_dealer_hint_is_shortened_never_cut(scorepad_home):
    from textual.widgets import Input

    path = create(header("five_hundred", ["Annabel", "Bob", "Cid"]))
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        dealer = app.screen.query_one("#fh-dealer", Input)
        assert dealer.placeholder == "Annabel"  # "blank: Annabel" does not fit at 80 columns
        assert len(dealer.placeholder) <= dealer.content_region.width
        await pilot.resize_terminal(160, 45)
        await settle(pilot)
        assert dealer.placeholder == "blank: Annabel"


async def test_keys_typed_as_the_new_game_screen_opens_keep_their_field(scorepad_home):
    from textual.widgets import Input

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n", "tab", "F", "r", "i")  # at once: from the game to the title, not the players
        await settle(pilot)
        assert app.screen.query_one("#title", Input).value == "Fri"
        assert app.screen.query_one("#players", Input).value == ""


@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_saved_games_take_one_line_each_cut_with_an_ellipsis(scorepad_home, size):
    # titles and players wrapped to two or three lines: six games filled an 80×24 screen
    from scorepad.tui.screens.home import HomeScreen

    bridge_game(LONG_PLAYERS, LONG_SIDES)
    for number in range(12):
        create(
            header("five_hundred", LONG_PLAYERS[:3], title="Friday evening at the club").model_copy(
                update={"id": f"line{number:02}"}
            )
        )
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        table = app.screen.query_one("#games", DataTable)
        assert {row.height for row in table.ordered_rows} == {1} and table.row_count == 13
        drawn = [strip.text for strip in table.render_lines(table.region.reset_offset)]
        assert len([line for line in drawn if "Five Hundred" in line]) >= min(12, table.size.height - 2)
        assert any("…" in line for line in drawn)  # cut, not wrapped
        assert table.virtual_size.width <= table.size.width


@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_saved_games_last_column_is_whole_beside_the_scroll_bar(scorepad_home, size):
    # the list's margins count: the date of the last game played was cut by a character at 80 columns
    from scorepad.tui.screens.home import HomeScreen

    for number in range(30):  # more games than the screen holds: the scroll bar is shown
        create(
            header("five_hundred", LONG_PLAYERS[:3], title="Friday").model_copy(  # folded: too wide for five
                update={"id": f"whole{number:02}"}
            )
        )
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        table = app.screen.query_one("#games", DataTable)
        assert table.scrollbars_enabled[0]  # the vertical scroll bar takes its room
        assert [str(column.label) for column in table.ordered_columns][-1] == "played"
        assert table.virtual_size.width <= table.scrollable_content_region.width
        assert app.screen.region.width >= table.region.right  # and the table itself is on the screen


async def test_below_120_columns_the_footer_leaves_the_games_own_keys_to_their_line(scorepad_home):
    """At 100 columns the footer ran the game's keys (already on the line above it) off its edge: "f6 Bedank"."""
    from textual.widgets import Footer, Static

    from .test_layout import populated

    app = make_app(open_path=populated("jass"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)

        def footer_actions() -> list[str]:
            return [key.action for key in app.screen.query_one(Footer).query("*") if hasattr(key, "action")]

        own = ["penalty", "bedanken", "toggle_z"]
        assert "edit" in footer_actions() and not set(own) & set(footer_actions())
        game_keys = app.screen.query_one("#game-keys", Static)
        assert game_keys.display and "F6 Bedanken" in str(game_keys.render())
        await pilot.resize_terminal(160, 45)  # wide: the line folds away and the footer has room for them
        await settle(pilot)
        await settle(pilot)
        assert not app.screen.query_one("#game-keys", Static).display
        assert set(own) <= set(footer_actions())
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        await settle(pilot)
        assert not set(own) & set(footer_actions())


def test_folded_saved_games_share_the_room_between_the_game_and_the_players():
    from datetime import datetime

    from scorepad.tui.screens.home_columns import GAME_WIDTH, layout, row, wide_widths

    cells = (
        "Auction Bridge",
        "Demo: Rubber at the club",
        "Ann, Bob, Cid, Dan",
        "in play, 3 scored",
        datetime(2026, 12, 1, 16, 50),
    )
    widths = wide_widths([cells])
    at_100 = layout(100, widths)
    assert at_100.narrow and at_100.widths[0] == len("Auction Bridge · Demo: Rubber at the club")
    texts, height = row(cells, at_100)
    assert height == 1 and texts[0].plain == "Auction Bridge · Demo: Rubber at the club"
    at_80 = layout(80, widths)
    assert at_80.widths[1] == len("Ann, Bob, Cid, Dan")  # the players whole; the game takes what they leave
    assert GAME_WIDTH < at_80.widths[0] and row(cells, at_80)[1] == 1
    assert texts[0].overflow == "ellipsis" and texts[0].no_wrap
    assert sum(at_80.widths) + 2 * 4 + 2 <= 80  # every column beside the scroll bar
