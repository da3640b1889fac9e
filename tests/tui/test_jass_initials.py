"""The Jass form's placeholders and hints use the game's own initials ("97 · h97 · m r", not "a97 · m b"), names
sharing an initial told apart by seat (or team) number, and what they show is what the shorthands read."""

from __future__ import annotations

from textual.widgets import Input

from scorepad.rules.jass import Settings
from scorepad.store.game_file import create, new_header
from scorepad.tui.games.jass.form import Table, parse_points, parse_weis
from scorepad.tui.games.jass.screen import jass_table_markdown

from .conftest import make_app, settle


def table(players: list[str]) -> Table:
    first, second, third, fourth = players
    sides = {f"{first} & {third}": (first, third), f"{second} & {fourth}": (second, fourth)}
    return Table(tuple(players), {p: p for p in players}, sides, {s: s for s in sides}, Settings())


def test_the_hints_say_this_games_initials_and_read_back_as_shown():
    swiss = table(["Hanna", "Ruedi", "Sepp", "Vreni"])
    assert swiss.points_hint() == "97 · h97 · m r"
    assert swiss.weis_hint() == "h 4-Kh 4J · r st"
    assert swiss.teams_keys() == "h or r"
    hanna, ruedi = list(swiss.sides)
    assert parse_points("h97", swiss, None) == ({hanna: 97}, None)
    assert parse_points("m r", swiss, None) == ({ruedi: 157}, ruedi)
    assert [s.player for s in parse_weis("h 4-Kh 4J r st", swiss, "spades")] == ["Hanna", "Ruedi"]


def test_an_initial_shared_by_two_teams_gives_way_to_another_or_to_numbers():
    clash = table(["Hanna", "Hans", "Sepp", "Vreni"])  # Hanna & Sepp against Hans & Vreni: "h" is either
    assert clash.points_hint() == "97 · s97 · m v"
    assert clash.weis_hint() == "1 4-Kh 4J · 2 st"  # Hanna and Hans by their seats
    assert [s.player for s in parse_weis("1 4-Kh 2 st", clash, "spades")] == ["Hanna", "Hans"]
    every = table(["Anna", "Andi", "Anita", "Arno"])  # one initial for all four
    assert every.points_hint() == "97 · 1 97 · m 2"
    first, second = list(every.sides)
    assert parse_points("1 97", every, None) == ({first: 97}, None)
    assert parse_points("m 2", every, None) == ({second: 157}, second)


def test_an_initial_only_one_teams_players_share_names_that_team():
    bees = table(["Bea", "Ruedi", "Beat", "Vreni"])  # "b 40": Bea and Beat, both of one team
    team = next(iter(bees.sides))
    assert parse_points("b 40", bees, None) == ({team: 40}, None)
    assert bees.points_hint() == "97 · b97 · m r"


def test_f2_types_a_hand_with_this_games_initials():
    text = jass_table_markdown(Settings(), table(["Hanna", "Ruedi", "Sepp", "Vreni"]))
    assert "| card points | 97, h97, r60, m, m r |" in text
    assert "| Weis · Stöck | h 4-Kh 4J r st |" in text


async def test_the_form_and_the_dialogs_show_the_games_initials(scorepad_home):
    path = create(new_header("jass", ["Hanna", "Ruedi", "Sepp", "Vreni"]))
    app = make_app(open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.query_one("#jass-points", Input).placeholder == "97 · h97 · m r"
        assert screen.query_one("#jass-weis", Input).placeholder == "h 4-Kh 4J · r st"
        await pilot.press("h", "tab", *"r 40", "enter")  # what the placeholder shows, typed
        await settle(pilot)
        assert [dict(row.delta) for row in screen.sheet.rows] == [{"Hanna & Sepp": 117, "Ruedi & Vreni": 40}]
        await pilot.press("f5")
        await settle(pilot)
        against = app.screen.query_one("#penalty-against", Input)
        assert against.placeholder == "h or r" and len(against.placeholder) <= against.content_region.width
