"""Jass (Schieber) for scorepad: settings and presets, card and Weis helpers, the Jass-Tafel, the rules.

What a screen uses (all pure):
- `Settings`, `PRESETS` — the ruleset and its presets; `Settings.bergpreis_mark` is half the target.
- `tafel(points) -> Tafel` and `Tafel.marks()` — the chalk-board breakdown (V = 500, 100s, 50, 20s, rest).
- `contract_label`, `suit_label`, `card_label`, `rank_label`, `parse_contract` — names in French or German-Swiss
  suits, in the language spoken; `suit_style` — which of the two: the player's `suits` preference, else the
  game's `suit_names` setting (an old file's default).
- `describe_meld`, `meld_points`, `melds_problem`, `sequence_problem` — a Weis as words, its points, and
  why a player could not hold it (before the entry is logged).
- `judge_weis` — which team writes Weis, and the sentence why.
- `CARD_POINTS`, `HAND_POINTS` (157), `other_team_points(x)` — card values and the 157 − x rule.
- `RULES.card_points(state, tricks_entry)` — both teams' card points of a tricks entry.
"""

from scorepad.rules.jass.cards import (
    CARD_POINTS,
    GERMAN_SUITS,
    HAND_POINTS,
    SUIT_SYMBOLS,
    SUITS,
    Declared,
    Tafel,
    WeisVerdict,
    card_label,
    contract_label,
    describe_meld,
    hand_points,
    judge_weis,
    meld_cards,
    meld_points,
    melds_problem,
    parse_contract,
    rank_label,
    sequence_problem,
    suit_label,
    suit_style,
    tafel,
)
from scorepad.rules.jass.rules import RULES, JassRules
from scorepad.rules.jass.scoring import Reach, first_to_reach
from scorepad.rules.jass.settings import ORDER_LABELS, PENALTY_KINDS, PENALTY_LABELS, PRESETS, Settings
from scorepad.rules.jass.state import JassState


def other_team_points(points: int) -> int:
    """The other team's card points: a hand has 157."""
    return HAND_POINTS - points


__all__ = [
    "CARD_POINTS", "GERMAN_SUITS", "HAND_POINTS", "ORDER_LABELS", "PENALTY_KINDS", "PENALTY_LABELS", "PRESETS",
    "RULES", "SUITS", "SUIT_SYMBOLS", "Declared", "JassRules", "JassState", "Reach", "Settings", "Tafel",
    "WeisVerdict", "card_label", "contract_label", "describe_meld", "first_to_reach", "hand_points", "judge_weis",
    "meld_cards", "meld_points", "melds_problem", "other_team_points", "parse_contract", "rank_label",
    "sequence_problem", "suit_label", "suit_style", "tafel",
]  # fmt: skip
