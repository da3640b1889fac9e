"""The game screen's header line: the game and every side's score, fitted to the terminal's width.

Textual's header cuts its line with an ellipsis when it is too long (at 80 columns that cut the last side's score
off). So the line is chosen here from the fullest that fits: the game and the table's own title (the scores wide
apart, then closer together), then the game alone, then the scores alone, then the scores with the longest names
cut with a "…"; every side's total is always whole.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len, set_cell_size

#: the header's icon (8 columns) and the room kept on its right take this much of the width (a game screen's
#: header has no clock: scorepad.tcss keeps 2 columns on its right, not Textual's 10)
HEADER_MARGINS = 10
#: what Textual puts between the title and the sub-title
TITLE_JOIN = " — "
#: a side's name cut to fit the header keeps at least this many cells, its "…" one of them
LEAST_NAME = 4


def fit_title(width: int, game: str, title: str, scores: Sequence[tuple[str, int]]) -> tuple[str, str]:
    """(title, sub-title) for a header `width` columns wide: the first of the candidates that fits. `scores`:
    each side's name and total."""
    room = width - HEADER_MARGINS
    said = [f"{name} {total}" for name, total in scores]
    heads = [f"{game}{TITLE_JOIN}{title}", game] if title else [game]
    candidates = [(head, sep.join(said)) for head in heads for sep in ("  ·  ", " · ")]
    for head, sub in candidates:
        if cell_len(head) + cell_len(TITLE_JOIN) + cell_len(sub) <= room:
            return head, sub
    return cut_scores(room, scores), ""


def cut_scores(room: int, scores: Sequence[tuple[str, int]]) -> str:
    """The scores alone in `room` cells, the longest names cut (with a "…") first; the totals never cut."""
    names = [name for name, _ in scores]

    def line() -> str:
        return " · ".join(f"{name} {total}" for name, (_, total) in zip(names, scores, strict=True))

    while cell_len(line()) > room:
        longest = max(range(len(names)), key=lambda index: cell_len(names[index]))
        width = cell_len(names[longest])
        if width <= LEAST_NAME:
            break
        names[longest] = cut_name(scores[longest][0], width - 1)
    return line()


def cut_name(name: str, width: int) -> str:
    """`name` in `width` cells: whole if it fits, else cut with a "…" ("Hanna &…", not "Hanna & …")."""
    if cell_len(name) <= width:
        return name
    return set_cell_size(name, width - 1).rstrip() + "…"
