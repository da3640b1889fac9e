"""The `scorepad` command: exit codes, one-line errors, the replay summary (design §4)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from scorepad.cli import main

from .helpers import entries, header, log_lines

GAME = [
    {"type": "deal", "dealer": "Ann"},
    {"type": "contract", "player": "Ann", "call": "7H"},
    {"type": "result", "tricks": {"Ann": 8, "Bob": 1, "Cid": 1}},
]


@pytest.fixture
def game_file(tmp_path):
    path = tmp_path / "friday.jsonl"
    path.write_text(log_lines(header("five_hundred", ["Ann", "Bob", "Cid"]), entries("five_hundred", *GAME)))
    return path


def test_replay_json_prints_the_summary(game_file, capsys):
    assert main(["replay", str(game_file), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert set(summary) >= {"game", "status", "winner", "totals", "rows", "rejected", "questions"}
    assert summary["totals"] == {"Ann": 200, "Bob": 10, "Cid": 10}
    assert summary["rows"][0]["delta"] == {"Ann": 200, "Bob": 10, "Cid": 10}
    assert summary["status"] == "in_progress" and summary["winner"] is None


def test_replay_without_json_prints_a_table(game_file, capsys):
    assert main(["replay", str(game_file)]) == 0
    out = capsys.readouterr().out
    assert "Ann" in out and "200" in out


def test_a_damaged_file_gives_one_line_and_exit_2(tmp_path, capsys):
    path = tmp_path / "bad.jsonl"
    path.write_text(log_lines(header("five_hundred", ["Ann", "Bob", "Cid"]), []) + "{oops\n")
    assert main(["replay", str(path), "--json"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{path}: line 2: not a JSON line" in err


def test_a_missing_file(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope.jsonl")]) == 2
    assert "no such file" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [["bogus"], ["replay"], ["new", "jass", "--players", "A", "B"], ["new", "poker", "--players", "A", "B"],
     ["export", "x.jsonl", "--format", "pdf"], ["new", "five_hundred", "--players", "A", "B", "--rule", "target"]],
)
def test_bad_input_is_one_line_and_exit_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_new_list_and_export(capsys, tmp_path):
    assert main(["new", "five_hundred", "--players", "Ann", "Bob", "Cid", "--title", "Friday", "--no-open"]) == 0
    path = capsys.readouterr().out.strip()
    assert main(["list"]) == 0
    assert "Friday" in capsys.readouterr().out
    out = tmp_path / "sheet.md"
    assert main(["export", path, "--format", "md", "-o", str(out)]) == 0
    assert out.read_text().startswith("# Friday")


def test_export_csv_has_a_column_per_side(game_file, capsys):
    assert main(["export", str(game_file), "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split(",")[2:5] == ["Ann +/-", "Bob +/-", "Cid +/-"]
    assert lines[1].split(",")[2:] == ["200", "10", "10", "200", "10", "10"]


def test_the_app_needs_a_terminal(capsys):
    assert main([]) == 2
    assert "needs a terminal" in capsys.readouterr().err


def test_replay_does_not_import_textual(game_file):
    code = (
        "import sys; from scorepad.cli import main; main(['replay', sys.argv[1], '--json']); "
        "print('textual' in sys.modules, file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", code, str(game_file)], capture_output=True, text=True, check=True)
    assert done.stderr.strip().endswith("False")


def test_python_dash_m_scorepad_help():
    done = subprocess.run([sys.executable, "-m", "scorepad", "--help"], capture_output=True, text=True)
    assert done.returncode == 0 and "replay" in done.stdout


@pytest.mark.parametrize("demo", ["five_hundred", "jass", "auction_bridge"])
def test_replay_json_of_each_game_has_the_design_keys(demo, tmp_path, capsys):
    """Design §4 for every game, through the command and real JSON (not summary() dicts compared with ==)."""
    from scorepad.demo import DEMOS

    game = next(d for d in DEMOS if d["game"] == demo)
    path = tmp_path / f"{demo}.jsonl"
    path.write_text(log_lines(header(demo, game["players"], sides=game.get("sides")),
                              entries(demo, *game["entries"])))
    assert main(["replay", str(path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    keys = {"game", "status", "winner", "totals", "rows", "rejected", "questions"}
    extra = {"five_hundred": set(), "jass": set(),
             "auction_bridge": {"trick_score", "honour_score", "games", "rubber"}}[demo]
    assert set(summary) == keys | extra
    assert summary["game"] == demo and summary["rejected"] == [] and summary["status"] == "in_progress"
    assert summary["rows"] and set(summary["rows"][0]) == {"seq", "text", "delta", "totals"}
    assert summary["totals"] == summary["rows"][-1]["totals"]
    if demo == "auction_bridge":
        assert summary["rubber"] is None and set(summary["games"]) == {"We", "They"}
