"""`scorepad replay` and the exports say a renamed player once, by his name of now, in every row, the result and
the line of what comes next (a new name that holds the old one included)."""

from __future__ import annotations

from scorepad.cli.main import main
from scorepad.rules import replay
from scorepad.text.export import to_csv, to_markdown
from tests.helpers import entries, header, log_lines

GAME = [
    {"type": "deal", "dealer": "Ruedi"},
    {"type": "contract", "player": "Ruedi", "call": "6S"},
    {"type": "result", "tricks": {"Ruedi": 6, "Bob": 3, "Cid": 1}},
    {"type": "rename", "player": "Ruedi", "new_name": "Ruedi Brunner"},
    {"type": "deal", "dealer": "Bob"},
    {"type": "contract", "player": "Ruedi", "call": "7S"},
    {"type": "result", "tricks": {"Ruedi": 7, "Bob": 2, "Cid": 1}},
]


def test_replay_says_a_new_name_holding_the_old_one_once(tmp_path, capsys):
    head = header("five_hundred", ["Ruedi", "Bob", "Cid"])
    path = tmp_path / "game.jsonl"
    path.write_text(log_lines(head, entries("five_hundred", *GAME)), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Brunner Brunner" not in out
    assert "Ruedi Brunner 6♠ made" in out and "Ruedi Brunner 7♠ made" in out
    assert "Cid deals next; Ruedi Brunner bids first" in out


def test_the_exports_say_a_new_name_once():
    sheet = replay(header("five_hundred", ["Ruedi", "Bob", "Cid"]), entries("five_hundred", *GAME))
    for text in (to_csv(sheet), to_markdown(sheet)):
        assert "Brunner Brunner" not in text and text.count("Ruedi Brunner 7♠ made") == 1
        assert "Ruedi Brunner 6♠ made" in text
