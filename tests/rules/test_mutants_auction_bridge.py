"""Auction Bridge: what no other test pinned down, found by mutation testing (docs/mutation.md)."""

from __future__ import annotations

import re

import pytest
from pydantic import ValidationError

from scorepad.rules.auction_bridge.calls import is_bid, split_bid
from scorepad.rules.auction_bridge.settings import Settings

ALL_BIDS = [f"{level}{strain}" for level in range(1, 8) for strain in ("S", "C", "D", "H", "R", "NT")]


def test_a_bid_names_one_to_seven_odd_tricks_in_a_denomination():
    # Law 4: a bid names a number of odd tricks (1–7) and a denomination (royal spades included)
    assert all(is_bid(call) for call in ALL_BIDS)
    assert [split_bid(call) for call in ("1S", "3NT", "7R", "2H")] == [
        (1, "S"),
        (3, "NT"),
        (7, "R"),
        (2, "H"),
    ]
    for call in ("pass", "double", "redouble", "8S", "0H", "1X", "", "3nt"):
        assert not is_bid(call)
        with pytest.raises(ValueError, match=f"^{call!r} is not a bid"):
            split_bid(call)


@pytest.mark.parametrize(
    "table, says",
    [
        (
            {"S": 2, "C": 6, "D": 7, "H": 8, "R": 9, "NT": 10, "X": 1},
            "trick_values must name exactly S, C, D, H, R, NT (unknown X)",
        ),
        (
            {"S": 2, "X": 1},
            "trick_values must name exactly S, C, D, H, R, NT (missing C, D, H, R, NT; unknown X)",
        ),
        ({"S": 2}, "trick_values must name exactly S, C, D, H, R, NT (missing C, D, H, R, NT)"),
    ],
)
def test_a_table_of_trick_values_names_every_denomination_and_no_other(table, says):
    with pytest.raises(ValidationError, match=re.escape(f"Value error, {says}")):
        Settings(trick_values=table)
