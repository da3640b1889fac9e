"""How the seeded scorer of transcript.py makes up entries for each game: first what the table would most likely
type now (read from the rules' view, as a form would), then slips and nonsense of every kind of entry."""

from __future__ import annotations

from typing import Any

from scorepad.log import HONOUR_HOLDINGS, JASS_CONTRACTS, NT_HONOUR_HOLDINGS, RANKS
from scorepad.rules.auction_bridge.view import BridgeView, bridge_cells, rubber_score
from scorepad.rules.base import Sheet
from scorepad.rules.five_hundred import all_calls, won_lost_net
from scorepad.rules.five_hundred.view import DealCells, DealFigures, FiveHundredView
from scorepad.rules.jass.view import HandCells, HandFigures, HandOutline, JassView
from tests.rules.walks.transcript import Walk, show

Data = dict[str, Any]

# ============================================================================ Five Hundred

FH_CALLS = ("pass", "6S", "6NT", "7H", "7C", "8D", "8NT", "9S", "10H", "10NT", "nullo", "open_nullo")
FH_IRREGULARITIES = ("revoke", "wrong_cards", "bid_out_of_turn", "redeal")


def split(walk: Walk, total: int, parts: int) -> list[int]:
    """`total` cut into `parts` at random (a deal's tricks among the sides)."""
    cuts = sorted(walk.rng.randint(0, total) for _ in range(parts - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]


def five_hundred(walk: Walk, sheet: Sheet) -> list[Data]:
    view = sheet.view
    assert isinstance(view, FiveHundredView)
    sides = list(sheet.sides)
    players = list(walk.players)
    out: list[Data] = []
    if view.phase == "deal":
        out.append({"type": "deal", "dealer": view.next_dealer})
        out.append({"type": "deal", "dealer": walk.pick(players)})
        first = view.first_caller()
        if first is not None:
            out.append({"type": "contract", "player": first, "call": walk.pick(FH_CALLS)})
            out.append({"type": "bid", "player": first, "call": walk.pick(FH_CALLS)})
    elif view.phase == "auction":
        bidder = view.to_bid or walk.pick(players)
        legal = list(view.legal_calls) or list(FH_CALLS)
        out.append({"type": "bid", "player": bidder, "call": walk.pick(legal)})
        out.append({"type": "bid", "player": bidder, "call": "pass"})
        out.append(
            {
                "type": "contract",
                "player": bidder,
                "call": walk.pick([c for c in legal if c != "pass"] or FH_CALLS),
            }
        )
        out.append({"type": "bid", "player": walk.pick(players), "call": walk.pick(FH_CALLS)})
    else:
        tricks = dict(zip(sides, split(walk, view.tricks_per_deal, len(sides)), strict=True))
        result: Data = {"type": "result", "tricks": tricks}
        if len(players) == 5 and walk.chance(0.7):
            result["partner"] = walk.pick(players)
        if walk.chance(0.15):
            result["card_points"] = {side: walk.rng.randint(-5, 150) for side in sides}
            if walk.chance(0.2):
                result["card_points"]["Nobody"] = 10
        if view.phase == "question" or walk.chance(0.05):
            result["first_to_target"] = walk.pick(sides)
        if walk.chance(0.05):
            result["trick_winners"] = [walk.pick(players) for _ in range(view.tricks_per_deal)]
        out.append(result)
        if view.contractor is not None:
            made = {side: 0 for side in sides}
            made[view.contractor_side or sides[0]] = view.tricks_per_deal
            out.append({"type": "result", "tricks": made})
        if view.phase == "question" and view.result_seq is not None:
            fixed = {**result, "first_to_target": walk.pick(view.rivals or sides)}
            out.append({"type": "amend", "target": view.result_seq, "entry": fixed})
        opponents = [p for p in players if view.contractor is None or view.side_of[p] != view.contractor_side]
        out.append({"type": "claim", "player": walk.pick(opponents or players), "upheld": walk.chance(0.5)})
    # slips of every kind, whatever the moment
    out.append({"type": "result", "tricks": {walk.pick(sides): walk.rng.randint(-1, 11)}})
    out.append({"type": "irregularity", "kind": walk.pick(FH_IRREGULARITIES), "player": walk.pick(players)})
    out.append({"type": "claim", "player": walk.pick([*players, "Nobody"]), "upheld": walk.chance(0.5)})
    out.append({"type": "contract", "player": walk.pick([*players, "Nobody"]), "call": walk.pick(FH_CALLS)})
    out.append({"type": "deal", "dealer": walk.pick([*players, "Nobody"])})
    if walk.chance(0.3):
        out.append({"type": "irregularity", "kind": "redeal", "player": view.next_dealer})
    return out


def five_hundred_probes(walk: Walk, sheet: Sheet) -> list[str]:
    view = sheet.view
    assert isinstance(view, FiveHundredView)
    players = list(walk.players)
    call = walk.pick(all_calls(walk.replayer.settings) + ["pass"])
    partner = walk.pick(players)
    counts = [walk.rng.randint(-1, 11) for _ in sheet.sides]
    lines = [
        f"call {call}: {show(view.call_problem(call))} bid {show(view.bid_problem(call))}",
        f"partner {partner}: {show(view.partner_problem(view.contractor, partner, walk.pick([None, call])))}",
        f"tricks {counts}: {show(view.tricks_problem(counts))} {show(view.tricks_problem(counts, False))}"
        f" left {view.tricks_left(counts)}",
        f"first {show(view.first_caller(walk.pick(players)))} left of {show(view.left_of(partner))}",
        f"to close {show(view.passes_to_close(partner))}",
        f"in turn {show(view.sides_in_turn(walk.pick([None, *players]), walk.pick([None, partner])))}",
        f"irregularity {show([view.irregularity_deal(kind) for kind in FH_IRREGULARITIES])}",
        f"won-lost {show(won_lost_net(sheet))}",
    ]
    for row in sheet.rows[-1:]:
        lines.append(f"cells {show(DealCells.of(row, tuple(sheet.sides)))}")
        lines.append(f"figures {show(DealFigures.of(row))}")
    return lines


# ============================================================================ Jass

JASS_PENALTIES = ("uncut_deck", "misdeal", "out_of_turn", "wrong_play", "false_weis", "custom")
SUITS = ("hearts", "diamonds", "clubs", "spades")


def meld(walk: Walk) -> Data:
    if walk.chance(0.25):
        return {"kind": "four", "rank": walk.pick(RANKS)}
    return {
        "kind": "sequence",
        "length": walk.pick([3, 3, 4, 5, 6, 7, 8, 9, 10, 2]),
        "top": walk.pick(RANKS),
        "suit": walk.pick(SUITS),
    }


def jass(walk: Walk, sheet: Sheet) -> list[Data]:
    view = sheet.view
    assert isinstance(view, JassView)
    teams = list(sheet.sides)
    players = list(walk.players)
    out: list[Data] = []
    if view.phase == "deal" or view.hand == 0:
        out.append({"type": "deal", "dealer": view.next_dealer})
    if not view.trump_named:
        caller = walk.pick(view.trump_callers or players)
        pushed = caller != view.forehand
        out.append(
            {"type": "trump", "player": caller, "contract": walk.pick(JASS_CONTRACTS), "pushed": pushed}
        )
    else:
        x = walk.rng.randint(0, 157)
        team = walk.pick(teams)
        other = teams[1 - teams.index(team)]
        points = walk.pick([{team: x}, {team: x, other: 157 - x}, {team: 157}, {team: x, other: 157 - x + 1}])
        match = team if walk.chance(0.15) else None
        if match:
            points = {team: 157, other: 0} if walk.chance(0.5) else {team: 157}
        out.append({"type": "tricks", "points": points, **({"match": match} if match else {})})
        out.append(
            {
                "type": "weis",
                "player": walk.pick(players),
                "melds": [meld(walk) for _ in range(walk.pick([1, 1, 2]))],
            }
        )
        out.append(
            {"type": "stoeck", "player": walk.pick(players), **({"late": True} if walk.chance(0.1) else {})}
        )
        out.append(
            {"type": "claim", "team": walk.pick([*teams, "Nobody"]), "counted": walk.rng.randint(-5, 170)}
        )
    penalty: Data = {
        "type": "penalty",
        "kind": walk.pick(JASS_PENALTIES),
        "against": walk.pick([*teams, *players]),
    }
    if penalty["kind"] == "custom":
        penalty["points"] = walk.rng.randint(0, 300)
    out.append(penalty)
    out.append({"type": "deal", "dealer": walk.pick(players)})
    out.append({"type": "trump", "player": walk.pick(players), "contract": walk.pick(JASS_CONTRACTS)})
    out.append(
        {"type": "weis", "player": walk.pick(players), "melds": [meld(walk)], "late": walk.chance(0.2)}
    )
    out.append({"type": "tricks", "points": {walk.pick([*teams, "Nobody"]): walk.rng.randint(-1, 260)}})
    return out


def jass_probes(walk: Walk, sheet: Sheet) -> list[str]:
    view = sheet.view
    assert isinstance(view, JassView)
    lines = [f"to go {show({team: view.card_points_to_go(team) for team in sheet.sides})}"]
    lines.append(
        f"call {show(view.call(walk.pick(JASS_CONTRACTS), walk.chance(0.5), walk.pick([None, *walk.players])))}"
    )
    for row in sheet.rows[-1:]:
        lines.append(f"cells {show(HandCells.of(row, tuple(sheet.sides)))}")
        lines.append(
            f"figures {show(HandFigures.of(row, tuple(sheet.sides)))} outline {show(HandOutline.of(row))}"
        )
    return lines


# ============================================================================ Auction Bridge

AB_CALLS = ("pass", "double", "redouble", "1S", "1NT", "2H", "3D", "3NT", "4S", "5C", "6H", "7NT", "1R", "2R")


def auction_bridge(walk: Walk, sheet: Sheet) -> list[Data]:
    view = sheet.view
    assert isinstance(view, BridgeView)
    sides = list(sheet.sides)
    players = list(walk.players)
    out: list[Data] = []
    if view.phase == "deal":
        out.append({"type": "deal", "dealer": view.dealer})
    if view.contract is None:
        turn = view.turn or view.dealer
        legal = list(view.legal_calls) or list(AB_CALLS)
        out.append({"type": "bid", "player": turn, "call": walk.pick(legal)})
        contract = walk.pick(AB_CALLS[3:])
        double = walk.pick(["none", "none", "doubled", "redoubled"])
        out.append({"type": "contract", "player": turn, "call": contract, "double": double})
        if walk.chance(0.2):
            out.append({"type": "contract", "player": view.dealer, "call": "1S", "dealers_one_spade": True})
    else:
        needed = view.contract.tricks_needed
        tricks = max(0, min(13, needed + walk.pick([-7, -3, -1, 0, 0, 1, 2, 6, 13])))
        result: Data = {"type": "result", "tricks": tricks}
        anyone = [*sides, "Nobody"] if walk.chance(0.2) else sides  # now and then a side the game has not
        if walk.chance(0.4):
            holdings = HONOUR_HOLDINGS + NT_HONOUR_HOLDINGS
            holding = walk.pick(
                view.honour_holdings if view.honour_holdings and walk.chance(0.8) else holdings
            )
            result["honours"] = {"side": walk.pick(anyone), "holding": holding}
        if walk.chance(0.12):
            result["revoke"] = {
                "side": walk.pick(anyone),
                **({"choice": walk.pick(["points", "tricks"])} if walk.chance(0.6) else {}),
            }
            if walk.chance(0.3):
                result["more_revokes"] = [walk.pick(anyone)]
        if walk.chance(0.1):
            result["chicane"] = {"side": walk.pick(anyone), "double": walk.chance(0.3)}
        out.append(result)
        out.append({"type": "result", "tricks": walk.rng.randint(-1, 14)})
    out.append({"type": "agree"})
    out.append({"type": "stop", "reason": walk.pick(["", "late"])})
    out.append({"type": "bid", "player": walk.pick(players), "call": walk.pick(AB_CALLS)})
    out.append({"type": "deal", "dealer": walk.pick(players)})
    out.append(
        {"type": "contract", "player": walk.pick([*players, "Nobody"]), "call": walk.pick(AB_CALLS[3:])}
    )
    return out


def auction_bridge_probes(walk: Walk, sheet: Sheet) -> list[str]:
    view = sheet.view
    assert isinstance(view, BridgeView)
    call = walk.pick(AB_CALLS[3:])
    declarer = walk.pick(walk.players)
    lines = [
        f"contract for {call} {declarer}: {show(view.contract_for(call, declarer, walk.pick(['none', 'doubled'])))}",
        f"rubber {show(rubber_score(sheet))}",
    ]
    for row in sheet.rows[-1:]:
        lines.append(f"cells {show(bridge_cells(row, tuple(sheet.sides)))}")
    return lines
