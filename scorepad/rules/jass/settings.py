"""Jass settings: every number and option a table may vary, and the four presets of the rules file.

The card values (Jack 20 in trumps, Nell 14 …) are the deck's, not a house rule: they live in
`cards.py` and the 157 points of a hand are derived from them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from scorepad.locale import N_, _, pgettext
from scorepad.log import JassContract, Rank
from scorepad.rules.wording import Words

PenaltyKind = Literal["uncut_deck", "misdeal", "out_of_turn", "wrong_play", "false_weis"]
PENALTY_KINDS: tuple[PenaltyKind, ...] = get_args(PenaltyKind)
#: each penalty as the sheet names it ("custom": a free correction of the score)
PENALTY_LABELS = Words(
    lambda: {
        "uncut_deck": _("deck not cut"),
        "misdeal": pgettext("Jass penalty", "misdeal"),
        "out_of_turn": _("playing out of turn"),
        "wrong_play": pgettext("Jass penalty", "wrong play"),
        "false_weis": _("wrongly declared Weis"),
        "custom": pgettext("Jass penalty", "correction"),
    }
)
#: the count orders in words
ORDER_LABELS = Words(
    lambda: {
        # Translators: the order Jass counts a hand in: Stöck, then Weis, then the tricks (Swiss German words)
        "stoeck_weis_tricks": _("Stöck – Wys – Stich"),
        "stoeck_tricks_weis": _("Stöck – Stich – Wys"),
    }
)

CLASSIC_MULTIPLIERS: dict[JassContract, int] = {
    "hearts": 1,
    "diamonds": 1,
    "clubs": 2,
    "spades": 2,
    "obenabe": 3,
    "undenufe": 3,
}
FLAT_MULTIPLIERS: dict[JassContract, int] = dict.fromkeys(get_args(JassContract), 1)
PARLETT_MULTIPLIERS: dict[JassContract, int] = {**CLASSIC_MULTIPLIERS, "undenufe": 4}
# the source document's penalty table (points to the opposing team)
DEFAULT_PENALTIES: dict[PenaltyKind, int] = {
    "uncut_deck": 50,
    "misdeal": 100,
    "out_of_turn": 20,
    "wrong_play": 100,
    "false_weis": 50,
}
DEFAULT_SEQUENCE_POINTS: dict[int, int] = {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}
DEFAULT_FOUR_POINTS: dict[Rank, int] = {
    "A": 100,
    "K": 100,
    "Q": 100,
    "J": 200,
    "10": 100,
    "9": 150,
    "8": 100,
    "7": 100,
    "6": 100,
}

PRESETS: dict[str, dict[str, Any]] = {
    "classic_2500": {"target": 2500, "multipliers": CLASSIC_MULTIPLIERS},
    "flat_1000": {"target": 1000, "multipliers": FLAT_MULTIPLIERS},
    "srf_1000": {"target": 1000, "multipliers": CLASSIC_MULTIPLIERS},
    "parlett_3000": {"target": 3000, "multipliers": PARLETT_MULTIPLIERS},
}
# the settings in a card player's words (scorepad.rules.wording)
SETTING_LABELS: Mapping[str, str] = Words(
    lambda: {
        "preset": pgettext("Jass setting", "preset"),
        "target": pgettext("Jass setting", "game"),
        "multipliers": pgettext("Jass setting", "multipliers"),
        "multiply_weis": _("Weis multiplied"),
        "multiply_stoeck": _("Stöck multiplied"),
        "match_points": pgettext("Jass setting", "Match"),
        "weis_tiebreak": _("Weis tie"),
        "penalties": pgettext("Jass setting", "penalties"),
        "count_order": "",  # the order's words say it all
        "bergpreis": pgettext("Jass setting", "Bergpreis"),
        "suit_names": pgettext("Jass setting", "suits"),
        "stoeck_points": pgettext("Jass setting", "Stöck"),
        "sequence_points": pgettext("Jass setting", "sequences"),
        "four_points": _("four of a rank"),
    }
)
VALUE_WORDS: Mapping[str, Mapping[Any, str]] = {
    "preset": Words(
        lambda: {
            "classic_2500": _("classic 2500"),
            "flat_1000": _("flat 1000"),
            "srf_1000": _("SRF 1000"),
            "parlett_3000": _("Parlett 3000"),
        }
    ),
    "multipliers": Words(
        lambda: {
            "hearts": "♥",  # not words: the screens show the suits' symbols
            "diamonds": "♦",
            "clubs": "♣",
            "spades": "♠",
            "obenabe": _("Obenabe"),
            "undenufe": _("Undenufe"),
        }
    ),
    "weis_tiebreak": Words(
        lambda: {
            "suit_ladder": _("suit ladder ♥ ♦ ♣ ♠"),
            "trump_then_seat": _("trump, then the earlier seat"),
        }
    ),
    "penalties": Words(
        lambda: {
            "uncut_deck": _("uncut deck"),
            "misdeal": pgettext("Jass penalty", "misdeal"),
            "out_of_turn": _("out of turn"),
            "wrong_play": pgettext("Jass penalty", "wrong play"),
            "false_weis": _("false Weis"),
        }
    ),
    "count_order": ORDER_LABELS,
    "suit_names": Words(
        lambda: {
            "french": "♥ ♦ ♣ ♠",  # not words: the suits' symbols
            # Translators: the German-Swiss suits (as ♥ ♦ ♣ ♠); French «roses, grelots, glands, écus»
            "german": _("Rosen, Schellen, Eicheln, Schilten"),
        }
    ),
    "four_points": Words(
        lambda: {
            "A": pgettext("card rank", "A"),
            "K": pgettext("card rank", "K"),
            "Q": pgettext("card rank", "Q"),
            "J": pgettext("card rank", "J"),
            "10": "10",  # not words: the ranks 10 to 6 are figures in every language
            "9": "9",
            "8": "8",
            "7": "7",
            "6": "6",
        }
    ),
    "sequence_points": Words(
        lambda: {
            3: _("3 in a row"),
            4: _("4 in a row"),
            5: _("5 in a row"),
            6: _("6 in a row"),
            7: _("7 in a row"),
            8: _("8 in a row"),
            9: _("9 in a row"),
        }
    ),
}

# dict-valued settings: a header that names some keys keeps the rest from the preset / default
DICT_DEFAULTS: dict[str, dict[Any, int]] = {
    "multipliers": CLASSIC_MULTIPLIERS,
    "penalties": DEFAULT_PENALTIES,
    "sequence_points": DEFAULT_SEQUENCE_POINTS,
    "four_points": DEFAULT_FOUR_POINTS,
}


class Settings(BaseModel):
    """The Jass ruleset (docs/log-format.md §3). Defaults: the `classic_2500` preset and the source document."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    preset: Literal["classic_2500", "flat_1000", "srf_1000", "parlett_3000"] = Field(
        "classic_2500",
        description=N_(
            "Named preset: target and multipliers (classic 2500, flat 1000, SRF 1000, Parlett 3000)"
        ),
    )
    target: int = Field(2500, ge=1, description=N_("A team wins when its total reaches this many points"))
    multipliers: dict[JassContract, int] = Field(
        default_factory=lambda: dict(CLASSIC_MULTIPLIERS),
        description=N_("Factor per contract (hearts, diamonds, clubs, spades, obenabe, undenufe)"),
    )
    multiply_weis: bool = Field(True, description=N_("Weis are multiplied by the contract's factor"))
    multiply_stoeck: bool = Field(True, description=N_("Stöck are multiplied by the contract's factor"))
    match_points: int = Field(
        257, description=N_("What a team writes for taking all nine tricks (157, 207 or 257)")
    )
    weis_tiebreak: Literal["suit_ladder", "trump_then_seat"] = Field(
        "suit_ladder",
        description=N_(
            "Equal Weis: suit ladder (hearts > diamonds > clubs > spades) or trump, then the earlier seat"
        ),
    )
    penalties: dict[PenaltyKind, int] = Field(
        default_factory=lambda: dict(DEFAULT_PENALTIES),
        description=N_(
            "Points to the opposing team per offence (uncut deck, misdeal, out of turn, wrong play, false Weis)"
        ),
    )
    count_order: Literal["stoeck_weis_tricks", "stoeck_tricks_weis"] = Field(
        "stoeck_weis_tricks",
        description=N_(
            "Who reached the target first within a hand: Stöck – Wys – Stich, or Stöck – Stich – Wys"
        ),
    )
    bergpreis: bool = Field(
        False, description=N_("The first team to reach half the target gets a stroke (shown, not added)")
    )
    suit_names: Literal["french", "german"] = Field(
        "french",
        description=N_(
            "The suits' names for a player who has not chosen his own (the suits preference): ♥ ♦ ♣ ♠ or "
            "Rosen, Eicheln, Schellen, Schilten"
        ),
    )
    stoeck_points: int = Field(20, ge=0, description=N_("Stöck: king and queen of trumps"))
    sequence_points: dict[int, int] = Field(
        default_factory=lambda: dict(DEFAULT_SEQUENCE_POINTS),
        description=N_("Weis points of a sequence of 3 … 9 cards in one suit"),
    )
    four_points: dict[Rank, int] = Field(
        default_factory=lambda: dict(DEFAULT_FOUR_POINTS),
        description=N_("Weis points of four cards of a rank (0: not a Weis at this table)"),
    )

    @model_validator(mode="before")
    @classmethod
    def _complete_dicts(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        data = dict(data)
        for key, default in DICT_DEFAULTS.items():
            given = data.get(key)
            if isinstance(given, dict):
                if key == "sequence_points":  # JSON keys are strings: "3" means 3
                    given = {int(k) if isinstance(k, str) and k.isdigit() else k: v for k, v in given.items()}
                data[key] = {**default, **given}
        return data

    @model_validator(mode="after")
    def _consistent(self) -> Settings:
        bad = {c: f for c, f in self.multipliers.items() if f < 1}
        if bad:
            raise ValueError(_("a multiplier must be at least 1, not {factors}").format(factors=bad))
        if self.match_points < 157:
            raise ValueError(
                _("a Match is worth at least the 157 card points of the hand, not {points}").format(
                    points=self.match_points
                )
            )
        if any(points < 0 for points in self.penalties.values()):
            raise ValueError(
                _("a penalty cannot give negative points (log a custom penalty for a correction)")
            )
        if sorted(self.sequence_points) != list(range(3, 10)):
            raise ValueError(_("sequence points are needed for exactly the lengths 3 to 9"))
        lengths = sorted(self.sequence_points)
        for short, long in zip(lengths, lengths[1:], strict=False):
            if self.sequence_points[long] < self.sequence_points[short]:
                raise ValueError(
                    _(
                        "a sequence of {long} ({long_points}) cannot be worth less than a sequence of {short} "
                        "({short_points})"
                    ).format(
                        long=long,
                        long_points=self.sequence_points[long],
                        short=short,
                        short_points=self.sequence_points[short],
                    )
                )
        if self.sequence_points[3] <= 0:
            raise ValueError(_("a sequence of three must be worth something"))
        if any(points < 0 for points in self.four_points.values()):
            raise ValueError(_("four of a rank cannot be worth negative points"))
        return self

    @property
    def bergpreis_mark(self) -> int:
        """Half the target, rounded up: the Bergpreis goes to the first team at or past it."""
        return (self.target + 1) // 2
