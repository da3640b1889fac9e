"""`scorepad replay --json` (docs/log-format.md §2) keeps its bytes: the summaries of the benchmarks' table-like
logs (benchmarks/tables.py: auctions, redeals, nullos, pushed trumps, Weis, Stöck, honours, doubles, corrections)
are pinned by their SHA-256, taken before the replay was made faster. A change to the rules' words or numbers
shows here as well as in the rules' own tests: then check the new summary and pin it again."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest

from scorepad.games import replay_file
from scorepad.text.export import to_json

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import tables  # noqa: E402

ENTRIES = 3_000
#: game -> (SHA-256 of the generated log, SHA-256 of its `replay --json` text)
PINNED = {
    "five_hundred": (
        "19fab90c7fb8a99a5fb8d14eff1117a2a3b3fade6a0df40bb558e3dd158b48fb",
        "c9e674741c2f1e5700b7238379b3f817fa6a5253a5aadca4312d567f38968f8f",
    ),
    "jass": (
        "5c6326291baefe907db2ed5c69518778590d960da2e9cc1bef1028e8eba2288b",
        "4b826e33afd629e5a86827f1dddb6d8d252327b95a3a203e1b32218796eb046c",
    ),
    "auction_bridge": (
        "80bf20e12e16a10f893df2eb3d6a543df9a2866b6706efbfebe06f0105b1c279",
        "b05bb6cd1d28b5eba3719ed8ac0a82f5b4f1d2d58604b8f92d5212939883ca0d",
    ),
}


@pytest.mark.parametrize("game", tables.GAMES)
def test_replay_json_of_a_table_like_log_keeps_its_bytes(game: str, tmp_path: Path) -> None:
    path = tables.write_game(tmp_path / f"{game}.jsonl", game, ENTRIES)
    log_sha, json_sha = PINNED[game]
    assert hashlib.sha256(path.read_bytes()).hexdigest() == log_sha  # the generator wrote the same log
    sheet, notices = replay_file(path)
    assert notices == [] and sheet.rejected == () and len(sheet.rows) > ENTRIES // 10
    assert hashlib.sha256(to_json(sheet).encode()).hexdigest() == json_sha


def test_rows_are_written_as_the_json_encoder_writes_them_whatever_the_names_hold() -> None:
    """The summary's rows are written without a dict per row: the same text as json's encoder gives for the
    summary, for side labels and names with quotes, backslashes, non-ASCII letters and control characters."""
    import json

    from scorepad.rules import replay
    from scorepad.rules.names import json_safe

    from .helpers import entries, header

    players = ['An"n', "Bo\\b", "Çid\x1b", "Dé\u202eve"]
    head = header(
        "five_hundred", players, sides={'We "A"': [players[0], players[2]], "Thé\ty": players[1::2]}
    )
    sheet = replay(
        head,
        entries(
            "five_hundred",
            {"type": "deal", "dealer": players[0]},
            {"type": "contract", "player": players[1], "call": "6S"},
            {"type": "result", "tricks": {'We "A"': 3, "Thé\ty": 7}},
            {"type": "deal", "dealer": players[1]},
            {"type": "contract", "player": players[2], "call": "7H"},
            {"type": "result", "tricks": {'We "A"': 4, "Thé\ty": 6}},
        ),
    )
    assert len(sheet.rows) == 2
    encode = json.JSONEncoder(ensure_ascii=False).encode
    summary = sheet.summary()
    fields = [
        f"  {encode(key)}: [\n    " + ",\n    ".join(map(encode, value)) + "\n  ]"
        if isinstance(value, list) and value
        else f"  {encode(key)}: {encode(value)}"
        for key, value in summary.items()
    ]
    assert to_json(sheet) == json_safe("{\n" + ",\n".join(fields) + "\n}") + "\n"
    assert json.loads(to_json(sheet))["rows"] == summary["rows"]


def test_rows_are_written_as_the_json_encoder_writes_them_for_any_text() -> None:
    """Any text a row or a side label may hold (controls, bidi, lone surrogates, non-BMP, quotes, backslashes):
    each row line the same as json's encoder gives for the row's summary, and the whole output the same once
    made terminal-safe."""
    import json

    from hypothesis import given, settings
    from hypothesis import strategies as st

    from scorepad.rules.base import Row
    from scorepad.rules.names import json_safe
    from scorepad.text.export import _row_lines

    text = st.text(st.characters(codec=None, exclude_categories=()), max_size=12) | st.sampled_from(
        ['"', "\\", "\x00", "\x7f", "\x85", "\u2028", "\u202e", "\ud800", "\udfff", "\U0001f0a1", "\\u0041"]
    )
    points = st.dictionaries(text, st.integers(-(10**20), 10**20), max_size=3)
    rows = st.lists(st.builds(Row, st.integers(0, 10**9), text, points, points), max_size=4)
    encode = json.JSONEncoder(ensure_ascii=False).encode

    @settings(max_examples=300, deadline=None)
    @given(rows)
    def check(rows: list[Row]) -> None:
        lines = _row_lines(rows)
        assert lines == [encode(row.summary()) for row in rows]
        assert [json.loads(json_safe(line)) for line in lines] == [row.summary() for row in rows]

    check()
