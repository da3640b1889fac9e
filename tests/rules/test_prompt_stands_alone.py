"""Whether a game's prompt is a sentence of its own (shown as it is) or what comes after "Next:" on a screen: the
rules say it, as they write the prompt."""

from __future__ import annotations

from scorepad.rules import replay
from scorepad.text.describe import next_line
from tests.helpers import entries, header


def test_five_hundred_between_deals_announces_the_deal_and_in_the_auction_asks_the_next_bid():
    head = header("five_hundred", ["Ann", "Bob", "Cid"])
    between = replay(head, [])
    assert between.view.prompt_stands_alone and "Ann deals" in between.prompt
    assert next_line(between) == between.prompt
    bidding = replay(head, entries("five_hundred", {"type": "bid", "player": "Bob", "call": "7S"}))
    assert not bidding.view.prompt_stands_alone
    assert next_line(bidding) == f"Next: {bidding.prompt}" and "deals" not in bidding.prompt


def test_every_jass_prompt_opens_with_its_hand():
    head = header("jass", ["Ann", "Bob", "Cid", "Dan"])
    sheet = replay(head, [])
    assert sheet.view.prompt_stands_alone and sheet.prompt.startswith("Hand 1:")
    assert next_line(sheet) == sheet.prompt


def test_auction_bridge_prompts_follow_next():
    sheet = replay(header("auction_bridge", ["Ann", "Bob", "Cid", "Dan"]), [])
    assert not sheet.view.prompt_stands_alone
    assert next_line(sheet) == f"Next: {sheet.prompt}"
