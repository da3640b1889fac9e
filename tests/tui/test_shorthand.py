"""The table's shorthands read without Textual: the readers import no screen code and refuse in words."""

from __future__ import annotations

import subprocess
import sys

import pytest

from scorepad.rules.jass import Settings
from scorepad.tui.games.jass.shorthand import Table, parse_points, parse_trump
from scorepad.tui.shorthand import Refused, resolve_name


def test_the_shorthand_readers_import_no_textual_or_rich():
    code = (
        "import sys, scorepad.tui.shorthand, scorepad.tui.games.jass.shorthand, "
        "scorepad.tui.games.auction_bridge.codes; "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'textual', 'rich'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_name_from_its_seat_its_name_or_a_unique_beginning():
    names = ["Ann", "Anton", "Bob"]
    assert resolve_name("3", names) == "Bob" and resolve_name("ann", names) == "Ann"
    assert resolve_name("ant", names) == "Anton" and resolve_name("an", names) is None
    assert resolve_name("", names) is None and resolve_name("4", names) is None


def test_jass_shorthands_read_and_refuse_without_a_screen():
    players = ("Ann", "Bob", "Cid", "Dan")
    sides = {"Ann & Cid": ("Ann", "Cid"), "Bob & Dan": ("Bob", "Dan")}
    table = Table(players, {p: p for p in players}, sides, {s: s for s in sides}, Settings())
    assert parse_trump("Rosen p") == ("hearts", True)
    assert parse_points("b 60", table, None) == ({"Bob & Dan": 60}, None)
    assert table.seating.partner("Ann") == "Cid"
    with pytest.raises(Refused, match="157 card points; 158 is more"):
        parse_points("a158", table, None)


def test_jass_weis_shorthand_marks_a_declaration_made_too_late():
    from scorepad.tui.games.jass.shorthand import describe_shown, parse_weis, weis_entries, weis_text

    players = ("Ann", "Bob", "Cid", "Dan")
    sides = {"Ann & Cid": ("Ann", "Cid"), "Bob & Dan": ("Bob", "Dan")}
    table = Table(players, {p: p for p in players}, sides, {s: s for s in sides}, Settings())
    shown = parse_weis("a 4-Kh b 4J late", table, "hearts")
    logged = weis_entries(shown)
    assert [(e.player, e.late) for e in logged] == [("Ann", False), ("Bob", True)]
    assert describe_shown(shown, table).endswith("Bob: four Jacks (200) — late: void")
    assert weis_text(logged[1], table) == "Bob 4J late"
    with pytest.raises(Refused, match="whose declaration came late"):
        parse_weis("late", table, "hearts")
