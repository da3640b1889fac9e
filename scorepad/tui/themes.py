"""Themes as data files: the ones shipped in `themes/` plus any the user drops in the config dir."""

from __future__ import annotations

import tomllib
from dataclasses import fields
from importlib.resources import files
from pathlib import Path

from textual.theme import Theme

from scorepad.store import config_home

THEME_KEYS = {f.name for f in fields(Theme)}


def shipped_theme_dir() -> Path:
    """`themes/` ships inside the wheel as scorepad/_themes; a source checkout reads the repo's."""
    packaged = Path(str(files("scorepad"))) / "_themes"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "themes"


def user_theme_dir() -> Path:
    return config_home() / "themes"


def load_theme_file(path: Path) -> Theme:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    unknown = set(data) - THEME_KEYS
    if unknown:
        raise ValueError(f"unknown keys {', '.join(sorted(unknown))}")
    data.setdefault("name", path.stem)
    return Theme(**data)


def load_themes() -> tuple[list[Theme], list[str]]:
    """Every theme found, and one line per theme file that could not be read."""
    themes: list[Theme] = []
    problems: list[str] = []
    for directory in (shipped_theme_dir(), user_theme_dir()):
        if not directory.is_dir():
            continue
        for path in sorted(directory.glob("*.toml")):
            try:
                themes.append(load_theme_file(path))
            except (OSError, ValueError, TypeError, tomllib.TOMLDecodeError) as error:
                problems.append(f"theme {path}: {error}")
    return themes, problems
