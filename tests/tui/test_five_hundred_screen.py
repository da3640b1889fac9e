"""The Five Hundred screen by keys: whole games to the win, the auction call by call, the table's question,
irregularities, claims, corrections inside and outside the window, five-hand partners, the classic
won / lost / net columns, the bid table, and a snapshot of a three-hand game half-way."""

from __future__ import annotations

from textual import events
from textual.widgets import Input, Static

from scorepad.rules.five_hundred import RULES, bid_value
from scorepad.store.game_file import load
from scorepad.tui.games.five_hundred.dialogs import ClaimScreen, IrregularityScreen
from scorepad.tui.games.five_hundred.screen import FiveHundredScreen
from scorepad.tui.games.five_hundred.sheet import FiveHundredSheet, WonLostNet
from scorepad.tui.screens.correction import CorrectionScreen
from scorepad.tui.screens.modals import OverrideScreen, TextScreen
from tests.helpers import entries, header, log_lines

from .conftest import SNAPSHOT_HOME, make_app, settle

THREE = ["Ann", "Bob", "Cid"]
FOUR = ["Ann", "Bob", "Cid", "Dan"]
FIVE = ["Ann", "Bob", "Cid", "Dan", "Eve"]


def write_game(home, players, items=(), rules=None, title="Friday", name="fh.jsonl"):
    games = home / "games"
    games.mkdir(parents=True, exist_ok=True)
    path = games / name
    path.write_text(
        log_lines(header("five_hundred", players, rules=rules, title=title), entries("five_hundred", *items))
    )
    return path


def quick(contractor, call, tricks):
    return [{"type": "contract", "player": contractor, "call": call}, {"type": "result", "tricks": tricks}]


async def enter(pilot, *fields: str) -> None:
    """Type the fields with Tab between them, then Enter: what a player does for one deal."""
    for number, text in enumerate(fields):
        if number:
            await pilot.press("tab")
        await pilot.press(*text)
    await pilot.press("enter")
    await settle(pilot)


async def burst(pilot, *keys: str) -> None:
    """Keys posted all at once, as a terminal hands over what was typed fast or pasted (pilot.press waits
    for the app between keys, which hides what a burst does)."""
    for key in keys:
        pilot.app.post_message(events.Key(key, {"tab": "\t", "enter": "\r"}.get(key, key)))
    await settle(pilot)


async def call(pilot, *calls: str) -> None:
    """Auction mode: each call typed, then Enter."""
    for text in calls:
        await pilot.press(*text, "enter")
        await settle(pilot)


def text_of(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def status(screen) -> str:
    return text_of(screen, "#form-status")


def logged(path):
    return [e.model_dump(mode="json", exclude={"seq", "at"}, exclude_none=True) for e in load(path).entries]


# ---------------------------------------------------------------------------------------------- whole games


async def test_a_three_hand_game_to_the_win_by_keys(scorepad_home):
    path = write_game(scorepad_home, THREE)
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, FiveHundredScreen)
        # contractor, bid, the contractor's tricks, the next player's; the last player's are the rest
        await enter(pilot, "b", "8h", "8", "1")  # Ann deals; Bob 8♥ made; Cid 1, Ann 1
        assert dict(screen.sheet.totals) == {"Ann": 10, "Bob": 300, "Cid": 10}
        await enter(pilot, "c", "7nt", "8", "1")  # Bob deals; Cid 7NT made; Ann 1, Bob 1
        await enter(pilot, "a", "9n", "9", "1")  # Cid deals; Ann 9NT made; Bob 1, Cid 0
        await enter(pilot, "b", "7s", "7", "2")  # Ann deals; Bob 7♠ made; Cid 2, Ann 1
        assert dict(screen.sheet.totals) == {"Ann": 450, "Bob": 460, "Cid": 250}
        await enter(pilot, "c", "7s", "6", "1")  # Bob deals; Cid 7♠ set with 6; Ann 1, Bob 3
        assert dict(screen.sheet.totals) == {"Ann": 460, "Bob": 490, "Cid": 110}
        assert not screen.sheet.finished
        # Cid deals; Ann 7♣ with 7, Bob 2, Cid 1: Ann and Bob both pass 500 — the contractor wins
        await pilot.press("a", "tab", "7", "c", "tab", "7", "tab", "2")
        await settle(pilot)
        preview = text_of(screen, "#fh-preview")
        assert "Ann 7♣ made" in preview and "ends the game" in preview
        await pilot.press("enter")
        await settle(pilot)
        sheet = screen.sheet
        assert dict(sheet.totals) == {"Ann": 620, "Bob": 510, "Cid": 120}
        assert sheet.winner == "Ann"
        assert (
            sheet.result
            == "Ann wins by reaching 500 with the contract, on the same deal as Bob: the contractor wins"
        )
        banner = text_of(screen, "#banner")
        assert sheet.result in banner
        assert screen.query_one("#banner").display
        table = screen.query_one(FiveHundredSheet)
        assert table.row_count == 6
        assert [str(c) for c in table.get_row_at(4)][:6] == ["5", "Bob", "7♠", "Cid", "6", "set"]
    log = logged(path)
    assert log[:3] == [
        {"type": "deal", "dealer": "Ann"},
        {"type": "contract", "player": "Bob", "call": "8H"},
        {"type": "result", "tricks": {"Ann": 1, "Bob": 8, "Cid": 1}},
    ]
    assert [e["dealer"] for e in log if e["type"] == "deal"] == ["Ann", "Bob", "Cid", "Ann", "Bob", "Cid"]
    assert log[-1] == {"type": "result", "tricks": {"Ann": 7, "Bob": 2, "Cid": 1}}
    assert len(log) == 18


async def test_a_deal_typed_in_one_burst_lands_in_its_fields(scorepad_home):
    """Keys that arrive together (a fast typist, a paste) go to the field the Tabs before them lead to."""
    app = make_app(open_path=write_game(scorepad_home, THREE))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await burst(pilot, "b", "tab", "8", "h", "tab", "8", "tab", "1")
        typed = [field.value for field in screen.query(Input) if field.display and field.value]
        assert screen.query_one("#fh-contractor", Input).value == "b"
        assert typed == ["b", "8h", "8", "1"]  # the contractor, the bid and both tricks fields, one each
        await pilot.press("enter")
        await settle(pilot)
        assert dict(screen.sheet.totals) == {"Ann": 10, "Bob": 300, "Cid": 10}


async def test_two_deals_pasted_at_once_are_both_logged(scorepad_home):
    app = make_app(open_path=write_game(scorepad_home, THREE))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        # the second deal's keys arrive while the first is being logged
        await burst(
            pilot,
            "b",
            "tab",
            "8",
            "h",
            "tab",
            "8",
            "tab",
            "1",
            "enter",
            "c",
            "tab",
            "7",
            "n",
            "t",
            "tab",
            "8",
            "tab",
            "1",
            "enter",
        )
        assert [row.text for row in app.screen.sheet.rows] == ["Bob 8♥ made", "Cid 7NT made"]
        assert all(not field.value for field in app.screen.query(Input))


async def test_a_four_hand_game_to_the_win_by_keys_with_one_continuous_auction(scorepad_home):
    path = write_game(scorepad_home, FOUR, rules={"auction": "continuous"})
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        # partnerships: only the contractor's side's tricks are typed
        await enter(pilot, "b", "7h", "7")  # Ann deals: Bob & Dan 7♥ made, Ann & Cid 3 tricks
        assert dict(screen.sheet.totals) == {"Ann & Cid": 30, "Bob & Dan": 200}
        await enter(pilot, "c", "8s", "10")  # Bob deals: a slam scores 250 for 8♠
        assert dict(screen.sheet.totals) == {"Ann & Cid": 280, "Bob & Dan": 200}
        # Cid deals: the auction call by call — Dan, Ann, Bob, Cid, Ann, Bob
        await pilot.press("f5")
        await settle(pilot)
        assert app.focused.id == "fh-call"
        await call(pilot, "p", "7d", "7h", "p", "8c")
        assert "Bob to call" in text_of(screen, "#fh-deal")
        await call(pilot, "p")
        view = screen.sheet.view
        assert (view.phase, view.contractor, view.contract) == ("play", "Ann", "8C")
        assert app.focused.id == "fh-tricks-0"
        await enter(pilot, "7")  # set: 8♣ is 260
        assert dict(screen.sheet.totals) == {"Ann & Cid": 20, "Bob & Dan": 230}
        assert app.focused.id == "fh-call"  # still in auction mode
        await pilot.press("f5")
        await settle(pilot)
        assert app.focused.id == "fh-contractor"
        await enter(pilot, "d", "8nt", "8")  # Dan deals: Dan 8NT made, 230 + 320
        sheet = screen.sheet
        assert dict(sheet.totals) == {"Ann & Cid": 40, "Bob & Dan": 550}
        assert sheet.result == "Bob & Dan win by reaching 500 with the contract"
        assert sheet.result in text_of(screen, "#banner")
    log = logged(path)
    auction = [(e["player"], e["call"]) for e in log if e["type"] == "bid"]
    assert auction == [
        ("Dan", "pass"),
        ("Ann", "7D"),
        ("Bob", "7H"),
        ("Cid", "pass"),
        ("Ann", "8C"),
        ("Bob", "pass"),
    ]
    assert {"type": "result", "tricks": {"Ann & Cid": 7, "Bob & Dan": 3}} in log


async def test_minus_five_hundred_loses_a_partnership_game(scorepad_home):
    items = [
        {"type": "deal", "dealer": "Ann"},
        *quick("Bob", "8H", {"Ann & Cid": 6, "Bob & Dan": 4}),
        {"type": "deal", "dealer": "Bob"},
        *quick("Dan", "7S", {"Ann & Cid": 5, "Bob & Dan": 5}),
    ]
    path = write_game(scorepad_home, FOUR, items)
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert dict(screen.sheet.totals) == {"Ann & Cid": 110, "Bob & Dan": -440}
        await enter(pilot, "b", "7d", "5")  # Cid deals: Bob & Dan bid 7♦ and take 5: −440 − 180
        sheet = screen.sheet
        assert dict(sheet.totals) == {"Ann & Cid": 160, "Bob & Dan": -620}
        assert sheet.winner == "Ann & Cid"
        assert sheet.result == "Ann & Cid win: Bob & Dan at -620 is 500 or more in the hole"
        assert sheet.result in text_of(screen, "#banner")
        # the game is over: the form takes nothing more
        assert not screen.query_one("#fh-who").display and not screen.query_one("#fh-tricks").display


# ---------------------------------------------------------------------------------------------- the auction


async def test_auction_refuses_a_bid_that_does_not_outrank_and_names_the_bid_to_beat(scorepad_home):
    path = write_game(scorepad_home, THREE, rules={"auction": "continuous"})
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("f5")
        await settle(pilot)
        field = screen.query_one("#fh-call", Input)
        assert field.border_title == "Bob calls"
        await call(pilot, "p", "7h")
        assert "7♥ by Cid to beat" in text_of(screen, "#fh-deal")
        await pilot.press("f5")  # no switching to the quick entry in the middle of an auction
        await settle(pilot)
        assert "being entered call by call" in status(screen)
        assert screen.query_one("#fh-call").display
        await pilot.press("7", "s")  # validated as typed: red, and the line says why
        await settle(pilot)
        assert field.has_class("-invalid")
        assert "the bid to beat is 7♥" in status(screen)
        await pilot.press("enter")
        await settle(pilot)
        assert status(screen) == "7♠ does not outrank 7♥ by Cid: the bid to beat is 7♥"
        assert len(load(path).entries) == 3  # deal, Bob's pass, Cid's 7♥: nothing more
        await pilot.press("backspace", "backspace", "8", "s", "enter")  # Ann outbids; Cid passes
        await settle(pilot)
        await call(pilot, "p")
        assert screen.sheet.view.contractor == "Ann"
        assert "Ann 8♠" in text_of(screen, "#fh-deal")
        await enter(pilot, "8", "1")
        assert dict(screen.sheet.totals) == {"Ann": 240, "Bob": 10, "Cid": 10}


async def test_one_round_auction_by_keys_each_calls_once_and_the_dealer_closes_it(scorepad_home):
    path = write_game(scorepad_home, THREE)  # one_round is the default
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("f5")
        await settle(pilot)
        assert "one call each, from the dealer's left; the dealer calls last" in screen.table_markdown()  # F2
        await call(pilot, "7h", "p")  # Bob 7♥, Cid passes
        note = text_of(screen, "#fh-deal")
        assert "Ann to call" in note and "one call each, the dealer last" in note
        await call(pilot, "8s")  # the dealer's call ends the auction: Bob does not get another call
        view = screen.sheet.view
        assert (view.phase, view.contractor, view.contract) == ("play", "Ann", "8S")
        assert app.focused.id == "fh-tricks-0"
        await enter(pilot, "8", "1")
        assert dict(screen.sheet.totals) == {"Ann": 240, "Bob": 10, "Cid": 10}
    assert [(e["player"], e["call"]) for e in logged(path) if e["type"] == "bid"] == [
        ("Bob", "7H"),
        ("Cid", "pass"),
        ("Ann", "8S"),
    ]


async def test_the_table_names_the_first_dealer_before_the_first_deal(scorepad_home):
    path = write_game(scorepad_home, THREE)
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert app.focused.id == "fh-contractor"
        dealer = screen.query_one("#fh-dealer", Input)
        assert dealer.display and dealer.placeholder == "blank: Ann"
        await pilot.press("shift+tab", "c")  # the cut made Cid the dealer: Ann bids first
        await settle(pilot)
        await enter(pilot, "", "a", "7h", "8", "1")
        assert dict(screen.sheet.totals) == {"Ann": 200, "Bob": 10, "Cid": 10}
        assert screen.sheet.view.next_dealer == "Ann"
        assert not dealer.display
    assert logged(path)[0] == {"type": "deal", "dealer": "Cid"}


async def test_everybody_passes_in_either_mode_and_the_deal_passes_on(scorepad_home):
    path = write_game(scorepad_home, THREE)
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await enter(pilot, "", "p")  # no contractor, bid p: all passed
        assert screen.sheet.view.next_dealer == "Bob"
        await pilot.press("f5")
        await settle(pilot)
        await call(pilot, "p", "p", "p")
        assert screen.sheet.view.next_dealer == "Cid"
        assert not screen.sheet.rows
    log = logged(path)
    assert [e["type"] for e in log] == ["deal", "bid", "bid", "bid", "deal", "bid", "bid", "bid"]
    assert [e["player"] for e in log if e["type"] == "bid"] == ["Bob", "Cid", "Ann", "Cid", "Ann", "Bob"]


async def test_fields_are_validated_as_typed_and_a_refusal_logs_nothing(scorepad_home):
    path = write_game(scorepad_home, THREE)
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("a", "tab", "9", "x")
        await settle(pilot)
        assert screen.query_one("#fh-bid", Input).has_class("-invalid")
        assert "bid: '9x'?" in status(screen)
        await pilot.press("enter")
        await settle(pilot)
        assert "bid: '9x'?" in status(screen)
        await pilot.press("backspace", "h", "tab", "9", "tab", "3")
        await settle(pilot)
        assert screen.query_one("#fh-tricks-1", Input).has_class("-invalid")
        assert "the tricks add up to 12, more than 10" in status(screen)
        await pilot.press("enter")
        await settle(pilot)
        assert "more than 10" in status(screen)
        assert load(path).entries == []
        await pilot.press("backspace", "1")
        await settle(pilot)
        assert text_of(screen, "#fh-rest") == "Cid 0"
        assert "Ann 9♥ made — Ann +400  Bob +10  Cid +0" in text_of(screen, "#fh-preview")


# ---------------------------------------------------------------------------------------------- game end


async def test_both_opponents_over_the_target_the_table_answers_by_keys(scorepad_home):
    items = [
        {"type": "deal", "dealer": "Ann"},
        *quick("Ann", "9NT", {"Ann": 9, "Bob": 1, "Cid": 0}),
        {"type": "deal", "dealer": "Bob"},
        *quick("Bob", "9NT", {"Ann": 1, "Bob": 9, "Cid": 0}),
        {"type": "deal", "dealer": "Cid"},
        *quick("Cid", "6D", {"Ann": 2, "Bob": 2, "Cid": 6}),
        {"type": "deal", "dealer": "Ann"},
        *quick("Cid", "6C", {"Ann": 3, "Bob": 1, "Cid": 6}),
        {"type": "deal", "dealer": "Bob"},
        *quick("Cid", "6S", {"Ann": 0, "Bob": 3, "Cid": 7}),
    ]
    path = write_game(scorepad_home, THREE, items)
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert dict(screen.sheet.totals) == {"Ann": 480, "Bob": 490, "Cid": 180}
        await enter(pilot, "c", "6s", "6", "2")  # Cid makes 6♠; Ann 2 and Bob 2 both pass 500
        sheet = screen.sheet
        assert not sheet.finished and sheet.questions
        assert screen.query_one("#fh-question").display
        assert "Who reached 500 first" in text_of(screen, "#fh-question-text")
        assert app.focused.id == "fh-first"
        await pilot.press("c")  # Cid is the contractor: not one of the two
        await settle(pilot)
        assert "one of Ann, Bob" in status(screen)
        await pilot.press("backspace", "b", "enter")
        await settle(pilot)
        sheet = screen.sheet
        assert sheet.winner == "Bob"
        assert (
            sheet.result
            == "Bob wins by reaching 500 first in the play (Ann and Bob reach it on the same deal)"
        )
        assert sheet.result in text_of(screen, "#banner")
    amend = load(path).entries[-1]
    assert amend.type == "amend" and amend.target == 18 and not amend.override
    assert amend.entry.first_to_target == "Bob"
    assert amend.entry.tricks == {"Ann": 2, "Bob": 2, "Cid": 6}


async def test_must_bid_to_win_passing_the_target_in_defence_does_not_end_the_game(scorepad_home):
    items = [
        {"type": "deal", "dealer": "Ann"},
        *quick("Bob", "9NT", {"Ann": 1, "Bob": 9, "Cid": 0}),
        {"type": "deal", "dealer": "Bob"},
        *quick("Ann", "6S", {"Ann": 6, "Bob": 4, "Cid": 0}),
        {"type": "deal", "dealer": "Cid"},
        *quick("Ann", "6S", {"Ann": 6, "Bob": 3, "Cid": 1}),
    ]
    path = write_game(scorepad_home, THREE, items, rules={"must_bid_to_win": True})
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert dict(screen.sheet.totals) == {"Ann": 90, "Bob": 490, "Cid": 10}
        await enter(pilot, "a", "6s", "6", "3")  # Bob defends to 520: no win without his own bid
        assert screen.sheet.totals["Bob"] == 520 and not screen.sheet.finished
        assert not screen.query_one("#banner").display
        await enter(pilot, "b", "6s", "6", "2")
        assert screen.sheet.result == "Bob wins by reaching 500 with the contract"
        assert screen.sheet.result in text_of(screen, "#banner")


async def test_a_two_hand_game_types_only_the_contractors_tricks(scorepad_home):
    path = write_game(scorepad_home, ["Ann", "Bob"])
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await enter(pilot, "b", "7c", "7")
        assert dict(screen.sheet.totals) == {"Ann": 30, "Bob": 160}
    assert logged(path)[-1] == {"type": "result", "tricks": {"Ann": 3, "Bob": 7}}


async def test_a_claim_upheld_wins_the_game(scorepad_home):
    items = [{"type": "deal", "dealer": "Ann"}, *quick("Bob", "10C", {"Ann": 0, "Bob": 10, "Cid": 0})]
    path = write_game(scorepad_home, THREE, items)
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.sheet.totals["Bob"] == 460
        await pilot.press("f7")  # nothing typed yet: a claim needs a contract
        await settle(pilot)
        assert "type the contractor and the bid first" in status(screen)
        await pilot.press("c", "tab", "6", "s", "f7")
        await settle(pilot)
        assert isinstance(app.screen, ClaimScreen)
        await pilot.press("b", "tab", "y", "enter")
        await settle(pilot)
        assert app.screen is screen
        sheet = screen.sheet
        assert sheet.winner == "Bob"
        assert sheet.result == "Bob wins: Bob claimed the game during Cid's 6♠ and the claim was upheld"
    assert logged(path)[-3:] == [
        {"type": "deal", "dealer": "Bob"},
        {"type": "contract", "player": "Cid", "call": "6S"},
        {"type": "claim", "player": "Bob", "upheld": True},
    ]


async def test_a_claim_not_upheld_leaves_the_contract_to_be_played(scorepad_home):
    items = [{"type": "deal", "dealer": "Ann"}, *quick("Bob", "10C", {"Ann": 0, "Bob": 10, "Cid": 0})]
    path = write_game(scorepad_home, THREE, items)
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("c", "tab", "6", "s", "f7")
        await settle(pilot)
        await pilot.press("b", "tab", "n", "enter")
        await settle(pilot)
        assert not screen.sheet.finished
        assert screen.sheet.view.phase == "play"
        assert not screen.query_one("#fh-contractor").display
        assert app.focused.id == "fh-tricks-0"
        await enter(pilot, "6", "2")
        assert dict(screen.sheet.totals) == {"Ann": 20, "Bob": 480, "Cid": 40}


# ---------------------------------------------------------------------------------------------- irregularities


async def test_a_revoke_by_an_opponent_by_keys_counts_the_contract_made(scorepad_home):
    path = write_game(scorepad_home, FOUR)
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("a", "tab", "8", "s", "f6")  # the deal being entered: Ann 8♠
        await settle(pilot)
        assert isinstance(app.screen, IrregularityScreen)
        await pilot.press("r")
        await settle(pilot)
        assert "deal being entered (Ann 8♠)" in text_of(app.screen, "#irr-where")
        await pilot.press("tab", "b", "enter")
        await settle(pilot)
        assert app.screen is screen
        assert screen.sheet.view.phase == "play"
        await enter(pilot, "6")  # six tricks, but Bob revoked: made, and the opponents score nothing
        row = screen.sheet.rows[-1]
        assert dict(row.delta) == {"Ann & Cid": 240, "Bob & Dan": 0}
        assert "revoke by Bob" in row.text
    assert logged(path)[:3] == [
        {"type": "deal", "dealer": "Ann"},
        {"type": "contract", "player": "Ann", "call": "8S"},
        {"type": "irregularity", "kind": "revoke", "player": "Bob", "note": ""},
    ]


async def test_a_revoke_by_the_contractors_side_sets_the_contract(scorepad_home):
    path = write_game(scorepad_home, FOUR)
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await enter(pilot, "a", "8s", "9")
        await pilot.press("f6")
        await settle(pilot)
        await pilot.press("r", "tab", "c", "enter")  # found after the result: the deal is scored again
        await settle(pilot)
        assert dict(screen.sheet.totals) == {"Ann & Cid": -240, "Bob & Dan": 10}


async def test_wrong_number_of_cards_both_outcomes_by_keys(scorepad_home):
    path = write_game(scorepad_home, THREE)
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await enter(pilot, "a", "7h", "8", "1")
        assert dict(screen.sheet.totals) == {"Ann": 200, "Bob": 10, "Cid": 10}
        # the contractor's hand was wrong: the contract is set, whatever the tricks
        await pilot.press("f6")
        await settle(pilot)
        await pilot.press("w")
        await settle(pilot)
        assert "belongs to deal 1" in text_of(app.screen, "#irr-where")
        await pilot.press("tab", "a", "enter")
        await settle(pilot)
        assert dict(screen.sheet.totals) == {"Ann": -200, "Bob": 10, "Cid": 10}
        # an opponent's hand was wrong: the contract counts as made
        await enter(pilot, "b", "7s", "5", "3")
        await pilot.press("f6")
        await settle(pilot)
        await pilot.press("w", "tab", "c", "enter")
        await settle(pilot)
        row = screen.sheet.rows[-1]
        assert dict(row.delta) == {"Ann": 20, "Bob": 140, "Cid": 30}
        assert "wrong cards by Cid" in row.text


async def test_a_redeal_by_keys_keeps_the_dealer(scorepad_home):
    path = write_game(scorepad_home, THREE)
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("f6")
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        assert "next deal (Ann deals)" in text_of(app.screen, "#irr-where")
        await pilot.press("tab", "a", "enter")
        await settle(pilot)
        assert "Ann deals again" in screen.sheet.prompt
        await enter(pilot, "b", "6h", "6", "2")
    log = logged(path)
    assert [e["type"] for e in log] == ["deal", "irregularity", "deal", "contract", "result"]
    assert log[2] == {"type": "deal", "dealer": "Ann"}


async def test_a_bid_out_of_turn_bars_the_partnership(scorepad_home):
    path = write_game(scorepad_home, FOUR)
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("f6")
        await settle(pilot)
        await pilot.press("b", "tab", "c", "enter")  # Cid bids before Bob: Ann & Cid may not bid
        await settle(pilot)
        assert set(screen.sheet.view.barred) == {"Ann", "Cid"}
        await enter(pilot, "a", "7s", "7")
        assert "Ann may not bid this deal" in status(screen)
        assert len(load(path).entries) == 2
        await pilot.press("f5")
        await settle(pilot)
        assert "may not bid: Ann, Cid" in text_of(screen, "#fh-deal")
        await call(pilot, "7s", "p")  # Bob, then Dan; the auction is over
        assert screen.sheet.view.contractor == "Bob"


# ---------------------------------------------------------------------------------------------- corrections


async def test_an_edit_inside_the_window(scorepad_home):
    path = write_game(scorepad_home, THREE)
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await enter(pilot, "a", "7h", "8", "1")
        await pilot.press("ctrl+e")  # from the form: the log pane, on the last entry (the result)
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, CorrectionScreen)  # the deal's tricks, in the form they were typed in
        assert app.focused is app.screen.query_one("#fh-tricks-0", Input) and app.focused.value == "8"
        await pilot.press("ctrl+u", "6", "tab", "ctrl+u", "3", "ctrl+s")  # Ann 6, Bob 3, Cid the rest
        await settle(pilot)
        assert app.screen is screen
        assert dict(screen.sheet.totals) == {"Ann": -200, "Bob": 30, "Cid": 10}
    amend = load(path).entries[-1]
    assert amend.type == "amend" and amend.target == 3 and not amend.override


async def test_an_edit_outside_the_window_needs_the_table_override(scorepad_home):
    path = write_game(scorepad_home, THREE)
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await enter(pilot, "a", "7h", "8", "1")
        await pilot.press("f5")
        await settle(pilot)
        await call(pilot, "p")  # a pass does not close the window …
        assert screen.replayer.check(_amend(3)) is None
        await call(pilot, "6s")  # … the first bid of the next deal does
        await pilot.press("ctrl+e", "up", "up", "up")  # from #6 up to #3, the first deal's result
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("ctrl+u", "6", "tab", "ctrl+u", "3", "ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, OverrideScreen)
        reason = text_of(app.screen, "#override-reason")
        assert "too late" in reason and "before the first bid, but not a pass, of the next deal" in reason
        await pilot.press("n")  # the table does not agree: nothing changes
        await settle(pilot)
        assert app.screen is screen and len(load(path).entries) == 6
        await pilot.press("ctrl+e")  # the cursor is still on #3
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("ctrl+u", "6", "tab", "ctrl+u", "3", "ctrl+s")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert app.screen is screen
        assert dict(screen.sheet.totals) == {"Ann": -200, "Bob": 30, "Cid": 10}
        assert screen.sheet.overrides == (7,)
        assert "Table overrides in this game: deal 1's result" in text_of(screen, "#prompt")
    amend = load(path).entries[-1]
    assert amend.type == "amend" and amend.target == 3 and amend.override


def _amend(target):
    from scorepad.log import FHResult, amend_model

    return amend_model("five_hundred")(target=target, entry=FHResult(tricks={"Ann": 9, "Bob": 1, "Cid": 0}))


# ---------------------------------------------------------------------------------------------- tables


async def test_five_hand_called_partner(scorepad_home):
    path = write_game(scorepad_home, FIVE)
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("a", "tab", "8", "h", "tab", "c")
        await settle(pilot)
        titles = [f.border_title for f in screen.query(".fh-tricks").results(Input) if f.display]
        assert titles == ["Ann + Cid tricks", "Bob tricks", "Dan tricks"]
        await pilot.press("tab", "8", "tab", "1", "tab", "1")
        await settle(pilot)
        assert text_of(screen, "#fh-rest") == "Eve 0"
        await pilot.press("enter")
        await settle(pilot)
        sheet = screen.sheet
        assert dict(sheet.totals) == {"Ann": 300, "Bob": 10, "Cid": 300, "Dan": 10, "Eve": 0}
        table = screen.query_one(FiveHundredSheet)
        # five sides: their scores straight after the deal's number (after the deal's columns, most would be off
        # an 80-column screen)
        assert [column.key.value for column in table.ordered_columns] == [
            "n",
            *(f"side-{name}" for name in ("Ann", "Bob", "Cid", "Dan", "Eve")),
            "col-dealer",
            "col-bid",
            "col-by",
            "col-tricks",
            "col-result",
        ]
        assert [str(c) for c in table.get_row_at(0)][1:9] == [
            "+300  300",
            "+10  10",
            "+300  300",
            "+10  10",
            "·  0",
            "Ann",
            "8♥",
            "Ann + Cid",
        ]
        # no partner: four opponents, three typed
        await pilot.press("b", "tab", "6", "s", "tab", "tab")
        await settle(pilot)
        titles = [f.border_title for f in screen.query(".fh-tricks").results(Input) if f.display]
        assert titles == ["Bob tricks", "Cid tricks", "Dan tricks", "Eve tricks"]
    result = logged(path)[2]
    assert result == {
        "type": "result",
        "tricks": {"Ann": 8, "Bob": 1, "Cid": 0, "Dan": 1, "Eve": 0},
        "partner": "Cid",
    }


async def test_six_hand_three_sides_of_two(scorepad_home):
    path = write_game(
        scorepad_home, ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"], rules={"six_hand_sides": "three_twos"}
    )
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("b", "tab", "7", "s")
        await settle(pilot)
        titles = [f.border_title for f in screen.query(".fh-tricks").results(Input) if f.display]
        assert titles == ["Bob & Eve tricks", "Cid & Fay tricks"]
        await pilot.press("tab", "7", "tab", "2", "enter")
        await settle(pilot)
        assert dict(screen.sheet.totals) == {"Ann & Dan": 10, "Bob & Eve": 140, "Cid & Fay": 20}


async def test_card_points_have_a_field_per_side(scorepad_home):
    path = write_game(scorepad_home, THREE, rules={"preset": "card_points_1000"})
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await enter(pilot, "a", "7h", "8", "1", "200", "30", "20")
        assert dict(screen.sheet.totals) == {"Ann": 400, "Bob": 40, "Cid": 30}
    assert logged(path)[-1]["card_points"] == {"Ann": 200, "Bob": 30, "Cid": 20}


async def test_won_lost_net_toggle(scorepad_home):
    items = [
        {"type": "deal", "dealer": "Ann"},
        *quick("Ann", "7H", {"Ann": 8, "Bob": 1, "Cid": 1}),
        {"type": "deal", "dealer": "Bob"},
        *quick("Ann", "7S", {"Ann": 6, "Bob": 2, "Cid": 2}),
    ]
    path = write_game(scorepad_home, THREE, items)
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        table = screen.query_one(FiveHundredSheet)
        summary = screen.query_one(WonLostNet)
        assert not summary.display
        assert [str(c.label) for c in table.columns.values()][-3:] == ["Ann", "Bob", "Cid"]
        await pilot.press("f8")
        await settle(pilot)
        labels = [str(c.label) for c in table.columns.values()]
        assert labels[-9:] == ["Ann +", "−", "net", "Bob +", "−", "net", "Cid +", "−", "net"]
        assert [str(c) for c in table.get_row_at(1)][-9:] == [
            "·",
            "140",
            "60",
            "20",
            "·",
            "30",
            "20",
            "·",
            "30",
        ]
        assert summary.display
        assert str(summary.render()) == (
            "Won − lost = net:  Ann 200 − 140 = 60   Bob 30 − 0 = 30   Cid 30 − 0 = 30"
        )
        await pilot.press("f8")
        await settle(pilot)
        assert [str(c.label) for c in table.columns.values()][-3:] == ["Ann", "Bob", "Cid"]
        assert not summary.display


async def test_f2_shows_the_bid_table_of_the_schedule(scorepad_home):
    path = write_game(scorepad_home, THREE, rules={"schedule": "original"})
    app = make_app(open_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("f2")
        await settle(pilot)
        assert isinstance(app.screen, TextScreen)
        markdown = app.screen.markdown
        assert "Original schedule" in markdown
        settings = RULES.settings({"schedule": "original"})
        assert f"| 8 | {bid_value('8S', settings)} | {bid_value('8C', settings)} |" in markdown
        assert "| nullo | 250 |" in markdown
        await pilot.press("f2")
        await settle(pilot)
        assert isinstance(app.screen, FiveHundredScreen)


async def test_the_result_column_says_made_or_set_beside_the_bid_and_every_total_fits_80_columns(
    scorepad_home,
):
    items = [
        {"type": "deal", "dealer": "Ann"},
        *quick("Bob", "open_nullo", {"Ann": 5, "Bob": 1, "Cid": 4}),
        {"type": "deal", "dealer": "Bob"},
        *quick("Cid", "nullo", {"Ann": 5, "Bob": 5, "Cid": 0}),
        {"type": "deal", "dealer": "Cid"},
        *quick("Ann", "8S", {"Ann": 8, "Bob": 1, "Cid": 1}),
    ]
    app = make_app(open_path=write_game(scorepad_home, THREE, items))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        sheet = app.screen.query_one(FiveHundredSheet)
        drawn = "\n".join(strip.text for strip in sheet.render_lines(sheet.region.reset_offset))
        assert "open nullo  Bob" in drawn and "nullo set" not in drawn and "nullo made" not in drawn
        # the bid is not said twice, so the last side's running total is on the screen too
        assert "250" in drawn and "270" in drawn  # Ann's and Cid's totals after three deals


# ---------------------------------------------------------------------------------------------- snapshot


def test_three_hand_game_half_way_snapshot(snap_compare, snapshot_home):
    items = [
        {"type": "deal", "dealer": "Ann"},
        *quick("Bob", "8H", {"Ann": 1, "Bob": 8, "Cid": 1}),
        {"type": "deal", "dealer": "Bob"},
        *quick("Cid", "7NT", {"Ann": 1, "Bob": 1, "Cid": 8}),
        {"type": "deal", "dealer": "Cid"},
        *quick("Ann", "8S", {"Ann": 5, "Bob": 3, "Cid": 2}),
        {"type": "deal", "dealer": "Ann"},
        *quick("Bob", "nullo", {"Ann": 4, "Bob": 1, "Cid": 5}),
    ]
    path = write_game(SNAPSHOT_HOME, THREE, items)

    async def type_a_deal(pilot):
        await settle(pilot)
        await pilot.press("c", "tab", "7", "d", "tab", "7", "tab", "2")
        await settle(pilot)

    assert snap_compare(make_app(open_path=path), terminal_size=(120, 40), run_before=type_a_deal)


async def test_the_prompt_says_who_deals_next_once_and_the_auctions_turn_after_next(scorepad_home):
    path = write_game(scorepad_home, THREE)
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert text_of(screen, "#prompt") == "Ann deals (or enter who dealt); Bob bids first"
        await enter(pilot, "b", "7h", "8", "1")
        assert text_of(screen, "#prompt") == "Bob deals next; Cid bids first"  # not "Next: Bob deals next"
        await pilot.press("f5")
        await settle(pilot)
        await call(pilot, "p")
        assert text_of(screen, "#prompt") == "Next: Ann to bid"
        await call(pilot, "p", "p")
        assert text_of(screen, "#prompt") == "All passed: Cid deals next; Ann bids first"
