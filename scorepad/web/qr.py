"""The board's address as a QR code in text (half blocks: two modules a character), for phones to scan."""

from __future__ import annotations

import segno

QUIET = 4  # modules of light margin all round: the standard's quiet zone, which every reader expects
HALF_BLOCKS = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
#: dark modules drawn in black on white, whatever the terminal's own colours, so the code is never inverted
STYLE = "#000000 on #ffffff"
#: the same for a terminal written to directly: the 256-colour cube's black and white, which no terminal theme
#: changes (its first 16 colours, "black" and "white" among them, are the theme's own)
SGR = "\x1b[38;5;16;48;5;231m"
RESET = "\x1b[0m"


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


def qr_for_terminal(text: str, colour: bool) -> list[str]:
    """The code's rows to print: black on white when `colour` (a terminal), else the bare characters."""
    lines = qr_lines(text)
    return [f"{SGR}{line}{RESET}" for line in lines] if colour else lines
