"""The board's address as a QR code in text (half blocks: two modules a character), for phones to scan."""

from __future__ import annotations

import segno

QUIET = 2  # modules of light margin; phones read a code with two as well as with the standard four
HALF_BLOCKS = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
#: dark modules drawn in black on white, whatever the terminal's own colours, so the code is never inverted
STYLE = "black on white"


def qr_lines(text: str) -> list[str]:
    """The code's rows, each character two modules high: draw them in `STYLE`."""
    matrix = [[bool(module) for module in row] for row in segno.make(text, error="m").matrix]
    size = len(matrix) + 2 * QUIET
    light = [False] * size
    rows = [light] * QUIET + [[False] * QUIET + row + [False] * QUIET for row in matrix] + [light] * QUIET
    if len(rows) % 2:
        rows.append(light)
    return [
        "".join(HALF_BLOCKS[top, bottom] for top, bottom in zip(upper, lower, strict=True))
        for upper, lower in zip(rows[::2], rows[1::2], strict=True)
    ]
