"""Settings in a card player's words: "Avondale schedule", "card points: off", "Weis tie: suit ladder ♥ ♦ ♣ ♠".

Each game's settings module holds its words: `SETTING_LABELS` (setting -> label; "" when the value's words say
it all, as "Avondale schedule") and `VALUE_WORDS` (setting -> value -> words, also the keys of a table such as
multipliers). Pure: no Textual, no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import Any

from pydantic import BaseModel

SETTINGS_MODULES = {
    "five_hundred": "scorepad.rules.five_hundred.settings",
    "jass": "scorepad.rules.jass.settings",
    "auction_bridge": "scorepad.rules.auction_bridge.settings",
}


def _words(game: str) -> tuple[Mapping[str, str], Mapping[str, Mapping[Any, str]]]:
    module = import_module(SETTINGS_MODULES[game])
    return getattr(module, "SETTING_LABELS", {}), getattr(module, "VALUE_WORDS", {})


def setting_label(game: str, name: str) -> str:
    """The setting's name in words ("card points", "Weis tie"); a setting without words keeps its own."""
    labels, _ = _words(game)
    label = labels.get(name)
    return label if label else name.replace("_", " ")


def value_words(game: str, name: str, value: Any) -> str:
    """One value of a setting in words: on/off, a choice's words, a table's entries, a number."""
    _, words = _words(game)
    choices = words.get(name, {})
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, Mapping):
        return ", ".join(
            f"{choices.get(key, str(key).replace('_', ' '))} {number}" for key, number in value.items()
        )
    if value is None:
        return "none"
    return choices.get(value, str(value).replace("_", " "))


def setting_phrase(game: str, name: str, value: Any) -> str:
    """The setting and its value as a table says it: "card points: off", or the choice alone when its words
    name the setting ("Avondale schedule")."""
    labels, _ = _words(game)
    if labels.get(name) == "":
        return value_words(game, name, value)
    return f"{setting_label(game, name)}: {value_words(game, name, value)}"


def settings_phrases(game: str, settings: BaseModel) -> list[str]:
    """Every setting of a ruleset in words, in the model's order (the preset first when there is one)."""
    return [setting_phrase(game, name, getattr(settings, name)) for name in type(settings).model_fields]


def unknown_setting_message(game: str, name: str, model: type[BaseModel]) -> str:
    """What a table is told when it names a setting the game does not have: the ones it has."""
    from scorepad.rules.registry import GAME_TITLES

    return f"{GAME_TITLES.get(game, game)} has no setting {name!r}; its settings: {', '.join(model.model_fields)}"


#: the way the turn passes at each game: the header's players are listed in this order (docs/log-format.md)
TURN_DIRECTION = {"five_hundred": "clockwise", "jass": "counter-clockwise", "auction_bridge": "clockwise"}


def turn_order_hint(game: str) -> str:
    """What the new-game screen says about the order of the players' names."""
    way = TURN_DIRECTION[game]
    return f"names in turn order, {way}, the first dealer first"


def counted(count: int, word: str) -> str:
    """ "1 trick", "3 tricks": a number with its noun (every noun counted in the rules takes an s)."""
    return f"{count} {word}" if abs(count) == 1 else f"{count} {word}s"


def capitalized(words: str) -> str:
    """Words as the start of a sentence: the first letter a capital, the rest as they are ("deal 5's
    contract" -> "Deal 5's contract"; str.capitalize would lower a name's capitals)."""
    return words[:1].upper() + words[1:]
