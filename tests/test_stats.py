"""Statistics across saved games, from hand-made game files: the index's queries (scorepad.library.stats) and
how `scorepad stats` shows them."""

from __future__ import annotations

import io
import os

from rich.console import Console

from scorepad.games import replay_file
from scorepad.library.stats import Kind, Meeting, Record, Statistics
from scorepad.library.stats import collect_stats as counted
from scorepad.text.stats_table import stats_renderable
from tests.helpers import entries, header, log_lines

FOUR = ["Ann", "Bob", "Cid", "Dan"]

FIVE_HUNDRED = [
    {"type": "deal", "dealer": "Ann"},
    {"type": "contract", "player": "Cid", "call": "nullo"},
    {"type": "result", "tricks": {"Ann": 5, "Bob": 4, "Cid": 1}},  # nullo set
    {"type": "deal", "dealer": "Bob"},
    {"type": "contract", "player": "Ann", "call": "6S"},
    {"type": "result", "tricks": {"Ann": 5, "Bob": 3, "Cid": 2}},  # 6♠ set
    {"type": "deal", "dealer": "Cid"},
    {"type": "contract", "player": "Bob", "call": "7H"},
    {"type": "result", "tricks": {"Ann": 1, "Bob": 8, "Cid": 1}},  # 7♥ made
    {"type": "deal", "dealer": "Ann"},
    {"type": "contract", "player": "Bob", "call": "10NT"},
    {"type": "result", "tricks": {"Ann": 0, "Bob": 10, "Cid": 0}},  # slam: Bob wins
]

JASS = [
    {"type": "deal", "dealer": "Ann"},
    {"type": "trump", "player": "Bob", "contract": "hearts"},
    {
        "type": "weis",
        "player": "Bob",
        "melds": [{"kind": "sequence", "length": 4, "top": "K", "suit": "clubs"}],
    },
    {"type": "tricks", "points": {"Ann & Cid": 61}},
    {"type": "deal", "dealer": "Bob"},
    {"type": "trump", "player": "Cid", "contract": "obenabe"},
    {"type": "tricks", "points": {"Ann & Cid": 157}, "match": "Ann & Cid"},
]

BRIDGE = [
    {"type": "deal", "dealer": "Ann"},
    {"type": "contract", "player": "Ann", "call": "4H"},
    {"type": "result", "tricks": 10, "honours": {"side": "We", "holding": "3"}},
    {"type": "deal", "dealer": "Bob"},
    {"type": "contract", "player": "Cid", "call": "4H"},
    {"type": "result", "tricks": 10, "honours": {"side": "They", "holding": "3"}},
]


def write(directory, name, game, players, items, sides=None):
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{name}.jsonl"
    path.write_text(log_lines(header(game, players, sides=sides), entries(game, *items)), encoding="utf-8")
    return path


def collect_stats(directory) -> Statistics:
    stats = counted(directory)
    assert stats is not None
    return stats


def games(tmp_path):
    directory = tmp_path / "games"
    write(directory, "fh", "five_hundred", ["Ann", "Bob", "Cid"], FIVE_HUNDRED)
    write(directory, "jass", "jass", FOUR, JASS)
    write(
        directory,
        "bridge",
        "auction_bridge",
        FOUR,
        BRIDGE,
        sides={"We": ["Ann", "Cid"], "They": ["Bob", "Dan"]},
    )
    return directory


def test_games_played_and_won_per_player(tmp_path):
    stats = collect_stats(games(tmp_path))
    assert stats.games == {"five_hundred": 1, "jass": 1, "auction_bridge": 1}
    assert stats.finished == 2  # Five Hundred (Bob) and the rubber (We); the Jass game runs on
    played = {name: (r.played, r.finished, r.won) for name, r in stats.players.items()}
    assert played == {"Ann": (3, 2, 1), "Bob": (3, 2, 1), "Cid": (3, 2, 1), "Dan": (2, 1, 0)}


def test_five_hundred_bids_made_and_set_by_strain(tmp_path):
    bids = collect_stats(games(tmp_path)).bids
    assert {strain: (b.made, b.set) for strain, b in bids.items()} == {
        "nullo": (0, 1),
        "S": (0, 1),
        "H": (1, 0),
        "NT": (1, 0),
    }


def test_jass_weis_and_matches_per_team(tmp_path):
    weis = collect_stats(games(tmp_path)).weis
    assert (weis["Bob & Dan"].hands, weis["Bob & Dan"].points, weis["Bob & Dan"].matches) == (1, 50, 0)
    assert (weis["Ann & Cid"].hands, weis["Ann & Cid"].points, weis["Ann & Cid"].matches) == (0, 0, 1)


def test_bridge_rubbers_and_their_average_size(tmp_path):
    stats = collect_stats(games(tmp_path))
    sheet, _ = replay_file(tmp_path / "games" / "bridge.jsonl")
    assert stats.rubbers_over == 1
    assert stats.average_rubber == sheet.extra["rubber"]["size"]
    assert {name: r.won for name, r in stats.rubbers.items()} == {"Ann": 1, "Cid": 1, "Bob": 0, "Dan": 0}


def test_damaged_files_are_skipped_and_counted(tmp_path):
    directory = games(tmp_path)
    (directory / "broken.jsonl").write_text("this is not a game\n", encoding="utf-8")
    stats = collect_stats(directory)
    assert sum(stats.games.values()) == 3
    assert len(stats.damaged) == 1 and "broken.jsonl" in stats.damaged[0]


def test_renamed_players_count_under_their_new_name(tmp_path):
    directory = tmp_path / "games"
    write(
        directory,
        "fh",
        "five_hundred",
        ["Ann", "Bob", "Cid"],
        [{"type": "rename", "player": "Cid", "new_name": "Cyd"}],
    )
    assert set(collect_stats(directory).players) == {"Ann", "Bob", "Cyd"}


def render(stats: Statistics) -> str:
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(stats_renderable(stats))
    return console.export_text()


def test_renderable_shows_every_table(tmp_path):
    directory = games(tmp_path)
    (directory / "broken.jsonl").write_text("{}\n", encoding="utf-8")
    text = render(collect_stats(directory))
    for expected in (
        "3 games",
        "Players",
        "Five Hundred: contracts by strain",
        "♥ hearts",
        "nullo",
        "Jass: Weis won and Matches",
        "Bob & Dan",
        "Auction Bridge: rubbers",
        "Average rubber",
        "1 damaged file skipped",
    ):
        assert expected in text


def test_no_games_says_so(tmp_path):
    assert "No saved games yet" in render(collect_stats(tmp_path / "nothing"))


def test_stats_command_prints_the_tables(tmp_path, scorepad_home, capsys):
    from scorepad.cli.main import main

    games(scorepad_home)
    assert main(["stats"]) == 0
    assert "Players" in capsys.readouterr().out


def test_a_rename_in_one_game_never_merges_two_people_of_different_games(tmp_path):
    # one evening's Ruedi, and another evening's Ruedi renamed "Ruedi Brunner": two people, each game counting
    # its players by the names it shows at its end
    directory = tmp_path / "games"
    write(directory, "a-older", "five_hundred", ["Ruedi", "Bob", "Cid"], [])
    write(
        directory,
        "b-newer",
        "five_hundred",
        ["Ruedi", "Bob", "Cid"],
        [{"type": "rename", "player": "Ruedi", "new_name": "Ruedi Brunner"}],
    )
    players = collect_stats(directory).players
    assert set(players) == {"Ruedi", "Ruedi Brunner", "Bob", "Cid"}
    assert players["Ruedi"].played == 1 and players["Ruedi Brunner"].played == 1
    assert players["Bob"].played == 2


def test_a_renamed_player_counts_under_the_name_of_each_games_end(tmp_path):
    directory = tmp_path / "games"
    write(directory, "a", "five_hundred", ["Ann", "Bob", "Cid"], [])
    write(
        directory,
        "b",
        "five_hundred",
        ["Ann", "Bob", "Cid"],
        [
            {"type": "rename", "player": "Cid", "new_name": "Cyd"},
            {"type": "rename", "player": "Cid", "new_name": "Cid"},  # and back: Cid again at the end
        ],
    )
    players = collect_stats(directory).players
    assert set(players) == {"Ann", "Bob", "Cid"} and players["Cid"].played == 2


def test_a_jass_team_named_by_its_players_is_named_as_each_game_ends(tmp_path):
    directory = tmp_path / "games"
    older = write(directory, "a-older", "jass", FOUR, JASS)
    newer = write(
        directory, "b-newer", "jass", FOUR, [{"type": "rename", "player": "Bob", "new_name": "Rob"}, *JASS]
    )
    as_we = [
        {**item, "points": {"We": 61}} if item.get("points") == {"Ann & Cid": 61} else item
        for item in JASS[:4]
    ]
    named = write(
        directory, "c-named", "jass", FOUR, as_we, sides={"We": ["Ann", "Cid"], "They": ["Bob", "Dan"]}
    )
    for age, path in enumerate((older, newer, named)):
        os.utime(path, (1_700_000_000 + age, 1_700_000_000 + age))
    stats = collect_stats(directory)
    # Rob of the newer game is not taken for Bob of the older one
    assert set(stats.weis) == {"Ann & Cid", "Bob & Dan", "Rob & Dan", "We", "They"}
    assert (stats.weis["Rob & Dan"].hands, stats.weis["Rob & Dan"].points) == (1, 50)
    assert (
        stats.weis["Ann & Cid"].matches == 2 and stats.weis["They"].points == 50
    )  # a name the table gave stays
    text = render(stats)
    assert "Rob & Dan" in text and "Bob & Dan" in text


def test_each_game_kind_its_games_finished_and_deals(tmp_path):
    directory = games(tmp_path)
    kinds = collect_stats(directory).kinds
    deals = {
        game: len(replay_file(directory / f"{name}.jsonl")[0].rows)
        for game, name in (("five_hundred", "fh"), ("jass", "jass"), ("auction_bridge", "bridge"))
    }
    assert kinds == {
        "auction_bridge": Kind(1, 1, deals["auction_bridge"]),
        "five_hundred": Kind(1, 1, 4),
        "jass": Kind(1, 0, deals["jass"]),
    }


def test_partnerships_are_their_players_whatever_the_sides_were_called(tmp_path):
    directory = games(tmp_path)  # the Jass teams named by their players, the rubber's We and They
    renamed = {"We": "Us", "They": "Them"}
    again = [
        {**item, "honours": {**item["honours"], "side": renamed[item["honours"]["side"]]}}
        if "honours" in item
        else item
        for item in BRIDGE
    ]
    write(
        directory,
        "bridge-again",
        "auction_bridge",
        FOUR,
        again,
        sides={"Us": ["Cid", "Ann"], "Them": ["Dan", "Bob"]},
    )
    assert collect_stats(directory).partnerships == {
        "Ann & Cid": Record(played=3, finished=2, won=2),
        "Bob & Dan": Record(played=3, finished=2, won=0),
    }


def test_head_to_head_counts_finished_games_on_opposite_sides(tmp_path):
    # Five Hundred: Bob beat Ann and Cid (and they neither beat the other); the rubber: Ann and Cid beat Bob and Dan
    assert collect_stats(games(tmp_path)).head_to_head == {
        ("Ann", "Bob"): Meeting(2, 1, 1),
        ("Bob", "Cid"): Meeting(2, 1, 1),
        ("Ann", "Dan"): Meeting(1, 1, 0),
        ("Cid", "Dan"): Meeting(1, 1, 0),
        ("Ann", "Cid"): Meeting(1, 0, 0),
    }


def test_the_tables_say_the_partnerships_and_head_to_head(tmp_path):
    text = render(collect_stats(games(tmp_path)))
    for expected in ("Games", "Partnerships", "Ann & Cid", "Head to head (finished games)", "deals scored"):
        assert expected in text
