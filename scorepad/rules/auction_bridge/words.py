"""Auction Bridge's denominations in words and symbols, as tables screens look up by key (scorepad.rules.wording's
`Words`: said in the language spoken at each lookup)."""

from __future__ import annotations

from scorepad.locale import pgettext
from scorepad.rules.wording import Words


def _strain_names() -> dict[str, str]:
    return {
        "S": pgettext("Auction Bridge strain", "spades"),
        "C": pgettext("Auction Bridge strain", "clubs"),
        "D": pgettext("Auction Bridge strain", "diamonds"),
        "H": pgettext("Auction Bridge strain", "hearts"),
        "R": pgettext("Auction Bridge strain", "royal spades"),
        "NT": pgettext("Auction Bridge strain", "no trump"),
    }


#: each denomination's name ("spades", "royal spades", "no trump")
STRAIN_NAMES = Words(_strain_names)
#: the symbols that do not change with the language
_SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥", "R": "R♠"}


def strain_symbol(strain: str) -> str:
    """How a bid writes its denomination: ♠ ♣ ♦ ♥ R♠, and no trump as the language shortens it (NT, SA, БК)."""
    symbol = _SYMBOLS.get(strain)
    if symbol is not None:
        return symbol
    # Translators: Auction Bridge, no trump as a bid writes it ("3NT"): shortened as your bridge players do
    return pgettext("Auction Bridge strain", "NT") if strain == "NT" else strain


#: each denomination's symbol (♠ … R♠, NT)
STRAIN_SYMBOLS = Words(lambda: {strain: strain_symbol(strain) for strain in ("S", "C", "D", "H", "R", "NT")})
