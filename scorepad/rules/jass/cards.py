"""Cards, Weis and the Jass-Tafel: pure helpers with no replay state (screens use them too).

Suit names. The French suits map to the German-Swiss ones so that the multiplier groups of the
rules file hold in both: ♥ hearts = Rosen and ♦ diamonds = Eicheln (×1 in the classic preset),
♣ clubs = Schellen and ♠ spades = Schilten (×2). The suit ladder (hearts > diamonds > clubs >
spades) follows the same mapping: Rosen > Eicheln > Schellen > Schilten.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import NamedTuple

from scorepad.log import JASS_SUITS, RANKS, FourMeld, SequenceMeld
from scorepad.rules.jass.settings import Settings
from scorepad.rules.wording import counted

Card = tuple[str, str]  # (suit, rank)
Meld = SequenceMeld | FourMeld

SUITS = JASS_SUITS  # also the suit ladder, highest first
NO_TRUMP = ("obenabe", "undenufe")
SUIT_SYMBOLS = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}
GERMAN_SUITS = {"hearts": "Rosen", "diamonds": "Eicheln", "clubs": "Schellen", "spades": "Schilten"}
RANK_PLURALS = {
    "A": "Aces", "K": "Kings", "Q": "Queens", "J": "Jacks", "10": "Tens",
    "9": "Nines", "8": "Eights", "7": "Sevens", "6": "Sixes",
}  # fmt: skip
LENGTH_WORDS = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}

# Card points by rank: a trump suit, the other suits, and every suit in the two no-trump contracts.
CARD_POINTS: dict[str, dict[str, int]] = {
    "trump": {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0, "6": 0},
    "plain": {"J": 2, "9": 0, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0, "6": 0},
    "obenabe": {"J": 2, "9": 0, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 8, "7": 0, "6": 0},
    "undenufe": {"J": 2, "9": 0, "A": 0, "10": 10, "K": 4, "Q": 3, "8": 8, "7": 0, "6": 11},
}
LAST_TRICK = 5


def hand_points(contract: str = "hearts") -> int:
    """All card points of a hand with the last trick: 157 in every contract."""
    if contract in NO_TRUMP:
        return 4 * sum(CARD_POINTS[contract].values()) + LAST_TRICK
    return sum(CARD_POINTS["trump"].values()) + 3 * sum(CARD_POINTS["plain"].values()) + LAST_TRICK


HAND_POINTS = hand_points()


def card_points_problem(points: int) -> str | None:
    """Why one team cannot have taken `points` card points in a hand, or None."""
    if points > HAND_POINTS:
        return f"a hand has {HAND_POINTS} card points; {points} is more"
    return None


# --------------------------------------------------------------------------- names


def suit_label(suit: str, suit_names: str = "french") -> str:
    return GERMAN_SUITS[suit] if suit_names == "german" else SUIT_SYMBOLS[suit]


def card_label(card: Card, suit_names: str = "french") -> str:
    suit, rank = card
    return f"{GERMAN_SUITS[suit]} {rank}" if suit_names == "german" else f"{rank}{SUIT_SYMBOLS[suit]}"


def contract_label(contract: str, suit_names: str = "french") -> str:
    """'♠ spades', 'Schilten', 'Obenabe'."""
    if contract == "obenabe":
        return "Obenabe"
    if contract == "undenufe":
        return "Undenufe"
    return GERMAN_SUITS[contract] if suit_names == "german" else f"{SUIT_SYMBOLS[contract]} {contract}"


_CONTRACT_WORDS = {
    "hearts": ("h", "♥", "heart", "hearts", "rosen", "rose", "r", "herz"),
    "diamonds": ("d", "♦", "diamond", "diamonds", "eicheln", "eichel", "e", "ecken", "karo"),
    "clubs": ("c", "♣", "club", "clubs", "schellen", "schelle", "kreuz"),
    "spades": ("s", "♠", "spade", "spades", "schilten", "schilte", "schaufel", "pik"),
    "obenabe": ("o", "oben", "obenabe", "obe", "top", "top-down"),
    "undenufe": ("u", "unden", "undenufe", "une", "bottom", "bottom-up"),
}


def stoeck_cards(contract: str | None) -> frozenset[Card]:
    """The king and queen of trumps (none in Obenabe or Undenufe, nor before the trump is named)."""
    if not contract or contract in NO_TRUMP:
        return frozenset()
    return frozenset({(contract, "K"), (contract, "Q")})


def no_stoeck_problem(contract: str | None) -> str | None:
    if contract in NO_TRUMP:
        return f"there are no Stöck in {contract_label(contract)}: Stöck are the king and queen of trumps"
    return None


def parse_contract(text: str) -> str | None:
    """'h', '♥', 'Rosen', 'oben' … -> a contract name, or None."""
    word = text.strip().lower()
    for contract, words in _CONTRACT_WORDS.items():
        if word in words:
            return contract
    return None


# --------------------------------------------------------------------------- melds


def meld_cards(meld: Meld) -> frozenset[Card]:
    if meld.kind == "sequence":
        return _run_cards(meld.suit, meld.top, meld.length)
    return _four_cards(meld.rank)


def _run_cards(suit: str, top: str, length: int) -> frozenset[Card]:
    """The cards of a sequence: as `SequenceMeld.cards`."""
    start = RANKS.index(top)
    return frozenset((suit, rank) for rank in RANKS[start : start + length])


def _four_cards(rank: str) -> frozenset[Card]:
    return frozenset((suit, rank) for suit in SUITS)


def meld_points(meld: Meld, settings: Settings) -> int:
    if meld.kind == "sequence":
        return settings.sequence_points[meld.length]
    return settings.four_points[meld.rank]


def meld_card_count(meld: Meld) -> int:
    return meld.length if meld.kind == "sequence" else 4


def describe_meld(meld: Meld, suit_names: str = "french") -> str:
    """'five to the 10♣', 'four Kings'."""
    if meld.kind == "sequence":
        # a rejected entry from a file may hold an impossible length: still shown in words
        length = LENGTH_WORDS.get(meld.length, str(meld.length))
        return f"{length} to the {card_label((meld.suit, meld.top), suit_names)}"
    return f"four {RANK_PLURALS[meld.rank]}"


def sequence_problem(length: int, top: str) -> str | None:
    """Why no sequence of `length` can be headed by `top` (a log entry that reads may still hold one: the
    rules refuse it as an impossible Weis)."""
    if top not in RANKS:
        return f"{top!r} is not a rank (A K Q J 10 9 8 7 6)"
    below = len(RANKS) - RANKS.index(top)
    if not 3 <= length <= 9:
        return f"a sequence has 3 to 9 cards, not {length}"
    if length > below:
        return f"a sequence of {length} cannot be headed by the {top}: only {counted(below, 'card')} {'runs' if below == 1 else 'run'} down from it"
    return None


def melds_problem(melds: Sequence[Meld], settings: Settings, suit_names: str = "french") -> str | None:
    """Why one player cannot hold these melds together, or None.

    A card may serve in a four and in a sequence (four Jacks and a sequence with the J♥). Refused:
    a meld worth nothing at this table, the same four twice, two sequences of one suit that share
    a card or run on into one longer sequence (declare the long one), more than the nine cards of
    a hand.
    """
    for meld in melds:
        if meld.kind == "sequence":
            problem = sequence_problem(meld.length, meld.top)
            if problem:
                return problem
        if meld_points(meld, settings) <= 0:
            return f"{describe_meld(meld, suit_names)} are not a Weis under this ruleset"
    if len(melds) == 1:  # nearly every Weis: one meld, which holds each card once and at most 9 of them
        return None
    fours = [m.rank for m in melds if m.kind == "four"]
    for rank in set(fours):
        if fours.count(rank) > 1:
            return f"four {RANK_PLURALS[rank]} twice: a hand holds each card once"
    sequences = [m for m in melds if m.kind == "sequence"]
    for i, first in enumerate(sequences):
        for second in sequences[i + 1 :]:
            if first.suit != second.suit:
                continue
            shared = meld_cards(first) & meld_cards(second)
            a, b = describe_meld(first, suit_names), describe_meld(second, suit_names)
            if shared:
                card = card_label(_highest(shared), suit_names)
                return f"the {card} is in both the {a} and the {b}: a hand holds each card once"
            if _adjacent(first, second):
                total = first.length + second.length
                return f"the {a} and the {b} run on into one sequence of {total}: declare it as one Weis"
    cards = frozenset().union(*(meld_cards(m) for m in melds)) if melds else frozenset()
    if len(cards) > 9:
        return f"these melds need {len(cards)} different cards; a hand has 9"
    return None


def _adjacent(first: SequenceMeld, second: SequenceMeld) -> bool:
    start_a, start_b = RANKS.index(first.top), RANKS.index(second.top)
    return start_a + first.length == start_b or start_b + second.length == start_a


def _highest(cards: Iterable[Card]) -> Card:
    return min(cards, key=lambda card: (RANKS.index(card[1]), SUITS.index(card[0])))


# --------------------------------------------------------------------------- Weis comparison


class Declared(NamedTuple):
    player: str
    meld: Meld


class WeisVerdict(NamedTuple):
    """Who writes Weis this hand: `winner` (side or None) and its raw points; `sentence` says why."""

    winner: str | None
    points: int  # the winner's Weis, all of its players' melds, before the multiplier
    best: Declared | None = None  # the best Weis, and the other team's best it beat (if any) and why
    beaten: Declared | None = None
    why: str = ""
    suit_names: str = "french"
    names: Mapping[str, str] = MappingProxyType({})  # player -> name, at that hand

    @property
    def sentence(self) -> str:
        """ "Weis: Dan's five to the 10♣ beats Cid's four Kings (more cards)" ("" when nobody declared)."""
        if self.best is None:
            return ""
        if self.beaten is None:
            return f"Weis: {self._said(self.best)} (no Weis against it)"
        return f"Weis: {self._said(self.best)} beats {self._said(self.beaten)} ({self.why})"

    def _said(self, declared: Declared) -> str:
        return f"{self.names.get(declared.player, declared.player)}'s {describe_meld(declared.meld, self.suit_names)}"


_REASONS = ("more points", "more cards", "higher top card", "tie-break", "seat")


def weis_key(
    declared: Declared, contract: str, seats_from_forehand: Mapping[str, int], settings: Settings
) -> tuple[int, int, int, int, int]:
    """Sort key of one Weis: points, cards, top card (in Undenufe the lower), tie-break, seat."""
    meld = declared.meld
    top = meld.top if meld.kind == "sequence" else meld.rank
    top_value = RANKS.index(top) if contract == "undenufe" else len(RANKS) - RANKS.index(top)
    suit = meld.suit if meld.kind == "sequence" else None
    if settings.weis_tiebreak == "suit_ladder":
        tiebreak = len(SUITS) - SUITS.index(suit) if suit else 0  # a four has no suit
    else:
        tiebreak = 1 if suit == contract else 0
    # the final fallback is always the seat: the player nearer the first to play wins
    seat = -seats_from_forehand.get(declared.player, 0)
    return (meld_points(meld, settings), meld_card_count(meld), top_value, tiebreak, seat)


def judge_weis(
    declared: Sequence[Declared],
    side_of: Mapping[str, str],
    contract: str,
    seats_from_forehand: Mapping[str, int],
    settings: Settings,
    names: Mapping[str, str] | None = None,
) -> WeisVerdict:
    """Only the team with the higher best Weis scores, all its Weis (the partner's included)."""
    names = names or {}
    if len(declared) <= 1:  # nobody, or one meld alone (most hands with Weis): nothing to compare
        if not declared:
            return WeisVerdict(None, 0)
        only = declared[0]
        return WeisVerdict(
            side_of[only.player],
            meld_points(only.meld, settings),
            only,
            suit_names=settings.suit_names,
            names=names,
        )
    keys = {id(d): weis_key(d, contract, seats_from_forehand, settings) for d in declared}
    best_by_side: dict[str, Declared] = {}
    for d in declared:  # each team's best Weis (the first of equals)
        side = side_of[d.player]
        if side not in best_by_side or keys[id(d)] > keys[id(best_by_side[side])]:
            best_by_side[side] = d
    best, *others = sorted(best_by_side.values(), key=lambda d: keys[id(d)], reverse=True)
    winner = side_of[best.player]
    points = sum(meld_points(d.meld, settings) for d in declared if side_of[d.player] == winner)
    if not others:
        return WeisVerdict(winner, points, best, suit_names=settings.suit_names, names=names)
    loser = others[0]
    why = _why(keys[id(best)], keys[id(loser)], best, loser, contract, settings, names)
    return WeisVerdict(winner, points, best, loser, why, settings.suit_names, names)


def _why(
    win: tuple[int, ...],
    lose: tuple[int, ...],
    best: Declared,
    loser: Declared,
    contract: str,
    settings: Settings,
    names: Mapping[str, str],
) -> str:
    step = next(i for i, (a, b) in enumerate(zip(win, lose, strict=True)) if a != b)
    if step == 2:
        return "lower top card in Undenufe" if contract == "undenufe" else "higher top card"
    if step == 3:
        if settings.weis_tiebreak == "trump_then_seat":
            return "in trump"
        if best.meld.kind == "four" or loser.meld.kind == "four":
            return "a sequence's suit ranks above a four"
        high, low = (
            suit_label(best.meld.suit, settings.suit_names),
            suit_label(loser.meld.suit, settings.suit_names),
        )
        return f"{high} ranks above {low}"
    if step == 4:
        first, second = names.get(best.player, best.player), names.get(loser.player, loser.player)
        return f"{first} plays before {second}"
    return _REASONS[step]


# --------------------------------------------------------------------------- Jass-Tafel


@dataclass(frozen=True, slots=True)
class Tafel:
    """One team's half of the chalk board.

    A V stands for 500 (written instead of five 100 strokes), so `hundreds` is 0-4; `fifties` is
    0 or 1 (two fifties are a 100 stroke); `twenties` is 0-2 (the 50 takes the rest first);
    `rest` < 20 is written as a number.
    """

    fives: int
    hundreds: int
    fifties: int
    twenties: int
    rest: int
    negative: bool = False  # a custom correction may take a total below zero: the marks show its size

    def marks(self) -> tuple[str, str, str, str]:
        """Top, middle and bottom row and the number on the right, e.g. ('V ||', '/', '|', '1')."""
        top = " ".join(part for part in ("V" * self.fives, "|" * self.hundreds) if part)
        return (
            top,
            "/" * self.fifties,
            "|" * self.twenties,
            f"-{self.rest}" if self.negative else str(self.rest),
        )


def tafel(points: int) -> Tafel:
    """157 -> one 100, one 50, rest 7; 771 -> V, two 100s, one 50, one 20, rest 1."""
    value = abs(points)
    fives, value = divmod(value, 500)
    hundreds, value = divmod(value, 100)
    fifties, value = divmod(value, 50)
    twenties, rest = divmod(value, 20)
    return Tafel(fives, hundreds, fifties, twenties, rest, negative=points < 0)
