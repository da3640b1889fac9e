"""The table's own numbers: rows, entries and every message name a deal (Jass: a hand) by its number as the table
counts them, never by its entry's number in the log."""

from __future__ import annotations

from typing import Any

from scorepad.rules.base import Replayer
from tests.helpers import entries, header

THREE = ["Ann", "Bob", "Cid"]
FOUR = ["Ann", "Bob", "Cid", "Dan"]


def _replayer(game: str, players: list[str], *items: dict[str, Any]) -> Replayer:
    return Replayer(header(game, players)).extend(entries(game, *items))


def _fh_deal(dealer: str, contractor: str, call: str, tricks: dict[str, int]) -> list[dict[str, Any]]:
    return [
        {"type": "deal", "dealer": dealer},
        {"type": "contract", "player": contractor, "call": call},
        {"type": "result", "tricks": tricks},
    ]


def test_five_hundred_rows_and_entries_carry_their_deals_number_a_thrown_in_deal_counted():
    game = _replayer(
        "five_hundred",
        THREE,
        *_fh_deal("Ann", "Bob", "6S", {"Ann": 3, "Bob": 6, "Cid": 1}),
        {"type": "deal", "dealer": "Bob"},  # deal 2: all pass, thrown in (the default redeal)
        *({"type": "bid", "player": p, "call": "pass"} for p in ("Cid", "Ann", "Bob")),
        *_fh_deal("Cid", "Ann", "7H", {"Ann": 7, "Bob": 2, "Cid": 1}),
        {"type": "bid", "player": "Bob", "call": "6S"},  # deal 4 (Ann deals) begins with a bid
    )
    assert [row.number for row in game.state.rows] == [1, 3]
    assert [game.deal_of(seq) for seq in range(1, 12)] == [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4]
    assert game.entry_label(2) == "deal 1's contract" and game.entry_label(11) == "deal 4's bid"


def test_jass_counts_hands_and_a_penalty_goes_with_the_coming_hand():
    hand = [
        {"type": "trump", "player": "Bob", "contract": "hearts"},
        {"type": "tricks", "points": {"Ann & Cid": 61}},
    ]
    game = _replayer(
        "jass",
        FOUR,
        {"type": "deal", "dealer": "Ann"},
        *hand,
        {"type": "penalty", "kind": "uncut_deck", "against": "Bob & Dan"},
        {"type": "deal", "dealer": "Bob"},
        {"type": "trump", "player": "Cid", "contract": "spades"},
        {"type": "tricks", "points": {"Ann & Cid": 61}},
    )
    assert [row.number for row in game.state.rows] == [1, 2, 2]
    assert game.entry_label(3) == "hand 1's card points" and game.entry_label(4) == "hand 2's penalty"


def test_bridge_deals_are_counted_by_their_results():
    game = _replayer(
        "auction_bridge",
        FOUR,
        {"type": "deal", "dealer": "Ann"},
        {"type": "contract", "player": "Ann", "call": "2H"},
        {"type": "result", "tricks": 8, "honours": {"side": "Bob & Dan", "holding": "3"}},
        {"type": "deal", "dealer": "Bob"},
    )
    assert [row.number for row in game.state.rows] == [1]
    assert [game.deal_of(seq) for seq in range(1, 5)] == [1, 1, 1, 2]


def test_a_correction_is_named_by_the_entry_it_corrects():
    game = _replayer(
        "five_hundred",
        THREE,
        *_fh_deal("Ann", "Bob", "6S", {"Ann": 3, "Bob": 6, "Cid": 1}),
        {"type": "void", "target": 3, "note": "undo"},
    )
    assert game.deal_of(4) == 1
    assert game.entry_label(4) == "the correction of deal 1's result"
    refused = game.check(entries("five_hundred", {"type": "void", "target": 3})[0])
    assert refused == "striking out deal 1's result: it is struck out already"
