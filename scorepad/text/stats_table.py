"""The statistics across saved games shown (`scorepad stats`, the home screen's `s`): Rich tables of the figures
the index's queries give (scorepad.library.stats). Nothing is counted here, and no rules are loaded: the words
of a strain were kept in the index with its figures."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from scorepad.library.stats import Record, Statistics
from scorepad.rules import GAME_TITLES
from scorepad.rules.names import visible

if TYPE_CHECKING:
    from rich.console import RenderableType


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "—"


def plural(count: int, word: str) -> str:
    """ "1 rubber", "2 rubbers" (every counted word here takes an s)."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def stats_renderable(stats: Statistics) -> RenderableType:
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    def table(title: str, *columns: str, names: int = 1) -> Table:
        """A table whose first `names` columns are names (at the left), the others figures (at the right)."""
        shown = Table(title=title, title_justify="left")
        for number, name in enumerate(columns):
            shown.add_column(name, justify="left" if number < names else "right")
        return shown

    def records(title: str, first: str, rows: Mapping[str, Record], *, share: bool = True) -> Table:
        shown = table(title, first, "games", "finished", "won", *(["won of finished"] if share else []))
        for name, record in rows.items():
            shown.add_row(
                Text(visible(name)),
                str(record.played),
                str(record.finished),
                str(record.won),
                *([_percent(record.won, record.finished)] if share else []),
            )
        return shown

    total = sum(stats.games.values())
    if not total and not stats.damaged:
        return Text("No saved games yet: statistics appear once games are played.")
    kinds = ", ".join(f"{kind.games} {GAME_TITLES[game]}" for game, kind in stats.kinds.items())
    parts: list[RenderableType] = [
        Text(f"{plural(total, 'game')} ({kinds or 'none readable'}), {stats.finished} finished.")
    ]

    if len(stats.kinds) > 1:
        games = table("Games", "game", "games", "finished", "deals scored")
        for game, kind in stats.kinds.items():
            games.add_row(GAME_TITLES[game], str(kind.games), str(kind.finished), str(kind.deals))
        parts.append(games)

    parts.append(records("Players", "player", stats.players))
    if stats.partnerships:
        parts.append(records("Partnerships", "partners", stats.partnerships))

    if stats.head_to_head:
        meetings = table(
            "Head to head (finished games)", "player", "against", "games", "won", "lost", names=2
        )
        for (first, second), meeting in stats.head_to_head.items():
            meetings.add_row(
                Text(visible(first)),
                Text(visible(second)),
                str(meeting.games),
                str(meeting.won),
                str(meeting.lost),
            )
        parts.append(meetings)

    if stats.bids:
        bids = table("Five Hundred: contracts by strain", "strain", "bids", "made", "set", "made %")
        for contracts in stats.bids.values():
            bids.add_row(
                Text(visible(contracts.label)),
                str(contracts.bids),
                str(contracts.made),
                str(contracts.set),
                _percent(contracts.made, contracts.bids),
            )
        parts.append(bids)

    if stats.weis:
        weis = table("Jass: Weis won and Matches", "team", "hands with Weis", "Weis points", "Matches")
        for team, team_record in stats.weis.items():
            weis.add_row(
                Text(visible(team)), str(team_record.hands), str(team_record.points), str(team_record.matches)
            )
        parts.append(weis)

    if stats.rubbers:
        rubbers = table("Auction Bridge: rubbers", "player", "rubbers", "finished", "won")
        for name, record in stats.rubbers.items():
            rubbers.add_row(Text(visible(name)), str(record.played), str(record.finished), str(record.won))
        parts.append(rubbers)
        if stats.average_rubber is not None:
            parts.append(
                Text(
                    f"Average rubber: {stats.average_rubber:.0f} points over "
                    f"{plural(stats.rubbers_over, 'rubber')}."
                )
            )

    if stats.damaged:
        parts.append(Text(f"{plural(len(stats.damaged), 'damaged file')} skipped:", style="red"))
        parts += [
            Text(visible(f"  {line}"), style="red") for line in stats.damaged
        ]  # file text: never markup
    return Group(*parts)
