"""Nothing from a file reaches the terminal raw, and user text is never markup: replay, list, stats, exports."""

from __future__ import annotations

import json
import re

import pytest

from scorepad.cli.main import main
from scorepad.store.game_file import games_dir

from .hostile import MARKUP_NAMES, NOTE, TITLE, hostile_game, no_raw


@pytest.fixture
def game():
    games_dir().mkdir(parents=True)
    return hostile_game(games_dir() / "hostile.jsonl")


@pytest.fixture
def terminal(monkeypatch):
    """Rich writes as to a colour terminal (styles and hyperlinks would be escape sequences)."""
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("NO_COLOR", raising=False)


def test_replay_shows_markup_names_as_typed_and_escapes_as_text(game, capsys, terminal):
    before = game.read_bytes()
    assert main(["replay", str(game)]) == 0
    out = capsys.readouterr().out
    assert "\x1b[" in out  # styled: the check below would see a raw escape if one got through
    assert "\x1b]8;" not in out  # no hyperlink from [link=…]
    for name in MARKUP_NAMES:
        assert name in out
    assert "\\x1b]0;pwned\\x07day\\u202e\\x85\\x9b2J" in out
    assert "Zed\\x1b[2J\\x7f" in out and "cannot hold control" in out
    # Rich's own colour codes (SGR) aside, no control character at all
    assert no_raw(re.sub(r"\x1b\[[0-9;]*m", "", out).replace("\n", ""))
    assert game.read_bytes() == before


def test_list_and_stats_take_markup_names_and_escapes(game, capsys, terminal):
    assert main(["list"]) == 0
    listed = capsys.readouterr().out
    assert no_raw(listed) and "\\x1b]0;pwned\\x07" in listed and "[link=file:///etc/passwd]x" in listed
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert no_raw(re.sub(r"\x1b\[[0-9;]*m", "", out))
    for name in MARKUP_NAMES:
        assert name in out


def test_a_damaged_file_with_escapes_in_its_cause_is_one_visible_line(capsys, tmp_path):
    path = tmp_path / "bad\x1b]0;x\x07.jsonl"
    path.write_text('{"scorepad": 1, "game": "five_hundred\x1b[2J"}\n', encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and no_raw(err) and "bad\\x1b]0;x\\x07.jsonl" in err


@pytest.mark.parametrize("fmt", ["csv", "md"])
def test_csv_and_markdown_show_escapes_visibly(game, capsys, fmt):
    assert main(["export", str(game), "--format", fmt]) == 0
    out = capsys.readouterr().out
    assert no_raw(out)
    assert ("\\[/\\]" if fmt == "md" else "[/]") in out  # Markdown: brackets escaped (no link made of them)
    if fmt == "md":
        assert out.startswith("# Fri\\x1b\\]0;pwned\\x07day\\u202e\\x85\\x9b2J\n")


@pytest.mark.parametrize("argv", [["export", "--format", "json"], ["replay", "--json"]])
def test_json_stays_valid_json_with_every_value_as_it_is(game, capsys, argv):
    assert main([argv[0], str(game), *argv[1:]]) == 0
    out = capsys.readouterr().out
    assert no_raw(out)  # DEL, C1 and bidi controls are \\u escapes too, not only what json escapes itself
    summary = json.loads(out)
    (refused_dealer, refused_rename) = summary["rejected"]
    assert "Zed\x1b[2J\x7f" in refused_dealer["reason"] or "Zed\\x1b[2J\\x7f" in refused_dealer["reason"]
    assert refused_rename["seq"] == 6


def test_the_title_and_note_really_hold_what_the_test_says(game):
    text = game.read_text(encoding="utf-8")
    assert json.dumps(TITLE, ensure_ascii=False)[1:-1] in text and json.dumps(NOTE)[1:-1] in text
