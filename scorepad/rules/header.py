"""The one check of a game's header: what `scorepad new`, the new-game screen and opening a file all ask.

It refuses a table the screens cannot show: a player count the game does not allow, names that are empty,
repeated, longer than 40 characters or holding control characters (docs/log-format.md §1), Auction Bridge or
Jass with anything but two partnerships of two sitting opposite, a side without players, a ruleset that does not read.
A table about to be made (`new=True`) is also refused two names it could not tell apart ("Ann" and "ann"); a file
that already holds such names still opens and replays.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from scorepad.locale import N_, _
from scorepad.log import Header
from scorepad.rules import GAME_TITLES, rules_for
from scorepad.rules.base import Rules
from scorepad.rules.names import name_problem, names_clash_problem, text_problem, visible
from scorepad.rules.wording import either, unknown_setting_message


def players_problem(game: str, players: Sequence[str], new: bool = False) -> str | None:
    """Why these names in this order cannot sit at a table of `game`, or None. `new`: the table is being made
    (`scorepad new`, the new-game screen), so names it could not tell apart are refused too."""
    for name in players:
        problem = name_problem(name)
        if problem:
            return problem
    seen: set[str] = set()
    for name in players:
        if name in seen:
            return _("player names must be unique within a game: {name} is there twice").format(name=name)
        seen.add(name)
    if new:  # not when a file is read: a game once made stays readable
        problem = names_clash_problem(players)
        if problem:
            return problem
    return rules_for(game).check_players(tuple(players))


def sides_problem(
    rules: Rules[Any, Any], players: Sequence[str], sides: Mapping[str, Iterable[str]]
) -> str | None:
    """Why these sides cannot play (the screens draw one column per side, partners opposite at four)."""
    layout = {label: tuple(members) for label, members in sides.items()}
    for label, members in layout.items():
        if not label.strip():
            return _("a side's name must not be empty")
        problem = text_problem(label, _("a side's name"))
        if problem:
            return problem
        if not members:
            return _("the side {side} has no players").format(side=label)
    if rules.partners_opposite and len(players) == 4:
        opposite = {frozenset((players[0], players[2])), frozenset((players[1], players[3]))}
        if len(layout) != 2 or {frozenset(members) for members in layout.values()} != opposite:
            return _(
                "{game} is played by two partnerships of two, partners sitting opposite: "
                "{first} & {third} against {second} & {fourth}"
            ).format(
                game=_(rules.title), first=players[0], second=players[1], third=players[2], fourth=players[3]
            )
    return None


#: what a setting's value must be, for pydantic's kinds of refusal that name the program's types
_KINDS_IN_WORDS = {
    "int_parsing": N_("must be a whole number"),
    "int_type": N_("must be a whole number"),
    "int_from_float": N_("must be a whole number"),
    "bool_parsing": N_("must be on or off (true or false)"),
    "bool_type": N_("must be on or off (true or false)"),
    "dict_type": N_('must be a table of numbers (in JSON: {"name": number, …})'),
}
_PYDANTIC_SAYS = "Input should be"  # not words: how pydantic starts a refusal, replaced by ours


def _in_words(kind: str, message: str, context: Mapping[str, Any]) -> str:
    """A refused setting's value said to a person: "a whole number", not "Input should be a valid integer"."""
    if kind in _KINDS_IN_WORDS:
        return _(_KINDS_IN_WORDS[kind])
    if kind == "greater_than" and "gt" in context:
        return _("must be greater than {limit}").format(limit=context["gt"])
    if kind == "literal_error" and "expected" in context:
        return _("must be {choices}").format(choices=either(re.findall(r"'[^']*'", str(context["expected"]))))
    # our own refusals (the settings' checks) are in words already; pydantic's others are in English
    return message.removeprefix("Value error, ").replace(_PYDANTIC_SAYS, _("must be"), 1)


def header_problem(header: Header, new: bool = False) -> str | None:
    """Why this header cannot be played or shown, in one sentence, or None (`new`: as `players_problem`'s)."""
    if header.game not in GAME_TITLES:
        return _("unknown game {game}").format(game=visible(header.game))
    rules = rules_for(header.game)
    try:
        settings = rules.settings(header.rules)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        if first["type"] == "extra_forbidden":  # a setting the game does not have: name the ones it has
            return visible(unknown_setting_message(header.game, where, rules.settings_model))
        message = _in_words(first["type"], first["msg"], first.get("ctx") or {})
        if where:
            return visible(_("bad rules: {setting}: {problem}").format(setting=where, problem=message))
        return visible(_("bad rules: {problem}").format(problem=message))
    except (ValueError, TypeError) as error:
        return visible(_("bad rules: {problem}").format(problem=error))
    problem = players_problem(header.game, header.players, new)
    if problem:
        return problem
    sides = rules.sides_for(header, settings)
    if not sides:
        return _("no sides")
    return sides_problem(rules, header.players, sides)
