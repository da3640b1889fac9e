"""Why a Jass entry cannot come now (never changes the state): the sentences a player reads."""

from __future__ import annotations

from scorepad.log import Deal, JassClaim, JassPenalty, JassStoeck, JassTricks, JassTrump, JassWeis
from scorepad.rules.jass.cards import (
    HAND_POINTS,
    Card,
    card_label,
    card_points_problem,
    describe_meld,
    meld_cards,
    melds_problem,
    no_stoeck_problem,
)
from scorepad.rules.jass.settings import PENALTY_LABELS
from scorepad.rules.jass.state import JassState


def game_over(state: JassState) -> str | None:
    return f"the game is over: {state.result}" if state.status == "finished" else None


def game_goes_on(state: JassState) -> str | None:
    """Nothing but the claim while the table is asked who reached the target first; nothing once it is over."""
    if state.pending_tie:
        return f"first the table must say which team reached {state.settings.target} first: log that team's claim"
    return game_over(state)


def unknown_player(state: JassState, player: str) -> str | None:
    if player not in state.players:
        return f"{player!r} is not a player of this game"
    return None


def unknown_side(state: JassState, side: str) -> str | None:
    if side not in state.sides:
        return f"{side!r} is not a team: the teams are {' and '.join(state.sides)}"
    return None


def hand_in_play(state: JassState, what: str) -> str | None:
    if state.phase in ("start", "scored"):
        return f"{what}: no hand is in play; deal hand {state.hand + 1} and name its trump first"
    if state.phase == "dealt":
        return f"{what}: nobody has named the trump of hand {state.hand} yet"
    return None


def check_deal(state: JassState, entry: Deal) -> str | None:
    if reason := unknown_player(state, entry.dealer):
        return reason
    if state.phase == "trump" and state.caller is not None:
        return (
            f"hand {state.hand} is in play ({state.name(state.caller)} named "
            f"{state.contract_text()}): log its card points first"
        )
    return None  # (a deal over a dealt hand without trump is a redeal of it)


def check_trump(state: JassState, entry: JassTrump) -> str | None:
    if reason := unknown_player(state, entry.player):
        return reason
    if state.phase in ("start", "scored"):
        return f"deal first: who deals hand {state.hand + 1}?"
    if state.phase == "trump" and state.caller is not None:
        return (
            f"{state.name(state.caller)} already named {state.contract_text()} for hand {state.hand}; "
            "correct that trump to change it"
        )
    assert state.dealer is not None  # "dealt": a deal named the dealer
    forehand = state.after(state.dealer)
    partner = state.partner(forehand)
    if entry.pushed and entry.player != partner:
        if entry.player == forehand:
            return f"{state.name(forehand)} pushed, so the partner {state.name(partner)} names the trump"
        return f"a pushed trump is named by {state.name(partner)}, partner of {state.name(forehand)}"
    if not entry.pushed and entry.player != forehand:
        return (
            f"{state.name(forehand)} (after the dealer {state.name(state.dealer)}) names the trump, "
            f"or pushes it to {state.name(partner)}"
        )
    return None


def check_weis(state: JassState, entry: JassWeis) -> str | None:
    player = entry.player
    if reason := unknown_player(state, player) or hand_in_play(state, "Weis"):
        return reason
    if entry.late:  # void, but still a Weis a hand can hold
        problem = melds_problem(entry.melds, state.settings, state.settings.suit_names)
        return f"{state.name(player)} cannot declare that: {problem}" if problem else None
    if player in state.weis:
        return f"{state.name(player)} has declared a Weis this hand already; correct it to change the melds"
    melds, settings = entry.melds, state.settings
    if problem := melds_problem(melds, settings, settings.suit_names):
        return f"{state.name(player)} cannot declare that: {problem}"
    own = meld_cards(melds[0]) if len(melds) == 1 else frozenset().union(*(meld_cards(m) for m in melds))
    if state.stoeck and state.stoeck[0] == player:
        own |= state.stoeck_cards()
        if len(own) > 9:
            return f"{state.name(player)} cannot declare that: with the Stöck it needs {len(own)} cards; a hand has 9"
    return card_clash(state, player, own)


def card_clash(state: JassState, player: str, cards: frozenset[Card]) -> str | None:
    """Why `player` cannot hold these cards: one of them was shown this hand by another player (the lowest first)."""
    # nearly always none of these cards was shown by another player: found before anything is put in words
    shown = [
        meld_cards(meld) for other, (melds, _) in state.weis.items() if other != player for meld in melds
    ]
    if state.stoeck and state.stoeck[0] != player:
        shown.append(state.stoeck_cards())
    if all(cards.isdisjoint(other) for other in shown):
        return None
    known = state.known_cards(exclude=player)
    for card in sorted(cards, key=lambda c: (c[1], c[0])):
        if card in known:
            holder, meld = known[card]
            names = state.settings.suit_names
            what = describe_meld(meld, names) if meld else "Stöck"
            return (
                f"the {card_label(card, names)} is in {state.name(holder)}'s {what}: it cannot be in "
                f"{state.name(player)}'s hand too"
            )
    return None


def check_stoeck(state: JassState, entry: JassStoeck) -> str | None:
    if reason := unknown_player(state, entry.player) or hand_in_play(state, "Stöck"):
        return reason
    if problem := no_stoeck_problem(state.contract):
        return problem
    if entry.late and not state.stoeck:
        return None  # void: nothing else of the hand depends on it
    if state.stoeck:
        holder, _ = state.stoeck
        return (
            f"{state.name(holder)} already has the Stöck this hand: there is one king and one queen of trumps"
        )
    own = state.stoeck_cards()
    if entry.player in state.weis:
        own |= frozenset().union(*(meld_cards(m) for m in state.weis[entry.player][0]))
        if len(own) > 9:
            return f"{state.name(entry.player)}'s Weis and Stöck would need {len(own)} cards; a hand has 9"
    return card_clash(state, entry.player, state.stoeck_cards())


def card_points(state: JassState, entry: JassTricks) -> dict[str, int]:
    """Both teams' card points from a tricks entry (one team is enough: the other has 157 − x)."""
    points = dict(entry.points)
    for side in state.sides:
        if side not in points:
            points[side] = HAND_POINTS - sum(points.values())
    return points


def check_tricks(state: JassState, entry: JassTricks) -> str | None:
    if state.phase != "trump":  # (the trump named: a hand in play)
        return hand_in_play(state, "card points")
    given = entry.points
    for side in given:
        if reason := unknown_side(state, side):
            return reason
    if entry.match and (reason := unknown_side(state, entry.match)):
        return reason
    for side, points in given.items():
        if points < 0:
            return f"card points cannot be negative ({side}: {points})"
        if points > HAND_POINTS:
            return card_points_problem(points)
    if len(given) == 2 and sum(given.values()) != HAND_POINTS:
        shown = " + ".join(str(p) for p in given.values())
        return f"a hand has {HAND_POINTS} card points: {shown} is {sum(given.values())}"
    if entry.match:
        cards = card_points(state, entry)
        other = state.other_side(entry.match)
        if cards[entry.match] != HAND_POINTS or cards[other] != 0:
            return (
                f"a Match takes all nine tricks and all {HAND_POINTS} card points: "
                f"{entry.match} {cards[entry.match]}, {other} {cards[other]} is not a Match"
            )
    return None


def check_penalty(state: JassState, entry: JassPenalty) -> str | None:
    if problem := unknown_side(state, entry.against):
        return problem
    if entry.kind == "custom":
        if entry.points == 0:
            return "a custom penalty of 0 points changes nothing"
        return None
    if state.settings.penalties[entry.kind] == 0:
        return f"this table charges nothing for {PENALTY_LABELS[entry.kind]} (ruleset)"
    return None


def check_claim(state: JassState, entry: JassClaim) -> str | None:
    if problem := unknown_side(state, entry.team):
        return problem
    if entry.counted < 0:
        return f"card points counted cannot be negative ({entry.counted})"
    target = state.settings.target
    tie = state.pending_tie
    if tie:
        if entry.team not in tie.sides:
            return f"{entry.team} did not reach {target} in hand {tie.hand}"
        if entry.counted > HAND_POINTS:
            return f"a hand has {HAND_POINTS} card points; {entry.counted} counted is more"
        if entry.counted > tie.cards[entry.team]:
            return f"{entry.team} took {tie.cards[entry.team]} card points in hand {tie.hand}, not {entry.counted}"
        standing = tie.before[entry.team] + entry.counted * tie.multiplier
        if standing < target:
            return (
                f"{entry.counted} card points (×{tie.multiplier}) take {entry.team} to {standing}, "
                f"short of {target}: say how many they had counted when they reached it"
            )
        return None
    if problem := hand_in_play(state, "a claim (bedanken)"):
        return problem
    shown = state.shown_by(entry.team)
    if entry.counted < shown:
        return (
            f"{entry.team} counted {entry.counted}, less than the {shown} of Weis and Stöck they have shown: "
            "the count includes them"
        )
    if entry.counted - shown > HAND_POINTS:
        less = f" less the {shown} of Weis and Stöck shown" if shown else ""
        return f"a hand has {HAND_POINTS} card points; {entry.counted} counted{less} is more"
    return None
