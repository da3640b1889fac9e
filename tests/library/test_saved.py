"""A saved game read into its record (scorepad.library.saved): every figure as the rules give it — the sheet
replayed with its corrections, and each game's typed views."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorepad.games import replay_file
from scorepad.library.records import Rubber, Strain, TeamWeis
from scorepad.library.saved import Unreadable, read_game
from scorepad.rules.five_hundred.view import DealFigures
from tests.helpers import entries, header, log_lines
from tests.test_stats import BRIDGE, FIVE_HUNDRED, FOUR, JASS


def written(tmp_path: Path, game: str, players: list[str], items: list[dict], **head) -> Path:  # type: ignore[type-arg]
    path = tmp_path / f"{game}.jsonl"
    path.write_text(log_lines(header(game, players, **head), entries(game, *items)), encoding="utf-8")
    return path


def record(path: Path):  # type: ignore[no-untyped-def]
    return read_game(path, path.read_bytes())


def test_five_hundred_contracts_by_strain_and_the_winner(tmp_path):
    game = record(written(tmp_path, "five_hundred", ["Ann", "Bob", "Cid"], FIVE_HUNDRED, title="Friday"))
    assert (game.game, game.title, game.finished, game.winner, game.status) == (
        "five_hundred",
        "Friday",
        True,
        "Bob",
        "won by Bob",
    )
    assert set(game.strains) == {
        Strain("nullo", "nullo", 5, 0, 1),
        Strain("S", "♠ spades", 0, 0, 1),
        Strain("H", "♥ hearts", 3, 1, 0),
        Strain("NT", "no trump", 4, 1, 0),
    }
    assert game.deals == 4
    assert [(side.label, side.won) for side in game.sides] == [("Ann", False), ("Bob", True), ("Cid", False)]
    assert {side.label: side.total for side in game.sides} == dict(
        replay_file(tmp_path / "five_hundred.jsonl")[0].totals
    )


def test_a_contract_corrected_counts_as_corrected(tmp_path):
    items = [
        {"type": "deal", "dealer": "Ann"},
        {"type": "contract", "player": "Bob", "call": "6S"},
        {"type": "amend", "target": 2, "entry": {"type": "contract", "player": "Bob", "call": "6H"}},
        {"type": "result", "tricks": {"Ann": 2, "Bob": 6, "Cid": 2}},
    ]
    game = record(written(tmp_path, "five_hundred", ["Ann", "Bob", "Cid"], items))
    assert game.strains == (Strain("H", "♥ hearts", 3, 1, 0),)


def test_the_deal_figures_are_the_same_whether_the_row_is_in_words_or_not(tmp_path):
    sheet, _ = replay_file(written(tmp_path, "five_hundred", ["Ann", "Bob", "Cid"], FIVE_HUNDRED))
    sides = tuple(sheet.sides)
    pending = [DealFigures.read(row, sides) for row in sheet.rows]
    for row in sheet.rows:
        assert row.cells  # put in words
    assert [DealFigures.read(row, sides) for row in sheet.rows] == pending
    assert [(f.strain, f.made) for f in pending] == [
        ("nullo", False),
        ("S", False),
        ("H", True),
        ("NT", True),
    ]


def test_the_strain_and_whether_it_was_made_are_the_rules_words():
    assert (DealFigures("10NT", "slam", "Bob").strain, DealFigures("10NT", "slam", "Bob").made) == (
        "NT",
        True,
    )
    assert (
        DealFigures("open_nullo", "open nullo made", "Bob").strain,
        DealFigures("open_nullo", "open nullo made", "Bob").made,
    ) == ("open_nullo", True)
    assert DealFigures("7D", "set", "Ann").made is False
    assert (DealFigures(None, "no trump", None).strain, DealFigures(None, "no trump", None).made) == (
        None,
        False,
    )


def test_jass_weis_and_matches_per_team(tmp_path):
    game = record(written(tmp_path, "jass", FOUR, JASS))
    assert set(game.weis) == {TeamWeis("Bob & Dan", 1, 50, 0), TeamWeis("Ann & Cid", 0, 0, 1)}
    assert {side.label: side.by_players for side in game.sides} == {"Ann & Cid": True, "Bob & Dan": True}
    assert not game.finished and game.rubber is None and game.strains == ()


def test_the_bridge_rubber_as_the_summary_gives_it(tmp_path):
    path = written(
        tmp_path, "auction_bridge", FOUR, BRIDGE, sides={"We": ["Ann", "Cid"], "They": ["Bob", "Dan"]}
    )
    game = record(path)
    rubber = replay_file(path)[0].extra["rubber"]
    assert game.rubber == Rubber(over=True, winner="We", size=rubber["size"])
    assert {side.label: (side.by_players, side.won) for side in game.sides} == {
        "We": (False, True),
        "They": (False, False),
    }
    assert [(seat.name, seat.side) for seat in game.seats] == [
        ("Ann", "We"),
        ("Bob", "They"),
        ("Cid", "We"),
        ("Dan", "They"),
    ]


def test_a_seat_keeps_every_name_it_carried(tmp_path):
    items = [
        {"type": "rename", "player": "Cid", "new_name": "Cyd"},
        {"type": "rename", "player": "Cid", "new_name": "Cy"},
    ]
    game = record(written(tmp_path, "five_hundred", ["Ann", "Bob", "Cid"], items))
    assert [(seat.player, seat.name, seat.names) for seat in game.seats] == [
        ("Ann", "Ann", ("Ann",)),
        ("Bob", "Bob", ("Bob",)),
        ("Cid", "Cy", ("Cid", "Cyd", "Cy")),
    ]
    assert game.line(tmp_path, game_time()).players == ("Ann", "Bob", "Cy")


def game_time():  # type: ignore[no-untyped-def]
    from datetime import datetime

    return datetime(2026, 1, 1).astimezone()


def test_a_damaged_file_is_one_line_naming_it(tmp_path):
    path = tmp_path / "broken.jsonl"
    path.write_text("this is not a game\n", encoding="utf-8")
    with pytest.raises(Unreadable) as unreadable:
        record(path)
    assert str(path) in str(unreadable.value) and "\n" not in str(unreadable.value)
