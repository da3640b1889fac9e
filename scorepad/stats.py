"""Statistics across saved games (`scorepad stats`, the home screen's `s`). Pure: no Textual, no files
(scorepad.history reads the games and adds up each one's figures); Rich only to show them.

Every figure is read from the replayed sheets, so it follows corrections exactly as the score
sheets do. Players are counted by the name they carry at the end of each game; a player renamed in a game
(Ann → Annie) is one person, counted under the newest of the names across all games.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from scorepad.figures import BidRecord, PlayerRecord, Stats, WeisRecord, add_figures, merge_renamed
from scorepad.log import FHBid, Rename
from scorepad.rules import GAME_TITLES
from scorepad.rules.base import Outcome, Row, Sheet
from scorepad.rules.five_hundred.calls import NULLOS, STRAIN_NAMES, STRAINS, SYMBOLS, display_call, split
from scorepad.rules.five_hundred.view import DealCells, DealFigures
from scorepad.rules.jass.view import HandFigures
from scorepad.rules.names import visible

if TYPE_CHECKING:
    from rich.console import RenderableType

__all__ = ["BidRecord", "PlayerRecord", "Stats", "WeisRecord", "add_figures", "add_sheet", "game_figures",
           "merge_renamed", "stats_renderable", "strain_of"]

STRAIN_ORDER = (*STRAINS, *NULLOS)
STRAIN_LABELS = {**{s: f"{SYMBOLS[s]} {STRAIN_NAMES[s]}" for s in STRAINS if s != "NT"}, "NT": STRAIN_NAMES["NT"],
                 **{n: display_call(n) for n in NULLOS}}


# --------------------------------------------------------------------------- collecting


def game_figures(sheet: Sheet | Outcome) -> Stats:
    """One game's figures, to be added to others' with `add_figures` (kept per file, so a second count is free)."""
    figures = Stats()
    add_sheet(figures, sheet)
    return figures


def _join_renames(stats: Stats, sheet: Sheet | Outcome) -> None:
    """Each seat's names in this game — the header's and every rename's — are one person. Games come newest
    first, so the name a person carries at the end of the newest game is the one kept."""
    names: dict[str, list[str]] = {player: [sheet.names.get(player, player), player] for player in sheet.header.players}
    for entry in sheet.entries:
        if isinstance(entry, Rename) and entry.player in names:
            names[entry.player].append(entry.new_name)
    for seat_names in names.values():
        stats.join(seat_names)
        stats.seat_names.append(seat_names)


def add_sheet(stats: Stats, sheet: Sheet | Outcome) -> None:
    stats.games[sheet.game] += 1
    stats.finished += sheet.finished
    _join_renames(stats, sheet)
    for side, members in sheet.sides.items():
        for player in members:
            record = stats.players.setdefault(sheet.names.get(player, player), PlayerRecord())
            record.played += 1
            record.finished += sheet.finished
            record.won += sheet.finished and sheet.winner == side
    if sheet.game == "five_hundred":
        _add_bids(stats, sheet)
    elif sheet.game == "jass":
        _add_weis(stats, sheet)
    elif sheet.game == "auction_bridge":
        _add_rubber(stats, sheet)


def strain_of(call: str) -> str | None:
    """"7H" -> "H", "10NT" -> "NT", "nullo" -> "nullo"; None for pass or anything else."""
    if call in NULLOS:
        return call
    try:
        return split(call)[1]
    except ValueError:
        return None


def _add_bids(stats: Stats, sheet: Sheet | Outcome) -> None:
    previous_seq = 0
    for row in sheet.rows:
        contract = _contract_of(sheet, row, previous_seq)
        previous_seq = row.seq
        if contract is None:
            continue  # all passed, or a row that is not a contract
        strain, made = contract
        record = stats.bids.setdefault(strain, BidRecord())
        if made:
            record.made += 1
        else:
            record.set += 1


def _contract_of(sheet: Sheet | Outcome, row: Row, previous_seq: int) -> tuple[str, bool] | None:
    """(strain, made) of the deal a Five Hundred row scores."""
    figures = DealFigures.of(row)  # (a deal scored, read without putting its row in words)
    if figures is None and row.cells:
        cells = DealCells.of(row, tuple(sheet.sides))
        figures = DealFigures(cells.call, cells.outcome, cells.contractor_side)
    if figures is not None:
        strain = strain_of(figures.call) if figures.call else None
        if strain is None:
            return None  # all passed
        if figures.outcome:
            return strain, not figures.outcome.endswith("set")
        return strain, row.delta.get(figures.contractor_side or "", 0) > 0
    # no cells: the deal's winning call is the last contract or bid logged since the row before
    found: FHBid | None = None
    for entry in sheet.entries[previous_seq: row.seq]:
        if isinstance(entry, FHBid) and strain_of(entry.call):  # a bid or a contract (FHContract is a bid)
            found = entry
    if found is None:
        return None
    side = next((s for s, members in sheet.sides.items() if found.player in members), None)
    return strain_of(found.call) or "", side is not None and row.delta.get(side, 0) > 0


def _add_weis(stats: Stats, sheet: Sheet | Outcome) -> None:
    sides = tuple(sheet.sides)
    for side, members in sheet.sides.items():
        if side == " & ".join(members):  # named by its players: it follows their renames
            stats.team_players[sheet.side_names.get(side, side)] = tuple(sheet.names.get(p, p) for p in members)
    for row in sheet.rows:
        figures = HandFigures.of(row, sides)  # (the row's Weis and Match, without putting it in words)
        for side in sides:
            team = stats.weis.setdefault(sheet.side_names.get(side, side), WeisRecord())
            weis = figures.weis[side]
            if weis > 0:
                team.hands += 1
                team.points += weis
            if figures.match == side:
                team.matches += 1


def _add_rubber(stats: Stats, sheet: Sheet | Outcome) -> None:
    rubber = sheet.extra.get("rubber")
    for side, members in sheet.sides.items():
        for player in members:
            record = stats.rubbers.setdefault(sheet.names.get(player, player), PlayerRecord())
            record.played += 1
            if rubber:
                record.finished += 1
                record.won += rubber.get("winner") == side
    if rubber:
        stats.rubber_sizes.append(int(rubber.get("size", 0)))


# --------------------------------------------------------------------------- showing


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "—"


def plural(count: int, word: str) -> str:
    """ "1 rubber", "2 rubbers" (every counted word here takes an s)."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _sorted_players(records: Mapping[str, PlayerRecord]) -> list[tuple[str, PlayerRecord]]:
    return sorted(records.items(), key=lambda item: (-item[1].won, -item[1].played, item[0].casefold()))


def stats_renderable(stats: Stats) -> RenderableType:
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    total = sum(stats.games.values())
    if not total and not stats.damaged:
        return Text("No saved games yet: statistics appear once games are played.")
    kinds = ", ".join(f"{count} {GAME_TITLES[game]}" for game, count in sorted(stats.games.items()))
    parts: list[RenderableType] = [
        Text(f"{plural(total, 'game')} ({kinds or 'none readable'}), {stats.finished} finished.")]

    players = Table(title="Players", title_justify="left")
    for name, justify in (("player", "left"), ("games", "right"), ("finished", "right"), ("won", "right"),
                          ("won of finished", "right")):
        players.add_column(name, justify=justify)  # type: ignore[arg-type]
    for name, record in _sorted_players(stats.players):
        players.add_row(Text(visible(name)), str(record.played), str(record.finished), str(record.won),
                        _percent(record.won, record.finished))
    parts.append(players)

    if stats.bids:
        bids = Table(title="Five Hundred: contracts by strain", title_justify="left")
        for name in ("strain", "bids", "made", "set", "made %"):
            bids.add_column(name, justify="left" if name == "strain" else "right")
        for strain in sorted(stats.bids, key=lambda s: STRAIN_ORDER.index(s) if s in STRAIN_ORDER else 99):
            strain_record = stats.bids[strain]
            # (a strain read back from the saved games' cache file is any text there: plain, visible)
            bids.add_row(Text(visible(STRAIN_LABELS.get(strain, strain))), str(strain_record.bids),
                         str(strain_record.made), str(strain_record.set), _percent(strain_record.made, strain_record.bids))
        parts.append(bids)

    if stats.weis:
        weis = Table(title="Jass: Weis won and Matches", title_justify="left")
        for name in ("team", "hands with Weis", "Weis points", "Matches"):
            weis.add_column(name, justify="left" if name == "team" else "right")
        for team, team_record in sorted(stats.weis.items(), key=lambda item: (-item[1].points, item[0].casefold())):
            weis.add_row(Text(visible(team)), str(team_record.hands), str(team_record.points), str(team_record.matches))
        parts.append(weis)

    if stats.rubbers:
        rubbers = Table(title="Auction Bridge: rubbers", title_justify="left")
        for name in ("player", "rubbers", "finished", "won"):
            rubbers.add_column(name, justify="left" if name == "player" else "right")
        for name, record in _sorted_players(stats.rubbers):
            rubbers.add_row(Text(visible(name)), str(record.played), str(record.finished), str(record.won))
        parts.append(rubbers)
        average = stats.average_rubber
        if average is not None:
            parts.append(Text(f"Average rubber: {average:.0f} points over {plural(len(stats.rubber_sizes), 'rubber')}."))

    if stats.damaged:
        parts.append(Text(f"{plural(len(stats.damaged), 'damaged file')} skipped:", style="red"))
        parts += [Text(visible(f"  {line}"), style="red") for line in stats.damaged]  # file text: never markup
    return Group(*parts)
