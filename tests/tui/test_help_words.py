"""Every help page (F1 the laws in brief, F2 the table) of every game, preset and choice of setting speaks a card
player's words: no setting key or value as the program spells it (`failed_nullo_opponents`, `one_round`)."""

from __future__ import annotations

import re
import typing
from collections.abc import Iterator
from typing import Any

import pytest

from scorepad.help import laws_in_brief
from scorepad.rules import rules_for
from scorepad.rules.five_hundred.table import ruleset_markdown
from scorepad.tui.games.auction_bridge.screen import bridge_table
from scorepad.tui.games.jass.screen import jass_table_markdown

TABLES = {"five_hundred": ruleset_markdown, "jass": jass_table_markdown, "auction_bridge": bridge_table}
BACKTICKED = re.compile(r"`[^`\n]*`")
SNAKE_CASE = re.compile(r"\b[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+\b")


def rulesets(game: str) -> Iterator[tuple[str, Any]]:
    """The defaults, each preset, and each other value of every on/off or choice setting."""
    rules = rules_for(game)
    yield "defaults", rules.settings({})
    for preset in rules.presets:
        yield f"preset {preset}", rules.settings({"preset": preset})
    for name, info in rules.settings_model.model_fields.items():
        if name == "preset":
            continue
        kind = info.annotation
        values: tuple[Any, ...] = ()
        if kind is bool:
            values = (True, False)
        elif typing.get_origin(kind) is typing.Literal:
            values = typing.get_args(kind)
        for value in values:
            try:
                yield f"{name}={value}", rules.settings({name: value})
            except ValueError:  # a value the other settings do not allow with it
                continue


def pages() -> Iterator[Any]:
    for game, table in TABLES.items():
        for label, settings in rulesets(game):
            yield pytest.param(laws_in_brief(game, settings), id=f"{game} F1 {label}")
            yield pytest.param(table(settings), id=f"{game} F2 {label}")


def test_the_scan_sees_every_choice():
    ids = [param.id for param in pages()]
    assert "five_hundred F1 failed_nullo_opponents=nothing" in ids
    assert "jass F2 preset parlett_3000" in ids and "jass F1 weis_tiebreak=trump_then_seat" in ids
    assert "auction_bridge F1 chicane=True" in ids


@pytest.mark.parametrize("page", pages())
def test_a_help_page_names_no_setting_as_the_program_spells_it(page):
    assert not BACKTICKED.findall(page), BACKTICKED.findall(page)
    assert not SNAKE_CASE.findall(page), SNAKE_CASE.findall(page)


def test_the_scan_would_catch_a_setting_key():
    assert BACKTICKED.findall("setting `failed_nullo_opponents`: or nothing")
    assert SNAKE_CASE.findall("with card_points on") == ["card_points"]
    assert not SNAKE_CASE.findall("Stöck – Wys – Stich, 4♥ or 10 NT")


#: the program's own words, which a card player does not use of his score sheet
PROGRAM_WORDS = re.compile(
    r"\b(log|logged|logs|entry|entries|the app|stored|amend(?:ed)?|voided|re-derives)\b|scorepad keeps"
)


@pytest.mark.parametrize("game", list(TABLES))
def test_the_laws_in_brief_speak_of_the_score_not_of_the_program(game):
    rules = rules_for(game)
    page = laws_in_brief(game, rules.settings({}))
    assert not PROGRAM_WORDS.findall(page), PROGRAM_WORDS.findall(page)
    assert "Rank and value are stored separately" not in page
