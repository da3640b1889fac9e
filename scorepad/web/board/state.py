"""The board's state as JSON for the page: made from the rules' sheet and views alone, never worked out here.

Every text taken from a game file (the title, names, the rows' and the state's words, a problem) goes through
`visible()` as on the terminal board: the page sets it as text (never as HTML), and no control or
text-direction character reaches it. Figures are numbers; the page writes them as text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorepad.follow import Follower
from scorepad.locale import N_, _
from scorepad.rules import GAME_TITLES
from scorepad.rules.auction_bridge import HONOUR_PARTS, format_call
from scorepad.rules.auction_bridge.view import BridgeView, DealCells, StopCells
from scorepad.rules.base import Row, Sheet
from scorepad.rules.jass import tafel
from scorepad.rules.jass.view import JassView
from scorepad.rules.names import visible
from scorepad.text.describe import recent_words

RECENT_ROWS = 24  # the last deals sent: a TV shows a dozen, a phone a few
DOUBLING_MARKS = {"none": "", "doubled": "x", "redoubled": "xx"}
#: the pad's short names of what a side wrote above the line (translated where shown)
PART_LABELS = {
    "honours": N_("honours"),
    "chicane": N_("chicane"),
    "slam": N_("slam"),
    "undertricks": N_("under"),
    "doubled_bonus": N_("dbl bonus"),
    "revoke": N_("revoke"),
}

State = dict[str, Any]


def waiting_state(words: str) -> State:
    """No game to show (yet): the page says why."""
    return {"game": None, "title": _("scorepad board"), "waiting": visible(words)}


def follower_state(follower: Follower | None) -> State:
    """What the page shows for the game `follower` follows (None: no game found)."""
    if follower is None or follower.sheet is None or follower.replayer is None:
        if follower is not None and follower.problem:
            if follower.waiting:
                return waiting_state(follower.problem)
            return waiting_state(_("This game cannot be shown: {problem}").format(problem=follower.problem))
        return waiting_state(
            _("No game to show yet. Start one in scorepad: this board follows it as the score is kept.")
        )
    report = ""
    if follower.problem:
        report = (
            follower.problem
            if follower.waiting
            else _("Cannot follow the game just now: {problem}").format(problem=follower.problem)
        )
    return board_state(follower.sheet, follower.replayer.state.board_lines(), report)


def board_state(sheet: Sheet, lines: Sequence[str], report: str = "") -> State:
    """The page's state of `sheet`: `lines` are the rules' state in words (`State.board_lines()`)."""
    sides = list(sheet.sides)
    names = {side: visible(sheet.side_names.get(side, side)) for side in sides}
    needs = side_needs(sheet)
    title = visible(sheet.header.title)
    game = _(GAME_TITLES[sheet.game])
    column, title_of_rows, none = recent_words(sheet)
    state: State = {
        "game": sheet.game,
        "title": f"{game} — {title}" if title else game,
        "sides": [
            {
                "name": names[side],
                "total": sheet.totals[side],
                "winner": sheet.winner == side,
                "out": needs[side][1],
                "need": needs[side][0],
            }
            for side in sides
        ],
        "state": [visible(line) for line in lines],
        "report": visible(report),
        "over": sheet.finished,
        "winner": names.get(sheet.winner) if sheet.winner else None,
        "result": visible(sheet.result),
        "banner": banner(sheet, names),
        "outlook": outlook(sheet),
        # the last deals' words: Jass speaks of hands
        "rows_title": title_of_rows,
        "rows_column": column,
        "rows_none": none,
        "rows": [row_state(row, sides) for row in sheet.rows[-RECENT_ROWS:]],
    }
    view = sheet.view
    if isinstance(view, JassView):
        state["tafel"] = [tafel_state(sheet.totals[side]) for side in sides]
        state["target"] = view.target
        state["bergpreis"] = names.get(view.bergpreis) if view.bergpreis else None
    elif isinstance(view, BridgeView):
        state["pad"] = pad_state(sheet, view)
    return state


def banner(sheet: Sheet, names: Mapping[str, str]) -> str:
    """What the page says once the game is over: the rules' result ("Ann wins: the contractor reaches 500"),
    else who won, else that it is over; "" while it goes on."""
    if not sheet.finished:
        return ""
    if sheet.result:
        return visible(sheet.result)
    if sheet.winner:
        name = names.get(sheet.winner, visible(sheet.winner))
        return (_("{team} win") if len(sheet.sides) == 2 else _("{player} wins")).format(
            team=name, player=name
        )
    return _("Game over")


def row_state(row: Row, sides: Sequence[str]) -> State:
    return {
        "seq": row.seq,  # the row's identity (the page marks what is new); never shown
        "number": row.number,  # the deal (Jass: the hand) as the table counts them: shown
        "text": visible(row.text),
        "delta": [row.delta.get(side, 0) for side in sides],
        "totals": [row.totals.get(side, 0) for side in sides],
    }


def side_needs(sheet: Sheet) -> dict[str, tuple[str, bool]]:
    """side -> (what it still needs, in the rules' words; whether it is out of the running): `View.needs`."""
    needs = {side: ("", False) for side in sheet.sides}
    for need in sheet.view.needs:
        if need.side in needs:
            needs[need.side] = (visible(need.text), need.out)
    return needs


def outlook(sheet: Sheet) -> str:
    """Where the match stands, in one line beyond each side's needs ("a game by We ends the rubber"), or ""."""
    return visible(sheet.view.outlook)


def tafel_state(points: int) -> State:
    """One team's chalk marks, as the rules break its points down (a V a 500, strokes of 100, 50 and 20)."""
    board = tafel(points)
    return {
        "fives": board.fives,
        "hundreds": board.hundreds,
        "fifties": board.fifties,
        "twenties": board.twenties,
        "rest": board.rest,
        "negative": board.negative,
    }


# --------------------------------------------------------------------------- the bridge pad


def _deal_label(cells: DealCells) -> str:
    return f"{cells.deal} {format_call(cells.call)}{DOUBLING_MARKS.get(cells.double, '')}"


def _honour_label(cells: DealCells, side: str) -> str:
    return f"{cells.deal} " + (
        "+".join(_(PART_LABELS[p]) for p in HONOUR_PARTS if cells.parts[p][side]) or _("honour")
    )


def pad_state(sheet: Sheet, view: BridgeView) -> State:
    """The pad as a scorer writes it: each side's entries above the line (honours, bonuses), below it the trick
    points game by game with the game's winner, then the scores the rules add up."""
    sides = list(sheet.sides)
    above: dict[str, list[tuple[str, int]]] = {side: [] for side in sides}
    games: dict[int, dict[str, Any]] = {}
    for row in sheet.rows:
        cells = row.cells
        if isinstance(cells, DealCells):
            game = games.setdefault(cells.game, {"below": {side: [] for side in sides}, "winner": None})
            for side in sides:
                if cells.trick[side]:
                    game["below"][side].append((_deal_label(cells), cells.trick[side]))
                if cells.honour[side]:
                    above[side].append((_honour_label(cells, side), cells.honour[side]))
                if cells.bonus[side]:
                    above[side].append((_("rubber"), cells.bonus[side]))
            if cells.won_game:
                game["winner"] = sides.index(cells.won_game)
        elif isinstance(cells, StopCells):
            for side in sides:
                if cells.bonus[side]:
                    above[side].append((_("unfinished"), cells.bonus[side]))
    score = view.score
    return {
        "above": [_entries(above[side]) for side in sides],
        "games": [
            {
                "number": number,
                "below": [_entries(game["below"][side]) for side in sides],
                "winner": game["winner"],
            }
            for number, game in sorted(games.items())
        ],
        "trick": _per_side(score.trick, sides),
        "honour": _per_side(score.honour, sides),
        "bonus": _per_side(score.bonus, sides),
        "total": _per_side(score.total, sides),
    }


def _entries(entries: Sequence[tuple[str, int]]) -> list[list[Any]]:
    return [[visible(label), points] for label, points in entries]


def _per_side(values: Mapping[str, int], sides: Sequence[str]) -> list[int]:
    return [values.get(side, 0) for side in sides]
