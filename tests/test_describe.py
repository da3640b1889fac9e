"""Log entries in words (the log pane, the form's "Logged:" line): names as shown now, after renames."""

from __future__ import annotations

from scorepad.log import parse_entry
from scorepad.text.describe import describe

NAMES = {"Ann": "Annie", "Bob": "Bob", "Cid": "Cid", "Dan": "Dan"}
SIDES = {"Ann & Cid": "Annie & Cid", "Bob & Dan": "Bob & Dan"}


def test_a_rename_names_the_seat_as_the_header_does():
    rename = parse_entry("five_hundred", {"type": "rename", "player": "Ann", "new_name": "Annie"})
    assert describe(rename, NAMES) == "Ann is now called Annie"  # not "Annie is now called Annie"


def test_tricks_by_side_use_the_sides_names_of_the_moment():
    result = parse_entry("five_hundred", {"type": "result", "tricks": {"Ann": 8, "Bob": 1, "Cid": 1}})
    assert (
        describe(result, NAMES, {"Ann": "Annie", "Bob": "Bob", "Cid": "Cid"})
        == "tricks: Annie 8, Bob 1, Cid 1"
    )
    assert describe(result) == "tricks: Ann 8, Bob 1, Cid 1"
    contract = parse_entry("five_hundred", {"type": "contract", "player": "Ann", "call": "7H"})
    assert describe(contract, NAMES) == "contract: Annie 7♥"


def test_jass_teams_and_corrections_use_the_sides_names():
    points = parse_entry(
        "jass", {"type": "tricks", "points": {"Ann & Cid": 157, "Bob & Dan": 0}, "match": "Ann & Cid"}
    )
    assert describe(points, NAMES, SIDES) == "card points: Annie & Cid 157, Bob & Dan 0 — Match Annie & Cid"
    penalty = parse_entry("jass", {"type": "penalty", "kind": "misdeal", "against": "Ann & Cid"})
    assert describe(penalty, NAMES, SIDES) == "penalty misdeal against Annie & Cid"
    claim = parse_entry("jass", {"type": "claim", "team": "Ann & Cid", "counted": 1000})
    assert describe(claim, NAMES, SIDES) == "Annie & Cid thanks (bedankt) with 1000 counted"
    amend = parse_entry(
        "jass",
        {
            "type": "amend",
            "target": 4,
            "entry": {"type": "tricks", "points": {"Ann & Cid": 100, "Bob & Dan": 57}},
        },
    )
    assert describe(amend, NAMES, SIDES) == "correct #4: card points: Annie & Cid 100, Bob & Dan 57"


def test_calls_melds_and_holdings_read_as_the_sheet_writes_them():
    from scorepad.rules.auction_bridge.calls import format_call
    from scorepad.rules.jass.cards import describe_meld

    royal = parse_entry("auction_bridge", {"type": "contract", "player": "Ann", "call": "2R"})
    assert describe(royal, NAMES) == f"contract: Annie {format_call('2R')}" == "contract: Annie 2R♠"
    weis = parse_entry(
        "jass",
        {
            "type": "weis",
            "player": "Bob",
            "melds": [{"kind": "sequence", "length": 4, "top": "K", "suit": "clubs"}],
        },
    )
    assert describe(weis, NAMES) == f"Bob weist {describe_meld(weis.melds[0])}" == "Bob weist four to the K♣"
    result = parse_entry(
        "auction_bridge",
        {
            "type": "result",
            "tricks": 9,
            "honours": {"side": "We", "holding": "4_one_hand_5th_partner"},
            "chicane": {"side": "They", "double": False},
        },
    )
    assert describe(result) == (
        "declarer's side: 9 tricks, 4 in one hand, 5th in partner's to We, chicane to They"
    )
    assert describe(result, NAMES, declarer="Bob").startswith("Bob's side: 9 tricks, ")
    nullo = parse_entry("five_hundred", {"type": "bid", "player": "Ann", "call": "open_nullo"})
    assert describe(nullo) == "Ann open nullo"
