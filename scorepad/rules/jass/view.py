"""What a Jass screen asks of the rules: the seats, the moment of the game, a hand's row, typed and frozen.

The form never works out who deals, who names trump or whether a choice was pushed: `JassView.call` says
which entries a typed trump stands for, and `shown_twice` says when two players' Weis claim one card.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, cast

from scorepad.locale import _
from scorepad.log import Deal, FourMeld, JassContract, JassTrump, SequenceMeld
from scorepad.rules.base import Fixed, Naming, Phase, Row, SideNeed, View
from scorepad.rules.jass.cards import Card, Tafel, WeisVerdict, card_label, meld_cards, stoeck_cards

Meld = SequenceMeld | FourMeld


@dataclass(frozen=True, slots=True)
class Seating(Fixed):
    """The four seats in playing order and the two teams: who sits after whom, who is whose partner."""

    players: tuple[str, ...]
    sides: Mapping[str, tuple[str, ...]]
    side_of: Mapping[str, str] = field(init=False, compare=False)
    partners: Mapping[str, str] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        side_of = {p: s for s, members in self.sides.items() for p in members}
        object.__setattr__(self, "side_of", side_of)
        # a partner is the other player of the team (the header check makes every Jass team two)
        partners = {}
        for player in self.players:
            partners[player] = next(p for p in self.sides[side_of[player]] if p != player)
        object.__setattr__(self, "partners", partners)

    def after(self, player: str, seats: int = 1) -> str:
        """The player `seats` places after `player` in playing order ("after the dealer" is the forehand)."""
        return self.players[(self.players.index(player) + seats) % len(self.players)]

    def partner(self, player: str) -> str:
        return self.partners[player]

    def other_side(self, side: str) -> str:
        return next(s for s in self.sides if s != side)

    def seats_from(self, first: str | None) -> dict[str, int]:
        """Each seat's distance from `first` in playing order (from the first seat when there is none)."""
        at = self.players.index(first) if first else 0
        return {p: (i - at) % len(self.players) for i, p in enumerate(self.players)}


@dataclass(frozen=True, slots=True)
class TrumpCall:
    """What a trump typed at the table logs: the deal when it is not logged yet, and the trump."""

    deal: Deal | None
    trump: JassTrump
    hand: int  # the hand it belongs to
    dealer: str


@dataclass(frozen=True, kw_only=True)
class JassView(View):
    """The hand in progress (or the one to come) as the rules see it."""

    seating: Seating
    hand: int  # the latest hand dealt (0 before the first)
    dealer: str | None  # who dealt the latest hand
    forehand: str | None  # the player after that dealer: he names trump or pushes
    next_dealer: str  # who deals the coming hand (by seat before the first)
    trump_callers: tuple[str, ...]  # the forehand and his partner (after a push)
    contract: str | None  # the trump in play
    contract_label: str  # the trump in words with its multiplier ("♠ spades ×2"), "" before it is named
    multiplier: int | None
    caller: str | None  # who named the trump in play
    pushed: bool
    weis: Mapping[str, tuple[str, ...]]  # player -> his Weis this hand, in words
    weis_verdict: str  # which team writes its Weis, and why
    stoeck: str | None  # who showed the Stöck this hand
    target: int
    tafel: Mapping[str, Tafel]  # side -> its chalk marks
    to_go: Mapping[str, int]  # side -> the points it still needs to reach the target (0 once there)
    bergpreis: str | None  # the team that reached half the target first
    bergpreis_note: str
    count_order: str  # the count order in words ("Stöck – Wys – Stich")

    @property
    def prompt_stands_alone(self) -> bool:
        return True  # every prompt opens with the hand it is about ("Hand 3: Bob deals; …")

    @property
    def trump_named(self) -> bool:
        """The trump of this hand is logged: the card points (or a claim) come next."""
        return self.phase == "play"

    def card_points_to_go(self, side: str) -> int | None:
        """The card points `side` still needs at the contract's multiplier (None before trump is named)."""
        return card_points_to_go(self.to_go[side], self.multiplier) if self.multiplier else None

    @property
    def caller_side(self) -> str | None:
        return self.seating.side_of.get(self.caller) if self.caller else None

    @property
    def forehand_to_call(self) -> str:
        """Who names trump for the hand the table enters now (unless the form names another)."""
        if self.phase == "deal":
            return self.seating.after(self.next_dealer)
        return self.forehand or self.seating.after(self.next_dealer)

    def call(self, contract: str, pushed: bool = False, named_by: str | None = None) -> TrumpCall:
        """The entries a trump typed now stands for. `named_by` blank: the forehand (his partner when pushed);
        the partner named means pushed. Before the first hand the dealer sits before the forehand."""
        seating = self.seating
        if self.phase == "auction" and self.forehand and self.dealer:
            deal, dealer, forehand = None, self.dealer, self.forehand
        elif self.hand == 0 and named_by is not None:
            forehand = seating.partner(named_by) if pushed else named_by
            dealer = seating.after(forehand, -1)
            deal = Deal(dealer=dealer)
        else:
            dealer = self.next_dealer
            deal, forehand = Deal(dealer=dealer), seating.after(dealer)
        partner = seating.partner(forehand)
        if named_by is None:
            named_by = partner if pushed else forehand
        elif named_by == partner:
            pushed = True
        hand = self.hand if deal is None else self.hand + 1
        return TrumpCall(
            deal,
            JassTrump(player=named_by, contract=cast(JassContract, contract), pushed=pushed),
            hand,
            dealer,
        )


def shown_twice(
    shown: Sequence[tuple[str, Sequence[Meld], bool]],
    contract: str | None,
    suit_names: str | None,
    name: Callable[[str], str],
    late: Collection[str] = (),
) -> str | None:
    """Why these players' Weis and Stöck (player, melds, Stöck?) cannot all be true: one card in two hands. A
    declaration made too late (the players in `late`) is void: its cards are not counted."""
    held: dict[Card, str] = {}
    for player, melds, stoeck in shown:
        if player in late:
            continue
        cards: set[Card] = set().union(*(meld_cards(m) for m in melds)) if melds else set()
        if stoeck:
            cards |= stoeck_cards(contract)
        for card in sorted(cards):
            if card in held and held[card] != player:
                return _("the {card} cannot be in both {first}'s and {second}'s hand").format(
                    card=card_label(card, suit_names), first=name(held[card]), second=name(player)
                )
            held[card] = player
    return None


def points_to_go(totals: Mapping[str, int], target: int) -> dict[str, int]:
    """Each team's points still to go to the target (0 once it is there)."""
    return {side: max(0, target - total) for side, total in totals.items()}


def card_points_to_go(points: int, multiplier: int) -> int:
    """The card points that make `points` at a contract of this multiplier (rounded up)."""
    return -(-points // multiplier)


def side_needs(
    to_go: Mapping[str, int], multiplier: int | None, names: Mapping[str, str]
) -> tuple[SideNeed, ...]:
    """The points each team still needs; once trump is named above ×1, also in card points of this hand."""
    needs = []
    for side, points in to_go.items():
        if multiplier and multiplier > 1:
            cards = card_points_to_go(points, multiplier)
            # Translators: what a team needs, in card points of this hand at its factor: "×3: 74 to go = 222 points"
            text = _("×{multiplier}: {cards} to go = {points} points").format(
                multiplier=multiplier, cards=cards, points=cards * multiplier
            )
        else:
            # Translators: the points a team still needs to reach the target: "220 to go"
            text = _("{points} to go").format(points=points)
        needs.append(SideNeed(side, names[side], points, False, text))
    return tuple(needs)


class HandCells(NamedTuple):
    """A Jass row's columns: a hand (its card points or a claim), or a penalty. Made as the row is scored; its
    words are read in the names of its moment."""

    hand: int | None  # None: a penalty
    contract: str  # the trump in words with its multiplier
    multiplier: int
    weis: Mapping[str, int]  # side -> Weis points written (after the multiplier)
    stoeck: Mapping[str, int]
    cards: Mapping[str, int]  # side -> card points taken
    match: str | None
    claim: str | None  # the team that thanked off (bedanken)
    counted: int
    bergpreis: str | None  # the team given the Bergpreis with this row
    penalty: str | None  # the penalty's kind (a penalty row)
    against: str | None
    note: str
    naming: Naming | None = None  # the names at that hand
    dealer_seat: str | None = None
    caller_seat: str | None = None  # who named the trump
    pushed: bool = False
    verdict: WeisVerdict | None = None  # which team writes Weis, and why
    void: tuple[str, ...] = ()  # the Weis and Stöck declared too late, in words (they score nothing)

    @property
    def dealer(self) -> str:
        return self.naming.name(self.dealer_seat) if self.naming and self.dealer_seat else ""

    @property
    def trump_by(self) -> str:
        """Who named the trump ("Bob (pushed)")."""
        caller = self.naming.name(self.caller_seat) if self.naming and self.caller_seat else ""
        return _("{player} (pushed)").format(player=caller) if self.pushed else caller

    @property
    def weis_verdict(self) -> str:
        """Which team writes Weis and why, then any Weis or Stöck declared too late (void)."""
        said = self.verdict.sentence if self.verdict else ""
        return "\n".join(filter(None, (said, *self.void))) if self.void else said

    @classmethod
    def of(cls, row: Row, sides: Sequence[str] = ()) -> HandCells:
        cells = row.cells
        if not isinstance(cells, HandCells):
            bug = f"row {row.seq} is not a Jass hand's or penalty's"  # not words: a program's error, never shown
            raise TypeError(bug)
        return cells


@dataclass(frozen=True, slots=True)
class HandFigures:
    """What the statistics count of a Jass row: each side's Weis written (after the multiplier) and the team that
    made a Match."""

    weis: Mapping[str, int]
    match: str | None

    @classmethod
    def of(cls, row: Row, sides: Sequence[str] = ()) -> HandFigures:
        cells = HandCells.of(row)
        return cls(cells.weis, cells.match)


@dataclass(frozen=True, slots=True)
class HandOutline:
    """What a screen needs to lay out a hand's row of card points: the contract and who named it in words,
    whether a team writes Weis (then the row says why), whether Stöck was written, and the Match. `of` gives None
    for any other row (a penalty, a thank-off, a row that gave the Bergpreis): read its `HandCells`."""

    contract: str
    trump_by: str
    weis_said: bool
    stoeck: bool
    match: str | None

    @classmethod
    def of(cls, row: Row) -> HandOutline | None:
        cells = row.cells
        if (
            not isinstance(cells, HandCells)
            or cells.hand is None
            or cells.claim
            or cells.bergpreis
            or cells.void
        ):
            return None
        return cls(
            cells.contract,
            cells.trump_by,
            cells.verdict is not None and cells.verdict.winner is not None,
            any(cells.stoeck.values()),
            cells.match,
        )


def jass_phase(internal: str, finished: bool) -> Phase:
    """The shared vocabulary for the state's own steps (start | dealt | trump | scored)."""
    if finished:
        return "over"
    return {"dealt": "auction", "trump": "play"}.get(internal, "deal")  # type: ignore[return-value]
