"""The app's theme colours for the page: the theme chosen in scorepad, for the screens whose owner prefers its
darkness, and a shipped theme of the other kind for the rest (`prefers-color-scheme`).

A theme file is outside input: only its known colour keys are taken, and only as `#rrggbb`, so what reaches the
page's style sheet is a colour and nothing else. A theme that cannot be read (or one of Textual's own, which
scorepad does not ship as a file) leaves the shipped pair.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from scorepad.locale import _
from scorepad.store.config import config_path, load_config
from scorepad.store.files import SmallFileProblem, config_home, read_small_text

COLOURS = (
    "primary",
    "secondary",
    "accent",
    "foreground",
    "background",
    "surface",
    "panel",
    "success",
    "warning",
    "error",
)
HEX = re.compile(r"#[0-9a-fA-F]{6}")
DARK, LIGHT = "green-felt", "paper-pad"  # the app's default theme, and the paper pad for light screens
MAX_THEME_BYTES = 64 * 1024

Palette = dict[str, str]


def shipped_theme_dir() -> Path:
    """`themes/` ships inside the wheel as scorepad/_themes; a source checkout reads the repo's."""
    packaged = Path(__file__).resolve().parents[2] / "_themes"
    return packaged if packaged.is_dir() else Path(__file__).resolve().parents[3] / "themes"


def read_palette(name: str) -> tuple[Palette, bool] | None:
    """The colours of the theme `name` and whether it is dark, or None when no such theme reads."""
    if not re.fullmatch(r"[\w-]{1,40}", name):
        return None
    for folder in (shipped_theme_dir(), config_home() / "themes"):
        try:
            data: dict[str, Any] = tomllib.loads(
                read_small_text(folder / f"{name}.toml", MAX_THEME_BYTES, _("a theme file"))
            )
        except (OSError, SmallFileProblem, tomllib.TOMLDecodeError, UnicodeError):
            continue
        colours = {
            key: value for key in COLOURS if isinstance(value := data.get(key), str) and HEX.fullmatch(value)
        }
        if "background" in colours and "foreground" in colours:
            return colours, data.get("dark", True) is not False
    return None


def palettes() -> dict[str, Palette]:
    """The page's colours for dark and for light screens."""
    dark = read_palette(DARK)
    light = read_palette(LIGHT)
    chosen = load_config().get("theme")
    found = read_palette(chosen) if isinstance(chosen, str) else None
    if found is not None:
        if found[1]:
            dark = found
        else:
            light = found
    return {"dark": dark[0] if dark else {}, "light": light[0] if light else {}}


def config_stamp() -> int | None:
    """When the settings last changed (a theme chosen in the app), or None without a settings file."""
    try:
        return config_path().stat().st_mtime_ns
    except OSError:
        return None
