"""One saved game read into the record the index keeps of it. Everything in it comes from the rules: the sheet the
log replays to and each game's typed views (who won, what each deal's contract was and whether it was made, the
Weis and the Matches, the rubber), never worked out here from the raw entries."""

from __future__ import annotations

from pathlib import Path

from scorepad.games import check_log, status_text
from scorepad.gcpause import gc_paused
from scorepad.library.records import GameRecord, Rubber, Seat, Side, Strain, TeamWeis, plain
from scorepad.locale import _
from scorepad.log import Rename
from scorepad.rules.auction_bridge.view import BridgeView
from scorepad.rules.base import Replayer, Sheet
from scorepad.rules.five_hundred.calls import NULLOS, STRAIN_NAMES, STRAINS, SYMBOLS, display_call
from scorepad.rules.five_hundred.view import DealFigures, FiveHundredView
from scorepad.rules.jass.view import HandFigures, JassView
from scorepad.store.files import LogError
from scorepad.store.game_file import parse_log


class Unreadable(Exception):
    """The one line a game file cannot be read with."""


def read_game(path: Path, data: bytes) -> GameRecord:
    """The record of a game file's bytes; Unreadable when they are not a game the rules can play (a damaged file,
    a header the rules refuse, or a log the rules stumble on)."""
    try:
        log = check_log(parse_log(path, data))
    except LogError as error:
        raise Unreadable(plain(str(error))) from None
    try:
        # a whole log: rows, deals and positions that are all kept (as scorepad.games.replay_log pauses it)
        with gc_paused():
            sheet = Replayer(log.header).extend(log.entries).sheet()
        return record_of(sheet)
    except Exception:  # one broken file must not hide the others (nor end the app)
        # the file was read: the fault is scorepad's, and Python's name for it would mean nothing at the table
        line = _("{path}: cannot be scored (a fault of scorepad's, not of the file: please report it)")
        raise Unreadable(plain(line.format(path=path))) from None


def record_of(sheet: Sheet) -> GameRecord:
    header = sheet.header
    side_of = {player: side for side, members in sheet.sides.items() for player in members}
    strains, weis, rubber = _game_figures(sheet)
    return GameRecord(
        game=header.game,
        title=plain(header.title),
        created=header.created.isoformat(),
        status=plain(status_text(sheet)),
        finished=sheet.finished,
        winner=plain(sheet.winner) if sheet.winner is not None else None,
        deals=len(sheet.rows),
        seats=_seats(sheet, side_of),
        sides=tuple(
            Side(
                plain(side),
                plain(sheet.side_names.get(side, side)),
                side == " & ".join(members),
                sheet.totals.get(side, 0),
                sheet.finished and sheet.winner == side,
            )
            for side, members in sheet.sides.items()
        ),
        strains=strains,
        weis=weis,
        rubber=rubber,
    )


def _seats(sheet: Sheet, side_of: dict[str, str]) -> tuple[Seat, ...]:
    """Each seat with every name it carried in this game (a rename joins them: one person, across games too)."""
    names: dict[str, list[str]] = {player: [player] for player in sheet.header.players}
    for entry in sheet.entries:
        if isinstance(entry, Rename) and entry.player in names:
            names[entry.player].append(entry.new_name)
    seats = []
    for player, carried in names.items():
        now = sheet.names.get(player, player)
        seats.append(
            Seat(
                plain(player),
                plain(now),
                plain(side_of[player]),
                tuple(dict.fromkeys(plain(name) for name in (*carried, now))),
            )
        )
    return tuple(seats)


def _game_figures(sheet: Sheet) -> tuple[tuple[Strain, ...], tuple[TeamWeis, ...], Rubber | None]:
    """The figures only one game has (its contracts, its Weis, its rubber), as its view's type says which."""
    match sheet.view:
        case FiveHundredView():
            return _strains(sheet), (), None
        case JassView():
            return (), _weis(sheet), None
        case BridgeView():
            return (), (), _rubber(sheet)
    return (), (), None


def _strains(sheet: Sheet) -> tuple[Strain, ...]:
    sides = tuple(sheet.sides)
    counts: dict[str, tuple[int, int]] = {}
    for row in sheet.rows:
        figures = DealFigures.read(row, sides)
        strain = figures.strain
        if strain is None:
            continue  # all passed
        made, went_set = counts.get(strain, (0, 0))
        counts[strain] = (made + 1, went_set) if figures.made else (made, went_set + 1)
    return tuple(
        Strain(strain, *_in_words(strain), made, went_set) for strain, (made, went_set) in counts.items()
    )


def _in_words(strain: str) -> tuple[str, int]:
    """A strain as the table says it, and its place in the bid table (kept, so that the statistics are shown
    without loading the rules)."""
    if strain in NULLOS:
        return display_call(strain), len(STRAINS) + NULLOS.index(strain)
    words = STRAIN_NAMES[strain] if strain == "NT" else f"{SYMBOLS[strain]} {STRAIN_NAMES[strain]}"
    return words, STRAINS.index(strain)


def _weis(sheet: Sheet) -> tuple[TeamWeis, ...]:
    sides = tuple(sheet.sides)
    counts = {side: [0, 0, 0] for side in sides}  # hands with Weis, Weis points, Matches
    for row in sheet.rows:
        figures = HandFigures.of(row, sides)  # (the row's Weis and Match, without putting it in words)
        for side in sides:
            weis = figures.weis[side]
            if weis > 0:
                counts[side][0] += 1
                counts[side][1] += weis
            if figures.match == side:
                counts[side][2] += 1
    return tuple(TeamWeis(plain(side), *figures) for side, figures in counts.items())


def _rubber(sheet: Sheet) -> Rubber:
    rubber = sheet.extra.get("rubber")  # `replay --json`'s own "rubber" (docs/log-format.md)
    if not rubber:
        return Rubber(over=False, winner=None, size=0)
    return Rubber(over=True, winner=plain(rubber["winner"]), size=int(rubber["size"]))
