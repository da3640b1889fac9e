"""Themes as data files: the ones shipped in `themes/` plus any the user drops in the config dir.

A user's theme file is outside input: it may not read, may not make a Textual theme (a bad colour, a
string where a switch belongs, brackets nested a thousand deep, a `variables` value that is not CSS), may not be
a file at all (a FIFO named `x.toml` would block a plain open forever), or may take a shipped theme's name. Each
such file is skipped with one line naming it and the problem; start-up goes on with the themes that hold.

A theme's `variables` reach Textual's stylesheet only when the theme is applied: one it cannot read stops the app
("Error in stylesheet") as the theme is chosen and at every start after. So each variable is put through Textual's
own CSS parser before the theme is offered (`variables_problem`).

The themes that come with scorepad are read as they are (tests/test_packaging.py checks each of them as strictly as
a user's file): the strict check (scorepad/tui/theme_file.py, a pydantic model) is loaded only for a user's file.
"""

from __future__ import annotations

import dataclasses
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

from textual.css.parse import parse as parse_css
from textual.css.tokenize import tokenize_values
from textual.css.tokenizer import TokenError, UnexpectedEnd
from textual.theme import BUILTIN_THEMES, Theme

from scorepad.locale import _
from scorepad.rules.names import visible
from scorepad.store.files import SmallFileProblem, config_home, read_small_text

MAX_THEME_BYTES = 64 * 1024  # a theme is a dozen lines; anything far larger is not one

# The declarations Textual's stylesheets put a theme variable in (its widgets' DEFAULT_CSS and ours), by the kind
# of value it holds: a variable's value must read wherever its default does. A colour of the theme's own family
# (primary, its shades, text-muted …) is also given with an opacity ("$primary 40%"), the others only as they are.
# tests/tui/test_themes.py parses every declaration of Textual's and scorepad's CSS that names a variable, with
# each value these let through.
COLOUR_USES = (
    "color: {}",
    "background: {}",
    "background: {} !important",
    "border: tall {}",
    "border: tall {} !important",
    "border-title-color: {}",
    "hatch: right {}",
    "scrollbar-color: {}",
    "scrollbar-background: {}",
    "scrollbar-corner-color: {}",
    "link-background: {}",
    "link-color: {}",
)
SHADE_USES = (
    "color: {} 40%",
    "background: {} 60%",
    "border: tall {} 60%",
    "border-left: outer {} 50%",
    "background-tint: {} 20%",
    "tint: {} 30%",
    "keyline: thin {} 20%",
)
SHADED = frozenset(
    {
        "primary",
        "secondary",
        "warning",
        "error",
        "success",
        "accent",
        "foreground",
        "background",
        "surface",
        "panel",
        "boost",
        "text",
    }
)
STYLE_USES = ("text-style: {}", "link-style: {}")


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
        return read_small_text(path, MAX_THEME_BYTES, _("a theme file"))
    except FileNotFoundError as error:
        raise ThemeProblem(_("cannot be read ({cause})").format(cause=error.strerror or error)) from None
    except SmallFileProblem as problem:
        raise ThemeProblem(str(problem)) from None


def parse_theme(text: str, default_name: str) -> Theme:
    try:
        data: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ThemeProblem(_("is not TOML ({cause})").format(cause=error)) from None
    except RecursionError:
        raise ThemeProblem(_("is not TOML (brackets nested too deep)")) from None
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
        more = _(" (and {n} more)").format(n=error.error_count() - 1) if error.error_count() > 1 else ""
        raise ThemeProblem(f"{where}: {message}{more}" if where else f"{message}{more}") from None
    theme = Theme(**checked.model_dump())
    try:
        theme.to_color_system().generate()  # what the app does when the theme is chosen
    except Exception as error:  # noqa: BLE001 - anything Textual cannot make of it is a theme that does not hold
        raise ThemeProblem(_("does not make a theme ({cause})").format(cause=error)) from None
    problem = variables_problem(theme)
    if problem:
        raise ThemeProblem(problem)
    return theme


def _shown(value: str) -> str:
    """A value for a one-line notice: quoted, and cut short when long."""
    return repr(value if len(value) <= 40 else value[:40] + "…")


@lru_cache(maxsize=1024)
def _reads(use: str, value: str) -> bool:
    """Whether Textual's CSS parser takes a variable holding `value` in `use` ("background: {}"), substituted as
    the app's stylesheet does (textual.css.stylesheet.Stylesheet._parse_rules). `value` must tokenize."""
    css = f"Probe {{ {use.format('$v')}; }}"
    try:
        rules = list(parse_css("", css, ("theme", "v"), variable_tokens=tokenize_values({"v": value})))
    except Exception:  # noqa: BLE001 - the stylesheet raises whatever its parser does: refused all the same
        return False
    return not any(rule.errors for rule in rules)


def variable_problem(name: str, value: str, default: str | None) -> str | None:
    """Why Textual's stylesheet would stop at a theme's variable `name` holding `value`, in words, or None.

    Every value must tokenize: the stylesheet tokenizes all of them, used or not. A variable Textual defines
    (`default`: its value when the theme does not give it) must also read wherever its default does, a colour
    where a colour goes, a text style where a style goes: Textual's CSS puts it there. A variable of the
    theme's own (no default) is in no stylesheet of ours."""
    try:
        tokenize_values({name: value})
    except UnexpectedEnd:  # Textual's words: "Unexpected end of file; did you forget a '}' ?"
        return _(
            "variables.{name}: {value} is not a value Textual can read "
            "(a ';', a brace or a comment cannot be part of one)"
        ).format(name=name, value=_shown(value))
    except TokenError as error:
        reason = str(error).split(";")[0].strip().rstrip(".")
        return _("variables.{name}: {value} is not a value Textual can read ({reason})").format(
            name=name, value=_shown(value), reason=reason
        )
    if default is None:
        return None
    is_style = _reads(STYLE_USES[0], default) and not _reads(COLOUR_USES[0], default)
    uses = STYLE_USES if is_style else COLOUR_USES + (SHADE_USES if name.split("-")[0] in SHADED else ())
    for use in uses:
        if _reads(use, default) and not _reads(use, value):
            what = _('a text style (e.g. "bold" or "none")') if is_style else _('a colour (e.g. "#E8C766")')
            return _("variables.{name}: {value} is not {what}; Textual refuses {used}").format(
                name=name, value=_shown(value), what=what, used=_shown(use.format(value))
            )
    return None


def variables_problem(theme: Theme) -> str | None:
    """Why the theme's `variables` would stop Textual's stylesheet, in words (the first found), or None."""
    if not theme.variables:
        return None
    defaults = dataclasses.replace(theme, variables={}).to_color_system().generate()
    for name, value in theme.variables.items():
        problem = variable_problem(name, value, defaults.get(name))
        if problem:
            return problem
    return None


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
        theme = Theme(**data)
        if variables_problem(theme) is None:  # at once when it has no `variables`
            return theme
    except Exception:  # noqa: BLE001 - whatever it is, the strict check says it in words
        pass
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
                problems.append(
                    visible(_("theme {path}: {problem}; skipped").format(path=path, problem=problem))
                )
                continue
            if theme.name in reserved or theme.name in taken:
                whose = (
                    _("a theme that comes with scorepad")
                    if theme.name in reserved
                    else _("another theme file")
                )
                problems.append(
                    visible(
                        _(
                            "theme {path}: the name {name} is taken by {whose}; skipped (give yours a name of its own)"
                        ).format(path=path, name=repr(theme.name), whose=whose)
                    )
                )
                continue
            (reserved if shipped else taken).add(theme.name)
            themes.append(theme)
    return themes, problems
