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


def test_entries_are_told_in_the_language_spoken():
    from scorepad.locale import set_language

    stoeck = parse_entry("jass", {"type": "stoeck", "player": "Bob"})
    weis = parse_entry("jass", {"type": "weis", "player": "Bob", "melds": [{"kind": "four", "rank": "J"}]})
    penalty = parse_entry("jass", {"type": "penalty", "kind": "misdeal", "against": "Ann & Cid"})
    custom = parse_entry("jass", {"type": "penalty", "kind": "custom", "against": "Bob & Dan", "points": -30})
    void = parse_entry("jass", {"type": "void", "target": 7, "note": "wrong hand", "override": True})
    assert describe(stoeck) == "Bob Stöck" and describe(custom) == "penalty custom against Bob & Dan -30"
    set_language("de")
    assert describe(stoeck) == "Bob sagt Stöck"
    assert describe(weis).startswith("Bob weist ")
    assert describe(penalty, NAMES, SIDES) == "Strafe gegen Annie & Cid: vergeben"
    assert describe(custom) == "Strafe gegen Bob & Dan: -30"
    assert describe(void) == "#7 gestrichen — wrong hand (mit Einverständnis des Tisches)"
    set_language("fr")
    assert describe(stoeck) == "Bob annonce le stöck"
    assert describe(penalty, NAMES, SIDES) == "pénalité contre Annie & Cid\u00a0: maldonne"
    set_language("ru")
    assert describe(stoeck) == "Bob объявляет марьяж"
    assert describe(weis).startswith("Bob объявляет вайс: ")


def test_the_declarers_tricks_are_counted_as_each_language_counts():
    from scorepad.locale import set_language

    def tricks(n: int) -> str:
        return describe(parse_entry("auction_bridge", {"type": "result", "tricks": n}))

    assert (tricks(1), tricks(9)) == ("declarer's side: 1 trick", "declarer's side: 9 tricks")
    set_language("ru")
    assert [tricks(n) for n in (1, 3, 5, 11, 13)] == [
        "сторона разыгрывающего: 1 взятка",
        "сторона разыгрывающего: 3 взятки",
        "сторона разыгрывающего: 5 взяток",
        "сторона разыгрывающего: 11 взяток",
        "сторона разыгрывающего: 13 взяток",
    ]


def test_the_next_line_is_in_the_language_spoken():
    from types import SimpleNamespace

    from scorepad.locale import set_language
    from scorepad.text.describe import next_line

    sheet = SimpleNamespace(prompt="Ann to bid", view=SimpleNamespace(prompt_stands_alone=False))
    assert next_line(sheet) == "Next: Ann to bid"
    set_language("it")
    assert next_line(sheet) == "Ora: Ann to bid"
