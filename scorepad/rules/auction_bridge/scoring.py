"""Scoring one deal (Laws 2–9, 47–48, the revoke penalty and chicane): a pure function of the contract and result.

Each side gets a trick score (below the line: only the declarer's side, only when the contract is made) and an
honour score (above the line: honours, chicane, slams, under-tricks, the doubled bonus, revoke points).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorepad.rules.auction_bridge.calls import Contract, honour_value
from scorepad.rules.auction_bridge.settings import Settings

TRICKS_IN_A_DEAL = 13
BOOK = 6  # tricks before the odd tricks count

#: the parts of the honour score, in the order a pad lists them
HONOUR_PARTS = ("honours", "chicane", "slam", "undertricks", "doubled_bonus", "revoke")


@dataclass(frozen=True)
class Outcome:
    """What the table reports after play (the `result` entry, with sides resolved)."""

    tricks: int  # won in play by the declarer's side
    honours: tuple[str, str] | None = None  # (side, holding)
    revoke: tuple[str, str | None] | None = None  # (side that revoked, declarer's choice)
    chicane: tuple[str, bool] | None = None  # (side with a hand void of trumps, both hands void)
    more_revokes: tuple[str, ...] = ()  # the sides of the revokes after the first, in the same deal

    def revokes(self, side: str) -> int:
        """How many times `side` revoked in the deal."""
        first = 1 if self.revoke is not None and self.revoke[0] == side else 0
        return first + self.more_revokes.count(side)


@dataclass(frozen=True)
class DealScore:
    trick: dict[str, int]
    honour: dict[str, int]
    made: bool
    over_under: int  # tricks over the contract (negative: under-tricks), counting transferred tricks
    transferred: int  # revoke tricks given to the declarer
    parts: dict[str, dict[str, int]] = field(default_factory=dict)  # honour part -> side -> points

    def total(self, side: str) -> int:
        return self.trick.get(side, 0) + self.honour.get(side, 0)


@dataclass(frozen=True)
class Terms:
    """What a contract is worth, before it is played: for the table to see while the result is typed."""

    per_trick: int  # each odd trick, below the line
    needed: int  # tricks the declarer's side must win
    if_just_made: int  # below the line when made exactly
    per_undertrick: int
    undertricks_cap: int | None  # the dealer's one spade left in (Law 48), unless redoubled


def contract_terms(contract: Contract, settings: Settings) -> Terms:
    per_trick = settings.trick_values[contract.strain] * settings.multiplier(contract.double)
    return Terms(
        per_trick,
        BOOK + contract.level,
        per_trick * contract.level,
        settings.undertrick_value(contract.double),
        _undertricks_cap(contract, settings),
    )


def score_deal(
    contract: Contract, declarers: str, adversaries: str, outcome: Outcome, settings: Settings
) -> DealScore:
    sides = (declarers, adversaries)
    parts: dict[str, dict[str, int]] = {part: dict.fromkeys(sides, 0) for part in HONOUR_PARTS}
    needed = BOOK + contract.level
    declarers_revoked = outcome.revokes(declarers) > 0
    adversaries_revoked = outcome.revokes(adversaries) > 0
    # the declarer's choice for the adversaries' first revoke (a revoke of his own side leaves him points only)
    choice = outcome.revoke[1] if outcome.revoke and not declarers_revoked else "points"

    # A revoke by the adversaries may cost them tricks; those count toward the contract and the trick score
    # but never toward the doubled bonus or a slam, which look at the tricks won in play.
    transferred = 0
    if adversaries_revoked and choice == "tricks":
        transferred = min(settings.revoke_tricks, TRICKS_IN_A_DEAL - outcome.tricks)
    counted = outcome.tricks + transferred
    made = counted >= needed

    trick = dict.fromkeys(sides, 0)
    if made and not declarers_revoked:
        trick[declarers] = (
            (counted - BOOK) * settings.trick_values[contract.strain] * settings.multiplier(contract.double)
        )
        if outcome.tricks >= needed:
            parts["doubled_bonus"][declarers] = settings.bonus_value(contract.double) * (
                1 + outcome.tricks - needed
            )
    if not made and not adversaries_revoked:
        parts["undertricks"][adversaries] = _undertricks(contract, needed - counted, settings)

    # each side's first revoke: the revoke penalty (the adversaries' in points, or in tricks above); each later
    # revoke of the same side in the deal: the later-revoke penalty
    if declarers_revoked:
        parts["revoke"][adversaries] = settings.revoke_penalty + _later(outcome, declarers, settings)
    if adversaries_revoked:
        first = settings.revoke_penalty if choice == "points" else 0
        parts["revoke"][declarers] = first + _later(outcome, adversaries, settings)

    _slams(parts["slam"], declarers, outcome.tricks, settings, revoked=declarers_revoked)
    _slams(
        parts["slam"], adversaries, TRICKS_IN_A_DEAL - outcome.tricks, settings, revoked=adversaries_revoked
    )
    _honours(parts, contract, outcome, sides, settings)

    honour = {side: sum(part[side] for part in parts.values()) for side in sides}
    return DealScore(trick, honour, made, counted - needed, transferred, parts)


def _later(outcome: Outcome, side: str, settings: Settings) -> int:
    """The penalty for `side`'s revokes after its first in the deal (Work's code: 100 points each)."""
    return max(outcome.revokes(side) - 1, 0) * settings.later_revoke_penalty


def _undertricks(contract: Contract, short: int, settings: Settings) -> int:
    points = short * settings.undertrick_value(contract.double)
    cap = _undertricks_cap(contract, settings)
    return points if cap is None else min(points, cap)


def _undertricks_cap(contract: Contract, settings: Settings) -> int | None:
    if contract.dealers_one_spade and contract.double != "redoubled":  # Law 48
        return settings.dealers_one_spade_cap
    return None


def _slams(slam: dict[str, int], side: str, tricks: int, settings: Settings, *, revoked: bool) -> None:
    """Laws 7–8: either side, bid or not; a side that revoked scores nothing but honours."""
    if revoked:
        return
    if tricks == TRICKS_IN_A_DEAL:
        slam[side] = settings.slam_bonus
    elif tricks == TRICKS_IN_A_DEAL - 1:
        slam[side] = settings.little_slam_bonus


def _honours(
    parts: dict[str, dict[str, int]],
    contract: Contract,
    outcome: Outcome,
    sides: tuple[str, str],
    settings: Settings,
) -> None:
    """Law 6 (credited to the holders, whatever happened) and chicane (added to or deducted from honours)."""
    holder = None
    if outcome.honours is not None:
        holder, holding = outcome.honours
        parts["honours"][holder] = honour_value(contract.strain, holding, settings)
    if outcome.chicane is None or not settings.chicane or contract.strain == "NT":
        return
    void_side, double = outcome.chicane
    worth = (settings.double_chicane_tricks if double else settings.chicane_tricks) * settings.trick_values[
        contract.strain
    ]
    other = sides[1] if void_side == sides[0] else sides[0]
    if holder == other:
        parts["chicane"][other] = -worth
    else:  # the void side holds the honours, or none were claimed: chicane counts as simple honours
        parts["chicane"][void_side] = worth
