"""Where the store meets the rules: a game file read and checked, replayed to its sheet (history.py lists them).

Every way in (replay, export, list, stats, the home screen, opening a game) reads through here, so a header
the rules cannot play (rules.header) is one line, like a damaged file, everywhere.
"""

from __future__ import annotations

import json
from pathlib import Path

from scorepad.gcpause import gc_paused
from scorepad.log import Header
from scorepad.rules import replay
from scorepad.rules.base import Outcome, Sheet
from scorepad.rules.header import header_problem
from scorepad.store import GameFile, LoadedLog, LogError, load

#: what `header_problem` said of each table lately read (its game, players, sides and rules): a club's saved
#: games are mostly the same few tables, and a first start over 2,000 games checked each one's rules through
#: pydantic again (7 % of a game's replay). Bounded: a folder of hand-made headers cannot grow it without end.
_HEADER_PROBLEMS: dict[tuple[str, tuple[str, ...], str, str], str | None] = {}
HEADER_PROBLEMS_KEPT = 256


def _table_of(header: Header) -> tuple[str, tuple[str, ...], str, str] | None:
    """All that `header_problem` reads of a header (not its id, date or title), as a key; None when it cannot be
    one (rules nested too deep for the JSON writer): then the header is simply checked."""
    try:
        sides = "" if header.sides is None else json.dumps(header.sides)  # (order kept: it decides the words)
        return header.game, tuple(header.players), sides, json.dumps(header.rules)
    except (TypeError, ValueError, RecursionError):
        return None


def table_problem(header: Header) -> str | None:
    """`header_problem`, said once for each table while it is kept (the same answer: it reads nothing else)."""
    key = _table_of(header)
    if key is None:
        return header_problem(header)
    try:
        return _HEADER_PROBLEMS[key]
    except KeyError:
        pass
    problem = header_problem(header)
    if len(_HEADER_PROBLEMS) >= HEADER_PROBLEMS_KEPT:
        _HEADER_PROBLEMS.clear()
    _HEADER_PROBLEMS[key] = problem
    return problem


def check_log(log: LoadedLog) -> LoadedLog:
    """The log, if its header is a table the game can be played and shown at; else LogError (line 1)."""
    problem = table_problem(log.header)
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
        return f"won by {sheet.side_names.get(sheet.winner, sheet.winner)}" if sheet.winner else "finished"
    if not sheet.rows:  # "in play, 0 scored" read like a result
        return "new, no deals yet" if not sheet.entries else "in play, nothing scored yet"
    return f"in play, {len(sheet.rows)} scored"
