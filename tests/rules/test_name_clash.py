"""One player, one name: two names a table cannot tell apart are refused when a table is made or a player renamed;
a file that already holds them still reads."""

from __future__ import annotations

import pytest

from scorepad.rules import replay
from scorepad.rules.header import header_problem, players_problem
from scorepad.rules.names import clash_problem, look_alike, name_key, names_clash_problem, visible

from ..helpers import entries, header

#: (first, second): names a table cannot tell apart
LOOK_ALIKES = {
    "zero-width space": ("Bob", "Bob\u200b"),
    "cyrillic o": ("Bob", "B\u043eb"),
    "decomposed e-acute": ("\u00e9mile", "e\u0301mile"),
    "case": ("Ann", "ann"),
}
#: names that differ at the table
TWO_NAMES = {"a letter more": ("Ann", "Anna"), "an accent": ("J\u00fcrg", "Jurg")}


@pytest.mark.parametrize("pair", LOOK_ALIKES.values(), ids=list(LOOK_ALIKES))
def test_look_alikes_clash_in_one_line_naming_both(pair):
    first, second = pair
    assert look_alike(first, second) and look_alike(second, first)
    problem = names_clash_problem([first, "Cid", second])
    assert (
        problem
        == f"“{visible(first)}” and “{visible(second)}” look the same at the table: give one of them another name"
    )
    assert "\n" not in problem


@pytest.mark.parametrize("pair", TWO_NAMES.values(), ids=list(TWO_NAMES))
def test_names_that_differ_at_the_table_do_not_clash(pair):
    assert not look_alike(*pair)
    assert names_clash_problem([*pair, "Cid"]) is None
    assert players_problem("five_hundred", [*pair, "Cid"], new=True) is None


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Teo", "\u0422\u0435\u043e"),  # Latin and all-Cyrillic, drawn alike
        ("Bob", "B\u03bfb"),  # a Greek omicron
        ("No\u00ebl", "No\u0451l"),  # Cyrillic ё: the skeleton is taken of the decomposed letters
        ("Bob", "Bo\u00adb"),  # a soft hyphen
        ("Ann Lee", "Ann\u00a0 Lee"),  # blanks of another kind and number
    ],
)
def test_more_that_a_table_cannot_tell_apart(first, second):
    assert look_alike(first, second)


@pytest.mark.parametrize(("first", "second"), [("B0b", "BOb"), ("rnary", "mary"), ("Zo\u00eb", "Zoe")])
def test_names_of_one_script_that_differ_are_two_names(first, second):
    # 0 and O, rn and m are confusables, but a table of Latin names reads them as typed
    assert not look_alike(first, second)


def test_the_key_folds_case_compatibility_forms_and_invisibles():
    assert name_key("\ufb01\u200bONA ") == name_key("fiona") == "fiona"


def test_a_name_is_not_refused_beside_itself_only_beside_another():
    assert clash_problem("bob", ["Ann"]) is None
    assert clash_problem("Bob", ["Bob"]) == "“Bob” is already a player's name"


@pytest.mark.parametrize("pair", LOOK_ALIKES.values(), ids=list(LOOK_ALIKES))
def test_a_new_table_is_refused_but_a_file_holding_them_still_reads(pair):
    players = [pair[0], "Cid", pair[1]]
    assert "look the same at the table" in players_problem("five_hundred", players, new=True)
    assert "look the same at the table" in header_problem(header("five_hundred", players), new=True)
    # reading a file: the same names are a table the screens can show
    assert players_problem("five_hundred", players) is None
    assert header_problem(header("five_hundred", players)) is None
    sheet = replay(
        header("five_hundred", players), entries("five_hundred", {"type": "deal", "dealer": pair[1]})
    )
    assert not sheet.rejected


@pytest.mark.parametrize("pair", LOOK_ALIKES.values(), ids=list(LOOK_ALIKES))
def test_a_rename_to_a_look_alike_of_another_player_does_not_count(pair):
    # also in an old file: the rename is a rejected entry, the rest of the file reads on
    first, second = pair
    log = entries(
        "five_hundred",
        {"type": "rename", "player": "Cid", "new_name": second},
        {"type": "rename", "player": "Dan", "new_name": "Dave"},
    )
    sheet = replay(header("five_hundred", [first, "Cid", "Dan"]), log)
    assert [r.seq for r in sheet.rejected] == [1]
    assert sheet.rejected[0].reason == (
        f"“{visible(first)}” and “{visible(second)}” look the same at the table: give one of them another name"
    )
    assert sheet.names["Cid"] == "Cid" and sheet.names["Dan"] == "Dave"


def test_a_rename_to_a_name_that_differs_or_to_ones_own_look_alike_counts():
    log = entries(
        "five_hundred",
        {"type": "rename", "player": "Cid", "new_name": "Anna"},
        {"type": "rename", "player": "Ann", "new_name": "ANN"},
    )  # one's own name, written anew
    sheet = replay(header("five_hundred", ["Ann", "Bob", "Cid"]), log)
    assert not sheet.rejected
    assert sheet.names == {"Ann": "ANN", "Bob": "Bob", "Cid": "Anna"}


def test_the_names_of_now_are_the_ones_a_rename_must_not_look_like():
    log = entries(
        "five_hundred",
        {"type": "rename", "player": "Bob", "new_name": "Robert"},
        {"type": "rename", "player": "Cid", "new_name": "bob"},  # Bob is Robert now
        {"type": "rename", "player": "Ann", "new_name": "robert"},
    )
    sheet = replay(header("five_hundred", ["Ann", "Bob", "Cid"]), log)
    assert [r.seq for r in sheet.rejected] == [3]
