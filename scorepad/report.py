"""A Rich rendering of a score sheet, for `scorepad replay` (no Textual)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from scorepad.rules import GAME_TITLES
from scorepad.rules.base import Sheet


def sheet_table(sheet: Sheet) -> Table:
    header = sheet.header
    title = f"{GAME_TITLES[header.game]}" + (f" — {header.title}" if header.title else "")
    table = Table(title=title, show_footer=True, footer_style="bold")
    table.add_column("#", justify="right", footer="")
    table.add_column("deal", footer="total")
    for side in sheet.sides:
        table.add_column(side, justify="right", footer=str(sheet.totals[side]))
    for number, row in enumerate(sheet.rows, start=1):
        table.add_row(
            str(number), row.text, *[f"{row.delta[s]:+d}  {row.totals[s]}" for s in sheet.sides]
        )
    return table


def sheet_renderable(sheet: Sheet) -> RenderableType:
    parts: list[RenderableType] = [sheet_table(sheet)]
    if sheet.finished:
        parts.append(Text(sheet.result or "Finished.", style="bold green"))
    elif sheet.prompt:
        parts.append(Text(f"Next: {sheet.prompt}"))
    for question in sheet.questions:
        parts.append(Text(f"Question for the table: {question}", style="yellow"))
    for rejection in sheet.rejected:
        parts.append(Text(f"Entry {rejection.seq} does not count: {rejection.reason}", style="red"))
    return Group(*parts)
