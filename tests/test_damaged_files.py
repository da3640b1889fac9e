"""Damaged game files: the command says one line naming the file and the line and exits 2; the app
lists the same line on its home screen and refuses to open the file, but never fails to start.

Every case is checked to leave the file's bytes as they were.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from textual.widgets import DataTable, Static

from scorepad.cli.main import main
from scorepad.store.game_file import TORN_SUFFIX, GameFile, LogError, games_dir, load
from scorepad.tui.app import ScorepadApp
from scorepad.tui.screens.home import HomeScreen

from .helpers import entries, header, log_lines

FIVE = ["Ann", "Bob", "Cid", "Dan"]
FH_ENTRIES = [
    {"type": "deal", "dealer": "Ann"},
    {"type": "bid", "player": "Bob", "call": "7H"},
    {"type": "bid", "player": "Cid", "call": "pass"},
]
JASS_ENTRIES = [{"type": "deal", "dealer": "Ann"}, {"type": "trump", "player": "Bob", "contract": "obenabe"}]


def five_hundred_log() -> str:
    """Header (line 1), deal (line 2, seq 1), bid (line 3, seq 2), bid (line 4, seq 3)."""
    return log_lines(header("five_hundred", FIVE), entries("five_hundred", *FH_ENTRIES))


def lines_of(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def replace_line(number: int, new: str) -> Callable[[str], bytes]:
    def damage(text: str) -> bytes:
        lines = lines_of(text)
        lines[number - 1] = new
        return "".join(lines).encode()

    return damage


def edit(old: str, new: str | bytes, count: int = 1) -> Callable[[str], bytes]:
    def damage(text: str) -> bytes:
        assert old in text
        data = text.encode()
        return data.replace(old.encode(), new if isinstance(new, bytes) else new.encode(), count)

    return damage


def jass_header_over_five_hundred_entries(text: str) -> bytes:
    jass = log_lines(header("jass", FIVE), [])
    return (jass + "".join(lines_of(text)[1:])).encode()


def five_hundred_header_over_jass_entries(text: str) -> bytes:
    return log_lines(header("five_hundred", FIVE), entries("jass", *JASS_ENTRIES)).encode()


def nested(depth: int) -> Callable[[str], bytes]:
    return lambda text: b"[" * depth + b"]" * depth + b"\n" + text.encode()


@dataclass(frozen=True)
class Case:
    name: str
    damage: Callable[[str], bytes]
    line: int
    cause: str


CASES = [
    Case("cut mid-header", lambda text: text.encode()[:57], 1, "the header line is unfinished"),
    Case(
        "cut mid-header, then the entries",
        lambda text: text.encode()[:57] + b"\n" + text.encode()[200:],
        1,
        "the header is not JSON",
    ),
    Case(
        "cut mid-entry, then more lines",
        lambda text: "".join(
            line[:25] + "\n" if n == 2 else line for n, line in enumerate(lines_of(text))
        ).encode(),
        3,
        "not a JSON line",
    ),
    Case("binary garbage", lambda text: random.Random(3).randbytes(700), 1, "the header is not"),
    Case(
        "binary garbage as an entry",
        lambda text: text.encode() + b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\n",
        5,
        "not UTF-8 text (byte 0x89 at column 1)",
    ),
    Case(
        "Latin-1 in an entry",
        lambda text: (
            text.encode()
            + (b'{"seq": 4, "at": "2026-11-29T20:15:00Z", "type": "note", "text": "Z\xfcrich"}\n')
        ),
        5,
        "not UTF-8 text (byte 0xfc at column 68)",
    ),
    Case(
        "Latin-1 in the header",
        edit('"title": ""', b'"title": "Z\xfcrich"'),
        1,
        "the header is not UTF-8 text (byte 0xfc",
    ),
    Case("empty file", lambda text: b"", 1, "the file is empty"),
    Case(
        "newer format version",
        edit('"scorepad": 1', '"scorepad": 2'),
        1,
        "written in format 2 by a newer scorepad; this one reads format 1",
    ),
    Case(
        "a Jass header over Five Hundred entries",
        jass_header_over_five_hundred_entries,
        3,
        "unknown entry type 'bid'",
    ),
    Case(
        "a Five Hundred header over Jass entries",
        five_hundred_header_over_jass_entries,
        3,
        "unknown entry type 'trump'",
    ),
    Case("duplicate seq", edit('"seq": 2', '"seq": 1'), 3, "seq 1 where 2 was expected (a duplicate)"),
    Case("missing seq", edit('"seq": 2', '"seq": 3'), 3, "seq 3 where 2 was expected (missing entries"),
    Case("unknown entry type", edit('"type": "bid"', '"type": "bet"'), 3, "unknown entry type 'bet'"),
    Case("a header that is a JSON list", replace_line(1, '["scorepad", 1]\n'), 1, "not a scorepad game"),
    Case("a header nested 100000 deep", nested(100_000), 1, "the header is not JSON (recursion limit"),
    Case(
        "a lone surrogate in the header",
        edit('"title": ""', '"title": "\\ud800"'),
        1,
        "the header is not JSON",
    ),
    Case("an empty line between entries", replace_line(3, "\n"), 3, "an empty line"),
    Case(
        "a line break in a name",
        edit('"rules": {}', '"sides": {"x": ["Ann\\nEve"]}, "rules": {}'),
        1,
        "sides name unknown players: Ann\\nEve",
    ),
    Case(
        "markup in the cause",
        edit('"five_hundred"', '"[/] [bold]x[/bold"'),
        1,
        "unknown game '[/] [bold]x[/bold'",
    ),
]
IDS = [case.name for case in CASES]


def write_case(directory: Path, case: Case, name: str = "damaged.jsonl") -> tuple[Path, bytes]:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / name
    data = case.damage(five_hundred_log())
    path.write_bytes(data)
    return path, data


def expected_start(path: Path, line: int) -> str:
    return f"{path}: line {line}: "


def assert_untouched(path: Path, data: bytes) -> None:
    assert path.read_bytes() == data
    assert not path.with_name(path.name + TORN_SUFFIX).exists()


# --------------------------------------------------------------------------- the loader and the command


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_loader_names_file_line_and_cause(tmp_path, case):
    path, data = write_case(tmp_path, case)
    with pytest.raises(LogError) as caught:
        load(path)
    message = str(caught.value)
    assert message.startswith(expected_start(path, case.line)), message
    assert case.cause in message and "\n" not in message
    with pytest.raises(LogError) as opened:
        GameFile.open(path)  # the writer's way in refuses it the same way, and cuts nothing
    assert str(opened.value) == message
    assert_untouched(path, data)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_replay_json_prints_one_line_and_exits_2(tmp_path, capsys, case):
    path, data = write_case(tmp_path, case)
    assert main(["replay", str(path), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.endswith("\n")
    assert err.startswith(expected_start(path, case.line)) and case.cause in err
    assert "Traceback" not in err
    assert_untouched(path, data)


@pytest.mark.parametrize("case", [CASES[1], CASES[4], CASES[15]], ids=[IDS[1], IDS[4], IDS[15]])
def test_replay_json_as_a_real_process(tmp_path, case):
    path, data = write_case(tmp_path, case)
    done = subprocess.run(
        [sys.executable, "-m", "scorepad", "replay", str(path), "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith(expected_start(path, case.line)) and case.cause in done.stderr
    assert "Traceback" not in done.stderr
    assert_untouched(path, data)


def test_a_torn_last_entry_is_a_notice_not_an_error(tmp_path, capsys):
    path = tmp_path / "torn.jsonl"
    text = five_hundred_log()
    data = text.encode()[:-20]  # the last entry cut short, as by a crash mid-write
    path.write_bytes(data)
    assert main(["replay", str(path), "--json"]) == 0
    out, err = capsys.readouterr()
    assert err.count("\n") == 1
    assert err.startswith(expected_start(path, 4)) and "an unfinished last line" in err
    assert json.loads(out)["game"] == "five_hundred"
    assert_untouched(path, data)  # replay only reads: the tail is set aside by the next writer


def test_a_directory_named_like_a_game(tmp_path, capsys):
    path = tmp_path / "folder.jsonl"
    path.mkdir()
    assert main(["replay", str(path), "--json"]) == 2
    err = capsys.readouterr().err
    assert err == f"is a directory, not a game file: {path}\n"
    with pytest.raises(LogError, match="is a directory"):
        GameFile.open(path)


def test_a_file_that_cannot_be_read(tmp_path, capsys, monkeypatch):
    path, data = write_case(tmp_path, CASES[0])
    import scorepad.store.game_file as store

    real_open = os.open

    def denied(name, flags, *args):  # as root a chmod does not deny: the refusal is made here
        if Path(name) == path:
            raise PermissionError(13, "Permission denied", str(name))
        return real_open(name, flags, *args)

    monkeypatch.setattr(store.os, "open", denied)
    assert main(["replay", str(path), "--json"]) == 2
    assert capsys.readouterr().err == f"cannot be read (Permission denied): {path}\n"


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every file")
def test_a_file_without_read_permission(tmp_path, capsys):
    path = tmp_path / "locked-away.jsonl"
    path.write_text(five_hundred_log())
    path.chmod(0)
    try:
        assert main(["replay", str(path), "--json"]) == 2
        assert capsys.readouterr().err == f"cannot be read (Permission denied): {path}\n"
    finally:
        path.chmod(0o644)


def test_a_file_that_cannot_be_written_opens_read_only(tmp_path, monkeypatch):
    path = tmp_path / "game.jsonl"
    path.write_text(five_hundred_log())
    import scorepad.store.game_file as store

    real_open = os.open

    def read_only_file_system(file, flags, *args, **kwargs):
        if Path(file) == path and flags & os.O_RDWR:
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, flags, *args, **kwargs)

    monkeypatch.setattr(store.os, "open", read_only_file_system)
    with GameFile.open(path) as game:
        assert game.readonly and len(game.entries) == 3
        assert game.notices == ["game.jsonl is not writable (Permission denied): opened read-only"]


# --------------------------------------------------------------------------- the app


def message_of(case: Case, path: Path) -> str:
    with pytest.raises(LogError) as caught:
        load(path)
    assert caught.value.line == case.line
    return str(caught.value)


async def test_the_home_screen_lists_every_damaged_file_and_still_starts(scorepad_home):
    good = games_dir() / "good.jsonl"
    written = {case: write_case(games_dir(), case, f"damaged-{n:02}.jsonl") for n, case in enumerate(CASES)}
    good.write_text(five_hundred_log())
    app = ScorepadApp(remember_theme=False)
    async with app.run_test(size=(160, 60)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert app.screen.query_one("#games", DataTable).row_count == 1  # the good game is listed
        damaged = app.screen.query_one("#damaged", Static)
        assert damaged.display
        shown = str(damaged.render())
        for case, (path, _) in written.items():
            assert f"Cannot read {message_of(case, path)}" in shown
            assert f"{path}: line {case.line}: " in shown
    for path, data in written.values():
        assert_untouched(path, data)


@pytest.mark.parametrize("case", CASES, ids=IDS)
async def test_opening_a_damaged_file_says_why_and_stays_home(tmp_path, case):
    path, data = write_case(tmp_path, case)
    app = ScorepadApp(open_path=path, remember_theme=False)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        errors = [n for n in app._notifications if n.severity == "error"]
        assert [n.message for n in errors] == [message_of(case, path)]
        assert errors[0].title == "Cannot open this game"
    assert_untouched(path, data)


async def test_opening_a_missing_file_says_so(tmp_path):
    path = tmp_path / "gone.jsonl"
    app = ScorepadApp(open_path=path, remember_theme=False)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert [n.message for n in app._notifications] == [f"no such file: {path}"]
    assert not path.exists()
