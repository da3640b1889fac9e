"""A game file a hostile hand edited: names that look like markup, control characters in every free text."""

from __future__ import annotations

import json

from .helpers import entries, header, log_lines

MARKUP_NAMES = ["[/]", "[link=file:///etc/passwd]x", "[bold]Cid"]
TITLE = "Fri\x1b]0;pwned\x07day\u202e\x85\x9b2J"
NOTE = "\x1b]52;c;aGk=\x07 clipboard"
RAW = ("\x1b", "\x07", "\x85", "\x9b", "\u202e", "\x7f")  # none of these may reach a terminal


def hostile_game(path):
    """Five Hundred between three markup-looking names, with a title, a note, a dealer and a rename that hold
    escape sequences; returns the path."""
    a, b, c = MARKUP_NAMES
    items = [
        {"type": "note", "text": NOTE},
        {"type": "deal", "dealer": a},
        {"type": "contract", "player": a, "call": "7H"},
        {"type": "result", "tricks": {a: 8, b: 1, c: 1}},
        {"type": "deal", "dealer": "Zed\x1b[2J\x7f"},  # not a player: refused, and the reason quotes it
        {
            "type": "rename",
            "player": c,
            "new_name": "C\x1b[31mid",
        },  # refused: a name with a control character
    ]
    path.write_text(
        log_lines(header("five_hundred", MARKUP_NAMES, title=TITLE), entries("five_hundred", *items)),
        encoding="utf-8",
    )
    return path


def no_raw(text: str) -> bool:
    return not any(char in text for char in RAW)


def first_json_line(path) -> dict:
    return json.loads(path.read_text(encoding="utf-8").splitlines()[0])
