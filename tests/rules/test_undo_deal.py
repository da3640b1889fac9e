"""What one undo takes back (`Replayer.last_deal`): the newest deal's (hand's) entries that count, in one go, with
the deal in words and its points; a deal in progress; a rename alone; notes left alone."""

from __future__ import annotations

from typing import Any

from scorepad.log import Entry
from scorepad.rules.base import Replayer
from tests.helpers import entries, header

FH_DEALS: list[dict[str, Any]] = [
    {"type": "deal", "dealer": "Ann"},
    {"type": "bid", "player": "Bob", "call": "6S"},
    {"type": "bid", "player": "Cid", "call": "pass"},
    {"type": "bid", "player": "Ann", "call": "pass"},
    {"type": "result", "tricks": {"Ann": 3, "Bob": 6, "Cid": 1}},
    {"type": "note", "text": "Bob's lucky night"},
    {"type": "deal", "dealer": "Bob"},
    {"type": "contract", "player": "Bob", "call": "8H"},
    {"type": "result", "tricks": {"Ann": 3, "Bob": 6, "Cid": 1}},
]


def _game(game: str, players: list[str], *items: dict[str, Any]) -> Replayer:
    return Replayer(header(game, players)).extend(entries(game, *items))


def _undo(game: Replayer) -> None:
    taken = game.last_deal()
    assert taken is not None
    for void in taken.voids():
        entry: Entry = void.model_copy(update={"seq": game.next_seq})
        assert game.push(entry) is None


def test_the_last_deal_is_every_entry_of_it_with_its_points_in_words():
    game = _game("five_hundred", ["Ann", "Bob", "Cid"], *FH_DEALS)
    taken = game.last_deal()
    assert taken is not None and taken.scored
    assert (taken.number, taken.seqs) == (2, (7, 8, 9))
    assert taken.words == "deal 2, Bob 8♥ set — Ann +30 Bob −300 Cid +10"
    assert [v.target for v in taken.voids()] == [9, 8, 7]  # the newest first
    _undo(game)
    taken = game.last_deal()
    assert taken is not None and (taken.number, taken.seqs) == (1, (1, 2, 3, 4, 5))  # the note stays
    _undo(game)
    assert game.last_deal() is None and game.state.rows == [] and not game.state.rejected


def test_a_deal_in_progress_is_what_was_entered_of_it():
    game = _game(
        "five_hundred", ["Ann", "Bob", "Cid"], *FH_DEALS, {"type": "bid", "player": "Ann", "call": "7S"}
    )
    taken = game.last_deal()
    assert taken is not None and not taken.scored
    assert (taken.number, taken.seqs, taken.words) == (3, (10,), "deal 3, not scored yet")


def test_a_rename_is_taken_back_alone_and_a_rename_within_a_deal_stays():
    game = _game(
        "five_hundred",
        ["Ann", "Bob", "Cid"],
        *FH_DEALS[:2],
        {"type": "rename", "player": "Bob", "new_name": "Robert"},
    )
    taken = game.last_deal()
    assert taken is not None and (taken.number, taken.seqs) == (0, (3,))
    assert taken.words == "Robert's new name (Bob again)"
    _undo(game)
    taken = game.last_deal()
    assert taken is not None and taken.seqs == (1, 2)  # the deal so far, not the struck-out rename


def test_a_jass_hand_with_its_weis_and_stoeck_goes_in_one_undo():
    game = _game(
        "jass",
        ["Ann", "Bob", "Cid", "Dan"],
        {"type": "deal", "dealer": "Ann"},
        {"type": "trump", "player": "Bob", "contract": "hearts"},
        {"type": "stoeck", "player": "Bob"},
        {"type": "weis", "player": "Cid", "melds": [{"kind": "four", "rank": "9"}]},
        {"type": "tricks", "points": {"Ann & Cid": 61}},
        {"type": "deal", "dealer": "Bob"},
    )
    taken = game.last_deal()
    assert taken is not None and (taken.number, taken.seqs) == (2, (6,))
    _undo(game)
    taken = game.last_deal()
    assert taken is not None and (taken.number, taken.seqs) == (1, (1, 2, 3, 4, 5))
    assert taken.words.startswith("Hand 1: ♥ hearts ×1 by Bob — Ann & Cid")


def test_an_auction_bridge_deal_goes_with_its_calls():
    game = _game(
        "auction_bridge",
        ["Ann", "Bob", "Cid", "Dan"],
        {"type": "deal", "dealer": "Ann"},
        {"type": "bid", "player": "Ann", "call": "1NT"},
        *({"type": "bid", "player": p, "call": "pass"} for p in ("Bob", "Cid", "Dan")),
        {"type": "result", "tricks": 8, "honours": None},
    )
    taken = game.last_deal()
    assert taken is not None and taken.seqs == (1, 2, 3, 4, 5, 6)
    assert taken.words == "deal 1, Ann 1NT made — Ann & Cid +20 Bob & Dan 0"
