"""What every game screen shares: undo, edit, override, rename, rematch, help, names that look like markup."""

from __future__ import annotations

from textual.widgets import Input, Select, Static

from scorepad.store.game_file import create, load
from scorepad.tui.screens.correction import CorrectionScreen
from scorepad.tui.screens.game import GameScreen
from scorepad.tui.screens.home import HomeScreen
from scorepad.tui.screens.modals import (
    KnockOnScreen,
    OverrideScreen,
    RenameScreen,
    TextScreen,
)
from scorepad.tui.screens.new_game import NewGameScreen
from scorepad.tui.widgets.log_pane import LogPane

from ..helpers import header
from .conftest import make_app, settle

BRIDGE_DEAL = [
    {"type": "deal", "dealer": "Ann"},
    {"type": "contract", "player": "Ann", "call": "1NT"},
    {"type": "result", "tricks": 9},
]


def bridge_game(players=("Ann", "Bob", "Cid", "Dan"), items=BRIDGE_DEAL):
    from scorepad.log import parse_entry
    from scorepad.store.game_file import GameFile

    path = create(
        header("auction_bridge", list(players), title="Frame")
    )  # fixed id and time: stable snapshots
    with GameFile.open(path) as game:
        for item in items:
            game.append(parse_entry("auction_bridge", item))
    return path


async def test_undo_takes_back_the_last_deal_whole_and_says_so_under_the_form():
    path = bridge_game()
    app = make_app(open_path=path)
    async with app.run_test(size=(130, 42)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.sheet.totals == {"Ann & Cid": 30, "Bob & Dan": 0}
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert screen.sheet.totals == {"Ann & Cid": 0, "Bob & Dan": 0} and screen.sheet.rows == ()
        log = screen.query_one(LogPane)
        assert "struck out by #4" in str(log.get_row("3")[1])
        said = str(screen.query_one("#form-status", Static).render())
        assert said == "Undone: deal 1, Ann 1NT made, game to Ann & Cid — Ann & Cid +30 Bob & Dan 0"
        assert not app._notifications  # nothing over the form
    voids = load(path).entries[3:]
    assert [(v.type, v.target, v.override) for v in voids] == [
        ("void", 3, False),
        ("void", 2, False),
        ("void", 1, False),
    ]


async def test_edit_from_the_log_pane_logs_an_amend():
    path = bridge_game()
    app = make_app(open_path=path)
    async with app.run_test(size=(130, 42)) as pilot:
        await settle(pilot)
        app.screen.edit_entry(2)  # the contract: Ann 1NT, in the entry form with its result
        await settle(pilot)
        editor = app.screen
        assert isinstance(editor, CorrectionScreen)
        editor.query_one("#bridge-contract", Input).value = "2nt"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.sheet.totals["Ann & Cid"] == 30  # 2NT with 9 tricks: made, 3 odd tricks × 10
    amend = load(path).entries[-1]
    assert (amend.type, amend.target, amend.entry.call) == ("amend", 2, "2NT")


async def test_a_late_correction_asks_the_table_and_logs_the_override():
    items = [
        *BRIDGE_DEAL,
        {"type": "deal", "dealer": "Bob"},
        {"type": "contract", "player": "Bob", "call": "2S"},
    ]
    path = bridge_game(items=items)
    app = make_app(open_path=path)
    async with app.run_test(size=(130, 42)) as pilot:
        await settle(pilot)
        app.screen.strike_out(3)  # game 1's result, after a declaration in game 2 (Law 13)
        await settle(pilot)
        assert isinstance(app.screen, OverrideScreen)
        assert "Law 13" in app.screen.reason or "too late" in app.screen.reason
        await pilot.press("n")
        await settle(pilot)
        assert load(path).entries[-1].type == "contract"  # left as it was
        app.screen.strike_out(3)
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        # game 1 without a result leaves game 2's deal and contract refused: the app says so and asks again
        assert isinstance(app.screen, KnockOnScreen)
        assert [seq for seq, _ in app.screen.refused] == [4, 5]
        await pilot.press("y")
        await settle(pilot)
        assert 6 in app.screen.sheet.overrides
    void = load(path).entries[-1]
    assert (void.type, void.target, void.override, void.note) == ("void", 3, True, "struck out")


async def test_striking_out_a_result_that_later_deals_stand_on_asks_first():
    items = [*BRIDGE_DEAL, {"type": "deal", "dealer": "Bob"}]
    path = bridge_game(items=items)
    app = make_app(open_path=path)
    async with app.run_test(size=(130, 42)) as pilot:
        await settle(pilot)
        app.screen.strike_out(3)  # deal 1's result, inside its window: deal 2 would lose its footing
        await settle(pilot)
        assert isinstance(app.screen, KnockOnScreen)
        assert app.screen.refused[0][0] == 4 and "Deal 2's dealer: " in app.screen.reason
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and len(load(path).entries) == 4  # nothing logged
        await pilot.press("ctrl+z")  # undo the last entry (Bob's deal): nothing stands on it
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
    last = load(path).entries[-1]
    assert (last.type, last.target) == ("void", 4)


async def test_the_rename_dialog_tabs_between_its_fields_and_enter_saves_from_either():
    path = bridge_game()
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+r")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, RenameScreen)
        who, new = dialog.query_one("#rename-player", Input), dialog.query_one("#rename-new", Input)
        assert app.focused is who
        await pilot.press("tab")
        assert app.focused is new
        await pilot.press(*"Cyd", "tab")  # round to the first field again, within the dialog
        assert app.focused is who and app.screen is dialog
        await pilot.press("c", "enter")  # Enter in the player field saves too
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.sheet.names["Cid"] == "Cyd"
    rename = load(path).entries[-1]
    assert (rename.type, rename.player, rename.new_name) == ("rename", "Cid", "Cyd")


async def test_rename_a_player_mid_game():
    path = bridge_game()
    app = make_app(open_path=path)
    async with app.run_test(size=(130, 42)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert isinstance(app.screen, RenameScreen)
        assert app.focused is app.screen.query_one("#rename-player", Input)
        await pilot.press("b", "tab", *"Robert", "enter")  # who, Tab, the new name, Enter: as the forms type
        await settle(pilot)
        assert app.screen.sheet.names["Bob"] == "Robert"
        assert app.screen.sheet.side_names["Bob & Dan"] == "Robert & Dan"
        log = app.screen.query_one(LogPane)
        assert str(log.get_row("4")[1]) == "Bob is now called Robert"
        assert str(log.get_row("1")[1]) == "Ann deals"
        declarer = app.screen.query_one("#bridge-declarer", Input)
        declarer.focus()
        await pilot.press("r", "o", "right")  # the form completes from the new name
        await settle(pilot)
        assert declarer.value == "Robert"
    rename = load(path).entries[-1]
    assert (rename.type, rename.player, rename.new_name) == ("rename", "Bob", "Robert")


async def test_after_a_rename_the_log_says_every_entry_with_the_new_name():
    from scorepad.log import Rename

    app = make_app(open_path=bridge_game())
    async with app.run_test(size=(130, 42)) as pilot:
        await settle(pilot)
        log = app.screen.query_one(LogPane)
        assert str(log.get_row("2")[1]) == "contract: Ann 1NT"
        assert app.screen.log_entries([Rename(player="Ann", new_name="Annie")])
        await settle(pilot)
        assert [str(log.get_row(str(seq))[1]) for seq in (1, 2, 4)] == [
            "Annie deals",
            "contract: Annie 1NT",
            "Ann is now called Annie",
        ]


async def test_same_players_opens_a_prefilled_new_game():
    path = bridge_game()
    app = make_app(open_path=path)
    async with app.run_test(size=(130, 42)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        assert app.screen.query_one("#players", Input).value == "Ann, Bob, Cid, Dan"
        assert app.screen.query_one("#game", Select).value == "auction_bridge"
        assert app.screen.query_one("#title", Input).value == "Frame"  # the table's title goes with it
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.game_file.path != path
        assert app.screen.header.title == "Frame"
        await pilot.press("escape")  # the rematch leads back to the saved games, not to the game before it
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)


async def test_f1_shows_the_laws_with_this_games_settings():
    path = bridge_game()
    app = make_app(open_path=path)
    async with app.run_test(size=(130, 42)) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, TextScreen)
        text = app.screen.markdown
        # settings in words, no file names
        assert "revoke penalty: 100" in text and "chicane: off" in text and "Auction Bridge" in text
        assert "revoke_penalty" not in text and "sources/" not in text and ".txt" not in text
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


async def test_names_that_look_like_markup_are_shown_as_typed():
    players = ("[b]Ann", "Bob[/]", "[red]Cid", "Dan]")
    items = [
        {"type": "deal", "dealer": "[b]Ann"},
        {"type": "contract", "player": "[b]Ann", "call": "1NT"},
        {"type": "result", "tricks": 9},
    ]
    path = bridge_game(players=players, items=items)
    app = make_app(open_path=path)
    async with app.run_test(size=(130, 42)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.sheet.totals == {"[b]Ann & [red]Cid": 30, "Bob[/] & Dan]": 0}
        assert "[b]Ann deals" in str(screen.query_one(LogPane).get_row("1")[1])
        await pilot.press("ctrl+z")  # the notice and the struck-out entry quote the names too
        await settle(pilot)
        assert screen.sheet.totals["[b]Ann & [red]Cid"] == 0
        await pilot.press("escape")
        await settle(pilot)
        assert "[b]Ann" in str(app.screen.query_one("#games").get_row_at(0)[2])


async def test_a_result_is_corrected_in_the_tricks_fields_it_was_typed_in():
    from scorepad.log import parse_entry
    from scorepad.store.game_file import GameFile

    path = create(header("five_hundred", ["Ann", "Bob", "Cid"]))
    with GameFile.open(path) as game:
        for item in [
            {"type": "deal", "dealer": "Ann"},
            {"type": "contract", "player": "Ann", "call": "7H"},
            {"type": "result", "tricks": {"Ann": 8, "Bob": 1, "Cid": 1}},
        ]:
            game.append(parse_entry("five_hundred", item))
    app = make_app(open_path=path)
    async with app.run_test(size=(130, 42)) as pilot:
        await settle(pilot)
        app.screen.edit_entry(3)
        await settle(pilot)
        tricks = [app.screen.query_one(f"#fh-tricks-{i}", Input) for i in (0, 1)]
        assert [field.value for field in tricks] == ["8", "1"]  # Ann's side, then Bob; Cid has the rest
        await pilot.press("ctrl+u", "6", "tab", "ctrl+u", "3", "ctrl+s")
        await settle(pilot)
        assert app.screen.sheet.totals == {"Ann": -200, "Bob": 30, "Cid": 10}
    assert load(path).entries[-1].entry.tricks == {"Ann": 6, "Bob": 3, "Cid": 1}


async def test_name_suggestions_are_the_names_of_the_moment():
    from scorepad.tui.widgets.fields import SuggestFromNames

    names = ["Ann", "Bob"]
    suggester = SuggestFromNames(lambda: names)
    assert await suggester.get_suggestion("b") == "Bob"  # the value comes casefolded; the name keeps its case
    names[1] = "Robert"
    assert await suggester.get_suggestion("ro") == "Robert" and await suggester.get_suggestion("b") is None
