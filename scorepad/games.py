"""Where the store meets the rules: a game file replayed to its sheet, and listings described."""

from __future__ import annotations

from pathlib import Path

from scorepad.rules import GAME_TITLES, replay
from scorepad.rules.base import Sheet
from scorepad.store import GameListing, LoadedLog, load


def replay_log(log: LoadedLog) -> Sheet:
    return replay(log.header, log.entries)


def replay_file(path: Path | str) -> tuple[Sheet, list[str]]:
    """The sheet of a game file and the notices its reading gave (a torn last line …)."""
    log = load(path)
    notices = [log.torn_note] if log.torn else []
    return replay_log(log), notices


def status_text(sheet: Sheet) -> str:
    if sheet.finished:
        return f"won by {sheet.side_names.get(sheet.winner, sheet.winner)}" if sheet.winner else "finished"
    return f"in play, {len(sheet.rows)} scored"


def describe_listing(listing: GameListing) -> str:
    if listing.log is None:
        return f"!! {listing.error}"
    header = listing.log.header
    sheet = replay_log(listing.log)
    title = f" “{header.title}”" if header.title else ""
    when = listing.modified.strftime("%Y-%m-%d %H:%M")
    return (
        f"{when}  {GAME_TITLES[header.game]}{title}: {', '.join(header.players)} — {status_text(sheet)}"
        f"  [{listing.path}]"
    )
