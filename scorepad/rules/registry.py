"""Which module holds each game's rules; loaded only when a game of that kind is played."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scorepad.rules.base import Rules

GAME_MODULES = {
    "five_hundred": "scorepad.rules.five_hundred",
    "jass": "scorepad.rules.jass",
    "auction_bridge": "scorepad.rules.auction_bridge",
}
GAME_TITLES = {"five_hundred": "Five Hundred", "jass": "Jass (Schieber)", "auction_bridge": "Auction Bridge"}


def rules_for(game: str) -> Rules[Any, Any]:
    try:
        module = import_module(GAME_MODULES[game])
    except KeyError:
        raise ValueError(f"unknown game {game!r} (games: {', '.join(GAME_MODULES)})") from None
    rules: Rules[Any, Any] = module.RULES
    return rules
