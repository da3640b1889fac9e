"""Five Hundred: every rule of /work/shared/rules/five-hundred.md, its worked examples, settings and laws."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from scorepad.log import Entry, parse_entry
from scorepad.rules import Replayer, replay, rules_for
from scorepad.rules.base import Sheet
from scorepad.rules.five_hundred import (
    PRESETS,
    RULES,
    Settings,
    all_calls,
    bid_rank,
    bid_value,
    call_choices,
    calls_above,
    deck_points,
    display_call,
    legal_calls,
    outranks,
    parse_call,
    schedule_table,
    won_lost_net,
)
from scorepad.rules.five_hundred.view import DealCells
from tests.helpers import AT, header

THREE = ["Ann", "Bob", "Cid"]
FOUR = ["N", "E", "S", "W"]
NS, EW = "N & S", "E & W"
FIVE = ["Ann", "Bob", "Cid", "Dan", "Eve"]
SIX = ["A", "B", "C", "D", "E", "F"]
LAW = "an error in the record must be corrected before the first bid, but not a pass, of the next deal"


class Log:
    """A game log under construction: each add() numbers the entry; sheet() replays it."""

    def __init__(
        self, players: list[str] | None = None, sides: dict[str, list[str]] | None = None, **rules: Any
    ):
        self.header = header("five_hundred", players or THREE, rules, sides)
        self.entries: list[Entry] = []

    def entry(self, type: str, **fields: Any) -> Entry:
        return parse_entry(
            "five_hundred", {"type": type, "seq": len(self.entries) + 1, "at": AT.isoformat(), **fields}
        )

    def add(self, type: str, **fields: Any) -> int:
        self.entries.append(self.entry(type, **fields))
        return len(self.entries)

    def deal(self, dealer: str) -> int:
        return self.add("deal", dealer=dealer)

    def bid(self, player: str, call: str) -> int:
        return self.add("bid", player=player, call=call)

    def bids(self, *pairs: str) -> int:
        """bids("Bob 7H", "Cid pass", …)"""
        seq = 0
        for pair in pairs:
            player, call = pair.split()
            seq = self.bid(player, call)
        return seq

    def contract(self, player: str, call: str) -> int:
        return self.add("contract", player=player, call=call)

    def result(self, tricks: dict[str, int], **extra: Any) -> int:
        return self.add("result", tricks=tricks, **extra)

    def play(self, player: str, call: str, tricks: dict[str, int], **extra: Any) -> int:
        """Quick entry of one deal: the contract, then the result; returns the result's seq."""
        self.contract(player, call)
        return self.result(tricks, **extra)

    def irregularity(self, kind: str, player: str) -> int:
        return self.add("irregularity", kind=kind, player=player)

    def claim(self, player: str, upheld: bool) -> int:
        return self.add("claim", player=player, upheld=upheld)

    def amend(self, target: int, type: str, override: bool = False, **fields: Any) -> int:
        return self.add("amend", target=target, override=override, entry={"type": type, **fields})

    def void(self, target: int, override: bool = False) -> int:
        return self.add("void", target=target, override=override)

    def sheet(self) -> Sheet:
        return replay(self.header, self.entries)

    def check(self, type: str, **fields: Any) -> str | None:
        """Why this entry, appended now, would be refused (None: accepted)."""
        return Replayer(self.header).extend(self.entries).check(self.entry(type, **fields))

    def rejected(self) -> dict[int, str]:
        return {r.seq: r.reason for r in self.sheet().rejected}


def refused(log: Log, seq: int) -> str:
    reasons = log.rejected()
    assert seq in reasons, f"entry {seq} was accepted"
    return reasons[seq]


def accepted(log: Log) -> Sheet:
    sheet = log.sheet()
    assert not sheet.rejected, sheet.rejected
    return sheet


# ============================================================================ settings and sides


def test_defaults_follow_design_section_5():
    s = RULES.settings({})
    assert (s.schedule, s.target, s.card_points, s.slam_bonus) == ("avondale", 500, False, True)
    assert (s.defenders_score, s.defenders_cap, s.nullo, s.nullo_value, s.open_nullo_value) == (
        "always",
        False,
        True,
        250,
        500,
    )
    assert (s.failed_nullo_opponents, s.all_pass, s.must_bid_to_win, s.minus_target) == (
        "per_trick",
        "redeal",
        False,
        "out_of_contention",
    )
    assert s.six_hand_sides == "two_threes"
    assert s.defenders_cap_points == 490
    assert s.auction == "one_round"


def test_every_setting_is_described_for_the_form():
    for name, field in Settings.model_fields.items():
        assert field.description, name


def test_settings_refuse_unknown_keys_and_card_points_to_500():
    with pytest.raises(ValidationError):
        RULES.settings({"tarjet": 400})
    with pytest.raises(ValueError, match="1000 or 1500"):
        RULES.settings({"card_points": True, "target": 500})
    assert RULES.settings({"card_points": True, "target": 1500}).target == 1500


def test_card_points_without_a_target_plays_to_1000():
    settings = RULES.settings({"card_points": True})
    assert settings.card_points and settings.target == 1000
    assert RULES.settings({"card_points": False}).target == 500
    # the game really goes on to 1000: 520 on the first deal does not win
    log = Log(card_points=True)
    log.play("Ann", "10NT", {"Ann": 10}, card_points={"Ann": 260})
    sheet = accepted(log)
    assert sheet.totals["Ann"] == 520 + 260 and sheet.status == "in_progress"


def test_presets():
    assert set(PRESETS) == {"avondale", "original", "card_points_1000", "card_points_1500"}
    assert RULES.settings({"preset": "original"}).schedule == "original"
    card = RULES.settings({"preset": "card_points_1000"})
    assert card.card_points and card.target == 1000
    with pytest.raises(ValueError, match="unknown preset"):
        RULES.settings({"preset": "nope"})


@pytest.mark.parametrize(
    ("players", "rules", "sides"),
    [
        (["Ann", "Bob"], {}, {"Ann": ("Ann",), "Bob": ("Bob",)}),
        (THREE, {}, {"Ann": ("Ann",), "Bob": ("Bob",), "Cid": ("Cid",)}),
        (FOUR, {}, {NS: ("N", "S"), EW: ("E", "W")}),
        (FIVE, {}, {p: (p,) for p in FIVE}),
        (SIX, {}, {"A & C & E": ("A", "C", "E"), "B & D & F": ("B", "D", "F")}),
        (
            SIX,
            {"six_hand_sides": "three_twos"},
            {"A & D": ("A", "D"), "B & E": ("B", "E"), "C & F": ("C", "F")},
        ),
    ],
)
def test_default_sides(players, rules, sides):
    assert dict(Log(players, **rules).sheet().sides) == sides


def test_header_sides_override_the_default():
    sheet = Log(FOUR, sides={"NE": ["N", "E"], "SW": ["S", "W"]}).sheet()
    assert dict(sheet.sides) == {"NE": ("N", "E"), "SW": ("S", "W")}


def test_player_count_limits():
    assert RULES.check_players(("a",)) is not None
    assert RULES.check_players(tuple("abcdefg")) is not None
    assert RULES.check_players(tuple("abc")) is None


# ============================================================================ bids: values, ranks, parsing

AVONDALE_TABLE = {
    6: [40, 60, 80, 100, 120],
    7: [140, 160, 180, 200, 220],
    8: [240, 260, 280, 300, 320],
    9: [340, 360, 380, 400, 420],
    10: [440, 460, 480, 500, 520],
}
ORIGINAL_TABLE = {
    "S": [40, 80, 120, 160, 200],
    "C": [60, 120, 180, 240, 300],
    "D": [80, 160, 240, 320, 400],
    "H": [100, 200, 300, 400, 500],
    "NT": [120, 240, 360, 480, 600],
}


def test_avondale_schedule_table():
    s = Settings()
    for tricks, values in AVONDALE_TABLE.items():
        assert [bid_value(f"{tricks}{st}", s) for st in ("S", "C", "D", "H", "NT")] == values
    suit_values = [bid_value(c, s) for c in all_calls(s) if c not in ("nullo", "open_nullo")]
    assert len(set(suit_values)) == len(suit_values)  # no two Avondale bids share a value


def test_original_schedule_table():
    s = Settings(schedule="original")
    for strain, values in ORIGINAL_TABLE.items():
        assert [bid_value(f"{t}{strain}", s) for t in range(6, 11)] == values
    assert bid_value("8S", s) == bid_value("7C", s) == 120


def test_nullo_values_are_settings():
    s = Settings(nullo_value=300, open_nullo_value=600)
    assert (bid_value("nullo", s), bid_value("open_nullo", s)) == (300, 600)
    assert (bid_value("nullo", Settings()), bid_value("open_nullo", Settings())) == (250, 500)


@pytest.mark.parametrize("schedule", ["avondale", "original"])
def test_nullo_ranks_between_8s_and_8c_open_nullo_between_10d_and_10h(schedule):
    s = Settings(schedule=schedule)
    assert outranks("nullo", "8S", s) and not outranks("nullo", "8C", s)
    assert outranks("open_nullo", "10D", s) and not outranks("open_nullo", "10H", s)
    assert outranks("10H", "open_nullo", s)
    # the rank is a place in the table, not the value: a dearer nullo keeps its place
    dear = Settings(schedule=schedule, nullo_value=900)
    assert bid_rank("nullo", dear) == bid_rank("nullo", s)
    if schedule == "avondale":
        ladder = all_calls(s)
        assert ladder[ladder.index("8S") + 1] == "nullo" and ladder[ladder.index("nullo") + 1] == "8C"
        assert (
            ladder[ladder.index("10D") + 1] == "open_nullo"
            and ladder[ladder.index("open_nullo") + 1] == "10H"
        )


def test_original_schedule_equal_value_does_not_outrank():
    s = Settings(schedule="original")
    assert not outranks("8S", "7C", s) and not outranks("7C", "8S", s)
    assert outranks("7D", "8S", s)  # 160 > 120
    assert outranks("8S", "7C", Settings())  # Avondale: 240 > 160


def test_nullo_off_removes_both_nullos():
    s = Settings(nullo=False)
    assert "nullo" not in all_calls(s) and "open_nullo" not in all_calls(s)
    assert len(all_calls(s)) == 25


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("7h", "7H"),
        ("7H", "7H"),
        ("7♥", "7H"),
        ("7 ♥", "7H"),
        ("10nt", "10NT"),
        ("10NT", "10NT"),
        ("6♠", "6S"),
        ("8c", "8C"),
        ("9♦", "9D"),
        ("n", "nullo"),
        ("nullo", "nullo"),
        ("NULLO", "nullo"),
        ("on", "open_nullo"),
        ("open nullo", "open_nullo"),
        ("open_nullo", "open_nullo"),
        ("p", "pass"),
        ("pass", "pass"),
        ("PASS", "pass"),
    ],
)
def test_parse_call(text, call):
    assert parse_call(text) == call


@pytest.mark.parametrize("text", ["", "5h", "11s", "7x", "7", "hearts", "nullo7"])
def test_parse_call_refuses_nonsense(text):
    with pytest.raises(ValueError, match="not a call"):
        parse_call(text)


def test_display_call():
    assert [display_call(c) for c in ("7H", "10NT", "6S", "8C", "9D", "nullo", "open_nullo", "pass")] == [
        "7♥",
        "10NT",
        "6♠",
        "8♣",
        "9♦",
        "nullo",
        "open nullo",
        "pass",
    ]


def test_schedule_table_for_display():
    table = schedule_table(Settings())
    assert table["rows"][1] == {"tricks": 7, "S": 140, "C": 160, "D": 180, "H": 200, "NT": 220}
    assert table["nullos"][0] == {
        "call": "nullo",
        "display": "nullo",
        "value": 250,
        "ranks": "above 8♠, below 8♣",
    }
    assert table["nullos"][1]["ranks"] == "above 10♦, below 10♥"
    assert [step["call"] for step in table["ladder"]] == all_calls(Settings())
    assert schedule_table(Settings(schedule="original"))["rows"][0]["NT"] == 120
    assert schedule_table(Settings(nullo=False))["nullos"] == []


def test_call_choices_and_calls_above():
    assert call_choices()[0] == ("6S", "6♠", 40)
    assert call_choices({"schedule": "original"})[-1] == ("10NT", "10NT", 600)
    assert calls_above("10H", Settings()) == ["10NT"]


# ============================================================================ the auction


def test_bidding_starts_left_of_the_dealer_and_goes_clockwise():
    log = Log()
    log.deal("Ann")
    assert log.sheet().prompt == "Bob to bid"
    assert "it is Bob's turn to bid, not Ann's" == refused(log, log.bid("Ann", "6S"))
    log.bids("Bob 6S", "Cid 6C")
    sheet = log.sheet()
    assert sheet.view.to_bid == "Ann"
    assert sheet.prompt == "Ann to bid (6♣ to beat)"


def test_bid_must_outrank_the_last_and_the_reason_names_it():
    log = Log()
    log.deal("Ann")
    log.bids("Bob 7H")
    reason = refused(log, log.bid("Cid", "7D"))
    assert reason == "7♦ does not outrank 7♥ by Bob: the bid to beat is 7♥"


def test_original_schedule_refuses_a_bid_of_equal_value():
    log = Log(schedule="original")
    log.deal("Ann")
    log.bids("Bob 7C")
    reason = refused(log, log.bid("Cid", "8S"))
    assert "worth 120, the same as 7♣ by Bob" in reason and "must be of higher value" in reason
    log2 = Log(schedule="original")
    log2.deal("Ann")
    log2.bids("Bob 7C", "Cid 7D")
    accepted(log2)


def test_nullo_bids_in_the_auction():
    log = Log()
    log.deal("Ann")
    log.bids("Bob 8S", "Cid nullo")
    assert refused(log, log.bid("Ann", "8S")).startswith("8♠ does not outrank nullo")
    log = Log(auction="continuous")
    log.deal("Ann")
    log.bids("Bob 8S", "Cid nullo", "Ann 8C", "Bob 10D", "Cid open_nullo", "Ann 10H")
    accepted(log)
    log = Log()
    log.deal("Ann")
    log.bids("Bob 8C")
    assert "nullo does not outrank 8♣" in refused(log, log.bid("Cid", "nullo"))


def test_nullo_off_refuses_nullo_bids():
    log = Log(nullo=False)
    log.deal("Ann")
    assert refused(log, log.bid("Bob", "nullo")) == "nullo is not bid in this game (nullo is off)"
    assert "open nullo is not bid" in log.check("contract", player="Bob", call="open_nullo")


def test_continuous_a_player_who_passed_cannot_bid_again():
    log = Log(auction="continuous")
    log.deal("Ann")
    log.bids("Bob pass", "Cid 6S", "Ann 6C")
    assert refused(log, log.bid("Bob", "7S")) == "Bob passed earlier and cannot bid again this deal"
    # Cid is next (Bob is skipped)
    assert log.sheet().view.to_bid == "Cid"


def test_continuous_auction_ends_when_all_but_one_have_passed():
    log = Log(auction="continuous")
    log.deal("Ann")
    log.bids("Bob 6S", "Cid 7H", "Ann pass", "Bob pass")
    sheet = accepted(log)
    assert sheet.view.contract == "7H" and sheet.view.contractor == "Cid"
    assert sheet.prompt == "Result of Cid's 7♥"
    assert refused(log, log.bid("Cid", "8H")).startswith("the auction is over: Cid has the contract at 7♥")


def test_continuous_high_bidder_bids_again_when_outbid():
    log = Log(auction="continuous")
    log.deal("Ann")
    log.bids("Bob 6S", "Cid 7H", "Ann pass", "Bob 8S", "Cid pass")
    assert accepted(log).view.contractor == "Bob"


def test_one_round_each_player_one_call_the_dealer_last():
    log = Log()  # one_round is the default
    log.deal("Ann")
    log.bids("Bob 6S", "Cid 7H")
    view = accepted(log).view
    assert view.auction_mode == "one_round" and view.to_bid == "Ann" and view.yet_to_call == ("Ann",)
    log.bid("Ann", "pass")  # the dealer's call ends the auction: the highest bid is the contract
    sheet = accepted(log)
    assert (sheet.view.contractor, sheet.view.contract) == ("Cid", "7H")
    assert sheet.prompt == "Result of Cid's 7♥"
    assert refused(log, log.bid("Bob", "8S")).startswith("the auction is over: Cid has the contract at 7♥")


def test_one_round_a_player_who_has_bid_cannot_bid_again():
    log = Log(FOUR)
    log.deal("W")
    log.bids("N 6S", "E 6C", "S pass")
    assert refused(log, log.bid("N", "7S")) == (
        "N has had his call this deal: in this auction each player calls once, the dealer last"
    )
    log.entries.pop()
    assert refused(log, log.bid("E", "7S")).startswith("E has had his call")
    log.entries.pop()
    log.bid("W", "7C")
    assert accepted(log).view.contractor == "W"


def test_one_round_all_pass_is_thrown_in_after_the_dealer():
    log = Log()
    log.deal("Ann")
    log.bids("Bob pass", "Cid pass")
    assert accepted(log).view.to_bid == "Ann"
    log.bid("Ann", "pass")
    sheet = accepted(log)
    assert sheet.view.last_thrown_in == "all passed" and sheet.view.next_dealer == "Bob"


def test_one_round_a_barred_player_is_skipped():
    log = Log()
    log.deal("Ann")
    log.irregularity("wrong_cards", "Cid")  # Cid may not bid this deal: Bob, then Ann (the dealer)
    log.bids("Bob 6S")
    assert accepted(log).view.to_bid == "Ann"
    assert log.sheet().view.yet_to_call == ("Ann",)
    log.bid("Ann", "pass")
    assert accepted(log).view.contractor == "Bob"
    # the dealer barred: the auction closes with the last other player's call
    log = Log()
    log.deal("Ann")
    log.irregularity("wrong_cards", "Ann")
    log.bids("Bob pass", "Cid 6H")
    view = accepted(log).view
    assert (view.contractor, view.contract) == ("Cid", "6H")


def test_one_round_bid_out_of_turn_bars_the_side_and_the_rest_call_once():
    log = Log(FOUR)
    log.deal("W")
    log.bids("N 6S")
    log.irregularity("bid_out_of_turn", "W")  # E's turn: W's bid is void, E & W bid no more
    log.bids("S pass")  # E and W are skipped: N has the contract
    view = accepted(log).view
    assert (view.contractor, view.contract) == ("N", "6S")


def test_continuous_goes_round_until_all_but_one_have_passed():
    log = Log(auction="continuous")
    log.deal("Ann")
    log.bids("Bob 6S", "Cid 7H", "Ann pass")
    assert accepted(log).view.to_bid == "Bob"  # round again: Bob may raise
    assert accepted(log).view.yet_to_call == ()
    log.bids("Bob 8S", "Cid pass")
    assert accepted(log).view.contractor == "Bob"


def test_the_last_player_may_still_bid_after_two_passes():
    log = Log()
    log.deal("Ann")
    log.bids("Bob pass", "Cid pass")
    view = accepted(log).view
    assert view.to_bid == "Ann" and view.contract is None
    log.bid("Ann", "6S")
    assert accepted(log).view.contractor == "Ann"


def test_all_pass_throws_the_deal_in_and_the_deal_passes_on():
    log = Log()
    log.deal("Ann")
    log.bids("Bob pass", "Cid pass", "Ann pass")
    sheet = accepted(log)
    assert sheet.rows == () and sheet.view.next_dealer == "Bob"
    assert sheet.prompt == "All passed: Bob deals next; Cid bids first"
    assert refused(log, log.deal("Ann")) == "all passed on Ann's deal, so the deal passes to Bob"
    log.deal("Bob")
    assert refused(log, log.result({"Ann": 10})).startswith("a result needs a contract")
    assert len(log.rejected()) == 2


def test_all_pass_played_at_no_trump():
    log = Log(all_pass="no_trump")
    log.deal("Ann")
    log.bids("Bob pass", "Cid pass", "Ann pass")
    assert log.sheet().prompt == "Result of the no-trump deal (all passed)"
    assert "played at no trump" in log.check("bid", player="Bob", call="6S")
    log.result({"Ann": 5, "Bob": 3, "Cid": 2})
    sheet = accepted(log)
    assert dict(sheet.rows[0].delta) == {"Ann": 50, "Bob": 30, "Cid": 20}
    assert sheet.rows[0].text == "all passed: played at no trump"
    assert sheet.rows[0].cells.outcome == "no trump"


def test_a_result_needs_a_contract():
    log = Log()
    assert refused(log, log.result({"Ann": 10})).startswith("a result needs a contract")
    log.deal("Ann")
    log.bids("Bob 6S")
    assert refused(log, log.result({"Bob": 10})) == "deal 1's auction is not over: Cid to bid"


def test_contract_quick_entry_and_no_second_contract():
    log = Log()
    log.deal("Ann")
    log.contract("Cid", "7H")
    assert refused(log, log.contract("Bob", "8H")).startswith(
        "the auction is over: Cid has the contract at 7♥"
    )
    log2 = Log()
    log2.deal("Ann")
    log2.bids("Bob 6S")
    assert "auction is being entered bid by bid (Cid to bid, 6♠ to beat)" in refused(
        log2, log2.contract("Cid", "7H")
    )


def test_deals_without_deal_entries_rotate_the_dealer_from_the_first_player():
    log = Log()
    log.play("Ann", "6S", {"Ann": 6, "Bob": 2, "Cid": 2})
    log.bids("Cid pass", "Ann pass", "Bob 6C")  # Bob deals deal 2: Cid bids first
    log.result({"Bob": 6, "Ann": 4})
    sheet = accepted(log)
    assert [row.cells.dealer for row in sheet.rows] == ["Ann", "Bob"]
    assert sheet.prompt == "Cid deals next; Ann bids first"


def test_dealer_rotation_is_enforced():
    log = Log()
    log.deal("Bob")  # the cut decides the first dealer
    log.play("Cid", "6S", {"Cid": 6, "Ann": 4})
    assert refused(log, log.deal("Bob")) == "Bob dealt the last deal: the deal passes to Cid"
    log.deal("Cid")
    assert refused(log, log.deal("Ann")).startswith("deal 2 by Cid has no result yet")
    assert accepted_with(log, 2)


def accepted_with(log: Log, rejections: int) -> bool:
    return len(log.sheet().rejected) == rejections


def test_deal_by_the_same_dealer_without_result_is_a_redeal():
    log = Log()
    log.deal("Ann")
    log.bids("Bob 7H", "Cid pass")
    log.deal("Ann")
    sheet = accepted(log)
    assert sheet.view.auction == () and sheet.view.to_bid == "Bob"
    log.bids("Bob 6S")  # Bob's earlier bid and Cid's pass are gone with the redeal


def test_unknown_player_is_refused():
    log = Log()
    assert "'Zed' is not a player of this game" in refused(log, log.bid("Zed", "6S"))


def test_legal_calls_and_view_for_the_screen():
    log = Log()
    log.deal("Ann")
    log.bids("Bob 10D")
    sheet = log.sheet()
    assert legal_calls(sheet) == ["pass", "open_nullo", "10H", "10NT"]
    view = sheet.view
    assert (view.phase, view.dealer, view.high_bid, view.bid_to_beat) == ("auction", "Ann", "10D", "10♦")
    assert view.auction == (("Bob", "10D"),)
    empty = Log().sheet()
    assert empty.view.phase == "deal" and empty.view.to_bid == "Bob"
    assert len(legal_calls(empty)) == 28
    assert empty.prompt == "Ann deals (or enter who dealt); Bob bids first"


# ============================================================================ bid out of turn, wrong cards


def test_bid_out_of_turn_partnership_bars_the_side_and_the_partners_bid_stands():
    log = Log(FOUR)
    log.deal("W")
    log.bids("N 6S", "E pass")
    log.irregularity("bid_out_of_turn", "W")  # W bid before S: void, E & W bid no more
    sheet = accepted(log)
    assert set(sheet.view.barred) == {"E", "W"}
    assert "E & W bid out of turn" in refused(log, log.bid("W", "7S"))
    log.entries.pop()
    log.bid("S", "pass")  # W is barred and N's bid stands: the auction is over
    sheet = accepted(log)
    assert sheet.view.contractor == "N" and sheet.view.contract == "6S"


def test_bid_out_of_turn_the_offenders_partners_earlier_bid_stands():
    log = Log(FOUR)
    log.deal("W")
    log.bids("N 6S")
    log.irregularity("bid_out_of_turn", "S")  # E's turn: S's bid is void and N & S bid no more
    assert log.sheet().view.to_bid == "E"
    log.bids("E pass", "W pass")
    sheet = accepted(log)
    assert sheet.view.contractor == "N" and sheet.view.contract == "6S"


def test_bid_out_of_turn_bars_a_side_that_was_outbid():
    log = Log(FOUR)
    log.deal("W")
    log.bids("N 6S", "E 6C")
    log.irregularity("bid_out_of_turn", "N")  # S's turn: N's bid is void, N & S bid no more
    log.bids("W pass")  # S is barred and skipped: E has the contract
    sheet = accepted(log)
    assert sheet.view.contractor == "E" and sheet.view.contract == "6C"


def test_bid_out_of_turn_three_hand_has_no_penalty():
    log = Log()
    log.deal("Ann")
    log.irregularity("bid_out_of_turn", "Cid")  # Bob's turn; Cid's bid is void, no more
    log.bids("Bob 6S", "Cid 7S")
    sheet = accepted(log)
    assert sheet.view.barred == {} and sheet.view.high_bidder == "Cid"


def test_bid_out_of_turn_refused_outside_the_auction_or_in_turn():
    log = Log(FOUR)
    log.deal("W")
    assert refused(log, log.irregularity("bid_out_of_turn", "N")) == (
        "it is N's turn to bid, so the bid is not out of turn: enter it as a bid"
    )
    log.entries.pop()
    log.contract("N", "7H")
    assert "matters only during the auction" in refused(log, log.irregularity("bid_out_of_turn", "E"))


def test_wrong_cards_during_bidding_bars_that_player():
    log = Log()
    log.deal("Ann")
    log.irregularity("wrong_cards", "Bob")
    assert "may not bid this deal: a wrong number of cards" in refused(log, log.bid("Bob", "6S"))
    log.entries.pop()
    log.bids("Cid 6S", "Ann pass")  # Bob barred: Cid wins
    assert accepted(log).view.contractor == "Cid"


def test_two_hands_wrong_during_the_bidding_means_a_new_deal_by_the_same_dealer():
    log = Log()
    log.deal("Ann")
    log.irregularity("wrong_cards", "Bob")
    log.irregularity("wrong_cards", "Cid")
    sheet = accepted(log)
    assert sheet.rows == () and sheet.view.last_thrown_in == "two hands were wrong during the bidding"
    assert sheet.view.next_dealer == "Ann"  # the same dealer deals again
    log.deal("Ann")
    log.bids("Bob 6S", "Cid pass", "Ann pass")  # Bob bids again in the new deal
    assert accepted(log).view.contractor == "Bob"
    four = Log(FOUR)
    four.deal("W")
    four.bids("N 6S")
    four.irregularity("wrong_cards", "S")
    four.irregularity("wrong_cards", "W")
    view = accepted(four).view
    assert view.contractor is None and view.next_dealer == "W"  # N does not get 6♠ by default


def test_everyone_barred_or_passed_without_a_bid_is_all_pass():
    log = Log(FOUR)
    log.deal("W")
    log.bids("N pass")
    log.irregularity("bid_out_of_turn", "W")
    log.bids("S pass")
    sheet = accepted(log)
    assert sheet.view.phase == "deal" and sheet.view.next_dealer == "N"


# ============================================================================ scoring: worked examples


def test_example_1_three_hand_contract_made():
    log = Log()
    log.play("Ann", "7H", {"Ann": 8, "Bob": 1, "Cid": 1})
    row = accepted(log).rows[0]
    assert dict(row.delta) == {"Ann": 200, "Bob": 10, "Cid": 10}
    assert row.text == "Ann 7♥ made"
    assert (row.cells.contract, row.cells.contractor, row.cells.outcome) == ("7♥", "Ann", "made")
    assert (row.cells.tricks_won, row.cells.tricks_bid, row.cells.value) == (8, 7, 200)
    assert row.cells.tricks_text == "Ann 8, Bob 1, Cid 1"
    assert (row.cells.tricks["Bob"], row.cells.won["Bob"], row.cells.lost["Bob"]) == (1, 10, 0)


def test_example_2_three_hand_contract_set():
    log = Log()
    log.play("Ann", "7H", {"Ann": 6, "Bob": 2, "Cid": 2})
    row = accepted(log).rows[0]
    assert dict(row.delta) == {"Ann": -200, "Bob": 20, "Cid": 20}
    assert row.text == "Ann 7♥ set" and row.cells.lost["Ann"] == 200 and row.cells.won["Ann"] == 0


def test_example_3_four_hand_slam():
    log = Log(FOUR)
    log.play("N", "8S", {NS: 10, EW: 0})
    log.play("E", "9S", {EW: 10, NS: 0})
    sheet = accepted(log)
    assert dict(sheet.rows[0].delta) == {NS: 250, EW: 0}
    assert dict(sheet.rows[1].delta) == {NS: 0, EW: 340}
    assert sheet.rows[0].text == "N 8♠ slam" and sheet.rows[0].cells.outcome == "slam"


def test_example_4_nullo_failed():
    log = Log()
    log.play("Bob", "nullo", {"Bob": 2, "Ann": 5, "Cid": 3})
    row = accepted(log).rows[0]
    assert dict(row.delta) == {"Ann": 20, "Bob": -250, "Cid": 20}
    assert row.text == "Bob nullo set" and row.cells.outcome == "nullo set" and row.cells.short == "set"


def three_hand_at_450_470_300() -> Log:
    log = Log()
    log.play("Bob", "9H", {"Bob": 9, "Ann": 1, "Cid": 0})
    log.play("Cid", "8H", {"Cid": 8, "Ann": 2, "Bob": 0})
    log.play("Ann", "9H", {"Ann": 9, "Bob": 1, "Cid": 0})
    log.play("Bob", "6C", {"Bob": 8, "Ann": 2, "Cid": 0})
    assert dict(accepted(log).totals) == {"Ann": 450, "Bob": 470, "Cid": 300}
    return log


def test_example_5_contractor_wins_when_both_reach_500():
    log = three_hand_at_450_470_300()
    log.play("Cid", "6S", {"Cid": 6, "Ann": 2, "Bob": 2})
    sheet = accepted(log)
    assert dict(sheet.totals) == {"Ann": 470, "Bob": 490, "Cid": 340} and sheet.status == "in_progress"
    log.play("Ann", "7C", {"Ann": 7, "Bob": 2, "Cid": 1})
    sheet = accepted(log)
    assert dict(sheet.totals) == {"Ann": 630, "Bob": 510, "Cid": 350}
    assert sheet.status == "finished" and sheet.winner == "Ann"
    assert (
        sheet.result
        == "Ann wins by reaching 500 with the contract, on the same deal as Bob: the contractor wins"
    )
    assert sheet.rows[-1].text == "Ann 7♣ made"
    assert sheet.prompt.startswith("The game is over: Ann wins")


def test_example_6_four_hand_side_in_the_hole_loses():
    log = Log(FOUR)
    log.play("E", "10S", {EW: 5, NS: 5})
    assert dict(accepted(log).totals) == {NS: 50, EW: -440}
    log.play("W", "7D", {EW: 5, NS: 5})
    sheet = accepted(log)
    assert sheet.totals[EW] == -620
    assert sheet.status == "finished" and sheet.winner == NS
    assert sheet.result.startswith("N & S win: E & W at -620 is 500 or more in the hole")


# ============================================================================ scoring: rules and settings


def test_overtricks_score_nothing_extra():
    log = Log()
    log.play("Ann", "6S", {"Ann": 9, "Bob": 1})
    assert accepted(log).rows[0].delta["Ann"] == 40


def test_slam_bonus_off():
    log = Log(FOUR, slam_bonus=False)
    log.play("N", "8S", {NS: 10})
    assert accepted(log).rows[0].delta[NS] == 240


def test_slam_value_setting():
    log = Log(FOUR, slam_value=300)
    log.play("N", "8S", {NS: 10})
    assert accepted(log).rows[0].delta[NS] == 300


def test_defenders_score_never():
    log = Log(defenders_score="never")
    log.play("Ann", "7H", {"Ann": 6, "Bob": 2, "Cid": 2})
    assert dict(accepted(log).rows[0].delta) == {"Ann": -200, "Bob": 0, "Cid": 0}


def test_defenders_score_when_set():
    log = Log(defenders_score="when_set")
    log.play("Ann", "7H", {"Ann": 8, "Bob": 1, "Cid": 1})
    log.play("Ann", "7H", {"Ann": 6, "Bob": 3, "Cid": 1})
    rows = accepted(log).rows
    assert dict(rows[0].delta) == {"Ann": 200, "Bob": 0, "Cid": 0}
    assert dict(rows[1].delta) == {"Ann": -200, "Bob": 30, "Cid": 10}


def test_defenders_cap_stops_opponents_at_490():
    log = Log(["Ann", "Bob"], defenders_cap=True)
    log.play("Bob", "9D", {"Bob": 9, "Ann": 1})
    log.play("Bob", "6H", {"Bob": 6, "Ann": 4})
    assert accepted(log).totals["Bob"] == 480
    log.play("Ann", "6S", {"Ann": 7, "Bob": 3})
    sheet = accepted(log)
    assert sheet.rows[-1].delta["Bob"] == 10 and sheet.totals["Bob"] == 490 and sheet.status == "in_progress"
    log.play("Ann", "6S", {"Ann": 6, "Bob": 4})
    assert log.sheet().totals["Bob"] == 490


def test_without_cap_opponents_go_out_on_tricks():
    log = Log(["Ann", "Bob"])
    log.play("Bob", "9D", {"Bob": 9, "Ann": 1})
    log.play("Bob", "6H", {"Bob": 6, "Ann": 4})
    log.play("Ann", "6S", {"Ann": 7, "Bob": 3})
    sheet = accepted(log)
    assert sheet.totals["Bob"] == 510 and sheet.winner == "Bob"
    assert sheet.result == "Bob wins by reaching 500 in defence"


def test_nullo_made_and_open_nullo_made():
    log = Log()
    log.play("Bob", "nullo", {"Bob": 0, "Ann": 6, "Cid": 4})
    log.play(
        "Cid",
        "open_nullo",
        {"Cid": 0, "Ann": 5, "Bob": 5},
    )
    rows = accepted(log).rows
    assert dict(rows[0].delta) == {"Ann": 0, "Bob": 250, "Cid": 0}  # opponents' own tricks never score
    assert rows[0].text == "Bob nullo made"
    assert dict(rows[1].delta) == {"Ann": 0, "Bob": 0, "Cid": 500}
    assert rows[1].text == "Cid open nullo made" and rows[1].cells.outcome == "open nullo made"
    assert rows[1].cells.short == "made"  # what a sheet shows beside the bid, which says "open nullo" already


def test_failed_nullo_opponents_nothing_and_values():
    log = Log(failed_nullo_opponents="nothing", nullo_value=300, open_nullo_value=550)
    log.play("Bob", "nullo", {"Bob": 3, "Ann": 4, "Cid": 3})
    log.play("Ann", "open_nullo", {"Ann": 1, "Bob": 4, "Cid": 5})
    rows = accepted(log).rows
    assert dict(rows[0].delta) == {"Ann": 0, "Bob": -300, "Cid": 0}
    assert dict(rows[1].delta) == {"Ann": -550, "Bob": 0, "Cid": 0}


def test_four_hand_nullo_failed_pays_the_opposing_side():
    log = Log(FOUR)
    log.play("N", "nullo", {NS: 1, EW: 9})
    assert dict(accepted(log).rows[0].delta) == {NS: -250, EW: 10}


def test_original_schedule_scores():
    log = Log(schedule="original")
    log.play("Ann", "8NT", {"Ann": 8, "Bob": 1, "Cid": 1})
    log.play("Bob", "10C", {"Bob": 9, "Ann": 1})
    rows = accepted(log).rows
    assert rows[0].delta["Ann"] == 360 and rows[1].delta["Bob"] == -300


def test_tricks_must_add_up_to_ten_and_name_sides():
    log = Log()
    log.contract("Ann", "7H")
    assert refused(log, log.result({"Ann": 7, "Bob": 2})) == "the tricks add up to 9, not 10"
    reason = refused(log, log.result({"Ann": 7, "Bob": 2, "Zed": 1}))
    assert "'Zed', which is not a side of this game (sides: Ann, Bob, Cid)" in reason
    log4 = Log(FOUR)
    log4.contract("N", "7H")
    assert "not a side" in refused(log4, log4.result({"N": 7, EW: 3}))


def test_second_result_for_a_deal_is_refused():
    log = Log()
    log.play("Ann", "7H", {"Ann": 7, "Bob": 3})
    assert refused(log, log.result({"Ann": 8, "Bob": 2})).startswith(
        "deal 1 already has its result: correct that result"
    )


def test_five_hand_called_partner():
    log = Log(FIVE)
    log.play("Ann", "8H", {"Ann": 4, "Cid": 4, "Bob": 1, "Dan": 1, "Eve": 0}, partner="Cid")
    row = accepted(log).rows[0]
    assert dict(row.delta) == {"Ann": 300, "Cid": 300, "Bob": 10, "Dan": 10, "Eve": 0}
    assert row.text == "Ann 8♥ made (with Cid)" and row.cells.partner == "Cid"
    log.play("Bob", "8H", {"Bob": 3, "Dan": 4, "Ann": 3}, partner="Dan")  # 7 < 8: both set
    row = accepted(log).rows[1]
    assert (row.delta["Bob"], row.delta["Dan"], row.delta["Ann"]) == (-300, -300, 30)


def test_five_hand_without_partner_plays_alone():
    log = Log(FIVE)
    log.play("Ann", "6S", {"Ann": 6, "Bob": 1, "Cid": 1, "Dan": 1, "Eve": 1})
    assert dict(accepted(log).rows[0].delta) == {"Ann": 40, "Bob": 10, "Cid": 10, "Dan": 10, "Eve": 10}


def test_partner_is_refused_outside_five_hand_and_with_nullo():
    log = Log()
    log.contract("Ann", "7H")
    assert refused(log, log.result({"Ann": 8, "Bob": 2}, partner="Bob")) == (
        "only in five-hand Five Hundred does the contractor name a partner"
    )
    log5 = Log(FIVE)
    log5.contract("Ann", "nullo")
    assert "played alone" in refused(log5, log5.result({"Ann": 0, "Bob": 10}, partner="Bob"))
    assert "contractor's own side" in refused(log5, log5.result({"Ann": 0, "Bob": 10}, partner="Ann"))


def test_six_hand_two_sides_of_three():
    log = Log(SIX)
    log.play("A", "8NT", {"A & C & E": 8, "B & D & F": 2})
    assert dict(accepted(log).rows[0].delta) == {"A & C & E": 320, "B & D & F": 20}


def test_six_hand_three_sides_of_two():
    log = Log(SIX, six_hand_sides="three_twos")
    log.play("B", "7S", {"B & E": 6, "A & D": 3, "C & F": 1})
    assert dict(accepted(log).rows[0].delta) == {"A & D": 30, "B & E": -140, "C & F": 10}


# ============================================================================ card-point variant


def test_card_points_every_side_scores_its_cards():
    log = Log(preset="card_points_1000")
    log.play("Ann", "7H", {"Ann": 8, "Bob": 1, "Cid": 1}, card_points={"Ann": 200, "Bob": 30, "Cid": 20})
    row = accepted(log).rows[0]
    assert dict(row.delta) == {"Ann": 400, "Bob": 40, "Cid": 30}
    assert row.cells.card_points["Ann"] == 200
    log.play("Ann", "7H", {"Ann": 6, "Bob": 2, "Cid": 2}, card_points={"Ann": 150, "Bob": 50, "Cid": 50})
    assert dict(log.sheet().rows[1].delta) == {"Ann": -50, "Bob": 70, "Cid": 70}


def test_card_points_checked_against_the_pack():
    assert deck_points(3) == 260 and deck_points(4) == 312 and deck_points(5) == 340 and deck_points(6) == 458
    log = Log(card_points=True, target=1500)
    log.contract("Ann", "7H")
    reason = refused(
        log, log.result({"Ann": 8, "Bob": 1, "Cid": 1}, card_points={"Ann": 250, "Bob": 10, "Cid": 10})
    )
    assert reason.startswith("the card points add up to 270, more than the 260 in the pack (33 cards")
    assert refused(log, log.result({"Ann": 8, "Bob": 2})) == (
        "the card-point variant needs each side's card points (card_points)"
    )
    assert refused(log, log.result({"Ann": 8, "Bob": 2}, card_points={"Ann": 200, "Cid": 5})) == (
        "Cid won no trick, so cannot have 5 card points"
    )
    log.result({"Ann": 8, "Bob": 2}, card_points={"Ann": 200, "Bob": 60})
    assert log.sheet().rows[0].delta["Ann"] == 400


def test_card_points_refused_when_the_variant_is_off():
    log = Log()
    log.contract("Ann", "7H")
    assert refused(log, log.result({"Ann": 8, "Bob": 2}, card_points={"Ann": 100})) == (
        "card points are not counted in this game (card_points is off)"
    )


def test_card_points_game_goes_to_the_target():
    log = Log(FOUR, preset="card_points_1000")
    log.play("N", "10NT", {NS: 10}, card_points={NS: 300})
    assert accepted(log).totals[NS] == 520 + 300  # a slam of 10NT scores its value; < 1000
    log.play("N", "6S", {NS: 6, EW: 4}, card_points={NS: 200, EW: 100})
    sheet = accepted(log)
    assert sheet.totals[NS] == 820 + 40 + 200 and sheet.totals[EW] == 40 + 100 and sheet.winner == NS


# ============================================================================ game end


def bob_and_cid_near_500() -> Log:
    """Ann 0 … Bob 480, Cid 480: a deal where both defenders take three tricks passes both."""
    log = Log()
    log.play("Bob", "9H", {"Bob": 9, "Ann": 1})  # Ann 10, Bob 400
    log.play("Cid", "9H", {"Cid": 9, "Ann": 1})  # Ann 20, Cid 400
    log.play("Bob", "6C", {"Bob": 6, "Ann": 4})  # Ann 60, Bob 460
    log.play("Cid", "6C", {"Cid": 6, "Ann": 4})  # Ann 100, Cid 460
    log.play("Ann", "6S", {"Ann": 6, "Bob": 2, "Cid": 2})
    assert dict(accepted(log).totals) == {"Ann": 140, "Bob": 480, "Cid": 480}
    return log


def test_three_hand_both_opponents_pass_500_asks_who_was_first():
    log = bob_and_cid_near_500()
    seq = log.play("Ann", "6S", {"Ann": 4, "Bob": 3, "Cid": 3})
    sheet = accepted(log)
    assert sheet.status == "in_progress" and sheet.winner is None
    assert sheet.questions == (
        "Who reached 500 first in the play of deal 6: Bob or Cid? Correct deal 6's result to say who "
        "(or who won each trick).",
    )
    assert sheet.summary()["questions"] == list(sheet.questions)
    assert sheet.prompt == sheet.questions[0] and sheet.view.phase == "question"
    assert sheet.view.rivals == ("Bob", "Cid")  # what a form offers as answers
    assert refused(log, log.deal("Cid")).startswith("first answer the open question: Who reached 500 first")
    log.entries.pop()
    log.amend(seq, "result", tricks={"Ann": 4, "Bob": 3, "Cid": 3}, first_to_target="Cid")
    sheet = accepted(log)
    assert sheet.questions == () and sheet.winner == "Cid" and sheet.status == "finished"
    assert (
        sheet.result == "Cid wins by reaching 500 first in the play (Bob and Cid reach it on the same deal)"
    )


def test_first_to_target_in_the_result_answers_at_once():
    log = bob_and_cid_near_500()
    log.play("Ann", "6S", {"Ann": 4, "Bob": 3, "Cid": 3}, first_to_target="Bob")
    assert accepted(log).winner == "Bob"


def test_trick_winners_answer_who_was_first():
    log = bob_and_cid_near_500()
    order = ["Ann", "Cid", "Bob", "Ann", "Bob", "Ann", "Cid", "Bob", "Ann", "Cid"]  # Bob's 2nd trick is first
    log.play("Ann", "6S", {"Ann": 4, "Bob": 3, "Cid": 3}, trick_winners=order)
    sheet = accepted(log)
    assert sheet.winner == "Bob" and sheet.questions == ()


def test_trick_winners_must_match_the_tricks():
    log = Log()
    log.contract("Ann", "6S")
    assert refused(log, log.result({"Ann": 6, "Bob": 4}, trick_winners=["Ann"] * 10)) == (
        "trick_winners give Ann 10 tricks, but the tricks say 6"
    )
    assert refused(log, log.result({"Ann": 6, "Bob": 4}, trick_winners=["Ann"] * 9)) == (
        "trick_winners lists 9 tricks, not 10"
    )
    assert refused(log, log.result({"Ann": 2, "Bob": 8}, trick_winners=["Ann"] + ["Bob"] * 9)) == (
        "trick_winners give Ann 1 trick, but the tricks say 2"
    )


def test_first_to_target_must_name_a_side_that_reaches_it():
    log = Log()
    log.contract("Ann", "6S")
    assert refused(log, log.result({"Ann": 6, "Bob": 4}, first_to_target="Bob")) == (
        "Bob does not reach 500 on this deal (40), so cannot have reached it first"
    )


def test_a_single_opponent_passing_500_wins():
    log = bob_and_cid_near_500()
    log.play("Ann", "6S", {"Ann": 6, "Bob": 3, "Cid": 1})
    sheet = accepted(log)
    assert sheet.winner == "Bob" and sheet.result == "Bob wins by reaching 500 in defence"


def test_game_over_refuses_new_entries_but_not_corrections():
    log = Log(FOUR)
    log.play("N", "9NT", {NS: 9, EW: 1})
    assert accepted(log).winner is None
    seq = log.play("N", "7S", {NS: 7, EW: 3})
    assert accepted(log).winner == NS
    assert refused(log, log.deal("S")).startswith("the game is over: N & S win")
    log.amend(seq, "result", tricks={NS: 6, EW: 4})
    sheet = log.sheet()
    assert sheet.status == "in_progress" and sheet.totals[NS] == 280
    assert sheet.rejected == ()  # S's deal (entry 5) now counts


def test_out_of_contention_side_plays_on_and_cannot_win():
    log = Log()
    log.play("Bob", "10NT", {"Bob": 5, "Ann": 5})  # Bob -520: out of contention, plays on
    sheet = accepted(log)
    assert sheet.status == "in_progress" and sheet.view.out_of_contention == ("Bob",)
    assert log.check("contract", player="Bob", call="10NT") == (
        "Bob may not bid this deal: Bob is out of the running (a side at −500 or lower cannot win any "
        "more: it plays on, but bids no more)"
    )
    log.contract("Ann", "6S")
    assert log.check("claim", player="Bob", upheld=True) == "Bob cannot win any more: 500 in the hole"
    log.result({"Ann": 6, "Bob": 4})
    log.play("Ann", "10H", {"Ann": 10})
    assert accepted(log).winner == "Ann"


def test_minus_target_ends_game_leader_wins():
    log = Log(minus_target="ends_game")
    log.play("Cid", "6S", {"Cid": 6, "Ann": 4})
    log.play("Bob", "10NT", {"Bob": 5, "Ann": 3, "Cid": 2})
    sheet = accepted(log)
    assert sheet.status == "finished" and sheet.winner == "Ann"
    assert "which ends the game, and the leader wins" in sheet.result


def test_every_side_in_the_hole_nobody_wins():
    log = Log()
    log.play("Ann", "10NT", {"Ann": 0, "Cid": 10})
    log.play("Bob", "10NT", {"Bob": 0, "Cid": 10})
    assert accepted(log).status == "in_progress"
    log.play("Cid", "10NT", {"Cid": 0, "Ann": 10})  # Cid 200 - 520 = -320: not yet
    log.play("Cid", "10NT", {"Cid": 0, "Ann": 10})
    sheet = accepted(log)
    assert sheet.status == "finished" and sheet.winner is None and sheet.result.startswith("nobody wins")


def test_must_bid_to_win_defender_passing_500_does_not_win():
    log = Log(["Ann", "Bob"], must_bid_to_win=True)
    log.play("Bob", "9D", {"Bob": 9, "Ann": 1})
    log.play("Bob", "6H", {"Bob": 6, "Ann": 4})
    log.play("Ann", "6S", {"Ann": 6, "Bob": 4})
    sheet = accepted(log)
    assert sheet.totals["Bob"] == 520 and sheet.status == "in_progress"  # the points stand
    log.play("Bob", "6S", {"Bob": 6, "Ann": 4})
    sheet = accepted(log)
    assert sheet.winner == "Bob"


def test_must_bid_to_win_a_set_contractor_does_not_win():
    log = Log(["Ann", "Bob"], must_bid_to_win=True)
    log.play("Bob", "9D", {"Bob": 9, "Ann": 1})
    log.play("Bob", "6H", {"Bob": 6, "Ann": 4})
    log.play("Ann", "6S", {"Ann": 6, "Bob": 4})  # Bob 520 defending
    log.play("Bob", "6S", {"Bob": 5, "Ann": 5})  # set: 480
    assert accepted(log).status == "in_progress"


# ============================================================================ claims


def claim_position() -> Log:
    log = bob_and_cid_near_500()
    log.contract("Ann", "6S")  # Ann 140 + 40 cannot reach 500
    return log


def test_claim_upheld_wins_for_the_claimant():
    log = claim_position()
    log.claim("Bob", True)
    sheet = accepted(log)
    assert sheet.winner == "Bob" and sheet.status == "finished"
    assert sheet.result == "Bob wins: Bob claimed the game during Ann's 6♠ and the claim was upheld"
    assert refused(log, log.result({"Ann": 6, "Bob": 2, "Cid": 2})).startswith("the game is over")


def test_claim_not_upheld_has_no_score_effect():
    log = claim_position()
    log.claim("Cid", False)
    log.result({"Ann": 6, "Bob": 1, "Cid": 3})
    sheet = accepted(log)
    assert sheet.winner == "Cid" and sheet.totals["Bob"] == 490 and sheet.view.claims == (("Cid", False),)


def test_claim_refusals():
    log = claim_position()
    assert log.check("claim", player="Ann", upheld=True) == (
        "Ann is on the contracting side: only an opponent claims the game"
    )
    log2 = bob_and_cid_near_500()
    log2.contract("Bob", "6S")
    assert log2.check("claim", player="Cid", upheld=True) == (
        "Bob can reach 500 by making 6♠ (480 + 40): an opponent may claim only when the contractor cannot"
    )
    assert Log().check("claim", player="Bob", upheld=True).startswith("a claim is made during the play")
    never = Log(defenders_score="never")
    never.contract("Ann", "6S")
    assert "never score their tricks" in never.check("claim", player="Bob", upheld=True)
    four = Log(FOUR)  # the law of the claim is three-hand's
    four.contract("N", "6S")
    assert four.check("claim", player="E", upheld=True) == (
        "only in three-hand Five Hundred may an opponent claim the game"
    )


# ============================================================================ irregularities


def test_revoke_by_the_contracting_side_sets_the_contract():
    log = Log()
    log.contract("Ann", "7H")
    log.irregularity("revoke", "Ann")
    log.result({"Ann": 8, "Bob": 1, "Cid": 1})
    row = accepted(log).rows[0]
    assert dict(row.delta) == {"Ann": -200, "Bob": 10, "Cid": 10}
    assert row.text == "Ann 7♥ set (revoke by Ann)" and row.cells.irregularity == "revoke by Ann"


def test_revoke_by_an_opponent_scores_the_contract_made_and_no_opponent_scores():
    log = Log()
    log.contract("Ann", "7H")
    log.irregularity("revoke", "Bob")
    log.result({"Ann": 5, "Bob": 2, "Cid": 3})
    assert dict(accepted(log).rows[0].delta) == {"Ann": 200, "Bob": 0, "Cid": 0}


def test_revoke_in_a_partnership_by_the_partner():
    log = Log(FOUR)
    log.contract("N", "7H")
    log.result({NS: 9, EW: 1})
    log.irregularity("revoke", "S")  # logged after the result: still deal 1's, and re-scores it
    sheet = accepted(log)
    assert dict(sheet.rows[0].delta) == {NS: -200, EW: 10} and len(sheet.rows) == 1
    assert dict(sheet.totals) == {NS: -200, EW: 10}


def test_revoke_logged_after_the_result_rescores_that_deal():
    log = Log()
    log.play("Ann", "7H", {"Ann": 8, "Bob": 1, "Cid": 1})
    log.irregularity("revoke", "Cid")
    sheet = accepted(log)
    assert len(sheet.rows) == 1 and dict(sheet.rows[0].delta) == {"Ann": 200, "Bob": 0, "Cid": 0}
    assert dict(sheet.totals) == {"Ann": 200, "Bob": 0, "Cid": 0}


def test_revoke_after_the_next_deal_started_belongs_to_the_new_deal():
    log = Log()
    log.play("Ann", "7H", {"Ann": 8, "Bob": 1, "Cid": 1})
    log.deal("Bob")
    assert (
        refused(log, log.irregularity("revoke", "Cid")) == "nobody has played yet: a revoke needs a contract"
    )


def test_revoke_after_the_winning_deal_can_undo_the_win():
    log = Log(FOUR)
    log.play("N", "9NT", {NS: 9, EW: 1})
    log.play("N", "7S", {NS: 7, EW: 3})
    assert accepted(log).winner == NS
    log.irregularity("revoke", "N")
    sheet = accepted(log)
    assert sheet.status == "in_progress" and sheet.totals[NS] == 420 - 140


def test_wrong_cards_opponent_counts_the_contract_made():
    log = Log()
    log.contract("Ann", "8H")
    log.irregularity("wrong_cards", "Bob")
    log.result({"Ann": 7, "Bob": 1, "Cid": 2})
    row = accepted(log).rows[0]
    assert dict(row.delta) == {"Ann": 300, "Bob": 10, "Cid": 20}
    assert row.cells.outcome == "made"


def test_wrong_cards_contractor_sets_the_contract():
    log = Log()
    log.contract("Ann", "8H")
    log.irregularity("wrong_cards", "Ann")
    log.result({"Ann": 9, "Bob": 1, "Cid": 0})
    assert dict(accepted(log).rows[0].delta) == {"Ann": -300, "Bob": 10, "Cid": 0}


def test_wrong_cards_on_both_sides_means_a_new_deal_by_the_same_dealer():
    log = Log()
    log.deal("Cid")
    log.contract("Ann", "8H")
    log.irregularity("wrong_cards", "Ann")
    log.irregularity("wrong_cards", "Bob")
    log.result({"Ann": 9, "Bob": 1})
    sheet = accepted(log)
    assert sheet.rows == () and sheet.view.next_dealer == "Cid"
    assert sheet.prompt.startswith("Deal thrown in: Cid deals again")


def test_nullo_revoked_by_contractor_fails_and_by_opponent_makes():
    log = Log()
    log.contract("Bob", "nullo")
    log.irregularity("revoke", "Bob")
    log.result({"Bob": 0, "Ann": 5, "Cid": 5})
    log.contract("Cid", "nullo")
    log.irregularity("revoke", "Ann")
    log.result({"Cid": 2, "Ann": 5, "Bob": 3})
    rows = accepted(log).rows
    assert dict(rows[0].delta) == {"Ann": 0, "Bob": -250, "Cid": 0}
    assert dict(rows[1].delta) == {"Ann": 0, "Bob": 0, "Cid": 250}


def test_redeal_irregularity_throws_the_deal_in():
    log = Log()
    log.deal("Ann")
    log.bids("Bob 7H")
    log.irregularity("redeal", "Ann")
    sheet = accepted(log)
    assert sheet.view.next_dealer == "Ann" and sheet.view.phase == "deal"
    assert refused(log, log.deal("Bob")) == "deal 1 was thrown in, so Ann deals again"
    log.entries.pop()
    log.bids("Bob 6S")  # a bid starts the redeal implicitly with the same dealer
    assert accepted(log).view.dealer == "Ann"


def test_redeal_after_the_result_removes_the_score():
    log = Log()
    log.play("Ann", "7H", {"Ann": 8, "Bob": 1, "Cid": 1})
    log.irregularity("redeal", "Ann")
    sheet = accepted(log)
    assert sheet.rows == () and dict(sheet.totals) == {"Ann": 0, "Bob": 0, "Cid": 0}
    assert refused(log, log.irregularity("revoke", "Bob")).startswith("deal 1 was thrown in")


def test_irregularity_before_any_deal_is_refused():
    log = Log()
    assert refused(log, log.irregularity("revoke", "Ann")) == "no deal has started yet"


def test_revoke_with_nobody_bidding_changes_nothing():
    log = Log(all_pass="no_trump")
    log.bids("Bob pass", "Cid pass", "Ann pass")
    assert "nobody won the bid on deal 1" in refused(log, log.irregularity("revoke", "Ann"))


# ============================================================================ the correction window


def two_deals() -> tuple[Log, int]:
    log = Log()
    log.deal("Ann")
    log.bids("Bob pass", "Cid 7H", "Ann pass")
    first_result = log.result({"Cid": 8, "Ann": 1, "Bob": 1})
    log.deal("Bob")
    return log, first_result


def test_amend_inside_the_window_before_the_next_deals_first_bid():
    log, seq = two_deals()
    log.bids("Cid pass")  # a pass does not close the window
    log.amend(seq, "result", tricks={"Cid": 6, "Ann": 2, "Bob": 2})
    sheet = accepted(log)
    assert sheet.rows[0].delta["Cid"] == -200 and sheet.rows[0].text == "Cid 7♥ set"


def test_amend_after_the_next_deals_first_bid_is_too_late():
    log, seq = two_deals()
    log.bids("Cid pass")
    log.bid("Ann", "6S")
    amend = log.amend(seq, "result", tricks={"Cid": 6, "Ann": 2, "Bob": 2})
    assert refused(log, amend) == (
        f"correcting deal 1's result is too late: deal 2 has had its first bid ({LAW})"
    )
    assert log.sheet().rows[0].delta["Cid"] == 200  # the record stands
    summary = log.sheet().summary()
    assert summary["rejected"] == [{"seq": amend, "reason": refused(log, amend)}]


def test_override_corrects_outside_the_window_and_is_listed():
    log, seq = two_deals()
    log.bids("Cid 6S")
    amend = log.amend(seq, "result", override=True, tricks={"Cid": 6, "Ann": 2, "Bob": 2})
    sheet = accepted(log)
    assert sheet.overrides == (amend,) and sheet.rows[0].delta["Cid"] == -200


def test_void_follows_the_same_window():
    log, seq = two_deals()
    log.void(seq)
    sheet = log.sheet()
    assert sheet.rows == ()  # deal 1 has no result now, so Bob's deal (entry 6) no longer fits
    assert [(r.seq, r.reason) for r in sheet.rejected] == [
        (6, "deal 1 by Ann has no result yet: enter its result, or a redeal by Ann")
    ]
    log2, seq2 = two_deals()
    log2.contract("Cid", "6S")  # a contract entry counts as the next deal's first bid
    void = log2.void(seq2)
    assert "striking out deal 1's result is too late: deal 2 has had its first bid" in refused(log2, void)


def test_the_knock_on_of_a_correction_is_known_before_it_is_logged():
    log, seq = two_deals()
    replayer = Replayer(log.header).extend(log.entries)
    void = log.entry("void", target=seq)
    assert [(r.seq, r.reason) for r in replayer.knock_on(void)] == [
        (6, "deal 1 by Ann has no result yet: enter its result, or a redeal by Ann")
    ]
    assert replayer.sheet().rows[0].delta["Cid"] == 200 and not replayer.sheet().rejected  # nothing changed
    amend = log.entry("amend", target=seq, entry={"type": "result", "tricks": {"Cid": 6, "Ann": 2, "Bob": 2}})
    assert replayer.knock_on(amend) == []  # a corrected result leaves the next deal as it was


def test_a_correction_is_previewed_before_it_is_logged():
    log, seq = two_deals()
    replayer = Replayer(log.header).extend(log.entries)
    amend = log.entry("amend", target=seq, entry={"type": "result", "tricks": {"Cid": 6, "Ann": 2, "Bob": 2}})
    preview = replayer.preview_correction(amend)
    assert preview.refusal is None and not preview.knock_on
    assert dict(preview.totals) == {"Cid": -200, "Ann": 20, "Bob": 20}  # Cid 7♥ set; each opponent 10 a trick
    assert [(r.seq, r.text) for r in preview.rows] == [(seq, "Cid 7♥ set")]
    assert dict(replayer.sheet().totals) == {"Cid": 200, "Ann": 10, "Bob": 10}  # nothing changed
    void = log.entry("void", target=seq)
    assert [r.seq for r in replayer.preview_correction(void).knock_on] == [6]
    replayer.push(log.entry("bid", player="Cid", call="6S"))  # the next deal's first bid closes the window
    late = replayer.preview_correction(amend)
    assert late.refusal is not None and "too late" in late.refusal and late.overridable
    assert dict(late.totals) == {"Cid": -200, "Ann": 20, "Bob": 20}  # what the table's override would do
    wrong = log.entry("amend", target=seq, entry={"type": "bid", "player": "Cid", "call": "7H"})
    refused_outright = replayer.preview_correction(wrong)
    assert refused_outright.refusal and not refused_outright.overridable and not refused_outright.rows


def test_the_game_as_it_stood_before_an_entry_has_the_corrections_made_since():
    log, seq = two_deals()
    log.amend(seq, "result", tricks={"Cid": 6, "Ann": 2, "Bob": 2})
    replayer = Replayer(log.header).extend(log.entries)
    before_result = replayer.as_of(seq)
    assert before_result.sheet().view.phase == "play" and before_result.sheet().view.contract == "7H"
    assert not before_result.sheet().rows
    before_next = replayer.as_of(6)  # Bob's deal: deal 1 as corrected (Cid set)
    assert dict(before_next.sheet().totals) == {"Cid": -200, "Ann": 20, "Bob": 20}
    assert before_next.sheet().rows[0].seq == seq  # each entry keeps its number
    assert len(replayer.log) == 7  # nothing changed


def test_irregularity_of_the_previous_deal_is_inside_its_window_until_the_next_first_bid():
    log = Log()
    log.play("Ann", "7H", {"Ann": 8, "Bob": 1, "Cid": 1})
    irr = log.irregularity("revoke", "Bob")
    log.deal("Bob")
    log.bids("Cid 6S")
    assert "too late" in refused(log, log.void(irr))


def test_the_current_deals_entries_can_be_corrected():
    log = Log()
    log.deal("Ann")
    seq = log.bid("Bob", "7H")
    log.bids("Cid pass", "Ann pass")
    log.amend(seq, "bid", player="Bob", call="8H")
    sheet = accepted(log)
    assert sheet.view.contract == "8H"


def test_amend_that_would_be_refused_where_it_stands_is_refused():
    log = Log()
    log.deal("Ann")
    log.bids("Bob 7H", "Cid 8H")
    amend = log.amend(3, "bid", player="Cid", call="6S")
    assert refused(log, amend).startswith("correcting deal 1's bid: 6♠ does not outrank 7♥")


# ============================================================================ the sheet


def test_summary_has_the_contract_keys():
    log = Log()
    log.play("Ann", "7H", {"Ann": 8, "Bob": 1, "Cid": 1})
    summary = log.sheet().summary()
    assert set(summary) >= {"game", "status", "winner", "totals", "rows", "rejected", "questions"}
    assert summary["game"] == "five_hundred" and summary["status"] == "in_progress"
    assert summary["rows"] == [
        {
            "seq": 2,
            "text": "Ann 7♥ made",
            "delta": {"Ann": 200, "Bob": 10, "Cid": 10},
            "totals": {"Ann": 200, "Bob": 10, "Cid": 10},
        }
    ]


def test_won_lost_net_view():
    log = Log()
    log.play("Ann", "7H", {"Ann": 8, "Bob": 1, "Cid": 1})
    log.play("Ann", "7H", {"Ann": 5, "Bob": 4, "Cid": 1})
    table = won_lost_net(log.sheet())
    assert table["Ann"] == {"won": 200, "lost": 200, "net": 0}
    assert table["Bob"] == {"won": 50, "lost": 0, "net": 50}


def test_rename_shows_the_new_name_in_later_rows():
    log = Log()
    log.add("rename", player="Ann", new_name="Annie")
    log.play("Ann", "7H", {"Ann": 8, "Bob": 2})
    assert accepted(log).rows[0].text == "Annie 7♥ made"


def test_a_rename_leaves_the_rows_before_it_as_they_were():
    """Rows are put in words when first read: they must still speak of the names of their own deal."""
    log = Log()
    log.play("Ann", "7H", {"Ann": 8, "Bob": 2})
    log.add("rename", player="Ann", new_name="Annie")
    log.play("Ann", "6S", {"Ann": 6, "Bob": 2, "Cid": 2})
    first, second = accepted(log).rows
    assert (first.text, first.cells.contractor, first.cells.dealer) == ("Ann 7♥ made", "Ann", "Ann")
    assert (second.text, second.cells.contractor) == ("Annie 6♠ made", "Annie")
    assert second.cells.tricks_text == "Annie 6, Bob 2, Cid 2"


def test_the_winner_is_listed_under_the_name_of_the_moment():
    from scorepad.games import status_text

    log = Log(target=200)
    log.add("rename", player="Ann", new_name="Annie")
    log.play("Ann", "8H", {"Ann": 8, "Bob": 1, "Cid": 1})
    sheet = accepted(log)
    assert sheet.winner == "Ann" and status_text(sheet) == "won by Annie"


def test_row_words_of_each_kind_of_deal():
    log = Log(nullo=True, all_pass="no_trump")
    log.play("Ann", "7H", {"Ann": 10})
    log.play("Bob", "nullo", {"Bob": 1, "Cid": 5, "Ann": 4})
    log.bids("Ann pass", "Bob pass", "Cid pass")
    log.result({"Ann": 3, "Bob": 3, "Cid": 4})
    slam, nullo, no_trump = accepted(log).rows
    assert slam.text == "Ann 7♥ slam" and slam.cells.outcome == "slam" and slam.cells.tricks_won == 10
    assert nullo.text == "Bob nullo set" and nullo.cells.outcome == "nullo set"
    assert nullo.cells.lost["Bob"] == 250 and nullo.cells.won["Bob"] == 0
    assert no_trump.text == "all passed: played at no trump" and no_trump.cells.contractor is None
    assert no_trump.cells.tricks_text == "Ann 3, Bob 3, Cid 4" and no_trump.cells.won["Cid"] == 40


def test_rules_registry():
    assert rules_for("five_hundred") is RULES
    assert RULES.title == "Five Hundred" and (RULES.min_players, RULES.max_players) == (2, 6)


# ============================================================================ the exact marks (500, minus 500)


def test_a_contractor_reaching_exactly_500_wins():
    log = Log()
    log.play("Ann", "10H", {"Ann": 10, "Bob": 0, "Cid": 0})  # 10♥ is worth 500: Ann at 500, no more
    sheet = accepted(log)
    assert sheet.totals["Ann"] == 500
    assert sheet.status == "finished" and sheet.winner == "Ann"
    assert sheet.result == "Ann wins by reaching 500 with the contract"


def test_a_point_short_of_the_target_does_not_win():
    log = Log(target=501)
    log.play("Ann", "10H", {"Ann": 10, "Bob": 0, "Cid": 0})
    sheet = accepted(log)
    assert sheet.totals["Ann"] == 500 and sheet.status == "in_progress" and sheet.winner is None


def test_exactly_minus_500_loses():
    log = Log(["Ann", "Bob"])
    log.play("Ann", "10H", {"Ann": 0, "Bob": 10})  # Ann set: -500 exactly; Bob 100
    sheet = accepted(log)
    assert dict(sheet.totals) == {"Ann": -500, "Bob": 100}
    assert sheet.status == "finished" and sheet.winner == "Bob"
    assert sheet.result.startswith("Bob wins: Ann at -500 is 500 or more in the hole")


def test_exactly_minus_500_puts_a_side_out_of_contention_at_three():
    log = Log()
    log.play("Ann", "10H", {"Ann": 0, "Bob": 5, "Cid": 5})
    sheet = accepted(log)
    assert sheet.totals["Ann"] == -500 and sheet.status == "in_progress"
    assert sheet.view.out_of_contention == ("Ann",)


def test_trick_winners_the_first_to_reach_exactly_500_wins():
    # Bob and Cid at 480: Bob's second trick makes exactly 500 (trick 3), Cid's second only at trick 4; Cid
    # passes 500 first (trick 5), but reaching the target is what counts
    log = bob_and_cid_near_500()
    order = ["Bob", "Cid", "Bob", "Cid", "Cid", "Bob", "Ann", "Ann", "Ann", "Ann"]
    log.play("Ann", "6S", {"Ann": 4, "Bob": 3, "Cid": 3}, trick_winners=order)
    sheet = accepted(log)
    assert sheet.winner == "Bob" and sheet.questions == ()
    assert (
        sheet.result == "Bob wins by reaching 500 first in the play (Bob and Cid reach it on the same deal)"
    )


# ============================================================================ readings settled in rules/five-hundred.md


def test_nullo_false_switches_off_nullo_and_open_nullo_everywhere():
    settings = RULES.settings({"nullo": False})
    assert not {"nullo", "open_nullo"} & set(all_calls(settings))
    assert not {"nullo", "open_nullo"} & {call for call, _, _ in call_choices(settings)}
    assert schedule_table(settings)["nullos"] == []
    log = Log(nullo=False)
    log.deal("Ann")
    log.bids("Bob 6S")
    assert refused(log, log.bid("Cid", "open_nullo")) == "open nullo is not bid in this game (nullo is off)"
    assert "nullo" not in legal_calls(log.sheet()) and "open_nullo" not in legal_calls(log.sheet())


def test_original_schedule_nullos_keep_their_places_and_every_other_bid_orders_by_value():
    settings = RULES.settings({"schedule": "original"})
    suit_bids = [call for call in all_calls(settings) if call not in ("nullo", "open_nullo")]
    for call in suit_bids:
        for other in suit_bids:
            assert outranks(call, other, settings) == (bid_value(call, settings) > bid_value(other, settings))
    # nullo between 8♠ (120) and 8♣ (180); open nullo between 10♦ (400) and 10♥ (500)
    assert outranks("nullo", "8S", settings) and outranks("8C", "nullo", settings)
    assert outranks("nullo", "7C", settings)  # 7♣ is worth 120, like 8♠
    assert outranks("7D", "nullo", settings) and outranks("9S", "nullo", settings)  # 160: the next value
    assert outranks("open_nullo", "10D", settings) and outranks("10H", "open_nullo", settings)
    assert outranks("open_nullo", "9H", settings) and not outranks("open_nullo", "10H", settings)


@pytest.mark.parametrize("defenders_score", ["always", "never", "when_set"])
def test_a_failed_nullo_pays_each_opposing_side_per_trick_whatever_defenders_score(defenders_score):
    three = Log(defenders_score=defenders_score)
    three.play("Bob", "nullo", {"Bob": 2, "Ann": 5, "Cid": 3})
    assert dict(accepted(three).rows[0].delta) == {"Ann": 20, "Bob": -250, "Cid": 20}
    four = Log(FOUR, defenders_score=defenders_score)
    four.play("N", "nullo", {NS: 3, EW: 7})
    assert dict(accepted(four).rows[0].delta) == {NS: -250, EW: 30}  # the other side once, not per player
    made = Log(defenders_score=defenders_score)
    made.play("Bob", "nullo", {"Bob": 0, "Ann": 5, "Cid": 5})  # the opponents' own tricks never score
    assert dict(accepted(made).rows[0].delta) == {"Ann": 0, "Bob": 250, "Cid": 0}


def test_a_made_nullo_counts_as_a_bid_made_for_must_bid_to_win():
    log = Log(["Ann", "Bob"], must_bid_to_win=True)
    log.play("Ann", "9D", {"Ann": 9, "Bob": 1})  # Ann 380
    log.play("Ann", "nullo", {"Ann": 0, "Bob": 10})  # 630: reached with a made nullo
    sheet = accepted(log)
    assert sheet.winner == "Ann" and sheet.status == "finished"


def test_reaching_the_target_wins_while_another_side_falls_to_minus_500_on_the_same_deal():
    # three sides: Bob reaches 500 by his tricks while Ann, the contractor, falls to −500
    log = Log()
    log.play("Bob", "9H", {"Bob": 9, "Ann": 1})  # Bob 400, Ann 10
    log.play("Ann", "10NT", {"Ann": 0, "Bob": 10})  # Ann 10 − 520 = −510; Bob 400 + 100 = 500
    sheet = accepted(log)
    assert sheet.winner == "Bob" and sheet.totals == {"Ann": -510, "Bob": 500, "Cid": 0}
    # two sides: the side at the target wins (both laws agree)
    four = Log(FOUR)
    four.play("N", "9H", {NS: 9, EW: 1})  # N & S 400
    four.play("E", "10NT", {NS: 10, EW: 0})  # E & W 10 − 520 = −510; N & S 500
    assert accepted(four).winner == NS
    # the contractor reaching the target while an opponent sinks: the contractor wins
    sink = Log()
    sink.play("Ann", "10NT", {"Ann": 0, "Bob": 10})  # Ann −520 (out of contention)
    sink.play("Bob", "10NT", {"Bob": 10})  # Bob 100 + 520 = 620 ≥ 500
    assert accepted(sink).winner == "Bob"


def test_one_round_a_call_made_before_its_player_is_barred_stands():
    log = Log()
    log.deal("Ann")
    log.bids("Bob 6S")
    log.irregularity("wrong_cards", "Bob")  # found during the bidding: Bob calls no more, his 6♠ stands
    log.bids("Cid pass", "Ann pass")
    view = accepted(log).view
    assert (view.contractor, view.contract) == ("Bob", "6S")


def test_three_opponents_reaching_the_target_together_are_all_named_in_the_question():
    log = Log(FIVE, target=30)
    log.play("Ann", "6S", {"Ann": 0, "Bob": 0, "Cid": 4, "Dan": 3, "Eve": 3}, partner="Bob")
    sheet = accepted(log)
    assert sheet.questions == (
        "Who reached 30 first in the play of deal 1: Cid, Dan or Eve? Correct deal 1's result to say who "
        "(or who won each trick).",
    )
    assert sheet.view.rivals == ("Cid", "Dan", "Eve")


def test_all_pass_at_no_trump_a_side_without_tricks_scores_nothing():
    log = Log(all_pass="no_trump")
    log.deal("Ann")
    log.bids("Bob pass", "Cid pass", "Ann pass")
    log.result({"Ann": 6, "Bob": 4})  # Cid took none and is not named
    assert dict(accepted(log).rows[0].delta) == {"Ann": 60, "Bob": 40, "Cid": 0}


def test_all_pass_at_no_trump_with_card_points_every_side_scores_its_cards_too():
    log = Log(preset="card_points_1000", all_pass="no_trump")
    log.deal("Ann")
    log.bids("Bob pass", "Cid pass", "Ann pass")
    log.result({"Ann": 5, "Bob": 3, "Cid": 2}, card_points={"Ann": 130, "Bob": 80, "Cid": 50})
    row = accepted(log).rows[0]
    assert dict(row.delta) == {"Ann": 50 + 130, "Bob": 30 + 80, "Cid": 20 + 50}
    assert (row.cells.card_points["Ann"], row.cells.card_points["Bob"], row.cells.card_points["Cid"]) == (
        130,
        80,
        50,
    )


def test_the_all_pass_no_trump_row_names_its_deal_and_no_contract():
    log = Log(all_pass="no_trump")
    log.deal("Ann")
    log.bids("Bob pass", "Cid pass", "Ann pass")
    log.result({"Ann": 5, "Bob": 3, "Cid": 2})
    row = accepted(log).rows[0]
    assert row.text == "all passed: played at no trump"
    cells = DealCells.of(row)
    assert (
        cells.deal,
        cells.dealer,
        cells.call,
        cells.contract,
        cells.outcome,
        cells.short,
        cells.irregularity,
    ) == (1, "Ann", None, "", "no trump", "", "")
    assert cells.tricks_text == "Ann 5, Bob 3, Cid 2" and dict(cells.tricks) == {"Ann": 5, "Bob": 3, "Cid": 2}
    assert dict(cells.won) == {"Ann": 50, "Bob": 30, "Cid": 20} and dict(cells.lost) == dict.fromkeys(
        THREE, 0
    )
    assert (cells.card_points, cells.contractor, cells.contractor_side, cells.partner) == (
        None,
        None,
        None,
        None,
    )
    assert (cells.value, cells.tricks_bid, cells.tricks_won) == (0, 0, 0)


# ============================================================================ laws a mutation run found unguarded


def test_a_pass_reads_pass():
    # "The auction": each player has one call, bid or pass
    assert display_call("pass") == "pass"


def set_contractor_past_the_target(**rules: Any) -> Log:
    """Card-point variant to 1000: Ann at 920 bids 7♠ (140), takes 6 — set — but her 240 card points take her to
    1020 ("Card-point variant": the contractor loses the bid as usual, and every side also scores its cards)."""
    log = Log(preset="card_points_1000", **rules)
    log.play("Ann", "10NT", {"Ann": 10}, card_points={"Ann": 260})  # 520 + 260
    log.play("Ann", "6S", {"Ann": 6, "Bob": 2, "Cid": 2}, card_points={"Ann": 100, "Bob": 80, "Cid": 80})
    log.play("Ann", "7S", {"Ann": 6, "Bob": 2, "Cid": 2}, card_points={"Ann": 240, "Bob": 10, "Cid": 10})
    return log


def test_a_set_contractor_who_reaches_the_target_on_card_points_wins():
    # "Game end": the game is won by the side that first reaches the target
    sheet = accepted(set_contractor_past_the_target())
    assert sheet.totals["Ann"] == 920 - 140 + 240 and sheet.totals["Bob"] == 100 + 30
    assert sheet.winner == "Ann" and sheet.status == "finished"


def test_must_bid_to_win_a_set_contractor_past_the_target_on_card_points_plays_on():
    # "must bid to win": a side can win only at the end of a deal in which it was the contractor and made its bid
    sheet = accepted(set_contractor_past_the_target(must_bid_to_win=True))
    assert sheet.totals["Ann"] == 1020 and sheet.winner is None and sheet.status == "in_progress"


def test_five_hand_the_contractors_partner_who_reaches_the_target_wins_and_is_named_so():
    # "Players and sides", 5 players: contractor and named partner both score the contract
    log = Log(FIVE)
    log.play("Cid", "9H", {"Cid": 5, "Dan": 4, "Bob": 1}, partner="Dan")  # Cid 400, Dan 400
    log.play("Ann", "6H", {"Ann": 3, "Cid": 3, "Bob": 4}, partner="Cid")  # Ann 100, Cid 500
    sheet = accepted(log)
    assert sheet.totals["Cid"] == 500 and sheet.winner == "Cid"
    assert sheet.result == "Cid wins by reaching 500 as the contractor's partner"


def test_five_hand_a_contractor_and_partner_sunk_together_are_in_the_hole():
    # "Game end": a side at −500 or lower loses; setting "game ends, the leader wins"
    log = Log(FIVE, minus_target="ends_game")
    log.play("Ann", "9H", {"Ann": 2, "Cid": 2, "Bob": 6}, partner="Cid")  # Ann −400, Cid −400
    log.play("Ann", "6H", {"Ann": 1, "Cid": 1, "Bob": 8}, partner="Cid")  # −500 each
    sheet = accepted(log)
    assert sheet.totals["Ann"] == sheet.totals["Cid"] == -500 and sheet.winner == "Bob"
    assert sheet.result.startswith("Bob wins: Ann at -500 and Cid at -500 are 500 or more in the hole")


def test_a_refused_second_amend_leaves_the_first_amend_standing():
    # "Correcting the score": a correction the laws refuse changes nothing — the entry reads as amended before
    log = Log()
    log.contract("Ann", "7H")
    result = log.result({"Ann": 8, "Bob": 1, "Cid": 1})
    log.amend(result, "result", tricks={"Ann": 6, "Bob": 2, "Cid": 2})
    refused_amend = log.amend(result, "result", tricks={"Ann": 8, "Bob": 2}, card_points={"Ann": 100})
    sheet = log.sheet()
    assert [r.seq for r in sheet.rejected] == [refused_amend]
    assert dict(sheet.totals) == {"Ann": -200, "Bob": 20, "Cid": 20}  # worked example 2, the first amend


def test_before_the_first_deal_the_view_holds_the_one_round_auction_to_come():
    # "The auction": one_round (default) — the player on the dealer's left calls first, the dealer last
    view = accepted(Log()).view
    assert view.phase == "deal" and view.auction_mode == "one_round"
    assert view.yet_to_call == ("Bob", "Cid", "Ann")


def test_the_players_barred_from_the_auction_are_read_only_in_the_view():
    log = Log(FOUR)
    log.deal("W")
    log.bids("N 6S", "E pass")
    log.irregularity("bid_out_of_turn", "W")  # partnership: the offending side may not bid again this deal
    view = accepted(log).view
    assert set(view.barred) == {"E", "W"}
    with pytest.raises(TypeError):
        view.barred["N"] = "no"  # type: ignore[index]


def test_both_hands_wrong_in_play_throw_the_deal_in_to_the_same_dealer():
    # "Irregularities": contractor's and an opponent's hands both wrong during play — new deal by the same dealer
    log = Log()
    log.contract("Ann", "7H")
    log.irregularity("wrong_cards", "Ann")
    log.irregularity("wrong_cards", "Bob")
    log.result({"Ann": 8, "Bob": 1, "Cid": 1})
    assert Replayer(log.header).extend(log.entries).state.board_lines() == (
        "Deal 1 thrown in (the contractor's and an opponent's hands were both wrong: the same dealer deals again): "
        "Ann deals again",
        "Bob bids first · Game to 500",
    )
    assert dict(accepted(log).totals) == {"Ann": 0, "Bob": 0, "Cid": 0}


def test_with_nullo_off_the_view_says_why_a_nullo_cannot_be_called():
    # "Nullo": the setting nullo: false switches both off (a nullo call is then refused)
    log = Log(nullo=False)
    log.deal("Ann")
    view = accepted(log).view
    assert isinstance(view.legal_calls, tuple) and "nullo" not in view.legal_calls
    assert view.call_problem("nullo") == "nullo is not bid in this game (nullo is off)"


def test_defenders_cap_holds_on_a_deal_all_passed_and_played_at_no_trump():
    """Nobody won a bid, so nobody may go out on the tricks of a no-trump deal either: Bob stops at 490."""
    log = Log(["Ann", "Bob"], defenders_cap=True, all_pass="no_trump")
    log.play("Bob", "9D", {"Bob": 9, "Ann": 1})
    log.play("Bob", "6H", {"Bob": 6, "Ann": 4})
    assert accepted(log).totals["Bob"] == 480
    log.deal("Ann")
    log.bids("Bob pass", "Ann pass")
    assert log.sheet().prompt == "Result of the no-trump deal (all passed)"
    log.result({"Ann": 4, "Bob": 6})
    sheet = accepted(log)
    assert sheet.rows[-1].text == "all passed: played at no trump"
    assert dict(sheet.rows[-1].delta) == {"Ann": 40, "Bob": 10} and sheet.totals["Bob"] == 490
    assert sheet.status == "in_progress"


def test_a_result_may_name_the_sides_in_any_order_and_the_row_keeps_the_sides_order():
    log = Log()
    log.play("Bob", "7H", {"Cid": 1, "Bob": 8, "Ann": 1})
    log.play("Cid", "6S", {"Cid": 10})  # the sides without a trick may be left out
    made, slam = accepted(log).rows
    assert made.cells.tricks_text == "Ann 1, Bob 8, Cid 1" and list(made.delta) == THREE
    assert made.delta == {"Ann": 10, "Bob": 200, "Cid": 10}
    assert list(made.cells.tricks) == THREE
    assert slam.cells.tricks_text == "Ann 0, Bob 0, Cid 10" and slam.delta == {"Ann": 0, "Bob": 0, "Cid": 250}


def test_negative_tricks_are_refused_before_the_total_and_an_unknown_side_before_both():
    log = Log()
    log.contract("Ann", "7H")
    assert refused(log, log.result({"Ann": 11, "Bob": -1, "Cid": 0})) == (
        "Bob won -1 tricks? trick counts cannot be negative"
    )
    reason = refused(log, log.result({"Ann": -1, "Zed": 11}))
    assert reason.startswith("the tricks name 'Zed', which is not a side of this game")
    assert refused(log, log.result({"Ann": 8, "Bob": 2, "Cid": 1})) == "the tricks add up to 11, not 10"
    log.result({"Ann": 8, "Bob": 2, "Cid": 0})
    sheet = log.sheet()
    assert len(sheet.rejected) == 3 and sheet.totals == {"Ann": 200, "Bob": 20, "Cid": 0}


def test_one_round_a_player_barred_before_his_turn_is_skipped_and_each_refusal_says_why():
    log = Log(FIVE)
    log.deal("Eve")  # Ann calls first, Eve (the dealer) last
    log.bids("Ann 6S")
    log.irregularity("wrong_cards", "Cid")  # before his turn: skipped
    log.bids("Bob pass")
    assert accepted(log).view.to_bid == "Dan"
    assert refused(log, log.bid("Cid", "7S")).startswith("Cid may not bid this deal: a wrong number of cards")
    assert refused(log, log.bid("Ann", "7S")).startswith("Ann has had his call this deal")
    assert refused(log, log.bid("Bob", "7S")) == "Bob passed earlier and cannot bid again this deal"
    assert refused(log, log.bid("Eve", "7S")) == "it is Dan's turn to bid, not Eve's"
    log = Log(FIVE)
    log.deal("Eve")
    log.bids("Ann 6S", "Bob pass", "Cid 7S", "Dan pass", "Eve 6NT")
    assert refused(log, len(log.entries)) == "6NT does not outrank 7♠ by Cid: the bid to beat is 7♠"
    log.bids("Eve 7D")
    sheet = log.sheet()
    assert [r.seq for r in sheet.rejected] == [6] and (sheet.view.contractor, sheet.view.contract) == (
        "Eve",
        "7D",
    )


def test_continuous_the_auction_closes_when_a_bar_leaves_only_the_high_bidder():
    log = Log(auction="continuous")
    log.deal("Cid")
    log.bids("Ann 6S", "Bob pass")
    assert accepted(log).view.to_bid == "Cid"
    log.irregularity("wrong_cards", "Cid")  # the last one left to outbid Ann may not bid: Ann has it
    view = accepted(log).view
    assert (view.contractor, view.contract) == ("Ann", "6S")
    log = Log(auction="continuous")
    log.deal("Cid")
    log.bids("Ann 6S", "Bob 7S", "Cid pass")
    assert accepted(log).view.to_bid == "Ann"  # the high bidder's own turn does not end it: Ann may bid again
    log.bids("Ann 8S", "Bob pass")
    view = accepted(log).view
    assert (view.contractor, view.contract) == ("Ann", "8S")


def test_a_deal_made_without_its_call_order_works_it_out_from_the_dealer():
    from scorepad.rules.five_hundred.deal import Deal

    deal = Deal(1, "Bob", ("Ann", "Bob", "Cid", "Dan"), one_round=True)
    assert deal.call_order() == ("Cid", "Dan", "Ann", "Bob")  # from the dealer's left round to the dealer
    assert deal.to_bid() == "Cid"
    deal.record_call("Cid", "6S", 1)
    assert deal.to_bid() == "Dan"


def test_one_wrong_hand_in_the_bidding_bars_its_player_whatever_else_was_reported_before():
    """Only two different hands found wrong during the bidding call for a new deal: another irregularity
    before, or the same hand reported twice, leave a bar on that player alone."""
    log = Log()
    log.deal("Ann")  # Bob calls first
    log.irregularity("bid_out_of_turn", "Cid")  # three-hand: no penalty
    log.irregularity("wrong_cards", "Bob")
    view = accepted(log).view
    assert view.deal == 1 and "Bob" in view.barred and view.to_bid == "Cid"
    log.irregularity("wrong_cards", "Bob")
    view = accepted(log).view
    assert view.deal == 1 and tuple(view.barred) == ("Bob",) and view.to_bid == "Cid"
    log.bids("Cid 6S", "Ann pass")
    assert (accepted(log).view.contractor, log.sheet().view.contract) == ("Cid", "6S")


def test_a_side_named_by_the_table_wins_in_a_card_players_sentence():
    log = Log(FOUR, sides={"Us": ["N", "S"], "Them": ["E", "W"]})
    log.play("E", "10NT", {"Us": 0, "Them": 10})  # Them 520: they win with the contract
    assert accepted(log).result == "Them win by reaching 500 with the contract"
    log = Log(FOUR, sides={"Us": ["N", "S"], "Them": ["E", "W"]}, target=100)
    log.play("N", "6S", {"Us": 2, "Them": 8})  # N & S set; Them 80 in defence
    log.play("N", "6S", {"Us": 2, "Them": 8})  # and again: Them pass 100 with their tricks in defence
    assert accepted(log).result == "Them win by reaching 100 in defence"
