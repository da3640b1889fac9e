"""Cards, Weis and the Jass-Tafel: pure helpers with no replay state (screens use them too).

Suit names. The French suits map to the German-Swiss ones so that the multiplier groups of the
rules file hold in both: ♥ hearts = Rosen and ♦ diamonds = Eicheln (×1 in the classic preset),
♣ clubs = Schellen and ♠ spades = Schilten (×2). The suit ladder (hearts > diamonds > clubs >
spades) follows the same mapping: Rosen > Eicheln > Schellen > Schilten.

Which of the two a screen shows is the player's preference (`suits` in config.json, read like the
language: scorepad.locale.suit_style); a game file's `suit_names` setting is only the default for a
player who has not said (`suit_style`). Each name is said in the language spoken: ♥ Herz, ♥ cœur …
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import NamedTuple

from scorepad.locale import _, ngettext, pgettext
from scorepad.locale import suit_style as preferred_suit_style
from scorepad.log import JASS_SUITS, RANKS, FourMeld, SequenceMeld
from scorepad.rules.jass.settings import Settings
from scorepad.rules.wording import Words

Card = tuple[str, str]  # (suit, rank)
Meld = SequenceMeld | FourMeld

SUITS = JASS_SUITS  # also the suit ladder, highest first
NO_TRUMP = ("obenabe", "undenufe")
SUIT_SYMBOLS = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}
#: the German-Swiss suits, in the language spoken (roses, glands … in French)
GERMAN_SUITS = Words(
    lambda: {
        "hearts": pgettext("German-suited", "Rosen"),
        "diamonds": pgettext("German-suited", "Eicheln"),
        "clubs": pgettext("German-suited", "Schellen"),
        "spades": pgettext("German-suited", "Schilten"),
    }
)
#: the same suits as a card's label names them ("Schellen 10"; Russian «10 бубенцов» needs another case)
_GERMAN_SUITS_OF_A_CARD = Words(
    lambda: {
        # Translators: the suit in a German-Swiss card's label, "Schellen 10": Russian in the genitive («роз»)
        "hearts": pgettext("German-suited card's suit", "Rosen"),
        "diamonds": pgettext("German-suited card's suit", "Eicheln"),
        "clubs": pgettext("German-suited card's suit", "Schellen"),
        "spades": pgettext("German-suited card's suit", "Schilten"),
    }
)
#: a French-suited trump as the sheet names it: its symbol and its name
_FRENCH_CONTRACTS = Words(
    lambda: {
        # Translators: the trump suit, French-suited (German «♥ Herz», French «♥ cœur», Russian «♥ черви»)
        "hearts": _("♥ hearts"),
        "diamonds": _("♦ diamonds"),
        "clubs": _("♣ clubs"),
        "spades": _("♠ spades"),
    }
)
#: the ranks as a card's label writes them (10 9 8 7 6 are figures in every language)
_RANK_LETTERS = Words(
    lambda: {
        # Translators: a card's rank as one letter: the Ace (German A, French A, Russian Т)
        "A": pgettext("card rank", "A"),
        "K": pgettext("card rank", "K"),
        "Q": pgettext("card rank", "Q"),
        "J": pgettext("card rank", "J"),
    }
)
#: the same on German-Swiss cards (the Queen is the Ober, the Jack the Under)
_GERMAN_RANK_LETTERS = Words(
    lambda: {
        "A": pgettext("German-suited card rank", "A"),
        "K": pgettext("German-suited card rank", "K"),
        # Translators: the Queen of German-Swiss cards is the Ober: German O
        "Q": pgettext("German-suited card rank", "Q"),
        # Translators: the Jack of German-Swiss cards is the Under: German U
        "J": pgettext("German-suited card rank", "J"),
    }
)
RANK_PLURALS = Words(
    lambda: {
        "A": _("four Aces"),
        "K": _("four Kings"),
        "Q": _("four Queens"),
        # Translators: the Russian document's «бур-каре»
        "J": _("four Jacks"),
        "10": _("four Tens"),
        # Translators: the Russian document's «налл-каре»
        "9": _("four Nines"),
        "8": _("four Eights"),
        "7": _("four Sevens"),
        "6": _("four Sixes"),
    }
)  # four of a rank, as a Weis
#: a sequence of so many cards, before its top card ("five" to the 10♣)
LENGTH_WORDS = Words(
    lambda: {
        # Translators: a Weis of three cards in a row (Dreiblatt): "three" to the 10♣
        3: pgettext("a sequence of", "three"),
        4: pgettext("a sequence of", "four"),
        5: pgettext("a sequence of", "five"),
        6: pgettext("a sequence of", "six"),
        7: pgettext("a sequence of", "seven"),
        8: pgettext("a sequence of", "eight"),
        9: pgettext("a sequence of", "nine"),
    }
)
#: the top card of a sequence, after its length ("five" "to the 10♣"), by the top card's rank: a language may
#: need another article before an Ace, a Queen or an Eight (French «à l’A♣», Italian «all’A♣»)
_TO_THE: Mapping[str, Callable[[], str]] = {
    # Translators: a sequence's top card is an Ace: "five" "to the A♣" (the card is a label such as A♣)
    "A": lambda: pgettext("top card: an Ace", "to the {card}"),
    "K": lambda: pgettext("top card: a King", "to the {card}"),
    "Q": lambda: pgettext("top card: a Queen", "to the {card}"),
    "J": lambda: pgettext("top card: a Jack", "to the {card}"),
    "10": lambda: pgettext("top card: a Ten", "to the {card}"),
    "9": lambda: pgettext("top card: a Nine", "to the {card}"),
    "8": lambda: pgettext("top card: an Eight", "to the {card}"),
    "7": lambda: pgettext("top card: a Seven", "to the {card}"),
    "6": lambda: pgettext("top card: a Six", "to the {card}"),
}

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
        return _("a hand has {hand} card points; {points} is more").format(hand=HAND_POINTS, points=points)
    return None


# --------------------------------------------------------------------------- names


def suit_style(game_default: str | None = None) -> str:
    """How the suits are named: as the player prefers (the `suits` preference), else as the game's `suit_names`
    setting says (an old file may hold one; it is only a default now), else French-suited."""
    return preferred_suit_style() or game_default or "french"


def suit_label(suit: str, suit_names: str | None = None) -> str:
    """'♥', or 'Rosen' German-suited. `suit_names`: the game's setting, which the player's preference overrides."""
    return GERMAN_SUITS[suit] if suit_style(suit_names) == "german" else SUIT_SYMBOLS[suit]


def rank_label(rank: str, suit_names: str | None = None) -> str:
    """A rank as a card's label writes it in the language spoken: 'K', 'R' in French, 'К' in Russian."""
    letters = _GERMAN_RANK_LETTERS if suit_style(suit_names) == "german" else _RANK_LETTERS
    return letters.get(rank, rank)


def card_label(card: Card, suit_names: str | None = None) -> str:
    """'10♣', or 'Schellen 10' German-suited (`suit_names` as for suit_label)."""
    suit, rank = card
    if suit_style(suit_names) == "german":
        # Translators: a German-Swiss card, "Schellen 10": the suit's name and the rank (French «10 de grelots»)
        label = pgettext("German-suited card", "{suit} {rank}")
        return label.format(suit=_GERMAN_SUITS_OF_A_CARD[suit], rank=rank_label(rank, "german"))
    return f"{rank_label(rank, 'french')}{SUIT_SYMBOLS[suit]}"


def contract_label(contract: str, suit_names: str | None = None) -> str:
    """'♠ spades', 'Schilten', 'Obenabe' (`suit_names` as for suit_label)."""
    if contract == "obenabe":
        return _("Obenabe")
    if contract == "undenufe":
        return _("Undenufe")
    return GERMAN_SUITS[contract] if suit_style(suit_names) == "german" else _FRENCH_CONTRACTS[contract]


_CONTRACT_WORDS = {
    "hearts": ("h", "♥", "heart", "hearts", "rosen", "rose", "r", "herz", "cœur", "coeur", "cuori", "cuore",
               "roses", "rosa", "черви", "червы", "розы"),
    "diamonds": ("d", "♦", "diamond", "diamonds", "eicheln", "eichel", "e", "ecken", "karo", "carreau",
                 "quadri", "glands", "ghiande", "бубны", "жёлуди", "желуди"),
    "clubs": ("c", "♣", "club", "clubs", "schellen", "schelle", "kreuz", "trèfle", "trefle", "fiori",
              "grelots", "campanelli", "трефы", "бубенцы"),
    "spades": ("s", "♠", "spade", "spades", "schilten", "schilte", "schaufel", "pik", "pique", "picche",
               "écus", "ecus", "scudi", "пики", "щиты"),
    "obenabe": ("o", "oben", "obenabe", "obe", "top", "top-down", "обенабе"),
    "undenufe": ("u", "unden", "undenufe", "une", "bottom", "bottom-up", "унденуфе"),
}  # fmt: skip


def stoeck_cards(contract: str | None) -> frozenset[Card]:
    """The king and queen of trumps (none in Obenabe or Undenufe, nor before the trump is named)."""
    if not contract or contract in NO_TRUMP:
        return frozenset()
    return frozenset({(contract, "K"), (contract, "Q")})


def no_stoeck_problem(contract: str | None) -> str | None:
    if contract in NO_TRUMP:
        return _("there are no Stöck in {contract}: Stöck are the king and queen of trumps").format(
            contract=contract_label(contract)
        )
    return None


def parse_contract(text: str) -> str | None:
    """'h', '♥', 'Rosen', 'oben', 'cœur', 'пики' … -> a contract name, or None."""
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


def describe_meld(meld: Meld, suit_names: str | None = None) -> str:
    """'five to the 10♣', 'four Kings' (`suit_names` as for suit_label)."""
    if meld.kind == "sequence":
        top = meld.top
        # a rejected entry from a file may hold an impossible length or top: still shown in words
        length = LENGTH_WORDS[meld.length] if meld.length in LENGTH_WORDS else str(meld.length)
        to_the = _TO_THE[top]()
        # Translators: a sequence Weis: its length, then its top card ("five" "to the 10♣"; German «Fünfblatt bis 10♣»)
        sequence = pgettext("a sequence Weis", "{length} {to_the_top_card}")
        return sequence.format(
            length=length, to_the_top_card=to_the.format(card=card_label((meld.suit, top), suit_names))
        )
    return RANK_PLURALS[meld.rank]


def sequence_problem(length: int, top: str) -> str | None:
    """Why no sequence of `length` can be headed by `top` (a log entry that reads may still hold one: the
    rules refuse it as an impossible Weis)."""
    if top not in RANKS:
        return _("{top} is not a rank (A K Q J 10 9 8 7 6)").format(top=repr(top))
    below = len(RANKS) - RANKS.index(top)
    if not 3 <= length <= 9:
        return _("a sequence has 3 to 9 cards, not {length}").format(length=length)
    if length > below:
        return ngettext(
            "a sequence of {length} cannot be headed by the {top}: only {count} card runs down from it",
            "a sequence of {length} cannot be headed by the {top}: only {count} cards run down from it",
            below,
        ).format(length=length, top=rank_label(top), count=below)
    return None


def melds_problem(melds: Sequence[Meld], settings: Settings, suit_names: str | None = None) -> str | None:
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
            return _("{meld} are not a Weis under this ruleset").format(meld=describe_meld(meld, suit_names))
    if len(melds) == 1:  # nearly every Weis: one meld, which holds each card once and at most 9 of them
        return None
    fours = [m.rank for m in melds if m.kind == "four"]
    for rank in set(fours):
        if fours.count(rank) > 1:
            return _("{four} twice: a hand holds each card once").format(four=RANK_PLURALS[rank])
    sequences = [m for m in melds if m.kind == "sequence"]
    for i, first in enumerate(sequences):
        for second in sequences[i + 1 :]:
            if first.suit != second.suit:
                continue
            shared = meld_cards(first) & meld_cards(second)
            a, b = describe_meld(first, suit_names), describe_meld(second, suit_names)
            if shared:
                card = card_label(_highest(shared), suit_names)
                return _(
                    "the {card} is in both the {first} and the {second}: a hand holds each card once"
                ).format(card=card, first=a, second=b)
            if _adjacent(first, second):
                total = first.length + second.length
                return _(
                    "the {first} and the {second} run on into one sequence of {length}: declare it as one Weis"
                ).format(first=a, second=b, length=total)
    cards = frozenset().union(*(meld_cards(m) for m in melds)) if melds else frozenset()
    if len(cards) > 9:
        return _("these melds need {count} different cards; a hand has 9").format(count=len(cards))
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
            # Translators: the only Weis of the hand: "Weis: Bob's four to the K♣ (no Weis against it)"
            return _("Weis: {best} (no Weis against it)").format(best=self._said(self.best))
        # Translators: "Weis: Dan's five to the 10♣ beats Cid's four Kings (more cards)"
        return _("Weis: {best} beats {beaten} ({why})").format(
            best=self._said(self.best), beaten=self._said(self.beaten), why=self.why
        )

    def _said(self, declared: Declared) -> str:
        # Translators: a player's Weis: "Dan's five to the 10♣" (German «Fünfblatt bis 10♣ von Dan»)
        return _("{player}'s {meld}").format(
            player=self.names.get(declared.player, declared.player),
            meld=describe_meld(declared.meld, self.suit_names),
        )


#: why one Weis beats another, by the first step of the comparison they differ in: points, then cards
_REASONS: tuple[Callable[[], str], ...] = (lambda: _("more points"), lambda: _("more cards"))


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
        if contract == "undenufe":
            return _("lower top card in Undenufe")
        return _("higher top card")
    if step == 3:
        if settings.weis_tiebreak == "trump_then_seat":
            return _("in trump")
        if best.meld.kind == "four" or loser.meld.kind == "four":
            return _("a sequence's suit ranks above a four")
        return _("{high} ranks above {low}").format(
            high=suit_label(best.meld.suit, settings.suit_names),
            low=suit_label(loser.meld.suit, settings.suit_names),
        )
    if step == 4:
        first, second = names.get(best.player, best.player), names.get(loser.player, loser.player)
        return _("{first} plays before {second}").format(first=first, second=second)
    return _REASONS[step]()


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
