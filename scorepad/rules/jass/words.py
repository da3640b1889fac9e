"""Jass's tables of words (penalties, count orders, setting values …): each word looked up in the language spoken
when it is read, never at import, so a module-level table says what the table of players reads now."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TypeVar

K = TypeVar("K")


class Words(Mapping[K, str]):
    """A table whose values are words: `words[key]` is said in the language spoken now. Each value is given as a
    function that says it (`lambda: _("misdeal")`), so the catalogues find the message where it is written."""

    def __init__(self, words: Mapping[K, Callable[[], str]]) -> None:
        self._words = dict(words)

    def __getitem__(self, key: K) -> str:
        return self._words[key]()

    def __iter__(self) -> Iterator[K]:
        return iter(self._words)

    def __len__(self) -> int:
        return len(self._words)

    def __repr__(self) -> str:
        return f"Words({dict(self)!r})"
