"""The Five Hundred ruleset: every number and option of the game (docs/log-format.md §3), and the packs it is
played with."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from scorepad.locale import N_, _, pgettext
from scorepad.rules.wording import Words

CARD_POINT_TARGETS = (1000, 1500)
TRICKS_PER_DEAL = 10  # every hand holds ten cards, whatever the number of players


class Settings(BaseModel):
    """One table's rules. The header's `rules` overrides any field; `{}` is the defaults (Avondale, to 500)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    preset: Literal["avondale", "original", "card_points_1000", "card_points_1500"] | None = Field(
        None,
        description=N_(
            "Named preset the other values start from (avondale, original, card_points_1000/1500)"
        ),
    )
    auction: Literal["one_round", "continuous"] = Field(
        "one_round",
        description=N_(
            "The auction: one call each, the dealer last (one_round), or round and round until all but one "
            "have passed (continuous)"
        ),
    )
    schedule: Literal["avondale", "original"] = Field(
        "avondale",
        description=N_(
            "Bid values: avondale (base + 100 per trick over six) or original (base times tricks over five)"
        ),
    )
    target: int = Field(500, gt=0, description=N_("Points that win the game (1000 or 1500 with card points)"))
    card_points: bool = Field(
        False, description=N_("Every side also scores the card points it wins in tricks")
    )
    slam_bonus: bool = Field(True, description=N_("Taking all ten tricks scores at least the slam value"))
    slam_value: int = Field(250, gt=0, description=N_("What a slam scores when the bid is worth less"))
    trick_value: int = Field(10, gt=0, description=N_("Points an opponent scores for each trick"))
    defenders_score: Literal["always", "never", "when_set"] = Field(
        "always",
        description=N_("When the contractor's opponents score their tricks: always, never, or only when set"),
    )
    defenders_cap: bool = Field(
        False,
        description=N_(
            "Opponents cannot pass the target less one trick (490) on tricks: they must win a bid"
        ),
    )
    nullo: bool = Field(True, description=N_("Nullo and open nullo may be bid"))
    nullo_value: int = Field(250, gt=0, description=N_("Value of nullo (ranks between 8♠ and 8♣)"))
    open_nullo_value: int = Field(
        500, gt=0, description=N_("Value of open nullo (ranks between 10♦ and 10♥)")
    )
    failed_nullo_opponents: Literal["per_trick", "nothing"] = Field(
        "per_trick",
        description=N_("A failed nullo gives each opponent a trick's value per trick the contractor took"),
    )
    all_pass: Literal["redeal", "no_trump"] = Field(
        "redeal", description=N_("All players pass: the deal passes on unscored, or is played at no trump")
    )
    must_bid_to_win: bool = Field(
        False, description=N_("A side wins only by reaching the target with a bid of its own that it made")
    )
    minus_target: Literal["out_of_contention", "ends_game"] = Field(
        "out_of_contention",
        description=N_(
            "A side at minus the target loses; with three or more sides it only drops out (or the game ends)"
        ),
    )
    six_hand_sides: Literal["two_threes", "three_twos"] = Field(
        "two_threes",
        description=N_("Six players: two sides of three (alternate seats) or three of two (opposite seats)"),
    )

    @model_validator(mode="before")
    @classmethod
    def _card_points_default_target(cls, data: Any) -> Any:
        """The card-point variant without a target given is played to 1000 (rules: "Card-point variant")."""
        if isinstance(data, dict) and data.get("card_points") is True and "target" not in data:
            return {**data, "target": CARD_POINT_TARGETS[0]}
        return data

    @model_validator(mode="after")
    def _coherent(self) -> Settings:
        if self.card_points and self.target not in CARD_POINT_TARGETS:
            raise ValueError(
                _(
                    "the card-point variant is played to 1000 or 1500, not {target}: set target to 1000 or 1500"
                ).format(target=self.target)
            )
        if self.target <= self.trick_value:
            raise ValueError(
                _("a target of {target} is reached by a single trick: it must exceed {trick}").format(
                    target=self.target, trick=self.trick_value
                )
            )
        return self

    @property
    def defenders_cap_points(self) -> int:
        """The most opponents may reach on tricks when `defenders_cap` is on (490 for a game of 500)."""
        return self.target - self.trick_value


# the settings in a card player's words (scorepad.rules.wording says them in the language spoken)
SETTING_LABELS: Mapping[str, str] = Words(
    lambda: {
        "preset": _("preset"),
        "auction": "",
        "schedule": "",
        "target": pgettext("setting", "game"),  # the points to reach ("game" is also a kind of game)
        "card_points": _("card points"),
        "slam_bonus": _("slam bonus"),
        "slam_value": _("slam worth"),
        "trick_value": _("a trick to an opponent"),
        "defenders_score": _("opponents score their tricks"),
        "defenders_cap": _("opponents stop short of game"),
        "nullo": _("nullo"),
        "nullo_value": _("nullo worth"),
        "open_nullo_value": _("open nullo worth"),
        "failed_nullo_opponents": _("failed nullo"),
        "all_pass": _("all pass"),
        "must_bid_to_win": _("must bid to win"),
        "minus_target": "",
        "six_hand_sides": _("six players"),
    }
)
VALUE_WORDS: Mapping[str, Mapping[Any, str]] = {
    "preset": Words(
        lambda: {
            "avondale": _("Avondale"),
            "original": _("original"),
            "card_points_1000": _("card points to 1000"),
            "card_points_1500": _("card points to 1500"),
            None: _("none"),
        }
    ),
    "auction": Words(
        lambda: {"one_round": _("one round of bidding"), "continuous": _("bidding round and round")}
    ),
    "schedule": Words(lambda: {"avondale": _("Avondale schedule"), "original": _("original schedule")}),
    "defenders_score": Words(
        lambda: {"always": _("always"), "never": _("never"), "when_set": _("only when the bid is set")}
    ),
    "failed_nullo_opponents": Words(
        lambda: {
            "per_trick": _("opponents score per trick taken"),
            "nothing": _("opponents score nothing"),
        }
    ),
    "all_pass": Words(lambda: {"redeal": _("redeal"), "no_trump": _("played at no trump")}),
    "minus_target": Words(
        lambda: {
            "out_of_contention": _("minus the game: out of the running"),
            "ends_game": _("minus the game: it ends"),
        }
    ),
    "six_hand_sides": Words(
        lambda: {"two_threes": _("two sides of three"), "three_twos": _("three sides of two")}
    ),
}

PRESETS: dict[str, dict[str, object]] = {
    "avondale": {},
    "original": {"schedule": "original"},
    "card_points_1000": {"card_points": True, "target": 1000},
    "card_points_1500": {"card_points": True, "target": 1500},
}


# ---------------------------------------------------------------------------------------------- packs
# The pack for each table size (10 cards a hand, 3 in the widow). Card points: ace 1, K Q J 10 ten each,
# other cards their pips, joker 0. These are facts of the pack, not options of the ruleset.
HONOURS = ("K", "Q", "J", "10")
PACKS: dict[int, tuple[str, dict[str, tuple[str, ...]]]] = {
    # players: (description, marked: `deck_description` says it; suit -> ranks); every pack also holds one joker
    2: (
        N_("33 cards: A–7 in each suit and the joker (the three-hand pack; the third hand is dead)"),
        dict.fromkeys("SCDH", ("A", "K", "Q", "J", "10", "9", "8", "7")),
    ),
    3: (
        N_("33 cards: A–7 in each suit and the joker"),
        dict.fromkeys("SCDH", ("A", "K", "Q", "J", "10", "9", "8", "7")),
    ),
    4: (
        N_("43 cards: A–5 in each suit, the red fours and the joker"),
        {
            **dict.fromkeys("SC", ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5")),
            **dict.fromkeys("DH", ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4")),
        },
    ),
    5: (
        N_("53 cards: the full pack and the joker"),
        dict.fromkeys("SCDH", ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")),
    ),
    6: (
        N_("63 cards: the full pack with elevens and twelves in each suit, the red thirteens and the joker"),
        {
            **dict.fromkeys(
                "SC", ("A", "K", "Q", "J", "12", "11", "10", "9", "8", "7", "6", "5", "4", "3", "2")
            ),
            **dict.fromkeys(
                "DH", ("A", "K", "Q", "J", "13", "12", "11", "10", "9", "8", "7", "6", "5", "4", "3", "2")
            ),
        },
    ),
}


def card_point(rank: str) -> int:
    if rank == "A":
        return 1
    if rank in HONOURS:
        return 10
    return int(rank)  # pip cards, including the six-hand pack's 11, 12 and 13


def deck_points(players: int) -> int | None:
    """All the card points in the pack for this many players (3 players: 260; None: no pack for that many)."""
    if players not in PACKS:
        return None
    _, suits = PACKS[players]
    return sum(card_point(rank) for ranks in suits.values() for rank in ranks)


def deck_description(players: int) -> str:
    """The pack for this many players in words, in the language spoken."""
    if players in PACKS:
        return _(PACKS[players][0])
    return _("no Five Hundred pack for {count} players").format(count=players)
