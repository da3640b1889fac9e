"""Where the store meets the rules: a game file read and checked, replayed to its sheet (history.py lists them).

Every way in (replay, export, list, stats, the home screen, opening a game) reads through here, so a header
the rules cannot play (rules.header) is one line, like a damaged file, everywhere.
"""

from __future__ import annotations

from pathlib import Path

from scorepad.gcpause import gc_paused
from scorepad.locale import _, ngettext, pgettext
from scorepad.rules import replay
from scorepad.rules.base import Outcome, Sheet
from scorepad.rules.header import header_problem
from scorepad.store.files import LogError
from scorepad.store.game_file import GameFile, LoadedLog, load


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


def replay_log(log: LoadedLog) -> Sheet:
    with gc_paused():  # a whole log: rows, deals and positions that are all kept
        return replay(log.header, log.entries)


def replay_file(path: Path | str) -> tuple[Sheet, list[str]]:
    """The sheet of a game file and the notices its reading gave (a torn last line …)."""
    log = load_game(path)
    notices = [log.torn_note] if log.torn else []
    return replay_log(log), notices


def status_text(sheet: Sheet | Outcome) -> str:
    """A game's state as the saved games list says it, in a player's words."""
    if sheet.finished:
        if not sheet.winner:
            return pgettext("game status", "finished")
        return _("won by {side}").format(side=sheet.side_names.get(sheet.winner, sheet.winner))
    if not sheet.rows:  # "in play, 0 scored" read like a result
        return _("new, no deals yet") if not sheet.entries else _("in play, nothing scored yet")
    return ngettext("in play, {count} scored", "in play, {count} scored", len(sheet.rows)).format(
        count=len(sheet.rows)
    )
