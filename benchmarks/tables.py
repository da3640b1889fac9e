"""Logs like a real table's, for the benchmarks: all three games, built through the real log models and checked
by the rules entry by entry (a generated entry the rules refuse stops the generator: the logs are valid).

    python benchmarks/tables.py five_hundred 30000 out.jsonl     # write one

What a table logs, in the proportions it does (fixed seed, so every run writes the same bytes):
- Five Hundred (3 players): quick contracts and whole auctions (one round), all-pass deals thrown in, redeals,
  nullo and open nullo, sets, notes, and now and then a result amended or struck out and entered again;
- Jass (Schieber, 4 players): trumps named or pushed, every contract, Weis (sequences and fours) by one or two
  players, Stöck, Matches, redeals, penalties, and now and then a hand's card points amended;
- Auction Bridge (4 players): whole auctions with doubles and redoubles, quick contracts, made and set contracts,
  honours at every trump declaration, chicane, revokes, redeals, and now and then a result amended.
The target (Bridge: the games to win the rubber) is set out of reach, so a long log never ends.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from scorepad.gcpause import gc_paused
from scorepad.log import dump_entry, dump_header, parse_entry
from scorepad.rules import Replayer
from scorepad.store.game_file import new_header

GAMES = ("five_hundred", "jass", "auction_bridge")
START = datetime.fromisoformat("2026-11-29T20:00:00+01:00")


class Table:
    """A game being logged: each entry made with the log's models, pushed through the rules (it must count) and
    written as the app writes it."""

    def __init__(
        self, game: str, players: list[str], rules: dict[str, Any], sides: dict[str, list[str]] | None = None
    ):
        self.game = game
        # the same bytes on every run: a fixed id and time of creation
        self.header = new_header(game, players, title="benchmark", rules=rules, sides=sides).model_copy(
            update={"id": f"bench{GAMES.index(game)}", "created": START}
        )
        self.replayer = Replayer(self.header)
        self.lines = [dump_header(self.header)]
        self.seq = 0
        self.clock = START

    @property
    def state(self) -> Any:
        return self.replayer.state

    def log(self, item: dict[str, Any], seconds: int = 20) -> int:
        self.seq += 1
        self.clock += timedelta(seconds=seconds)
        entry = parse_entry(self.game, {**item, "seq": self.seq, "at": self.clock.isoformat()})
        refused = self.replayer.push(entry)
        if refused:
            raise AssertionError(f"{self.game}: generated entry {self.seq} {item} was refused: {refused}")
        self.lines.append(dump_entry(entry))
        return self.seq

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


# ---------------------------------------------------------------- Five Hundred

FH_PLAYERS = ["Ann", "Bob", "Cid"]
FH_STRAINS = ["S", "C", "D", "H", "NT"]


def _fh_call(rng: random.Random) -> str:
    if rng.random() < 0.06:
        return rng.choice(["nullo", "nullo", "open_nullo"])
    level = rng.choices([6, 7, 8, 9, 10], weights=[40, 35, 15, 7, 3])[0]
    return f"{level}{rng.choice(FH_STRAINS)}"


def _fh_tricks(rng: random.Random, contractor: str, call: str) -> dict[str, int]:
    if "nullo" in call:
        taken = 0 if rng.random() < 0.7 else rng.randint(1, 3)
    else:
        needed = int(call[:-2] if call.endswith("NT") else call[:-1])
        taken = min(10, max(0, needed + rng.choice([-2, -1, 0, 0, 0, 1, 1, 2])))
    others = [p for p in FH_PLAYERS if p != contractor]
    first = rng.randint(0, 10 - taken)
    return {contractor: taken, others[0]: first, others[1]: 10 - taken - first}


def five_hundred(entries: int, seed: int = 500) -> Table:
    rng = random.Random(seed)
    table = Table("five_hundred", FH_PLAYERS, {"target": 10**9})
    settings = table.replayer.settings
    while table.seq < entries:
        state = table.state
        dealer = state.next_dealer()
        table.log({"type": "deal", "dealer": dealer}, seconds=240)
        roll = rng.random()
        if roll < 0.03:  # a misdeal seen at once: the same dealer deals again
            table.log({"type": "deal", "dealer": dealer})
        if roll < 0.55:
            contractor = rng.choice(FH_PLAYERS)
            call = _fh_call(rng)
            table.log({"type": "contract", "player": contractor, "call": call})
        else:  # the auction, call by call
            deal = state.deal
            while (player := deal.to_bid()) is not None:
                legal = deal.legal_calls(settings)
                bids = [c for c in legal[1:] if c[0] in "67" or "nullo" in c] or legal[1:]
                if rng.random() < 0.45 or not bids:
                    call = "pass"
                else:
                    call = rng.choice(bids[:4])
                table.log({"type": "bid", "player": player, "call": call}, seconds=8)
            if deal.all_passed:  # thrown in: the deal passes on
                continue
            contractor, call = deal.contractor, deal.contract
        seq = table.log({"type": "result", "tricks": _fh_tricks(rng, contractor, call)}, seconds=300)
        fix = rng.random()
        if fix < 0.01:  # a miscount caught before the next deal
            table.log(
                {
                    "type": "amend",
                    "target": seq,
                    "entry": {"type": "result", "tricks": _fh_tricks(rng, contractor, call)},
                    "note": "tricks recounted",
                }
            )
        elif fix < 0.013:  # struck out and entered again
            table.log({"type": "void", "target": seq})
            table.log({"type": "result", "tricks": _fh_tricks(rng, contractor, call)})
        elif fix < 0.02:
            table.log({"type": "note", "text": rng.choice(["Bob to the bar", "new deck", "Cid's round"])})
    return table


# ---------------------------------------------------------------- Jass

JASS_PLAYERS = ["Ann", "Bob", "Cid", "Dan"]
JASS_CONTRACTS = ["hearts", "diamonds", "clubs", "spades", "obenabe", "undenufe"]
JASS_SUITS = ["hearts", "diamonds", "clubs", "spades"]
TOPS = ["A", "K", "Q", "J", "10", "9", "8"]


def _sequence(rng: random.Random, suit: str) -> dict[str, Any]:
    length = rng.choices([3, 4, 5], weights=[60, 30, 10])[0]
    top = rng.choice(TOPS[: 10 - length])  # a run of `length` cards from `top` down fits in the suit
    return {"kind": "sequence", "length": length, "top": top, "suit": suit}


def jass(entries: int, seed: int = 157) -> Table:
    rng = random.Random(seed)
    table = Table("jass", JASS_PLAYERS, {"target": 10**9})
    teams = list(table.replayer.sides)
    while table.seq < entries:
        state = table.state
        dealer = state.next_dealer
        table.log({"type": "deal", "dealer": dealer}, seconds=200)
        if rng.random() < 0.02:  # dealt again before trump is named
            table.log({"type": "deal", "dealer": dealer})
        forehand = state.after(dealer)
        pushed = rng.random() < 0.3
        caller = state.partner(forehand) if pushed else forehand
        contract = rng.choice(JASS_CONTRACTS)
        table.log({"type": "trump", "player": caller, "contract": contract, "pushed": pushed}, seconds=30)
        trump_suit = contract if contract in JASS_SUITS else None
        free = [s for s in JASS_SUITS if s != trump_suit]  # Weis in other suits than the Stöck's
        rng.shuffle(free)
        declarers = rng.sample(JASS_PLAYERS, rng.choices([0, 1, 2], weights=[55, 35, 10])[0])
        four = len(declarers) == 1 and rng.random() < 0.15  # four of a kind: then the only Weis of the hand
        for number, player in enumerate(declarers):
            melds = (
                [{"kind": "four", "rank": rng.choice(["J", "9", "A"])}]
                if four
                else [_sequence(rng, free[number])]
            )
            table.log({"type": "weis", "player": player, "melds": melds}, seconds=10)
        if trump_suit and rng.random() < 0.2:  # the king and queen of trumps: in no Weis shown this hand
            holder = rng.choice([p for p in JASS_PLAYERS if p not in declarers])
            table.log({"type": "stoeck", "player": holder}, seconds=10)
        roll = rng.random()
        team = rng.choice(teams)
        if roll < 0.03:
            seq = table.log({"type": "tricks", "points": {team: 157}, "match": team}, seconds=400)
        else:
            seq = table.log({"type": "tricks", "points": {team: rng.randint(20, 137)}}, seconds=400)
        fix = rng.random()
        if fix < 0.01:  # a miscount caught before the next trump
            table.log(
                {
                    "type": "amend",
                    "target": seq,
                    "entry": {"type": "tricks", "points": {team: rng.randint(20, 137)}},
                    "note": "counted again",
                }
            )
        elif fix < 0.015:
            table.log(
                {
                    "type": "penalty",
                    "kind": rng.choice(["misdeal", "out_of_turn", "false_weis"]),
                    "against": rng.choice(teams),
                }
            )
        elif fix < 0.02:
            table.log({"type": "note", "text": "Bergpreis soon"})
    return table


# ---------------------------------------------------------------- Auction Bridge

AB_PLAYERS = ["Ann", "Bob", "Cid", "Dan"]
AB_SIDES = {"We": ["Ann", "Cid"], "They": ["Bob", "Dan"]}


def _honours(rng: random.Random, strain: str) -> dict[str, str] | None:
    side = rng.choice(list(AB_SIDES))
    if strain == "NT":
        return None if rng.random() < 0.4 else {"side": side, "holding": rng.choice(["3_aces", "4_aces"])}
    return {"side": side, "holding": rng.choices(["3", "4", "5", "4_one_hand"], weights=[60, 25, 5, 10])[0]}


def auction_bridge(entries: int, seed: int = 13) -> Table:
    rng = random.Random(seed)
    table = Table("auction_bridge", AB_PLAYERS, {"games_to_win": 10**6, "chicane": True}, sides=AB_SIDES)
    settings = table.replayer.settings
    while table.seq < entries:
        state = table.state
        dealer = state.next_dealer()
        table.log({"type": "deal", "dealer": dealer}, seconds=240)
        if rng.random() < 0.02:
            table.log({"type": "deal", "dealer": dealer})
        if rng.random() < 0.4:
            call = f"{rng.randint(1, 4)}{rng.choice(['S', 'C', 'D', 'H', 'R', 'NT'])}"
            double = rng.choices(["none", "doubled", "redoubled"], weights=[88, 10, 2])[0]
            table.log({"type": "contract", "player": rng.choice(AB_PLAYERS), "call": call, "double": double})
        else:
            current = state.current
            rounds = 0
            while current.contract is None:
                auction = current.auction
                legal = auction.legal_calls(settings)
                bids = [c for c in legal if c[0].isdigit()][:5]
                roll = rng.random()
                rounds += 1
                if "double" in legal and roll < 0.08:
                    call = "double"
                elif "redouble" in legal and roll < 0.3:
                    call = "redouble"
                elif bids and ("pass" not in legal or (roll < 0.45 and rounds < 12)):
                    call = rng.choice(bids)
                else:
                    call = "pass"
                table.log({"type": "bid", "player": auction.turn, "call": call}, seconds=8)
        contract = state.current.contract
        needed = 6 + contract.level
        tricks = min(13, max(0, needed + rng.choice([-2, -1, 0, 0, 0, 1, 1, 2])))
        result: dict[str, Any] = {
            "type": "result",
            "tricks": tricks,
            "honours": _honours(rng, contract.strain),
        }
        roll = rng.random()
        declarers = state.side_of[contract.declarer]
        adversaries = state.other_side(declarers)
        if roll < 0.02:
            result["revoke"] = {"side": adversaries, "choice": rng.choice(["points", "tricks"])}
        elif roll < 0.03:
            result["revoke"] = {"side": declarers}
        elif roll < 0.04 and contract.strain != "NT":
            result["chicane"] = {"side": adversaries, "double": False}
            result["honours"] = {"side": declarers, "holding": "4"}
        seq = table.log(result, seconds=420)
        if rng.random() < 0.01:  # a miscount caught at once
            table.log(
                {
                    "type": "amend",
                    "target": seq,
                    "entry": {**result, "tricks": max(0, tricks - 1)},
                    "note": "one trick fewer",
                }
            )
    return table


BUILDERS: dict[str, Callable[[int], Table]] = {
    "five_hundred": five_hundred,
    "jass": jass,
    "auction_bridge": auction_bridge,
}


def write_game(path: Path, game: str, entries: int) -> Path:
    """A log of `game` with at least `entries` entries (a deal or hand is not cut off)."""
    with gc_paused():
        table = BUILDERS[game](entries)
    path.write_text(table.text(), encoding="utf-8")
    return path


if __name__ == "__main__":
    write_game(Path(sys.argv[3]), sys.argv[1], int(sys.argv[2]))
