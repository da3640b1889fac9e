"""Calls, their values and the auction (Laws 42–46, 54).

A call in the log is `pass`, `double`, `redouble` or a bid `1S`…`7NT` (strains S C D H R NT, R = royal
spades). A bid's value is its odd tricks times its denomination's trick value; a bid is higher when it is
worth more, or worth the same and names more tricks (Law 44). Doubling never changes a bid's rank.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from scorepad.locale import N_, _, pgettext
from scorepad.rules.auction_bridge.settings import (
    DEFAULT_SETTINGS,
    NO_TRUMP_HOLDINGS,
    STRAINS,
    TRUMP_HOLDINGS,
    Settings,
)
from scorepad.rules.auction_bridge.words import STRAIN_NAMES as STRAIN_NAMES
from scorepad.rules.auction_bridge.words import STRAIN_SYMBOLS as STRAIN_SYMBOLS
from scorepad.rules.auction_bridge.words import strain_symbol

PASS, DOUBLE, REDOUBLE = "pass", "double", "redouble"
DOUBLINGS = ("none", "doubled", "redoubled")
#: an honour holding in words, marked for the catalogues: `_()` it where it is shown
HOLDING_TEXT = {
    "3": N_("simple honours"),
    "4": N_("4 honours"),
    "5": N_("5 honours"),
    "4_one_hand": N_("4 honours in one hand"),
    "4_one_hand_5th_partner": N_("4 in one hand, 5th in partner's"),
    "5_one_hand": N_("5 honours in one hand"),
    "3_aces": N_("3 aces"),
    "4_aces": N_("4 aces"),
    "4_aces_one_hand": N_("4 aces in one hand"),
}


# --------------------------------------------------------------------------- single calls


#: every bid, spelled as a log spells it ("3NT") -> (level, strain)
_BIDS: dict[str, tuple[int, str]] = {
    f"{level}{strain}": (level, strain) for level in range(1, 8) for strain in ("S", "C", "D", "H", "R", "NT")
}
#: a bid's denomination, by its spelling in the log
STRAIN_OF: dict[str, str] = {call: strain for call, (_, strain) in _BIDS.items()}


def is_bid(call: str) -> bool:
    return call in _BIDS


def split_bid(call: str) -> tuple[int, str]:
    """'3H' -> (3, 'H')."""
    found = _BIDS.get(call)
    if found is None:
        raise ValueError(_("{call!r} is not a bid (1S…7NT)").format(call=call))
    return found


def bid_value(call: str, settings: Settings = DEFAULT_SETTINGS) -> int:
    """Odd tricks × trick value: '3S' -> 6, '1C' -> 6, '2NT' -> 20."""
    return bid_rank(call, settings)[0]


def bid_rank(call: str, settings: Settings = DEFAULT_SETTINGS) -> tuple[int, int]:
    """Sort key of a bid: value first, then the number of tricks (Law 44)."""
    level, strain = split_bid(call)
    return level * settings.trick_values[strain], level


def outranks(call: str, other: str | None, settings: Settings = DEFAULT_SETTINGS) -> bool:
    """Is bid `call` higher than bid `other` (None: nothing bid yet)?"""
    return other is None or bid_rank(call, settings) > bid_rank(other, settings)


def all_bids(settings: Settings = DEFAULT_SETTINGS) -> list[str]:
    """Every bid, lowest first (ties of value ordered by tricks, as Law 44 ranks them)."""
    bids = [f"{level}{strain}" for level in range(1, 8) for strain in STRAINS]
    return sorted(bids, key=lambda c: bid_rank(c, settings))


def bids_above(call: str | None, settings: Settings = DEFAULT_SETTINGS) -> list[str]:
    return [bid for bid in all_bids(settings) if outranks(bid, call, settings)]


def format_call(call: str, double: str = "none") -> str:
    """'3H' -> '3♥', with ' doubled'/' redoubled' when the contract is; passes and doubles as words (all in
    the language spoken now)."""
    text = _WRITTEN.get(call)
    if text is None:
        if not is_bid(call):
            return call_word(call)
        level, strain = split_bid(call)
        text = f"{level}{strain_symbol(strain)}"
    if double == "doubled":
        # Translators: Auction Bridge, a doubled contract ("3♥ doubled")
        return _("{bid} doubled").format(bid=text)
    if double == "redoubled":
        return _("{bid} redoubled").format(bid=text)
    return text


def call_word(call: str) -> str:
    """pass, double, redouble in words (any other call as it is)."""
    if call == PASS:
        return pgettext("Auction Bridge call", "pass")
    if call == DOUBLE:
        return pgettext("Auction Bridge call", "double")
    if call == REDOUBLE:
        return pgettext("Auction Bridge call", "redouble")
    return call


def doubling_words(double: str) -> str:
    """none | doubled | redoubled in words ("" when not doubled)."""
    if double == "doubled":
        return pgettext("Auction Bridge contract", "doubled")
    if double == "redoubled":
        return pgettext("Auction Bridge contract", "redoubled")
    return ""


#: every suit bid written with its symbol, the same in every language (no trump's is looked up: the language
#: writes it): a long log's rows write a contract each
_WRITTEN = {
    call: f"{level}{strain_symbol(strain)}" for call, (level, strain) in _BIDS.items() if strain != "NT"
}


def describe_bid(call: str, settings: Settings = DEFAULT_SETTINGS) -> str:
    """'3♥ (24)' — the call with its value, for reasons and pickers."""
    return f"{format_call(call)} ({bid_value(call, settings)})"


_STRAIN_WORDS = {
    "S": ("s", "♠", "♤", "spade", "spades"),
    "C": ("c", "♣", "♧", "club", "clubs"),
    "D": ("d", "♦", "♢", "diamond", "diamonds"),
    "H": ("h", "♥", "♡", "heart", "hearts"),
    "R": ("r", "rs", "r♠", "♠r", "royal", "royals", "royalspade", "royalspades", "lilies", "lily"),
    "NT": ("nt", "n", "notrump", "notrumps", "no-trump", "no-trumps", "ntr", "sa", "бк"),  # SA, БК: as shown
}
_STRAIN_BY_WORD = {word: strain for strain, words in _STRAIN_WORDS.items() for word in words}
_WORD_CALLS = {
    "p": PASS,
    "pass": PASS,
    "x": DOUBLE,
    "d": DOUBLE,
    "dbl": DOUBLE,
    "double": DOUBLE,
    "xx": REDOUBLE,
    "rd": REDOUBLE,
    "rdbl": REDOUBLE,
    "redouble": REDOUBLE,
}


def parse_call(text: str) -> str:
    """What a player types -> the log's call: '3h' '3H' '3♥' '3 hearts' -> '3H'; '2r' -> '2R' (royal spades);
    '1nt' '1n' -> '1NT'; 'p' -> pass; 'x' 'd' -> double; 'xx' 'rd' -> redouble. Raises ValueError otherwise."""
    word = "".join(text.split()).lower()
    if word in _WORD_CALLS:
        return _WORD_CALLS[word]
    if word == "r":
        raise ValueError(
            _("'r' is ambiguous: type 'xx' or 'rd' to redouble, or a level and 'r' for royal spades")
        )
    if word[:1].isdigit():
        level, rest = word[0], word[1:]
        strain = _STRAIN_BY_WORD.get(rest)
        if strain is None:
            raise ValueError(
                _("{text!r}: {rest!r} is not a denomination (s c d h r nt)").format(
                    text=text.strip(), rest=rest
                )
            )
        if not "1" <= level <= "7":
            raise ValueError(_("{text!r}: a bid names 1 to 7 odd tricks").format(text=text.strip()))
        return f"{level}{strain}"
    raise ValueError(
        _("{text!r} is not a call: type e.g. 3h, 1nt, 2r (royal spades), p, x or xx").format(
            text=text.strip()
        )
    )


def holdings_for(strain: str) -> tuple[str, ...]:
    """The honour holdings that can be scored in a contract of this denomination (for the honours picker)."""
    if strain not in STRAINS:
        raise ValueError(
            _("{strain!r} is not a denomination ({strains})").format(
                strain=strain, strains=", ".join(STRAINS)
            )
        )
    return NO_TRUMP_HOLDINGS if strain == "NT" else TRUMP_HOLDINGS


def honours_required(strain: str) -> bool:
    """Law 5: at a trump declaration one side always holds three or more of the five trump honours, so its
    result must name them; at no trump the four aces may be split 2–2 and then neither side scores."""
    return strain != "NT"


def missing_honours_reason(strain: str) -> str:
    # Translators: Auction Bridge; {strain} is the trump suit ("hearts"); A K Q J 10 as your cards are lettered
    return _(
        "Law 5: at {strain} one side always holds three or more of the five trump honours (A K Q J 10): name "
        "that side and its holding"
    ).format(strain=STRAIN_NAMES[strain])


def honour_value(strain: str, holding: str, settings: Settings = DEFAULT_SETTINGS) -> int:
    """Law 6: trump honours in tricks of the trump suit; at no trump the aces in points."""
    if holding not in holdings_for(strain):
        raise ValueError(
            _("{holding!r} is not an honour holding at {strain}").format(
                holding=holding, strain=STRAIN_NAMES[strain]
            )
        )
    if strain == "NT":
        return settings.no_trump_honours[holding]
    return settings.honour_tricks[holding] * settings.trick_values[strain]


# --------------------------------------------------------------------------- the contract


@dataclass(frozen=True)
class Contract:
    call: str
    declarer: str
    double: str = "none"
    dealers_one_spade: bool = False

    @property
    def level(self) -> int:
        return split_bid(self.call)[0]

    @property
    def strain(self) -> str:
        return split_bid(self.call)[1]

    @property
    def text(self) -> str:
        return format_call(self.call, self.double)


# --------------------------------------------------------------------------- the auction


@dataclass
class Auction:
    """One deal's calls, from the dealer round the table to the left (clockwise)."""

    dealer: str
    seats: tuple[str, ...]
    side_of: dict[str, str]
    calls: list[tuple[str, str]] = field(default_factory=list)
    last_bid: str | None = None
    last_bidder: str | None = None
    doubling: str = "none"
    passes: int = 0  # passes since the last bid, double or redouble
    bids_made: int = 0
    first_namer: dict[tuple[str, str], str] = field(default_factory=dict)  # (side, strain) -> player
    names: Mapping[str, str] = field(default_factory=dict)  # player -> name shown now (renames)
    #: the seat of the player on turn, kept as the calls come (a long log asks whose turn it is at every call)
    turn_seat: int = field(default=-1, init=False)

    def __post_init__(self) -> None:
        self.turn_seat = (self.seats.index(self.dealer) + len(self.calls)) % len(self.seats)

    def _name(self, player: str | None) -> str:
        return self.names.get(player, player) if player else ""

    @property
    def turn(self) -> str:
        return self.seats[self.turn_seat]

    @property
    def closed(self) -> bool:
        """Three passes after the last bid, double or redouble (the dealer always bids first)."""
        return self.last_bid is not None and self.passes >= len(self.seats) - 1

    def refuse(self, player: str, call: str, settings: Settings) -> str | None:
        """Why `player` may not make `call` now, or None."""
        if self.closed:
            return _("the auction is over: the contract is {contract}; enter the result").format(
                contract=self.contract().text
            )
        if player != self.turn:
            return _("it is {player}'s turn to call, not {other}'s").format(
                player=self._name(self.turn), other=self._name(player)
            )
        if call == PASS:
            if self.last_bid is None:
                return _(
                    "Law 42: the dealer must bid at least one odd trick (the lowest bid is 1♠); he cannot pass"
                )
            return None
        if self.last_bid is None and not is_bid(call):
            return _("Law 42: the dealer must open with a bid, not {call}").format(call=call_word(call))
        if call == DOUBLE:
            return self._refuse_double(player)
        if call == REDOUBLE:
            return self._refuse_redouble(player)
        if not outranks(call, self.last_bid, settings):
            return self._too_low(call, settings)
        return None

    def _refuse_double(self, player: str) -> str | None:
        assert self.last_bid is not None and self.last_bidder is not None
        if self.side_of[self.last_bidder] == self.side_of[player]:
            return _("Law 54: a player may double only the adversaries' bid; {bid} is his side's").format(
                bid=format_call(self.last_bid)
            )
        if self.doubling != "none":
            already = (
                _("Law 54: {player}'s {bid} is already redoubled")
                if self.doubling == "redoubled"
                else _("Law 54: {player}'s {bid} is already doubled")
            )
            return already.format(player=self._name(self.last_bidder), bid=format_call(self.last_bid))
        return None

    def _refuse_redouble(self, player: str) -> str | None:
        assert self.last_bid is not None and self.last_bidder is not None
        if self.doubling == "none":
            return _("Law 54: only a doubled bid can be redoubled; {bid} is not doubled").format(
                bid=format_call(self.last_bid)
            )
        if self.doubling == "redoubled":
            return _("Law 54: {bid} is already redoubled; a bid is redoubled once at most").format(
                bid=format_call(self.last_bid)
            )
        if self.side_of[self.last_bidder] != self.side_of[player]:
            return _("Law 54: a player may redouble only a double of his own side's bid")
        return None

    def _too_low(self, call: str, settings: Settings) -> str:
        assert self.last_bid is not None
        words = {
            "bid": describe_bid(call, settings),
            "player": self._name(self.last_bidder),
            "last": describe_bid(self.last_bid, settings),
            "value": bid_value(self.last_bid, settings),
        }
        if bid_value(call, settings) == bid_value(self.last_bid, settings):
            return _(
                "{bid} does not beat {player}'s {last}: at equal value the bid naming more tricks is higher (Law 44)"
            ).format(**words)
        return _("{bid} does not beat {player}'s {last}; the bid to beat is worth {value}").format(**words)

    def add(self, player: str, call: str) -> bool:
        """Make the call; returns whether it closed the auction (`closed`)."""
        self.calls.append((player, call))
        self.turn_seat = (self.turn_seat + 1) % len(self.seats)
        if call == PASS:
            self.passes += 1
            return self.passes >= len(self.seats) - 1 and self.last_bid is not None
        self.passes = 0
        if call == DOUBLE:
            self.doubling = "doubled"
        elif call == REDOUBLE:
            self.doubling = "redoubled"
        else:  # a new bid reopens: any double lapses
            self.last_bid, self.last_bidder, self.doubling = call, player, "none"
            self.bids_made += 1
            self.first_namer.setdefault(
                (self.side_of[player], STRAIN_OF.get(call) or split_bid(call)[1]), player
            )
        return False  # a bid, double or redouble reopens the auction

    def contract(self) -> Contract:
        """The final bid; the declarer is the first of the winning side to name its denomination (Law 46)."""
        assert self.last_bid is not None and self.last_bidder is not None
        strain = split_bid(self.last_bid)[1]
        declarer = self.first_namer[(self.side_of[self.last_bidder], strain)]
        dealers_one_spade = self.bids_made == 1 and self.last_bid == "1S"
        return Contract(self.last_bid, declarer, self.doubling, dealers_one_spade)

    def legal_calls(self, settings: Settings) -> list[str]:
        """Every call the player on turn may make now."""
        if self.closed:
            return []
        player = self.turn
        calls = [PASS, DOUBLE, REDOUBLE, *bids_above(self.last_bid, settings)]
        return [call for call in calls if self.refuse(player, call, settings) is None]
