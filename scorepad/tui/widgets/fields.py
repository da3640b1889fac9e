"""Small input helpers every entry form uses: players by initial, numbers in a range."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.cells import cell_len
from textual.suggester import Suggester
from textual.validation import ValidationResult, Validator
from textual.widgets import Input

from scorepad.locale import _
from scorepad.tui.shorthand import resolve_name

#: what a yes/no field takes as yes (j: ja)
YES = ("y", "yes", "j", "1", "true")


class NameValidator(Validator):
    def __init__(self, names: Callable[[], Sequence[str]], what: str = "player", optional: bool = False):
        super().__init__()
        self.names = names
        self.what = what
        self.optional = optional

    def validate(self, value: str) -> ValidationResult:
        if not value.strip() and self.optional:
            return self.success()
        if resolve_name(value, self.names()):
            return self.success()
        return self.failure(
            _("which {what}? one of {names} (a first letter is enough)").format(
                what=self.what, names=", ".join(self.names())
            )
        )


class ParseValidator(Validator):
    """Valid when `parse(value)` gives no error sentence."""

    def __init__(self, problem: Callable[[str], str | None]):
        super().__init__()
        self.problem = problem

    def validate(self, value: str) -> ValidationResult:
        problem = self.problem(value)
        return self.success() if problem is None else self.failure(problem)


class SuggestFromNames(Suggester):
    """Completes from the names as they are now (a rename mid-game changes them), first match in seat order."""

    def __init__(self, names: Callable[[], Sequence[str]]):
        super().__init__(use_cache=False, case_sensitive=False)
        self.names = names

    async def get_suggestion(self, value: str) -> str | None:
        # `value` comes casefolded (case_sensitive=False); the suggestion keeps the name's own spelling
        return next((name for name in self.names() if name.casefold().startswith(value)), None)


class HintedInput(Input):
    """An Input whose hint is the fullest of several that fits it (`offer_placeholders`): never cut at 80
    columns, with long names or a narrow dialog."""

    def __init__(self, *args: Any, hints: Sequence[str] = (), **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._placeholders: tuple[str, ...] = ()
        if hints:
            self.offer_placeholders(*hints)

    def offer_placeholders(self, *choices: str) -> None:
        """Hints from the fullest to the shortest ("blank: Annabel", "Annabel"): the first that fits the field is
        shown, again at each resize, so a hint is never cut at 80 columns."""
        self._placeholders = choices
        self._fit_placeholder()

    def on_resize(self) -> None:
        self._fit_placeholder()

    def _fit_placeholder(self) -> None:
        if not self._placeholders:
            return
        room = self.content_region.width
        if not room:  # not laid out yet: the fullest, fitted at the first resize
            self.placeholder = self._placeholders[0]
            return
        self.placeholder = next(
            (hint for hint in self._placeholders if cell_len(hint) <= room), self._placeholders[-1]
        )


class NameInput(HintedInput):
    """An Input for a player or a side, completing from the names."""

    def __init__(
        self, names: Callable[[], Sequence[str]], what: str = "player", optional: bool = False, **kwargs: Any
    ):
        super().__init__(
            validators=[NameValidator(names, what, optional)],
            suggester=SuggestFromNames(names),
            **kwargs,
        )
        self.names = names

    @property
    def resolved(self) -> str | None:
        return resolve_name(self.value, self.names())


def int_problem(low: int, high: int, what: str) -> Callable[[str], str | None]:
    def problem(value: str) -> str | None:
        value = value.strip()
        try:
            number = int(value)
        except ValueError:
            return _("{what}: a number from {low} to {high}").format(what=what, low=low, high=high)
        if not low <= number <= high:
            return _("{what}: {number} is not between {low} and {high}").format(
                what=what, number=number, low=low, high=high
            )
        return None

    return problem


#: the header's icon: a spade, in every terminal font and every browser's (Textual's ⭘ is a missing-glyph box there)
HEADER_ICON = "♠"
