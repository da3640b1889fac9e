"""The board's costs. Prints figures; asserts nothing.

    python benchmarks/bench_board.py               # the terminal board at rest, 20 s per case
    python benchmarks/bench_board.py --seconds 5   # a quick look
    python benchmarks/bench_board.py --web         # the web board (serve --board) with 200 pages' streams
    python benchmarks/bench_board.py --web --streams 50 --changes 5

The web board: `scorepad serve --board FILE` on a Jass game of a real table's entries (benchmarks/tables.py),
then page load (the page, its style sheet and script, over HTTP), time to first figure (headless Chromium, from
navigation to the first total on screen; skipped without chromium), `--streams` update streams opened as the page
opens its own, the fan-out latency of each change (a hand's entry appended to the file, to its arrival on every
stream), the server's CPU while nobody writes, and its memory (resident set). Goals: 200 boards under 250 MiB,
each change on every page within 1 s, idle CPU near zero. The streams' client runs on the same machine.

The board runs as a user runs it, in a pseudo terminal of 160×45, on the demo games (plus 200 finished games
in the folder, for the case without a file, which looks for a newer game once a second). After it has drawn
and gone quiet, its CPU time (user + system, from /proc) over the idle interval is given as a share of one
core. Goal: at most 2 %.
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import os
import pty
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from pathlib import Path

COLUMNS, ROWS = 160, 45
GOAL = 2.0  # % of one core


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def drain(fd: int, seen: list[float | None]) -> None:
    while True:
        try:
            if not os.read(fd, 65536):
                return
        except OSError:
            return
        seen[0] = time.monotonic()


def quiet_for(seen: list[float | None], seconds: float) -> bool:
    last = seen[0]
    return last is not None and time.monotonic() - last >= seconds


def idle_share(args: list[str], env: dict[str, str], seconds: float) -> float:
    """% of one core the board takes while idle."""
    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    process = subprocess.Popen(
        [sys.executable, "-m", "scorepad", "board", *args],
        stdin=child,
        stdout=child,
        stderr=child,
        env=env,
        start_new_session=True,
        close_fds=True,
    )
    os.close(child)
    last_output: list[float | None] = [None]
    threading.Thread(target=drain, args=(main, last_output), daemon=True).start()
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not quiet_for(last_output, 2):  # started, drawn, then quiet
            time.sleep(0.1)
        assert last_output[0] is not None, "the board drew nothing"
        start_cpu, start = cpu_seconds(process.pid), time.monotonic()
        time.sleep(seconds)
        used, wall = cpu_seconds(process.pid) - start_cpu, time.monotonic() - start
        assert process.poll() is None, "the board stopped"
        return 100 * used / wall
    finally:
        process.terminate()
        process.wait(10)
        os.close(main)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="idle time measured per case")
    parser.add_argument("--web", action="store_true", help="the web board instead of the terminal board")
    parser.add_argument("--streams", type=int, default=200, help="web: update streams open at once")
    parser.add_argument("--changes", type=int, default=10, help="web: changes fanned out to every stream")
    options = parser.parse_args()
    if options.web:
        from bench_web_board import web_figures  # beside this file

        asyncio.run(web_figures(options.streams, options.changes, options.seconds))
        return
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "SCOREPAD_HOME": home, "TERM": "xterm-256color"}
        os.environ["SCOREPAD_HOME"] = home
        from scorepad.demo import ensure_demo_games
        from scorepad.log import parse_entry
        from scorepad.store.game_file import GameFile, create, game_paths, new_header

        ensure_demo_games()
        jass = next(p for p in game_paths() if "jass" in p.name)
        for number in range(200):  # a folder with a history: finished games, older than the one in play
            path = create(new_header("five_hundred", ["Ann", "Bob", "Cid"], title=f"old {number}"))
            with GameFile.open(path) as game:
                for item in (
                    {"type": "deal", "dealer": "Ann"},
                    {"type": "contract", "player": "Ann", "call": "10NT"},
                    {"type": "result", "tricks": {"Ann": 10, "Bob": 0, "Cid": 0}},
                ):
                    game.append(parse_entry("five_hundred", item))
            os.utime(path, (time.time() - 86400, time.time() - 86400))
        cases = {
            "one game named (scorepad board FILE)": [str(jass)],
            "no file: the game in play, a folder of 203 games": [],
        }
        print(f"board idle CPU over {options.seconds:.0f} s at {COLUMNS}×{ROWS}, goal ≤ {GOAL} % of one core")
        for name, args in cases.items():
            share = idle_share(args, env, options.seconds)
            print(f"  {name}: {share:.2f} % of one core {'(ok)' if share <= GOAL else '(over the goal)'}")


if __name__ == "__main__":
    main()
