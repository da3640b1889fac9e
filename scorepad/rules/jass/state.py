"""Where a Jass game stands: the seats, the hand in play (its trump, Weis and Stöck), the open question of a tie
at the target, the Bergpreis; and the moment in words and typed, for the table and its screens."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scorepad.locale import N_, _, pgettext
from scorepad.log import FourMeld, Header, JassContract, JassStoeck, JassWeis, SequenceMeld
from scorepad.rules import base
from scorepad.rules.jass.cards import (
    Card,
    Declared,
    WeisVerdict,
    contract_label,
    describe_meld,
    judge_weis,
    meld_cards,
    stoeck_cards,
    tafel,
)
from scorepad.rules.jass.settings import ORDER_LABELS, Settings
from scorepad.rules.jass.view import JassView, Seating, jass_phase, points_to_go, side_needs

Meld = SequenceMeld | FourMeld
Steps = list[tuple[str, dict[str, int]]]  # a hand's points per step (stoeck, weis, tricks) in the count order

#: no Weis declared this hand: nobody writes Weis
NO_WEIS = WeisVerdict(None, 0)

#: the laws of a late declaration, in words (rules/jass.md, "When")
LATE_WEIS_LAW = N_("Weis is declared in the player's own turn during the first trick only")
LATE_STOECK_LAW = N_("Stöck are announced at the latest as the second of the two cards is played")


@dataclass
class PendingTie:
    """Both teams passed the target on the same step of a hand: the table says which got there first (a claim)."""

    hand: int
    sides: tuple[str, ...]
    before: dict[str, int]  # each team's total before that step
    multiplier: int
    question: str
    cards: dict[str, int]  # each team's card points of the hand


class JassState(base.State[Settings]):
    def __init__(self, header: Header, settings: Settings, sides: Mapping[str, tuple[str, ...]]):
        super().__init__(header, settings, sides)
        self.hand = 0  # number of the latest hand dealt
        self.phase = "start"  # start | dealt | trump (in play) | scored
        self.dealer: str | None = None
        self.contract: JassContract | None = None
        self.caller: str | None = None
        self.pushed = False
        self.trump_entry: int | None = None
        self.weis: dict[str, tuple[tuple[Meld, ...], int]] = {}  # player -> (melds, seq) this hand
        self.stoeck: tuple[str, int] | None = None  # (player, seq) this hand
        #: Weis and Stöck declared too late this hand, in words: void by the laws, they score nothing
        self.void: tuple[str, ...] = ()
        self.pending_tie: PendingTie | None = None
        self.bergpreis: str | None = None
        self.bergpreis_note = ""
        self.seating = Seating(self.players, dict(self.sides))
        #: the names of the moment the hand last moved on (dealt, trump named, scored): what the table is asked
        #: next is said in them; `prompt` when the game has a sentence of its own instead (over, or a question)
        self.said = self.naming
        #: the hand the next entry belongs to (between hands: the coming one)
        self.position = 1

    # ------------------------------------------------------------------ seats

    def after(self, player: str, seats: int = 1) -> str:
        return self.seating.after(player, seats)

    def partner(self, player: str) -> str:
        return self.seating.partner(player)

    def other_side(self, side: str) -> str:
        return self.seating.other_side(side)

    @property
    def forehand(self) -> str | None:
        """The first to play: the player after the dealer (he names trump or pushes)."""
        return self.after(self.dealer) if self.dealer else None

    @property
    def next_dealer(self) -> str:
        return self.after(self.dealer) if self.dealer else self.players[0]

    def seats_from_forehand(self) -> dict[str, int]:
        return self.seating.seats_from(self.forehand)

    # ------------------------------------------------------------------ this hand

    @property
    def multiplier(self) -> int:
        return self.settings.multipliers[self.contract] if self.contract else 1

    def contract_text(self) -> str:
        """The trump in words with its multiplier ("♠ spades ×2"), "" before it is named."""
        if not self.contract:
            return ""
        return f"{contract_label(self.contract, self.settings.suit_names)} ×{self.multiplier}"

    def declared(self) -> list[Declared]:
        return [Declared(p, meld) for p, (melds, _seq) in self.weis.items() for meld in melds]

    def weis_verdict(self) -> WeisVerdict:
        """Which team writes Weis this hand, its points before the multiplier, and the sentence why."""
        if not self.weis:
            return NO_WEIS
        seats = (
            self.seats_from_forehand() if len(self.weis) > 1 else {}
        )  # (only to tell two players' Weis apart)
        return judge_weis(
            self.declared(), self.side_of, self.contract or "", seats, self.settings, self.names
        )

    def known_cards(self, exclude: str | None = None) -> dict[Card, tuple[str, Meld | None]]:
        """Cards some player showed this hand: card -> (player, the Weis it is in, or None for the Stöck)."""
        known: dict[Card, tuple[str, Meld | None]] = {}
        for player, (melds, _seq) in self.weis.items():
            if player == exclude:
                continue
            for meld in melds:
                for card in meld_cards(meld):
                    known.setdefault(card, (player, meld))
        if self.stoeck and self.stoeck[0] != exclude:
            for card in self.stoeck_cards():
                known.setdefault(card, (self.stoeck[0], None))
        return known

    def stoeck_cards(self) -> frozenset[Card]:
        return stoeck_cards(self.contract)

    def shown_by(self, side: str, verdict: WeisVerdict | None = None) -> int:
        """The Weis and Stöck `side` has shown this hand and writes, before the multiplier: what a Bedanken
        count includes besides the card points. (`verdict`: this hand's, when the caller has it already.)"""
        shown = 0
        if self.stoeck and self.side_of[self.stoeck[0]] == side:
            shown += self.settings.stoeck_points
        if verdict is None and self.contract:
            verdict = self.weis_verdict()
        if verdict is not None and verdict.winner == side:
            shown += verdict.points
        return shown

    def steps(self, card_points: Mapping[str, int], weis_winner: str | None, weis_points: int) -> Steps:
        """This hand's points per step (after the multiplier), each naming every team, in the ruleset's count
        order: Stöck, Weis and the tricks' card points (each team's, or the Match's)."""
        settings, multiplier = self.settings, self.multiplier
        stoeck, weis = dict.fromkeys(self.sides, 0), dict.fromkeys(self.sides, 0)
        if self.stoeck:
            stoeck[self.side_of[self.stoeck[0]]] = settings.stoeck_points * (
                multiplier if settings.multiply_stoeck else 1
            )
        if weis_winner:
            weis[weis_winner] = weis_points * (multiplier if settings.multiply_weis else 1)
        tricks = {side: card_points.get(side, 0) * multiplier for side in self.sides}
        if settings.count_order == "stoeck_weis_tricks":
            return [("stoeck", stoeck), ("weis", weis), ("tricks", tricks)]
        return [("stoeck", stoeck), ("tricks", tricks), ("weis", weis)]

    def moved_on(self, phase: str) -> None:
        """The hand is dealt, its trump named, or it is scored: what the table enters next follows."""
        self.phase, self.position, self.said, self.prompt = phase, self.hand, self.naming, ""

    def retell(self, then: Mapping[str, str], now: Mapping[str, str]) -> None:
        super().retell(then, now)
        self.said = self.naming  # what the table enters next is asked with the new name at once
        tie = self.pending_tie
        if tie is not None:  # (the question is taken back by its words once answered)
            tie.question = base.retold(tie.question, then, now)

    def end_hand(self) -> None:
        self.moved_on("scored")
        self.position = self.hand + 1
        self.weis = {}
        self.stoeck = None
        self.void = ()

    def declared_late(self, entry: JassWeis | JassStoeck) -> None:
        """A Weis or Stöck declared too late: it scores nothing; the hand says why, in the law's words."""
        name = self.name(entry.player)
        if isinstance(entry, JassWeis):
            melds = ", ".join(describe_meld(m, self.settings.suit_names) for m in entry.melds)
            words = _("{player}'s Weis ({melds}) came after the first trick: void ({law})").format(
                player=name, melds=melds, law=_(LATE_WEIS_LAW)
            )
        else:
            words = _("{player}'s Stöck came too late: void ({law})").format(
                player=name, law=_(LATE_STOECK_LAW)
            )
        self.void = (*self.void, words)

    # ------------------------------------------------------------------ what the table enters next

    def describe_prompt(self) -> str:
        if self.prompt:  # the game is over, or asks the table a question
            return self.prompt
        names = self.said.name
        if self.phase in (
            "start",
            "scored",
        ):  # the next hand: who deals (the form never asks it), who names trump
            dealer = self.next_dealer
            forehand = self.after(dealer)
            if self.phase == "start":
                # Translators: what the table enters next: "Hand 1: Ann deals first; Bob names the trump or pushes
                # to Dan"
                said = _("Hand {hand}: {dealer} deals first; {player} names the trump or pushes to {partner}")
            else:
                said = _("Hand {hand}: {dealer} deals; {player} names the trump or pushes to {partner}")
            return said.format(
                hand=self.hand + 1,
                dealer=names(dealer),
                player=names(forehand),
                partner=names(self.partner(forehand)),
            )
        if self.phase == "dealt":
            forehand = self.forehand or ""
            return _("Hand {hand}: {player} names the trump or pushes to {partner}").format(
                hand=self.hand, player=names(forehand), partner=names(self.partner(forehand))
            )
        return _("Hand {hand}, {contract}: Weis, Stöck, then the card points").format(
            hand=self.hand, contract=self.contract_text()
        )

    # ------------------------------------------------------------------ screens

    def board_lines(self) -> tuple[str, ...]:
        if self.status == "finished":
            return (pgettext("Jass", "Game over: {result}").format(result=self.result),)
        goal = _("Game to {target} · {order}").format(
            target=self.settings.target, order=ORDER_LABELS[self.settings.count_order]
        )
        lines: list[str]
        if self.questions:
            asked = pgettext("Jass", "Question for the table: {question}")
            lines = [asked.format(question=q) for q in self.questions]
        elif self.phase in ("start", "scored"):
            dealer = self.next_dealer
            lines = [
                _("Hand {hand}: {dealer} deals, {player} names trump or pushes").format(
                    hand=self.hand + 1, dealer=self.name(dealer), player=self.name(self.after(dealer))
                )
            ]
        elif self.phase == "dealt" and self.forehand:
            lines = [
                _("Hand {hand}: {dealer} dealt, {player} names trump or pushes to {partner}").format(
                    hand=self.hand,
                    dealer=self.name(self.dealer or ""),
                    player=self.name(self.forehand),
                    partner=self.name(self.partner(self.forehand)),
                )
            ]
        else:
            by = self.name(self.caller) if self.caller else ""
            if self.pushed:
                named = _("Hand {hand}: {contract} named by {player} (pushed)")
            else:
                named = _("Hand {hand}: {contract} named by {player}")
            lines = [named.format(hand=self.hand, contract=self.contract_text(), player=by)]
            verdict = self.weis_verdict()
            if verdict.sentence:
                lines.append(verdict.sentence)
            if self.stoeck:
                lines.append(pgettext("Jass", "Stöck: {player}").format(player=self.name(self.stoeck[0])))
            lines += self.void
        if self.bergpreis_note:
            lines.append(self.bergpreis_note)
        return (*lines, goal)

    def view(self) -> JassView:
        verdict = self.weis_verdict() if self.contract else NO_WEIS
        in_play = self.phase == "trump"
        to_go = points_to_go(self.totals, self.settings.target)
        over = self.status == "finished"
        return JassView(
            needs=()
            if over
            else side_needs(
                to_go, self.multiplier if in_play else None, {s: self.side_name(s) for s in self.sides}
            ),
            phase=jass_phase(self.phase, self.status == "finished"),
            number=self.position,
            seating=self.seating,
            hand=self.hand,
            dealer=self.dealer,
            forehand=self.forehand,
            next_dealer=self.next_dealer,
            trump_callers=(self.forehand, self.partner(self.forehand)) if self.forehand else (),
            contract=self.contract if in_play else None,
            contract_label=self.contract_text() if in_play else "",
            multiplier=self.multiplier if in_play else None,
            caller=self.caller if in_play else None,
            pushed=self.pushed,
            weis={
                p: tuple(describe_meld(m, self.settings.suit_names) for m in melds)
                for p, (melds, _seq) in self.weis.items()
            },
            weis_verdict="\n".join(filter(None, (verdict.sentence, *self.void))),
            stoeck=self.stoeck[0] if self.stoeck else None,
            target=self.settings.target,
            tafel={side: tafel(total) for side, total in self.totals.items()},
            to_go=to_go,
            bergpreis=self.bergpreis,
            bergpreis_note=self.bergpreis_note,
            count_order=ORDER_LABELS[self.settings.count_order],
        )
