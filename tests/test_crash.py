"""The store survives being killed: SIGKILL at random moments, and a torn write at every byte.

The crash test runs a small "zygote" script that imports scorepad once and forks one writer per
round; the writer opens the game file, appends notes as fast as it can and acknowledges each seq
on stdout only after `GameFile.append` returned. The test kills the writer with SIGKILL at a random
moment (a random few microseconds after a random number of acknowledgements, or into the `write`
of a big entry, which tears it), then checks the file: it opens, every acknowledged entry is there
with its seq, seqs run 1..n, a torn tail is set aside. The next round writes on the same file, so each log grows across many kills. Forking from a
warm process keeps a round to a few milliseconds, so hundreds of kills fit in a few seconds.
"""

from __future__ import annotations

import inspect
import os
import queue
import random
import re
import select
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from scorepad.log import GAMES, Note
from scorepad.store.game_file import TORN_SUFFIX, GameFile, LogError, create, load, new_header

from .helpers import entries, header, log_lines

PLAYERS = {
    "five_hundred": ["Ann", "Bob", "Cid"],
    "jass": ["Ann", "Bob", "Cid", "Dan"],
    "auction_bridge": ["Ann", "Bob", "Cid", "Dan"],
}

SEED = 20261129
FILES = 3  # one per game
KILLS_PER_FILE = 40  # 120 kills in all, at random moments of small and big writes
LINE_TIMEOUT = 20.0  # seconds to wait for any one line from the zygote before failing
BIG = 512 * 1024  # bytes of a big note: 128 pages
BUDGET = 150.0  # seconds for all the rounds: fail rather than hang on a very slow machine


def text_for(seq: int, big: bool = False) -> str:
    """The note the writer logs as entry `seq`: its content proves which entry it is.

    A big one spans many pages, so a kill can land inside its one `write` and tear it.
    """
    return f"entry {seq} ♣ " + "x" * (BIG if big else 10 + (seq * 37) % 300)


def is_text_of(seq: int, text: str) -> bool:
    return re.fullmatch(rf"entry {seq} ♣ x+", text) is not None


ZYGOTE = textwrap.dedent(
    """
    import os, sys
    from scorepad.log import Note
    from scorepad.store.game_file import GameFile

    {text_for}

    write = os.write

    def say(line):
        write(1, (line + "\\n").encode())

    def traced_write(fd, data):
        # instrumentation only: announce the big line's one write() on the signal pipe just
        # before it starts, so the test can aim a kill into it; the write itself is unchanged
        if len(data) > BIG:
            write(SIGNAL_FD, b"B")
        return write(fd, data)

    os.write = traced_write

    def writer(path, big_at):
        say(f"pid {os.getpid()}")
        game = GameFile.open(path)
        if game.readonly:
            say("error opened read-only")
            os._exit(3)
        for i in range(100_000):  # bounded; the test always kills it long before
            seq = game.next_seq
            game.append(Note(text=text_for(seq, big=i == big_at)))
            say(f"ack {seq}")
        os._exit(0)

    say("ready")
    for command in sys.stdin:
        path, big_at = command.split()
        pid = os.fork()
        if pid == 0:
            try:
                writer(path, int(big_at))
            except BaseException as error:
                say(f"error {error!r}")
                os._exit(3)
        _, status = os.waitpid(pid, 0)
        say(f"exit {status}")
    """
)


class Zygote:
    """The forking writer process and a queue of the lines it prints."""

    def __init__(self) -> None:
        self.signal_read, signal_write = os.pipe()
        constants = f"BIG = {BIG}\nSIGNAL_FD = {signal_write}\n"
        script = ZYGOTE.replace("{text_for}", constants + inspect.getsource(text_for))
        self.proc = subprocess.Popen(
            [sys.executable, "-c", script],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
            pass_fds=[signal_write],
        )
        os.close(signal_write)
        self.writer: int | None = None  # the live writer's pid
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        assert self.next_line() == "ready"

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n") if line.endswith("\n") else f"partial {line}")
        self.lines.put("eof")

    def next_line(self) -> str:
        try:
            line = self.lines.get(timeout=LINE_TIMEOUT)
        except queue.Empty:
            raise AssertionError(f"the zygote said nothing for {LINE_TIMEOUT} s") from None
        assert not line.startswith(("error", "eof", "partial")), line
        return line

    def start_writer(self, path: Path, big_at: int) -> int:
        """Fork a writer on `path`; its entry number `big_at` (from 0; -1: none) is a big one."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{path} {big_at}\n")
        self.proc.stdin.flush()
        kind, pid = self.next_line().split()
        assert kind == "pid"
        self.writer = int(pid)
        return self.writer

    def wait_for_big_write(self) -> None:
        """Block until a writer is about to write a big line (read straight from the pipe: no delay)."""
        ready, _, _ = select.select([self.signal_read], [], [], LINE_TIMEOUT)
        assert ready, f"no big write began within {LINE_TIMEOUT} s"
        assert os.read(self.signal_read, 1) == b"B"

    def close(self) -> None:
        if self.writer is not None:  # a round failed half-way: do not leave the writer running
            try:
                os.kill(self.writer, signal.SIGKILL)
            except ProcessLookupError:
                pass
        os.close(self.signal_read)
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)


def pause_microseconds(rng: random.Random, most: int) -> None:
    """Let the writer run on for a random moment (where the kill lands), busy-waiting."""
    until = time.perf_counter() + rng.randrange(0, most) / 1e6
    while time.perf_counter() < until:
        pass


def kill_round(zygote: Zygote, path: Path, rng: random.Random) -> tuple[list[int], bool]:
    """Start a writer on `path`, kill it at a random moment.

    Returns the seqs it acknowledged and whether the kill was aimed at a big write. Half the rounds
    kill a random few microseconds after a random number of acknowledgements, the other half a
    random few microseconds into the `write` of a big entry (128 pages): a kill inside it tears
    the line.
    """
    acked: list[int] = []
    aim_at_big = rng.random() < 0.5
    wait_for = rng.choice([0, 0, 1, 2, 3, 5, 8])
    pid = zygote.start_writer(path, big_at=wait_for if aim_at_big else -1)
    while len(acked) < wait_for:
        line = zygote.next_line()
        assert line.startswith("ack "), line
        acked.append(int(line.split()[1]))
    if aim_at_big:
        zygote.wait_for_big_write()
    pause_microseconds(rng, 120 if aim_at_big else 3000)
    os.kill(pid, signal.SIGKILL)  # the writer cannot exit by itself before: its loop is far longer
    while True:  # drain: every ack printed before the kill, then the zygote's report of its death
        line = zygote.next_line()
        kind, value = line.split()
        if kind == "exit":
            zygote.writer = None
            status = int(value)
            assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, line
            return acked, aim_at_big
        assert kind == "ack", line
        acked.append(int(value))


def check_after_kill(path: Path, acknowledged: set[int]) -> tuple[int, bool]:
    """The invariants after a kill; returns (entries in the file, whether a torn tail was found)."""
    loaded = load(path)  # never raises: a torn tail is ignored, not an error
    seqs = [e.seq for e in loaded.entries]
    assert seqs == list(range(1, len(seqs) + 1)), "seqs must run 1..n without gaps"
    for entry in loaded.entries:
        assert is_text_of(entry.seq, entry.text), f"entry {entry.seq} holds another entry's text"
    lost = sorted(s for s in acknowledged if s > len(seqs))
    assert not lost, f"acknowledged entries lost: {lost[:5]}"
    torn = bool(loaded.torn)
    if torn:  # the start of the next entry's line, cut short
        start = b'{"seq": %d, "at": ' % (len(seqs) + 1)
        assert loaded.torn[: len(start)] == start[: len(loaded.torn)], loaded.torn[:40]
        assert "unfinished last line" in loaded.torn_note
        assert loaded.torn_note.startswith(f"{path}: line {len(seqs) + 2}: ")
    with GameFile.open(path) as game:  # the writer's lock died with it
        assert not game.readonly
        assert [e.seq for e in game.entries] == seqs
        assert any("unfinished" in n for n in game.notices) == torn
    if torn:  # the tail was cut off, after being kept aside
        after = load(path)
        assert after.torn == b"" and len(after.entries) == len(seqs)
        assert path.with_name(path.name + TORN_SUFFIX).read_bytes().rstrip(b"\n").endswith(loaded.torn)
    return len(seqs), torn


def test_sigkill_at_random_moments_never_loses_an_acknowledged_entry(tmp_path):
    rng = random.Random(SEED)
    paths = [create(new_header(game, PLAYERS[game]), tmp_path / "games") for game in GAMES[:FILES]]
    started = time.monotonic()
    kills = torn_tails = bigs = 0
    totals: dict[Path, int] = {}
    zygote = Zygote()
    try:
        for path in paths:
            acknowledged: set[int] = set()
            for _ in range(KILLS_PER_FILE):
                acked, aimed = kill_round(zygote, path, rng)
                kills += 1
                bigs += aimed
                assert acked == sorted(acked) and not acknowledged & set(acked), "seqs were reused"
                acknowledged |= set(acked)
                totals[path], torn = check_after_kill(path, acknowledged)
                torn_tails += torn
                assert time.monotonic() - started < BUDGET, f"{kills} kills took over {BUDGET} s"
            assert acknowledged, "the writers never got to append"
    finally:
        zygote.close()
    elapsed = time.monotonic() - started
    print(
        f"\ncrash test: {kills} kills in {elapsed:.1f} s, {sum(totals.values())} entries kept in "
        f"{len(paths)} files, {bigs} kills aimed at a big write, {torn_tails} torn tails set aside"
    )
    assert kills >= 120
    assert all(n > KILLS_PER_FILE for n in totals.values()), "the logs should grow across kills"


# --------------------------------------------------------------------------- a torn write at every byte


LAST = {"type": "note", "text": "Zürich: Stöck ♣♦ — the last line"}  # multi-byte UTF-8 to cut inside


@pytest.mark.parametrize("game", GAMES)
def test_a_write_torn_at_every_byte_of_the_last_line(tmp_path, game):
    items = [{"type": "deal", "dealer": "Ann"}, {"type": "note", "text": "first"}, LAST]
    full = log_lines(header(game, PLAYERS[game]), entries(game, *items)).encode()
    prefix = full[: full.rindex(b"\n", 0, len(full) - 1) + 1]  # everything before the last line
    last = full[len(prefix) :]
    assert last.endswith(b"\n") and len(last) > len(LAST["text"].encode())
    for cut in range(len(last) + 1):
        path = tmp_path / f"cut-{cut}.jsonl"
        path.write_bytes(prefix + last[:cut])
        loaded = load(path)
        whole = (
            cut >= len(last) - 1
        )  # a whole entry counts, with or without its newline (docs/log-format.md §1)
        assert [e.seq for e in loaded.entries] == ([1, 2, 3] if whole else [1, 2])
        assert loaded.torn == (b"" if whole or cut == 0 else last[:cut])
        assert loaded.unterminated == (cut == len(last) - 1)
        if loaded.torn:
            assert loaded.torn_note.startswith(f"{path}: line 4: an unfinished last line ({cut} bytes")
        with GameFile.open(path) as game_file:
            logged = game_file.append(Note(text="after the tear"))
        assert logged.seq == (4 if whole else 3)
        data = path.read_bytes()
        assert data.startswith(prefix) and data.endswith(b'"text": "after the tear"}\n')
        reloaded = load(path)
        assert reloaded.torn == b""
        assert [e.seq for e in reloaded.entries] == list(range(1, logged.seq + 1))
        aside = path.with_name(path.name + TORN_SUFFIX)
        assert aside.exists() == bool(loaded.torn)
        if loaded.torn:
            assert aside.read_bytes().endswith(b" " + last[:cut] + b"\n")


@pytest.mark.parametrize("game", GAMES)
def test_a_header_torn_at_every_byte_is_an_error_on_line_1(tmp_path, game):
    line = log_lines(header(game, PLAYERS[game]), []).encode()
    path = tmp_path / "game.jsonl"
    for cut in range(len(line) - 1):  # the whole header without its newline is a game (docs/log-format.md §1)
        path.write_bytes(line[:cut])
        with pytest.raises(LogError) as caught:
            GameFile.open(path)
        assert str(caught.value).startswith(f"{path}: line 1: ")
        assert path.read_bytes() == line[:cut]  # nothing cut or set aside: there is no game to save
        assert not path.with_name(path.name + TORN_SUFFIX).exists()
    path.write_bytes(line[:-1])
    with GameFile.open(path) as game_file:
        game_file.append(Note(text="first"))
    assert path.read_bytes().startswith(line) and len(load(path).entries) == 1
