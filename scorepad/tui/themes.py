"""Themes as data files: the ones shipped in `themes/` plus any the user drops in the config dir.

A user's theme file is outside input: it may not read, may not make a Textual theme (a bad colour, a
string where a switch belongs, brackets nested a thousand deep), may not be a file at all (a FIFO named
`x.toml` would block a plain open forever), or may take a shipped theme's name. Each such file is skipped
with one line naming it and the problem; start-up goes on with the themes that hold.

The themes that come with scorepad are read as they are (tests/test_packaging.py checks each of them as strictly as
a user's file): the strict check (scorepad/tui/theme_file.py, a pydantic model) is loaded only for a user's file.
"""

from __future__ import annotations

import os
import stat
import tomllib
from pathlib import Path
from typing import Any

from textual.theme import BUILTIN_THEMES, Theme

from scorepad.rules.names import visible
from scorepad.store import config_home

MAX_THEME_BYTES = 64 * 1024  # a theme is a dozen lines; anything far larger is not one


class ThemeProblem(Exception):
    """Why one theme file is skipped, in words."""


def shipped_theme_dir() -> Path:
    """`themes/` ships inside the wheel as scorepad/_themes; a source checkout reads the repo's."""
    packaged = Path(__file__).resolve().parents[1] / "_themes"  # scorepad/_themes
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "themes"


def user_theme_dir() -> Path:
    return config_home() / "themes"


def read_theme_text(path: Path) -> str:
    """The file's text, read only if it is a regular file of a theme's size (never blocking on a FIFO)."""
    try:
        # O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting for one
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as error:
        raise ThemeProblem(f"cannot be read ({error.strerror or error})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ThemeProblem("is not a regular file")
        if info.st_size > MAX_THEME_BYTES:
            raise ThemeProblem(f"is {info.st_size} bytes; a theme file is at most {MAX_THEME_BYTES}")
        raw = os.read(fd, MAX_THEME_BYTES + 1)
    except OSError as error:
        raise ThemeProblem(f"cannot be read ({error.strerror or error})") from None
    finally:
        os.close(fd)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ThemeProblem(f"is not UTF-8 text (byte 0x{raw[error.start]:02x})") from None


def parse_theme(text: str, default_name: str) -> Theme:
    try:
        data: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ThemeProblem(f"is not TOML ({error})") from None
    except RecursionError:
        raise ThemeProblem("is not TOML (brackets nested too deep)") from None
    data.setdefault("name", default_name)
    # the strict check, for a user's file: loaded when one is read
    from pydantic import ValidationError

    from scorepad.tui.theme_file import ThemeFile

    try:
        checked = ThemeFile.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        message = first["msg"].removeprefix("Value error, ")
        more = f" (and {error.error_count() - 1} more)" if error.error_count() > 1 else ""
        raise ThemeProblem(f"{where}: {message}{more}" if where else f"{message}{more}") from None
    theme = Theme(**checked.model_dump())
    try:
        theme.to_color_system().generate()  # what the app does when the theme is chosen
    except Exception as error:  # noqa: BLE001 - anything Textual cannot make of it is a theme that does not hold
        raise ThemeProblem(f"does not make a theme ({error})") from None
    return theme


def load_theme_file(path: Path) -> Theme:
    return parse_theme(read_theme_text(path), path.stem)


def load_shipped_theme(path: Path) -> Theme:
    """A theme that comes with scorepad, as it is (tests/test_packaging.py holds each to `load_theme_file`'s
    check); one that does not make a theme after all (a damaged install) gets the whole check and its line.
    Read with the same guard as a user's file: a damaged or tampered install may hold anything under that name."""
    text = read_theme_text(path)
    try:
        data: dict[str, Any] = tomllib.loads(text)
        data.setdefault("name", path.stem)
        return Theme(**data)
    except Exception:  # noqa: BLE001 - whatever it is, the strict check says it in words
        return parse_theme(text, path.stem)


def load_themes() -> tuple[list[Theme], list[str]]:
    """Every theme found, and one line per theme file skipped (naming the file and the problem)."""
    themes: list[Theme] = []
    problems: list[str] = []
    reserved = set(BUILTIN_THEMES)  # Textual's own, then ours: a user's file never shadows them
    taken: set[str] = set()
    for directory, shipped in ((shipped_theme_dir(), True), (user_theme_dir(), False)):
        try:
            paths = sorted(p for p in directory.iterdir() if p.suffix == ".toml")
        except OSError:  # no such folder (the usual case for the user's), or not readable
            continue
        for path in paths:
            try:
                theme = load_shipped_theme(path) if shipped else load_theme_file(path)
            except ThemeProblem as problem:
                problems.append(visible(f"theme {path}: {problem}; skipped"))
                continue
            if theme.name in reserved or theme.name in taken:
                whose = "a theme that comes with scorepad" if theme.name in reserved else "another theme file"
                problems.append(visible(f"theme {path}: the name {theme.name!r} is taken by {whose}; skipped "
                                        "(give yours a name of its own)"))
                continue
            (reserved if shipped else taken).add(theme.name)
            themes.append(theme)
    return themes, problems
