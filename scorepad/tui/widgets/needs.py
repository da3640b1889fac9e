"""What each side still needs, in one line that fits the screen: the rules' words (`View.needs`, `View.outlook`)
where they fit; else the sides' names cut with a "…"; else each side's points to go alone after a lead that says
what they are ("To reach 500: Ann 190 · Bob 20"); the line cut at its end only as a last resort."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len, set_cell_size

from scorepad.rules.base import SideNeed
from scorepad.rules.names import visible
from scorepad.tui.widgets.title import LEAST_NAME, cut_name

#: the rules' words keep the names at least this wide before the points alone are said instead
WORDS_NAME = 8


def needs_line(
    needs: Sequence[SideNeed], outlook: str, width: int, numbers_lead: str | None = None, words: bool = True
) -> str:
    """ "Ann & Cid 1370 to go · Bob & Dan 2248 to go", then " — " and the outlook, in `width` cells ("" when the
    rules say nothing: the game is over). `numbers_lead`: the points alone may be said after it instead of the
    words (with `words` False, always)."""
    if not needs and not outlook:
        return ""
    outlook = visible(outlook)  # it names a side: a name from the file is shown harmless
    forms: list[tuple[str | None, int]] = [(None, WORDS_NAME)] if words else []
    if numbers_lead is not None:
        forms.append((numbers_lead, LEAST_NAME + 2))
    said = ""
    for lead, floor in forms:
        said = _fitted(needs, outlook, width, lead, floor)
        if cell_len(said) <= width:
            return said
    return set_cell_size(said, max(width - 1, 0)).rstrip() + "…"


def _fitted(needs: Sequence[SideNeed], outlook: str, width: int, lead: str | None, floor: int) -> str:
    """The line in words (`lead` None) or points after `lead`, the longest names cut down to `floor` cells until
    it fits `width` (it may not)."""
    names = [visible(need.name) for need in needs]

    def line() -> str:
        parts = [
            f"{name} {need.to_go if lead is not None and need.to_go is not None else need.text}"
            for name, need in zip(names, needs, strict=True)
        ]
        said = (lead or "") + " · ".join(parts)
        if outlook:
            said += f" — {outlook}" if needs else outlook
        return said

    while cell_len(line()) > width and names:
        longest = max(range(len(names)), key=lambda index: cell_len(names[index]))
        if cell_len(names[longest]) <= floor:
            break
        names[longest] = cut_name(visible(needs[longest].name), cell_len(names[longest]) - 1)
    return line()
