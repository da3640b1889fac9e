"""Scoring a Jass hand, a claim (bedanken) and a penalty: the rows they write, who reached the target first within
the hand (the count order: Stöck – Wys – Stich), the Bergpreis."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from scorepad.locale import _
from scorepad.log import JassClaim, JassPenalty, JassTricks
from scorepad.rules.jass.cards import WeisVerdict
from scorepad.rules.jass.checks import card_points
from scorepad.rules.jass.settings import ORDER_LABELS, PENALTY_LABELS
from scorepad.rules.jass.state import NO_WEIS, JassState, PendingTie, Steps
from scorepad.rules.jass.view import HandCells

#: the result when both teams passed the target in one hand, by the step that took the winner there first
_COUNT_FIRST: Mapping[str, Callable[[], str]] = {
    "stoeck": lambda: _(
        "{winner} win: both teams passed {target} in hand {hand}, but Stöck count first ({order}), so {winner} got "
        "there first"
    ),
    "weis": lambda: _(
        "{winner} win: both teams passed {target} in hand {hand}, but Weis count first ({order}), so {winner} got "
        "there first"
    ),
    "tricks": lambda: _(
        "{winner} win: both teams passed {target} in hand {hand}, but tricks count first ({order}), so {winner} "
        "got there first"
    ),
}
#: the result when a team claimed (bedanken) but the other's step of the hand reached the target first
_BEFORE_THE_CLAIM: Mapping[str, Callable[[], str]] = {
    "stoeck": lambda: _("{winner} win: their Stöck reached {target} before {team}'s claim"),
    "weis": lambda: _("{winner} win: their Weis reached {target} before {team}'s claim"),
    "tricks": lambda: _("{winner} win: their tricks reached {target} before {team}'s claim"),
}


@dataclass(frozen=True, slots=True)
class Reach:
    """Who first reached a mark within a hand: a side, or sides tied on the same step."""

    side: str | None
    step: str = ""  # "" when nobody reached it
    tied: tuple[str, ...] = ()


def first_to_reach(start: Mapping[str, int], steps: Steps, mark: int) -> Reach:
    """Walk the hand's steps in count order; the first step that takes a side to `mark` decides."""
    gains = dict(start)
    for _step, points in steps:
        for side, value in points.items():
            if value > 0:
                gains[side] += value
    if all(total < mark for total in gains.values()):
        return Reach(None)  # the whole hand takes nobody there (most hands)
    running = dict(start)
    for name, points in steps:
        before = dict(running)
        for side, value in points.items():
            running[side] += value
        reached = tuple(s for s in running if before[s] < mark <= running[s])
        if len(reached) == 1:
            return Reach(reached[0], name)
        if reached:
            return Reach(None, name, reached)
    return Reach(None)


# ---------------------------------------------------------------------------------------------- the rows


def _hand_cells(
    state: JassState,
    contract: str,
    steps: Steps,
    verdict: WeisVerdict | None,
    cards: Mapping[str, int],
    match: str | None = None,
    claim: str | None = None,
    counted: int = 0,
) -> HandCells:
    """A hand's columns: the trump and who named it, the Weis and Stöck written, the card points taken (a tricks
    entry's, or a claim's), in the names of now."""
    by_name = dict(steps)
    return HandCells(
        hand=state.hand,
        contract=contract,
        multiplier=state.multiplier,
        weis=by_name["weis"],
        stoeck=by_name["stoeck"],
        # (a claim's names one team)
        cards=cards if len(cards) == len(state.sides) else {**dict.fromkeys(state.sides, 0), **cards},
        match=match,
        claim=claim,
        counted=counted,
        bergpreis=None,
        penalty=None,
        against=None,
        note="",
        naming=state.naming,
        dealer_seat=state.dealer,
        caller_seat=state.caller,
        pushed=state.pushed,
        verdict=verdict,
        void=state.void,
    )


def score_tricks(state: JassState, entry: JassTricks, seq: int) -> None:
    """The hand's card points are in: Stöck, Weis and tricks are written, and the hand ends."""
    cards = card_points(state, entry)
    match, settings = entry.match or None, state.settings
    verdict = state.weis_verdict()
    written = dict(cards)
    if match:
        written[match] = settings.match_points
    steps = state.steps(written, verdict.winner, verdict.points)
    contract = state.contract_text()
    cells = _hand_cells(state, contract, steps, verdict if verdict.winner else None, cards, match)
    if match:
        # Translators: a hand's row: "Hand 3: ♠ spades ×2 by Bob, Match for Ann & Cid"
        said = _("Hand {hand}: {contract} by {caller}, Match for {team}")
    else:
        # Translators: a hand's row: "Hand 3: ♠ spades ×2 by Bob (pushed)"
        said = _("Hand {hand}: {contract} by {caller}")
    text = said.format(hand=state.hand, contract=contract, caller=cells.trump_by, team=match)
    _score_hand(state, seq, text, cells, steps)
    if state.pending_tie:
        state.pending_tie.cards = cards


def score_claim(state: JassState, entry: JassClaim, seq: int) -> None:
    """Bedanken: a team claims the win during the hand with the card points it counted (or, asked who reached
    the target first in a hand, answers)."""
    target, team = state.settings.target, entry.team
    other = state.other_side(team)
    tie = state.pending_tie
    if tie:
        state.pending_tie = None
        state.questions = [q for q in state.questions if q != tie.question]
        said = _(
            "{team} win: they reached {target} first in hand {hand} (claimed with {counted} card points counted; "
            "{other} passed it later in the same hand)"
        )
        state.finish(
            team, said.format(team=team, target=target, hand=tie.hand, counted=entry.counted, other=other)
        )
        return
    verdict = state.weis_verdict() if state.contract else NO_WEIS
    cards = entry.counted - state.shown_by(team, verdict)  # the count includes the Weis and Stöck shown
    steps = state.steps({team: cards}, verdict.winner, verdict.points)
    # Translators: a claim's row: "Hand 5: Ann & Cid bedanken with 130 counted (♠ spades ×2)"
    text = _("Hand {hand}: {team} bedanken with {counted} counted ({contract})").format(
        hand=state.hand, team=team, counted=entry.counted, contract=state.contract_text()
    )
    cells = _hand_cells(
        state, state.contract_text(), steps, verdict, {team: cards}, claim=team, counted=entry.counted
    )
    start = dict(state.totals)
    _add_hand_row(state, seq, text, cells, steps)
    reach = first_to_reach(start, steps, target)
    if reach.side == team:
        said = _("{team} win: they thanked off (bedanken) with {total}, reaching {target}")
        state.finish(team, said.format(team=team, total=state.totals[team], target=target))
    elif reach.side == other:
        said = _BEFORE_THE_CLAIM[reach.step]()
        state.finish(other, said.format(winner=other, target=target, team=team))
    else:
        said = _("{winner} win: {team} thanked off (bedanken) at {total}, short of {target}")
        state.finish(other, said.format(winner=other, team=team, total=state.totals[team], target=target))
    state.end_hand()
    state.prompt = state.result


def score_penalty(state: JassState, entry: JassPenalty, seq: int) -> None:
    """A penalty counts the moment it is logged, a row of its own; it is not multiplied."""
    points = (entry.points or 0) if entry.kind == "custom" else state.settings.penalties[entry.kind]
    to = state.other_side(entry.against)
    label = PENALTY_LABELS[entry.kind]
    # Translators: a penalty's row: "Penalty (misdeal) against Ann & Cid: Bob & Dan +100"
    text = _("Penalty ({penalty}) against {team}: {other} {points}").format(
        penalty=label, team=entry.against, other=to, points=f"{points:+d}"
    )
    if entry.note:
        text += f" — {entry.note}"
    zeros = dict.fromkeys(state.sides, 0)
    cells = HandCells(
        hand=None,
        contract="",
        multiplier=1,
        weis=zeros,
        stoeck=zeros,
        cards=zeros,
        match=None,
        claim=None,
        counted=0,
        bergpreis=None,
        penalty=entry.kind,
        against=entry.against,
        note=entry.note or "",
    )
    start = dict(state.totals)
    state.add_row(seq, text, {**zeros, to: points}, cells)
    _check_bergpreis(state, start, [("penalty", {to: points})])
    if start[to] < state.settings.target <= state.totals[to]:
        said = _("{winner} win: the {penalty} penalty against {team} takes them to {total}")
        state.finish(to, said.format(winner=to, penalty=label, team=entry.against, total=state.totals[to]))
        state.prompt = state.result


# ---------------------------------------------------------------------------------------------- a hand's end


def _add_hand_row(state: JassState, seq: int, text: str, cells: HandCells, steps: Steps) -> dict[str, int]:
    """The hand's row: each team's points of every step; the Bergpreis with it if it brings a team to half the
    target first. Returns the points."""
    delta = dict.fromkeys(state.sides, 0)
    for _step, points in steps:
        for side in delta:
            delta[side] += points[side]
    if state.settings.bergpreis and _check_bergpreis(state, dict(state.totals), steps):
        cells = cells._replace(bergpreis=state.bergpreis)  # (given with this row)
    state.add_row(seq, text, delta, cells)
    return delta


def _score_hand(state: JassState, seq: int, text: str, cells: HandCells, steps: Steps) -> None:
    """Write the hand and end it: who reached the target first within it wins, or the table is asked when the
    teams got there on the same step."""
    target, multiplier = state.settings.target, state.multiplier
    delta = _add_hand_row(state, seq, text, cells, steps)
    hand = state.hand
    state.end_hand()
    if max(state.totals.values()) < target:
        return  # nobody there yet (most hands: no step to walk)
    start = {side: total - delta[side] for side, total in state.totals.items()}
    reach = first_to_reach(start, steps, target)
    if reach.side:
        state.finish(reach.side, _win_sentence(state, reach.side, reach.step, hand))
        state.prompt = state.result
    elif reach.tied:
        first, second = reach.tied
        question = _(
            "Both {first} and {second} passed {target} with the card points of hand {hand}: which team reached it "
            "first? Log its claim (bedanken) with the card points it had counted."
        ).format(first=first, second=second, target=target, hand=hand)
        before = dict(start)
        for _step, points in steps[: [n for n, _points in steps].index(reach.step)]:
            for side, value in points.items():
                before[side] += value
        state.pending_tie = PendingTie(hand, reach.tied, before, multiplier, question, {})
        state.questions.append(question)
        state.prompt = question


def _win_sentence(state: JassState, winner: str, step: str, hand: int) -> str:
    target = state.settings.target
    other = state.other_side(winner)
    if state.totals[other] >= target:
        order = ORDER_LABELS[state.settings.count_order]
        said = _COUNT_FIRST[step]()
        return said.format(winner=winner, target=target, hand=hand, order=order)
    # Translators: the result: "Ann & Cid win: 2510 reaches 2500 in hand 14"
    return _("{winner} win: {total} reaches {target} in hand {hand}").format(
        winner=winner, total=state.totals[winner], target=target, hand=hand
    )


def _check_bergpreis(state: JassState, start: Mapping[str, int], steps: Steps) -> bool:
    """Award the Bergpreis if this row brings a team to half the target first; True if decided now."""
    if not state.settings.bergpreis or state.bergpreis or state.bergpreis_note:
        return False
    mark = state.settings.bergpreis_mark
    if any(total >= mark for total in start.values()):
        return False
    reach = first_to_reach(start, steps, mark)
    if reach.side:
        state.bergpreis = reach.side
        return True
    if reach.tied:
        state.bergpreis_note = _(
            "both teams passed {mark} with the card points of the same hand: no Bergpreis"
        ).format(mark=mark)
        return True
    return False
