"""Which module holds each game's rules; loaded only when a game of that kind is played."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from scorepad.locale import N_, _

if TYPE_CHECKING:
    from scorepad.rules.base import Rules

GAME_MODULES = {
    "five_hundred": "scorepad.rules.five_hundred",
    "jass": "scorepad.rules.jass",
    "auction_bridge": "scorepad.rules.auction_bridge",
}
#: each game's title, marked for the catalogues: `_(GAME_TITLES[game])` where it is shown
GAME_TITLES = {
    "five_hundred": N_("Five Hundred"),
    "jass": N_("Jass (Schieber)"),
    "auction_bridge": N_("Auction Bridge"),
}


def rules_for(game: str) -> Rules[Any, Any]:
    try:
        module = import_module(GAME_MODULES[game])
    except KeyError:
        raise ValueError(
            _("unknown game {game} (games: {games})").format(game=repr(game), games=", ".join(GAME_MODULES))
        ) from None
    rules: Rules[Any, Any] = module.RULES
    return rules
