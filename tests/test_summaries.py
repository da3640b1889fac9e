"""What each saved game gave, kept on disk between runs (scorepad.summaries): a second start replays only the
games that changed, gives exactly what a replay gives (renamed players stay one person), and a cache file that
is damaged, foreign or not a file at all is ignored — never a crash, never a wrong line."""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest

from scorepad import history, summaries
from scorepad.history import DigestCache, collect_stats, describe, read_saved_games
from tests.helpers import entries, header, log_lines
from tests.test_layers import loaded, modules_after
from tests.test_stats import BRIDGE, FIVE_HUNDRED, FOUR, JASS, write


@pytest.fixture
def folder(scorepad_home: Path) -> Path:
    """Five saved games of all three kinds in the home's games folder, one with a seat renamed."""
    directory = scorepad_home / "games"
    write(directory, "fh", "five_hundred", ["Ann", "Bob", "Cid"], FIVE_HUNDRED)
    write(directory, "jass", "jass", FOUR, JASS)
    write(directory, "bridge", "auction_bridge", FOUR, BRIDGE, sides={"We": ["Ann", "Cid"], "They": ["Bob", "Dan"]})
    older = write(directory, "older", "five_hundred", ["Ann", "Bob", "Cid"], FIVE_HUNDRED[:3])
    newer = write(directory, "newer", "five_hundred", ["Ann", "Bob", "Cid"],
                  [*FIVE_HUNDRED[:3], {"type": "rename", "player": "Cid", "new_name": "Cyd"}])
    os.utime(older, (1_700_000_000, 1_700_000_000))
    os.utime(newer, (1_900_000_000, 1_900_000_000))
    return directory


class Replays:
    """Counts the games replayed (history.digest_of: reading a file and replaying it)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch):
        self.count = 0
        real = history.digest_of

        def counted(*args, **kwargs):
            self.count += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(history, "digest_of", counted)


def lines(directory: Path) -> list[str]:
    """`scorepad list`'s lines, as a fresh process would read them (nothing in memory)."""
    return [describe(digest) for digest in read_saved_games(directory, cache=DigestCache())]


def replayed_lines(directory: Path) -> list[str]:
    return [describe(digest) for digest in read_saved_games(directory, cache=None)]


def stored_file(directory: Path) -> Path:
    return summaries.stored_path(directory)


def test_a_second_start_replays_no_unchanged_game_and_shows_the_same(folder, monkeypatch):
    replays = Replays(monkeypatch)
    first = lines(folder)
    assert replays.count == 5 and stored_file(folder).is_file()
    assert lines(folder) == first == replayed_lines(folder)
    assert replays.count == 5 + 0 + 5  # the second start replayed nothing (the third line: replayed on purpose)


def test_a_game_changed_since_is_replayed_alone(folder, monkeypatch):
    lines(folder)
    jass = folder / "jass.jsonl"
    stamp = jass.stat()
    jass.write_text(log_lines(header("jass", FOUR, title="Sunday"), entries("jass", *JASS)), encoding="utf-8")
    os.utime(jass, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))  # even at the same time
    replays = Replays(monkeypatch)
    shown = lines(folder)
    assert replays.count == 1
    assert any("“Sunday”" in line for line in shown)
    assert shown == replayed_lines(folder)


def test_statistics_from_stored_games_are_those_of_the_replays_renamed_players_one_person(folder, monkeypatch):
    replayed = collect_stats(folder, cache=None)
    collect_stats(folder, cache=DigestCache())  # stores every game
    replays = Replays(monkeypatch)
    stored = collect_stats(folder, cache=DigestCache())
    assert replays.count == 0
    assert dataclasses.asdict(stored) == dataclasses.asdict(replayed)
    assert set(stored.players) == {"Ann", "Bob", "Cyd", "Dan"}  # Cid of every older game is Cyd
    assert stored.players["Cyd"].played == 5 and stored.bids and stored.weis and stored.rubbers


def test_the_figures_are_told_before_the_cache_file_is_written_and_are_those_returned(folder, monkeypatch):
    happened: list[str] = []
    real = summaries.write_stored

    def writing(*args, **kwargs):
        happened.append("written")
        return real(*args, **kwargs)

    monkeypatch.setattr(summaries, "write_stored", writing)
    told: list[object] = []
    stats = collect_stats(folder, cache=DigestCache(), counted=lambda figures: (told.append(figures),
                                                                                happened.append("told")))
    assert happened == ["told", "written"]
    assert told == [stats] and told[0] is stats
    assert dataclasses.asdict(stats) == dataclasses.asdict(collect_stats(folder, cache=None))


def test_a_stopped_count_tells_no_figures(folder):
    told: list[object] = []
    taken = collect_stats(folder, cache=DigestCache(), cancelled=lambda: True, counted=told.append)
    assert told == [] and sum(taken.games.values()) == 0


def test_the_outcome_a_summary_reads_is_the_sheets_own(folder):
    """history.digest_of reads `Replayer.outcome()`, not the whole sheet: each of its values is the sheet's."""
    from scorepad.rules.base import Outcome, Replayer
    from scorepad.store import load

    compared = 0
    for path in sorted(folder.glob("*.jsonl")):
        log = load(path)
        replayer = Replayer(log.header).extend(log.entries)
        outcome, sheet = replayer.outcome(), replayer.sheet()
        for name in Outcome.__dataclass_fields__:
            assert getattr(outcome, name) == getattr(sheet, name), (path.name, name)
        assert (outcome.game, outcome.finished) == (sheet.game, sheet.finished)
        compared += 1
    assert compared == 5


def test_a_reading_stopped_halfway_keeps_what_it_replayed(folder, monkeypatch):
    taken = 0

    def stop_after_two() -> bool:
        return taken >= 2

    for _ in read_saved_games(folder, cache=DigestCache(), cancelled=stop_after_two):
        taken += 1
    replays = Replays(monkeypatch)
    assert lines(folder) == replayed_lines(folder)
    assert replays.count == 3 + 5  # the two read before the stop were kept


def test_a_damaged_file_is_not_stored_but_said_each_time(folder, monkeypatch):
    (folder / "noise.jsonl").write_bytes(b"\x1b[31m not a game\n")
    first = lines(folder)
    assert sum(line.startswith("!! ") for line in first) == 1
    replays = Replays(monkeypatch)
    assert lines(folder) == first
    assert replays.count == 1  # only the damaged one is tried again


def _valid(directory: Path) -> dict:
    lines(directory)
    return json.loads(stored_file(directory).read_bytes())


def _one_game(data: dict, **changes) -> dict:
    key = next(iter(data["games"]))
    data["games"][key] = {**data["games"][key], **changes}
    return data


HOSTILE = {
    "empty": lambda data: b"",
    "garbage": lambda data: b"\x00\xff\x1b[2J not json",
    "cut short": lambda data: json.dumps(data).encode()[:200],
    "a list": lambda data: b"[]",
    "another version of the code": lambda data: json.dumps({**data, "code": "0.0.1+0"}).encode(),
    "another format": lambda data: json.dumps({**data, "format": 2}).encode(),
    "format true": lambda data: json.dumps({**data, "format": True}).encode(),
    "an extra field": lambda data: json.dumps({**data, "extra": 1}).encode(),
    "an unknown game": lambda data: json.dumps(_one_game(data, game="poker")).encode(),
    "a game that is a list": lambda data: json.dumps(_one_game(data, game=["jass"])).encode(),
    "a game that is an object": lambda data: json.dumps(_one_game(data, game={"jass": 1})).encode(),
    "a negative count": lambda data: json.dumps(_one_game(data, finished=-1)).encode(),
    "a count that is a bool": lambda data: json.dumps(_one_game(data, finished=True)).encode(),
    "a count that is a float": lambda data: json.dumps(_one_game(data, finished=1.0)).encode(),
    "a name that is a number": lambda data: json.dumps(_one_game(data, players=[1, 2, 3])).encode(),
    "a record too short": lambda data: json.dumps(_one_game(data, records={"Ann": [1, 1]})).encode(),
    "an empty seat": lambda data: json.dumps(_one_game(data, seat_names=[[]])).encode(),
    "a field missing": lambda data: json.dumps(
        _one_game(data) | {"games": {k: {f: v for f, v in g.items() if f != "status"}
                                     for k, g in data["games"].items()}}).encode(),
    "a key that is no hash": lambda data: json.dumps(
        {**data, "games": {"../../etc": next(iter(data["games"].values()))}}).encode(),
    "nested too deep": lambda data: b"[" * 100_000 + b"]" * 100_000,
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_damaged_or_foreign_cache_file_is_ignored_whole_then_written_anew(folder, monkeypatch, kind):
    path = stored_file(folder)
    path.write_bytes(HOSTILE[kind](_valid(folder)))
    replays = Replays(monkeypatch)
    assert lines(folder) == replayed_lines(folder)
    assert replays.count == 5 + 5  # every game replayed: nothing in the file was taken
    assert lines(folder) == replayed_lines(folder)
    assert replays.count == 5 + 5 + 5  # the file was written anew: the second start replayed nothing


def test_a_cache_file_too_big_to_be_ours_is_not_read(folder, monkeypatch):
    path = stored_file(folder)
    _valid(folder)
    with path.open("r+b") as file:
        file.truncate(summaries.MAX_BYTES + 1)  # sparse: takes no room on disk
    replays = Replays(monkeypatch)
    assert lines(folder) == replayed_lines(folder)
    assert replays.count == 10


@pytest.mark.parametrize("kind", ["a folder", "a pipe", "a link to a game"])
def test_a_cache_file_that_is_not_a_file_is_ignored_and_never_blocks(folder, monkeypatch, kind):
    path = stored_file(folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "a folder":
        path.mkdir()
    elif kind == "a pipe":
        os.mkfifo(path)
    else:
        path.symlink_to(folder / "fh.jsonl")
    replays = Replays(monkeypatch)
    assert lines(folder) == replayed_lines(folder)
    assert replays.count == 10
    assert (folder / "fh.jsonl").read_text(encoding="utf-8").startswith('{"scorepad"')  # a game never overwritten


def test_a_cache_dir_that_cannot_be_written_is_no_error(folder, scorepad_home):
    (scorepad_home / "cache").write_text("a file where the cache dir would be")
    assert lines(folder) == replayed_lines(folder)
    assert not stored_file(folder).exists()


def test_each_games_folder_has_its_own_cache_file(folder, tmp_path, monkeypatch):
    other = tmp_path / "elsewhere"
    write(other, "fh", "five_hundred", ["Eve", "Fay", "Gus"], FIVE_HUNDRED)
    lines(folder)
    lines(other)
    replays = Replays(monkeypatch)
    lines(folder)
    assert replays.count == 0  # reading the other folder did not drop this one's games


def test_scorepad_list_over_stored_games_loads_no_models_and_no_rules(folder, scorepad_home):
    code = ("import contextlib, io\nfrom scorepad.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n    main(['list'])\n")
    env = {"SCOREPAD_HOME": str(scorepad_home)}
    first = modules_after(code, env)
    assert "scorepad.rules.base" in first  # the first run replays every game
    again = modules_after(code, env)
    assert loaded(again, "pydantic", "scorepad.log", "scorepad.store", "scorepad.rules.base", "scorepad.stats",
                  "textual", "rich") == []


def test_after_a_stopped_reading_the_next_one_in_the_same_run_reads_the_cache_file_no_more(folder, monkeypatch):
    # the list stopped by the statistics opened over it: the statistics take what the list found
    lines(folder)  # every game stored
    reads = []
    real = summaries.read_stored
    monkeypatch.setattr(summaries, "read_stored", lambda path: reads.append(path) or real(path))
    cache = DigestCache()
    for _ in read_saved_games(folder, cache=cache, cancelled=lambda: len(reads) > 0):
        pass
    replays = Replays(monkeypatch)
    assert [describe(d) for d in read_saved_games(folder, cache=cache)] == replayed_lines(folder)
    assert len(reads) == 1 and replays.count == 5  # (the five: replayed_lines, on purpose)


def test_a_reading_stopped_before_its_first_game_leaves_the_next_one_the_whole_cache_file(folder, monkeypatch):
    # the statistics opened the moment the list appeared: nothing read yet, nothing replayed after
    lines(folder)
    cache = DigestCache()
    assert list(read_saved_games(folder, cache=cache, cancelled=lambda: True)) == []
    replays = Replays(monkeypatch)
    list(read_saved_games(folder, cache=cache))
    assert replays.count == 0


def test_the_code_stamp_leaves_out_the_screens_and_follows_the_rules(monkeypatch):
    import scorepad

    package = Path(scorepad.__file__).resolve().parent
    seen: list[str] = []
    real_stat = os.stat
    monkeypatch.setattr(summaries, "_stamp", None)
    monkeypatch.setattr(summaries.os, "stat", lambda path, *a, **k: seen.append(str(path)) or real_stat(path, *a, **k))
    summaries.code_stamp()
    monkeypatch.setattr(summaries.os, "stat", real_stat)
    assert str(package / "rules" / "base.py") in seen and str(package / "history.py") in seen
    assert not [path for path in seen if f"{os.sep}tui{os.sep}" in path or "__pycache__" in path]


def test_a_hand_edited_cache_file_never_puts_markup_or_control_characters_on_screen(folder):
    # the file is read as it is written (a strain, a team, a name are any text there): what it says is shown as
    # plain text, every control character visible, in the statistics as in the list
    import io

    from rich.console import Console

    from scorepad.stats import stats_renderable

    data = _valid(folder)
    hostile = "[blink]x\x1b[2J\u202e"
    for game in data["games"].values():
        if game["bids"]:
            game["bids"] = {hostile: [1, 0]}
        if game["weis"]:
            game["weis"] = {f"team{hostile}": [1, 20, 0]}
        game["records"] = {f"{hostile}{name}": counts for name, counts in game["records"].items()}
        game["title"] = hostile
    stored_file(folder).write_text(json.dumps(data), encoding="utf-8")
    out = io.StringIO()
    stats = collect_stats(folder, cache=DigestCache())
    Console(file=out, width=200, force_terminal=False).print(stats_renderable(stats))
    shown = out.getvalue() + "\n".join(lines(folder))
    assert "\x1b" not in shown and "\u202e" not in shown
    assert shown.count("[blink]x") >= 1 + 1 + 4 + 5  # a strain, a team, the players, the titles: as typed
    assert "strain" in out.getvalue() and "[blink]x" in out.getvalue().split("strain", 1)[1].split("\n", 2)[2]


@pytest.mark.parametrize("fails", ["the disk fills mid-write", "the rename fails"])
def test_a_write_that_fails_leaves_the_old_cache_file_whole_and_no_half_file(folder, monkeypatch, fails):
    import errno

    real_replace, real_fdopen = os.replace, os.fdopen
    lines(folder)
    path = stored_file(folder)
    before = path.read_bytes()
    write(folder, "another", "five_hundred", ["Eve", "Fay", "Gus"], FIVE_HUNDRED)  # a game to store: a write
    if fails == "the rename fails":
        def replace(*args):
            raise OSError(errno.EIO, "input/output error")

        monkeypatch.setattr(summaries.os, "replace", replace)
    else:
        class Full:
            def __init__(self, file):
                self.file = file

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.file.close()

            def write(self, text: str) -> int:
                self.file.write(text[: len(text) // 2])
                self.file.flush()
                raise OSError(errno.ENOSPC, "no space left on device")

        def fdopen(fd, mode="r", *args, **kwargs):  # (os itself: the game files are read through it too)
            file = real_fdopen(fd, mode, *args, **kwargs)
            return Full(file) if mode == "w" else file

        monkeypatch.setattr(summaries.os, "fdopen", fdopen)
    assert lines(folder) == replayed_lines(folder)
    assert path.read_bytes() == before  # the old file, whole
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]  # no half-written file left beside it
    monkeypatch.setattr(summaries.os, "replace", real_replace)
    monkeypatch.setattr(summaries.os, "fdopen", real_fdopen)
    replays = Replays(monkeypatch)
    lines(folder)
    assert replays.count == 1  # the old file still read: only the game it lacked replayed


def test_any_json_in_any_place_of_a_cache_file_is_read_without_an_error(folder):
    # whatever a hand edit puts anywhere in the file (a list for a name, an object for a count …): the file is
    # taken or ignored, never an error
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    valid = _valid(folder)
    path = stored_file(folder)
    values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
                          lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                    max_size=3), max_leaves=6)

    def places(value, where=()):
        yield where
        if isinstance(value, dict):
            for key, item in value.items():
                yield from places(item, (*where, key))
        elif isinstance(value, list):
            for index, item in enumerate(value):
                yield from places(item, (*where, index))

    spots = list(places(valid))[1:]

    @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.sampled_from(spots), values)
    def check(where, value):
        data = json.loads(json.dumps(valid))
        into = data
        for step in where[:-1]:
            into = into[step]
        into[where[-1]] = value
        path.write_text(json.dumps(data), encoding="utf-8")
        assert isinstance(summaries.read_stored(path), dict)

    check()


def test_a_temporary_file_an_interrupted_write_left_is_removed_by_the_next_write(folder, tmp_path):
    lines(folder)
    cache_dir = stored_file(folder).parent
    long_ago = 1_700_000_000
    left = cache_dir / ".saved-games-abc123.tmp"  # the process was killed between writing and renaming
    left.write_text('{"format":1,"code":"half', encoding="utf-8")
    os.utime(left, (long_ago, long_ago))
    filling = cache_dir / ".saved-games-def456.tmp"  # another scorepad writing this very moment: left to it
    filling.write_text("{", encoding="utf-8")
    kept = tmp_path / "kept.txt"
    kept.write_text("not the cache's", encoding="utf-8")
    link = cache_dir / ".saved-games-link.tmp"
    link.symlink_to(kept)
    os.utime(link, (long_ago, long_ago), follow_symlinks=False)
    not_a_file = cache_dir / ".saved-games-folder.tmp"
    not_a_file.mkdir()
    os.utime(not_a_file, (long_ago, long_ago))
    other = cache_dir / "notes.tmp"  # not a name the cache writes
    other.write_text("x", encoding="utf-8")
    os.utime(other, (long_ago, long_ago))
    write(folder, "another", "five_hundred", ["Eve", "Fay", "Gus"], FIVE_HUNDRED)  # a game to store: a write
    lines(folder)
    assert not left.exists() and not link.is_symlink()
    assert filling.exists() and kept.read_text(encoding="utf-8") == "not the cache's"
    assert not_a_file.is_dir() and other.exists()


def test_a_cache_file_of_another_version_is_not_parsed_only_its_opening_read(folder, monkeypatch):
    data = _valid(folder)
    path = stored_file(folder)
    # another version's file, megabytes of it: only its opening is read, nothing parsed
    path.write_bytes(json.dumps({**data, "code": "0.0.1+0"}, separators=(",", ":")).encode()[:-1]
                     + b', "padding": "' + b"x" * 4_000_000 + b'"}')
    parsed, read = [], []
    real_loads, real_fdopen = json.loads, os.fdopen
    monkeypatch.setattr(json, "loads", lambda *args, **kwargs: parsed.append(1) or real_loads(*args, **kwargs))

    class Counted:
        def __init__(self, file):
            self.file = file

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.file.close()

        def read(self, size=-1):
            chunk = self.file.read(size)
            read.append(len(chunk))
            return chunk

    monkeypatch.setattr(summaries.os, "fdopen", lambda fd, mode="r", *a, **k: Counted(real_fdopen(fd, mode, *a, **k)))
    assert summaries.read_stored(path) == {}
    assert parsed == [] and sum(read) <= summaries.OPENING_BYTES
    monkeypatch.setattr(summaries.os, "fdopen", real_fdopen)
    path.write_bytes(json.dumps(data).encode())  # this version's, written back by hand (spaces): read whole
    assert len(summaries.read_stored(path)) == 5 and parsed == [1]


@pytest.mark.parametrize("change", ["another Python", "another pydantic", "another jiter"])
def test_the_code_stamp_follows_the_python_and_the_libraries_that_shape_a_summary(monkeypatch, tmp_path, change):
    import sys

    monkeypatch.setattr(summaries, "_stamp", None)
    before = summaries.code_stamp()
    monkeypatch.setattr(summaries, "_stamp", None)
    if change == "another Python":
        monkeypatch.setattr(summaries.sys, "version", sys.version + " (another build)")
    else:
        name = {"another pydantic": "pydantic", "another jiter": "jiter"}[change]
        (tmp_path / name).mkdir()  # found first on the path, as an import would find it
        (tmp_path / f"{name}-99.0.0.dist-info").mkdir()
        monkeypatch.setattr(summaries.sys, "path", [str(tmp_path), *sys.path])
        assert f"{name} {name}-99.0.0.dist-info" in summaries.installed_versions()
    assert summaries.code_stamp() != before
    monkeypatch.setattr(summaries, "_stamp", None)
