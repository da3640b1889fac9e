"""A small picture of the table for the new-game screen: who sits where, partners opposite, who deals first.

Pure text (no Textual), so it is tested on its own. Players are given in turn order; the picture puts the first
dealer on the left (west) and goes round the way the game passes the turn: clockwise, the next player sits at
the top (north); counter-clockwise (Swiss Jass), at the bottom (south).
"""

from __future__ import annotations

from collections.abc import Sequence

from scorepad.locale import _

DEALS = "▸"  # marks the first dealer


def table_picture(players: Sequence[str], direction: str) -> str:
    """Four players as a table seen from above; any other number as the order round the table."""
    names = [str(name) for name in players]
    if not names:
        return ""
    if len(names) != 4:
        way = "↻" if direction == "clockwise" else "↺"
        return _(
            "Round the table {arrow} {direction}: {order}\n{mark} deals first; {next} is next to call."
        ).format(
            arrow=way,
            direction=_(direction),
            order=" → ".join([f"{DEALS} {names[0]}", *names[1:], names[0]]),
            mark=DEALS,
            next=names[1 % len(names)],
        )
    west, second, east, fourth = names
    north, south = (second, fourth) if direction == "clockwise" else (fourth, second)
    arrow = "↻ " + _("clockwise") if direction == "clockwise" else "↺ " + _("counter-clockwise")
    left = f"{DEALS} {west}"
    table_width = max(len(arrow) + 4, 16)
    pad = len(left) + 1
    top = " " * (pad + 1 + (table_width - len(north)) // 2) + north
    bottom = " " * (pad + 1 + (table_width - len(south)) // 2) + south
    lines = [
        top,
        " " * pad + "╭" + "─" * table_width + "╮",
        f"{left} │" + arrow.center(table_width) + f"│ {east}",
        " " * pad + "╰" + "─" * table_width + "╯",
        bottom,
        _(
            "{mark} deals first; {second} is next. Partners sit opposite: {west} & {east}, {second} & {fourth}."
        ).format(mark=DEALS, second=second, west=west, east=east, fourth=fourth),
    ]
    return "\n".join(lines)
