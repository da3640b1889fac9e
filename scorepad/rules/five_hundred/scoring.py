"""Scoring one deal and judging whether it ends the game. Pure: they read the replay state, never change it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from scorepad.locale import _, ngettext
from scorepad.rules.five_hundred.calls import NULLOS, tricks_bid
from scorepad.rules.five_hundred.deal import Deal
from scorepad.rules.five_hundred.settings import TRICKS_PER_DEAL
from scorepad.rules.five_hundred.view import DealCells, outcome_row
from scorepad.rules.wording import both, either

if TYPE_CHECKING:
    from scorepad.rules.five_hundred import FiveHundredState


class Scored(NamedTuple):
    """One deal scored: each side's points, and the row that shows it (in the names of the deal's moment)."""

    delta: dict[str, int]  # every side's points this deal
    text: str = ""
    cells: DealCells | None = None
    contracting: tuple[str, ...] = ()  # contracting sides, the contractor's first; () when all passed
    made: bool = False
    thrown_in: str = ""  # the irregularities call for a new deal instead of a score


@dataclass(frozen=True)
class Penalty:
    """How the irregularities of a deal override its play (source: "Нарушения правил")."""

    forced: str | None = None  # "made" or "set" regardless of the tricks
    defenders_nothing: bool = False  # an opponent revoked: the opponents score nothing this deal
    thrown_in: str = ""
    note: str = ""


NO_PENALTY = Penalty()


@dataclass(frozen=True)
class Verdict:
    finished: bool = False
    winner: str | None = None
    sentence: str = ""
    question: str | None = None
    newly_out: tuple[str, ...] = field(default_factory=tuple)


# ---------------------------------------------------------------------------------------------- one deal


def contracting_sides(state: FiveHundredState, deal: Deal) -> tuple[str, ...]:
    if deal.contractor is None:
        return ()
    sides = [state.side_of[deal.contractor]]
    partner = deal.result.partner if deal.result else None
    if partner and state.side_of[partner] not in sides:
        sides.append(state.side_of[partner])
    return tuple(sides)


def penalty(state: FiveHundredState, deal: Deal, contracting: tuple[str, ...]) -> Penalty:
    in_play = [i for i in deal.irregularities if not i.in_auction and i.kind in ("revoke", "wrong_cards")]
    if not in_play:
        return Penalty()
    ours = {i.kind for i in in_play if state.side_of[i.player] in contracting}
    theirs = {i.kind for i in in_play if state.side_of[i.player] not in contracting}
    note = ", ".join(
        (_("revoke by {player}") if i.kind == "revoke" else _("wrong cards by {player}")).format(
            player=state.name(i.player)
        )
        for i in in_play
    )
    if "wrong_cards" in ours and "wrong_cards" in theirs:
        return Penalty(
            thrown_in=_(
                "the contractor's and an opponent's hands were both wrong: the same dealer deals again"
            ),
            note=note,
        )
    forced = None
    if "wrong_cards" in theirs:
        forced = "made"  # the contractor's hand was right: the contract counts as made
    if "wrong_cards" in ours or "revoke" in ours:
        forced = "set"
    if "revoke" in theirs and forced is None:
        forced = "made"
    return Penalty(forced=forced, defenders_nothing="revoke" in theirs, note=note)


def score_deal(state: FiveHundredState, deal: Deal) -> Scored:
    result = deal.result
    assert result is not None
    call = deal.contract
    if call is None:
        return _score_no_trump(state, deal)
    settings = state.settings
    sides = state.sides
    contracting = contracting_sides(state, deal)
    opponents = [side for side in sides if side not in contracting]
    pen = penalty(state, deal, contracting) if deal.irregularities else NO_PENALTY
    if pen.thrown_in:
        return Scored({}, contracting=contracting, thrown_in=pen.thrown_in)
    tricks = {side: result.tricks.get(side, 0) for side in sides}  # (the check refuses any other side)
    taken = sum(tricks[side] for side in contracting)
    value = state.schedule.values[call]
    delta = dict.fromkeys(sides, 0)

    if call in NULLOS:
        made = taken == 0 if pen.forced is None else pen.forced == "made"
        short = "made" if made else "set"
        outcome = f"{call.replace('_', ' ')} {short}"  # a key, as the statistics read it: "open nullo made"
        contract_points = value if made else -value
        # a failed nullo pays the opponents for the contractor's tricks; their own tricks never score
        paid = (
            taken * settings.trick_value if not made and settings.failed_nullo_opponents == "per_trick" else 0
        )
        if not pen.defenders_nothing:
            for side in opponents:
                delta[side] = paid
    else:
        made = taken >= tricks_bid(call) if pen.forced is None else pen.forced == "made"
        slam = made and taken == TRICKS_PER_DEAL
        short = outcome = "slam" if slam else ("made" if made else "set")
        if not made:
            contract_points = -value
        elif slam and settings.slam_bonus:
            contract_points = max(value, settings.slam_value)
        else:
            contract_points = value
        defenders_score = settings.defenders_score == "always" or (
            settings.defenders_score == "when_set" and not made
        )
        per_trick = settings.trick_value if defenders_score else 0
        if not pen.defenders_nothing:
            for side in opponents:
                delta[side] = tricks[side] * per_trick

    for side in contracting:
        delta[side] = contract_points
    card_points = result.card_points  # (refused by the check unless the table counts them)
    if card_points is not None:
        _add_card_points(card_points, delta, skip=opponents if pen.defenders_nothing else ())
    if settings.defenders_cap:
        _cap(state, delta, opponents)

    name = state.name
    text = outcome_row(name(deal.contractor or ""), call, short)
    if result.partner:
        text = _("{row} (with {partner})").format(row=text, partner=name(result.partner))
    if pen.note:
        text = f"{text} ({pen.note})"
    cells = _cells(
        state,
        deal,
        tricks,
        delta,
        card_points,
        call=call,
        outcome=outcome,
        short=short,
        irregularity=pen.note,
        contractor_side=contracting[0],
        value=value,
        taken=taken,
        partner=result.partner,
    )
    return Scored(delta, text, cells, contracting, made)


def _score_no_trump(state: FiveHundredState, deal: Deal) -> Scored:
    """All passed and the table plays at no trump: every side scores its tricks."""
    assert deal.result is not None
    settings = state.settings
    tricks = {side: deal.result.tricks.get(side, 0) for side in state.sides}
    delta = {side: tricks[side] * settings.trick_value for side in state.sides}
    card_points = deal.result.card_points
    if card_points is not None:
        _add_card_points(card_points, delta, skip=())
    if settings.defenders_cap:
        _cap(
            state, delta, list(state.sides)
        )  # nobody won a bid, so nobody may go out on tricks under the cap
    cells = _cells(
        state,
        deal,
        tricks,
        delta,
        card_points,
        call=None,
        outcome="no trump",  # not words: a key (in words: `DealCells.outcome_words`)
        short="",
        irregularity="",
        contractor_side=None,
        value=0,
        taken=0,
        partner=None,  # (all passed: nobody names a partner)
    )
    return Scored(delta, _("all passed: played at no trump"), cells)


def _cells(
    state: FiveHundredState,
    deal: Deal,
    tricks: Mapping[str, int],
    delta: Mapping[str, int],
    card_points: Mapping[str, int] | None,
    *,
    call: str | None,
    outcome: str,
    short: str,
    irregularity: str,
    contractor_side: str | None,
    value: int,
    taken: int,
    partner: str | None,
) -> DealCells:
    """The deal's row's columns, in the names of now."""
    return DealCells(
        deal=deal.index,
        call=call,
        outcome=outcome,
        short=short,
        irregularity=irregularity,
        tricks=tricks,
        points=delta,
        taken=card_points,
        contractor_side=contractor_side,
        value=value,
        tricks_won=taken,
        naming=state.naming,
        dealer_seat=deal.dealer,
        contractor_seat=deal.contractor,  # (None when all passed)
        partner_seat=partner,
    )


def _add_card_points(card_points: Mapping[str, int], delta: dict[str, int], skip: Sequence[str]) -> None:
    for side, points in card_points.items():
        if side not in skip:
            delta[side] += points


def _cap(state: FiveHundredState, delta: dict[str, int], capped: Sequence[str]) -> None:
    """defenders_cap: those sides cannot pass target − one trick (490) on this deal's tricks."""
    ceiling = state.settings.defenders_cap_points
    for side in capped:  # (their points of a deal are never below 0)
        delta[side] = max(0, min(delta[side], ceiling - state.totals[side]))


# ---------------------------------------------------------------------------------------------- game end


def judge(state: FiveHundredState, deal: Deal, scored: Scored, before: dict[str, int]) -> Verdict:
    """Does the deal just scored end the game? `state.totals` already include it, and some side has reached
    the target or sunk to minus it (the usual deal, where none has, is not judged)."""
    settings = state.settings
    target = settings.target
    after = state.totals
    reached = [side for side in state.sides if after[side] >= target and side not in state.out]
    for rank, side in enumerate(scored.contracting):
        if side in reached and (scored.made or not settings.must_bid_to_win):
            others = both([state.side_name(s) for s in reached if s != side])
            return _win(
                state, side, _won_with_contract(_players(state, side), rank == 0, bool(others)), others
            )
    if not settings.must_bid_to_win:
        rivals = rivals_at_target(state, deal)
        if len(rivals) == 1:
            winner = rivals[0]
            sentence = ngettext(
                "{side} wins by reaching {target} in defence",
                "{side} win by reaching {target} in defence",
                _players(state, winner),
            )
            return _win(state, winner, sentence)
        if rivals:
            first = first_to_target(state, deal, rivals, before)
            if first:
                sentence = ngettext(
                    "{side} wins by reaching {target} first in the play ({rivals} reach it on the same deal)",
                    "{side} win by reaching {target} first in the play ({rivals} reach it on the same deal)",
                    _players(state, first),
                )
                return _win(state, first, sentence, both([state.side_name(s) for s in rivals]))
            question = _(
                "Who reached {target} first in the play of deal {deal}: {sides}? Correct deal {deal}'s result to "
                "say who (or who won each trick)."
            ).format(target=target, deal=deal.index, sides=either([state.side_name(s) for s in rivals]))
            return Verdict(question=question)
    return _judge_minus(state)


def _won_with_contract(players: int, contractor: bool, rivals: bool) -> str:
    """How a contracting side of that many players won: with the contract or as the called partner, and whether
    an opponent ({rivals}) reached the target on the same deal."""
    if contractor and rivals:
        return ngettext(
            "{side} wins by reaching {target} with the contract, on the same deal as {rivals}: the contractor wins",
            "{side} win by reaching {target} with the contract, on the same deal as {rivals}: the contractor wins",
            players,
        )
    if contractor:
        return ngettext(
            "{side} wins by reaching {target} with the contract",
            "{side} win by reaching {target} with the contract",
            players,
        )
    if rivals:
        return ngettext(
            "{side} wins by reaching {target} as the contractor's partner, on the same deal as {rivals}: the "
            "contracting side wins",
            "{side} win by reaching {target} as the contractor's partner, on the same deal as {rivals}: the "
            "contracting side wins",
            players,
        )
    return ngettext(
        "{side} wins by reaching {target} as the contractor's partner",
        "{side} win by reaching {target} as the contractor's partner",
        players,
    )


def rivals_at_target(state: FiveHundredState, deal: Deal) -> list[str]:
    """The opponents at or past the target after `deal` (still in contention): if several, the table is asked
    which of them got there first."""
    target, contracting = state.settings.target, contracting_sides(state, deal)
    return [
        side
        for side in state.sides
        if state.totals[side] >= target and side not in state.out and side not in contracting
    ]


def _judge_minus(state: FiveHundredState) -> Verdict:
    """A side at minus the target (500 in the hole) loses."""
    settings = state.settings
    limit = -settings.target
    sunk = [side for side in state.sides if state.totals[side] <= limit and side not in state.out]
    if not sunk:
        return Verdict()
    holes = both(
        [_("{side} at {points}").format(side=state.side_name(s), points=state.totals[s]) for s in sunk]
    )
    if len(state.sides) == 2 or settings.minus_target == "ends_game":
        best = max(state.totals[s] for s in state.sides)
        leaders = [s for s in state.sides if state.totals[s] == best]
        if len(leaders) > 1:
            return Verdict(
                finished=True,
                sentence=_("nobody wins: {sides} ends the game and {leaders} share the lead").format(
                    sides=holes, leaders=both([state.side_name(s) for s in leaders])
                ),
            )
        if len(state.sides) == 2:
            reason = ngettext(
                "{sides} is {target} or more in the hole",
                "{sides} are {target} or more in the hole",
                len(sunk),
            )
        else:
            reason = ngettext(
                "{sides} is {target} or more in the hole, which ends the game, and the leader wins",
                "{sides} are {target} or more in the hole, which ends the game, and the leader wins",
                len(sunk),
            )
        winner = leaders[0]
        sentence = ngettext("{side} wins: {reason}", "{side} win: {reason}", _players(state, winner))
        return _win(state, winner, sentence, reason=reason.format(sides=holes, target=settings.target))
    if len(state.out) + len(sunk) == len(state.sides):
        return Verdict(
            finished=True,
            newly_out=tuple(sunk),
            sentence=_("nobody wins: every side has been {target} in the hole").format(
                target=settings.target
            ),
        )
    return Verdict(newly_out=tuple(sunk))


def first_to_target(
    state: FiveHundredState, deal: Deal, rivals: list[str], before: dict[str, int]
) -> str | None:
    """Which of several opponents passed the target first: the table's answer, or the trick-by-trick record
    when each rival's score is exactly its tricks (no card points, no cap)."""
    result = deal.result
    if result is None:
        return None
    if result.first_to_target in rivals:
        return result.first_to_target
    if not result.trick_winners:
        return None
    value = state.settings.trick_value
    tricks = {side: result.tricks.get(side, 0) for side in state.sides}
    if any(state.totals[s] - before[s] != tricks[s] * value for s in rivals):
        return None
    running = {s: before[s] for s in rivals}
    for player in result.trick_winners:
        side = state.side_of[player]
        if side in running:
            running[side] += value
            if running[side] >= state.settings.target:
                return side
    return None


def _players(state: FiveHundredState, side: str) -> int:
    """How many players a side has: "Ann wins", "Ann & Cid win"."""
    return len(state.sides[side])


def _win(state: FiveHundredState, side: str, sentence: str, rivals: str = "", reason: str = "") -> Verdict:
    """The side wins, and why: `sentence` ("{side} wins by reaching {target} in defence") filled in."""
    words = sentence.format(
        side=state.side_name(side), target=state.settings.target, rivals=rivals, reason=reason
    )
    return Verdict(finished=True, winner=side, sentence=words)
