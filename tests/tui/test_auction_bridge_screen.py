"""The Auction Bridge screen by keys: deals in ~10 keystrokes, the auction call by call, a whole rubber,
the two correction windows (Laws 12, 13), stop and agree, revoke, the F2 table, and a snapshot of the pad."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Static

from scorepad.log import ABResult, Deal, parse_entry
from scorepad.rules.auction_bridge.view import DealCells, bridge_cells
from scorepad.rules.base import Sheet
from scorepad.store.game_file import GameFile, create, load, new_header
from scorepad.tui.games.auction_bridge.dialogs import (
    IrregularitiesScreen,
    ResultEditScreen,
    StopScreen,
)
from scorepad.tui.games.auction_bridge.pad import BridgePad, BridgeSheet
from scorepad.tui.games.auction_bridge.screen import AuctionBridgeScreen
from scorepad.tui.screens.modals import ConfirmScreen, OverrideScreen, TextScreen

from .conftest import make_app, settle

PLAYERS = ["Ann", "Bob", "Cid", "Dan"]
SIDES = {"We": ["Ann", "Cid"], "They": ["Bob", "Dan"]}


def new_rubber(title: str = "", rules: dict | None = None) -> Path:
    return create(new_header("auction_bridge", PLAYERS, title=title, sides=SIDES, rules=rules))


def logged(path: Path) -> list[dict]:
    """The entries as the file holds them (a field added to the format is written only when it is used)."""
    import json

    lines = path.read_text(encoding="utf-8").splitlines()[1:]
    return [{k: v for k, v in json.loads(line).items() if k not in ("seq", "at")} for line in lines]


def status(app) -> str:
    return str(app.screen.query_one("#form-status", Static).render())


def text_of(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def pad(app) -> str:
    return str(app.screen.query_one(BridgePad).render())


async def open_rubber(pilot) -> AuctionBridgeScreen:
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, AuctionBridgeScreen)
    return screen


async def deal(pilot, declarer: str, contract: str, tricks: str, honours: str = "") -> None:
    """One deal as the scorer types it: declarer Tab contract Tab tricks [Tab honours] Enter."""
    keys = [declarer, "tab", *contract, "tab", *tricks]
    if honours:
        keys += ["tab", *honours]
    await pilot.press(*keys, "enter")
    await settle(pilot)


# --------------------------------------------------------------------------- one deal


async def test_on_a_short_screen_the_honours_hint_is_the_values_alone_and_what_makes_game_stays_in_view():
    # the sides named after their players, as a new rubber names them: the long wording took four lines then
    path = create(
        new_header(
            "auction_bridge", PLAYERS, sides={"Ann & Cid": ["Ann", "Cid"], "Bob & Dan": ["Bob", "Dan"]}
        )
    )
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_rubber(pilot)
        await deal(pilot, "a", "2s", "9", "a4")
        await pilot.press("b", "tab", "1", "h", "tab", "6", "tab", "b", "5")
        await settle(pilot)
        hint = text_of(app, "#bridge-hint")
        assert "3=16 4=32 5=40 4h=64 4h5=72 5h=80 (h: in one hand)" in hint and "simple honours" not in hint
        # two lines where the words took four: the pad keeps its five lines in view, the last "Game 1 — to make
        # game: …" (with the words, its box had four and that line scrolled away); the sheet keeps its last deal
        assert screen.query_one("#bridge-hint").size.height == 2
        assert (
            screen.query_one("#bridge-pad-box").size.height >= 5
            and screen.query_one(BridgeSheet).size.height >= 2
        )
        assert "for game:" in str(screen.query_one(BridgePad).render()).splitlines()[-1]
        sheet = screen.query_one(BridgeSheet)
        assert "Ann 2♠" in "\n".join(strip.text for strip in sheet.render_lines(sheet.region.reset_offset))
        await pilot.resize_terminal(100, 30)  # room again: the holdings in words
        await settle(pilot)
        assert "4h: 4 honours in one hand 64" in text_of(app, "#bridge-hint")


async def test_a_typical_deal_takes_ten_keystrokes():
    path = new_rubber()
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_rubber(pilot)
        assert app.focused is screen.query_one("#bridge-declarer", Input)
        keys = ["a", "tab", "4", "h", "tab", "9", "tab", "w", "3", "enter"]
        assert len(keys) == 10
        await pilot.press(*keys)
        await settle(pilot)
        assert "Logged" in status(app)
        assert dict(screen.sheet.extra["trick_score"]) == {"We": 0, "They": 0}  # 4♥ with 9 tricks: set 1
        assert dict(screen.sheet.totals) == {"We": 16, "They": 50}
        # the form is ready for the next deal, dealt by Bob
        assert app.focused is screen.query_one("#bridge-declarer", Input)
        assert "Bob deals" in text_of(app, "#bridge-deal")
    assert logged(path) == [
        {"type": "deal", "dealer": "Ann"},
        {"type": "contract", "player": "Ann", "call": "4H", "double": "none", "dealers_one_spade": False},
        {
            "type": "result",
            "tricks": 9,
            "honours": {"side": "We", "holding": "3"},
            "revoke": None,
            "chicane": None,
        },
    ]


async def test_the_contract_value_and_a_preview_show_before_enter():
    path = new_rubber()
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_rubber(pilot)
        await pilot.press("a", "tab", "3", "h", "x", "tab", "1", "0", "tab", "w", "4", "h")
        await settle(pilot)
        preview = text_of(app, "#bridge-preview")
        # Foster's worked example 1: 3♥ doubled, 10 tricks, 4 honours in one hand
        assert "Ann's 3♥ doubled: 16 a trick, needs 9 tricks" in preview
        assert "set: 100 a trick" in preview
        assert "made, 1 over, game" in preview
        assert "We 64 below + 164 above" in preview and "They nothing" in preview
        assert "4h: 4 honours in one hand 64" in text_of(app, "#bridge-hint")
        assert load(path).entries == []  # nothing logged before Enter
        await pilot.press("enter")
        await settle(pilot)
        assert dict(screen.sheet.extra["trick_score"]) == {"We": 64, "They": 0}
        assert dict(screen.sheet.extra["honour_score"]) == {"We": 164, "They": 0}
        assert dict(screen.sheet.extra["games"]) == {"We": 1, "They": 0}
        drawn = pad(app)
        assert "game 1: We" in drawn and "3♥x" in drawn and "164" in drawn


async def test_the_dealers_one_spade_is_recognised_and_capped():
    path = new_rubber()
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_rubber(pilot)
        await pilot.press("a", "tab", "1", "s", "x", "tab", "4", "tab", "w", "4")
        await settle(pilot)
        assert "100 at most (the dealer's one spade, Law 48)" in text_of(app, "#bridge-preview")
        await pilot.press("enter")
        await settle(pilot)
        # down 3 doubled, capped; the declarer's side holds 4 honours split 2+2: 4 × 2 (example 4)
        assert dict(screen.sheet.totals) == {"We": 8, "They": 100}
    contract = load(path).entries[1]
    assert contract.type == "contract" and contract.dealers_one_spade is True


async def test_honours_are_required_at_a_suit_contract_and_optional_at_no_trump():
    path = new_rubber()
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_rubber(pilot)
        honours = screen.query_one("#bridge-honours", Input)
        await deal(pilot, "a", "2h", "8")  # no honours typed at hearts
        assert "at hearts one side always holds three or more of the five trump honours" in status(app)
        assert app.focused is honours and honours.placeholder.startswith("needed")
        assert load(path).entries == []  # nothing logged
        await pilot.press("w", "3", "enter")
        await settle(pilot)
        assert dict(screen.sheet.extra["honour_score"]) == {"We": 16, "They": 0}
        await deal(pilot, "b", "1nt", "7")  # no trump: the aces split 2–2, nothing to type
        assert screen.sheet.rejected == () and len(screen.sheet.rows) == 2
    assert [e.type for e in load(path).entries].count("result") == 2


async def test_fields_are_checked_as_typed_and_nothing_is_logged():
    path = new_rubber()
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_rubber(pilot)
        await pilot.press("a", "tab", "1", "n", "t", "tab", "1", "4")
        await settle(pilot)
        tricks = screen.query_one("#bridge-tricks", Input)
        assert tricks.has_class("-invalid")
        assert "14 is not between 0 and 13" in status(app)
        await pilot.press("enter")
        await settle(pilot)
        assert "14 is not between 0 and 13" in status(app)
        await pilot.press("backspace", "tab", "w", "5")  # 5 honours do not exist at no trump
        await settle(pilot)
        assert screen.query_one("#bridge-honours", Input).has_class("-invalid")
        assert "honours at no trump (aces)" in status(app)
        await pilot.press("enter")
        await settle(pilot)
        assert app.focused is screen.query_one("#bridge-honours", Input)
        # a missing declarer is asked for
        await pilot.press("backspace", "backspace")
        screen.query_one("#bridge-declarer", Input).value = ""
        await pilot.press("enter")
        await settle(pilot)
        assert "Who declared?" in status(app)
        assert app.focused is screen.query_one("#bridge-declarer", Input)
    assert load(path).entries == []


async def test_a_revoke_goes_with_the_result_and_the_rules_reason_is_shown():
    path = new_rubber()
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_rubber(pilot)
        await pilot.press("f6")
        await settle(pilot)
        assert isinstance(app.screen, IrregularitiesScreen)
        await pilot.press("t", "enter")  # They (the adversaries) revoked, but no choice given
        await settle(pilot)
        assert isinstance(app.screen, AuctionBridgeScreen)
        await deal(pilot, "a", "3h", "7", "t3")
        assert "say whether the declarer takes 100 points or 3 tricks" in status(app)
        assert load(path).entries == []
        await pilot.press("f6")
        await settle(pilot)
        await pilot.press("tab", "t", "enter")  # the declarer takes three tricks
        await settle(pilot)
        assert "revoke by They (declarer takes 3 tricks)" in text_of(app, "#bridge-preview")
        assert "revoke by" not in status(app) and "Noted" in status(app)  # said once, in the preview
        await pilot.press("enter")
        await settle(pilot)
        # 7 tricks + 3 transferred = 10: 3♥ made with one over, 4 × 8 = 32 — game
        assert dict(screen.sheet.extra["trick_score"]) == {"We": 32, "They": 0}
        assert "revoke" not in text_of(app, "#bridge-preview")  # the revoke went with that result only
    result = load(path).entries[-1]
    assert isinstance(result, ABResult) and result.revoke is not None
    assert (result.revoke.side, result.revoke.choice) == ("They", "tricks")


async def test_a_revoke_by_each_side_is_typed_as_both_letters():
    path = new_rubber()
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_rubber(pilot)
        await pilot.press("f6")
        await settle(pilot)
        await pilot.press("w", "space", "t", "enter")  # We revoked, then They
        await settle(pilot)
        assert "revoke by We; another revoke by They" in text_of(app, "#bridge-preview")
        await deal(pilot, "a", "3h", "9", "w3")
        # both sides revoked: nothing below the line, each side the other's revoke penalty
        assert dict(screen.sheet.extra["trick_score"]) == {"We": 0, "They": 0}
        assert dict(screen.sheet.extra["honour_score"]) == {"We": 16 + 100, "They": 100}
    result = load(path).entries[-1]
    assert isinstance(result, ABResult) and result.revoke is not None
    assert (result.revoke.side, result.more_revokes) == ("We", ("They",))


async def test_chicane_is_asked_for_only_where_the_ruleset_scores_it():
    path = new_rubber(rules={"chicane": True})
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_rubber(pilot)
        await pilot.press("f6")
        await settle(pilot)
        await pilot.press("tab", "tab", "t", "enter")  # They hold a hand void of trumps
        await settle(pilot)
        assert "chicane: They" in text_of(app, "#bridge-preview")
        await deal(pilot, "a", "4h", "10", "w3")
        # We's simple honours (16) less They's chicane (16)
        assert dict(screen.sheet.extra["honour_score"]) == {"We": 0, "They": 0}
    result = load(path).entries[-1]
    assert result.chicane is not None and (result.chicane.side, result.chicane.double) == ("They", False)
    plain = make_app(open_path=new_rubber())
    async with plain.run_test(size=(120, 40)) as pilot:
        await open_rubber(pilot)
        await pilot.press("f6")
        await settle(pilot)
        assert not plain.screen.query("#chicane-side")


# --------------------------------------------------------------------------- the auction


async def test_the_auction_call_by_call_with_a_refused_bid():
    path = new_rubber()
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_rubber(pilot)
        await pilot.press("f5")
        await settle(pilot)
        call = screen.query_one("#bridge-call", Input)
        assert app.focused is call
        assert "the dealer must bid: no pass" in text_of(app, "#bridge-hint")
        await pilot.press("1", "h", "enter")  # Ann, the dealer
        await settle(pilot)
        assert "Bob to call — to beat: Ann's 1♥ (8)" in text_of(app, "#bridge-hint")
        await pilot.press("1", "c", "enter")  # Bob: 1♣ is worth 6 only
        await settle(pilot)
        assert "1♣ (6) does not beat Ann's 1♥ (8)" in status(app)
        assert len(load(path).entries) == 2
        await pilot.press("backspace", "backspace", "x", "enter")  # Bob doubles instead
        await settle(pilot)
        for calls in (["p"], ["2", "c"], ["p"], ["p"], ["p"]):  # Cid, Dan, Ann, Bob, Cid
            await pilot.press(*calls, "enter")
            await settle(pilot)
        # the auction is over: Dan's 2♣ — the result fields take over
        assert not call.display
        tricks = screen.query_one("#bridge-tricks", Input)
        assert app.focused is tricks
        assert "Dan's 2♣: 6 a trick, needs 8 tricks" in text_of(app, "#bridge-deal")
        await pilot.press("9", "tab", "t", "3", "enter")
        await settle(pilot)
        assert dict(screen.sheet.totals) == {"We": 0, "They": 18 + 12}
        assert "Bob deals" in text_of(app, "#bridge-deal")
        assert app.focused is call  # the next deal's auction, in the same mode
    entries = logged(path)
    assert entries[0] == {"type": "deal", "dealer": "Ann"}
    assert [(e["player"], e["call"]) for e in entries if e["type"] == "bid"] == [
        ("Ann", "1H"),
        ("Bob", "double"),
        ("Cid", "pass"),
        ("Dan", "2C"),
        ("Ann", "pass"),
        ("Bob", "pass"),
        ("Cid", "pass"),
    ]
    assert entries[-1]["type"] == "result" and entries[-1]["honours"] == {"side": "They", "holding": "3"}


async def test_the_mode_cannot_change_once_the_auction_has_begun():
    path = new_rubber()
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_rubber(pilot)
        await pilot.press("f5", "1", "s", "enter")
        await settle(pilot)
        await pilot.press("f5")
        await settle(pilot)
        assert "The auction has begun" in status(app)
        assert screen.query_one("#bridge-call", Input).display
        assert not screen.query_one("#bridge-declarer", Input).display


# --------------------------------------------------------------------------- a whole rubber


async def test_a_whole_rubber_two_games_to_one_by_keys():
    path = new_rubber(title="Friday")
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_rubber(pilot)
        await deal(pilot, "a", "3hx", "10", "w4h")  # Ann deals; We: 64 below, 164 above — game 1
        await deal(pilot, "b", "2nt", "8", "t3")  # Bob deals; They 20 below, 30 above (3 aces)
        await deal(pilot, "d", "1nt", "7")  # Cid deals; They 10 more — game 2: one game all
        assert dict(screen.sheet.extra["games"]) == {"We": 1, "They": 1}
        assert "Game 3" in pad(app)
        await deal(pilot, "c", "4s", "9", "t3")  # Dan deals; set 1: They 50, and simple honours 4
        assert not screen.query_one("#banner", Static).display
        await deal(pilot, "a", "4h", "10", "w3")  # Ann deals; We 32 — game 3 and the rubber; honours 16
        sheet = screen.sheet
        assert sheet.finished and sheet.winner == "We"
        assert dict(sheet.extra["trick_score"]) == {"We": 96, "They": 30}
        assert dict(sheet.extra["honour_score"]) == {"We": 164 + 16, "They": 80 + 4}
        assert dict(sheet.totals) == {"We": 96 + 180 + 250, "They": 114}
        assert dict(sheet.extra["rubber"]) == {"winner": "We", "size": 412}
        banner = text_of(app, "#banner")
        assert "We win the rubber by 412, 526 to 114 (Law 10)" in banner
        drawn = pad(app)
        for line in ("game 1: We", "game 2: They", "game 3: We", "rubber", "its size is 412"):
            assert line in drawn
        # only the agreement may follow: the fields are gone, Enter says so
        assert not screen.query_one("#bridge-fields").display
        assert "F8" in text_of(app, "#bridge-deal")
        await pilot.press("f8")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
        assert "agreed" in text_of(app, "#bridge-deal")
    entries = load(path).entries
    assert [e.type for e in entries].count("result") == 5
    assert [e.dealer for e in entries if isinstance(e, Deal)] == ["Ann", "Bob", "Cid", "Dan", "Ann"]
    assert entries[-1].type == "agree"


async def test_stopping_in_the_middle_of_a_deal_is_refused_before_the_dialog():
    path = new_rubber()
    with GameFile.open(path) as game:
        for item in ({"type": "deal", "dealer": "Ann"}, {"type": "contract", "player": "Ann", "call": "1NT"}):
            game.append(parse_entry("auction_bridge", item))
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_rubber(pilot)
        await pilot.press("f7")
        await settle(pilot)
        assert app.screen is screen  # no stop dialog: the rules refuse first
        assert "Law 11: a deal once started must be finished" in status(app)
    assert [e.type for e in load(path).entries] == ["deal", "contract"]


async def test_an_unfinished_rubber_is_stopped_and_agreed_by_keys():
    path = new_rubber()
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_rubber(pilot)
        await pilot.press("f8")  # too early
        await settle(pilot)
        assert "still being played" in status(app)
        await deal(pilot, "a", "4h", "10", "w3")  # We 32 below (game), 16 above
        await pilot.press("f7")
        await settle(pilot)
        assert isinstance(app.screen, StopScreen)
        await pilot.press("escape")  # go on playing after all
        await settle(pilot)
        assert isinstance(app.screen, AuctionBridgeScreen) and not screen.sheet.finished
        await pilot.press("f7")
        await settle(pilot)
        await pilot.press(*"late", "enter")
        await settle(pilot)
        sheet = screen.sheet
        assert sheet.finished
        assert dict(sheet.totals) == {"We": 32 + 16 + 125, "They": 0}
        assert "We win the unfinished rubber by 173, 173 to 0 (Law 11)" in text_of(app, "#banner")
        assert "games (Law 11)" in pad(app)
        await pilot.press("f8")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
        await pilot.press("f8")
        await settle(pilot)
        assert "already agreed" in status(app)
        await pilot.press("ctrl+e", "enter")  # the agreement picked to correct: it has nothing to change
        await settle(pilot)
        assert app.screen is screen  # no empty record editor
        said = [n.message for n in app._notifications]
        assert said == [
            "Nothing to correct in deal 2's agreed score (the table agrees the rubber's score): Delete strikes it out."
        ]
    types = [(e.type, getattr(e, "reason", None)) for e in load(path).entries]
    assert types[-2:] == [("stop", "late"), ("agree", None)]


# --------------------------------------------------------------------------- corrections (Laws 12, 13)


async def _game_then_a_declaration(pilot) -> AuctionBridgeScreen:
    screen = await open_rubber(pilot)
    await deal(pilot, "a", "4h", "10", "w3")  # #1 deal, #2 contract, #3 result: We game (32), honours 16
    await deal(pilot, "b", "1nt", "7")  # #4–#6: a declaration in game 2 closes game 1's trick window
    return screen


async def _edit_result_three(pilot) -> None:
    await pilot.press("ctrl+e")  # from inside the form: the pad's edit key wins over the Input's
    await settle(pilot)
    await pilot.press("up", "up", "up", "enter")  # from #6 to #3
    await settle(pilot)
    assert isinstance(pilot.app.screen, ResultEditScreen)


async def test_an_honours_only_correction_after_the_trick_window():
    path = new_rubber()
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _game_then_a_declaration(pilot)
        await _edit_result_three(pilot)
        await pilot.press(
            "tab", "ctrl+u", "w", "4", "h", "enter"
        )  # 4 honours in one hand, not simple honours
        await settle(pilot)
        assert isinstance(app.screen, AuctionBridgeScreen)
        assert app.focused is screen.query_one("#bridge-declarer", Input)  # back to the next deal
        assert dict(screen.sheet.extra["honour_score"]) == {"We": 64, "They": 0}
        assert dict(screen.sheet.extra["trick_score"]) == {"We": 32, "They": 10}
    amend = load(path).entries[-1]
    assert amend.type == "amend" and amend.target == 3 and amend.override is False
    assert amend.entry.honours.holding == "4_one_hand" and amend.entry.tricks == 10


async def test_a_late_trick_correction_is_refused_then_made_as_a_table_override():
    path = new_rubber()
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _game_then_a_declaration(pilot)
        await _edit_result_three(pilot)
        await pilot.press("ctrl+u", "1", "1", "enter")  # 11 tricks, not 10: a trick-score change
        await settle(pilot)
        assert isinstance(app.screen, OverrideScreen)
        reason = str(app.screen.query_one("#override-reason", Static).render())
        assert "Law 13" in reason and "following game" in reason
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, AuctionBridgeScreen)
        assert dict(screen.sheet.extra["trick_score"]) == {"We": 40, "They": 10}
        assert screen.sheet.overrides
    amend = load(path).entries[-1]
    assert amend.type == "amend" and amend.target == 3 and amend.override is True
    assert amend.entry.tricks == 11


async def test_a_trick_correction_inside_its_window_needs_no_override():
    path = new_rubber()
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_rubber(pilot)
        await deal(pilot, "a", "2h", "8", "w3")  # 16 below, no game yet
        await pilot.press("ctrl+e")
        await settle(pilot)
        await pilot.press("enter")  # the last entry: the result
        await settle(pilot)
        await pilot.press("ctrl+u", "9", "enter")
        await settle(pilot)
        assert isinstance(app.screen, AuctionBridgeScreen)
        assert dict(screen.sheet.extra["trick_score"]) == {"We": 24, "They": 0}
    assert load(path).entries[-1].override is False


# --------------------------------------------------------------------------- F2, snapshot


async def test_f2_shows_the_table_from_the_settings():
    path = new_rubber(rules={"revoke_penalty": 150})
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_rubber(pilot)
        await pilot.press("f2")
        await settle(pilot)
        assert isinstance(app.screen, TextScreen)
        text = app.screen.markdown
        assert "| 3 | 6 | 18 | 21 | 24 | 27 | 30 |" in text  # three odd tricks in each denomination
        assert "| 4h | 4 honours in one hand | 16 | 48 | 56 | 64 | 72 |  |" in text
        assert "150 points" in text
        await pilot.press("f2")
        await settle(pilot)
        assert isinstance(app.screen, AuctionBridgeScreen)


def _mid_rubber(title: str) -> Path:
    path = new_rubber(title=title)
    items = [
        {"type": "deal", "dealer": "Ann"},
        {"type": "contract", "player": "Ann", "call": "3H", "double": "doubled"},
        {"type": "result", "tricks": 10, "honours": {"side": "We", "holding": "4_one_hand"}},
        {"type": "deal", "dealer": "Bob"},
        {"type": "contract", "player": "Bob", "call": "2NT"},
        {"type": "result", "tricks": 8, "honours": {"side": "They", "holding": "3_aces"}},
        {"type": "deal", "dealer": "Cid"},
        {"type": "contract", "player": "Cid", "call": "4S"},
        {"type": "result", "tricks": 9, "honours": {"side": "They", "holding": "3"}},
    ]
    with GameFile.open(path) as game:
        for item in items:
            game.append(parse_entry("auction_bridge", item))
    return path


def test_snapshot_mid_rubber(snap_compare, snapshot_home):
    path = _mid_rubber("Friday")

    async def type_a_deal(pilot):
        await settle(pilot)
        await pilot.press("b", "tab", "2", "n", "t", "tab", "9", "tab", "t", "4")
        await settle(pilot)

    assert snap_compare(make_app(open_path=path), terminal_size=(120, 40), run_before=type_a_deal)


def test_the_sheet_writes_honours_chicane_and_revoke_as_codes_after_a_rename_too():
    from scorepad.rules import replay
    from scorepad.tui.games.auction_bridge.pad import short_honours
    from tests.helpers import entries, header

    items = [
        {"type": "contract", "player": "Ann", "call": "3H"},
        {
            "type": "result",
            "tricks": 9,
            "honours": {"side": "We", "holding": "4_one_hand"},
            "chicane": {"side": "They", "double": False},
            "revoke": {"side": "They", "choice": "points"},
        },
    ]
    game = header(
        "auction_bridge",
        ["Ann", "Bob", "Cid", "Dan"],
        rules={"chicane": True},
        sides={"We": ["Ann", "Cid"], "They": ["Bob", "Dan"]},
    )
    before = replay(game, entries("auction_bridge", *items))
    after = replay(
        game, entries("auction_bridge", {"type": "rename", "player": "Ann", "new_name": "Annie"}, *items)
    )
    codes = short_honours(_deal_cells(before), before)
    we, they = codes[0], codes[-1]  # the sides' letters, as the form takes them
    assert we != they and codes == f"{we}4h, chic {they}, revoke {they}"
    assert short_honours(_deal_cells(after), after) == codes  # not "4 honours in one hand (Annie & Cid)"


def test_each_sheet_writes_its_honours_with_its_own_sides_letters():
    # the sides' letters are worked out once for a sheet's rows: another game's sheet (other side names) gets
    # its own, and the first game's its own again
    from scorepad.rules import replay
    from scorepad.tui.games.auction_bridge.pad import short_honours
    from tests.helpers import entries, header

    def sheet_of(us: str, them: str) -> Sheet:
        items = [
            {"type": "contract", "player": "Ann", "call": "3H"},
            {"type": "result", "tricks": 9, "honours": {"side": us, "holding": "4_one_hand"}},
        ]
        game = header(
            "auction_bridge", ["Ann", "Bob", "Cid", "Dan"], sides={us: ["Ann", "Cid"], them: ["Bob", "Dan"]}
        )
        return replay(game, entries("auction_bridge", *items))

    ours, theirs = sheet_of("We", "They"), sheet_of("North", "East")
    assert short_honours(_deal_cells(ours), ours) == "w4h"
    assert short_honours(_deal_cells(theirs), theirs) == "n4h"
    assert short_honours(_deal_cells(ours), ours) == "w4h"


def _deal_cells(sheet: Sheet) -> DealCells:
    cells = bridge_cells(sheet.rows[-1], tuple(sheet.sides))
    assert isinstance(cells, DealCells)
    return cells


async def test_one_trick_is_one_trick_in_the_preview():
    app = make_app(open_path=new_rubber(rules={"revoke_tricks": 1}))
    async with app.run_test(size=(120, 40)) as pilot:
        await open_rubber(pilot)
        await pilot.press("a", "tab", "1", "s", "tab", "1", "tab", "w", "3")
        await settle(pilot)
        preview = text_of(app, "#bridge-preview")
        assert "→ 1 trick: set 6" in preview and "1 tricks" not in preview


async def test_sides_with_the_same_initial_get_an_honours_example_that_does_not_read_as_thirteen():
    path = create(
        new_header("auction_bridge", ["Ann", "Amy", "Bob", "Ben"])
    )  # Ann & Bob, Amy & Ben: both "a"
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_rubber(pilot)
        honours = screen.query_one("#bridge-honours", Input)
        assert honours.placeholder == "e.g. 1 3"
        assert "1 (Ann & Bob) or 2 (Amy & Ben)" in text_of(app, "#bridge-hint")
        await pilot.press("a", "n", "tab", "4", "h", "tab", "1", "0", "tab", "1", "space", "3", "enter")
        await settle(pilot)
        assert dict(screen.sheet.extra["honour_score"])["Ann & Bob"] == 16  # "1 3": Ann & Bob's 3 honours


async def test_the_form_keeps_its_height_while_a_deal_is_typed_and_logged():
    # a form growing by the preview's second line and shrinking at Enter moved the pad and the sheet each deal
    path = new_rubber()
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_rubber(pilot)
        form = screen.query_one("#entry-form")
        preview = screen.query_one("#bridge-preview")
        height = form.outer_size.height
        await pilot.press("a", "tab", "1", "n", "t", "tab", "7")
        await settle(pilot)
        assert len(text_of(app, "#bridge-preview").strip().splitlines()) == 2  # its value, then the score
        assert form.outer_size.height == height
        await pilot.press("enter")
        await settle(pilot)
        assert len(screen.sheet.entries) == 3  # the deal, the contract and the result logged
        assert text_of(app, "#bridge-preview").strip() == "" and preview.outer_size.height == 2
        assert form.outer_size.height == height
