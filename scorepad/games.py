"""Where the store meets the rules: a game file read and checked, replayed to its sheet, listings described.

Every way in (replay, export, list, stats, the home screen, opening a game) reads through here, so a header
the rules cannot play (rules.header) is one line, like a damaged file, everywhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from scorepad.gcpause import gc_paused
from scorepad.rules import GAME_TITLES, replay
from scorepad.rules.base import Sheet
from scorepad.rules.header import header_problem
from scorepad.rules.names import visible
from scorepad.store import GameFile, GameListing, LoadedLog, LogError, list_games, load


def check_log(log: LoadedLog) -> LoadedLog:
    """The log, if its header is a table the game can be played and shown at; else LogError (line 1)."""
    problem = header_problem(log.header)
    if problem:
        raise LogError(log.path, 1, problem)
    return log


def load_game(path: Path | str) -> LoadedLog:
    return check_log(load(path))


def open_game(path: Path | str) -> GameFile:
    """A game opened for play (store.GameFile.open), refused like a damaged file when its header is not playable."""
    game_file = GameFile.open(path)
    problem = header_problem(game_file.header)
    if problem:
        game_file.close()
        raise LogError(game_file.path, 1, problem)
    return game_file


def listings(directory: Path | None = None) -> Iterator[GameListing]:
    """store.list_games, with a game whose header is not playable listed as unreadable, with its line."""
    for listing in list_games(directory):
        if listing.log is not None:
            problem = header_problem(listing.log.header)
            if problem:
                listing = replace(listing, log=None, error=str(LogError(listing.path, 1, problem)))
        yield listing


def replay_log(log: LoadedLog) -> Sheet:
    with gc_paused():  # a whole log: rows, deals and positions that are all kept
        return replay(log.header, log.entries)


def replay_file(path: Path | str) -> tuple[Sheet, list[str]]:
    """The sheet of a game file and the notices its reading gave (a torn last line …)."""
    log = load_game(path)
    notices = [log.torn_note] if log.torn else []
    return replay_log(log), notices


def status_text(sheet: Sheet) -> str:
    if sheet.finished:
        return f"won by {sheet.side_names.get(sheet.winner, sheet.winner)}" if sheet.winner else "finished"
    return f"in play, {len(sheet.rows)} scored"


def describe_listing(listing: GameListing) -> str:
    """One line of `scorepad list`; everything read from the file shown visibly (no raw control characters)."""
    if listing.log is None:
        return visible(f"!! {listing.error}")
    header = listing.log.header
    sheet = replay_log(listing.log)
    title = f" “{header.title}”" if header.title else ""
    when = listing.modified.strftime("%Y-%m-%d %H:%M")
    return visible(
        f"{when}  {GAME_TITLES[header.game]}{title}: {', '.join(sheet.names.get(p, p) for p in header.players)}"
        f" — {status_text(sheet)}  [{listing.path}]"
    )
