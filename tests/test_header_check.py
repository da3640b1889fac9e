"""One header check everywhere: `scorepad new`, `replay`, `list`, the app opening a file (rules.header)."""

from __future__ import annotations

import json

import pytest

from scorepad.cli.main import main
from scorepad.store.game_file import games_dir

FOUR = ["Ann", "Bob", "Cid", "Dan"]
UNPLAYABLE = {
    "bridge-three-sides": ("auction_bridge", {"A": ["Ann"], "B": ["Bob"], "CD": ["Cid", "Dan"]}),
    "bridge-one-side": ("auction_bridge", {"All": FOUR}),
    "jass-one-team": ("jass", {"All": FOUR}),
}


def write_header(path, game, sides, players=FOUR):
    data = {
        "scorepad": 1,
        "game": game,
        "id": "x1",
        "created": "2026-11-29T20:15:00+01:00",
        "title": "",
        "players": players,
        "sides": sides,
        "rules": {},
    }
    path.write_text(json.dumps(data) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("name", UNPLAYABLE)
@pytest.mark.parametrize("as_json", [False, True])
def test_replay_gives_one_line_for_a_table_the_screens_cannot_show(tmp_path, capsys, name, as_json):
    path = write_header(tmp_path / f"{name}.jsonl", *UNPLAYABLE[name])
    before = path.read_bytes()
    assert main(["replay", str(path), *(["--json"] if as_json else [])]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert captured.err.startswith(f"{path}: line 1: ") and "two partnerships of two" in captured.err
    assert path.read_bytes() == before


def test_list_shows_such_a_file_as_unreadable(capsys):
    games_dir().mkdir(parents=True)
    write_header(games_dir() / "jass.jsonl", *UNPLAYABLE["jass-one-team"])
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("!! ") and "two partnerships of two" in out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--players", "Ann", "Bob", "C\x1b]0;x\x07"], "cannot hold control or text-direction characters"),
        (["--players", "Ann", "Bob", "C" * 41], "at most 40 characters"),
        (["--players", "Ann", "Bob", "Cid", "--title", "Fri\x1b[2Jday"], "the title cannot hold"),
        (["--players", "Ann", "Bob", "Ann"], "unique"),
    ],
)
def test_new_refuses_what_cannot_be_shown_with_the_reason(capsys, argv, said):
    assert main(["new", "five_hundred", "--no-open", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err
    assert "\x1b" not in err
    assert not games_dir().exists() or not list(games_dir().iterdir())


def test_new_refuses_three_at_jass(capsys):
    assert main(["new", "jass", "--no-open", "--players", "Ann", "Bob", "Cid"]) == 2
    assert "played by 4 players, not 3" in capsys.readouterr().err
