"""Five Hundred: laws and words no other test pinned down, each found by mutation testing (docs/mutation.md).
Each test states the law of rules/five-hundred.md it guards."""

from __future__ import annotations

import pytest

from scorepad.rules import Replayer
from scorepad.rules.base import Row
from scorepad.rules.five_hundred import (
    Settings,
    call_choices,
    deck_description,
    legal_calls,
    parse_call,
    schedule_table,
    tricks_bid,
    won_lost_net,
)
from scorepad.rules.five_hundred.view import DealCells, DealFigures, FiveHundredView, tricks_problem
from tests.rules.test_five_hundred import EW, FOUR, NS, Log, accepted, bob_and_cid_near_500, refused


def board(log: Log) -> tuple[str, ...]:
    return Replayer(log.header).extend(log.entries).state.board_lines()


def view(log: Log) -> FiveHundredView:
    sheet_view = accepted(log).view
    assert isinstance(sheet_view, FiveHundredView)
    return sheet_view


# ============================================================================ the board's lines


def test_the_board_says_the_game_is_over_with_the_winner_and_why():
    # worked example 6: 4-hand, E/W at −440 bid 7♦ (180) and take 5 → −620: E/W lose, N/S win
    log = Log(FOUR)
    log.play("E", "10S", {EW: 5, NS: 5})
    log.play("W", "7D", {EW: 5, NS: 5})
    assert board(log) == ("Game over: N & S win: E & W at -620 is 500 or more in the hole",)


def test_the_board_asks_the_open_question_first():
    # "Game end": both opponents pass 500 on one deal — the table is asked who got there first
    log = bob_and_cid_near_500()
    log.play("Ann", "6S", {"Ann": 4, "Bob": 3, "Cid": 3})
    assert board(log) == (
        "Question for the table: Who reached 500 first in the play of deal 6: Bob or Cid? Correct deal 6's "
        "result to say who (or who won each trick).",
    )


def test_the_board_names_who_bids_first_before_anything_is_bid():
    log = Log()
    log.deal("Ann")
    assert board(log) == ("Deal 1: Ann dealt", "Bob to bid", "Game to 500")


def test_the_board_says_all_passed_and_played_at_no_trump():
    # "Scoring one deal": all players pass — setting: play at no trump, 10 per trick each
    log = Log(all_pass="no_trump")
    log.deal("Ann")
    log.bids("Bob pass", "Cid pass", "Ann pass")
    assert board(log) == ("Deal 1: Ann dealt", "All passed: played at no trump", "Game to 500")


def test_the_board_names_the_contractor_of_a_quick_contract():
    log = Log()
    log.contract("Cid", "8H")
    assert board(log) == ("Deal 1: Ann dealt", "Contract: Cid 8♥", "Game to 500")


# ============================================================================ calls and tables


def test_the_calls_a_player_may_make_are_none_for_another_games_sheet():
    from tests.rules.test_jass import Log as JassLog

    assert legal_calls(JassLog().sheet()) == []


def test_a_nullo_undertakes_no_trick():
    # "Bids": nullo — the contractor undertakes to win no trick
    assert (tricks_bid("nullo"), tricks_bid("open_nullo"), tricks_bid("8H")) == (0, 0, 8)


def test_a_suit_typed_with_its_emoji_variation_reads_as_the_suit():
    assert parse_call("7♥\ufe0f") == "7H"
    assert parse_call("10 ♦\ufe0f") == "10D"


def test_the_ladder_gives_each_calls_value():
    ladder = schedule_table(Settings())["ladder"]
    assert ladder[0] == {"call": "6S", "display": "6♠", "value": 40}
    assert {"call": "nullo", "display": "nullo", "value": 250} in ladder


def test_the_nullos_are_placed_between_their_neighbours():
    # "Bids and their values": nullo between 8♠ and 8♣, open nullo between 10♦ and 10♥ (Avondale)
    nullos = schedule_table(Settings())["nullos"]
    assert [n["ranks"] for n in nullos] == ["above 8♠, below 8♣", "above 10♦, below 10♥"]


def test_the_choices_of_a_table_follow_its_settings_object():
    original = call_choices(Settings(schedule="original"))
    assert original[-1] == ("10NT", "10NT", 600)


def test_a_table_of_seven_has_no_pack():
    assert deck_description(7) == "no Five Hundred pack for 7 players"


# ============================================================================ the auction's refusals


def test_an_equal_bid_with_the_original_schedule_is_refused_for_its_value():
    # "Bids and their values", original schedule: 7♣ and 6NT are both worth 120; a bid must be of higher value
    log = Log(schedule="original")
    log.deal("Ann")
    log.bids("Bob 7C")
    assert refused(log, log.bid("Cid", "6NT")) == (
        "6NT is worth 120, the same as 7♣ by Bob: with the original schedule a bid must be of higher value"
    )


def test_the_same_bid_again_does_not_outrank_it():
    log = Log()
    log.deal("Ann")
    log.bids("Bob 7H")
    assert refused(log, log.bid("Cid", "7H")) == "7♥ does not outrank 7♥ by Bob: the bid to beat is 7♥"


def test_a_nullo_after_a_nullo_does_not_outrank_it_whatever_the_schedule():
    log = Log(schedule="original")
    log.deal("Ann")
    log.bids("Bob nullo")
    assert refused(log, log.bid("Cid", "nullo")) == (
        "nullo does not outrank nullo by Bob: the bid to beat is nullo"
    )


# ============================================================================ the result's checks


def test_card_points_of_a_side_not_in_the_game_are_refused():
    log = Log(card_points=True)
    log.contract("Ann", "7H")
    assert refused(log, log.result({"Ann": 8, "Bob": 2}, card_points={"Ann": 100, "Zed": 10})) == (
        "the card points name 'Zed', which is not a side of this game (sides: Ann, Bob, Cid)"
    )


def test_card_points_may_be_none_but_never_fewer():
    log = Log(card_points=True)
    log.play("Ann", "7H", {"Ann": 8, "Bob": 2}, card_points={"Ann": 200, "Bob": 40, "Cid": 0})
    assert accepted(log).totals["Cid"] == 0
    log.contract("Ann", "7H")
    assert refused(log, log.result({"Ann": 8, "Bob": 2}, card_points={"Ann": 200, "Bob": -1})) == (
        "card points cannot be negative"
    )


def test_trick_winners_naming_a_stranger_are_refused():
    log = Log()
    log.contract("Ann", "6S")
    winners = ["Ann"] * 6 + ["Zed"] + ["Bob"] * 3
    assert refused(log, log.result({"Ann": 6, "Bob": 4}, trick_winners=winners)) == (
        "trick_winners names 'Zed', who is not a player of this game"
    )


def test_trick_winners_agree_with_tricks_that_leave_out_a_side_with_none():
    # a slam: Bob and Cid won no trick and the result leaves them out
    log = Log()
    log.play("Ann", "6S", {"Ann": 10}, trick_winners=["Ann"] * 10)
    assert accepted(log).totals["Ann"] == 250
    log.contract("Bob", "6S")
    assert refused(log, log.result({"Bob": 10}, trick_winners=["Ann"] + ["Bob"] * 9)) == (
        "trick_winners give Ann 1 trick, but the tricks say 0"
    )


def test_a_side_reaching_the_target_exactly_may_have_reached_it_first():
    # "Game end": the target is reached at 500 exactly
    log = bob_and_cid_near_500()  # Bob 480, Cid 480
    log.play("Ann", "6S", {"Ann": 4, "Bob": 2, "Cid": 4}, first_to_target="Bob")  # Bob 500, Cid 520
    sheet = accepted(log)
    assert sheet.totals["Bob"] == 500 and sheet.winner == "Bob"


# ============================================================================ corrections


def test_a_deal_entry_may_be_corrected_after_its_own_first_bid():
    # "Correcting the score": until the first bid of the next deal — the deal's own first bid closes nothing
    log = Log()
    dealt = log.deal("Ann")
    log.bids("Bob 7H")
    log.add("amend", target=dealt, entry={"type": "deal", "dealer": "Ann"})
    assert not accepted(log).rejected


# ============================================================================ irregularities


def test_wrong_cards_found_in_the_auction_do_not_change_the_score():
    # "Irregularities": widow and one hand wrong during the bidding — that player may not bid; the deal is
    # scored as played (the law of wrong cards found during the play is another)
    log = Log()
    log.deal("Ann")
    log.irregularity("wrong_cards", "Bob")
    log.bids("Cid 7H", "Ann pass")
    log.result({"Cid": 6, "Ann": 2, "Bob": 2})
    assert accepted(log).rows[-1].delta["Cid"] == -200


def test_the_row_names_each_irregularity_of_the_play_in_words():
    log = Log()
    log.contract("Ann", "7H")
    log.irregularity("revoke", "Bob")
    log.irregularity("revoke", "Cid")
    log.result({"Ann": 5, "Bob": 3, "Cid": 2})
    assert accepted(log).rows[-1].text == "Ann 7♥ made (revoke by Bob, revoke by Cid)"
    wrong = Log()
    wrong.contract("Ann", "7H")
    wrong.irregularity("wrong_cards", "Bob")
    wrong.result({"Ann": 5, "Bob": 3, "Cid": 2})
    assert accepted(wrong).rows[-1].text == "Ann 7♥ made (wrong cards by Bob)"


def test_the_contractors_wrong_hand_sets_the_contract_even_if_an_opponent_revoked():
    # "Irregularities": the contractor's hand wrong → set; an opponent's revoke makes a contract count as made
    # only when nothing of the contractor's own sets it
    log = Log()
    log.contract("Ann", "7H")
    log.irregularity("wrong_cards", "Ann")
    log.irregularity("revoke", "Bob")
    log.result({"Ann": 8, "Bob": 1, "Cid": 1})
    row = accepted(log).rows[-1]
    assert row.delta == {"Ann": -200, "Bob": 0, "Cid": 0}  # set; the opponents score nothing (a revoke)


# ============================================================================ game end


def test_a_side_in_the_hole_ends_the_game_with_the_lead_shared():
    # "Game end", setting "game ends, the leader wins": with the lead shared, nobody wins
    log = Log(minus_target="ends_game")
    log.play("Cid", "10NT", {"Cid": 0, "Ann": 5, "Bob": 5})  # Cid −520; Ann 50, Bob 50
    sheet = accepted(log)
    assert sheet.status == "finished" and sheet.winner is None
    assert sheet.result == "nobody wins: Cid at -520 ends the game and Ann and Bob share the lead"


def test_a_side_in_the_hole_ends_the_game_and_the_single_leader_wins():
    log = Log(minus_target="ends_game")
    log.play("Cid", "10NT", {"Cid": 0, "Ann": 6, "Bob": 4})
    assert accepted(log).result == (
        "Ann wins: Cid at -520 is 500 or more in the hole, which ends the game, and the leader wins"
    )


def test_when_every_side_has_been_in_the_hole_all_are_out_of_contention():
    log = Log()
    log.play("Ann", "10NT", {"Ann": 0, "Cid": 10})
    log.play("Bob", "10NT", {"Bob": 0, "Cid": 10})
    assert set(view(log).out_of_contention) == {"Ann", "Bob"}
    log.play("Cid", "10NT", {"Cid": 0, "Ann": 10})
    log.play("Cid", "10NT", {"Cid": 0, "Ann": 10})
    sheet = accepted(log)
    assert sheet.result == "nobody wins: every side has been 500 in the hole"
    assert set(view(log).out_of_contention) == {"Ann", "Bob", "Cid"}


def test_a_list_of_names_reads_as_a_card_player_writes_it():
    from scorepad.rules.wording import both, either

    assert (both(["Ann"]), both(["Ann", "Bob"]), both(["Ann", "Bob", "Cid"])) == (
        "Ann",
        "Ann and Bob",
        "Ann, Bob and Cid",
    )
    assert (either(["Ann"]), either(["Ann", "Bob", "Cid"])) == ("Ann", "Ann, Bob or Cid")


# ============================================================================ the view of the moment


def test_the_players_to_pass_are_taken_in_turn_from_the_first():
    log = Log()
    log.deal("Ann")
    assert view(log).passes_to_close("Bob") == ("Bob", "Cid", "Ann")


def test_a_called_partners_side_is_counted_with_the_contractor():
    # five hands: the contractor names a partner; their sides count first, then the others from his left
    log = Log(["Ann", "Bob", "Cid", "Dan", "Eve"])
    assert view(log).sides_in_turn("Bob", "Dan") == [("Bob", "Dan"), ("Cid",), ("Eve",), ("Ann",)]
    assert view(log).sides_in_turn("Bob", "Bob") == [("Bob",), ("Cid",), ("Dan",), ("Eve",), ("Ann",)]


def test_partnerships_are_counted_once_each():
    log = Log(FOUR)
    assert view(log).sides_in_turn("N") == [(NS,), (EW,)]


def test_all_passed_the_sides_are_counted_from_the_dealers_left():
    log = Log(all_pass="no_trump")
    log.deal("Bob")
    log.bids("Cid pass", "Ann pass", "Bob pass")
    assert view(log).sides_in_turn(None) == [("Cid",), ("Ann",), ("Bob",)]


def test_before_any_deal_the_sides_are_counted_from_the_first_players_left():
    assert view(Log()).sides_in_turn(None) == [("Bob",), ("Cid",), ("Ann",)]


def test_once_the_auction_is_over_no_call_is_a_problem_of_the_auction():
    log = Log()
    log.contract("Ann", "7H")
    assert view(log).legal_calls == () and view(log).call_problem("6S") is None


def test_a_bid_out_of_turn_before_a_deal_belongs_to_the_coming_deal():
    log = Log()
    log.play("Ann", "7H", {"Ann": 8, "Bob": 1, "Cid": 1})
    from scorepad.rules.five_hundred.view import IrregularityDeal

    assert view(log).irregularity_deal("bid_out_of_turn") == IrregularityDeal(2, coming=True)


def test_an_irregularity_while_the_table_is_asked_scores_its_deal_again():
    # "Irregularities": an irregularity entry belongs to the deal in progress, before or after its result
    from scorepad.rules.five_hundred.view import IrregularityDeal

    log = bob_and_cid_near_500()
    log.play("Ann", "6S", {"Ann": 4, "Bob": 3, "Cid": 3})
    assert view(log).phase == "question"
    assert view(log).irregularity_deal("revoke") == IrregularityDeal(6, rescored=True)


def test_an_irregularity_after_a_deal_thrown_in_says_so():
    from scorepad.rules.five_hundred.view import IrregularityDeal

    log = Log()
    log.deal("Ann")
    log.bids("Bob pass", "Cid pass", "Ann pass")
    assert view(log).irregularity_deal("revoke") == IrregularityDeal(1, thrown_in="all passed")


def test_the_tricks_of_a_deal_are_complete_unless_said_otherwise():
    assert tricks_problem([5, 4], 10) == "the tricks add up to 9, not 10"
    assert tricks_problem([5, 4], 10, complete=False) is None


# ============================================================================ rows and their columns


def test_a_row_of_another_game_is_no_five_hundred_deal():
    row = Row(3, "Hand 1", {"A": 0}, {"A": 0}, cells=None)
    with pytest.raises(TypeError, match=r"^row 3 is not a Five Hundred deal's$"):
        DealCells.of(row)
    assert DealFigures.of(row) is None
    with pytest.raises(TypeError, match=r"^row 3 is not a Five Hundred deal's$"):
        DealFigures.read(row, ("A",))


def test_a_rows_figures_read_as_its_columns_give_them():
    log = Log()
    log.play("Ann", "7H", {"Ann": 6, "Bob": 2, "Cid": 2})
    row = accepted(log).rows[-1]
    figures = DealFigures.read(row, ("Ann", "Bob", "Cid"))
    assert (figures.call, figures.outcome, figures.contractor_side) == ("7H", "set", "Ann")
    assert figures == DealFigures.of(row)


def test_the_won_and_lost_columns_add_up_over_the_deals():
    # the classic three-hand sheet: points won, points lost, and the net
    log = Log()
    log.play("Ann", "7H", {"Ann": 6, "Bob": 2, "Cid": 2})  # Ann −200
    log.play("Ann", "6S", {"Ann": 5, "Bob": 3, "Cid": 2})  # Ann −40
    assert won_lost_net(accepted(log))["Ann"] == {"won": 0, "lost": 240, "net": -240}


def test_the_first_to_the_target_must_be_a_side_of_the_game():
    # "Game end": the result of a deal that takes two sides past 500 says which got there first
    log = bob_and_cid_near_500()
    log.contract("Ann", "6S")
    seq = log.result({"Ann": 4, "Bob": 3, "Cid": 3}, first_to_target="Zed")
    assert refused(log, seq) == "'Zed', named as the first to reach 500, is not a side of this game"
