"""Saved games like a club's history, for the home-screen benchmark and for trying the home screen by hand.

    python benchmarks/saved_games.py DIRECTORY COUNT     # COUNT games in DIRECTORY/games (a SCOREPAD_HOME)

Five Hundred (auctions and quick contracts, nullos, sets, all-pass redeals), Jass (pushed trumps, Weis, Stöck,
Matches) and Auction Bridge rubbers (bids, doubles, honours), some finished and some still in play, a few with
renames and corrections. Every entry is one the rules accept where it stands (checked by a live Replayer).
"""

from __future__ import annotations

import os
import random
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from scorepad.log import Entry, dump_entry, dump_header, parse_entry
from scorepad.rules import Replayer
from scorepad.store.game_file import new_header

FIRST_NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kai", "Lou"]
FH_CALLS = [
    "6S",
    "6C",
    "6D",
    "6H",
    "6NT",
    "7S",
    "7C",
    "7D",
    "7H",
    "7NT",
    "8S",
    "8C",
    "8H",
    "8NT",
    "9D",
    "10H",
]
JASS_CONTRACTS = ["hearts", "spades", "clubs", "diamonds", "obenabe", "undenufe"]
AB_CALLS = ["1NT", "2S", "2H", "3D", "3C", "1S", "4H", "3NT", "2NT", "4S"]


class Game:
    """A log built entry by entry; an entry the rules would refuse is left out (the table would not log it)."""

    def __init__(self, header: Any, start: datetime):
        self.header = header
        self.replayer = Replayer(header)
        self.entries: list[Entry] = []
        self.at = start

    def add(self, item: dict[str, Any]) -> bool:
        self.at += timedelta(seconds=70)
        entry = parse_entry(
            self.header.game, {**item, "seq": len(self.entries) + 1, "at": self.at.isoformat()}
        )
        if self.replayer.check(entry) is not None:
            return False
        self.replayer.extend([entry])
        self.entries.append(entry)
        return True

    @property
    def finished(self) -> bool:
        return self.replayer.sheet().finished

    def text(self) -> str:
        return "".join(
            line + "\n" for line in [dump_header(self.header), *(dump_entry(e) for e in self.entries)]
        )


def five_hundred(rng: random.Random, players: list[str], deals: int, start: datetime) -> Game:
    game = Game(new_header("five_hundred", players, title=rng.choice(["", "Friday", "Cut-throat"])), start)
    for number in range(deals):
        if game.finished:
            break
        dealer = players[number % 3]
        game.add({"type": "deal", "dealer": dealer})
        roll = rng.random()
        if roll < 0.05:  # all pass: the hand is thrown in and redealt
            for step in range(3):
                game.add({"type": "bid", "player": players[(number + 1 + step) % 3], "call": "pass"})
            continue
        call = "nullo" if roll < 0.12 else rng.choice(FH_CALLS)
        contractor = rng.choice(players)
        if roll < 0.5:  # an auction, from the dealer's left: the contractor's bid, everyone else passes
            for step in range(3):
                player = players[(number + 1 + step) % 3]
                game.add({"type": "bid", "player": player, "call": call if player == contractor else "pass"})
        else:
            game.add({"type": "contract", "player": contractor, "call": call})
        others = [p for p in players if p != contractor]
        if call == "nullo":
            won = 0 if rng.random() < 0.7 else rng.randint(1, 3)
        else:
            needed = int(call[:-2] if call.endswith("NT") else call[:-1])
            won = (
                rng.randint(needed, 10)
                if rng.random() < 0.75
                else rng.randint(max(0, needed - 4), needed - 1)
            )
        rest = 10 - won
        split = rng.randint(0, rest)
        if not game.add(
            {"type": "result", "tricks": {contractor: won, others[0]: split, others[1]: rest - split}}
        ):
            break
    return game


def jass(rng: random.Random, players: list[str], hands: int, start: datetime) -> Game:
    game = Game(new_header("jass", players, title=rng.choice(["", "Schieber", "Sunday"])), start)
    teams = [f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"]
    for number in range(hands):
        if game.finished:
            break
        dealer = players[number % 4]
        forehand = players[(number + 1) % 4]
        game.add({"type": "deal", "dealer": dealer})
        pushed = rng.random() < 0.3
        chooser = players[(number + 3) % 4] if pushed else forehand
        contract = rng.choice(JASS_CONTRACTS)
        game.add({"type": "trump", "player": chooser, "contract": contract, "pushed": pushed})
        if rng.random() < 0.35:
            game.add(
                {
                    "type": "weis",
                    "player": rng.choice(players),
                    "melds": [
                        {
                            "kind": "sequence",
                            "length": rng.randint(3, 5),
                            "top": "A",
                            "suit": rng.choice(["hearts", "spades", "clubs", "diamonds"]),
                        }
                    ],
                }
            )
        if rng.random() < 0.15 and contract not in ("obenabe", "undenufe"):  # Stöck: king and queen of trumps
            game.add({"type": "stoeck", "player": rng.choice(players)})
        team = rng.choice(teams)
        if rng.random() < 0.05:
            game.add({"type": "tricks", "points": {team: 157}, "match": team})
        else:
            game.add({"type": "tricks", "points": {team: rng.randint(20, 137)}})
    return game


def auction_bridge(rng: random.Random, players: list[str], deals: int, start: datetime) -> Game:
    sides = {"We": [players[0], players[2]], "They": [players[1], players[3]]}
    game = Game(
        new_header("auction_bridge", players, title=rng.choice(["", "Rubber at the club"]), sides=sides),
        start,
    )
    for number in range(deals):
        if game.finished:
            break
        game.add({"type": "deal", "dealer": players[number % 4]})
        call = rng.choice(AB_CALLS)
        declarer = rng.choice(players)
        contract: dict[str, Any] = {"type": "contract", "player": declarer, "call": call}
        if rng.random() < 0.1:
            contract["double"] = "doubled"
        game.add(contract)
        needed = int(call[0]) + 6
        tricks = rng.randint(needed, 13) if rng.random() < 0.7 else rng.randint(needed - 3, needed - 1)
        result: dict[str, Any] = {"type": "result", "tricks": tricks}
        if not call.endswith("NT"):  # at a trump declaration one side always holds three honours or more
            result["honours"] = {
                "side": rng.choice(["We", "They"]),
                "holding": rng.choice(["3", "3", "4", "5"]),
            }
        game.add(result)
    return game


def one_game(rng: random.Random, number: int, start: datetime) -> Game:
    kind = number % 3
    names = rng.sample(FIRST_NAMES, 4)
    if kind == 0:
        game = five_hundred(rng, names[:3], rng.randint(6, 22), start)
    elif kind == 1:
        game = jass(rng, names, rng.randint(8, 24), start)
    else:
        game = auction_bridge(rng, names, rng.randint(3, 10), start)
    if rng.random() < 0.1:  # a seat renamed mid-game
        game.add({"type": "rename", "player": names[0], "new_name": names[0] + "ie"})
    if len(game.entries) > 4 and rng.random() < 0.1:  # the last entry struck out, then logged again
        last = game.entries[-1]
        if game.add({"type": "void", "target": last.seq}):
            game.add(last.model_dump(mode="json", exclude={"seq", "at"}))
    return game


def write_games(directory: Path, count: int, seed: int = 500) -> list[Path]:
    """`count` saved games in `directory` (a games folder), one file each, last played over many evenings."""
    directory.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    evening = datetime(2024, 1, 5, 19, 30, tzinfo=UTC)
    paths = []
    for number in range(count):
        start = evening + timedelta(days=number, minutes=rng.randint(0, 90))
        game = one_game(rng, number, start)
        path = directory / f"{start:%Y-%m-%d-%H%M}-{game.header.game}-{number:08x}.jsonl"
        path.write_text(game.text(), encoding="utf-8")
        stamp = game.at.timestamp()
        os.utime(path, (stamp, stamp))
        paths.append(path)
    return paths


if __name__ == "__main__":
    home, count = Path(sys.argv[1]), int(sys.argv[2])
    print(f"{len(write_games(home / 'games', count))} games in {home / 'games'}")
