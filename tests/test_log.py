"""The log models (docs/log-format.md §1): round trips, forbidden extras, the per-game unions."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from scorepad.log import ENTRY_ADAPTERS, Header, dump_entry, dump_header, parse_entry

from .helpers import AT, entries, header

SAMPLES = {
    "five_hundred": [
        {"type": "deal", "dealer": "Ann"},
        {"type": "bid", "player": "Bob", "call": "7H"},
        {"type": "contract", "player": "Bob", "call": "open_nullo"},
        {
            "type": "result",
            "tricks": {"Ann": 2, "Bob": 7, "Cid": 1},
            "first_to_target": "Ann",
            "trick_winners": ["Ann"] * 10,
        },
        {"type": "irregularity", "kind": "revoke", "player": "Cid", "note": "clubs"},
        {"type": "claim", "player": "Ann", "upheld": True},
        {
            "type": "amend",
            "target": 2,
            "entry": {"type": "bid", "player": "Bob", "call": "8H"},
            "override": True,
            "note": "typo",
        },
        {"type": "void", "target": 3},
        {"type": "note", "text": "coffee"},
    ],
    "jass": [
        {"type": "deal", "dealer": "Ann"},
        {"type": "trump", "player": "Bob", "contract": "obenabe", "pushed": True},
        {
            "type": "weis",
            "player": "Cid",
            "melds": [
                {"kind": "sequence", "length": 4, "top": "10", "suit": "clubs"},
                {"kind": "four", "rank": "J"},
            ],
        },
        {"type": "stoeck", "player": "Dan"},
        {"type": "tricks", "points": {"Ann & Cid": 97}, "match": None},
        {"type": "penalty", "kind": "custom", "against": "Ann & Cid", "points": -20, "note": "late"},
        {"type": "claim", "team": "Bob & Dan", "counted": 61},
    ],
    "auction_bridge": [
        {"type": "deal", "dealer": "Ann"},
        {"type": "bid", "player": "Ann", "call": "1R"},
        {"type": "bid", "player": "Bob", "call": "double"},
        {"type": "contract", "player": "Ann", "call": "3H", "double": "doubled", "dealers_one_spade": False},
        {
            "type": "result",
            "tricks": 10,
            "honours": {"side": "Ann & Cid", "holding": "4_one_hand"},
            "revoke": {"side": "Bob & Dan", "choice": "tricks"},
            "chicane": None,
        },
        {"type": "agree"},
        {"type": "stop", "reason": "midnight"},
    ],
}


@pytest.mark.parametrize("game", list(SAMPLES))
def test_every_entry_type_round_trips_through_a_log_line(game):
    for entry in entries(game, *SAMPLES[game]):
        line = dump_entry(entry)
        assert "\n" not in line
        again = ENTRY_ADAPTERS[game].validate_json(line)
        assert again == entry
        assert json.loads(line)["type"] == entry.type


def test_header_round_trips_and_omits_absent_sides():
    head = header("five_hundred", ["Ann", "Bob", "Cid"], rules={"target": 1000})
    line = dump_header(head)
    assert "sides" not in json.loads(line)
    assert Header.model_validate_json(line) == head


def test_amend_replacement_is_written_without_seq_and_at():
    (amend,) = entries("five_hundred", SAMPLES["five_hundred"][6])
    inner = json.loads(dump_entry(amend))["entry"]
    assert "seq" not in inner and "at" not in inner


@pytest.mark.parametrize(
    ("game", "data", "fragment"),
    [
        ("five_hundred", {"type": "bid", "player": "Ann", "call": "11S"}, "not a Five Hundred call"),
        ("five_hundred", {"type": "bid", "player": "Ann", "call": "7H", "colour": "red"}, "Extra inputs"),
        ("auction_bridge", {"type": "bid", "player": "Ann", "call": "8NT"}, "not an Auction Bridge call"),
        ("jass", {"type": "penalty", "kind": "custom", "against": "X"}, "needs its points"),
        ("jass", {"type": "tricks", "points": {"A": 1, "B": 2, "C": 3}}, "at most 2"),
        ("jass", {"type": "bid", "player": "Ann", "call": "7H"}, "does not match any of the expected tags"),
    ],
)
def test_impossible_entries_are_refused_with_a_reason(game, data, fragment):
    with pytest.raises(ValidationError) as caught:
        parse_entry(game, {**data, "seq": 1, "at": AT.isoformat()})
    assert fragment in str(caught.value)


@pytest.mark.parametrize(
    ("game", "data"),
    [
        ("five_hundred", {"type": "contract", "player": "Ann", "call": "pass"}),
        ("five_hundred", {"type": "result", "tricks": {"Ann": -1, "Bob": 11}}),
        (
            "jass",
            {
                "type": "weis",
                "player": "Ann",
                "melds": [{"kind": "sequence", "length": 5, "top": "9", "suit": "clubs"}],
            },
        ),
        (
            "jass",
            {
                "type": "weis",
                "player": "Ann",
                "melds": [{"kind": "sequence", "length": 10, "top": "A", "suit": "clubs"}],
            },
        ),
        ("jass", {"type": "claim", "team": "X", "counted": -5}),
        ("auction_bridge", {"type": "result", "tricks": 14, "honours": None}),
    ],
)
def test_entries_that_read_but_break_a_law_are_left_to_the_rules(game, data):
    """Only the shape of a line is judged when it is read; the laws are the rules' (docs/log-format.md §2)."""
    (entry,) = entries(game, data)
    assert entry.type == data["type"]


def test_models_are_frozen():
    (deal,) = entries("jass", {"type": "deal", "dealer": "Ann"})
    with pytest.raises(ValidationError):
        deal.dealer = "Bob"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"players": ["Ann", "Ann", "Bob"]}, "unique"),
        ({"players": ["Ann", " "]}, "empty"),
        ({"sides": {"x": ["Ann"], "y": ["Zed"]}}, "unknown players"),
        ({"sides": {"x": ["Ann", "Bob"]}}, "exactly one side"),
        ({"scorepad": 2}, "Input should be 1"),
        ({"game": "poker"}, "five_hundred"),
    ],
)
def test_bad_headers_are_refused(change, fragment):
    data = {
        "scorepad": 1,
        "game": "five_hundred",
        "id": "x",
        "created": AT.isoformat(),
        "players": ["Ann", "Bob", "Cid"],
        "rules": {},
        **change,
    }
    with pytest.raises(ValidationError) as caught:
        Header.model_validate(data)
    assert fragment in str(caught.value)
