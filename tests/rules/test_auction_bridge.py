"""Auction Bridge: every law of rules/auction-bridge.md, the worked examples, settings and correction windows."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from scorepad.log import Header, parse_entry
from scorepad.rules import Replayer, replay, rules_for
from scorepad.rules.auction_bridge import (
    RULES,
    Contract,
    Outcome,
    Settings,
    all_bids,
    bid_rank,
    bid_value,
    bids_above,
    describe_bid,
    format_call,
    holdings_for,
    honour_value,
    outranks,
    parse_call,
    row_points,
    score_deal,
)
from scorepad.rules.auction_bridge.view import DealCells, rubber_score
from scorepad.rules.base import Where
from tests.helpers import AT, header

GAME = "auction_bridge"
# seats clockwise: Ann, Bob, Cid, Dot -> partnerships Ann & Cid (We) and Bob & Dot (They)
PLAYERS = ["Ann", "Bob", "Cid", "Dot"]
SIDES = {"We": ["Ann", "Cid"], "They": ["Bob", "Dot"]}
PASSES = ["pass", "pass", "pass"]


class Log:
    """A log under construction: each method appends one entry (seq/at filled in) and returns its seq."""

    def __init__(
        self,
        rules: dict[str, Any] | None = None,
        sides: dict[str, list[str]] | None = SIDES,
        players: list[str] | None = None,
    ):
        self.header: Header = header(GAME, players or PLAYERS, rules=rules, sides=sides)
        self.entries: list[Any] = []
        self.players = list(self.header.players)

    def add(self, **data: Any) -> int:
        seq = len(self.entries) + 1
        self.entries.append(parse_entry(GAME, {**data, "seq": seq, "at": AT.isoformat()}))
        return seq

    def deal(self, dealer: str) -> int:
        return self.add(type="deal", dealer=dealer)

    def bid(self, player: str, call: str) -> int:
        return self.add(type="bid", player=player, call=call)

    def calls(self, first: str, *calls: str) -> int:
        """Calls in turn starting with `first`; returns the first call's seq."""
        start = self.players.index(first)
        seqs = [self.bid(self.players[(start + i) % 4], call) for i, call in enumerate(calls)]
        return seqs[0]

    def contract(self, player: str, call: str, double: str = "none", dealers_one_spade: bool = False) -> int:
        return self.add(
            type="contract", player=player, call=call, double=double, dealers_one_spade=dealers_one_spade
        )

    def result(
        self,
        tricks: int,
        honours: tuple[str, str] | None = None,
        revoke: tuple[str, str | None] | None = None,
        chicane: tuple[str, bool] | None = None,
    ) -> int:
        return self.add(
            type="result",
            tricks=tricks,
            honours={"side": honours[0], "holding": honours[1]} if honours else None,
            revoke={"side": revoke[0], "choice": revoke[1]} if revoke else None,
            chicane={"side": chicane[0], "double": chicane[1]} if chicane else None,
        )

    def play(self, dealer: str, calls: list[str], tricks: int, **result: Any) -> int:
        """A whole deal: `deal`, the calls from the dealer, the result; returns the result's seq."""
        self.deal(dealer)
        self.calls(dealer, *calls)
        return self.result(tricks, **result)

    def quick(self, declarer: str, call: str, tricks: int, double: str = "none", **result: Any) -> int:
        """A whole deal by quick entry (no `deal`: the next dealer is implied)."""
        self.contract(declarer, call, double)
        return self.result(tricks, **result)

    def amend(self, target: int, override: bool = False, **entry: Any) -> int:
        return self.add(type="amend", target=target, entry=entry, override=override)

    def void(self, target: int, override: bool = False) -> int:
        return self.add(type="void", target=target, override=override)

    def agree(self) -> int:
        return self.add(type="agree")

    def stop(self, reason: str = "time") -> int:
        return self.add(type="stop", reason=reason)

    def sheet(self):
        return replay(self.header, self.entries)

    def replayer(self) -> Replayer:
        return Replayer(self.header).extend(self.entries)

    def check(self, **data: Any) -> str | None:
        return self.replayer().check(parse_entry(GAME, data))


def rejected(sheet, seq: int) -> str:
    reasons = [r.reason for r in sheet.rejected if r.seq == seq]
    assert reasons, f"entry {seq} was not rejected; rejected: {sheet.rejected}"
    return reasons[0]


def last_cells(sheet) -> DealCells:
    cells = sheet.rows[-1].cells
    assert isinstance(cells, DealCells)
    return cells


def points(sheet, row: int = -1) -> dict[str, dict[str, int]]:
    return row_points(sheet.rows[row], sheet.sides)


def win_game(log: Log, dealer: str, declarer_side: str = "We") -> int:
    """A deal that wins a game from love for `declarer_side`: dealer bids 3NT (or passes round to it)."""
    log.deal(dealer)
    seat = log.players.index(dealer)
    if log.header.sides and dealer in log.header.sides[declarer_side]:
        log.calls(dealer, "3NT", *PASSES)
    else:  # the dealer opens 1♠; his left-hand adversary bids 3NT
        log.calls(dealer, "1S", "3NT", *PASSES)
        assert log.players[(seat + 1) % 4] in log.header.sides[declarer_side]
    return log.result(9)


# =========================================================================== registry, settings


def test_registry_and_players():
    rules = rules_for(GAME)
    assert rules is RULES
    assert rules.min_players == rules.max_players == 4
    assert rules.check_players(("a", "b", "c")) == "Auction Bridge is played by 4 players, not 3"


def test_default_sides_are_partners_opposite():
    log = Log(sides=None)
    sheet = log.sheet()
    assert dict(sheet.sides) == {"Ann & Cid": ("Ann", "Cid"), "Bob & Dot": ("Bob", "Dot")}


def test_sides_that_are_not_partners_opposite_refuse_every_entry():
    log = Log(sides={"N": ["Ann", "Bob"], "S": ["Cid", "Dot"]})
    seq = log.deal("Ann")
    assert "partners sitting opposite" in rejected(log.sheet(), seq)


def test_settings_defaults_hold_every_number():
    s = Settings()
    assert (s.revoke_penalty, s.chicane, s.rubber_bonus, s.unfinished_game_bonus) == (100, False, 250, 125)
    assert s.trick_values == {"S": 2, "C": 6, "D": 7, "H": 8, "R": 9, "NT": 10}
    assert (s.game_points, s.games_to_win, s.undertrick, s.doubled_bonus) == (30, 2, 50, 50)
    assert (s.slam_bonus, s.little_slam_bonus, s.dealers_one_spade_cap) == (40, 20, 100)
    assert s.honour_tricks["4_one_hand_5th_partner"] == 9 and s.no_trump_honours["4_aces_one_hand"] == 100
    for name, info in Settings.model_fields.items():
        assert info.description, f"setting {name} has no description"


@pytest.mark.parametrize(
    "values, message",
    [
        ({"trick_values": {"S": 2, "C": 6}}, "trick_values must name exactly"),
        ({"honour_tricks": {"3": 2}}, "honour_tricks must name exactly"),
        ({"little_slam_bonus": 50}, "a little slam cannot be worth more than a slam"),
        ({"redouble_factor": 1}, "redoubling cannot be worth less than doubling"),
        ({"revoke_penalty": -1}, "greater than or equal to 0"),
        ({"no_such_setting": 1}, "Extra inputs are not permitted"),
    ],
)
def test_invalid_settings_are_refused(values, message):
    with pytest.raises(ValidationError, match=message):
        RULES.settings(values)


def test_settings_are_frozen():
    with pytest.raises(ValidationError):
        Settings().revoke_penalty = 150  # type: ignore[misc]


# =========================================================================== helpers for screens


@pytest.mark.parametrize(
    "text, call",
    [
        ("3h", "3H"),
        ("3H", "3H"),
        ("3♥", "3H"),
        ("3 hearts", "3H"),
        ("1nt", "1NT"),
        ("1N", "1NT"),
        ("2r", "2R"),
        ("2R♠", "2R"),
        ("2 royals", "2R"),
        ("7♠", "7S"),
        ("4♣", "4C"),
        ("5d", "5D"),
        ("p", "pass"),
        ("Pass", "pass"),
        ("x", "double"),
        ("d", "double"),
        ("xx", "redouble"),
        ("rd", "redouble"),
    ],
)
def test_parse_call(text, call):
    assert parse_call(text) == call


@pytest.mark.parametrize("text", ["r", "8h", "0nt", "3z", "", "hello"])
def test_parse_call_refuses_nonsense(text):
    with pytest.raises(ValueError):
        parse_call(text)


def test_bid_values_and_law_44_ranking():
    assert bid_value("3S") == 6 and bid_value("1C") == 6 and bid_value("2NT") == 20 and bid_value("1R") == 9
    assert outranks("3S", "1C")  # equal value, more tricks
    assert not outranks("1C", "3S")
    assert not outranks("2H", "2H")
    assert outranks("5S", "1NT") and not outranks("1NT", "5S")
    bids = all_bids()
    assert bids[0] == "1S" and bids[-1] == "7NT" and len(bids) == 42
    assert bids_above("6S") == [b for b in bids if bids.index(b) > bids.index("6S")]
    assert (
        format_call("3H", "doubled") == "3♥ doubled"
        and format_call("2R") == "2R♠"
        and format_call("pass") == "pass"
    )


def test_holdings_for_each_strain():
    assert holdings_for("NT") == ("3_aces", "4_aces", "4_aces_one_hand")
    assert holdings_for("H") == ("3", "4", "5", "4_one_hand", "4_one_hand_5th_partner", "5_one_hand")
    assert honour_value("H", "3") == 16 and honour_value("NT", "4_aces_one_hand") == 100
    with pytest.raises(ValueError):
        honour_value("NT", "4_one_hand")


def test_settings_change_bid_values():
    settings = Settings(trick_values={"S": 2, "C": 6, "D": 7, "H": 8, "R": 9, "NT": 12})
    assert bid_value("2NT", settings) == 24


# =========================================================================== the auction (Laws 42–46, 54)


def test_dealer_cannot_pass():
    log = Log()
    log.deal("Ann")
    seq = log.bid("Ann", "pass")
    assert "Law 42" in rejected(log.sheet(), seq) and "cannot pass" in rejected(log.sheet(), seq)


def test_dealer_cannot_open_with_a_double():
    log = Log()
    log.deal("Ann")
    seq = log.bid("Ann", "double")
    assert "Law 42" in rejected(log.sheet(), seq)


def test_calls_go_round_from_the_dealer():
    log = Log()
    log.deal("Bob")
    seq = log.bid("Ann", "1H")
    assert rejected(log.sheet(), seq) == "it is Bob's turn to call, not Ann's"
    log.bid("Bob", "1H")
    assert log.sheet().view.turn == "Cid"


def test_a_call_out_of_turn_is_refused_with_the_players_names_of_now():
    log = Log()
    log.add(type="rename", player="Bob", new_name="Robert")
    log.add(type="rename", player="Ann", new_name="Annie")
    log.deal("Bob")
    seq = log.bid("Ann", "1H")
    assert rejected(log.sheet(), seq) == "it is Robert's turn to call, not Annie's"
    log.bid("Bob", "1H")
    seq = log.bid(
        "Cid", "1H"
    )  # a bid that does not outrank: the bid to beat is named by its bidder's name of now
    assert "Robert's 1♥" in rejected(log.sheet(), seq)


def test_partners_who_do_not_sit_opposite_are_refused_with_the_seats_that_make_partners():
    # rules/auction-bridge.md: four players, two partnerships, partners sitting opposite
    log = Log(sides={"We": ["Ann", "Bob"], "They": ["Cid", "Dot"]})
    log.quick("Ann", "1S", 7)
    sheet = log.sheet()
    said = "Auction Bridge needs two partnerships with partners sitting opposite: Ann & Cid against Bob & Dot"
    assert sheet.prompt == said
    assert [(r.seq, r.reason) for r in sheet.rejected] == [(1, said), (2, said)]


def test_lower_bid_names_the_bid_to_beat():
    log = Log()
    log.deal("Ann")
    log.calls("Ann", "2H")
    seq = log.bid("Bob", "2C")
    assert rejected(log.sheet(), seq) == "2♣ (12) does not beat Ann's 2♥ (16); the bid to beat is worth 16"


def test_equal_value_more_tricks_is_higher():
    log = Log()
    log.deal("Ann")
    log.calls("Ann", "1C", "3S")  # both worth 6: three spades is higher (Law 44)
    seq = log.bid("Cid", "1C")
    reason = rejected(log.sheet(), seq)
    assert "Law 44" in reason and "Bob's 3♠ (6)" in reason
    assert log.sheet().view.bid_to_beat == "3S"


def test_the_same_bid_does_not_beat_itself():
    log = Log()
    log.deal("Ann")
    log.calls("Ann", "1H")
    seq = log.bid("Bob", "1H")
    assert "does not beat" in rejected(log.sheet(), seq)


def test_double_only_the_adversaries_bid():
    log = Log()
    log.deal("Ann")
    log.calls("Ann", "1H", "pass")
    seq = log.bid("Cid", "double")
    assert "adversaries' bid" in rejected(log.sheet(), seq)


def test_a_bid_is_doubled_once_and_redoubled_once():
    log = Log()
    log.deal("Ann")
    log.calls("Ann", "1H", "double", "pass")
    second_double = log.bid("Dot", "double")
    log.calls("Dot", "pass", "redouble")
    again = log.bid("Bob", "redouble")
    sheet = log.sheet()
    assert "already doubled" in rejected(sheet, second_double)
    assert "already redoubled" in rejected(sheet, again)
    assert sheet.view.doubling == "redoubled"


def test_redouble_only_a_double_of_ones_own_side():
    log = Log()
    log.deal("Ann")
    log.calls("Ann", "1H")
    undoubled = log.bid("Bob", "redouble")
    log.bid("Bob", "double")
    by_doublers = log.bid("Cid", "pass")
    wrong_side = log.bid("Dot", "redouble")
    sheet = log.sheet()
    assert "only a doubled bid" in rejected(sheet, undoubled)
    assert by_doublers not in [r.seq for r in sheet.rejected]
    assert "own side's bid" in rejected(sheet, wrong_side)


def test_a_new_bid_after_a_double_reopens_and_cancels_it():
    log = Log()
    log.deal("Ann")
    log.calls("Ann", "1H", "double", "2H", *PASSES)
    log.result(8, honours=("We", "3"))
    cells = last_cells(log.sheet())
    assert cells.contract == "2♥" and cells.double == "none" and cells.declarer == "Ann"


def test_three_passes_end_the_auction():
    log = Log()
    log.deal("Ann")
    log.calls("Ann", "1NT", "double", *PASSES)
    late = log.bid("Bob", "2NT")
    sheet = log.sheet()
    assert "the auction is over" in rejected(sheet, late)
    assert sheet.view.contract.text == "1NT doubled"
    assert sheet.view.phase == "play"
    assert sheet.prompt == "Result of Ann's 1NT doubled: tricks won by We"


def test_declarer_is_the_first_of_the_winning_side_to_name_the_denomination():
    log = Log()
    log.deal("Ann")
    # Bob names hearts first, Ann first for her side, Cid's 4♥ wins: Ann plays it (Law 46)
    log.calls("Ann", "1S", "1H", "pass", "pass", "2H", "pass", "4H", *PASSES)
    assert log.sheet().view.contract.declarer == "Ann"


def test_a_player_may_overbid_his_partner():
    log = Log()
    log.deal("Ann")
    log.calls("Ann", "1H", "pass", "1NT", *PASSES)
    assert log.sheet().view.contract.declarer == "Cid"


def test_legal_calls_now():
    log = Log()
    assert list(log.sheet().view.legal_calls) == all_bids()  # the dealer must bid
    log.deal("Ann")
    log.calls("Ann", "7NT")
    calls = log.sheet().view.legal_calls
    assert calls == ("pass", "double")
    log.bid("Bob", "double")
    assert log.sheet().view.legal_calls == ("pass", "redouble")


def test_a_deal_entry_may_be_left_out():
    log = Log()
    log.quick("Bob", "2C", 8, honours=("They", "3"))  # no deal: Ann (the first player) dealt
    log.bid("Bob", "1H")  # no deal: the next dealer (Bob) opens
    sheet = log.sheet()
    assert sheet.rejected == ()
    assert sheet.view.dealer == "Bob" and sheet.view.turn == "Cid"


def test_without_a_deal_the_next_dealer_must_open():
    log = Log()
    seq = log.bid("Cid", "1H")
    assert rejected(log.sheet(), seq) == "no deal is open: Ann deals next and must bid first (Law 42)"


def test_the_deal_passes_to_the_left():
    log = Log()
    log.quick("Ann", "1NT", 7)
    seq = log.deal("Cid")
    assert rejected(log.sheet(), seq) == "Bob deals next: the deal passes to the left"


def test_a_redeal_by_the_same_dealer_restarts_the_auction():
    log = Log()
    log.deal("Ann")
    log.calls("Ann", "1H", "pass")
    log.deal("Ann")
    log.calls("Ann", "1S", *PASSES)
    other = log.deal("Bob")
    sheet = log.sheet()
    assert sheet.view.contract.call == "1S"
    assert "Law 11" in rejected(sheet, other)


def test_a_contract_entry_is_the_final_contract():
    log = Log()
    log.deal("Ann")
    log.contract("Dot", "4H", "doubled")
    log.result(10, honours=("We", "3"))
    cells = last_cells(log.sheet())
    assert (cells.declarer, cells.contract, cells.trick["They"]) == ("Dot", "4♥ doubled", 64)


def test_a_contract_entry_after_calls_is_refused():
    log = Log()
    log.deal("Ann")
    log.calls("Ann", "1H")
    seq = log.contract("Ann", "1H")
    assert "auction of this deal has begun" in rejected(log.sheet(), seq)


def test_dealers_one_spade_flag_must_be_the_dealers_own_one_spade():
    log = Log()
    log.deal("Ann")
    seq = log.contract("Bob", "1S", dealers_one_spade=True)
    assert (
        rejected(log.sheet(), seq)
        == "the dealer's one spade is the dealer's own opening 1♠ (Ann deals), not Bob's 1♠"
    )


def test_a_result_needs_a_contract():
    log = Log()
    first = log.result(7)
    log.deal("Ann")
    log.calls("Ann", "1H")
    second = log.result(7)
    sheet = log.sheet()
    assert rejected(sheet, first) == "no deal is in progress: Ann deals next"
    assert rejected(sheet, second) == "there is no contract yet: Bob to call"


# =========================================================================== the worked examples


def test_example_1_three_hearts_doubled_made_with_an_overtrick():
    log = Log()
    log.deal("Ann")
    log.calls("Ann", "3H", "double", *PASSES)
    log.result(10, honours=("We", "4_one_hand"))
    sheet = log.sheet()
    assert points(sheet)["We"] == {"trick": 64, "honour": 164, "bonus": 0}
    cells = last_cells(sheet)
    assert (
        cells.won_game == "We"
        and cells.parts["doubled_bonus"]["We"] == 100
        and cells.parts["honours"]["We"] == 64
    )
    assert sheet.summary()["games"] == {"We": 1, "They": 0}


def test_example_2_three_hearts_set_two_with_simple_honours():
    log = Log()
    log.quick("Ann", "3H", 7, honours=("We", "3"))
    sheet = log.sheet()
    assert points(sheet) == {
        "We": {"trick": 0, "honour": 16, "bonus": 0},
        "They": {"trick": 0, "honour": 100, "bonus": 0},
    }
    assert sheet.rows[-1].text == "Ann 3♥ set 2"


def test_example_3_one_no_trump_makes_game_from_love():
    log = Log()
    log.quick("Ann", "1NT", 9, honours=("We", "3_aces"))
    sheet = log.sheet()
    assert points(sheet)["We"] == {"trick": 30, "honour": 30, "bonus": 0}
    assert last_cells(sheet).won_game == "We"


def test_example_4_dealers_one_spade_doubled_loses_at_most_100():
    log = Log()
    log.deal("Ann")
    log.calls("Ann", "1S", "double", *PASSES)
    log.result(4, honours=("We", "4"))
    sheet = log.sheet()
    assert last_cells(sheet).dealers_one_spade == 1
    assert points(sheet) == {
        "We": {"trick": 0, "honour": 8, "bonus": 0},
        "They": {"trick": 0, "honour": 100, "bonus": 0},
    }


def test_example_5_seven_diamonds_one_down_with_little_slam_and_honours():
    log = Log()
    log.quick("Ann", "7D", 12, honours=("We", "5_one_hand"))
    sheet = log.sheet()
    assert points(sheet)["They"]["honour"] == 50
    assert points(sheet)["We"]["honour"] == 90
    assert last_cells(sheet).parts["slam"]["We"] == 20


def example_6_rubber() -> Log:
    log = Log(players=["A", "Y", "B", "Z"], sides={"A-B": ["A", "B"], "Y-Z": ["Y", "Z"]})
    log.play("A", ["3H", *PASSES], 9, honours=("A-B", "4_one_hand"))  # A-B 24 below, 64 above
    # The rules give the honour columns' totals (A-B 120, Y-Z 236); every trump declaration names its honours
    # (one side always holds three or more), so the 2NT's aces are split 2–2 and the 4♦ and 1♣ carry some.
    log.play("Y", ["2NT", *PASSES], 8)  # Y-Z 20 below; aces split 2–2: no honours
    log.play("B", ["1H", *PASSES], 7, honours=("A-B", "3"))  # A-B 8 -> 32: game 1; 16 above
    log.play("Z", ["3NT", *PASSES], 9, honours=("Y-Z", "4_aces_one_hand"))  # Y-Z 30: game 2
    log.play("A", ["2R", *PASSES], 6, honours=("Y-Z", "4"))  # Y-Z 100 under-tricks + 36 honours
    log.play("Y", ["1S", "4D", *PASSES], 10, honours=("A-B", "4"))  # B declares: A-B 28; 28 above
    log.play("B", ["1C", *PASSES], 7, honours=("A-B", "3"))  # A-B 6 -> 34: game 3 and the rubber; 12 above
    return log


def test_example_6_the_rubber():
    sheet = example_6_rubber().sheet()
    summary = sheet.summary()
    assert summary["trick_score"] == {"A-B": 66, "Y-Z": 50}
    assert summary["honour_score"] == {"A-B": 120, "Y-Z": 236}
    assert summary["totals"] == {"A-B": 436, "Y-Z": 286}
    assert summary["games"] == {"A-B": 2, "Y-Z": 1}
    assert summary["rubber"] == {"winner": "A-B", "size": 150}
    assert (summary["status"], summary["winner"]) == ("finished", "A-B")
    assert [row.cells.game for row in sheet.rows] == [1, 1, 1, 2, 3, 3, 3]
    assert [row.cells.won_game for row in sheet.rows] == [None, None, "A-B", "Y-Z", None, None, "A-B"]
    assert points(sheet)["A-B"]["bonus"] == 250
    assert sheet.result == "A-B win the rubber by 150, 436 to 286 (Law 10)"
    assert sheet.prompt == "Rubber over: agree the score."


def test_summary_has_the_contract_keys():
    summary = example_6_rubber().sheet().summary()
    for key in (
        "game",
        "status",
        "winner",
        "totals",
        "rows",
        "rejected",
        "questions",
        "trick_score",
        "honour_score",
        "games",
        "rubber",
    ):
        assert key in summary
    assert set(summary["rows"][0]) == {"seq", "text", "delta", "totals"}
    assert Log().sheet().summary()["rubber"] is None


# =========================================================================== scoring a deal (Laws 2–9, 47–48)


def test_overtricks_count_toward_game_and_only_the_declarer_scores_below():
    log = Log()
    log.quick("Bob", "1C", 11, honours=("We", "3"))  # five odd tricks at clubs: 30; We simple honours 12
    sheet = log.sheet()
    assert points(sheet) == {
        "We": {"trick": 0, "honour": 12, "bonus": 0},
        "They": {"trick": 30, "honour": 0, "bonus": 0},
    }
    assert last_cells(sheet).won_game == "They"


def test_a_set_contract_scores_nothing_toward_game_for_anyone():
    log = Log()
    log.quick("Ann", "4H", 9, honours=("We", "3"))
    sheet = log.sheet()
    assert sheet.summary()["trick_score"] == {"We": 0, "They": 0}
    assert sheet.summary()["honour_score"] == {
        "We": 16,
        "They": 50,
    }  # honours count though the contract is set


@pytest.mark.parametrize("double, per_trick", [("none", 50), ("doubled", 100), ("redoubled", 200)])
def test_undertricks(double, per_trick):
    log = Log()
    log.quick("Ann", "4H", 8, double=double, honours=("We", "3"))
    assert points(log.sheet())["They"]["honour"] == 2 * per_trick


@pytest.mark.parametrize(
    "double, trick, bonus", [("none", 16, 0), ("doubled", 32, 100), ("redoubled", 64, 200)]
)
def test_doubling_multiplies_tricks_and_earns_a_bonus_per_overtrick(double, trick, bonus):
    log = Log()
    log.quick("Ann", "1H", 8, double=double, honours=("They", "3"))
    cells = last_cells(log.sheet())
    assert (cells.trick["We"], cells.parts["doubled_bonus"]["We"]) == (trick, bonus)


def test_a_double_reopens_the_bidding():
    log = Log()
    log.deal("Ann")
    log.calls("Ann", "1H", "pass", "pass", "double", "pass", "pass")  # the double after two passes reopens it
    view = log.sheet().view
    assert view.phase == "auction" and view.doubling == "doubled"
    log.calls("Cid", "pass")  # now three passes after the double: Ann's 1♥ doubled stands
    assert log.sheet().view.phase == "play"


def test_an_adversary_who_revokes_scores_honours_only():
    log = Log()
    log.quick("Ann", "1NT", 1, revoke=("They", "points"), honours=("They", "3_aces"))
    cells = last_cells(log.sheet())
    # They took 12 tricks (a little slam) and Ann is set 6, but They revoked: honours only
    assert (
        cells.parts["slam"]["They"] == 0
        and cells.parts["undertricks"]["They"] == 0
        and cells.parts["honours"]["They"] > 0
    )
    assert cells.parts["revoke"]["We"] == 100


def test_dealers_one_spade_redoubled_is_not_capped():
    log = Log()
    log.deal("Ann")
    log.calls("Ann", "1S", "double", "redouble", *PASSES)
    log.result(4, honours=("We", "3"))
    assert points(log.sheet())["They"]["honour"] == 600


def test_one_spade_raised_is_no_longer_the_dealers_one_spade():
    log = Log()
    log.deal("Ann")
    log.calls("Ann", "1S", "pass", "2S", *PASSES)
    log.result(4, honours=("We", "3"))
    cells = last_cells(log.sheet())
    assert cells.dealers_one_spade == 0 and cells.parts["undertricks"]["They"] == 200


def test_quick_contract_dealers_one_spade_is_capped_without_the_flag_too():
    log = Log()
    log.contract("Ann", "1S", "doubled")  # the table did not tick "dealer's one spade": the law still applies
    log.result(2, honours=("We", "3"))
    cells = last_cells(log.sheet())
    assert cells.dealers_one_spade == 1 and points(log.sheet())["They"]["honour"] == 100


def test_quick_contract_dealers_one_spade_is_capped():
    log = Log()
    log.contract("Ann", "1S", "doubled", dealers_one_spade=True)
    log.result(2, honours=("We", "3"))
    assert points(log.sheet())["They"]["honour"] == 100


def test_honours_go_to_the_holders_whatever_happened_and_are_not_doubled():
    log = Log()
    log.quick("Ann", "2H", 8, double="redoubled", honours=("They", "5_one_hand"))
    sheet = log.sheet()
    assert last_cells(sheet).parts["honours"]["They"] == 80  # 10 tricks of hearts, not multiplied
    assert points(sheet)["They"]["honour"] == 80


def test_honours_law_6_trump_table():
    settings = Settings()
    table = {"3": 2, "4": 4, "5": 5, "4_one_hand": 8, "4_one_hand_5th_partner": 9, "5_one_hand": 10}
    for holding, tricks in table.items():
        assert honour_value("D", holding, settings) == 7 * tricks
    assert [honour_value("NT", h) for h in ("3_aces", "4_aces", "4_aces_one_hand")] == [30, 40, 100]


@pytest.mark.parametrize("strain, holding", [("NT", "4_one_hand"), ("H", "3_aces"), ("S", "4_aces")])
def test_honours_must_suit_the_denomination(strain, holding):
    log = Log()
    log.contract("Ann", f"1{strain}")
    seq = log.result(7, honours=("We", holding))
    assert "Law 5" in rejected(log.sheet(), seq)


def test_honours_side_must_exist():
    log = Log()
    log.contract("Ann", "1H")
    seq = log.result(7, honours=("Ann & Cid", "3"))
    assert rejected(log.sheet(), seq) == "honours: 'Ann & Cid' is not a side (We or They)"


def test_slams_go_to_either_side_and_a_grand_slam_replaces_the_little():
    log = Log()
    log.quick("Ann", "1H", 13, honours=("We", "5"))
    assert last_cells(log.sheet()).parts["slam"]["We"] == 40
    log.quick("Bob", "3NT", 1)  # We take twelve: little slam to the adversaries
    cells = last_cells(log.sheet())
    assert cells.parts["slam"]["We"] == 20 and cells.parts["undertricks"]["We"] == 400


def test_slam_is_not_affected_by_doubling():
    log = Log()
    log.quick("Ann", "7NT", 13, double="redoubled")
    cells = last_cells(log.sheet())
    assert (
        cells.parts["slam"]["We"] == 40
        and cells.trick["We"] == 280
        and cells.parts["doubled_bonus"]["We"] == 100
    )


def test_game_is_thirty_by_tricks_alone_and_honours_do_not_count():
    log = Log()
    log.quick("Ann", "2H", 8, honours=("We", "5_one_hand"))  # 16 below, 80 above
    assert log.sheet().summary()["games"] == {"We": 0, "They": 0}
    log.quick("Bob", "1NT", 7)  # They 10
    log.quick("Cid", "1H", 7, honours=("They", "3"))  # We 24
    assert log.sheet().summary()["games"] == {"We": 0, "They": 0}
    log.quick("Dot", "1C", 7, honours=("We", "3"))  # They 16
    log.quick("Ann", "1D", 7, honours=("They", "3"))  # We 31: game
    sheet = log.sheet()
    assert sheet.summary()["games"] == {"We": 1, "They": 0}
    assert sheet.view.below_line == {"We": 0, "They": 0}  # both start the next game from love
    log.quick("Bob", "1NT", 8)  # They 20 in game 2: their 16 of game 1 no longer counts toward it
    sheet = log.sheet()
    assert sheet.summary()["games"] == {"We": 1, "They": 0}
    assert sheet.summary()["trick_score"] == {"We": 31, "They": 36}


def test_a_trump_declaration_result_must_name_its_honours():
    """One side always holds three or more of the five trump honours (Law 5): a suit result without honours is
    the classic forgotten entry, refused with the reason; at no trump the aces may be split 2–2."""
    log = Log()
    log.contract("Ann", "2H")
    seq = log.result(8)
    assert rejected(log.sheet(), seq) == (
        "Law 5: at hearts one side always holds three or more of the five trump honours (A K Q J 10): "
        "name that side and its holding"
    )
    log.result(8, honours=("They", "3"))
    assert points(log.sheet())["They"]["honour"] == 16
    log.quick("Bob", "1NT", 7)  # no trump: no honours is right (aces 2–2)
    assert [r.seq for r in log.sheet().rejected] == [seq]
    assert log.check(type="contract", player="Cid", call="1R") is None


def test_tricks_outside_0_to_13_are_refused():
    log = Log()
    log.contract("Ann", "1NT")
    seq = log.result(14)
    assert rejected(log.sheet(), seq) == "the declarer's side won 14 tricks? a deal has 13 (0 to 13)"
    seq = log.result(-1)
    assert rejected(log.sheet(), seq) == "the declarer's side won -1 tricks? a deal has 13 (0 to 13)"


# =========================================================================== revoke


def test_declarers_side_revokes_scores_honours_only():
    log = Log()
    log.quick("Ann", "2H", 10, honours=("We", "3"), revoke=("We", None))
    cells = last_cells(log.sheet())
    assert cells.trick["We"] == 0 and cells.honour["We"] == 16
    assert cells.parts["revoke"]["They"] == 100 and cells.honour["They"] == 100
    assert cells.won_game is None


def test_only_the_tricks_left_are_transferred_for_a_revoke():
    log = Log()
    log.quick(
        "Ann", "1S", 12, honours=("We", "3"), revoke=("They", "tricks")
    )  # only one trick is left to give
    cells = last_cells(log.sheet())
    assert cells.trick["We"] == (13 - 6) * 2 and cells.over_under == 13 - 7 and cells.revoke_side == "They"
    assert cells.parts["slam"]["We"] == 20  # the twelve won in play are a little slam; the one given is not


def test_a_revoke_worth_one_trick_is_asked_for_and_listed_as_one_trick():
    from scorepad.rules.auction_bridge.table import scoring_table

    log = Log(rules={"revoke_tricks": 1})
    seq = log.quick("Ann", "2H", 8, honours=("We", "3"), revoke=("They", None))
    assert rejected(log.sheet(), seq) == (
        "the adversaries revoked: say whether the declarer takes 100 points or 1 trick (choice points or tricks)"
    )
    assert "| revoke | 100 points, or 1 trick to the declarer |" in scoring_table(Settings(revoke_tricks=1))


def test_declarers_side_revokes_and_is_set_penalty_on_top_of_undertricks():
    log = Log()
    log.quick("Ann", "4H", 8, double="doubled", revoke=("We", None), honours=("We", "3"))
    assert points(log.sheet())["They"]["honour"] == 200 + 100


def test_declarers_side_revoking_loses_its_slam():
    log = Log()
    log.quick("Ann", "1NT", 13, revoke=("We", None))
    cells = last_cells(log.sheet())
    assert cells.parts["slam"]["We"] == 0 and cells.honour["We"] == 0


def test_adversaries_revoke_declarer_takes_points_and_they_score_no_undertricks():
    log = Log()
    log.quick("Ann", "4H", 8, honours=("They", "3"), revoke=("They", "points"))
    cells = last_cells(log.sheet())
    assert cells.parts["revoke"]["We"] == 100 and cells.parts["undertricks"]["They"] == 0
    assert cells.honour["They"] == 16  # the revoking side still scores its honours


def test_adversaries_revoke_declarer_takes_three_tricks_fosters_example():
    log = Log()
    log.quick("Ann", "3H", 7, double="doubled", revoke=("They", "tricks"), honours=("They", "3"))
    cells = last_cells(log.sheet())
    assert cells.trick["We"] == 64  # four by cards, doubled
    assert cells.parts["doubled_bonus"]["We"] == 0  # transferred tricks earn no doubled bonus
    assert cells.outcome == "made" and cells.won_game == "We"
    assert cells.over_under == 7 + 3 - 9 and cells.revoke_side == "They"  # three tricks transferred


def test_transferred_tricks_never_make_a_slam():
    log = Log()
    log.quick("Ann", "1S", 11, revoke=("They", "tricks"), honours=("We", "3"))
    cells = last_cells(log.sheet())
    assert cells.trick["We"] == 7 * 2 and cells.parts["slam"]["We"] == 0


def test_revoke_penalty_setting_150():
    log = Log(rules={"revoke_penalty": 150})
    log.quick("Ann", "2H", 10, revoke=("We", None), honours=("We", "3"))
    assert points(log.sheet())["They"]["honour"] == 150


def test_revoke_choice_only_when_the_adversaries_revoked():
    log = Log()
    log.contract("Ann", "2H")
    wrong = log.result(8, revoke=("We", "tricks"), honours=("We", "3"))
    missing = log.result(8, revoke=("They", None), honours=("We", "3"))
    unknown = log.result(8, revoke=("Them", "points"), honours=("We", "3"))
    sheet = log.sheet()
    assert "only when the adversaries revoke" in rejected(sheet, wrong)
    assert "say whether the declarer takes 100 points or 3 tricks" in rejected(sheet, missing)
    assert "'Them' is not a side" in rejected(sheet, unknown)


# =========================================================================== chicane (setting)


def test_chicane_is_refused_when_the_setting_is_off():
    log = Log()
    log.contract("Ann", "2H")
    seq = log.result(8, chicane=("We", False), honours=("They", "3"))
    assert "setting chicane is off" in rejected(log.sheet(), seq)


def test_chicane_only_in_a_trump_contract():
    log = Log(rules={"chicane": True})
    log.contract("Ann", "2NT")
    seq = log.result(8, chicane=("We", False))
    assert "only in a trump contract" in rejected(log.sheet(), seq)


def test_chicane_adds_to_the_void_sides_honours():
    log = Log(rules={"chicane": True})
    log.quick("Ann", "2H", 8, double="doubled", honours=("We", "4_one_hand"), chicane=("We", False))
    cells = last_cells(log.sheet())
    assert (
        cells.parts["chicane"]["We"] == 16 and cells.parts["honours"]["We"] == 64
    )  # not affected by doubling


def test_chicane_is_deducted_from_the_adversaries_honours():
    log = Log(rules={"chicane": True})
    log.quick("Ann", "2C", 8, honours=("They", "4"), chicane=("We", False))
    cells = last_cells(log.sheet())
    assert cells.honour["They"] == 24 - 12 and cells.parts["chicane"]["We"] == 0


def test_double_chicane_is_four_honours_deducted_from_the_adversaries():
    log = Log(rules={"chicane": True})
    log.quick("Ann", "2D", 8, honours=("They", "5"), chicane=("We", True))
    assert last_cells(log.sheet()).honour["They"] == 35 - 28


def test_chicane_holdings_must_be_possible():
    log = Log(rules={"chicane": True})
    log.contract("Ann", "2D")
    both_void = log.result(8, honours=("We", "3"), chicane=("We", True))
    split = log.result(8, honours=("We", "4"), chicane=("We", False))
    three_against_double = log.result(8, honours=("They", "3"), chicane=("We", True))
    sheet = log.sheet()
    assert "holds no honours" in rejected(sheet, both_void)
    assert "all in the other hand" in rejected(sheet, split)
    assert "holds all five honours" in rejected(sheet, three_against_double)


def test_chicane_counts_as_simple_honours_and_the_honours_are_still_named():
    log = Log(rules={"chicane": True})
    log.contract("Ann", "2S")
    forgotten = log.result(8, chicane=("They", False))  # one side still holds 3+ of the honours
    assert "one side always holds three or more of the five trump honours" in rejected(log.sheet(), forgotten)
    log.result(8, chicane=("They", False), honours=("They", "3"))
    cells = last_cells(log.sheet())
    assert cells.parts["chicane"]["They"] == 4 and cells.honour["They"] == 4 + 4


# =========================================================================== games and the rubber (Laws 4, 10, 11)


def test_the_rubber_ends_at_two_games_and_refuses_more_deals():
    log = Log()
    win_game(log, "Ann")
    win_game(log, "Bob")  # Bob opens 1♠, Cid bids 3NT
    sheet = log.sheet()
    assert sheet.status == "finished" and sheet.summary()["games"] == {"We": 2, "They": 0}
    assert sheet.summary()["rubber"] == {"winner": "We", "size": 60 + 250}
    late = log.deal("Cid")
    quick = log.contract("Cid", "1NT")
    stop = log.stop()
    sheet = log.sheet()
    for seq in (late, quick, stop):
        assert rejected(sheet, seq).startswith("the rubber is over (We win the rubber by 310")


def test_losers_of_the_rubber_with_the_larger_total_win_the_excess():
    log = Log()
    log.quick("Bob", "7NT", 6, double="redoubled")  # We: 7 under-tricks redoubled = 1400
    log.quick("Bob", "3NT", 9)  # They: game
    log.quick("Cid", "1NT", 7)  # We 10
    log.quick("Dot", "3NT", 9)  # They: the rubber
    summary = log.sheet().summary()
    assert summary["games"] == {"We": 0, "They": 2}
    assert summary["totals"] == {"We": 1410, "They": 60 + 250}
    assert summary["rubber"] == {"winner": "We", "size": 1100}
    assert summary["winner"] == "We"
    assert "They won the rubber's games, but We have the larger total" in log.sheet().result


def test_rubber_bonus_setting():
    log = Log(rules={"rubber_bonus": 300})
    win_game(log, "Ann")
    win_game(log, "Bob")
    assert log.sheet().summary()["totals"]["We"] == 360


def test_stop_scores_an_unfinished_rubber():
    log = Log()
    win_game(log, "Ann")
    log.quick("Bob", "2NT", 8, honours=("They", "4_aces_one_hand"))  # They 20 below, 100 above
    seq = log.stop("the club closes")
    sheet = log.sheet()
    assert sheet.rows[-1].seq == seq and sheet.rows[-1].text == "Rubber stopped unfinished (Law 11)"
    assert points(sheet)["We"]["bonus"] == 125 and points(sheet)["They"]["bonus"] == 0
    summary = sheet.summary()
    assert summary["totals"] == {"We": 30 + 125, "They": 120}
    assert summary["rubber"] == {"winner": "We", "size": 35}
    assert sheet.status == "finished" and "Law 11" in sheet.result


def test_stop_at_one_game_all_adds_125_each():
    log = Log(rules={"unfinished_game_bonus": 100})
    win_game(log, "Ann")
    log.quick("Bob", "3NT", 10)  # They: 40, one game all
    log.stop()
    summary = log.sheet().summary()
    assert summary["games"] == {"We": 1, "They": 1}
    assert summary["totals"] == {"We": 130, "They": 140}
    assert summary["rubber"] == {"winner": "They", "size": 10}


def test_stop_with_equal_totals_is_drawn():
    log = Log()
    log.stop()
    sheet = log.sheet()
    assert sheet.summary()["rubber"] == {"winner": None, "size": 0}
    assert sheet.winner is None and "drawn" in sheet.result


def test_a_deal_once_started_must_be_finished_before_stopping():
    log = Log()
    log.deal("Ann")
    log.calls("Ann", "1H")
    seq = log.stop()
    assert "Law 11" in rejected(log.sheet(), seq)


def test_agree_only_after_the_rubber_and_then_nothing_more():
    log = Log()
    early = log.agree()
    win_game(log, "Ann")
    win_game(log, "Bob")
    agreed = log.agree()
    again = log.agree()
    sheet = log.sheet()
    assert "still being played" in rejected(sheet, early)
    assert agreed not in [r.seq for r in sheet.rejected]
    assert rejected(sheet, again) == "the rubber's score has been agreed; nothing more can be entered"
    assert sheet.view.phase == "agreed"


# =========================================================================== corrections (Laws 12, 13)


def test_trick_score_amend_inside_the_window():
    log = Log()
    target = log.quick("Ann", "2H", 8, honours=("We", "3"))
    log.quick("Bob", "1C", 7, honours=("We", "3"))
    log.amend(
        target, type="result", tricks=9, honours={"side": "We", "holding": "3"}
    )  # still game 1: no declaration in a following game
    sheet = log.sheet()
    assert sheet.rejected == ()
    assert sheet.rows[0].cells.trick["We"] == 24


def test_trick_score_window_closes_at_a_declaration_in_the_following_game():
    log = Log()
    target = win_game(log, "Ann")
    log.deal("Bob")
    log.calls("Bob", "1H")
    seq = log.amend(target, type="result", tricks=10)
    sheet = log.sheet()
    assert rejected(sheet, seq) == (
        "correcting deal 1's result is too late: Law 13: a trick-score error may be corrected only before a "
        "declaration has been made in the following game; game 2 has had one"
    )
    assert sheet.rows[0].cells.trick["We"] == 30


def test_trick_score_window_is_open_until_the_following_games_first_declaration():
    log = Log()
    target = win_game(log, "Ann")
    log.deal("Bob")  # a deal, but no declaration yet
    log.amend(target, type="result", tricks=10)
    assert log.sheet().rows[0].cells.trick["We"] == 40


def test_override_accepts_a_late_correction():
    log = Log()
    target = win_game(log, "Ann")
    log.deal("Bob")
    log.calls("Bob", "1H", *PASSES)
    log.result(7)
    seq = log.amend(target, override=True, type="result", tricks=10)
    sheet = log.sheet()
    assert sheet.overrides == (seq,)
    assert sheet.rows[0].cells.trick["We"] == 40 and seq not in [r.seq for r in sheet.rejected]


def test_honour_only_amend_is_allowed_after_the_trick_window():
    log = Log()
    target = win_game(log, "Ann")
    log.quick("Bob", "1H", 8)
    seq = log.amend(target, type="result", tricks=9, honours={"side": "We", "holding": "4_aces"})
    sheet = log.sheet()
    assert seq not in [r.seq for r in sheet.rejected]
    assert sheet.rows[0].cells.honour["We"] == 40


def test_amend_of_a_set_contract_changing_only_undertricks_is_an_honour_correction():
    log = Log()
    target = log.quick("Ann", "3NT", 7)
    win_game(log, "Bob", declarer_side="We")  # game 1 to We
    log.quick("Cid", "1H", 7)  # a declaration in game 2
    seq = log.amend(target, type="result", tricks=6)
    sheet = log.sheet()
    assert seq not in [r.seq for r in sheet.rejected]
    assert sheet.rows[0].cells.parts["undertricks"]["They"] == 150


def test_void_removes_both_parts_and_is_judged_by_the_trick_window():
    log = Log()
    target = win_game(log, "Ann")
    log.quick("Bob", "1H", 8)
    seq = log.void(target)
    assert "Law 13" in rejected(log.sheet(), seq)


def test_the_last_scored_deal_struck_out_before_the_next_game_declares_counts_and_unwins_the_game():
    # Law 13: the trick score may be corrected until a declaration in the following game; the corrected log then
    # scores one deal fewer than the log as it stood, and the game it won is no longer won
    log = Log()
    target = win_game(log, "Ann")
    log.deal("Bob")  # the next game's first deal, no declaration yet
    seq = log.void(target)
    sheet = log.sheet()
    assert seq not in [r.seq for r in sheet.rejected]
    assert sheet.rows == () and sheet.extra["games"] == {"We": 0, "They": 0}


def test_void_inside_the_window():
    log = Log()
    log.deal("Ann")
    first_bid = log.calls("Ann", "1H")
    log.void(first_bid)
    sheet = log.sheet()
    assert sheet.view.calls == () and sheet.view.turn == "Ann"


def test_honour_corrections_close_when_the_rubber_is_agreed():
    log = Log()
    target = win_game(log, "Ann")
    win_game(log, "Bob")
    log.amend(
        target, type="result", tricks=9, honours={"side": "They", "holding": "3_aces"}
    )  # before agreement
    log.agree()
    late = log.amend(target, type="result", tricks=9, honours={"side": "They", "holding": "4_aces"})
    sheet = log.sheet()
    assert sheet.rows[0].cells.honour["They"] == 30
    assert "Laws 12 and 13: the rubber's score has been made up and agreed" in rejected(sheet, late)
    forced = log.amend(
        target, override=True, type="result", tricks=9, honours={"side": "They", "holding": "4_aces"}
    )
    sheet = log.sheet()
    assert sheet.rows[0].cells.honour["They"] == 40 and forced in sheet.overrides


def test_trick_correction_in_the_last_game_is_open_until_agreed():
    log = Log()
    win_game(log, "Ann")
    last = win_game(log, "Bob")
    log.amend(last, type="result", tricks=10)
    assert log.sheet().rows[-1].cells.trick["We"] == 40


def test_a_correction_that_changes_a_games_winner_rederives_later_games_and_the_rubber():
    log = Log()
    first = log.quick("Ann", "3NT", 9)  # We: game 1
    log.quick("Bob", "1NT", 7)  # They 10 (game 2)
    log.quick("Cid", "3NT", 9)  # We: game 2 and the rubber
    assert log.sheet().summary()["rubber"] == {"winner": "We", "size": 60 + 250 - 10}
    # the first deal was really set one: no game 1, so all three deals are game 1 and We only have one game
    log.amend(first, override=True, type="result", tricks=8)
    sheet = log.sheet()
    assert [row.cells.game for row in sheet.rows] == [1, 1, 1]
    assert [row.cells.won_game for row in sheet.rows] == [None, None, "We"]
    assert sheet.summary()["games"] == {"We": 1, "They": 0}
    assert sheet.summary()["rubber"] is None and sheet.status == "in_progress"


def test_amend_of_a_bid_inside_the_window_changes_the_contract():
    log = Log()
    log.deal("Ann")
    opening = log.calls("Ann", "1H", *PASSES)
    log.amend(opening, type="bid", player="Ann", call="2H")
    assert log.sheet().view.contract.call == "2H"


def test_an_amend_that_would_be_refused_where_it_stands_is_rejected():
    log = Log()
    log.deal("Ann")
    opening = log.calls("Ann", "2H")
    seq = log.amend(opening, type="bid", player="Bob", call="2H")
    assert rejected(log.sheet(), seq) == "correcting deal 1's bid: it is Ann's turn to call, not Bob's"


def test_an_amended_bid_rederives_the_calls_after_it():
    log = Log()
    log.deal("Ann")
    opening = log.calls("Ann", "2H", "3H")
    seq = log.amend(opening, type="bid", player="Ann", call="4H")
    sheet = log.sheet()
    assert seq not in [r.seq for r in sheet.rejected]
    assert "3♥ (24) does not beat Ann's 4♥ (32)" in rejected(sheet, opening + 1)


def test_check_does_not_change_the_state():
    log = Log()
    log.deal("Ann")
    replayer = log.replayer()
    before = replayer.sheet()
    assert replayer.check(parse_entry(GAME, {"type": "bid", "player": "Ann", "call": "pass"})) is not None
    assert replayer.check(parse_entry(GAME, {"type": "bid", "player": "Ann", "call": "1H"})) is None
    assert replayer.sheet().view == before.view


# =========================================================================== names, view, pure scoring


def test_renamed_players_appear_in_texts():
    log = Log()
    log.add(type="rename", player="Ann", new_name="Annie")
    log.quick("Ann", "2H", 8, honours=("We", "3"))
    sheet = log.sheet()
    assert sheet.rows[-1].text == "Annie 2♥ made"
    assert sheet.prompt == "Bob to deal and bid (game 1)"


def test_view_during_the_auction():
    log = Log()
    log.deal("Cid")
    log.calls("Cid", "1NT")
    view = log.sheet().view
    assert view.phase == "auction" and view.dealer == "Cid" and view.turn == "Dot"
    assert view.calls == (("Cid", "1NT"),) and view.bid_to_beat == "1NT" and view.bid_by == "Cid"
    assert log.sheet().prompt == "Dot to call (to beat: Cid's 1NT)"


def test_score_deal_is_pure_and_matches_example_1():
    contract = Contract("3H", "Ann", "doubled")
    score = score_deal(contract, "We", "They", Outcome(10, honours=("We", "4_one_hand")), Settings())
    assert score.trick == {"We": 64, "They": 0} and score.honour == {"We": 164, "They": 0}
    assert score.made and score.over_under == 1


def test_the_agreement_itself_can_only_be_undone_by_override():
    log = Log()
    win_game(log, "Ann")
    win_game(log, "Bob")
    agreed = log.agree()
    refused = log.void(agreed)
    sheet = log.sheet()
    assert "Laws 12 and 13" in rejected(sheet, refused) and sheet.view.phase == "agreed"
    forced = log.void(agreed, override=True)
    sheet = log.sheet()
    assert forced in sheet.overrides and sheet.view.phase == "over"


def test_stop_after_a_deal_entry_with_no_calls_is_allowed():
    log = Log()
    log.deal("Ann")
    seq = log.stop()
    sheet = log.sheet()
    assert seq not in [r.seq for r in sheet.rejected] and sheet.finished


def test_honours_may_be_left_out_and_the_picker_offers_the_strains_holdings():
    log = Log()
    log.contract("Ann", "2NT")
    assert log.sheet().view.honour_holdings == ("3_aces", "4_aces", "4_aces_one_hand")
    log.result(8)
    assert points(log.sheet())["We"] == {"trick": 20, "honour": 0, "bonus": 0}


# =========================================================================== laws no other test pinned


def test_honours_at_no_trump_are_the_aces_in_the_law_s_words():
    log = Log()
    log.contract("Ann", "1NT")
    seq = log.result(7, honours=("We", "4"))
    aces = ", ".join(holdings_for("NT"))
    assert rejected(log.sheet(), seq) == f"Law 5: at no trump only the aces are honours ({aces}), not 4"


def test_honours_in_a_suit_are_the_five_top_trumps_in_the_law_s_words():
    log = Log()
    log.contract("Ann", "1H")
    seq = log.result(7, honours=("We", "3_aces"))
    honours = ", ".join(holdings_for("H"))
    assert rejected(log.sheet(), seq) == (
        f"Law 5: at hearts the honours are A K Q J 10 of trumps ({honours}), not 3_aces"
    )


def test_double_chicane_may_be_worth_as_much_as_chicane_but_not_less():
    same = Settings(chicane=True, chicane_tricks=3, double_chicane_tricks=3)
    assert (same.chicane_tricks, same.double_chicane_tricks) == (3, 3)
    nothing = Settings(chicane_tricks=0, double_chicane_tricks=0)  # a table may score neither
    assert nothing.double_chicane_tricks == 0
    with pytest.raises(ValidationError, match="double chicane cannot be worth less than chicane"):
        Settings(chicane_tricks=3, double_chicane_tricks=2)
    with pytest.raises(ValidationError):
        Settings(double_chicane_tricks=-1)


def test_the_dealer_s_own_one_spade_after_the_deal_is_logged():
    # the dealer is the one the `deal` entry named, not the seat after him
    log = Log()
    log.deal("Ann")
    log.contract("Ann", "1S", dealers_one_spade=True)
    log.result(2, honours=("They", "3"))
    sheet = log.sheet()
    assert sheet.rejected == () and last_cells(sheet).dealers_one_spade == 1


def test_refusals_of_agree_and_of_a_contract_in_an_auction_in_words():
    log = Log()
    early = log.agree()
    log.deal("Ann")
    log.bid("Ann", "1H")  # the dealer calls first
    late_contract = log.contract("Cid", "2S")
    sheet = log.sheet()
    assert rejected(sheet, early) == (
        "the rubber is still being played: its score is agreed once it ends, or once play stops (Law 11)"
    )
    assert (
        rejected(sheet, late_contract)
        == "the auction of this deal has begun: go on with the calls, or correct them"
    )


# ============================================================================ laws a mutation run found unguarded

# Law 3 as a setting: a table where no trump is worth 5 a trick, less than clubs (6)
CHEAP_NO_TRUMP = {"trick_values": {"S": 2, "C": 6, "D": 7, "H": 8, "R": 9, "NT": 5}}


def test_the_bids_above_follow_the_tables_trick_values():
    # "Value of a bid = odd tricks × trick value … A bid is higher if its value is greater"
    settings = RULES.settings(CHEAP_NO_TRUMP)
    assert bid_rank("1NT", settings) == (5, 1) and describe_bid("1NT", settings) == "1NT (5)"
    log = Log(rules=CHEAP_NO_TRUMP)
    log.deal("Ann")
    log.bid("Ann", "1NT")
    assert log.sheet().view.legal_calls[:4] == ("pass", "double", "1C", "3S")


def test_the_rubber_sentence_puts_the_winners_total_first():
    # "Game and rubber": the size of the rubber is the difference of the totals
    log = Log()
    for declarer, honours in (("Bob", "They"), ("Cid", "We"), ("Dot", "They")):
        log.quick(declarer, "1NT", 9, honours=(honours, "3_aces"))  # worked example 3: game from love
    sheet = log.sheet()
    assert sheet.result == "They win the rubber by 310, 370 to 60 (Law 10)"
    assert sheet.rows[0].cells.call == "1NT"
    ours = Log()
    for declarer in ("Ann", "Cid"):
        ours.quick(declarer, "1NT", 9, honours=("We", "3_aces"))
    assert ours.sheet().result == "We win the rubber by 370, 370 to 0 (Law 10)"


def test_a_set_contract_row_belongs_to_its_result_and_reads_set():
    # "Contract set": nobody scores toward game; the adversaries score 50 per under-trick
    log = Log()
    log.contract("Ann", "3H")
    result = log.result(7, honours=("We", "3"))  # worked example 2
    row = log.sheet().rows[-1]
    assert row.seq == result and row.cells.outcome == "set" and row.cells.call == "3H"


def test_a_revoke_or_chicane_of_no_side_is_refused_in_words():
    log = Log(rules={"chicane": True})
    log.contract("Ann", "3H")
    revoke = log.result(9, honours=("We", "3"), revoke=("Nobody", "points"))
    chicane = log.result(9, honours=("We", "3"), chicane=("Nobody", False))
    sheet = log.sheet()
    assert rejected(sheet, revoke) == "revoke: 'Nobody' is not a side (We or They)"
    assert rejected(sheet, chicane) == "chicane: 'Nobody' is not a side (We or They)"


def test_a_new_rubber_asks_the_first_player_to_deal_and_bid():
    # "The auction": the dealer must bid at least one odd trick
    assert Log().sheet().prompt == "Ann to deal and bid"


def test_a_call_by_someone_not_at_the_table_is_refused_naming_the_players():
    log = Log()
    log.deal("Ann")
    stranger = log.bid("Zed", "1S")
    assert rejected(log.sheet(), stranger) == "'Zed' is not a player of this game (Ann, Bob, Cid, Dot)"


# ---------------------------------------------------------------- deals scored once per ruleset


def _one_deal_state(settings: Settings, sides: dict[str, list[str]]) -> Any:
    """A state of `sides` folded through one deal: Ann's 2♥ made with an overtrick, honours to We."""
    log = Log(sides=sides)
    log.quick("Ann", "2H", 9, honours=("We", "4"))
    state = RULES.new_state(log.header, settings, RULES.sides_for(log.header, settings))
    for entry in log.entries:
        assert RULES.validate(state, entry) is None
        RULES.fold(state, entry, entry.seq)
    return state


def test_a_deal_scored_again_under_the_same_settings_keeps_each_games_order_of_sides():
    settings = Settings()
    we_first = _one_deal_state(settings, SIDES)
    they_first = _one_deal_state(settings, {"They": SIDES["They"], "We": SIDES["We"]})
    assert list(we_first.rows[0].delta) == ["We", "They"] and list(they_first.rows[0].delta) == ["They", "We"]
    assert dict(we_first.rows[0].delta) == dict(they_first.rows[0].delta) == {"We": 24 + 32, "They": 0}
    assert we_first.rows[0].text == they_first.rows[0].text == "Ann 2♥ made"


def test_deals_alike_score_alike():
    log = Log(rules={"games_to_win": 50})
    for tricks in (7, 8, 9, 10, 7):
        log.quick("Ann", "1C", tricks, honours=("They", "3"))
    replayer = log.replayer()
    # 1♣ by Ann: every trick over six at 6; They hold simple honours (2 × 6)
    assert [row.delta["We"] for row in replayer.sheet().rows] == [6, 12, 18, 24, 6]
    assert [row.delta["They"] for row in replayer.sheet().rows] == [12] * 5


def test_each_deals_row_names_its_dealer_whether_logged_implied_or_redealt():
    log = Log()
    log.play("Ann", ["1S", *PASSES], 7, honours=("We", "3"))
    log.quick("Cid", "2H", 8, honours=("We", "3"))  # no deal logged: Bob, the next dealer, is implied
    log.deal("Cid")
    log.deal("Cid")  # a redeal by the same dealer
    log.calls("Cid", "1NT", *PASSES)
    log.result(7)
    rows = log.sheet().rows
    assert [row.cells.dealer for row in rows] == ["Ann", "Bob", "Cid"]
    assert [row.cells.deal for row in rows] == [1, 2, 3]


def test_a_copy_of_the_settings_with_other_values_ranks_and_doubles_by_them():
    # Law 44's order follows the trick values, and doubling multiplies by the table's factors
    from scorepad.rules.auction_bridge.settings import Settings

    settings = Settings()
    assert not outranks("1S", "1H", settings) and settings.multiplier("doubled") == 2
    spades_high = dict(settings.trick_values, S=12)
    copied = settings.model_copy(
        update={"trick_values": spades_high, "double_factor": 3, "redouble_factor": 6}
    )
    assert outranks("1S", "1NT", copied) and not outranks("1S", "1NT", settings)
    assert (copied.multiplier("doubled"), copied.multiplier("redoubled")) == (3, 6)
    assert settings.multiplier("doubled") == 2  # the original keeps its own


def test_the_correction_window_is_asked_with_the_state_the_correction_leads_to():
    # a trick-score change is judged by what the correction leads to: the state the replayer folds with it
    log = Log()
    result = log.quick("Ann", "2H", 8, honours=("We", "3"))
    replayer = log.replayer()
    asked: list[bool] = []

    def trial() -> Any:
        asked.append(True)
        return None  # the replacement refused where it stands: the replayer says why, not the window

    assert RULES.correction_window(replayer.state, result, Where(1, 1), trial) is None and asked == [True]


# =========================================================================== edges mutation testing found


def test_a_declarer_who_takes_no_trick_is_set_by_every_trick_and_the_adversaries_make_a_slam():
    log = Log()
    log.quick("Ann", "1NT", 0)
    sheet = log.sheet()
    cells = last_cells(sheet)
    assert (cells.tricks, cells.made, cells.over_under) == (0, False, -7)
    # seven under-tricks at 50, and all thirteen tricks are the adversaries' slam (Laws 7–8: bid or not)
    assert cells.parts["undertricks"] == {"We": 0, "They": 350} and cells.parts["slam"] == {
        "We": 0,
        "They": 40,
    }
    assert points(sheet) == {
        "We": {"trick": 0, "honour": 0, "bonus": 0},
        "They": {"trick": 0, "honour": 390, "bonus": 0},
    }
    assert sheet.totals == {"We": 0, "They": 390}


def test_score_deal_of_a_declarer_with_no_trick():
    score = score_deal(Contract("2S", "Ann"), "We", "They", Outcome(0, honours=("They", "3")), Settings())
    assert not score.made and score.over_under == -8 and score.transferred == 0
    assert score.trick == {"We": 0, "They": 0}
    assert score.honour == {
        "We": 0,
        "They": 8 * 50 + 40 + 2 * 2,
    }  # under-tricks, slam, simple honours in spades


def test_the_rubber_bonus_is_what_the_total_holds_beyond_trick_and_honour_score():
    log = Log()
    log.quick("Ann", "1NT", 7)  # We 10 below
    log.quick("Bob", "2S", 5, honours=("We", "3"))  # They set 3: We 150 above, simple honours 4
    win_game(log, "Cid")  # We: game 1
    win_game(log, "Dot")  # We: game 2 and the rubber
    score = log.sheet().view.score
    assert score.over and score.winner == "We" and not score.stopped
    assert score.bonus == {"We": 250, "They": 0}
    assert score.total == {
        side: score.trick[side] + score.honour[side] + score.bonus[side] for side in score.total
    }
    assert score.trick["We"] > 0 and score.honour["We"] > 0  # (the bonus is not the total: both parts count)
    assert score.size == score.total["We"] - score.total["They"]
    assert rubber_score(log.sheet()) == score


def test_an_unfinished_rubber_s_bonus_is_125_a_game_won():
    log = Log()
    win_game(log, "Ann")  # We: a game
    log.quick("Bob", "1NT", 8)  # They 20 below, not a game
    log.stop()
    score = log.sheet().view.score
    assert score.over and score.stopped and score.bonus == {"We": 125, "They": 0}
    assert score.total["They"] == score.trick["They"] == 20


def test_score_deal_guards_what_the_checks_refuse_first():
    settings = Settings()
    # chicane is not scored when the table does not play it, nor at no trump (checks.py refuses both first)
    chicane = Outcome(7, honours=("We", "3"), chicane=("They", False))
    assert score_deal(Contract("1H", "Ann"), "We", "They", chicane, settings).parts["chicane"] == {
        "We": 0,
        "They": 0,
    }
    at_no_trump = Outcome(7, chicane=("They", False))
    chicane_on = Settings(chicane=True)
    assert score_deal(Contract("1NT", "Ann"), "We", "They", at_no_trump, chicane_on).parts["chicane"] == {
        "We": 0,
        "They": 0,
    }
    # a choice with the declarer's own revoke is not the declarer's to make: no tricks, no points for his side
    own = score_deal(Contract("1NT", "Ann"), "We", "They", Outcome(9, revoke=("We", "tricks")), settings)
    assert own.transferred == 0 and own.trick == {"We": 0, "They": 0}
    assert own.parts["revoke"] == {"We": 0, "They": settings.revoke_penalty}
    # tricks transferred are no more than the adversaries won
    late = score_deal(Contract("1NT", "Ann"), "We", "They", Outcome(12, revoke=("They", "tricks")), settings)
    assert late.transferred == 1 and late.trick["We"] == 7 * 10 and late.parts["slam"]["We"] == 20
    # the dealer's one spade loses at most 100, unless redoubled
    one_spade = Outcome(1, honours=("They", "3"))
    capped = score_deal(Contract("1S", "Ann", "doubled", True), "We", "They", one_spade, settings)
    redoubled = score_deal(Contract("1S", "Ann", "redoubled", True), "We", "They", one_spade, settings)
    assert capped.parts["undertricks"]["They"] == settings.dealers_one_spade_cap
    assert redoubled.parts["undertricks"]["They"] == 6 * 200


def test_the_row_of_a_game_says_so_and_the_rubber_s_last_row_ends_it():
    log = Log()
    win_game(log, "Ann")
    sheet = log.sheet()
    assert sheet.rows[-1].text == "Ann 3NT made, game to We"
    assert not sheet.view.score.over and sheet.view.score.size == 0  # no rubber yet: no size
    assert not last_cells(sheet).rubber_over and last_cells(sheet).won_game == "We"
    win_game(log, "Bob")  # We: game 2 and the rubber
    sheet = log.sheet()
    assert last_cells(sheet).rubber_over and last_cells(sheet).game == 2
    assert sheet.view.game == 2  # the rubber ended in its second game: there is no third


def test_the_chicane_is_in_the_row_s_cells():
    log = Log(rules={"chicane": True})
    log.quick("Ann", "2D", 8, honours=("They", "5"), chicane=("We", True))
    cells = last_cells(log.sheet())
    assert (cells.chicane_side, cells.double_chicane) == ("We", True)
    log.quick("Bob", "2D", 8, honours=("We", "3"), chicane=("They", False))
    cells = last_cells(log.sheet())
    assert (cells.chicane_side, cells.double_chicane) == ("They", False)
    log.quick("Cid", "1NT", 7)
    assert (last_cells(log.sheet()).chicane_side, last_cells(log.sheet()).double_chicane) == (None, False)


def test_a_drawn_stopped_rubber_cites_law_11():
    log = Log()
    log.stop()
    assert log.sheet().result == "the rubber is drawn at 0 each (Law 11)"


def test_the_declarer_s_own_revoke_with_points_chosen_scores_them_nothing():
    own = score_deal(Contract("1NT", "Ann"), "We", "They", Outcome(9, revoke=("We", "points")), Settings())
    assert own.parts["revoke"] == {"We": 0, "They": 100} and own.trick == {"We": 0, "They": 0}
    assert own.total("We") == 0 and own.total("They") == 100


def test_the_rubber_score_of_a_sheet_that_is_not_a_rubber_is_its_totals():
    from scorepad.rules.five_hundred import RULES as FIVE_HUNDRED

    sheet = replay(
        Header(
            scorepad=1, game=FIVE_HUNDRED.game, id="t", created=AT, players=("Ann", "Bob", "Cid"), rules={}
        ),
        [],
    )
    score = rubber_score(sheet)
    zeros = dict.fromkeys(sheet.totals, 0)
    assert (score.trick, score.honour, score.bonus, score.total) == (zeros, zeros, zeros, dict(sheet.totals))
    assert (score.over, score.winner, score.size, score.stopped) == (False, None, 0, False)
