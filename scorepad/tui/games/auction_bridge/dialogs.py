"""Auction Bridge dialogs: revoke and chicane for the next result, confirming stop/agree, correcting a result."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Input, Static

from scorepad.locale import N_, _, ngettext, pgettext
from scorepad.log import ABResult, Chicane, Honours, Revoke
from scorepad.rules.auction_bridge import Settings
from scorepad.rules.auction_bridge.scoring import TRICKS_IN_A_DEAL
from scorepad.tui.games.auction_bridge.codes import (
    honours_code,
    letter_of,
    parse_honours,
    parse_side,
    side_choices,
)
from scorepad.tui.games.auction_bridge.form import Extras
from scorepad.tui.plain import plain
from scorepad.tui.screens.form_dialog import FormDialog, Refused, labelled
from scorepad.tui.screens.modals import ConfirmScreen
from scorepad.tui.widgets.fields import YES, HintedInput, int_problem


class ExtrasFields:
    """The revoke and chicane fields: laid out and read alike in the F6 dialog and in a result's correction."""

    def __init__(
        self,
        dialog: FormDialog[Any],
        letters: Mapping[str, str],
        side_names: Mapping[str, str],
        settings: Settings,
    ):
        self.dialog = dialog
        self.letters = letters
        self.side_names = side_names
        self.settings = settings

    def _letter(self, side: str | None) -> str:
        return letter_of(side, self.letters) if side else ""

    def compose(self, extras: Extras) -> ComposeResult:
        sides = side_choices(self.letters, self.side_names)
        letters = " or ".join(self._letter(side) for side in self.side_names)
        revoke = extras.revoke
        chicane = extras.chicane
        choice = {"points": "p", "tricks": "t"}.get(revoke[1] if revoke and revoke[1] else "", "")
        revokers = [revoke[0], *extras.more_revokes] if revoke else []
        # each hint the fullest that fits its field (long side names, an 80-column screen): never cut
        yield labelled(
            _("revoke by"),
            HintedInput(
                " ".join(map(self._letter, revokers)),
                id="revoke-side",
                hints=[
                    _("{sides} or blank; two revokes: both letters").format(sides=sides),
                    _("{sides} or blank").format(sides=sides),
                    _("{sides} or blank").format(sides=letters),
                ],
            ),
        )
        yield labelled(
            _("declarer takes"),
            HintedInput(
                choice,
                id="revoke-choice",
                hints=[
                    ngettext(
                        "adversaries revoked: p {points} points, t {count} trick",
                        "adversaries revoked: p {points} points, t {count} tricks",
                        self.settings.revoke_tricks,
                    ).format(points=self.settings.revoke_penalty, count=self.settings.revoke_tricks),
                    ngettext(
                        "p {points} points or t {count} trick",
                        "p {points} points or t {count} tricks",
                        self.settings.revoke_tricks,
                    ).format(points=self.settings.revoke_penalty, count=self.settings.revoke_tricks),
                    _("p or t"),
                ],
            ),
        )
        if self.settings.chicane:
            yield labelled(
                _("chicane"),
                HintedInput(
                    self._letter(chicane[0] if chicane else None),
                    id="chicane-side",
                    hints=[
                        _("void of trumps: {sides} or blank").format(sides=sides),
                        _("{sides} or blank").format(sides=sides),
                        _("{sides} or blank").format(sides=letters),
                    ],
                ),
            )
            yield labelled(
                _("double chicane"),
                HintedInput(
                    "y" if chicane and chicane[1] else "",
                    id="chicane-double",
                    hints=[_("y: both its hands are void of trumps"), _("y: both hands void")],
                ),
            )

    def _text(self, field_id: str) -> str:
        found = self.dialog.query(f"#{field_id}")
        return found.first(Input).value.strip() if found else ""

    def _side(self, field_id: str) -> str:
        try:
            return parse_side(self._text(field_id), self.letters, self.side_names)
        except ValueError as error:
            raise Refused(str(error), field=field_id) from None

    def _revokers(self) -> tuple[str, ...]:
        """The sides that revoked, in turn: a side's letter or name; several revokes: a letter each ("w t" one
        by each side, "w w" a second by one side)."""
        text = self._text("revoke-side")
        try:
            return (parse_side(text, self.letters, self.side_names),)
        except ValueError:
            pieces = [piece for piece in re.split(r"[\s,;+]+", text) if piece]
        if len(pieces) == 1 and all(letter in self.letters for letter in pieces[0].casefold()):
            pieces = list(pieces[0].casefold())  # "wt": one revoke by each side
        try:
            return tuple(parse_side(piece, self.letters, self.side_names) for piece in pieces)
        except ValueError as error:
            raise Refused(
                _("{reason}; several revokes: a letter each").format(reason=error), field="revoke-side"
            ) from None

    def read(self) -> Extras:
        revoke = chicane = None
        more: tuple[str, ...] = ()
        if self._text("revoke-side"):
            side, *later = self._revokers()
            more = tuple(later)
            choice_text = self._text("revoke-choice").casefold()
            choices = {"p": "points", "points": "points", "t": "tricks", "tricks": "tricks", "": None}
            if choice_text not in choices:
                raise Refused(
                    _("declarer takes: p (points) or t (tricks), or blank when his own side revoked"),
                    field="revoke-choice",
                )
            revoke = (side, choices[choice_text])
        if self._text("chicane-side"):
            chicane = (self._side("chicane-side"), self._text("chicane-double").casefold() in YES)
        return Extras(revoke, chicane, more)


class IrregularitiesScreen(FormDialog[Extras]):
    """Revoke (and chicane, where the ruleset scores it) for the result about to be entered."""

    HEADING = N_("Revoke and chicane (they go with the next result)")
    HINT = N_("Enter saves · Esc leaves it as it was · blank fields: none")
    BOX_ID = "irregularities"

    def heading(self) -> str:
        return _(super().heading())

    def hint(self) -> str:
        return _(super().hint())

    def __init__(
        self, extras: Extras, letters: Mapping[str, str], side_names: Mapping[str, str], settings: Settings
    ):
        super().__init__()
        self.extras = extras
        self.fields = ExtrasFields(self, letters, side_names, settings)

    def compose_fields(self) -> ComposeResult:
        yield from self.fields.compose(self.extras)

    def read(self) -> Extras:
        return self.fields.read()


class AgreeScreen(ConfirmScreen):
    """The rubber's score agreed (Laws 12–13): after it, nothing of the rubber can be corrected."""

    BINDINGS = [
        Binding("y,enter", "agree", N_("Agree")),
        Binding("n,escape", "cancel", N_("Not yet")),
    ]
    QUESTION = N_("Agree the rubber's score?")
    HINT = N_("Once agreed, no entry of this rubber can be corrected any more (Laws 12, 13).")
    AGREE = N_("Agree (y)")
    BODY_ID = "agree-score"

    def __init__(self, reason: str):
        super().__init__(reason)
        # the words in the language spoken when the dialog opens
        self.QUESTION, self.HINT, self.AGREE = _(self.QUESTION), _(self.HINT), _(self.AGREE)


class StopScreen(FormDialog[str]):
    """Stop an unfinished rubber (Law 11), with an optional reason."""

    HEADING = N_("Stop the rubber here? (Law 11)")
    HINT = N_("Enter stops the rubber · Esc goes on playing")
    BOX_ID = "stop"

    def heading(self) -> str:
        return _(super().heading())

    def hint(self) -> str:
        return _(super().hint())

    def __init__(self, text: str):
        super().__init__()
        self.text = text

    def compose_fields(self) -> ComposeResult:
        yield Static(plain(self.text))
        yield Input(placeholder=_("reason (optional), then Enter"), id="stop-reason")

    def fill(self, value: str) -> None:
        self.query_one("#stop-reason", Input).value = value

    def read(self) -> str:
        return self.query_one("#stop-reason", Input).value.strip()


class ResultEditScreen(FormDialog[ABResult]):
    """Correct a deal's result the way it was typed: tricks and honours, and with the ruleset the revoke and
    chicane that went with it (as F6 asks them)."""

    HINT = N_(
        "Enter or Ctrl+S saves the correction · Esc cancels. An honours-only change may be made until the "
        "rubber is agreed (Law 12); a trick-score change only until a declaration in the following game "
        "(Law 13)."
    )
    BOX_ID = "result-edit"

    def hint(self) -> str:
        return _(super().hint())

    def __init__(
        self,
        seq: int,
        title: str,
        result: ABResult,
        strain: str,
        letters: Mapping[str, str],
        side_names: Mapping[str, str],
        settings: Settings | None = None,
    ):
        super().__init__()
        self.seq = seq
        self.title_text = title
        self.result = result
        self.strain = strain
        self.letters = letters
        self.side_names = side_names
        # without the ruleset the revoke and chicane are kept as they are
        self.extras = ExtrasFields(self, letters, side_names, settings) if settings is not None else None

    def heading(self) -> str:
        return _("Correct {entry}").format(entry=self.title_text)

    def compose_fields(self) -> ComposeResult:
        honours = self.result.honours
        code = honours_code(honours.side, honours.holding, self.letters) if honours else ""
        sides = side_choices(self.letters, self.side_names)
        yield labelled(
            pgettext("bridge field", "tricks"),
            HintedInput(
                str(self.result.tricks),
                id="edit-tricks",
                hints=[
                    _("won by the declarer's side, 0 to {most}").format(most=TRICKS_IN_A_DEAL),
                    _("0 to {most}").format(most=TRICKS_IN_A_DEAL),
                ],
            ),
        )
        yield labelled(
            pgettext("bridge field", "honours"),
            HintedInput(
                code,
                id="edit-honours",
                hints=[
                    _("side ({sides}) then the holding; blank: none").format(sides=sides),
                    _("side, then the holding; blank: none"),
                ],
            ),
        )
        if self.extras is not None:
            revoke, chicane = self.result.revoke, self.result.chicane
            yield from self.extras.compose(
                Extras(
                    revoke=(revoke.side, revoke.choice) if revoke else None,
                    chicane=(chicane.side, chicane.double) if chicane else None,
                    more_revokes=tuple(self.result.more_revokes),
                )
            )

    def fill(self, value: ABResult) -> None:
        """Filled as it is composed (with `result`)."""

    def read(self) -> ABResult:
        tricks_text = self.query_one("#edit-tricks", Input).value
        problem = int_problem(0, TRICKS_IN_A_DEAL, pgettext("bridge field", "tricks"))(tricks_text)
        if problem:
            raise Refused(problem, field="edit-tricks")
        try:
            honours = parse_honours(
                self.query_one("#edit-honours", Input).value, self.letters, self.side_names, self.strain
            )
        except ValueError as reason:
            raise Refused(str(reason), field="edit-honours") from None
        update: dict[str, Any] = {
            "tricks": int(tricks_text),
            "honours": Honours.model_validate({"side": honours[0], "holding": honours[1]})
            if honours
            else None,
            "seq": None,
            "at": None,
        }
        if self.extras is not None:
            extras = self.extras.read()
            revoke, chicane = extras.revoke, extras.chicane
            update["revoke"] = (
                Revoke.model_validate({"side": revoke[0], "choice": revoke[1]}) if revoke else None
            )
            update["chicane"] = Chicane(side=chicane[0], double=chicane[1]) if chicane else None
            update["more_revokes"] = extras.more_revokes if revoke else ()
        return self.result.model_copy(update=update)
