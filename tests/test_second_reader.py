"""Saved games replayed in a second process at a first start (scorepad.second_reader): the same lines and figures
as replaying them all here, the cache file written the same, no terminal for the helper, and a helper that dies,
talks nonsense or is left mid-way costs one line at most, never a game, and is never left running."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scorepad import second_reader
from scorepad.history import DigestCache, collect_stats, combine, describe, read_saved_games
from tests.test_summaries import Replays, folder  # noqa: F401 (the fixture)

COPIES = 4  # the fixture's five games, four times: twenty games


def copy_game(original: Path, target: Path, copy: int) -> None:
    """The same game under another id: other bytes (kept apart in the cache), the same lines and figures."""
    data = original.read_bytes()
    assert data.count(b'"test0001"') == 1
    target.write_bytes(data.replace(b'"test0001"', f'"copy{copy:04}"'.encode()))


@pytest.fixture
def games(folder: Path) -> Path:  # noqa: F811
    """Twenty saved games of all three kinds (the summaries' five, copied with other ids, names and times)."""
    originals = sorted(folder.glob("*.jsonl"))
    for copy in range(1, COPIES):
        for number, original in enumerate(originals):
            target = folder / f"copy{copy}-{original.name}"
            copy_game(original, target, copy)
            moment = 1_800_000_000 + copy * 1000 + number
            os.utime(target, (moment, moment))
    return folder


class Helpers:
    """Every helper started, and how many of its answers were taken."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch):
        self.started: list[second_reader.SecondReader] = []
        self.answers = 0
        real_init, real_answer = second_reader.SecondReader.__init__, second_reader.SecondReader.answer

        def init(reader, *args, **kwargs):
            real_init(reader, *args, **kwargs)
            self.started.append(reader)

        def answer(reader, *args, **kwargs):
            found = real_answer(reader, *args, **kwargs)
            self.answers += found is not None
            return found

        monkeypatch.setattr(second_reader.SecondReader, "__init__", init)
        monkeypatch.setattr(second_reader.SecondReader, "answer", answer)

    def all_ended(self) -> bool:
        return all(reader._process.returncode is not None for reader in self.started)


@pytest.fixture
def helpers(monkeypatch: pytest.MonkeyPatch) -> Helpers:
    """A helper for any number of games, on any machine, given two games at a time."""
    monkeypatch.setattr(second_reader, "MIN_GAMES", 1)
    monkeypatch.setattr(second_reader, "cores", lambda: 2)
    monkeypatch.setattr(second_reader, "CHUNK", 2)
    return Helpers(monkeypatch)


def replayed_here(directory: Path) -> list[str]:
    return [describe(digest) for digest in read_saved_games(directory, cache=None)]


def test_a_helper_gives_the_lines_and_figures_of_replaying_every_game_here(games, helpers, monkeypatch):
    notices: list[str] = []
    lines = [describe(d) for d in read_saved_games(games, cache=DigestCache(), notice=notices.append)]
    assert len(helpers.started) == 1 and helpers.answers >= 2 * second_reader.CHUNK  # its first chunks at least
    assert lines == replayed_here(games) and len(lines) == 5 * COPIES
    assert notices == [] and helpers.all_ended()
    # the games it replayed were written to the cache file like the others: a second start replays none
    replays = Replays(monkeypatch)
    assert [describe(d) for d in read_saved_games(games, cache=DigestCache())] == lines
    assert replays.count == 0 and len(helpers.started) == 1


def test_statistics_with_a_helper_are_those_of_replaying_every_game_here(games, helpers):
    with_helper = collect_stats(games, cache=DigestCache())
    assert helpers.answers >= 2 * second_reader.CHUNK
    assert repr(with_helper) == repr(combine(read_saved_games(games, cache=None)))


def test_no_helper_for_a_few_games_or_with_one_core(games, monkeypatch):
    started = Helpers(monkeypatch).started
    monkeypatch.setattr(second_reader, "cores", lambda: 2)
    list(read_saved_games(games, cache=DigestCache()))  # twenty games: too few for the default
    monkeypatch.setattr(second_reader, "MIN_GAMES", 1)
    monkeypatch.setattr(second_reader, "cores", lambda: 1)  # one core only
    list(read_saved_games(games, cache=DigestCache(stored=False)))
    assert started == []


def test_the_helper_has_no_terminal_and_skips_pydantics_plugin_search(games, helpers, monkeypatch):
    monkeypatch.delenv("PYDANTIC_DISABLE_PLUGINS", raising=False)
    if not Path("/proc/self/fd").is_dir():
        pytest.skip("needs /proc")
    reading = read_saved_games(games, cache=DigestCache())
    next(reading)
    (helper,) = helpers.started
    stdin, stderr = (os.readlink(f"/proc/{helper.pid}/fd/{fd}") for fd in (0, 2))
    assert stdin.startswith("pipe:") and stderr == os.devnull
    assert os.getsid(helper.pid) == helper.pid  # its own session: no key pressed at the table signals it
    environment = Path(f"/proc/{helper.pid}/environ").read_bytes().split(b"\0")
    assert any(item.startswith(b"PYDANTIC_DISABLE_PLUGINS=") for item in environment)  # as `scorepad` starts
    reading.close()
    assert helpers.all_ended()


FAKE_HEAD = ("import sys, json; sys.path[:] = json.loads(sys.argv[1]); from scorepad.summaries import code_stamp; "
             "print(json.dumps({'code': code_stamp()}), flush=True); sys.stdin.readline(); ")


@pytest.mark.parametrize("tail, why", [
    ("sys.exit(3)", "it ended with code 3"),
    ("print('[1, 2]', flush=True); sys.stdin.read()", "it answered what it should not"),
    ("print(json.dumps({'index': 10**6}), flush=True); sys.stdin.read()", "it answered what it should not"),
])
def test_a_helper_that_dies_or_talks_nonsense_is_one_line_and_every_game_is_still_read(games, helpers, monkeypatch,
                                                                                        tail, why):
    monkeypatch.setattr(second_reader, "BOOT", FAKE_HEAD + tail)
    notices: list[str] = []
    lines = [describe(d) for d in read_saved_games(games, cache=DigestCache(), notice=notices.append)]
    assert lines == replayed_here(games)
    assert notices == ["Reading your saved games takes a little longer: every game is read here now "
                       f"(the second reader stopped: {why})."]
    assert helpers.all_ended()


def test_a_helper_of_another_version_is_not_listened_to(games, helpers, monkeypatch):
    monkeypatch.setattr(second_reader, "BOOT", "import sys; print('{\"code\": \"other\"}', flush=True); "
                                               "sys.stdin.read()")
    notices: list[str] = []
    assert [describe(d) for d in read_saved_games(games, cache=DigestCache(), notice=notices.append)] \
        == replayed_here(games)
    assert helpers.answers == 0 and len(notices) == 1 and "this version" in notices[0]


def test_a_reading_stopped_mid_way_leaves_no_helper_running_and_keeps_what_was_read(games, helpers, monkeypatch):
    taken: list[object] = []
    for digest in read_saved_games(games, cache=DigestCache(), cancelled=lambda: len(taken) >= 3):
        taken.append(digest)
    assert len(taken) == 3 and len(helpers.started) == 1 and helpers.all_ended()
    # the reader left before the end (a screen closed): the helper is ended as well
    reading = read_saved_games(games, cache=DigestCache())
    next(reading)
    reading.close()
    assert len(helpers.started) == 2 and helpers.all_ended()


def test_a_helper_waited_for_stops_waiting_when_the_reading_is_stopped(games, helpers, monkeypatch):
    # a helper that never answers: the reading, stopped while it waits for it, ends at once
    monkeypatch.setattr(second_reader, "BOOT", FAKE_HEAD + "sys.stdin.read()")
    stop = []

    def cancelled() -> bool:
        return bool(stop)

    read = []
    for digest in read_saved_games(games, cache=DigestCache(), cancelled=cancelled):
        read.append(digest)
        if len(read) == 5 * COPIES - 2 * second_reader.CHUNK:  # the next game is the helper's
            stop.append(True)
    assert len(read) == 5 * COPIES - 2 * second_reader.CHUNK and helpers.all_ended()


def test_a_game_the_helper_cannot_read_is_one_line_as_here(games, helpers):
    (games / "zz-noise.jsonl").write_bytes(b"\x1b[31m not a game\n")
    os.utime(games / "zz-noise.jsonl", (1_000_000_000, 1_000_000_000))  # the oldest: the helper's
    lines = [describe(d) for d in read_saved_games(games, cache=DigestCache())]
    assert lines == replayed_here(games) and lines[-1].startswith("!! ")
    assert helpers.answers >= 2 * second_reader.CHUNK



def test_games_added_since_a_stored_start_are_shared_with_the_helper_and_the_rest_not_replayed(folder, helpers,  # noqa: F811
                                                                                            monkeypatch):
    list(read_saved_games(folder, cache=DigestCache()))  # the first five stored
    first, answered = len(helpers.started), helpers.answers
    originals = sorted(folder.glob("*.jsonl"))
    for copy in range(1, COPIES):
        for number, original in enumerate(originals):
            target = folder / f"copy{copy}-{original.name}"
            copy_game(original, target, copy)
            os.utime(target, (1_600_000_000 + copy * 1000 + number,) * 2)  # older: at the list's end
    replays = Replays(monkeypatch)
    lines = [describe(d) for d in read_saved_games(folder, cache=DigestCache())]
    assert lines == replayed_here(folder)
    shared = helpers.answers - answered
    assert len(helpers.started) == first + 1 and shared >= 2 * second_reader.CHUNK
    assert replays.count == 5 * COPIES + 5 * (COPIES - 1) - shared  # (replayed_here: all twenty)


def test_no_python_to_start_a_helper_is_no_error(games, helpers, monkeypatch, tmp_path):
    monkeypatch.setattr(second_reader.sys, "executable", str(tmp_path / "no-python-here"))
    notices: list[str] = []
    lines = [describe(d) for d in read_saved_games(games, cache=DigestCache(), notice=notices.append)]
    monkeypatch.undo()
    assert lines == replayed_here(games) and notices == [] and helpers.started == []
