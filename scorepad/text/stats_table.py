"""The statistics across saved games shown (`scorepad stats`, the home screen's `s`): Rich tables of the figures
the index's queries give (scorepad.library.stats). Nothing is counted here, and no rules are loaded: the words
of a strain were kept in the index with its figures."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from scorepad.library.stats import Record, Statistics
from scorepad.locale import _, ngettext, pgettext
from scorepad.locale.formats import count, share
from scorepad.rules import GAME_TITLES
from scorepad.rules.names import visible

if TYPE_CHECKING:
    from rich.console import RenderableType


def stats_renderable(stats: Statistics) -> RenderableType:
    """The figures in the language spoken: counts and shares as it writes them (scorepad.locale.formats), Weis
    points and rubber points, which are scores, as plain integers."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    def table(title: str, *columns: str, names: int = 1) -> Table:
        """A table whose first `names` columns are names (at the left), the others figures (at the right)."""
        shown = Table(title=title, title_justify="left")
        for number, name in enumerate(columns):
            shown.add_column(name, justify="left" if number < names else "right")
        return shown

    def records(title: str, first: str, rows: Mapping[str, Record], *, with_share: bool = True) -> Table:
        shown = table(
            title,
            first,
            _("games"),
            _("finished"),
            _("won"),
            *([_("won of finished")] if with_share else []),
        )
        for name, record in rows.items():
            shown.add_row(
                Text(visible(name)),
                count(record.played),
                count(record.finished),
                count(record.won),
                *([share(record.won, record.finished)] if with_share else []),
            )
        return shown

    total = sum(stats.games.values())
    if not total and not stats.damaged:
        return Text(_("No saved games yet: statistics appear once games are played."))
    kinds = ", ".join(f"{count(kind.games)} {_(GAME_TITLES[game])}" for game, kind in stats.kinds.items())
    summary = ngettext(
        "{count} game ({kinds}), {finished} finished.", "{count} games ({kinds}), {finished} finished.", total
    )
    parts: list[RenderableType] = [
        Text(
            summary.format(
                count=count(total), kinds=kinds or _("none readable"), finished=count(stats.finished)
            )
        )
    ]

    if len(stats.kinds) > 1:
        games = table(_("Games"), _("game"), _("games"), _("finished"), _("deals scored"))
        for game, kind in stats.kinds.items():
            games.add_row(_(GAME_TITLES[game]), count(kind.games), count(kind.finished), count(kind.deals))
        parts.append(games)

    parts.append(records(_("Players"), _("player"), stats.players))
    if stats.partnerships:
        parts.append(records(_("Partnerships"), _("partners"), stats.partnerships))

    if stats.head_to_head:
        meetings = table(
            _("Head to head (finished games)"),
            _("player"),
            _("against"),
            _("games"),
            _("won"),
            _("lost"),
            names=2,
        )
        for (first, second), meeting in stats.head_to_head.items():
            meetings.add_row(
                Text(visible(first)),
                Text(visible(second)),
                count(meeting.games),
                count(meeting.won),
                count(meeting.lost),
            )
        parts.append(meetings)

    if stats.bids:
        bids = table(
            _("Five Hundred: contracts by strain"),
            _("strain"),
            _("bids"),
            pgettext("contracts", "made"),
            pgettext("contracts", "set"),
            pgettext("contracts", "made %"),
        )
        for contracts in stats.bids.values():
            bids.add_row(
                Text(visible(contracts.label)),
                count(contracts.bids),
                count(contracts.made),
                count(contracts.set),
                share(contracts.made, contracts.bids),
            )
        parts.append(bids)

    if stats.weis:
        weis = table(
            _("Jass: Weis won and Matches"), _("team"), _("hands with Weis"), _("Weis points"), _("Matches")
        )
        for team, team_record in stats.weis.items():
            weis.add_row(
                Text(visible(team)),
                count(team_record.hands),
                str(team_record.points),
                count(team_record.matches),
            )
        parts.append(weis)

    if stats.rubbers:
        rubbers = table(_("Auction Bridge: rubbers"), _("player"), _("rubbers"), _("finished"), _("won"))
        for name, record in stats.rubbers.items():
            rubbers.add_row(
                Text(visible(name)), count(record.played), count(record.finished), count(record.won)
            )
        parts.append(rubbers)
        if stats.average_rubber is not None:
            average = ngettext(
                "Average rubber: {points} points over {count} rubber.",
                "Average rubber: {points} points over {count} rubbers.",
                stats.rubbers_over,
            )
            parts.append(
                Text(average.format(points=f"{stats.average_rubber:.0f}", count=count(stats.rubbers_over)))
            )

    if stats.damaged:
        skipped = ngettext(
            "{count} damaged file skipped:", "{count} damaged files skipped:", len(stats.damaged)
        )
        parts.append(Text(skipped.format(count=count(len(stats.damaged))), style="red"))
        parts += [
            Text(visible(f"  {line}"), style="red") for line in stats.damaged
        ]  # file text: never markup
    return Group(*parts)
