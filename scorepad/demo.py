"""Demo games, one per game, for a first look (`scorepad demo`). Written once; never overwritten."""

from __future__ import annotations

from typing import Any

from scorepad.locale import LANGUAGES, N_, _, catalogue
from scorepad.log import parse_entry
from scorepad.store.files import games_dir
from scorepad.store.game_file import GameFile, create, new_header

DEMO_TAG = N_("Demo: ")  # a demo's title starts so, in the language it was written in

FIVE_HUNDRED = [
    {"type": "deal", "dealer": "Ann"},
    {"type": "contract", "player": "Bob", "call": "7H"},
    {"type": "result", "tricks": {"Ann": 1, "Bob": 8, "Cid": 1}},
    {"type": "deal", "dealer": "Bob"},
    {"type": "contract", "player": "Cid", "call": "6NT"},
    {"type": "result", "tricks": {"Ann": 3, "Bob": 2, "Cid": 5}},
    {"type": "deal", "dealer": "Cid"},
    {"type": "contract", "player": "Ann", "call": "8S"},
    {"type": "result", "tricks": {"Ann": 10, "Bob": 0, "Cid": 0}},
    {"type": "deal", "dealer": "Ann"},
    {"type": "contract", "player": "Bob", "call": "nullo"},
    {"type": "result", "tricks": {"Ann": 6, "Bob": 0, "Cid": 4}},
    {"type": "deal", "dealer": "Bob"},
    {"type": "contract", "player": "Cid", "call": "7D"},
    {"type": "result", "tricks": {"Ann": 2, "Bob": 1, "Cid": 7}},
]

JASS = [
    {"type": "deal", "dealer": "Ann"},
    {"type": "trump", "player": "Bob", "contract": "hearts"},
    {
        "type": "weis",
        "player": "Bob",
        "melds": [{"kind": "sequence", "length": 4, "top": "K", "suit": "clubs"}],
    },
    {"type": "tricks", "points": {"Ann & Cid": 61}},
    {"type": "deal", "dealer": "Bob"},
    {"type": "trump", "player": "Ann", "contract": "obenabe", "pushed": True},
    {"type": "tricks", "points": {"Ann & Cid": 157}, "match": "Ann & Cid"},
    {"type": "deal", "dealer": "Cid"},
    {"type": "trump", "player": "Dan", "contract": "spades"},
    {"type": "stoeck", "player": "Ann"},
    {"type": "tricks", "points": {"Ann & Cid": 104}},
]

BRIDGE = [
    {"type": "deal", "dealer": "Ann"},
    {"type": "contract", "player": "Ann", "call": "1NT"},
    {"type": "result", "tricks": 9, "honours": {"side": "We", "holding": "3_aces"}},
    {"type": "deal", "dealer": "Bob"},
    {"type": "contract", "player": "Bob", "call": "3H", "double": "doubled"},
    {"type": "result", "tricks": 7, "honours": {"side": "They", "holding": "3"}},
    {"type": "deal", "dealer": "Cid"},
    {"type": "contract", "player": "Dan", "call": "2D"},
    {"type": "result", "tricks": 8, "honours": {"side": "We", "holding": "3"}},
]

DEMOS: list[dict[str, Any]] = [
    {
        "game": "five_hundred",
        "players": ["Ann", "Bob", "Cid"],
        "title": N_("Five Hundred, cut-throat"),
        "entries": FIVE_HUNDRED,
    },
    {
        "game": "jass",
        "players": ["Ann", "Bob", "Cid", "Dan"],
        "title": N_("Schieber to 2500"),
        "entries": JASS,
    },
    {
        "game": "auction_bridge",
        "players": ["Ann", "Bob", "Cid", "Dan"],
        "title": N_("Rubber at the club"),
        "sides": {"We": ["Ann", "Cid"], "They": ["Bob", "Dan"]},
        "entries": BRIDGE,
    },
]


def existing_demos() -> set[str]:
    from scorepad.store.game_file import list_games

    tags = tuple({catalogue(code).gettext(DEMO_TAG) for code in LANGUAGES})
    return {g.log.header.game for g in list_games() if g.log and g.log.header.title.startswith(tags)}


def ensure_demo_games() -> list[str]:
    """Write the demo games that are not there yet; returns the games written."""
    have = existing_demos()
    written = []
    for demo in DEMOS:
        if demo["game"] in have:
            continue
        header = new_header(
            demo["game"], demo["players"], title=_(DEMO_TAG) + _(demo["title"]), sides=demo.get("sides")
        )
        path = create(header, games_dir())
        with GameFile.open(path) as game:
            for item in demo["entries"]:
                game.append(parse_entry(demo["game"], item))
        written.append(demo["game"])
    return written
