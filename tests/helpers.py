"""Building logs in tests: headers and entries with seq/at filled in."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from scorepad.log import Entry, Header, parse_entry

AT = datetime(2026, 11, 29, 20, 15, tzinfo=UTC)


def header(
    game: str,
    players: list[str],
    rules: dict[str, Any] | None = None,
    sides: dict[str, list[str]] | None = None,
    title: str = "",
) -> Header:
    data: dict[str, Any] = {
        "scorepad": 1,
        "game": game,
        "id": "test0001",
        "created": AT.isoformat(),
        "title": title,
        "players": players,
        "rules": rules or {},
    }
    if sides is not None:
        data["sides"] = sides
    return Header.model_validate(data)


def entries(game: str, *items: dict[str, Any]) -> list[Entry]:
    """Entries from dicts (type first), numbered 1, 2, 3 …"""
    return [
        parse_entry(game, {**item, "seq": n, "at": AT.isoformat()}) for n, item in enumerate(items, start=1)
    ]


def log_lines(head: Header, items: list[Entry]) -> str:
    from scorepad.log import dump_entry, dump_header

    return "".join(line + "\n" for line in [dump_header(head), *(dump_entry(e) for e in items)])
