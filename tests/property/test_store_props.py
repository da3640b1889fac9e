"""The loader on damaged bytes: a valid log with bytes appended, inserted or overwritten either
loads or raises a LogError that starts with the path and names a line; never any other exception."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from scorepad.log import GAMES
from scorepad.store.game_file import LogError, parse_log

from ..helpers import entries, header, log_lines
from .budget import bounded

BOUNDED = bounded(300)
PATH = Path("/games/friday night.jsonl")

PLAYERS = {
    "five_hundred": ["Ann", "Bob", "Cid"],
    "jass": ["Ann", "Bob", "Cid", "Dan"],
    "auction_bridge": ["Ann", "Bob", "Cid", "Dan"],
}
ENTRIES: dict[str, list[dict[str, Any]]] = {
    "five_hundred": [
        {"type": "deal", "dealer": "Ann"},
        {"type": "bid", "player": "Bob", "call": "7H"},
        {"type": "result", "tricks": {"Bob": 7, "Ann": 2, "Cid": 1}},
    ],
    "jass": [
        {"type": "deal", "dealer": "Ann"},
        {"type": "trump", "player": "Bob", "contract": "obenabe"},
        {"type": "tricks", "points": {"Ann & Cid": 100}, "match": None},
    ],
    "auction_bridge": [
        {"type": "deal", "dealer": "Ann"},
        {"type": "bid", "player": "Ann", "call": "1S"},
        {"type": "result", "tricks": 8, "honours": None},
    ],
}
COMMON = [{"type": "note", "text": "Zürich ♣ „quotes“"}, {"type": "void", "target": 1, "note": "undo"}]

# bytes that matter to a JSON Lines reader, mixed with plain noise
FRAGMENTS = st.sampled_from(
    [
        b"\n",
        b"\r\n",
        b"{",
        b"}",
        b"[",
        b"]",
        b'"',
        b"\\",
        b"\\u",
        b"\\ud800",
        b",",
        b":",
        b" ",
        b"\x00",
        b"\xff",
        b"\xc3",
        b"\xe2\x99",
        b"\xef\xbb\xbf",
        b"null",
        b"1e400",
        b"-",
        b"[" * 1500,
        b"{" * 1500,
        b'{"seq": 4, "at": "2026-11-29T20:15:00Z", "type": "note", "text": "x"}',
        b'{"seq": 1, "at": "2026-11-29T20:15:00Z", "type": "note", "text": "x"}',
        b'{"type": "bet"}',
        b'"scorepad": 2',
        b'"game": "jass"',
        b'"rules": {"target": "lots"}',
    ]
)
NOISE = st.lists(st.one_of(FRAGMENTS, st.binary(min_size=1, max_size=12)), min_size=1, max_size=8).map(
    b"".join
)


@st.composite
def valid_log(draw: st.DrawFn) -> bytes:
    game = draw(st.sampled_from(GAMES))
    items = draw(st.lists(st.sampled_from(ENTRIES[game] + COMMON), max_size=6))
    return log_lines(header(game, PLAYERS[game]), entries(game, *items)).encode()


def outcome(data: bytes) -> str:
    """Load or LogError; any other exception fails the test. Returns which, having checked it."""
    try:
        loaded = parse_log(PATH, data)
    except LogError as error:
        message = str(error)
        lines = data.split(b"\n")
        assert message.startswith(f"{PATH}: line {error.line}: "), message
        assert 1 <= error.line <= len(lines), (error.line, len(lines))
        assert "\n" not in message and "\r" not in message
        assert error.cause and error.cause in message
        return "error"
    assert [e.seq for e in loaded.entries] == list(range(1, len(loaded.entries) + 1))
    assert b"\n" not in loaded.torn
    return "loaded"


@BOUNDED
@given(log=valid_log(), noise=NOISE)
def test_bytes_appended_load_or_name_a_line(log, noise):
    outcome(log + noise)


@BOUNDED
@given(log=valid_log(), noise=NOISE, where=st.floats(0, 1))
def test_bytes_inserted_load_or_name_a_line(log, noise, where):
    at = int(where * len(log))
    outcome(log[:at] + noise + log[at:])


@BOUNDED
@given(log=valid_log(), noise=NOISE, where=st.floats(0, 1), cut=st.integers(0, 40))
def test_bytes_overwritten_or_cut_out_load_or_name_a_line(log, noise, where, cut):
    at = int(where * len(log))
    outcome(log[:at] + noise + log[at + cut :])
    outcome(log[:at] + log[at + cut :])


@BOUNDED
@given(log=valid_log(), tail=NOISE.map(lambda b: b.replace(b"\n", b"")).filter(bool))
def test_an_unfinished_last_line_is_only_ever_set_aside(log, tail):
    loaded = parse_log(PATH, log + tail)
    before = parse_log(PATH, log).entries
    if loaded.unterminated:  # the tail reads as the next whole entry: it counts (docs/log-format.md §1)
        assert loaded.torn == b"" and loaded.entries[:-1] == before and len(loaded.entries) == len(before) + 1
        assert parse_log(PATH, log + tail + b"\n").entries == loaded.entries
        return
    assert loaded.torn == tail
    assert loaded.entries == before
    assert loaded.torn_note.startswith(f"{PATH}: line {len(loaded.entries) + 2}: an unfinished last line")
