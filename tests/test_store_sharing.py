"""A loaded log's entries read as each would alone: the fields given (a copy made from one — an edit — has its own),
a time as written, a mapping of numbers in the order written."""

from __future__ import annotations

import json
from pathlib import Path

from scorepad.log import dump_entry, dump_header, parse_entry
from scorepad.store.game_file import load
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


def test_entries_keep_the_fields_they_were_given(tmp_path: Path) -> None:
    head = header("five_hundred", ["Ann", "Bob", "Cid"])
    made = entries("five_hundred", *ITEMS)
    path = tmp_path / "game.jsonl"
    # as a hand-edited file may have them: only the fields given (the app writes every field)
    lines = [
        dump_header(head),
        *(json.dumps({"seq": n, "at": AT.isoformat(), **item}) for n, item in enumerate(ITEMS, start=1)),
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    loaded = load(path).entries
    assert loaded == made and [dump_entry(e) for e in loaded] == [dump_entry(e) for e in made]
    deal1, contract1, result1, deal2, contract2, result2, deal3 = loaded
    # the second result gives `partner` too: what each was given is kept
    assert "partner" in result2.model_fields_set and "partner" not in result1.model_fields_set
    assert deal1.model_fields_set == {"seq", "at", "type", "dealer"}


def test_a_copy_of_a_loaded_entry_has_its_own_set_of_fields(tmp_path: Path) -> None:
    head = header("five_hundred", ["Ann", "Bob", "Cid"])
    path = tmp_path / "game.jsonl"
    path.write_text(log_lines(head, entries("five_hundred", *ITEMS)), encoding="utf-8")
    loaded = load(path).entries
    given = set(loaded[2].model_fields_set)
    copy = loaded[2].model_copy(update={"seq": None, "at": None, "first_to_target": "Bob"})
    assert copy.first_to_target == "Bob"
    assert loaded[2].model_fields_set == given and loaded[5].model_fields_set == given
    assert loaded[2].first_to_target is None and loaded[5].first_to_target is None


def _written(tmp_path: Path, lines: list[dict]) -> list:
    head = header("five_hundred", ["Ann", "Bob", "Cid"])
    path = tmp_path / "game.jsonl"
    path.write_text(
        "\n".join(
            [dump_header(head), *(json.dumps({"seq": n, **line}) for n, line in enumerate(lines, start=1))]
        )
        + "\n",
        encoding="utf-8",
    )
    return load(path).entries


def test_each_entry_keeps_its_time_as_written(tmp_path: Path) -> None:
    # the same instant written in other offsets, without one, to the microsecond: each read as written
    times = [
        "2026-11-29T20:00:00+01:00",
        "2026-11-29T20:00:00+01:00",
        "2026-11-29T19:00:00Z",
        "2026-11-29T19:00:00+00:00",
        "2026-11-29T19:00:00+00:00",
        "2026-11-29T20:00:00",
        "2026-11-29T20:00:00",
        "2026-11-29T20:00:00.5+01:00",
        "2026-11-29T20:00:00+01:00",
        "2026-11-29T21:00:00+02:00",
    ]
    lines = [{"at": at, "type": "deal", "dealer": "Ann"} for at in times]
    loaded = _written(tmp_path, lines)
    alone = [parse_entry("five_hundred", {"seq": n, **line}) for n, line in enumerate(lines, start=1)]
    assert loaded == alone and [dump_entry(e) for e in loaded] == [dump_entry(e) for e in alone]
    for entry, one in zip(loaded, alone, strict=True):
        assert (entry.at.isoformat(), entry.at.utcoffset()) == (one.at.isoformat(), one.at.utcoffset())


def test_mappings_of_numbers_read_as_written(tmp_path: Path) -> None:
    results = [
        {"Ann": 1, "Bob": 8, "Cid": 1},
        {"Ann": 1, "Bob": 8, "Cid": 1},
        {"Cid": 1, "Bob": 8, "Ann": 1},
        {"Ann": 1, "Bob": 8, "Cid": 1},
        {"Ann": 2, "Bob": 7, "Cid": 1},
    ]
    lines = [
        {"at": AT.isoformat(), "type": "result", "tricks": tricks, "card_points": {"Ann": 3}}
        for tricks in results
    ]
    loaded = _written(tmp_path, lines)
    alone = [parse_entry("five_hundred", {"seq": n, **line}) for n, line in enumerate(lines, start=1)]
    assert [dump_entry(e) for e in loaded] == [dump_entry(e) for e in alone]
    assert [list(e.tricks.items()) for e in loaded] == [
        list(r.items()) for r in results
    ]  # the order as written
    first = loaded[0].tricks
    copy = loaded[0].model_copy(
        update={"tricks": {"Ann": 0, "Bob": 9, "Cid": 1}}
    )  # an edit: the others unchanged
    assert copy.tricks != first and loaded[1].tricks == {"Ann": 1, "Bob": 8, "Cid": 1}
