"""Why a Jass entry cannot come now (never changes the state): the sentences a player reads."""

from __future__ import annotations

from scorepad.locale import _, pgettext
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
    if state.status == "finished":
        return pgettext("Jass", "the game is over: {result}").format(result=state.result)
    return None


def game_goes_on(state: JassState) -> str | None:
    """Nothing but the claim while the table is asked who reached the target first; nothing once it is over."""
    if state.pending_tie:
        return _("first the table must say which team reached {target} first: log that team's claim").format(
            target=state.settings.target
        )
    return game_over(state)


def unknown_player(state: JassState, player: str) -> str | None:
    if player not in state.players:
        return pgettext("Jass", "{player} is not a player of this game").format(player=repr(player))
    return None


def unknown_side(state: JassState, side: str) -> str | None:
    if side not in state.sides:
        first, second = state.sides
        return _("{side} is not a team: the teams are {first} and {second}").format(
            side=repr(side), first=first, second=second
        )
    return None


def hand_in_play(state: JassState, what: str) -> str | None:
    """Why `what` (Weis, Stöck, card points, a claim: in words) cannot come before a hand is in play."""
    if state.phase in ("start", "scored"):
        # Translators: "Weis: no hand is in play; deal hand 4 and name its trump first"
        return _("{what}: no hand is in play; deal hand {hand} and name its trump first").format(
            what=what, hand=state.hand + 1
        )
    if state.phase == "dealt":
        return _("{what}: nobody has named the trump of hand {hand} yet").format(what=what, hand=state.hand)
    return None


def check_deal(state: JassState, entry: Deal) -> str | None:
    if reason := unknown_player(state, entry.dealer):
        return reason
    if state.phase == "trump" and state.caller is not None:
        return _("hand {hand} is in play ({player} named {contract}): log its card points first").format(
            hand=state.hand, player=state.name(state.caller), contract=state.contract_text()
        )
    return None  # (a deal over a dealt hand without trump is a redeal of it)


def check_trump(state: JassState, entry: JassTrump) -> str | None:
    if reason := unknown_player(state, entry.player):
        return reason
    if state.phase in ("start", "scored"):
        return _("deal first: who deals hand {hand}?").format(hand=state.hand + 1)
    if state.phase == "trump" and state.caller is not None:
        return _("{player} already named {contract} for hand {hand}; correct that trump to change it").format(
            player=state.name(state.caller), contract=state.contract_text(), hand=state.hand
        )
    assert state.dealer is not None  # "dealt": a deal named the dealer
    forehand = state.after(state.dealer)
    partner = state.partner(forehand)
    if entry.pushed and entry.player != partner:
        if entry.player == forehand:
            return _("{player} pushed, so the partner {partner} names the trump").format(
                player=state.name(forehand), partner=state.name(partner)
            )
        return _("a pushed trump is named by {partner}, partner of {player}").format(
            partner=state.name(partner), player=state.name(forehand)
        )
    if not entry.pushed and entry.player != forehand:
        return _("{player} (after the dealer {dealer}) names the trump, or pushes it to {partner}").format(
            player=state.name(forehand), dealer=state.name(state.dealer), partner=state.name(partner)
        )
    return None


def check_weis(state: JassState, entry: JassWeis) -> str | None:
    player = entry.player
    if reason := unknown_player(state, player) or hand_in_play(state, pgettext("Jass", "Weis")):
        return reason
    if entry.late:  # void, but still a Weis a hand can hold
        problem = melds_problem(entry.melds, state.settings, state.settings.suit_names)
        return _cannot_declare(state, player, problem) if problem else None
    if player in state.weis:
        return _("{player} has declared a Weis this hand already; correct it to change the melds").format(
            player=state.name(player)
        )
    melds, settings = entry.melds, state.settings
    if problem := melds_problem(melds, settings, settings.suit_names):
        return _cannot_declare(state, player, problem)
    own = meld_cards(melds[0]) if len(melds) == 1 else frozenset().union(*(meld_cards(m) for m in melds))
    if state.stoeck and state.stoeck[0] == player:
        own |= state.stoeck_cards()
        if len(own) > 9:
            return _cannot_declare(
                state,
                player,
                _("with the Stöck it needs {count} cards; a hand has 9").format(count=len(own)),
            )
    return card_clash(state, player, own)


def _cannot_declare(state: JassState, player: str, problem: str) -> str:
    # Translators: "Ann cannot declare that: four Sixes are not a Weis under this ruleset"
    return _("{player} cannot declare that: {problem}").format(player=state.name(player), problem=problem)


def card_clash(state: JassState, player: str, cards: frozenset[Card]) -> str | None:
    """Why `player` cannot hold these cards: one of them was shown this hand by another player (the lowest first)."""
    # nearly always none of these cards was shown by another player: found before anything is put in words
    shown = [
        meld_cards(meld) for other, (melds, _seq) in state.weis.items() if other != player for meld in melds
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
            words = dict(card=card_label(card, names), holder=state.name(holder), player=state.name(player))
            if meld:
                # Translators: "the K♣ is in Bob's four to the A♣: it cannot be in Cid's hand too"
                clash = _("the {card} is in {holder}'s {meld}: it cannot be in {player}'s hand too")
                return clash.format(meld=describe_meld(meld, names), **words)
            return _("the {card} is in {holder}'s Stöck: it cannot be in {player}'s hand too").format(**words)
    return None


def check_stoeck(state: JassState, entry: JassStoeck) -> str | None:
    if reason := unknown_player(state, entry.player) or hand_in_play(state, pgettext("Jass", "Stöck")):
        return reason
    if problem := no_stoeck_problem(state.contract):
        return problem
    if entry.late and not state.stoeck:
        return None  # void: nothing else of the hand depends on it
    if state.stoeck:
        holder, _seq = state.stoeck
        return _(
            "{player} already has the Stöck this hand: there is one king and one queen of trumps"
        ).format(player=state.name(holder))
    own = state.stoeck_cards()
    if entry.player in state.weis:
        own |= frozenset().union(*(meld_cards(m) for m in state.weis[entry.player][0]))
        if len(own) > 9:
            return _("{player}'s Weis and Stöck would need {count} cards; a hand has 9").format(
                player=state.name(entry.player), count=len(own)
            )
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
        return hand_in_play(state, pgettext("Jass", "card points"))
    given = entry.points
    for side in given:
        if reason := unknown_side(state, side):
            return reason
    if entry.match and (reason := unknown_side(state, entry.match)):
        return reason
    for side, points in given.items():
        if points < 0:
            return _("card points cannot be negative ({team}: {points})").format(team=side, points=points)
        if points > HAND_POINTS:
            return card_points_problem(points)
    if len(given) == 2 and sum(given.values()) != HAND_POINTS:
        shown = " + ".join(str(p) for p in given.values())
        return _("a hand has {hand} card points: {sum} is {total}").format(
            hand=HAND_POINTS, sum=shown, total=sum(given.values())
        )
    if entry.match:
        cards = card_points(state, entry)
        other = state.other_side(entry.match)
        if cards[entry.match] != HAND_POINTS or cards[other] != 0:
            return _(
                "a Match takes all nine tricks and all {hand} card points: {team} {points}, {other} {other_points} "
                "is not a Match"
            ).format(
                hand=HAND_POINTS,
                team=entry.match,
                points=cards[entry.match],
                other=other,
                other_points=cards[other],
            )
    return None


def check_penalty(state: JassState, entry: JassPenalty) -> str | None:
    if problem := unknown_side(state, entry.against):
        return problem
    if entry.kind == "custom":
        if entry.points == 0:
            return _("a custom penalty of 0 points changes nothing")
        return None
    if state.settings.penalties[entry.kind] == 0:
        return _("this table charges nothing for {penalty} (ruleset)").format(
            penalty=PENALTY_LABELS[entry.kind]
        )
    return None


def check_claim(state: JassState, entry: JassClaim) -> str | None:
    if problem := unknown_side(state, entry.team):
        return problem
    if entry.counted < 0:
        return _("card points counted cannot be negative ({counted})").format(counted=entry.counted)
    target = state.settings.target
    tie = state.pending_tie
    if tie:
        if entry.team not in tie.sides:
            return _("{team} did not reach {target} in hand {hand}").format(
                team=entry.team, target=target, hand=tie.hand
            )
        if entry.counted > HAND_POINTS:
            return _("a hand has {hand} card points; {counted} counted is more").format(
                hand=HAND_POINTS, counted=entry.counted
            )
        if entry.counted > tie.cards[entry.team]:
            return _("{team} took {points} card points in hand {hand}, not {counted}").format(
                team=entry.team, points=tie.cards[entry.team], hand=tie.hand, counted=entry.counted
            )
        standing = tie.before[entry.team] + entry.counted * tie.multiplier
        if standing < target:
            return _(
                "{counted} card points (×{multiplier}) take {team} to {total}, short of {target}: say how many "
                "they had counted when they reached it"
            ).format(
                counted=entry.counted,
                multiplier=tie.multiplier,
                team=entry.team,
                total=standing,
                target=target,
            )
        return None
    if problem := hand_in_play(state, _("a claim (bedanken)")):
        return problem
    shown = state.shown_by(entry.team)
    if entry.counted < shown:
        return _(
            "{team} counted {counted}, less than the {shown} of Weis and Stöck they have shown: the count "
            "includes them"
        ).format(team=entry.team, counted=entry.counted, shown=shown)
    if entry.counted - shown > HAND_POINTS:
        if shown:
            return _(
                "a hand has {hand} card points; {counted} counted less the {shown} of Weis and Stöck shown is more"
            ).format(hand=HAND_POINTS, counted=entry.counted, shown=shown)
        return _("a hand has {hand} card points; {counted} counted is more").format(
            hand=HAND_POINTS, counted=entry.counted
        )
    return None
