"""The games' rules: pure functions from a log to a score sheet (no Textual, no I/O)."""

from __future__ import annotations

from collections.abc import Iterable
from importlib import import_module

from scorepad.log import Entry, Header
from scorepad.rules.base import Replayer, Rules, Sheet

GAME_MODULES = {
    "five_hundred": "scorepad.rules.five_hundred",
    "jass": "scorepad.rules.jass",
    "auction_bridge": "scorepad.rules.auction_bridge",
}
GAME_TITLES = {"five_hundred": "Five Hundred", "jass": "Jass (Schieber)", "auction_bridge": "Auction Bridge"}


def rules_for(game: str) -> Rules:
    try:
        module = import_module(GAME_MODULES[game])
    except KeyError:
        raise ValueError(f"unknown game {game!r} (games: {', '.join(GAME_MODULES)})") from None
    return module.RULES


def replay(header: Header, entries: Iterable[Entry]) -> Sheet:
    """Same log in, same sheet out."""
    return Replayer(header).extend(entries).sheet()


def check(entry: Entry, sheet: Sheet) -> str | None:
    """Why `entry` would not count if appended to the log behind `sheet`, or None (design §2: the rules say
    whether an entry is acceptable; the app asks its live Replayer, which keeps the state between entries)."""
    return Replayer(sheet.header).extend(sheet.entries).check(entry)


__all__ = ["GAME_TITLES", "Replayer", "Rules", "Sheet", "check", "replay", "rules_for"]
