"""What a Jass screen asks of the rules: the seats, the moment of the game, a hand's row, typed and frozen.

The form never works out who deals, who names trump or whether a choice was pushed: `JassView.call` says
which entries a typed trump stands for, and `shown_twice` says when two players' Weis claim one card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from scorepad.log import Deal, FourMeld, JassContract, JassTrump, SequenceMeld
from scorepad.rules.base import Phase, Row, View
from scorepad.rules.jass.cards import Card, Tafel, card_label, meld_cards, stoeck_cards

Meld = SequenceMeld | FourMeld


@dataclass(frozen=True, slots=True)
class Seating:
    """The four seats in playing order and the two teams: who sits after whom, who is whose partner."""

    players: tuple[str, ...]
    sides: Mapping[str, tuple[str, ...]]
    side_of: Mapping[str, str] = field(init=False, compare=False)
    #: player -> the next in playing order, and player -> partner: the questions a hand asks, answered once
    _next: dict[str, str] = field(init=False, compare=False, repr=False)
    _partners: dict[str, str] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "side_of", {p: s for s, members in self.sides.items() for p in members})
        players = self.players
        object.__setattr__(self, "_next", {p: players[(i + 1) % len(players)] for i, p in enumerate(players)})
        object.__setattr__(self, "_partners", {})

    def __deepcopy__(self, memo: dict[int, Any]) -> Seating:
        return self  # never changes: a scratch copy of the state shares it

    def after(self, player: str, seats: int = 1) -> str:
        """The player `seats` places after `player` in playing order ("after the dealer" is the forehand)."""
        if seats == 1:
            following = self._next.get(player)
            if following is not None:
                return following
        return self.players[(self.players.index(player) + seats) % len(self.players)]

    def partner(self, player: str) -> str:
        found = self._partners.get(player)
        if found is None:
            mates = [p for p in self.sides[self.side_of[player]] if p != player]
            found = self._partners[player] = mates[0] if mates else self.after(player, 2)
        return found

    def other_side(self, side: str) -> str:
        return next(s for s in self.sides if s != side)


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
        return TrumpCall(deal, JassTrump(player=named_by, contract=cast(JassContract, contract), pushed=pushed), hand, dealer)



def shown_twice(
    shown: Sequence[tuple[str, Sequence[Meld], bool]], contract: str | None, suit_names: str,
    name: Callable[[str], str],
) -> str | None:
    """Why these players' Weis and Stöck (player, melds, Stöck?) cannot all be true: one card in two hands."""
    held: dict[Card, str] = {}
    for player, melds, stoeck in shown:
        cards: set[Card] = set().union(*(meld_cards(m) for m in melds)) if melds else set()
        if stoeck:
            cards |= stoeck_cards(contract)
        for card in sorted(cards):
            if card in held and held[card] != player:
                return (f"the {card_label(card, suit_names)} cannot be in both {name(held[card])}'s "
                        f"and {name(player)}'s hand")
            held[card] = player
    return None


@dataclass(frozen=True, slots=True)
class HandCells:
    """A Jass row's columns: a hand (or a claim), or a penalty."""

    hand: int | None
    dealer: str
    contract: str  # the trump in words with its multiplier
    trump_by: str  # who named it ("Bob (pushed)")
    multiplier: int
    weis_verdict: str
    weis: Mapping[str, int]  # side -> Weis points written (after the multiplier)
    stoeck: Mapping[str, int]
    cards: Mapping[str, int]  # side -> card points taken
    match: str | None
    claim: str | None  # the team that thanked off (bedanken)
    counted: int
    bergpreis: str | None
    penalty: str | None  # the penalty's kind (a penalty row)
    against: str | None
    note: str

    @classmethod
    def of(cls, row: Row, sides: Sequence[str]) -> HandCells:
        cells = row.cells

        def per_side(part: str) -> dict[str, int]:
            return {side: int(cells.get(f"{part}.{side}", 0) or 0) for side in sides}

        hand = cells.get("hand")
        return cls(
            hand=int(hand) if hand is not None else None,
            dealer=str(cells.get("dealer", "")),
            contract=str(cells.get("contract", "")),
            trump_by=str(cells.get("trump_by", "")),
            multiplier=int(cells.get("multiplier", 1)),
            weis_verdict=str(cells.get("weis_verdict", "")),
            weis=per_side("weis"),
            stoeck=per_side("stoeck"),
            cards=per_side("cards"),
            match=cells.get("match") or None,
            claim=cells.get("claim") or None,
            counted=int(cells.get("counted", 0) or 0),
            bergpreis=cells.get("bergpreis") or None,
            penalty=cells.get("penalty") or None,
            against=cells.get("against") or None,
            note=str(cells.get("note") or ""),
        )


@dataclass(frozen=True, slots=True)
class HandFigures:
    """What the statistics count of a Jass row: each side's Weis written (after the multiplier) and the team that
    made a Match; the same as its `HandCells`, read without putting the row in words when the game kept them."""

    weis: Mapping[str, int]
    match: str | None

    @classmethod
    def of(cls, row: Row, sides: Sequence[str]) -> HandFigures:
        figures = getattr(row.pending_words(), "figures", None)  # a hand's tricks, not yet in words
        if figures is None:
            cells = HandCells.of(row, sides)
            return cls(cells.weis, cells.match)
        written, match = figures()
        return cls({side: int(written.get(side, 0) or 0) for side in sides}, match or None)


@dataclass(frozen=True, slots=True)
class HandOutline:
    """What a hand's row holds before it is put in words, for a screen to lay the row out without making them (a
    long game's every row is laid out as it opens): the contract and who named it in words, whether a team writes
    Weis (then the row says why, and only its words tell how long that is), whether Stöck was written, and the
    Match. `of` gives None for a row already in words or not a hand's tricks (a penalty, a thank-off, a hand
    scored step by step): its words are then what to read."""

    contract: str
    trump_by: str
    weis_said: bool
    stoeck: bool
    match: str | None

    @classmethod
    def of(cls, row: Row) -> HandOutline | None:
        outline = getattr(row.pending_words(), "outline", None)
        return None if outline is None else cls(*outline())


def jass_phase(internal: str, finished: bool) -> Phase:
    """The shared vocabulary for the state's own steps (start | dealt | trump | scored)."""
    if finished:
        return "over"
    return {"dealt": "auction", "trump": "play"}.get(internal, "deal")  # type: ignore[return-value]
