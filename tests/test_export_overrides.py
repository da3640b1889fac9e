"""The Markdown export lists the corrections the table agreed to after the laws' time, by their deals."""

from __future__ import annotations

from scorepad.rules import replay
from scorepad.text.export import to_markdown
from tests.helpers import entries, header


def test_markdown_lists_a_table_agreed_override():
    items = [
        {"type": "deal", "dealer": "Ann"},
        {"type": "contract", "player": "Bob", "call": "6S"},
        {"type": "result", "tricks": {"Ann": 3, "Bob": 6, "Cid": 1}},
        {"type": "deal", "dealer": "Bob"},
        {"type": "contract", "player": "Cid", "call": "7H"},
        # deal 1's result corrected after deal 2's first bid: the laws' time is over, the table agreed
        {
            "type": "amend",
            "target": 3,
            "override": True,
            "note": "table agreed",
            "entry": {"type": "result", "tricks": {"Ann": 4, "Bob": 5, "Cid": 1}},
        },
    ]
    sheet = replay(header("five_hundred", ["Ann", "Bob", "Cid"]), entries("five_hundred", *items))
    assert sheet.overrides == (6,) and sheet.overridden == ("deal 1's result",)
    text = to_markdown(sheet)
    assert "Corrections the table agreed to after the laws' time for them:" in text
    assert "- deal 1's result, corrected to: tricks: Ann 4, Bob 5, Cid 1 — table agreed" in text


def test_markdown_without_overrides_says_nothing_of_them():
    sheet = replay(header("five_hundred", ["Ann", "Bob", "Cid"]), [])
    assert "table agreed" not in to_markdown(sheet)
