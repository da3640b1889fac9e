"""The saved games' columns at the terminal's width: all five side by side when they fit; narrower, the
table's own title follows the game's name in its column, the date loses its year, and each game keeps one line:
what does not fit its column is cut with a "…" (the game's name before its title, the players and the status as
far as they go) — so six games and more fit an 80×24 screen, nothing cut off at the right."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from rich.text import Text

from scorepad.locale import N_, _, formats, language, pgettext
from scorepad.locale.formats import REGIONS

#: a listing's cells as the wide table shows them: game, title, players, status, last played
Cells = tuple[str, str, str, str, datetime]
WIDE_HEADINGS = (N_("game"), N_("title"), N_("players"), N_("status"), N_("last played"))
NARROW_HEADINGS = (N_("game"), N_("players"), N_("status"), N_("played"))
#: DataTable's padding around each column, and the room its scroll bar takes
PADDING, SCROLLBAR = 2, 2
STATUS_WIDTH = 18
GAME_WIDTH = 15  # "Jass (Schieber)"
#: between a game's name and the table's own title in the folded list's first column
TITLE_JOIN = " · "


def heading_words(heading: str) -> str:
    """A column's heading as shown, in the language in use (the heading itself is the column's key)."""
    if heading == "game":
        return pgettext("a column of the saved games: which game it is", "game")
    return _(heading)


@dataclass(frozen=True)
class Layout:
    headings: tuple[str, ...]
    widths: tuple[int | None, ...]  # None: as wide as its cells

    @property
    def narrow(self) -> bool:
        return self.headings == NARROW_HEADINGS


WIDE = Layout(WIDE_HEADINGS, (None,) * len(WIDE_HEADINGS))


def wide_widths(listed: Sequence[Cells], widths: Sequence[int] = ()) -> list[int]:
    """The five columns' widths, side by side, for `listed` (and the rows measured before: `widths`)."""
    wide = list(widths) or [len(heading_words(heading)) for heading in WIDE_HEADINGS]
    for cells in listed:
        shown, _height = row(cells, WIDE)
        wide = [max(w, text.cell_len) for w, text in zip(wide, shown, strict=True)]
    return wide


def layout(width: int, widths: Sequence[int] = ()) -> Layout:
    """Wide when the five columns (`wide_widths` of every listing) fit `width`, else folded to one line a game."""
    if sum(w + PADDING for w in (widths or wide_widths(()))) + SCROLLBAR <= width:
        return WIDE
    played = len(short_date(datetime(2026, 12, 31, 23, 59)))
    wide = list(widths) or wide_widths(())
    status = min(max(wide[3], len("status")), STATUS_WIDTH)
    room = width - SCROLLBAR - PADDING * 4 - status - played  # for the game (with its title) and the players
    # half each for the game (with its title) and the players, and what one of them leaves to the other
    joined = wide[0] + len(TITLE_JOIN) + wide[1]  # the longest "game · title" at most
    game = max(GAME_WIDTH, min(joined, max(room // 2, room - wide[2])))
    players = max(12, room - game)
    return Layout(NARROW_HEADINGS, (game, players, status, played))


def short_date(moment: datetime) -> str:
    """A date without its year, to the minute, as the language in use writes it ("31 Dec 23:59", "31.12. 23:59")."""
    if language() == "en":
        return moment.strftime("%d %b %H:%M")
    from babel.dates import format_skeleton, format_time

    where = REGIONS.get(language(), "en")
    return f"{format_skeleton('ddMM', moment, locale=where)} {format_time(moment, 'short', locale=where)}"


def row(cells: Cells, shown: Layout) -> tuple[Sequence[Text], int]:
    """The row's cells (plain text: never markup, one line each, cut with a "…" to their columns) and its height."""
    game, title, players, status, when = cells
    if not shown.narrow:
        wide = (game, title or "—", players, status, formats.when(when))
        return tuple(Text(cell, no_wrap=True, end="") for cell in wide), 1
    first = f"{game}{TITLE_JOIN}{title}" if title else game
    folded = (first, players, status, short_date(when))
    return tuple(Text(cell, no_wrap=True, overflow="ellipsis", end="") for cell in folded), 1
