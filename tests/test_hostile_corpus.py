"""A corpus of hostile game files, made here, through every way in: `replay`, `replay --json`, `export`,
`list` and the home screen. For each: exit 0 or 2, no traceback, no raw control character in what is printed
or shown, the file's bytes as they were, and never a hang (each run well inside 10 s).

The command runs share one subprocess (a driver calling `scorepad.cli.main` per file and command) and `list`
runs once over the folder holding them all, so the corpus costs a few seconds, not one start-up per file.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from scorepad.log import dump_entry, dump_header

from .helpers import entries, header

AT = "2026-11-29T20:15:00+00:00"
FH = ["Ann", "Bob", "Cid"]
FOUR = ["Ann", "Bob", "Cid", "Dan"]
FH_ITEMS = [
    {"type": "deal", "dealer": "Ann"},
    {"type": "contract", "player": "Bob", "call": "7H"},
    {"type": "result", "tricks": {"Bob": 7, "Ann": 2, "Cid": 1}},
]
JASS_ITEMS = [
    {"type": "deal", "dealer": "Ann"},
    {"type": "trump", "player": "Bob", "contract": "hearts"},
    {"type": "tricks", "points": {"Ann & Cid": 100}, "match": None},
]
BRIDGE_ITEMS = [
    {"type": "deal", "dealer": "Ann"},
    {"type": "contract", "player": "Ann", "call": "4H"},
    {"type": "result", "tricks": 10, "honours": {"side": "Ann & Cid", "holding": "3"}},
]
TIMEOUT = 10  # seconds a single file may take through one command: far beyond any real file, a hang guard


def game(kind: str = "five_hundred") -> tuple[str, list[str]]:
    """A valid game as its header line and entry lines (without newlines)."""
    players, items = {
        "five_hundred": (FH, FH_ITEMS),
        "jass": (FOUR, JASS_ITEMS),
        "auction_bridge": (FOUR, BRIDGE_ITEMS),
    }[kind]
    return dump_header(header(kind, players)), [dump_entry(e) for e in entries(kind, *items)]


def text(head: str, lines: list[str]) -> bytes:
    return "".join(line + "\n" for line in [head, *lines]).encode()


def valid(kind: str = "five_hundred") -> bytes:
    return text(*game(kind))


def header_with(kind: str = "five_hundred", **changes) -> bytes:
    head, lines = game(kind)
    data = json.loads(head)
    data.update(changes)
    return text(json.dumps(data, ensure_ascii=False), lines)


def header_edit(old: str, new: str, kind: str = "five_hundred") -> bytes:
    head, lines = game(kind)
    assert old in head
    return text(head.replace(old, new, 1), lines)


def entry_line(body: str, seq: int = 4) -> str:
    return f'{{"seq": {seq}, "at": "{AT}", {body}}}'


def plus(*lines: str, kind: str = "five_hundred") -> bytes:
    head, base = game(kind)
    return text(head, [*base, *lines])


def raw_plus(tail: bytes, kind: str = "five_hundred") -> bytes:
    return valid(kind) + tail


def swap_line(number: int, new: str, kind: str = "five_hundred") -> bytes:
    head, lines = game(kind)
    every = [head, *lines]
    every[number - 1] = new
    return text(every[0], every[1:])


def named(name: str, kind: str = "five_hundred") -> bytes:
    """A game whose second player is called `name` (entries name the players by the header's names)."""
    head, lines = game(kind)
    data = json.loads(head)
    data["players"][1] = name
    return text(
        json.dumps(data, ensure_ascii=False),
        [line.replace('"Bob"', json.dumps(name, ensure_ascii=False)) for line in lines],
    )


def players(count: int, kind: str = "five_hundred") -> bytes:
    names = [f"P{n}" for n in range(count)]
    head = dump_header(header(kind, FH)).replace('["Ann", "Bob", "Cid"]', json.dumps(names))
    return text(head, [entry_line('"type": "deal", "dealer": "P0"', seq=1)])


def many_notes(count: int) -> bytes:
    head, _ = game()
    return text(head, [entry_line(f'"type": "note", "text": "n{n}"', seq=n) for n in range(1, count + 1)])


def nested(depth: int, opener: str = "[", closer: str = "]") -> str:
    return opener * depth + closer * depth


KINDS: dict[str, Callable[[], bytes]] = {
    # whole and valid, as the app writes them
    "valid five hundred": lambda: valid(),
    "valid jass": lambda: valid("jass"),
    "valid auction bridge": lambda: valid("auction_bridge"),
    "header only": lambda: text(game()[0], []),
    "2000 notes": lambda: many_notes(2000),
    # empty, cut short, torn
    "empty file": lambda: b"",
    "one newline": lambda: b"\n",
    "only spaces": lambda: b"   \n  \n",
    "header without its newline": lambda: text(game()[0], [])[:-1],
    "header cut in half": lambda: text(game()[0], [])[:60],
    "last entry without its newline": lambda: valid()[:-1],
    "last entry torn": lambda: valid()[:-15],
    "cut at a quarter": lambda: valid()[: len(valid()) // 4],
    "cut at a half": lambda: valid()[: len(valid()) // 2],
    "cut at three quarters": lambda: valid()[: len(valid()) * 3 // 4],
    "cut mid-entry then more lines": lambda: swap_line(3, game()[1][1][:20]),
    # bytes that are not the text they should be
    "NUL bytes in a line": lambda: swap_line(3, game()[1][1][:10] + "\x00\x00" + game()[1][1][10:]),
    "NUL-filled file": lambda: b"\x00" * 4096,
    "NUL tail": lambda: raw_plus(b"\x00" * 64),
    "NUL line": lambda: raw_plus(b"\x00\n"),
    "Latin-1 title": lambda: header_edit('"title": ""', '"title": "Z\xfcrich"').replace(
        "ü".encode(), b"\xfc"
    ),
    "Latin-1 note": lambda: raw_plus(
        entry_line('"type": "note", "text": "Z\xfcrich"').encode("latin-1") + b"\n"
    ),
    "UTF-16 file": lambda: valid().decode().encode("utf-16"),
    "BOM at the start": lambda: b"\xef\xbb\xbf" + valid(),
    "BOM before an entry": lambda: swap_line(2, "\ufeff" + game()[1][0]),
    "CRLF line ends": lambda: valid().replace(b"\n", b"\r\n"),
    "CR line ends": lambda: valid().replace(b"\n", b"\r"),
    "binary garbage": lambda: random.Random(11).randbytes(2000),
    "PNG bytes": lambda: b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)),
    "gzip bytes": lambda: b"\x1f\x8b\x08\x00" + random.Random(5).randbytes(300),
    "escape bytes as a line": lambda: raw_plus(b"\x1b]0;owned\x07\x1b[2J\n"),
    "lone surrogate in a name": lambda: header_edit('"Bob"', '"\\ud800"'),
    "lone surrogate in a note": lambda: plus(entry_line('"type": "note", "text": "\\udfff"')),
    # JSON that is not what it claims
    "100k-deep list as the header": lambda: (nested(100_000) + "\n").encode() + valid(),
    "100k-deep list as an entry": lambda: plus(nested(100_000)),
    "100k-deep objects in a note": lambda: plus(
        entry_line('"type": "note", "text": ' + '{"a":' * 100_000 + "1" + "}" * 100_000)
    ),
    "100k-deep rules": lambda: header_edit('"rules": {}', '"rules": {"x": ' + nested(100_000) + "}"),
    "1e400 as seq": lambda: plus('{"seq": 1e400, "at": "' + AT + '", "type": "note", "text": "x"}'),
    "1e400 tricks": lambda: swap_line(
        4, entry_line('"type": "result", "tricks": {"Bob": 1e400, "Ann": 2, "Cid": 1}', seq=3)
    ),
    "10**5000 as seq": lambda: plus(
        '{"seq": ' + "1" + "0" * 5000 + ', "at": "' + AT + '", "type": "note", "text": "x"}'
    ),
    "10**5000 tricks": lambda: swap_line(
        4, entry_line('"type": "result", "tricks": {"Bob": 1' + "0" * 5000 + ', "Ann": 2, "Cid": 1}', seq=3)
    ),
    "NaN tricks": lambda: swap_line(
        4, entry_line('"type": "result", "tricks": {"Bob": NaN, "Ann": 2, "Cid": 1}', seq=3)
    ),
    "Infinity tricks": lambda: swap_line(
        4, entry_line('"type": "result", "tricks": {"Bob": Infinity, "Ann": 2, "Cid": 1}', seq=3)
    ),
    "negative tricks": lambda: swap_line(
        4, entry_line('"type": "result", "tricks": {"Bob": -7, "Ann": 16, "Cid": 1}', seq=3)
    ),
    "tricks as a string": lambda: swap_line(
        4, entry_line('"type": "result", "tricks": {"Bob": "7", "Ann": 2, "Cid": 1}', seq=3)
    ),
    "tricks as a float": lambda: swap_line(
        4, entry_line('"type": "result", "tricks": {"Bob": 7.0, "Ann": 2, "Cid": 1}', seq=3)
    ),
    "tricks as a boolean": lambda: swap_line(
        4, entry_line('"type": "result", "tricks": {"Bob": true, "Ann": 8, "Cid": 1}', seq=3)
    ),
    "tricks that do not add up": lambda: swap_line(
        4, entry_line('"type": "result", "tricks": {"Bob": 9, "Ann": 9, "Cid": 9}', seq=3)
    ),
    "bridge tricks 99": lambda: swap_line(
        4, entry_line('"type": "result", "tricks": 99', seq=3), "auction_bridge"
    ),
    "jass points as a string": lambda: swap_line(
        4, entry_line('"type": "tricks", "points": {"Ann & Cid": "100"}', seq=3), "jass"
    ),
    "jass points 10**5000": lambda: swap_line(
        4, entry_line('"type": "tricks", "points": {"Ann & Cid": 1' + "0" * 5000 + "}", seq=3), "jass"
    ),
    "impossible Weis": lambda: plus(
        entry_line(
            '"type": "weis", "player": "Bob", "melds": [{"kind": "sequence", '
            '"length": 9, "top": "8", "suit": "hearts"}]'
        ),
        kind="jass",
    ),
    "seq as a string": lambda: plus('{"seq": "4", "at": "' + AT + '", "type": "note", "text": "x"}'),
    "seq as a boolean": lambda: swap_line(
        2, '{"seq": true, "at": "' + AT + '", "type": "deal", "dealer": "Ann"}'
    ),
    "seq as a float": lambda: plus('{"seq": 4.0, "at": "' + AT + '", "type": "note", "text": "x"}'),
    "seq gap": lambda: plus(entry_line('"type": "note", "text": "x"', seq=9)),
    "seq repeated": lambda: plus(entry_line('"type": "note", "text": "x"', seq=3)),
    "seq zero": lambda: swap_line(2, entry_line('"type": "deal", "dealer": "Ann"', seq=0)),
    "seq negative": lambda: swap_line(2, entry_line('"type": "deal", "dealer": "Ann"', seq=-1)),
    "no seq": lambda: plus('{"at": "' + AT + '", "type": "note", "text": "x"}'),
    "no time": lambda: plus('{"seq": 4, "type": "note", "text": "x"}'),
    "a time that is not one": lambda: plus('{"seq": 4, "at": "tomorrow", "type": "note", "text": "x"}'),
    "duplicate key in an entry": lambda: plus(entry_line('"type": "note", "text": "a", "text": "b"')),
    "duplicate key in tricks": lambda: swap_line(
        4, entry_line('"type": "result", "tricks": {"Bob": 7, "Bob": 3, "Ann": 2, "Cid": 1}', seq=3)
    ),
    "duplicate players key": lambda: header_edit(
        '"title": ""', '"title": "", "players": ["Eve", "Fay", "Gus"]'
    ),
    "duplicate type key": lambda: plus(entry_line('"type": "note", "type": "deal", "text": "x"')),
    "unknown entry type": lambda: plus(entry_line('"type": "shuffle"')),
    "no type": lambda: plus(entry_line('"text": "x"')),
    "an extra field": lambda: plus(entry_line('"type": "note", "text": "x", "extra": 1')),
    "an entry that is a list": lambda: plus('[4, "note"]'),
    "an entry that is a string": lambda: plus('"note"'),
    "an entry that is null": lambda: plus("null"),
    "two objects on one line": lambda: plus(entry_line('"type": "note", "text": "a"') + " {}"),
    "trailing garbage": lambda: plus(entry_line('"type": "note", "text": "a"') + " ]]"),
    "an empty line between entries": lambda: swap_line(3, ""),
    "10000 empty lines": lambda: valid() + b"\n" * 10_000,
    "amend of an amend": lambda: plus(
        entry_line(
            '"type": "amend", "target": 1, "entry": {"type": "amend", "target": 1, '
            '"entry": {"type": "deal", "dealer": "Bob"}}'
        )
    ),
    "amend of a void": lambda: plus(
        entry_line('"type": "amend", "target": 1, "entry": {"type": "void", "target": 1}')
    ),
    "amend of a missing entry": lambda: plus(
        entry_line('"type": "amend", "target": 99, "entry": {"type": "deal", "dealer": "Bob"}')
    ),
    "void of itself": lambda: plus(entry_line('"type": "void", "target": 4')),
    "void target as a string": lambda: plus(entry_line('"type": "void", "target": "1"')),
    "override as a string": lambda: plus(entry_line('"type": "void", "target": 3, "override": "yes"')),
    "a dealer who is not at the table": lambda: plus(entry_line('"type": "deal", "dealer": "Zed"')),
    "a 1 MB note": lambda: plus(entry_line('"type": "note", "text": "' + "x" * 1_000_000 + '"')),
    # headers that are not a game this scorepad can play
    "unknown game": lambda: header_edit('"five_hundred"', '"poker"'),
    "game as a number": lambda: header_edit('"five_hundred"', "7"),
    "newer version": lambda: header_edit('"scorepad": 1', '"scorepad": 2'),
    "version 0": lambda: header_edit('"scorepad": 1', '"scorepad": 0'),
    "version as a string": lambda: header_edit('"scorepad": 1', '"scorepad": "1"'),
    "version true": lambda: header_edit('"scorepad": 1', '"scorepad": true'),
    "version 10**5000": lambda: header_edit('"scorepad": 1', '"scorepad": 1' + "0" * 5000),
    "no version": lambda: header_edit('"scorepad": 1, ', ""),
    "header is a list": lambda: swap_line(1, '["scorepad", 1]'),
    "header is a string": lambda: swap_line(1, '"scorepad"'),
    "header is null": lambda: swap_line(1, "null"),
    "no players": lambda: header_edit('"players": ["Ann", "Bob", "Cid"], ', ""),
    "players as a string": lambda: header_edit('["Ann", "Bob", "Cid"]', '"Ann Bob Cid"'),
    "one player": lambda: players(1),
    "seven players": lambda: players(7),
    "200 players": lambda: players(200),
    "200 players at jass": lambda: players(200, "jass"),
    "the same name twice": lambda: header_edit('"Bob", "Cid"', '"Bob", "Bob"'),
    "an empty name": lambda: header_edit('"Bob"', '""'),
    "a 10k-character name": lambda: named("N" * 10_000),
    "a 10k-character title": lambda: header_edit('"title": ""', '"title": "' + "T" * 10_000 + '"'),
    "sides naming a stranger": lambda: header_with(sides={"Ann": ["Ann"], "Bob": ["Bob"], "Zed": ["Zed"]}),
    "bridge with three sides": lambda: header_with(
        "auction_bridge", sides={"A": ["Ann"], "B": ["Bob"], "C": ["Cid", "Dan"]}
    ),
    "bridge with one side": lambda: header_with("auction_bridge", sides={"All": FOUR}),
    "jass with one team of four": lambda: header_with("jass", sides={"All": FOUR}),
    "an unknown rule": lambda: header_edit('"rules": {}', '"rules": {"jokers": 3}'),
    "a rule of the wrong type": lambda: header_edit('"rules": {}', '"rules": {"target": "lots"}'),
    "a target of 10**5000": lambda: header_edit('"rules": {}', '"rules": {"target": 1' + "0" * 5000 + "}"),
    "a created time that is not one": lambda: header_edit(AT.replace("+00:00", ""), "soon"),
    # text meant for the terminal, not the table
    "an escape sequence in a name": lambda: named("Bob\x1b]0;owned\x07"),
    "a clipboard write in the title": lambda: header_edit(
        '"title": ""', '"title": "\\u001b]52;c;b3duZWQ=\\u0007"'
    ),
    "a screen clear in a note": lambda: plus(entry_line('"type": "note", "text": "\\u001b[2J\\u001b[H"')),
    "a C1 control in a name": lambda: named("Bob\x9b31m"),
    "a bidi override in a name": lambda: named("Bob\u202eboB"),
    "DEL in a name": lambda: named("Bob\x7f"),
    "a line break in a name": lambda: named("Bob\nEve"),
    "a NUL escaped in a name": lambda: named("Bob\x00"),
    "markup in a name": lambda: named("[/]"),
    "a link in a name": lambda: named("[link=file:///etc/passwd]Bob[/link]"),
    "markup in the title": lambda: header_edit('"title": ""', '"title": "[bold red]x[/]"'),
}
SPECIAL = ("a pipe", "a directory", "a symbolic link loop", "a link to a device", "a dangling link")
NAMES = [*KINDS, *SPECIAL]
assert len(NAMES) >= 90

#: kinds whose text reaches the output raw until control characters are shown escaped everywhere
RAW_UNTIL_ESCAPED: dict[str, str] = {}  # none left: names, titles and notes are shown escaped everywhere


def file_name(kind: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in kind) + ".jsonl"


def make_corpus(games: Path) -> dict[str, bytes | None]:
    games.mkdir(parents=True)
    made: dict[str, bytes | None] = {}
    for kind, build in KINDS.items():
        data = build()
        (games / file_name(kind)).write_bytes(data)
        made[kind] = data
    os.mkfifo(games / file_name("a pipe"))
    (games / file_name("a directory")).mkdir()
    loop = games / file_name("a symbolic link loop")
    loop.symlink_to(loop.name)
    (games / file_name("a link to a device")).symlink_to("/dev/zero")
    (games / file_name("a dangling link")).symlink_to("nowhere.jsonl")
    made.update(dict.fromkeys(SPECIAL))
    return made


COMMANDS = {
    "replay": ["replay", "{}"],
    "replay --json": ["replay", "{}", "--json"],
    "export csv": ["export", "{}", "--format", "csv"],
    "export md": ["export", "{}", "--format", "md"],
}

DRIVER = textwrap.dedent("""
    import contextlib, io, json, sys, time, traceback
    from scorepad.cli.main import main

    files, commands = json.loads(sys.stdin.read())
    results = {}
    for kind, path in files.items():
        for name, argv in commands.items():
            out, err = io.StringIO(), io.StringIO()
            start = time.monotonic()
            try:
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                    code = main([path if a == "{}" else a for a in argv])
            except BaseException:
                code, err = None, io.StringIO(traceback.format_exc())
            results[f"{kind}|{name}"] = {"code": code, "out": out.getvalue(), "err": err.getvalue(),
                                         "seconds": time.monotonic() - start}
    json.dump(results, sys.stdout)
""")


def control_characters(text: str) -> list[str]:
    """Raw C0 (but newline and tab), DEL, C1 and bidi controls: what could drive a terminal."""
    return [
        hex(ord(c))
        for c in text
        if (ord(c) < 0x20 and c not in "\n\t")
        or 0x7F <= ord(c) <= 0x9F
        or 0x202A <= ord(c) <= 0x202E
        or 0x2066 <= ord(c) <= 0x2069
    ]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    home = tmp_path_factory.mktemp("corpus-home")
    made = make_corpus(home / "games")
    files = {kind: str(home / "games" / file_name(kind)) for kind in NAMES}
    env = {**os.environ, "SCOREPAD_HOME": str(home), "COLUMNS": "100"}
    run = subprocess.run(
        [sys.executable, "-c", DRIVER],
        input=json.dumps([files, COMMANDS]),
        capture_output=True,
        text=True,
        env=env,
        timeout=TIMEOUT * len(NAMES),
    )
    assert run.returncode == 0, run.stderr[-2000:]
    return home, made, json.loads(run.stdout)


def assert_untouched(home: Path, made: dict[str, bytes | None]) -> None:
    games = home / "games"
    for kind, data in made.items():
        path = games / file_name(kind)
        if data is not None:
            assert path.read_bytes() == data, kind
        assert not path.with_name(path.name + ".torn").exists(), kind
    assert sorted(p.name for p in games.iterdir()) == sorted(file_name(kind) for kind in NAMES)


def kind_params():
    for kind in NAMES:
        marks = []
        if kind in RAW_UNTIL_ESCAPED:
            marks.append(pytest.mark.xfail(strict=True, reason=RAW_UNTIL_ESCAPED[kind]))
        yield pytest.param(kind, marks=marks, id=kind)


@pytest.mark.parametrize("kind", list(kind_params()))
def test_every_command_reads_a_hostile_file_in_one_line_or_a_sheet(corpus, kind):
    home, made, results = corpus
    for command in COMMANDS:
        result = results[f"{kind}|{command}"]
        said = f"{kind} through {command}: {result['err'][-600:]}"
        assert result["code"] in (0, 2), said
        assert "Traceback" not in result["err"] + result["out"], said
        assert result["seconds"] < TIMEOUT, said
        if result["code"] == 2:
            assert result["err"].count("\n") == 1 and result["out"] == "", (
                said
            )  # one line, nothing half-printed
        assert control_characters(result["out"] + result["err"]) == [], said
    path = home / "games" / file_name(kind)
    if made[kind] is not None:
        assert path.read_bytes() == made[kind]
    assert not path.with_name(path.name + ".torn").exists()


def test_the_corpus_reads_as_the_laws_say(corpus):
    """A few kinds pinned: what must read, what must be refused and with which words."""
    _, _, results = corpus

    def outcome(kind: str) -> tuple[int, str]:
        result = results[f"{kind}|replay --json"]
        return result["code"], result["err"]

    for kind in (
        "valid five hundred",
        "valid jass",
        "valid auction bridge",
        "header only",
        "2000 notes",
        "last entry without its newline",
        "CRLF line ends",
        "BOM at the start",
        "tricks that do not add up",
        "amend of a missing entry",
        "a dealer who is not at the table",
        "impossible Weis",
    ):
        assert outcome(kind)[0] == 0, (kind, outcome(kind))
    assert "an unfinished last line" in outcome("last entry torn")[1] and outcome("last entry torn")[0] == 0
    for kind, words in [
        ("duplicate key in an entry", "line 5: the key 'text' is given twice"),
        ("duplicate key in tricks", "line 4: the key 'Bob' is given twice"),
        ("duplicate players key", "line 1: in the header, the key 'players' is given twice"),
        ("seq as a string", "line 5: bad entry: note.seq: Input should be a valid integer"),
        ("seq as a boolean", "line 2: bad entry: deal.seq: Input should be a valid integer"),
        ("tricks as a float", "line 4: bad entry: result.tricks.Bob: Input should be a valid integer"),
        ("amend of an amend", "line 5: an amend cannot replace an entry with another correction"),
        ("version true", "line 1: bad header: scorepad: the format version must be a whole number"),
        ("a pipe", "is a pipe, not a game file"),
        ("a directory", "is a directory, not a game file"),
        ("a link to a device", "is a device, not a game file"),
        ("a symbolic link loop", "cannot be read (Too many levels of symbolic links)"),
        ("NaN tricks", "line 4: not a JSON line"),
        ("empty file", "line 1: the file is empty"),
    ]:
        code, err = outcome(kind)
        assert code == 2 and words in err, (kind, err)


def test_list_shows_every_hostile_file_once_in_one_line(corpus):
    home, made, _ = corpus
    env = {**os.environ, "SCOREPAD_HOME": str(home), "COLUMNS": "100"}
    run = subprocess.run([sys.executable, "-m", "scorepad", "list"], capture_output=True, env=env, timeout=60)
    out, err = run.stdout.decode("utf-8"), run.stderr.decode("utf-8")
    assert run.returncode == 0 and "Traceback" not in err, err[-2000:]
    unescaped = [
        kind
        for kind in NAMES
        if kind not in RAW_UNTIL_ESCAPED
        and any(file_name(kind) in line and control_characters(line) for line in out.splitlines())
    ]
    assert unescaped == []
    for kind in NAMES:  # every file is listed, the unreadable ones too
        assert sum(file_name(kind) in line for line in out.splitlines()) == 1, kind
    assert_untouched(home, made)


async def test_the_home_screen_lists_the_corpus_without_a_raw_control_character(corpus, monkeypatch):
    from textual.widgets import DataTable, Static

    from scorepad.tui.app import ScorepadApp

    home, made, _ = corpus
    monkeypatch.setenv("SCOREPAD_HOME", str(home))
    app = ScorepadApp(remember_theme=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()  # the list is read in a worker
        await pilot.pause()
        table = app.screen.query_one("#games", DataTable)
        damaged = str(app.screen.query_one("#damaged", Static).render())
        shown = [str(cell) for row in range(table.row_count) for cell in table.get_row_at(row)]
        assert table.row_count + damaged.count("Cannot read ") == len(NAMES)
        raw = [
            text
            for text in [*shown, *damaged.splitlines()]
            if control_characters(text) and not any(file_name(kind) in text for kind in RAW_UNTIL_ESCAPED)
        ]
        assert raw == []
    assert_untouched(home, made)
