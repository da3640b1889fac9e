"""Settings in a card player's words: "Avondale schedule", "card points: off", "Weis tie: suit ladder ♥ ♦ ♣ ♠".

Each game's settings module holds its words: `SETTING_LABELS` (setting -> label; "" when the value's words say
it all, as "Avondale schedule") and `VALUE_WORDS` (setting -> value -> words, also the keys of a table such as
multipliers), each a `Words` table that says them in the language spoken when it is read; the settings' field
descriptions are marked with `N_` and said here (`setting_description`). Pure: no Textual, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from importlib import import_module
from typing import Any, TypeVar

from pydantic import BaseModel

from scorepad.locale import N_, _, pgettext

SETTINGS_MODULES = {
    "five_hundred": "scorepad.rules.five_hundred.settings",
    "jass": "scorepad.rules.jass.settings",
    "auction_bridge": "scorepad.rules.auction_bridge.settings",
}


K = TypeVar("K")


class Words(Mapping[K, str]):
    """A table of words said in the language spoken at each lookup, never at import: `words()` makes the table,
    its messages marked there (`_`, `pgettext`), so a module-level table follows a change of language."""

    __slots__ = ("_words",)

    def __init__(self, words: Callable[[], Mapping[K, str]]) -> None:
        self._words = words

    def __getitem__(self, key: K) -> str:
        return self._words()[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._words())

    def __len__(self) -> int:
        return len(self._words())

    def __repr__(self) -> str:
        return f"Words({dict(self._words())!r})"


def _words(game: str) -> tuple[Mapping[str, str], Mapping[str, Mapping[Any, str]]]:
    module = import_module(SETTINGS_MODULES[game])
    return getattr(module, "SETTING_LABELS", {}), getattr(module, "VALUE_WORDS", {})


def said(words: str) -> str:
    """Words marked with `N_`, in the language spoken ("" stays "": gettext would give the catalogue's header)."""
    return _(words) if words else words


def setting_label(game: str, name: str) -> str:
    """The setting's name in words ("card points", "Weis tie"); a setting without words keeps its own."""
    labels, _words_of_values = _words(game)
    return labels.get(name) or name.replace("_", " ")


def setting_description(game: str, name: str) -> str:
    """What the setting does, in a sentence (its field's description), or ""."""
    module = import_module(SETTINGS_MODULES[game])
    field = module.Settings.model_fields.get(name)
    return said(field.description or "") if field is not None else ""


def _choice(choices: Mapping[Any, str], value: Any) -> str:
    word = choices.get(value)
    return word if word is not None else str(value).replace("_", " ")


def value_words(game: str, name: str, value: Any) -> str:
    """One value of a setting in words: on/off, a choice's words, a table's entries, a number."""
    _labels, words = _words(game)
    choices = words.get(name, {})
    if isinstance(value, bool):
        return pgettext("setting", "on") if value else pgettext("setting", "off")
    if isinstance(value, Mapping):
        return ", ".join(f"{_choice(choices, key)} {number}" for key, number in value.items())
    if value is None:
        return pgettext("setting", "none")
    return _choice(choices, value)


def setting_phrase(game: str, name: str, value: Any) -> str:
    """The setting and its value as a table says it: "card points: off", or the choice alone when its words
    name the setting ("Avondale schedule")."""
    labels, _words_of_values = _words(game)
    if labels.get(name) == "":
        return value_words(game, name, value)
    return _("{setting}: {value}").format(
        setting=setting_label(game, name), value=value_words(game, name, value)
    )


def settings_phrases(game: str, settings: BaseModel) -> list[str]:
    """Every setting of a ruleset in words, in the model's order (the preset first when there is one)."""
    return [setting_phrase(game, name, getattr(settings, name)) for name in type(settings).model_fields]


def unknown_setting_message(game: str, name: str, model: type[BaseModel]) -> str:
    """What a table is told when it names a setting the game does not have: the ones it has."""
    from scorepad.rules.registry import GAME_TITLES

    title = GAME_TITLES.get(game)
    return _("{game} has no setting {name}; its settings: {settings}").format(
        game=_(title) if title else game, name=repr(name), settings=", ".join(model.model_fields)
    )


#: the way the turn passes at each game: the header's players are listed in this order (docs/log-format.md)
TURN_DIRECTION = {
    "five_hundred": N_("clockwise"),
    "jass": N_("counter-clockwise"),
    "auction_bridge": N_("clockwise"),
}


def turn_order_hint(game: str) -> str:
    """What the new-game screen says about the order of the players' names."""
    if TURN_DIRECTION[game] == "counter-clockwise":
        return _("names in turn order, counter-clockwise, the first dealer first")
    return _("names in turn order, clockwise, the first dealer first")


def both(items: list[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cid": a list of things that are all so, in the language spoken."""
    if len(items) < 2:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def either(items: list[str]) -> str:
    """ "Ann", "Ann or Bob", "Ann, Bob or Cid": a list of things of which one is so."""
    if len(items) < 2:
        return "".join(items)
    return _("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def counted(count: int, word: str) -> str:
    """ "1 trick", "3 tricks": a number with its English noun (every noun counted in the rules takes an s).
    English only: words for every language count with `ngettext`."""
    return f"{count} {word}" if abs(count) == 1 else f"{count} {word}s"


def capitalized(words: str) -> str:
    """Words as the start of a sentence: the first letter a capital, the rest as they are ("deal 5's
    contract" -> "Deal 5's contract"; str.capitalize would lower a name's capitals)."""
    return words[:1].upper() + words[1:]
