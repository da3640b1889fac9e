"""Everything the rules say outside a deal, listed: the settings and their values in words, the rule pages and
tables, how typed calls and contracts read, what a bad header, name or table is told. Kept beside the walks'
transcripts (tests/rules/test_walks.py): each line is a question and the rules' answer, word for word."""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel

from scorepad.locale import set_language
from scorepad.log import HONOUR_HOLDINGS, JASS_CONTRACTS, NT_HONOUR_HOLDINGS, RANKS, Header, SequenceMeld
from scorepad.rules import rules_for
from scorepad.rules import wording as w
from scorepad.rules.auction_bridge import calls as ab_calls
from scorepad.rules.auction_bridge import scoring as ab_scoring
from scorepad.rules.auction_bridge import settings as ab_settings
from scorepad.rules.auction_bridge import table as ab_table
from scorepad.rules.auction_bridge import words as ab_words
from scorepad.rules.auction_bridge.settings import Settings as BridgeSettings
from scorepad.rules.five_hundred import calls as fh_calls
from scorepad.rules.five_hundred import settings as fh_settings
from scorepad.rules.five_hundred import table as fh_table
from scorepad.rules.header import header_problem, players_problem, sides_problem
from scorepad.rules.jass import cards as jass_cards
from scorepad.rules.jass import settings as jass_settings
from scorepad.rules.jass import table as jass_table
from scorepad.rules.names import (
    clash_problem,
    json_safe,
    look_alike,
    name_key,
    name_problem,
    names_clash_problem,
    text_problem,
    unsafe_characters,
    visible,
)
from tests.rules.walks.transcript import show

GAMES = ("five_hundred", "jass", "auction_bridge")

WORD_TABLES: dict[str, Mapping[Any, str]] = {
    "jass penalties": jass_settings.PENALTY_LABELS,
    "jass count orders": jass_settings.ORDER_LABELS,
    "jass settings": jass_settings.SETTING_LABELS,
    "bridge settings": ab_settings.SETTING_LABELS,
    "bridge strains": ab_words.STRAIN_NAMES,
    "bridge symbols": ab_words.STRAIN_SYMBOLS,
}

HOSTILE = [
    "Ann",
    "",
    " ",
    "A" * 41,
    "Ann\x1b[31m",
    "Ann\u202eeve",
    "Ann\nBob",
    "Zoë",
    "Аnn",  # a Cyrillic А
    "Ann\u200b",
    "\x07bell",
    "Ann \ud800",
    "Ann\tTab",
    "ＡＮＮ",
    "Bob & Cid",
    "ｂｏｂ",
]


def answer(function: Callable[..., Any], *args: Any, **kwargs: Any) -> str:
    try:
        return show(function(*args, **kwargs))
    except Exception as error:  # a refusal is an answer too: its words are kept
        return f"{type(error).__name__}: {error}"


def settings_words(game: str) -> list[str]:
    model: type[BaseModel] = rules_for(game).settings_model
    lines = [f"turn order hint: {answer(w.turn_order_hint, game)}"]
    lines.append(f"unknown setting: {answer(w.unknown_setting_message, game, 'colour', model)}")
    defaults = rules_for(game).settings({})
    for name, field in model.model_fields.items():
        lines.append(
            f"{name}: {answer(w.setting_label, game, name)} | {answer(w.setting_description, game, name)}"
        )
        values: list[Any] = [getattr(defaults, name)]
        for arg in typing.get_args(field.annotation):
            values += list(typing.get_args(arg)) or []
        if field.annotation is bool:
            values.append(not getattr(defaults, name))
        values += [None, 7]
        for value in values:
            lines.append(
                f"  {show(value)}: {answer(w.value_words, game, name, value)} | "
                f"{answer(w.setting_phrase, game, name, value)}"
            )
    presets = rules_for(game).presets
    for preset in [None, *presets]:
        settings = rules_for(game).settings({} if preset is None else {"preset": preset})
        lines.append(f"preset {preset}: {answer(w.settings_phrases, game, settings)}")
    return lines


def five_hundred_words() -> list[str]:
    lines: list[str] = []
    for preset in [None, *fh_settings.PRESETS]:
        settings = fh_settings.Settings.model_validate({} if preset is None else {"preset": preset})
        lines.append(f"ruleset {preset}: {answer(fh_table.ruleset_markdown, settings)}")
        lines.append(f"schedule {preset}: {answer(fh_calls.schedule_table, settings)}")
        calls = fh_calls.all_calls(settings)
        lines.append(
            f"calls {preset}: {show([(c, fh_calls.display_call(c), fh_calls.bid_value(c, settings)) for c in calls])}"
        )
        lines.append(f"above 8S {preset}: {answer(fh_calls.calls_above, '8S', settings)}")
    for players in range(1, 8):
        lines.append(
            f"deck {players}: {answer(fh_settings.deck_points, players)} {answer(fh_settings.deck_description, players)}"
        )
    for rank in ["A", "K", "Q", "J", "10", "9", "5", "4", "joker", "11", "13", "x"]:
        lines.append(f"card point {rank}: {answer(fh_settings.card_point, rank)}")
    for text in [
        "7h",
        "7H",
        "7♥",
        "10nt",
        "10 NT",
        "n",
        "nullo",
        "on",
        "open nullo",
        "p",
        "pass",
        "пас",
        "мизер",
        "7БК",
        "11h",
        "6x",
        "",
        "6 s",
        "6-c",
        "6♠️",
        "6♦",
        "6♣",
        "6NT",
        "7 no trumps",
    ]:
        lines.append(f"parse {text!r}: {answer(fh_calls.parse_call, text)}")
    for call in ["pass", "6S", "nullo", "open_nullo", "10NT", "7H"]:
        lines.append(
            f"call {call}: {answer(fh_calls.tricks_bid, call)} {answer(fh_calls.is_nullo, call)}"
            f" {answer(fh_calls.split, call)}"
        )
    lines.append(f"call words: {answer(fh_calls.call_words)}")
    return lines


def jass_words() -> list[str]:
    from scorepad.rules.jass.settings import Settings

    lines: list[str] = []
    variants = [
        {"multiply_weis": False},
        {"multiply_stoeck": False},
        {"multiply_weis": False, "multiply_stoeck": False},
    ]
    for variant in variants:
        settings = Settings.model_validate(variant)
        lines.append(f"sections {variant}: {answer(jass_table.ruleset_sections, settings)}")
    for preset in ["classic_2500", "flat_1000", "srf_1000", "parlett_3000"]:
        for names in ["french", "german"]:
            settings = Settings.model_validate({"preset": preset, "suit_names": names})
            lines.append(f"summary {preset} {names}: {answer(jass_table.ruleset_summary, settings)}")
            lines.append(f"sections {preset} {names}: {answer(jass_table.ruleset_sections, settings)}")
    for names in [None, "french", "german"]:
        for contract in JASS_CONTRACTS:
            lines.append(f"contract {contract} {names}: {answer(jass_cards.contract_label, contract, names)}")
        for rank in RANKS:
            lines.append(f"rank {rank} {names}: {answer(jass_cards.rank_label, rank, names)}")
    for contract in [*JASS_CONTRACTS, None]:
        lines.append(
            f"hand points {contract}: {answer(jass_cards.hand_points, contract or 'hearts')}"
            f" stöck {answer(jass_cards.stoeck_cards, contract)} {answer(jass_cards.no_stoeck_problem, contract)}"
        )
    for text in [
        "hearts",
        "Herz",
        "h",
        "obenabe",
        "oben",
        "undenufe",
        "unten",
        "Rosen",
        "x",
        "",
        "SPADES",
        "♠",
        "Schilten",
    ]:
        lines.append(f"parse contract {text!r}: {answer(jass_cards.parse_contract, text)}")
    for points in [-1, 0, 56, 157, 158, 257]:
        lines.append(f"card points {points}: {answer(jass_cards.card_points_problem, points)}")
    for points in [0, 20, 49, 50, 99, 100, 149, 150, 270, 1234]:
        lines.append(f"tafel {points}: {answer(jass_cards.tafel, points)}")
    for length in range(1, 11):
        for top in RANKS:
            lines.append(f"sequence {length} {top}: {answer(jass_cards.sequence_problem, length, top)}")
    settings = Settings()
    for top in ["A", "K", "9"]:
        for length in [2, 3, 4, 5, 8, 10]:  # 2 and 10: a refused entry's impossible Weis, still described
            meld = SequenceMeld(length=length, top=top, suit="clubs")
            lines.append(
                f"meld {length} {top}: {answer(jass_cards.describe_meld, meld)}"
                f" {answer(jass_cards.describe_meld, meld, 'german')} {answer(jass_cards.meld_points, meld, settings)}"
            )
    return lines


def bridge_words() -> list[str]:
    lines: list[str] = []
    odd = {
        "chicane": True,
        "chicane_tricks": 1,
        "double_chicane_tricks": 1,
        "revoke_tricks": 1,
        "games_to_win": 1,
    }
    odd["trick_values"] = {"S": 1, "C": 5, "D": 6, "H": 7, "R": 8, "NT": 11}
    for rules in [{}, {"chicane": True}, {"revoke_penalty": 100, "rubber_bonus": 300}, odd]:
        settings = BridgeSettings.model_validate(rules)
        lines.append(f"bid values {rules}: {answer(ab_table.bid_values, settings)}")
        lines.append(f"scoring {rules}: {answer(ab_table.scoring_table, settings)}")
    for call in [*ab_calls.all_bids(), "pass", "double", "redouble"]:
        lines.append(
            f"bid {call}: {answer(ab_calls.describe_bid, call)} {answer(ab_calls.call_word, call)}"
            f" {answer(ab_calls.format_call, call)} {answer(ab_calls.format_call, call, 'doubled')}"
        )
    settings = BridgeSettings()
    for call in ab_calls.all_bids():
        for double in ["none", "doubled", "redoubled"]:
            for declarer, spade in [("Ann", False), ("Ann", True)]:
                contract = ab_calls.Contract(call, declarer, double, spade)
                lines.append(
                    f"terms {call} {double} {spade}: {answer(ab_scoring.contract_terms, contract, settings)}"
                )
    for double in ["none", "doubled", "redoubled", "x"]:
        lines.append(f"doubling {double}: {answer(ab_calls.doubling_words, double)}")
    for text in [
        "3h",
        "3H",
        "3♥",
        "3 hearts",
        "2r",
        "1nt",
        "1n",
        "p",
        "pass",
        "x",
        "d",
        "xx",
        "rd",
        "r",
        "8h",
        "0s",
        "3q",
        "",
        "hello",
        "2 royal",
        "7 NT",
        "1 spade",
        "4 clubs",
        "2 diamonds",
    ]:
        lines.append(f"parse {text!r}: {answer(ab_calls.parse_call, text)}")
    for strain in ["S", "C", "D", "H", "R", "NT", "Q"]:
        lines.append(
            f"strain {strain}: {answer(ab_calls.holdings_for, strain)} {answer(ab_calls.honours_required, strain)}"
            f" {answer(ab_calls.missing_honours_reason, strain)} {answer(ab_words.strain_symbol, strain)}"
        )
        for holding in [*HONOUR_HOLDINGS, *NT_HONOUR_HOLDINGS]:
            lines.append(f"  honours {holding}: {answer(ab_calls.honour_value, strain, holding)}")
    return lines


def table_words() -> list[str]:
    lines = [f"{name}: {table!r} {len(table)}" for name, table in WORD_TABLES.items()]
    tables = [
        ["Ann", "Bob", "Cid"],
        ["Ann", "Bob", "Cid", "Dan"],
        ["Ann", "Bob"],
        ["Ann", "ann", "Cid", "Dan"],
        ["Ann", "Bob", "Cid", "Dan", "Eve"],
        list("ABCDEF"),
        list("ABCDEFG"),
        ["Ann", "", "Cid", "Dan"],
        ["Ann", "Аnn", "Cid", "Dan"],
        ["Ann", "Bob", "Ann", "Dan"],
    ]
    for game in GAMES:
        for players in tables:
            lines.append(
                f"{game} {players}: {answer(players_problem, game, players)} new: "
                f"{answer(players_problem, game, players, True)}"
            )
        rules = rules_for(game)
        four = ["Ann", "Bob", "Cid", "Dan"]
        for sides in [
            {"Ann & Cid": ["Ann", "Cid"], "Bob & Dan": ["Bob", "Dan"]},
            {"X": ["Ann", "Bob"], "Y": ["Cid", "Dan"]},
            {"": ["Ann"]},
            {"X": []},
            {"X\x1b": ["Ann"]},
            {"X": four},
        ]:
            lines.append(f"{game} sides {sides}: {answer(sides_problem, rules, four, sides)}")
        for bad in [
            {"target": "x"},
            {"target": -5},
            {"colour": 1},
            {"preset": "nope"},
            {"target": 1.5},
            {"slam_bonus": "maybe"},
            {"multipliers": 3},
            {"trick_values": {"S": 1}},
            {"games_to_win": 0},
        ]:
            head = Header(
                scorepad=1, game=game, id="x", created="2026-11-29T20:15:00Z", players=tuple(four), rules=bad
            )
            lines.append(f"{game} rules {bad}: {answer(header_problem, head)}")
    head = Header.model_construct(scorepad=1, game="whist", players=("A", "B"), rules={})  # read unchecked
    lines.append(f"whist: {answer(header_problem, head)}")
    for text in HOSTILE:
        lines.append(
            f"name {text!r}: {answer(visible, text)} {answer(visible, text, True)} {answer(json_safe, text)}"
        )
        lines.append(
            f"  {answer(unsafe_characters, text)} {answer(text_problem, text, 'a note')}"
            f" {answer(name_problem, text)} {answer(name_problem, text, 'a side')} {answer(name_key, text)}"
        )
        lines.append(f"  {answer(clash_problem, text, ['Ann', 'Bob'])} {answer(look_alike, text, 'Ann')}")
    lines.append(
        f"clash: {answer(names_clash_problem, HOSTILE)} {answer(names_clash_problem, ['Ann', 'Bob'])}"
    )
    for items in [[], ["Ann"], ["Ann", "Bob"], ["Ann", "Bob", "Cid"]]:
        lines.append(f"list {items}: {answer(w.both, items)} {answer(w.either, items)}")
    for count in [0, 1, 2]:
        lines.append(f"counted {count}: {answer(w.counted, count, 'trick')}")
    for words in ["", "deal 5's result", "Ann", "éa", "1 trick"]:
        lines.append(f"capitalized {words!r}: {answer(w.capitalized, words)}")
    return lines


def spoken_words() -> list[str]:
    """What changes with the language spoken: the lists, the calls typed and shown, the settings' names."""
    lines: list[str] = []
    for items in [["Ann", "Bob"], ["Ann", "Bob", "Cid"]]:
        lines.append(f"list {items}: {answer(w.both, items)} {answer(w.either, items)}")
    for text in ["пас", "мизер", "7БК", "7 пик", "passe", "7SA", "7 coeur", "8 ohne", "n", "p", "7h"]:
        lines.append(
            f"parse {text!r}: {answer(fh_calls.parse_call, text)} {answer(ab_calls.parse_call, text)}"
        )
    lines.append(f"call words: {answer(fh_calls.call_words)}")
    for contract in JASS_CONTRACTS:
        lines.append(
            f"contract {contract}: {answer(jass_cards.contract_label, contract)}"
            f" {answer(jass_cards.contract_label, contract, 'german')}"
        )
    for (
        rank
    ) in RANKS:  # a card's label, French- and German-suited (the Ober and Under have letters of their own)
        card = ("clubs", rank)
        lines.append(
            f"card {rank}: {answer(jass_cards.card_label, card, 'french')} {answer(jass_cards.card_label, card, 'german')}"
        )
    for text in ["Herz", "Rosen", "Obenabe", "coeur", "cuori", "trèfle", "picche", "Schilte", "Schaufel"]:
        lines.append(f"parse contract {text!r}: {answer(jass_cards.parse_contract, text)}")
    for call in ["1S", "3NT", "2R", "pass", "double"]:
        lines.append(
            f"bid {call}: {answer(ab_calls.describe_bid, call)} {answer(ab_calls.format_call, call, 'redoubled')}"
        )
    german = rules_for("jass").settings({"suit_names": "german"})
    lines.append(f"jass sections german: {answer(jass_table.ruleset_sections, german)}")
    for game in GAMES:
        model: type[BaseModel] = rules_for(game).settings_model
        lines.append(f"{game}: {answer(w.settings_phrases, game, rules_for(game).settings({}))}")
        lines.append(
            f"{game}: {answer(w.turn_order_hint, game)} {answer(w.unknown_setting_message, game, 'x', model)}"
        )
    return lines


def all_words() -> list[str]:
    lines: list[str] = []
    for game in GAMES:
        lines += [f"{game} {line}" for line in settings_words(game)]
    lines += five_hundred_words() + jass_words() + bridge_words() + table_words()
    for code in ["de", "fr", "it", "ru"]:
        set_language(code)
        try:
            lines += [f"{code} {line}" for line in spoken_words()]
        finally:
            set_language("en")
    return lines
