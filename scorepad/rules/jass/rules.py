"""Jass (Schieber): the rules — which entry may come (checks.py), how each is folded in, where it went for the
correction window. The state is in state.py, the scoring of hands, claims and penalties in scoring.py.

A hand is logged as `deal`, `trump`, then any `weis` (one entry per player) and `stoeck`, then
`tricks` — or a `claim` (bedanken) during the hand. The hand is scored as one row when its tricks
(or the claim) arrive; who reached the target first within the hand follows the count order
(Stöck – Wys – Stich). Penalties count when logged. "After the dealer" means the next player in
the header's seating order.

Readings settled here (rules/jass.md):
- The first to play is the player after the dealer, whether he named the trump or pushed; the
  `trump_then_seat` tie-break counts the seats from him.
- A Bedanken claim's `counted` is the team's card points in tricks so far **plus** the Weis and Stöck it
  has already shown, before the multiplier. The Weis it has shown are the Weis it writes (it won the Weis
  comparison); a team that lost the comparison has no Weis to count. So the card-point part is `counted`
  less what was shown, never negative and at most 157, and each part is multiplied as the ruleset says.
- A penalty counts the moment it is logged, before anything else of the hand in progress, and is a row of
  its own; a `penalties` table in the header replaces only the kinds it names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scorepad.locale import _
from scorepad.log import (
    Deal,
    Entry,
    Header,
    JassClaim,
    JassPenalty,
    JassStoeck,
    JassTricks,
    JassTrump,
    JassWeis,
)
from scorepad.rules import base
from scorepad.rules.jass import checks
from scorepad.rules.jass.scoring import score_claim, score_penalty, score_tricks
from scorepad.rules.jass.settings import PRESETS, Settings
from scorepad.rules.jass.state import JassState


class JassRules(base.Rules[JassState, Settings]):
    game = "jass"
    title = "Jass (Schieber)"
    settings_model = Settings
    presets = PRESETS
    min_players = 4
    max_players = 4
    partners_opposite = True
    deal_word = "hand"

    def settings(self, rules: Mapping[str, Any]) -> Settings:
        """The header's rules over a preset; a dict setting (multipliers …) keeps the keys it does not name."""
        values = dict(rules)
        preset = values.get("preset")
        if preset is not None:
            if preset not in PRESETS:
                raise ValueError(
                    _("unknown preset {preset} (presets: {presets})").format(
                        preset=repr(preset), presets=", ".join(PRESETS)
                    )
                )
            base_values = PRESETS[preset]
            merged = {**base_values, **values}
            for key, value in base_values.items():
                if isinstance(value, dict) and isinstance(values.get(key), dict):
                    merged[key] = {**value, **values[key]}
            values = merged
        return Settings(**values)

    def default_sides(self, players: tuple[str, ...], settings: Settings) -> dict[str, tuple[str, ...]]:
        return base.pairs_opposite(players)

    def new_state(
        self, header: Header, settings: Settings, sides: Mapping[str, tuple[str, ...]]
    ) -> JassState:
        return JassState(header, settings, sides)

    card_points = staticmethod(checks.card_points)

    def validate(self, state: JassState, entry: Entry) -> str | None:
        match entry:
            case JassClaim():  # the claim answers the table's open question: it may come while it is asked
                return checks.game_over(state) or checks.check_claim(state, entry)
            case Deal():
                return checks.game_goes_on(state) or checks.check_deal(state, entry)
            case JassTrump():
                return checks.game_goes_on(state) or checks.check_trump(state, entry)
            case JassWeis():
                return checks.game_goes_on(state) or checks.check_weis(state, entry)
            case JassStoeck():
                return checks.game_goes_on(state) or checks.check_stoeck(state, entry)
            case JassTricks():
                return checks.game_goes_on(state) or checks.check_tricks(state, entry)
            case JassPenalty():
                return checks.game_goes_on(state) or checks.check_penalty(state, entry)
        return _no_place(entry)

    def fold(self, state: JassState, entry: Entry, seq: int) -> str | None:
        """`validate`, and the entry folded in when it may come."""
        match entry:
            case Deal():
                reason = checks.game_goes_on(state) or checks.check_deal(state, entry)
                if reason is None:
                    _deal(state, entry)
                return reason
            case JassTrump():
                reason = checks.game_goes_on(state) or checks.check_trump(state, entry)
                if reason is None:
                    _trump(state, entry, seq)
                return reason
            case JassTricks():
                reason = checks.game_goes_on(state) or checks.check_tricks(state, entry)
                if reason is None:
                    score_tricks(state, entry, seq)
                return reason
            case JassWeis():
                reason = checks.game_goes_on(state) or checks.check_weis(state, entry)
                if reason is None:
                    if entry.late:
                        state.declared_late(entry)
                    else:
                        state.weis[entry.player] = (entry.melds, seq)
                return reason
            case JassStoeck():
                reason = checks.game_goes_on(state) or checks.check_stoeck(state, entry)
                if reason is None:
                    if entry.late:
                        state.declared_late(entry)
                    else:
                        state.stoeck = (entry.player, seq)
                return reason
            case JassPenalty():
                reason = checks.game_goes_on(state) or checks.check_penalty(state, entry)
                if reason is None:
                    score_penalty(state, entry, seq)
                return reason
            case JassClaim():
                reason = checks.game_over(state) or checks.check_claim(state, entry)
                if reason is None:
                    score_claim(state, entry, seq)
                return reason
        return _no_place(entry)

    # ------------------------------------------------------------------ corrections

    def correction_window(
        self, state: JassState, target: int, where: base.Where, trial: Callable[[], JassState | None]
    ) -> str | None:
        # the next hand's trump closes the window of the hand the entry was logged in
        openers = state.openers_after(target)
        hand = where.before if openers else 0
        if any(opened == hand + 1 for _seq, opened in openers):
            return _(
                "hand {hand}'s trump is named (a hand may be corrected until the next trump is named)"
            ).format(hand=hand + 1)
        return None

    def extra(self, state: JassState) -> dict[str, Any]:
        if not state.settings.bergpreis:
            return {}
        return {"bergpreis": state.bergpreis}


def _no_place(entry: Entry) -> str:
    return _("a {type} entry has no place in Jass").format(type=repr(entry.type))


def _deal(state: JassState, entry: Deal) -> None:
    if state.phase != "dealt":  # a deal over a dealt hand without trump is a redeal of that hand
        state.hand += 1
    state.dealer = entry.dealer
    state.contract = state.caller = state.trump_entry = None
    state.pushed = False
    state.weis, state.stoeck, state.void = {}, None, ()
    state.moved_on("dealt")


def _trump(state: JassState, entry: JassTrump, seq: int) -> None:
    state.contract, state.caller, state.pushed = entry.contract, entry.player, entry.pushed
    state.trump_entry = seq
    state.moved_on("trump")
    state.opened(seq, state.hand)


RULES = JassRules()
