"""The words scorepad shows, in the table's language: gettext catalogues, one per language, in this package
(`<lang>/LC_MESSAGES/scorepad.po`, compiled to `.mo` when the package is built; see CONTRIBUTING.md,
"Languages").

Every layer may import this module (the rules too: their refusals are words), so it imports nothing of scorepad
and nothing that is not the standard library until a catalogue has to be compiled.

    _("Players")                     a message, in the language in use when it is called
    ngettext("{n} game", "{n} games", n)      its plural as the language counts (Russian has three forms)
    pgettext("strain", "set")        a short word whose meaning needs its context to be translated
    N_("Rubber at the club")         marks a message kept in a module-level constant: `_()` it where it is shown

The language is looked up at each call, never at import, so the app can switch languages while it runs.
"""

from __future__ import annotations

import gettext
import io
import os
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path

DOMAIN = "scorepad"
SOURCE = "en"  # the language the messages are written in (needs no catalogue)
#: the languages scorepad speaks, each in its own words (the Language setting lists them so)
LANGUAGES = {
    "en": "English",
    "de": "Deutsch (Schweiz)",
    "fr": "Français",
    "it": "Italiano",
    "ru": "Русский",
}
#: the variables that name a language, in the order gettext reads them: the first one set decides
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
FOLDER = Path(__file__).resolve().parent


def known(name: str | None) -> str | None:
    """The language scorepad speaks that `name` names ("de", "de_CH.UTF-8", "fr-CH", "ru_RU@…"), or None.
    German is written as in Switzerland (no ß) whatever the region: a German of Germany reads it as well."""
    if not name:
        return None
    code = re.split(r"[-_.@]", name.strip(), maxsplit=1)[0].lower()
    return code if code in LANGUAGES else None


def from_environment(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the locale variables ask for (None when none of them names one scorepad speaks). As GNU
    gettext reads them: the first variable that is set decides, and LANGUAGE may list several ("fr_CH:de")."""
    environ = os.environ if environ is None else environ
    for variable in ENVIRONMENT:
        value = environ.get(variable, "")
        if value:
            return next((code for part in value.split(":") if (code := known(part))), None)
    return None


def choose(
    option: str | None = None, preference: str | None = None, environ: Mapping[str, str] | None = None
) -> str:
    """The language to speak: the `--lang` option, else the Language preference, else the locale variables,
    else English. One that scorepad does not speak is passed over."""
    return known(option) or known(preference) or from_environment(environ) or SOURCE


# --------------------------------------------------------------------------- the catalogue in use

_catalogue: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE


def set_language(name: str | None) -> str:
    """Speak `name` from now on (English when scorepad does not speak it); returns the language now spoken."""
    global _catalogue, _language
    code = known(name) or SOURCE
    _catalogue, _language = catalogue(code), code
    return code


def language() -> str:
    """The language spoken now ("en", "de" …)."""
    return _language


# --------------------------------------------------------------------------- the suits the player names

#: how a Jass player names the suits: French-suited (♥ ♦ ♣ ♠: hearts, diamonds, clubs, spades; Herz, Ecken, Kreuz,
#: Schaufel) or German-suited (Rosen, Eicheln, Schellen, Schilten). A preference of the player, like the language:
#: the `suits` preference (config.json); a game file's `suit_names` setting is only the default for a player
#: without one (scorepad.rules.jass.cards.suit_style)
SUIT_STYLES = ("french", "german")
_suit_style: str | None = None


def set_suit_style(name: object) -> str | None:
    """Name the suits in this style from now on; anything but "french" or "german" is no preference (None).
    Returns the style now preferred."""
    global _suit_style
    _suit_style = name if isinstance(name, str) and name in SUIT_STYLES else None
    return _suit_style


def suit_style() -> str | None:
    """The suits as the player prefers them ("french", "german"), or None when he has not said."""
    return _suit_style


def use_catalogue(translations: gettext.NullTranslations, code: str = SOURCE) -> None:
    """Speak through `translations` (a test's pseudo-language)."""
    global _catalogue, _language
    _catalogue, _language = translations, code


def _(message: str) -> str:
    return _catalogue.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return _catalogue.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    return _catalogue.pgettext(context, message)


def N_(message: str) -> str:
    """Marks `message` for the catalogues without translating it (a module-level constant): translate it with
    `_()` where it is shown."""
    return message


# --------------------------------------------------------------------------- the catalogues on disk


def catalogue_path(code: str, suffix: str = ".po") -> Path:
    return FOLDER / code / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


@cache
def catalogue(code: str) -> gettext.NullTranslations:
    """The compiled catalogue of a language. Built packages carry the `.mo` (hatch_build.py); a source checkout
    may have none, or one older than its `.po` (edited since): the `.po` is then compiled in memory."""
    if code == SOURCE:
        return gettext.NullTranslations()
    mo, po = catalogue_path(code, ".mo"), catalogue_path(code)
    try:
        if not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime:
            with mo.open("rb") as compiled:
                return gettext.GNUTranslations(compiled)
    except FileNotFoundError:
        pass
    if not po.exists():
        return gettext.NullTranslations()
    return gettext.GNUTranslations(compile_po(po))


def compile_po(po: Path) -> io.BytesIO:
    """A `.po` file compiled, as a binary file object of the `.mo` (Babel, loaded only here)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        messages = read_po(source)
    compiled = io.BytesIO()
    write_mo(compiled, messages)
    compiled.seek(0)
    return compiled
