"""A loaded log's entries share the set of fields given (memory per entry): shared only between entries given
the same fields, and a copy made from one (an edit) has its own."""

from __future__ import annotations

import json
from pathlib import Path

from scorepad.log import dump_entry, dump_header
from scorepad.store import load
from tests.helpers import AT, entries, header, log_lines

ITEMS = [
    {"type": "deal", "dealer": "Ann"},
    {"type": "contract", "player": "Bob", "call": "7H"},
    {"type": "result", "tricks": {"Ann": 1, "Bob": 8, "Cid": 1}},
    {"type": "deal", "dealer": "Bob"},
    {"type": "contract", "player": "Cid", "call": "6S"},
    {"type": "result", "tricks": {"Ann": 3, "Bob": 1, "Cid": 6}, "partner": None},
    {"type": "deal", "dealer": "Cid"},
]


def test_entries_given_the_same_fields_share_one_set_and_read_as_before(tmp_path: Path) -> None:
    head = header("five_hundred", ["Ann", "Bob", "Cid"])
    made = entries("five_hundred", *ITEMS)
    path = tmp_path / "game.jsonl"
    # as a hand-edited file may have them: only the fields given (the app writes every field)
    lines = [dump_header(head), *(json.dumps({"seq": n, "at": AT.isoformat(), **item})
                                  for n, item in enumerate(ITEMS, start=1))]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    loaded = load(path).entries
    assert loaded == made and [dump_entry(e) for e in loaded] == [dump_entry(e) for e in made]
    deal1, contract1, result1, deal2, contract2, result2, deal3 = loaded
    assert deal1.model_fields_set is deal2.model_fields_set is deal3.model_fields_set
    assert contract1.model_fields_set is contract2.model_fields_set
    # the second result gives `partner` too: its own set, and what each was given is kept
    assert result2.model_fields_set is not result1.model_fields_set
    assert "partner" in result2.model_fields_set and "partner" not in result1.model_fields_set
    assert deal1.model_fields_set == {"seq", "at", "type", "dealer"}


def test_a_copy_of_a_loaded_entry_has_its_own_set_of_fields(tmp_path: Path) -> None:
    head = header("five_hundred", ["Ann", "Bob", "Cid"])
    path = tmp_path / "game.jsonl"
    path.write_text(log_lines(head, entries("five_hundred", *ITEMS)), encoding="utf-8")
    loaded = load(path).entries
    shared = loaded[2].model_fields_set
    assert shared is loaded[5].model_fields_set
    copy = loaded[2].model_copy(update={"seq": None, "at": None, "first_to_target": "Bob"})
    assert copy.first_to_target == "Bob" and copy.model_fields_set is not shared
    assert loaded[2].model_fields_set is shared and loaded[5].model_fields_set is shared
    assert loaded[2].first_to_target is None and loaded[5].first_to_target is None
