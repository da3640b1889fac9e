"""Tables of Auction Bridge's words that screens look up by key (strains, setting labels): each lookup says them
in the language spoken at that moment, so a module-level table follows a change of language."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from scorepad.locale import pgettext


class SaidNow(Mapping[str, str]):
    """A read-only table whose words are made by `words()` at each lookup (its messages are marked there, with
    `_` or `pgettext`, and so translated in the language spoken now)."""

    __slots__ = ("_words",)

    def __init__(self, words: Callable[[], Mapping[str, str]]):
        self._words = words

    def __getitem__(self, key: str) -> str:
        return self._words()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._words())

    def __len__(self) -> int:
        return len(self._words())

    def __repr__(self) -> str:
        return f"SaidNow({dict(self._words())!r})"


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
STRAIN_NAMES = SaidNow(_strain_names)
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
STRAIN_SYMBOLS = SaidNow(
    lambda: {strain: strain_symbol(strain) for strain in ("S", "C", "D", "H", "R", "NT")}
)
