"""The games' rules: pure functions from a log to a score sheet (no Textual, no I/O).

Importing the package loads only the games' names and titles (scorepad.rules.registry); the replayer and the
sheet load on first use, so what shows text read from a file (scorepad.rules.names) or a game's title costs no
more than those small modules (`scorepad list` over games it has read before).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorepad.rules.registry import GAME_MODULES, GAME_TITLES, rules_for

if TYPE_CHECKING:
    from collections.abc import Iterable

    from scorepad.log import Entry, Header
    from scorepad.rules.base import Replayer, Rules, Sheet


def replay(header: Header, entries: Iterable[Entry]) -> Sheet:
    """Same log in, same sheet out. (A caller replaying many entries may pause the cyclic collector around
    this: scorepad.gcpause; the rules leave the process's collector alone.)"""
    from scorepad.rules.base import Replayer

    return Replayer(header).extend(entries).sheet()


def check(entry: Entry, sheet: Sheet) -> str | None:
    """Why `entry` would not count if appended to the log behind `sheet`, or None (CONTRIBUTING.md, "The data
    flow": the rules say whether an entry is acceptable; the app asks its live Replayer, which keeps the state
    between entries)."""
    from scorepad.rules.base import Replayer

    return Replayer(sheet.header).extend(sheet.entries).check(entry)


def __getattr__(name: str) -> Any:
    # `from scorepad.rules import Replayer` (or Rules, Sheet) loads the replayer then
    if name in ("Replayer", "Rules", "Sheet"):
        from scorepad.rules import base

        return getattr(base, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")  # not words: Python's own error


__all__ = ["GAME_MODULES", "GAME_TITLES", "Replayer", "Rules", "Sheet", "check", "replay", "rules_for"]
