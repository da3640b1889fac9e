"""The `scorepad` command: exit codes, one-line errors, the replay summary (docs/log-format.md §2)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorepad.cli.main import main

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
    assert "Bob deals next; Cid bids first" in out and "Next: Bob deals" not in out  # said once


def test_a_damaged_file_gives_one_line_and_exit_2(tmp_path, capsys):
    path = tmp_path / "bad.jsonl"
    path.write_text(log_lines(header("five_hundred", ["Ann", "Bob", "Cid"]), []) + "{oops\n")
    assert main(["replay", str(path), "--json"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{path}: line 2: not a JSON line" in err


def test_a_missing_file(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope.jsonl")]) == 2
    assert capsys.readouterr().err == f"no such file: {tmp_path / 'nope.jsonl'}\n"


@pytest.mark.parametrize(
    "argv",
    [
        ["bogus"],
        ["replay"],
        ["new", "jass", "--players", "A", "B"],
        ["new", "poker", "--players", "A", "B"],
        ["export", "x.jsonl", "--format", "pdf"],
        ["new", "five_hundred", "--players", "A", "B", "--rule", "target"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_new_list_and_export(capsys, tmp_path):
    assert (
        main(["new", "five_hundred", "--players", "Ann", "Bob", "Cid", "--title", "Friday", "--no-open"]) == 0
    )
    path = capsys.readouterr().out.strip()
    assert main(["list"]) == 0
    assert "Friday" in capsys.readouterr().out
    out = tmp_path / "sheet.md"
    assert main(["export", path, "--format", "md", "-o", str(out)]) == 0
    assert out.read_text().startswith("# Friday")


def test_new_without_a_terminal_makes_the_game_says_where_and_succeeds(capsys, monkeypatch):
    # a script or a pipe: no app to open, but the game is made as asked (exit 0, its path on stdout)
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    assert main(["new", "jass", "--players", "Ann", "Bob", "Cid", "Dan"]) == 0
    out, err = capsys.readouterr()
    path = Path(out.strip())
    assert path.is_file() and path.suffix == ".jsonl" and err == ""
    assert main(["replay", str(path), "--json"]) == 0


def test_export_csv_has_a_column_per_side(game_file, capsys):
    assert main(["export", str(game_file), "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split(",")[2:5] == ["Ann +/-", "Bob +/-", "Cid +/-"]
    assert lines[1].split(",")[2:8] == ["200", "10", "10", "200", "10", "10"]


def test_export_csv_numbers_rows_by_deal_like_the_markdown(tmp_path, capsys):
    from scorepad.rules import replay
    from scorepad.text.export import to_csv, to_markdown

    items = []
    for n in range(3):
        items += [
            {"type": "deal", "dealer": ["Ann", "Bob", "Cid"][n]},
            {"type": "contract", "player": "Ann", "call": "7S"},
            {"type": "result", "tricks": {"Ann": 7, "Bob": 2, "Cid": 1}},
        ]
    sheet = replay(header("five_hundred", ["Ann", "Bob", "Cid"]), entries("five_hundred", *items))
    rows = [line.split(",") for line in to_csv(sheet).splitlines()]
    assert rows[0][0] == "#" and rows[0][-1] == "log entry"
    assert [r[0] for r in rows[1:]] == ["1", "2", "3"]  # deals, as the Markdown numbers them
    assert [r[-1] for r in rows[1:]] == ["3", "6", "9"]  # the entry that scored each, in its own column
    assert "| 3 |" in to_markdown(sheet)


def test_a_setting_the_game_does_not_have_lists_the_ones_it_has(scorepad_home, capsys):
    assert (
        main(["new", "five_hundred", "--players", "Ann", "Bob", "Cid", "--rule", "nosuch=1", "--no-open"])
        == 2
    )
    err = capsys.readouterr().err
    assert "no setting 'nosuch'" in err and "schedule" in err and "Extra inputs" not in err


def test_the_app_needs_a_terminal(capsys):
    assert main([]) == 2
    assert "needs a terminal" in capsys.readouterr().err


def test_replay_does_not_import_textual(game_file):
    code = (
        "import sys; from scorepad.cli.main import main; main(['replay', sys.argv[1], '--json']); "
        "print('textual' in sys.modules, file=sys.stderr)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(game_file)], capture_output=True, text=True, check=True
    )
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
    path.write_text(
        log_lines(header(demo, game["players"], sides=game.get("sides")), entries(demo, *game["entries"]))
    )
    assert main(["replay", str(path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    keys = {"game", "status", "winner", "totals", "rows", "rejected", "questions"}
    extra = {
        "five_hundred": set(),
        "jass": set(),
        "auction_bridge": {"trick_score", "honour_score", "games", "rubber"},
    }[demo]
    assert set(summary) == keys | extra
    assert summary["game"] == demo and summary["rejected"] == [] and summary["status"] == "in_progress"
    assert summary["rows"] and set(summary["rows"][0]) == {"seq", "text", "delta", "totals"}
    assert summary["totals"] == summary["rows"][-1]["totals"]
    if demo == "auction_bridge":
        assert summary["rubber"] is None and set(summary["games"]) == {"We", "They"}


def _raw_game(tmp_path, game, players, lines, sides=None):
    """A file written by hand: entry lines exactly as given (not parsed first)."""
    from scorepad.log import dump_header

    path = tmp_path / f"{game}.jsonl"
    body = [dump_header(header(game, players, sides=sides))]
    body += [
        json.dumps({"seq": n, "at": "2026-11-29T20:15:00+01:00", **line}) for n, line in enumerate(lines, 1)
    ]
    path.write_text("".join(line + "\n" for line in body))
    return path


JASS_PLAYERS = ["Ann", "Bob", "Cid", "Dan"]


@pytest.mark.parametrize(
    ("game", "players", "lines", "bad", "reason"),
    [
        (
            "jass",
            JASS_PLAYERS,
            [
                {"type": "deal", "dealer": "Dan"},
                {"type": "trump", "player": "Ann", "contract": "hearts"},
                {
                    "type": "weis",
                    "player": "Bob",
                    "melds": [{"kind": "sequence", "length": 5, "top": "9", "suit": "clubs"}],
                },
                {"type": "tricks", "points": {"Ann & Cid": 97}},
            ],
            3,
            "Bob cannot declare that: a sequence of 5 cannot be headed by the 9: only 4 cards run down from it",
        ),
        (
            "jass",
            JASS_PLAYERS,
            [
                {"type": "deal", "dealer": "Dan"},
                {"type": "trump", "player": "Ann", "contract": "hearts"},
                {
                    "type": "weis",
                    "player": "Bob",
                    "melds": [{"kind": "sequence", "length": 4, "top": "K", "suit": "clubs"}],
                },
                {
                    "type": "weis",
                    "player": "Cid",
                    "melds": [{"kind": "sequence", "length": 3, "top": "Q", "suit": "clubs"}],
                },
                {"type": "tricks", "points": {"Ann & Cid": 97}},
            ],
            4,
            "the 10♣ is in Bob's four to the K♣: it cannot be in Cid's hand too",
        ),
        (
            "jass",
            JASS_PLAYERS,
            [
                {"type": "deal", "dealer": "Dan"},
                {"type": "trump", "player": "Ann", "contract": "hearts"},
                {"type": "claim", "team": "Ann & Cid", "counted": -5},
                {"type": "tricks", "points": {"Ann & Cid": 97}},
            ],
            3,
            "card points counted cannot be negative (-5)",
        ),
        (
            "five_hundred",
            ["Ann", "Bob", "Cid"],
            [{"type": "contract", "player": "Ann", "call": "pass"}, *GAME],
            1,
            "a contract cannot be a pass: enter the passes as bids (a pass by every player)",
        ),
        (
            "five_hundred",
            ["Ann", "Bob", "Cid"],
            [*GAME[:2], {"type": "result", "tricks": {"Ann": 12, "Bob": -1, "Cid": -1}}, GAME[2]],
            3,
            "Bob won -1 tricks? trick counts cannot be negative",
        ),
        (
            "auction_bridge",
            JASS_PLAYERS,
            [
                {"type": "contract", "player": "Ann", "call": "1NT"},
                {"type": "result", "tricks": 14, "honours": None},
                {"type": "result", "tricks": 7, "honours": None},
            ],
            2,
            "the declarer's side won 14 tricks? a deal has 13 (0 to 13)",
        ),
    ],
)
def test_an_entry_that_reads_but_breaks_a_law_is_a_rejection_not_an_unreadable_file(
    tmp_path, capsys, game, players, lines, bad, reason
):
    path = _raw_game(tmp_path, game, players, lines)
    assert main(["replay", str(path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["rejected"] == [{"seq": bad, "reason": reason}]
    assert len(summary["rows"]) == 1  # the rest of the game still shows
