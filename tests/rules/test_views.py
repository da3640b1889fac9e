"""The typed views the rules hand the screens: one phase vocabulary, and the laws a form would otherwise work out."""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any

import pytest

from scorepad.log import Deal, JassTrump, SequenceMeld
from scorepad.rules import replay
from scorepad.rules.auction_bridge.view import BridgeView
from scorepad.rules.base import Sheet
from scorepad.rules.five_hundred.view import FiveHundredView, IrregularityDeal
from scorepad.rules.jass.view import HandCells, JassView, Seating, shown_twice
from tests.helpers import entries, header

JASS = ["Ann", "Bob", "Cid", "Dan"]
AC, BD = "Ann & Cid", "Bob & Dan"


def sheet(
    game: str, players: list[str], *items: dict[str, Any], rules: dict[str, Any] | None = None
) -> Sheet:
    return replay(header(game, players, rules), entries(game, *items))


def jass(*items: dict[str, Any]) -> JassView:
    view = sheet("jass", JASS, *items).view
    assert isinstance(view, JassView)
    return view


def test_a_view_is_frozen_and_the_sheet_hands_it_over_as_it_is():
    view = jass()
    with pytest.raises(FrozenInstanceError):
        view.hand = 3  # type: ignore[misc]
    fresh = sheet("jass", JASS)
    assert fresh.view == view and not hasattr(fresh, "state_view")  # one view, typed: no plain copy beside it
    assert view.phase == "deal" and view.trump_callers == () and view.tafel[AC].rest == 0


def test_jass_phases_speak_the_shared_vocabulary():
    deal = {"type": "deal", "dealer": "Dan"}
    trump = {"type": "trump", "player": "Ann", "contract": "hearts"}
    tricks = {"type": "tricks", "points": {AC: 97}}
    assert [jass(*items).phase for items in ([], [deal], [deal, trump], [deal, trump, tricks])] == [
        "deal",
        "auction",
        "play",
        "deal",
    ]
    assert jass(deal, trump).number == 1 and jass(deal, trump, tricks).number == 2


def test_jass_first_hand_the_dealer_sits_before_whoever_names_trump():
    view = jass()
    call = view.call("spades", named_by="Cid")
    assert call.deal == Deal(dealer="Bob") and call.trump == JassTrump(player="Cid", contract="spades")
    assert (call.hand, call.dealer) == (1, "Bob")
    pushed = view.call(
        "spades", pushed=True, named_by="Cid"
    )  # Cid names it for his partner Ann, the forehand
    assert pushed.deal == Deal(dealer="Dan") and pushed.trump.pushed


def test_jass_blank_namer_is_the_forehand_and_the_partner_named_means_pushed():
    view = jass()  # nobody named: seat 1 deals, the player after him names
    assert view.forehand_to_call == "Bob"
    plain = view.call("hearts")
    assert plain.deal == Deal(dealer="Ann") and plain.trump.player == "Bob" and not plain.trump.pushed
    assert view.call("hearts", pushed=True).trump.player == "Dan"
    first = view.call("hearts", named_by="Dan")  # the first hand: whoever names is the forehand
    assert first.deal == Deal(dealer="Cid") and not first.trump.pushed
    dealt = jass({"type": "deal", "dealer": "Cid"})
    call = dealt.call("obenabe")
    assert call.deal is None and call.trump.player == "Dan" and call.hand == 1 and call.dealer == "Cid"
    after = jass(
        {"type": "deal", "dealer": "Cid"},
        {"type": "trump", "player": "Dan", "contract": "hearts"},
        {"type": "tricks", "points": {BD: 100}},
    )
    assert after.forehand_to_call == "Ann" and after.call("clubs").deal == Deal(dealer="Dan")
    assert after.call("clubs").hand == 2
    assert after.call("clubs", named_by="Cid").trump.pushed  # Ann's partner named it: pushed


def test_jass_in_play_the_view_names_the_trump_and_its_team():
    view = jass(
        {"type": "deal", "dealer": "Dan"},
        {"type": "trump", "player": "Cid", "contract": "spades", "pushed": True},
    )
    assert view.trump_named and view.caller == "Cid" and view.caller_side == AC and view.pushed
    assert view.contract_label == "♠ spades ×2"


def test_jass_one_card_cannot_be_in_two_hands():
    four_to_king = SequenceMeld(length=3, top="K", suit="hearts")
    name = {"Ann": "Annie"}.get
    assert (
        shown_twice(
            [("Ann", [four_to_king], False), ("Bob", [four_to_king], False)],
            "spades",
            "french",
            lambda p: name(p) or p,
        )
        == "the J♥ cannot be in both Annie's and Bob's hand"
    )
    assert shown_twice([("Ann", [four_to_king], True)], "hearts", "french", str) is None  # his own Stöck
    # a declaration made too late is void: its cards clash with nobody's
    both = [("Ann", [four_to_king], False), ("Bob", [], True)]
    assert shown_twice(both, "hearts", "french", str) is not None
    assert shown_twice(both, "hearts", "french", str, late={"Bob"}) is None
    assert shown_twice([("Ann", [four_to_king], False), ("Bob", [], True)], "hearts", "french", str) == (
        "the K♥ cannot be in both Ann's and Bob's hand"
    )


def test_jass_seating_after_partner_other_side():
    seating = Seating(tuple(JASS), {AC: ("Ann", "Cid"), BD: ("Bob", "Dan")})
    assert seating.after("Dan") == "Ann" and seating.after("Ann", -1) == "Dan"
    assert seating.partner("Bob") == "Dan" and seating.other_side(AC) == BD and seating.side_of["Cid"] == AC


def test_jass_row_cells_read_typed():
    done = sheet(
        "jass",
        JASS,
        {"type": "deal", "dealer": "Dan"},
        {"type": "trump", "player": "Ann", "contract": "spades"},
        {"type": "stoeck", "player": "Bob"},
        {"type": "tricks", "points": {AC: 157}, "match": AC},
    )
    cells = HandCells.of(done.rows[-1], list(done.sides))
    assert cells.hand == 1 and cells.match == AC and cells.cards == {AC: 157, BD: 0}
    assert cells.stoeck == {AC: 0, BD: 40} and cells.penalty is None and cells.contract == "♠ spades ×2"


BRIDGE = ["Ann", "Bob", "Cid", "Dot"]


def bridge(*items: dict[str, Any]) -> BridgeView:
    view = sheet("auction_bridge", BRIDGE, *items).view
    assert isinstance(view, BridgeView)
    return view


def test_bridge_view_the_stage_and_the_points_to_game():
    view = bridge()
    assert (view.phase, view.number, view.dealer, view.game) == ("deal", 1, "Ann", 1)
    assert not view.over and not view.may_agree and view.to_game == {"Ann & Cid": 30, "Bob & Dot": 30}
    played = bridge(
        {"type": "deal", "dealer": "Ann"},
        {"type": "contract", "player": "Ann", "call": "1NT"},
        {"type": "result", "tricks": 8},
    )
    assert played.phase == "deal" and played.to_game == {"Ann & Cid": 10, "Bob & Dot": 30}
    assert sheet("auction_bridge", BRIDGE).view.phase == "deal"


def test_bridge_a_one_spade_typed_by_the_dealer_is_the_dealers_one_spade():
    view = bridge()
    assert view.contract_for("1S", "Ann").dealers_one_spade
    assert not view.contract_for("1S", "Bob").dealers_one_spade
    assert not view.contract_for("2S", "Ann").dealers_one_spade
    play = bridge(
        {"type": "deal", "dealer": "Ann"},
        {"type": "contract", "player": "Cid", "call": "3H", "double": "doubled"},
    )
    assert play.phase == "play" and play.contract is not None and play.contract.tricks_needed == 9
    assert play.contract.contract().double == "doubled" and play.turn is None


FH = ["Ann", "Bob", "Cid"]


def fh(*items: dict[str, Any], rules: dict[str, Any] | None = None) -> FiveHundredView:
    view = sheet("five_hundred", FH, *items, rules=rules).view
    assert isinstance(view, FiveHundredView)
    return view


def test_five_hundred_who_calls_first_and_who_passes_to_close():
    view = fh()
    assert view.phase == "deal" and view.first_caller() == "Bob" and view.first_caller("Cid") == "Ann"
    bidding = fh({"type": "deal", "dealer": "Ann"}, {"type": "bid", "player": "Bob", "call": "pass"})
    assert bidding.phase == "auction" and bidding.first_caller() == "Cid"
    assert bidding.passes_to_close("Cid") == ("Cid", "Ann")


def test_five_hundred_sides_in_turn_contractor_first():
    view = fh()
    assert view.sides_in_turn("Cid") == [("Cid",), ("Ann",), ("Bob",)]
    all_passed = fh(
        {"type": "deal", "dealer": "Ann"},
        *({"type": "bid", "player": p, "call": "pass"} for p in ("Bob", "Cid", "Ann")),
        rules={"all_pass": "no_trump"},
    )
    assert all_passed.phase == "play" and all_passed.sides_in_turn(None) == [("Bob",), ("Cid",), ("Ann",)]


def test_five_hundred_nullo_off_and_played_alone():
    off = fh(rules={"nullo": False})
    assert off.bid_problem("nullo") == f"{_nullo()} is not bid in this game (nullo is off)"
    assert fh().bid_problem("nullo") is None and off.bid_problem("7H") is None
    assert off.partner_problem("Ann", "Ann", "7H") == (
        "the called partner is another player than the contractor (blank: he plays alone)"
    )
    assert "is played alone" in (off.partner_problem("Ann", "Bob", "nullo") or "")
    assert off.partner_problem("Ann", "Bob", "7H") is None


def _nullo() -> str:
    from scorepad.rules.five_hundred import display_call

    return display_call("nullo")


def test_five_hundred_a_call_must_beat_the_bid_to_beat():
    view = fh({"type": "deal", "dealer": "Ann"}, {"type": "bid", "player": "Bob", "call": "7H"})
    assert view.call_problem("pass") is None and view.call_problem("8S") is None
    assert view.call_problem("6S") == "6♠ does not outrank 7♥: the bid to beat is 7♥"


def test_five_hundred_which_deal_an_irregularity_belongs_to_and_when_a_claim_may_come():
    view = fh()
    assert view.irregularity_deal("redeal") == IrregularityDeal(1, coming=True)
    assert view.irregularity_deal("revoke") == IrregularityDeal(None) and not view.may_claim
    play = fh({"type": "deal", "dealer": "Ann"}, {"type": "contract", "player": "Bob", "call": "7H"})
    assert play.may_claim and play.irregularity_deal("revoke") == IrregularityDeal(1)
    scored = fh(
        {"type": "deal", "dealer": "Ann"},
        {"type": "contract", "player": "Bob", "call": "7H"},
        {"type": "result", "tricks": {"Bob": 7, "Cid": 2, "Ann": 1}},
    )
    assert scored.irregularity_deal("revoke") == IrregularityDeal(1) and scored.number == 2
    assert scored.irregularity_deal("redeal") == IrregularityDeal(2, coming=True)


def test_five_hundred_the_tricks_of_a_deal_make_ten():
    view = fh()
    assert view.tricks_per_deal == 10
    assert view.tricks_problem([5, 4]) == "the tricks add up to 9, not 10"
    assert view.tricks_problem([6, 4, 1]) == "the tricks add up to 11, not 10"
    assert view.tricks_problem([6, 4, 0]) is None and view.tricks_problem([10, 0, 0]) is None
    assert view.tricks_problem([11]) == "tricks: a number from 0 to 10"
    assert view.tricks_problem([-1, 11]) == "tricks: a number from 0 to 10"
    # while the last side's tricks are the rest: at most ten so far
    assert (
        view.tricks_problem([5, 4], complete=False) is None
        and view.tricks_problem([10], complete=False) is None
    )
    assert view.tricks_problem([6, 5], complete=False) == "the tricks add up to 11, more than 10"
    assert view.tricks_left([6, 3]) == 1 and view.tricks_left([10]) == 0 and view.tricks_left([6, 5]) == -1


def test_five_hundred_a_result_whose_tricks_make_nine_is_refused_with_the_reason():
    logged = sheet(
        "five_hundred",
        FH,
        {"type": "deal", "dealer": "Ann"},
        {"type": "contract", "player": "Bob", "call": "7H"},
        {"type": "result", "tricks": {"Bob": 7, "Cid": 1, "Ann": 1}},
    )
    assert [r.reason for r in logged.rejected] == ["the tricks add up to 9, not 10"] and logged.rows == ()


def _game_to_ann(dealer: str) -> list[dict[str, Any]]:
    return [
        {"type": "deal", "dealer": dealer},
        {"type": "contract", "player": "Ann", "call": "3NT"},
        {"type": "result", "tricks": 9},
    ]


def test_bridge_play_may_stop_unfinished_only_between_deals_of_a_rubber_going_on():
    law_11 = "Law 11: a deal once started must be finished; finish deal {} before stopping"
    assert bridge().stop_refusal is None and bridge().may_stop  # before the first deal
    calling = bridge({"type": "deal", "dealer": "Ann"}, {"type": "bid", "player": "Ann", "call": "1S"})
    assert calling.phase == "auction" and calling.stop_refusal == law_11.format(1) and not calling.may_stop
    playing = bridge({"type": "deal", "dealer": "Ann"}, {"type": "contract", "player": "Ann", "call": "3NT"})
    assert playing.phase == "play" and playing.stop_refusal == law_11.format(1)
    between = bridge(*_game_to_ann("Ann"))
    assert between.phase == "deal" and between.games == {"Ann & Cid": 1, "Bob & Dot": 0} and between.may_stop
    over = bridge(*_game_to_ann("Ann"), *_game_to_ann("Bob"))
    assert over.phase == "over" and (over.stop_refusal or "").startswith("the rubber is over (")
    stopped = bridge(*_game_to_ann("Ann"), {"type": "stop", "reason": "time"})
    assert stopped.phase == "over" and not stopped.may_stop


def test_bridge_the_score_is_agreed_once_the_rubber_is_over_and_only_once():
    going_on = bridge(*_game_to_ann("Ann"))
    assert going_on.agree_refusal == (
        "the rubber is still being played: its score is agreed once it ends, or once play stops (Law 11)"
    )
    assert not going_on.may_agree
    over = bridge(*_game_to_ann("Ann"), *_game_to_ann("Bob"))
    assert over.agree_refusal is None and over.may_agree
    stopped = bridge(*_game_to_ann("Ann"), {"type": "stop", "reason": "time"})
    assert stopped.may_agree
    agreed = bridge(*_game_to_ann("Ann"), *_game_to_ann("Bob"), {"type": "agree"})
    assert agreed.phase == "agreed" and not agreed.may_agree and not agreed.may_stop
    assert agreed.agree_refusal == "the rubber's score has been agreed; nothing more can be entered"


def test_five_hundred_a_claim_may_come_during_the_play_of_a_contract_only():
    assert not fh().may_claim
    bidding = fh({"type": "deal", "dealer": "Ann"}, {"type": "bid", "player": "Bob", "call": "7H"})
    assert bidding.phase == "auction" and not bidding.may_claim
    assert fh(
        {"type": "deal", "dealer": "Ann"}, {"type": "contract", "player": "Bob", "call": "7H"}
    ).may_claim
    all_passed = fh(
        {"type": "deal", "dealer": "Ann"},
        *({"type": "bid", "player": p, "call": "pass"} for p in ("Bob", "Cid", "Ann")),
        rules={"all_pass": "no_trump"},
    )
    assert all_passed.phase == "play" and not all_passed.may_claim


def test_five_hundred_row_cells_read_typed():
    from scorepad.rules.five_hundred.view import DealCells

    done = sheet(
        "five_hundred",
        FH,
        {"type": "deal", "dealer": "Ann"},
        {"type": "contract", "player": "Bob", "call": "7H"},
        {"type": "result", "tricks": {"Bob": 6, "Cid": 3, "Ann": 1}},
        {"type": "deal", "dealer": "Bob"},
        *({"type": "bid", "player": p, "call": "pass"} for p in ("Cid", "Ann", "Bob")),
        {"type": "result", "tricks": {"Cid": 5, "Ann": 3, "Bob": 2}},
        rules={"all_pass": "no_trump"},
    )
    sides = tuple(done.sides)
    set_, all_passed = (DealCells.of(row, sides) for row in done.rows)
    assert (set_.deal, set_.dealer, set_.call, set_.contract, set_.outcome) == (1, "Ann", "7H", "7♥", "set")
    assert (set_.contractor, set_.contractor_side, set_.partner) == ("Bob", "Bob", None)
    assert (set_.value, set_.tricks_bid, set_.tricks_won) == (200, 7, 6)
    assert set_.tricks == {"Ann": 1, "Bob": 6, "Cid": 3} and set_.card_points is None
    assert set_.won == {"Ann": 10, "Bob": 0, "Cid": 30} and set_.lost == {"Ann": 0, "Bob": 200, "Cid": 0}
    assert all_passed.call is None and all_passed.contract == "" and all_passed.contractor is None
    assert all_passed.tricks == {"Ann": 3, "Bob": 2, "Cid": 5} and all_passed.deal == 2
    with pytest.raises(AttributeError):  # the columns are the rules': not to be changed
        set_.value = 0  # type: ignore[misc]


def test_bridge_row_cells_read_typed_a_deal_and_a_stop():
    from scorepad.rules.auction_bridge.view import DealCells, StopCells, bridge_cells

    done = sheet(
        "auction_bridge",
        BRIDGE,
        *_game_to_ann("Ann"),
        {"type": "deal", "dealer": "Bob"},
        {"type": "contract", "player": "Bob", "call": "2H", "double": "doubled"},
        {"type": "result", "tricks": 7, "honours": {"side": "Ann & Cid", "holding": "4"}},
        {"type": "stop", "reason": "the club closes"},
    )
    sides = tuple(done.sides)
    game, set_, stop = (bridge_cells(row, sides) for row in done.rows)
    assert isinstance(game, DealCells) and isinstance(set_, DealCells) and isinstance(stop, StopCells)
    assert (game.deal, game.game, game.call, game.declarer, game.side, game.tricks) == (
        1,
        1,
        "3NT",
        "Ann",
        "Ann & Cid",
        9,
    )
    assert game.made and game.outcome == "made" and game.won_game == "Ann & Cid" and game.over_under == 0
    assert game.trick == {"Ann & Cid": 30, "Bob & Dot": 0} and game.honours_side is None
    assert (set_.deal, set_.game, set_.double, set_.made, set_.over_under, set_.won_game) == (
        2,
        2,
        "doubled",
        False,
        -1,
        None,
    )
    assert set_.honours_side == "Ann & Cid" and set_.holding == "4" and set_.honour["Ann & Cid"] > 0
    assert set_.parts["undertricks"]["Ann & Cid"] == 100 and set_.parts["honours"]["Ann & Cid"] > 0
    assert (stop.game, stop.reason) == (2, "the club closes") and stop.bonus == {
        "Ann & Cid": 125,
        "Bob & Dot": 0,
    }


def test_a_bedanken_row_reads_the_claiming_team_and_its_count_typed():
    # jass.md, "Bedanken": the claim is logged with the points counted at that moment
    done = sheet(
        "jass",
        JASS,
        {"type": "deal", "dealer": "Dan"},
        {"type": "trump", "player": "Ann", "contract": "hearts"},
        {"type": "claim", "team": AC, "counted": 100},
        rules={"preset": "flat_1000"},
    )
    cells = HandCells.of(done.rows[-1], list(done.sides))
    assert cells.claim == AC and cells.counted == 100 and cells.dealer == "Dan"


def test_a_penalty_row_reads_its_note_typed():
    # jass.md, "Penalties": awarded to the opposing team; a penalty is a row of its own
    done = sheet(
        "jass",
        JASS,
        {"type": "deal", "dealer": "Dan"},
        {"type": "penalty", "kind": "wrong_play", "against": BD, "note": "no suit followed"},
    )
    cells = HandCells.of(done.rows[-1], list(done.sides))
    assert cells.penalty == "wrong_play" and cells.against == BD and cells.note == "no suit followed"
