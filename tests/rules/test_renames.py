"""A rename is said once: the prompt, the rows, the result and the questions name a renamed player by his name of
now exactly once, whatever the new name holds (the old one, another player's); the rows' own words (`replay
--json`) keep the names of their moment."""

from __future__ import annotations

from typing import Any

from scorepad.rules import replay
from scorepad.rules.base import retold
from scorepad.text.describe import next_line
from tests.helpers import entries, header


def _sheet(game: str, players: list[str], *items: dict[str, Any]):
    return replay(header(game, players), entries(game, *items))


def _deal(dealer: str, contractor: str, call: str, tricks: dict[str, int]) -> list[dict[str, Any]]:
    return [
        {"type": "deal", "dealer": dealer},
        {"type": "contract", "player": contractor, "call": call},
        {"type": "result", "tricks": tricks},
    ]


def test_a_new_name_holding_the_old_one_is_said_once_in_the_prompt_and_every_row():
    sheet = _sheet(
        "five_hundred",
        ["Ruedi", "Bob", "Cid"],
        *_deal("Ruedi", "Bob", "6S", {"Ruedi": 3, "Bob": 6, "Cid": 1}),
        {"type": "rename", "player": "Ruedi", "new_name": "Ruedi Brunner"},
        *_deal("Bob", "Ruedi", "7S", {"Ruedi": 7, "Bob": 2, "Cid": 1}),
    )
    assert next_line(sheet) == "Cid deals next; Ruedi Brunner bids first"
    assert [sheet.said(row) for row in sheet.rows] == ["Bob 6♠ made", "Ruedi Brunner 7♠ made"]
    # the summary's rows keep the names of their moment (docs/log-format.md §2)
    assert [row["text"] for row in sheet.summary()["rows"]] == ["Bob 6♠ made", "Ruedi Brunner 7♠ made"]


def test_a_row_scored_before_the_rename_says_the_new_name():
    sheet = _sheet(
        "five_hundred",
        ["Ruedi", "Bob", "Cid"],
        *_deal("Ruedi", "Ruedi", "6S", {"Ruedi": 6, "Bob": 3, "Cid": 1}),
        {"type": "rename", "player": "Ruedi", "new_name": "Ruedi Brunner"},
    )
    assert sheet.rows[0].text == "Ruedi 6♠ made"  # as it was said then
    assert sheet.said(sheet.rows[0]) == "Ruedi Brunner 6♠ made"


def test_a_new_name_holding_another_players_name_leaves_that_player_alone():
    sheet = _sheet(
        "five_hundred",
        ["Ann", "Bob", "Cid"],
        *_deal("Ann", "Ann", "6S", {"Ann": 6, "Bob": 3, "Cid": 1}),
        {"type": "rename", "player": "Ann", "new_name": "Bob's Ann"},
        *_deal("Bob", "Ann", "7S", {"Ann": 7, "Bob": 2, "Cid": 1}),
        {"type": "rename", "player": "Bob", "new_name": "Robert"},
    )
    assert [sheet.said(row) for row in sheet.rows] == ["Bob's Ann 6♠ made", "Bob's Ann 7♠ made"]
    assert next_line(sheet) == "Cid deals next; Bob's Ann bids first"


def test_a_name_given_up_and_taken_by_another_player_follows_each_player():
    # Bob becomes Robert, then Ann takes the name Bob: the first deal's "Bob" is Robert, its "Ann" is Bob
    sheet = _sheet(
        "five_hundred",
        ["Ann", "Bob", "Cid"],
        *_deal("Ann", "Bob", "6S", {"Ann": 3, "Bob": 6, "Cid": 1}),
        {"type": "rename", "player": "Bob", "new_name": "Robert"},
        {"type": "rename", "player": "Ann", "new_name": "Bob"},
    )
    assert sheet.said(sheet.rows[0]) == "Robert 6♠ made"
    assert next_line(sheet) == "Robert deals next; Cid bids first"


def test_the_result_and_the_question_follow_a_rename_made_after_them():
    sheet = _sheet(
        "five_hundred",
        ["Ann", "Bob", "Cid"],
        *_deal("Ann", "Ann", "10NT", {"Ann": 10, "Bob": 0, "Cid": 0}),
        {"type": "rename", "player": "Ann", "new_name": "Ann Keller"},
    )
    assert sheet.finished and "Ann Keller" in sheet.result and "Keller Keller" not in sheet.result


def test_jass_prompt_and_trump_caller_say_a_rename_once():
    four = ["Ann", "Bob", "Cid", "Dan"]
    sheet = _sheet(
        "jass",
        four,
        {"type": "deal", "dealer": "Ann"},
        {"type": "trump", "player": "Bob", "contract": "hearts"},
        {"type": "rename", "player": "Bob", "new_name": "Bob Meier"},
        {"type": "tricks", "points": {"Ann & Cid": 61}},
        {"type": "rename", "player": "Cid", "new_name": "Cid Bob"},
    )
    assert "Bob Meier Meier" not in sheet.said(sheet.rows[0]) and "Bob Meier" in sheet.said(sheet.rows[0])
    assert next_line(sheet).count("Bob Meier") == 1  # Bob deals the next hand
    assert "Cid Bob" in next_line(sheet) and "Cid Bob Meier" not in next_line(sheet)


def test_bridge_first_prompt_says_the_new_name():
    sheet = _sheet(
        "auction_bridge",
        ["Ann", "Bob", "Cid", "Dan"],
        {"type": "rename", "player": "Ann", "new_name": "Ann Keller"},
    )
    assert "Ann Keller" in sheet.prompt and "Keller Keller" not in sheet.prompt


def test_retold_swaps_whole_names_once():
    then = {"a": "Ann", "b": "Anna"}
    assert retold("Ann and Anna; Annie", then, {"a": "Ann Ann", "b": "Anna"}) == "Ann Ann and Anna; Annie"
    assert retold("Ann and Anna", then, then) == "Ann and Anna"
