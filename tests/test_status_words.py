"""The saved games' status column speaks as a player would: a game with no deals is new, not "0 scored"."""

from __future__ import annotations

from scorepad.games import status_text
from scorepad.rules import replay
from tests.helpers import entries, header

PLAYERS = ["Ann", "Bob", "Cid"]


def test_a_game_with_no_entries_is_new():
    assert status_text(replay(header("five_hundred", PLAYERS), [])) == "new, no deals yet"


def test_a_game_dealt_but_not_scored_says_nothing_is_scored_yet():
    sheet = replay(
        header("five_hundred", PLAYERS), entries("five_hundred", {"type": "deal", "dealer": "Ann"})
    )
    assert not sheet.rows and status_text(sheet) == "in play, nothing scored yet"


def test_a_game_with_scored_deals_counts_them():
    sheet = replay(
        header("five_hundred", PLAYERS),
        entries(
            "five_hundred",
            {"type": "deal", "dealer": "Ann"},
            {"type": "contract", "player": "Bob", "call": "7H"},
            {"type": "result", "tricks": {"Ann": 1, "Bob": 8, "Cid": 1}},
        ),
    )
    assert status_text(sheet) == "in play, 1 scored"
