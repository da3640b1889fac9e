"""The command line at the wrong moment: a game header written another way under `export --force`, a link as
the export's target, formulas in a spreadsheet, standard output that cannot be written."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys

import pytest

from scorepad.cli.main import main

from .helpers import entries, header, log_lines

GAME = [
    {"type": "deal", "dealer": "Ann"},
    {"type": "contract", "player": "Ann", "call": "7H"},
    {"type": "result", "tricks": {"Ann": 8, "Bob": 1, "Cid": 1}},
]


def write_game(path, players=("Ann", "Bob", "Cid"), title=""):
    path.write_text(
        log_lines(header("five_hundred", list(players), title=title), entries("five_hundred", *GAME)),
        encoding="utf-8",
    )
    return path


@pytest.fixture
def game(tmp_path):
    return write_game(tmp_path / "friday.jsonl")


def escaped_key(text: str) -> str:
    return text.replace('"scorepad"', '"\\u0073corepad"', 1)


def late_key(text: str) -> str:
    first, rest = text.split("\n", 1)
    fields = json.loads(first)
    version = fields.pop("scorepad")
    fields = {"title": "x" * 5000, **{k: v for k, v in fields.items() if k != "title"}, "scorepad": version}
    return json.dumps(fields) + "\n" + rest


@pytest.mark.parametrize("rewrite", [escaped_key, late_key], ids=["escaped key", "key after a long title"])
@pytest.mark.parametrize("force", [[], ["--force"]])
def test_a_game_header_written_another_way_is_never_overwritten(game, tmp_path, capsys, rewrite, force):
    other = tmp_path / "other.jsonl"
    other.write_text(rewrite(game.read_text(encoding="utf-8")), encoding="utf-8")
    assert main(["replay", str(other), "--json"]) == 0  # it is a game: scorepad reads it as one
    capsys.readouterr()
    before = other.read_bytes()
    assert main(["export", str(game), "--format", "csv", "-o", str(other), *force]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is a scorepad game log" in err
    assert other.read_bytes() == before


def test_a_link_as_the_export_target_is_refused(game, tmp_path, capsys):
    victim = tmp_path / "notes.txt"
    victim.write_text("kept")
    link = tmp_path / "sheet.csv"
    link.symlink_to(victim)
    assert main(["export", str(game), "-o", str(link), "--force"]) == 2
    assert "symbolic link" in capsys.readouterr().err
    assert victim.read_text() == "kept" and link.is_symlink()


def test_a_text_cell_that_starts_like_a_formula_is_text_in_a_spreadsheet(tmp_path, capsys):
    game = write_game(tmp_path / "g.jsonl", players=("=HYPERLINK(1)", "+Bob", "@Cid"))
    text = game.read_text(encoding="utf-8").replace('"Ann"', '"=HYPERLINK(1)"')
    game.write_text(text.replace('"Bob"', '"+Bob"').replace('"Cid"', '"@Cid"'), encoding="utf-8")
    assert main(["export", str(game), "--format", "csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    cells = [cell for row in rows for cell in row]
    assert not any(cell.startswith(("=", "+", "@", "\t", "\r")) for cell in cells), cells
    assert "'=HYPERLINK(1) total" in rows[0]
    assert rows[1][2:] and all(cell.lstrip("-").isdigit() for cell in rows[1][2:])  # points stay numbers


def test_markdown_escapes_table_syntax_and_links(tmp_path, capsys):
    game = write_game(tmp_path / "g.jsonl", title="a | b [x](http://h) <b>")
    assert main(["export", str(game), "--format", "md"]) == 0
    out = capsys.readouterr().out
    assert "# a \\| b \\[x\\](http://h) \\<b\\>" in out
    table = [line for line in out.splitlines() if line.startswith("|")]
    assert len({line.count("|") - line.count("\\|") for line in table}) == 1  # every row has the same cells


COMMANDS = [
    ["list"],
    ["stats"],
    ["replay", "{game}"],
    ["replay", "{game}", "--json"],
    ["export", "{game}"],
    ["export", "{game}", "--format", "md"],
    ["--help"],
    ["--version"],
    ["export", "--help"],
]


def run_cli(args, game, stdout, scorepad_home):
    argv = [a.format(game=game) for a in args]
    return subprocess.run(
        [sys.executable, "-m", "scorepad", *argv],
        stdout=stdout,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        timeout=60,
        env={**os.environ, "SCOREPAD_HOME": str(scorepad_home)},
        check=False,
    )


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_standard_output_on_a_full_disk_is_one_line_and_exit_2(game, scorepad_home, args):
    (scorepad_home / "games").mkdir(parents=True)
    write_game(scorepad_home / "games" / "saved.jsonl")
    with open("/dev/full", "w") as full:
        done = run_cli(args, game, full, scorepad_home)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "could not write to standard output" in done.stderr


@pytest.mark.parametrize("args", [["list"], ["replay", "{game}"], ["export", "{game}"]], ids=" ".join)
def test_a_reader_that_leaves_early_ends_it_quietly(game, scorepad_home, args):
    (scorepad_home / "games").mkdir(parents=True)
    for n in range(40):
        write_game(scorepad_home / "games" / f"saved{n}.jsonl")
    read, write = os.pipe()
    os.close(read)  # the reader is gone before a byte is written, as `| head -0` leaves
    with os.fdopen(write, "w") as closed:
        done = run_cli(args, game, closed, scorepad_home)
    assert done.returncode == 0 and done.stderr == ""
