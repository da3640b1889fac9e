"""What every game's shorthand readers share, with no Textual: the refusal they raise and how a name is found."""

from __future__ import annotations

from collections.abc import Sequence


class Refused(ValueError):
    """What the table typed cannot be logged (yet); the message says why.

    `field`: the id of the field to put right, where the reader knows it (a dialog moves the cursor there)."""

    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(message)
        self.field = field


def resolve_name(text: str, names: Sequence[str]) -> str | None:
    """A name from its seat number (1…n), its whole name or a unique beginning, any case."""
    text = text.strip()
    if not text:
        return None
    if text.isdigit() and 1 <= int(text) <= len(names):
        return names[int(text) - 1]
    lowered = text.casefold()
    exact = [n for n in names if n.casefold() == lowered]
    if exact:
        return exact[0]
    starts = [n for n in names if n.casefold().startswith(lowered)]
    return starts[0] if len(starts) == 1 else None
