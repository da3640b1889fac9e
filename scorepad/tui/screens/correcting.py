"""What a correction would do, in words: shared by the form correcting a deal and the dialogs correcting the rest.

A dialog the table types an entry in (an irregularity, a penalty, a claim, a bridge result …) corrects a logged
one when handed a `Correcting`: it opens filled with the entry's values, reads what is typed with its own checks,
and shows under its fields what saving would do. That line comes from `Replayer.preview_correction`: the rules
say whether the correction may come (scored again, too late by the laws, refused and why), never the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from pydantic import ValidationError

from scorepad.locale import _
from scorepad.log import Amend, Entry, amend_model
from scorepad.rules.base import Replayer
from scorepad.tui.shorthand import Refused

T = TypeVar("T")

#: the fields of an entry no dialog or form shows (the log's own)
LOG_FIELDS = {"seq", "at", "type"}


@dataclass(frozen=True, slots=True)
class Said:
    """What saving a correction would do, in words; `refused` when the rules refuse it outright (not merely too
    late: the table may still agree to that)."""

    text: str
    refused: bool = False


def replacement_for(current: Entry, typed: Entry) -> Entry:
    """`current` with what was typed: the fields typed are replaced, the others kept (the table's answer to a
    question, say, or a note, which the dialog does not ask again)."""
    data = current.model_dump(exclude=LOG_FIELDS | set(typed.model_fields_set))
    data.update(typed.model_dump(include=typed.model_fields_set - LOG_FIELDS))
    return type(current).model_validate({"type": current.type, **data})


def same(a: Entry, b: Entry) -> bool:
    return a.model_dump(exclude=LOG_FIELDS) == b.model_dump(exclude=LOG_FIELDS)


def refusal_of(game: Replayer, amendments: Sequence[Amend]) -> str | None:
    """Why the rules refuse these amendments outright (None when they may come, if only by the table's leave)."""
    if not amendments:
        return None
    preview = game.preview_correction(*amendments)
    return preview.refusal if preview.refusal and not preview.overridable else None


def say_correction(game: Replayer, amendments: Sequence[Amend]) -> Said:
    """What logging these amendments would do: the rules' refusal, or the laws' "too late" (the table may still
    agree), the deal scored again, the totals, the entries it would leave refused and a game it would end."""
    if not amendments:
        return Said(_("As logged: change a field to correct it."))
    preview = game.preview_correction(*amendments)
    if preview.refusal and not preview.overridable:
        return Said(_("Refused: {reason}").format(reason=preview.refusal), refused=True)
    sheet = game.sheet()
    names = sheet.side_names
    lines = []
    if preview.refusal:
        lines.append(
            _("Too late by the laws: {reason}. Saving asks whether the table agrees.").format(
                reason=preview.refusal
            )
        )
    for row in preview.rows[:1]:
        deltas = "  ".join(f"{names.get(s, s)} {row.delta.get(s, 0):+d}" for s in sheet.sides)
        lines.append(_("Scored again: {deal} — {changes}").format(deal=sheet.said(row), changes=deltas))
    totals = " · ".join(_total(names.get(s, s), sheet.totals[s], preview.totals[s]) for s in sheet.sides)
    lines.append(_("Totals: {totals}").format(totals=totals))
    if preview.knock_on:
        lines.append(
            _("It leaves {entries} refused: {reason}").format(
                entries=", ".join(game.entry_label(r.seq) for r in preview.knock_on),
                reason=preview.knock_on[0].reason,
            )
        )
    if preview.finished and not sheet.finished:
        lines.append(_("and ends the game: {result}").format(result=preview.result))
    elif preview.finished and preview.result != sheet.result:
        lines.append(_("and then the game ends: {result}").format(result=preview.result))
    elif sheet.finished and not preview.finished:
        lines.append(_("and the game is no longer over: play goes on"))
    return Said("\n".join(lines))


def _total(name: str, before: int, after: int) -> str:
    return (
        f"{name} {after}"
        if after == before
        else _("{name} {after} (was {before})").format(name=name, after=after, before=before)
    )


@dataclass(frozen=True)
class Correcting(Generic[T]):
    """A dialog's value `T` correcting logged entry `seq`: what the dialog opens with, its title, and how what it
    reads becomes the replacement entry (only the fields the dialog asks; the others are kept)."""

    game: Replayer
    seq: int
    current: Entry
    initial: T
    title: str
    to_entry: Callable[[T], Entry]

    def amendments(self, value: T) -> list[Amend]:
        """The amendment `value` stands for, or none when it leaves the entry as it is. Raises `Refused` when
        the entry would not read (the dialog's checks should have said so first)."""
        try:
            replacement = replacement_for(self.current, self.to_entry(value))
        except ValidationError as error:
            raise Refused(error.errors()[0]["msg"].removeprefix("Value error, ")) from None
        if same(replacement, self.current):
            return []
        return [amend_model(self.game.header.game)(target=self.seq, entry=replacement)]

    def said(self, value: T) -> Said:
        return say_correction(self.game, self.amendments(value))

    def refusal(self, value: T) -> str | None:
        return refusal_of(self.game, self.amendments(value))
