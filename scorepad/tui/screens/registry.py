"""Which screen shows which game (imported lazily: a game's screen loads only when opened)."""

from __future__ import annotations

from importlib import import_module

from scorepad.store.game_file import GameFile
from scorepad.tui.screens.game import GameScreen

SCREENS = {
    "five_hundred": ("scorepad.tui.games.five_hundred.screen", "FiveHundredScreen"),
    "jass": ("scorepad.tui.games.jass.screen", "JassScreen"),
    "auction_bridge": ("scorepad.tui.games.auction_bridge.screen", "AuctionBridgeScreen"),
}


def game_screen_for(game_file: GameFile) -> GameScreen:
    module_name, class_name = SCREENS[game_file.header.game]
    screen_class: type[GameScreen] = getattr(import_module(module_name), class_name)
    return screen_class(game_file)
