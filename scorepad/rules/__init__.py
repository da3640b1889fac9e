"""The games' rules: pure functions from a log to a score sheet (no Textual, no I/O)."""

from __future__ import annotations

from collections.abc import Iterable

from scorepad.log import Entry, Header
from scorepad.rules.base import Replayer, Rules, Sheet
from scorepad.rules.registry import GAME_MODULES, GAME_TITLES, rules_for


def replay(header: Header, entries: Iterable[Entry]) -> Sheet:
    """Same log in, same sheet out. (A caller replaying many entries may pause the cyclic collector around
    this: scorepad.gcpause; the rules leave the process's collector alone.)"""
    return Replayer(header).extend(entries).sheet()


def check(entry: Entry, sheet: Sheet) -> str | None:
    """Why `entry` would not count if appended to the log behind `sheet`, or None (CONTRIBUTING.md, "The data
    flow": the rules say whether an entry is acceptable; the app asks its live Replayer, which keeps the state
    between entries)."""
    return Replayer(sheet.header).extend(sheet.entries).check(entry)


__all__ = ["GAME_MODULES", "GAME_TITLES", "Replayer", "Rules", "Sheet", "check", "replay", "rules_for"]
