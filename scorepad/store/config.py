"""The user's preferences (theme, language, the Jass suits) as a small JSON file in the config dir. No Textual.

config.json is outside input: edited by hand, it may not be JSON, not be a set of settings (a list, a number), hold a
setting of the wrong kind, or not be a file at all (a FIFO would block a plain read forever, a symbolic link points
anywhere). Whatever it holds, each setting it does not give rightly is its default, one line says why, and the
app and the board start. Settings this version does not know (a newer version's, a typo) are named in that line,
not used, and kept as they are when the file is written again: they are plain JSON, harmless to copy.

Written only whole: a fresh temporary file beside it (random name, O_EXCL), synced, renamed over it
(scorepad.store.files.write_file_atomically); a symbolic link or anything but a regular file at config.json is left
alone, and so is whatever stands at `config.tmp`, the fixed name older versions wrote through.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from scorepad.locale import LANGUAGES, SUIT_STYLES, _, known, ngettext
from scorepad.store.files import (
    SmallFileProblem,
    config_home,
    one_line,
    read_small_text,
    write_file_atomically,
)

DEFAULT_THEME = "green-felt"
#: (no "language": without it, the locale's is spoken; no "suits": without it, each game's own default)
DEFAULTS: dict[str, Any] = {"theme": DEFAULT_THEME}
MAX_CONFIG_BYTES = 64 * 1024  # a line or two of settings; anything far larger is not one
MAX_THEME_NAME = 40  # as a theme file's name (scorepad/tui/theme_file.py)
OLD_TEMPORARY = "config.tmp"  # the fixed name older versions wrote through before renaming


class ConfigProblem(Exception):
    """Why config.json is not taken as it is, in words."""


def config_path() -> Path:
    return config_home() / "config.json"


def _kind(value: object) -> str:
    """What a JSON value is, in words."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (int, float)):
        return _("a number")
    if isinstance(value, str):
        return _("text")
    return _("a list") if isinstance(value, list) else _("a set of settings")


def _theme_problem(value: object) -> str | None:
    if not isinstance(value, str):
        return _("'theme' is {kind}, not a theme's name").format(kind=_kind(value))
    if not value.strip():
        return _("'theme' is empty")
    if len(value) > MAX_THEME_NAME:
        return _("'theme' is {length} characters long; a theme's name has at most {most}").format(
            length=len(value), most=MAX_THEME_NAME
        )
    return None


def _language_problem(value: object) -> str | None:
    if not isinstance(value, str):
        return _("'language' is {kind}, not a language's name").format(kind=_kind(value))
    if not known(value):
        return _("'language' is {value}, a language scorepad does not speak ({languages})").format(
            value=repr(value[:20]), languages=", ".join(LANGUAGES)
        )
    return None


def _suits_problem(value: object) -> str | None:
    if value in SUIT_STYLES:
        return None
    shown = repr(value[:20]) if isinstance(value, str) else _kind(value)
    # Translators: the Jass suits a player prefers; "french" and "german" are the values config.json takes
    return _(
        '\'suits\' is {value}, not "french" (♥ ♦ ♣ ♠) or "german" (Rosen, Eicheln, Schellen, Schilten)'
    ).format(value=shown)


#: each known setting's check: why its value cannot be used, or None
CHECKS = {"theme": _theme_problem, "language": _language_problem, "suits": _suits_problem}


def _read_text(path: Path) -> str | None:
    """The file's text (None when there is none), read only if it is a regular file of a config's size: never
    through a symbolic link, never blocking on a FIFO."""
    try:
        return read_small_text(path, MAX_CONFIG_BYTES, _("a settings file"), follow_links=False)
    except FileNotFoundError:
        return None
    except SmallFileProblem as problem:
        raise ConfigProblem(str(problem)) from None


def _no_constant(name: str) -> object:
    raise ValueError(
        _("{name} is not a JSON number").format(name=name)
    )  # Python's json takes NaN and Infinity; JSON does not


def _parse(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        why = _("{error} at line {line}, column {column}")
        raise ConfigProblem(
            _("is not JSON ({why})").format(
                why=why.format(error=error.msg, line=error.lineno, column=error.colno)
            )
        ) from None
    except RecursionError:
        raise ConfigProblem(_("is not JSON ({why})").format(why=_("brackets nested too deep"))) from None
    except ValueError as error:  # NaN, a number of 5,000 digits
        raise ConfigProblem(_("is not JSON ({why})").format(why=error)) from None
    if not isinstance(data, dict):
        example = f'{{"theme": "{DEFAULT_THEME}"}}'
        raise ConfigProblem(
            _("holds {kind}, not a set of settings like {example}").format(kind=_kind(data), example=example)
        )
    return data


def read_config() -> tuple[dict[str, Any], str | None]:
    """The settings, each known one of its kind (its default otherwise), unknown ones as they are; and one line
    saying what in config.json was not used and why (None when all of it was)."""
    path = config_path()
    try:
        text = _read_text(path)
        data = _parse(text) if text is not None else {}
    except ConfigProblem as unread:
        line = _("settings {path}: {problem}; using the default settings")
        return dict(DEFAULTS), one_line(line.format(path=path, problem=unread))
    config = {**DEFAULTS, **data}
    said: list[str] = []
    for key, check in CHECKS.items():
        if key in data:
            problem = check(data[key])
            if not problem:
                continue
            if key in DEFAULTS:
                config[key] = DEFAULTS[key]
                said.append(_("{problem}; using {default}").format(problem=problem, default=DEFAULTS[key]))
            else:  # a setting without a default: as if it were not there
                del config[key]
                if key == "suits":
                    said.append(_("{problem}; naming the suits as each game says").format(problem=problem))
                else:
                    said.append(_("{problem}; using the system's language").format(problem=problem))
    unknown = [key for key in data if key not in CHECKS]
    if unknown:
        listed = ", ".join(repr(key if len(key) <= 40 else key[:40] + "…") for key in unknown[:5])
        if len(unknown) > 5:
            listed = ngettext(
                "{listed} and {count} more", "{listed} and {count} more", len(unknown) - 5
            ).format(listed=listed, count=len(unknown) - 5)
        said.append(
            ngettext(
                "{listed} is not a setting scorepad knows (kept, not used)",
                "{listed} are not settings scorepad knows (kept, not used)",
                len(unknown),
            ).format(listed=listed)
        )
    if not said:
        return config, None
    return config, one_line(_("settings {path}: {problems}").format(path=path, problems="; ".join(said)))


def load_config() -> dict[str, Any]:
    """The settings (see read_config), whatever config.json holds."""
    return read_config()[0]


def _old_temporary_note(path: Path) -> str | None:
    """One line when something other than a regular file stands at the fixed temporary name older versions wrote
    through (a link planted there would have sent their write elsewhere): it is left as it is."""
    old = path.with_name(OLD_TEMPORARY)
    try:
        info = os.lstat(old)
    except OSError:
        return None
    if stat.S_ISREG(info.st_mode):
        return None  # an older version's leftover: harmless, and not ours to remove
    what = _("a symbolic link") if stat.S_ISLNK(info.st_mode) else _("not a regular file")
    line = _("{path} is {what}; scorepad no longer writes there and left it as it is")
    return one_line(line.format(path=old, what=what))


def save_config(config: dict[str, Any]) -> str | None:
    """Written whole to a fresh temporary file beside config.json, synced and renamed over it, so a crash never
    leaves half a file and nothing is written through a link (scorepad.store.files.UnsafePath, an OSError, when a link
    or anything but a regular file stands at config.json: left alone). Returns one line to show, or None."""
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        text = json.dumps(config, indent=2)
    except (
        ValueError,
        RecursionError,
    ):  # unknown settings that do not write back: only the known ones are kept
        text = json.dumps({key: config[key] for key in CHECKS if key in config}, indent=2)
    write_file_atomically(path, (text + "\n").encode("utf-8"))
    return _old_temporary_note(path)


def update_config(**changes: Any) -> str | None:
    """The settings with `changes`, saved (see save_config): one line to show, or None."""
    return save_config({**load_config(), **changes})
