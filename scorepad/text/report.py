"""A Rich rendering of a score sheet, for `scorepad replay` (no Textual).

Every cell is a rich.text.Text of text made visible: a name like "[/]" is not markup, and a control
character from a hand-edited file is written out, never sent to the terminal."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from scorepad.locale import _
from scorepad.rules import GAME_TITLES
from scorepad.rules.base import Sheet
from scorepad.rules.names import visible
from scorepad.text.describe import describe, next_line


def plain(text: str, style: str = "") -> Text:
    """Text from a game file as Rich shows it: no markup, no control characters."""
    return Text(visible(text, keep_lines=True), style=style)


def sheet_table(sheet: Sheet) -> Table:
    header = sheet.header
    title = _(GAME_TITLES[header.game]) + (f" — {header.title}" if header.title else "")
    table = Table(title=plain(title), show_footer=True, footer_style="bold")
    table.add_column("#", justify="right", footer="")
    table.add_column(_("deal"), footer=_("total"))
    for side in sheet.sides:
        table.add_column(
            plain(sheet.side_names.get(side, side)), justify="right", footer=str(sheet.totals[side])
        )
    for row in sheet.rows:  # numbered by deal (hand), in the names of now (after a rename)
        table.add_row(
            str(row.number),
            plain(sheet.said(row)),
            *[f"{row.delta[s]:+d}  {row.totals[s]}" for s in sheet.sides],
        )
    return table


def sheet_renderable(sheet: Sheet) -> RenderableType:
    parts: list[RenderableType] = [sheet_table(sheet)]
    if sheet.finished:
        parts.append(plain(sheet.result or _("Finished."), style="bold green"))
    elif sheet.prompt:
        parts.append(plain(next_line(sheet)))
    for question in sheet.questions:
        line = _("Question for the table: {question}").format(question=question)
        parts.append(plain(line, style="yellow"))
    for rejection in sheet.rejected:
        line = _("Not counted: {entry} — {reason}").format(
            entry=_refused_words(sheet, rejection.seq), reason=rejection.reason
        )
        parts.append(plain(line, style="red"))
    return Group(*parts)


def _refused_words(sheet: Sheet, seq: int) -> str:
    """A refused entry as the table would say it ("Bob 7♠"): the sheet's rows and messages never name an entry
    by its number in the log."""
    entry = sheet.entries[seq - 1] if 0 < seq <= len(sheet.entries) else None
    return describe(entry, sheet.names, sheet.side_names) if entry is not None else _("an entry")
