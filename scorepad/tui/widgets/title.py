"""The game screen's header line: the game and every side's score, fitted to the terminal's width.

Textual's header cuts its line with an ellipsis when it is too long (at 80 columns that cut the last side's score
off). So the line is chosen here from the fullest that fits: the game and the table's own title (the scores wide
apart, then closer together), then the game alone, then the scores alone; the scores are never left out.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len

#: the header's icon (8 columns) and the room kept on its right take this much of the width (a game screen's
#: header has no clock: scorepad.tcss keeps 2 columns on its right, not Textual's 10)
HEADER_MARGINS = 10
#: what Textual puts between the title and the sub-title
TITLE_JOIN = " — "


def fit_title(width: int, game: str, title: str, scores: Sequence[str]) -> tuple[str, str]:
    """(title, sub-title) for a header `width` columns wide: the first of the candidates that fits."""
    room = width - HEADER_MARGINS
    heads = [f"{game}{TITLE_JOIN}{title}", game] if title else [game]
    candidates = [(head, sep.join(scores)) for head in heads for sep in ("  ·  ", " · ")]
    for head, sub in candidates:
        if cell_len(head) + cell_len(TITLE_JOIN) + cell_len(sub) <= room:
            return head, sub
    # the scores alone (the sides' long names are the game's own words), cut at the end if even they are too long
    return " · ".join(scores), ""
