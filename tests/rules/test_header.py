"""The one header check (rules.header) and what a name may hold (rules.names)."""

from __future__ import annotations

import pytest

from scorepad.rules.header import header_problem, players_problem
from scorepad.rules.names import name_problem, text_problem, visible

from ..helpers import header

FOUR = ["Ann", "Bob", "Cid", "Dan"]


@pytest.mark.parametrize(
    ("game", "sides", "said"),
    [
        ("auction_bridge", {"A": ["Ann"], "B": ["Bob"], "CD": ["Cid", "Dan"]}, "two partnerships of two"),
        ("auction_bridge", {"All": FOUR}, "two partnerships of two"),
        ("auction_bridge", {"AB": ["Ann", "Bob"], "CD": ["Cid", "Dan"]}, "partners sitting opposite"),
        ("jass", {"All": FOUR}, "two partnerships of two"),
        ("jass", {"A": ["Ann"], "B": ["Bob"], "C": ["Cid"], "D": ["Dan"]}, "two partnerships of two"),
        (
            "jass",
            {"Us": ["Ann", "Cid"], "Them": ["Bob", "Dan"], "Nobody": []},
            "the side Nobody has no players",
        ),
    ],
)
def test_tables_the_screens_cannot_show_are_refused(game, sides, said):
    problem = header_problem(header(game, FOUR, sides=sides))
    assert problem is not None and said in problem


@pytest.mark.parametrize("game", ["auction_bridge", "jass"])
def test_two_partnerships_sitting_opposite_are_fine(game):
    assert header_problem(header(game, FOUR)) is None
    assert header_problem(header(game, FOUR, sides={"We": ["Ann", "Cid"], "They": ["Bob", "Dan"]})) is None


def test_five_hundred_keeps_its_own_sides():
    assert (
        header_problem(header("five_hundred", FOUR, sides={"NE": ["Ann", "Bob"], "SW": ["Cid", "Dan"]}))
        is None
    )
    assert header_problem(header("five_hundred", ["Ann", "Bob", "Cid"])) is None


@pytest.mark.parametrize(
    ("players", "said"),
    [
        (
            ["Ann", "Bob", "Cid\x1b]0;pwned\x07"],
            "cannot hold control or text-direction characters (found \\x1b, \\x07)",
        ),
        (["Ann", "Bob", "Cid\u202e"], "found \\u202e"),
        (["Ann", "Bob", "Ci\x9bd"], "found \\x9b"),
        (["Ann", "Bob", "Ci\x7fd"], "found \\x7f"),
        (["Ann", "Bob", "C" * 41], "at most 40 characters"),
        (["Ann", "Bob", " "], "must not be empty"),
        (["Ann", "Bob", "Ann"], "unique within a game: Ann is there twice"),
        (["Ann"], "played by 2 to 6 players, not 1"),
        (["A", "B", "C", "D", "E", "F", "G"], "not 7"),
    ],
)
def test_player_names_the_check_refuses(players, said):
    problem = players_problem("five_hundred", players)
    assert problem is not None and said in problem
    assert "\x1b" not in problem and "\u202e" not in problem  # the reason itself shows them visibly


def test_forty_characters_and_brackets_are_fine():
    assert players_problem("five_hundred", ["A" * 40, "[/]", "[link=file:///etc/passwd]x"]) is None


def test_a_header_with_a_control_character_in_a_name_or_side_is_refused():
    assert "control" in header_problem(header("five_hundred", ["Ann", "Bob", "C\x1b[2J"]))
    sides = {"We\x1b": ["Ann", "Cid"], "They": ["Bob", "Dan"]}
    assert "a side's name cannot hold" in header_problem(header("jass", FOUR, sides=sides))


def test_a_ruleset_that_does_not_read_is_one_sentence():
    assert header_problem(header("five_hundred", ["Ann", "Bob", "Cid"], rules={"target": "lots"})).startswith(
        "bad rules: target"
    )


@pytest.mark.parametrize(
    ("game", "rules", "said"),
    [
        ("five_hundred", {"target": "lots"}, "bad rules: target: must be a whole number"),
        ("five_hundred", {"target": 1.5}, "bad rules: target: must be a whole number"),
        (
            "five_hundred",
            {"card_points": "maybe"},
            "bad rules: card_points: must be on or off (true or false)",
        ),
        ("five_hundred", {"schedule": "x"}, "bad rules: schedule: must be 'avondale' or 'original'"),
        ("jass", {"multipliers": {"hearts": "x"}}, "bad rules: multipliers.hearts: must be a whole number"),
    ],
)
def test_a_refused_setting_says_what_its_value_must_be_in_words(game, rules, said):
    players = ["Ann", "Bob", "Cid"] if game == "five_hundred" else FOUR
    problem = header_problem(header(game, players, rules=rules))
    assert problem == said
    assert "Input should" not in problem and "integer" not in problem and "boolean" not in problem


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Ann", "Ann"),
        ("\x1b]52;c;aGk=\x07", "\\x1b]52;c;aGk=\\x07"),
        ("a\nb\tc\r", "a\\nb\\tc\\r"),
        ("\x00\x7f\x85\x9f", "\\x00\\x7f\\x85\\x9f"),
        ("abc\u202edef\u2066\u2069\u200e\u2028", "abc\\u202edef\\u2066\\u2069\\u200e\\u2028"),
        ("Zoë ♠ 漢字 [/]", "Zoë ♠ 漢字 [/]"),
    ],
)
def test_visible_writes_out_what_would_act_on_a_terminal(raw, shown):
    assert visible(raw) == shown
    assert visible(shown) == shown  # idempotent: already visible text stays as it is


def test_text_problem_names_what_was_typed():
    assert text_problem("Friday", "the title") is None
    assert text_problem("Fri\x1bday", "the title") == (
        "the title cannot hold control or text-direction characters (found \\x1b)"
    )
    assert name_problem("Ann") is None


def test_a_rename_to_a_name_with_control_characters_does_not_count():
    from scorepad.rules import replay

    from ..helpers import entries

    log = entries(
        "five_hundred",
        {"type": "rename", "player": "Cid", "new_name": "C\x1b[31mid"},
        {"type": "rename", "player": "Bob", "new_name": "Robert"},
    )
    sheet = replay(header("five_hundred", ["Ann", "Bob", "Cid"]), log)
    assert [r.seq for r in sheet.rejected] == [1]
    assert "cannot hold control" in sheet.rejected[0].reason and "\x1b" not in sheet.rejected[0].reason
    assert sheet.names["Cid"] == "Cid" and sheet.names["Bob"] == "Robert"


def test_json_safe_escapes_what_json_dumps_leaves_raw_and_keeps_the_values():
    import json

    from scorepad.rules.names import json_safe

    value = {"a": "x\x7f\x85\x9b\u202e\u2066\x1b", "b": ["Zoë ♠"]}
    text = json.dumps(value, ensure_ascii=False, indent=2)
    assert "\x85" in text and "\u202e" in text  # what json.dumps leaves as it is
    safe = json_safe(text)
    assert json.loads(safe) == value
    assert "\\u0085" in safe and "\\u202e" in safe and "Zoë ♠" in safe
    assert not any(c in safe for c in "\x7f\x85\x9b\u202e\u2066\x1b")
    assert safe.count("\n") == text.count("\n")  # the layout stays


def test_a_ruleset_the_laws_refuse_is_named_in_the_rules_words():
    # five-hundred.md, "Card-point variant": a game to 1000 or 1500
    assert header_problem(
        header("five_hundred", ["Ann", "Bob", "Cid"], {"card_points": True, "target": 500})
    ) == ("bad rules: the card-point variant is played to 1000 or 1500, not 500: set target to 1000 or 1500")
