"""What each side needs, as the rules' views say it (the status line and the boards show these words)."""

from __future__ import annotations

from scorepad.rules.auction_bridge.view import rubber_outlook
from scorepad.rules.auction_bridge.view import side_needs as bridge_needs
from scorepad.rules.five_hundred.view import side_needs as five_hundred_needs
from scorepad.rules.jass.view import side_needs as jass_needs


def test_five_hundred_side_minus_the_target_is_out_and_the_others_need_the_rest() -> None:
    needs = five_hundred_needs(
        {"Ann": 380, "Bob": -520, "Cid": 0}, 500, {"Bob"}, {"Ann": "Ann", "Bob": "Bob", "Cid": "Cid"}
    )
    assert [(n.side, n.to_go, n.out, n.text) for n in needs] == [
        ("Ann", 120, False, "needs 120 to reach 500"),
        ("Bob", None, True, "out of the running"),
        ("Cid", 500, False, "needs 500 to reach 500"),
    ]


def test_jass_points_to_go_and_in_card_points_at_the_trumps_multiplier() -> None:
    names = {"A": "Ann & Cid", "B": "Bob & Dan"}
    before = jass_needs({"A": 220, "B": 1000}, None, names)
    assert [n.text for n in before] == ["220 to go", "1000 to go"]
    at_three = jass_needs({"A": 220, "B": 1000}, 3, names)
    assert at_three[0].text == "×3: 74 to go = 222 points"  # 73 card points make only 219
    assert at_three[0].to_go == 220 and at_three[0].name == "Ann & Cid"
    assert [n.text for n in jass_needs({"A": 57}, 1, {"A": "We"})] == ["57 to go"]


def test_bridge_needs_for_game_and_whose_game_ends_the_rubber() -> None:
    names = {"NS": "NS", "EW": "EW"}
    assert [n.text for n in bridge_needs({"NS": 12, "EW": 30}, names)] == [
        "needs 12 for game",
        "needs 30 for game",
    ]
    assert rubber_outlook({"NS": 0, "EW": 0}, 2, names) == ""
    assert rubber_outlook({"NS": 1, "EW": 0}, 2, names) == "a game by NS ends the rubber"
    assert rubber_outlook({"NS": 0, "EW": 1}, 2, names) == "a game by EW ends the rubber"
    assert rubber_outlook({"NS": 1, "EW": 1}, 2, names) == "the next game ends the rubber"
