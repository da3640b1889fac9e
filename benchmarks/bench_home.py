"""A big history stays instant: the home screen, the statistics and `scorepad list` with many saved games.

    python benchmarks/bench_home.py            # 500 and 2,000 saved games, 3 runs of each
    python benchmarks/bench_home.py --quick    # 2 runs of each, for a smoke run

Prints each figure with its goal (issue 15, part f). Saved games like a club's history (benchmarks/saved_games.py:
all three games, auctions, redeals, Weis, honours, renames, corrections) are written to a temporary folder.
Comparisons run by turns (A B A B …) and report medians and the p95: the machine may be shared.

- home first paint: the app started (a fresh process, bytecode written) to the first frame showing the list, by
  turns with the same app over no saved games and a bare Textual app (Header, DataTable, Footer); the goal
  (≤ 0.5 s) is for what the saved games add (the app's own start against a bare app is benchmarks/bench.py's (b))
- home fully filled: the app started to the frame after the last game was read (in the background)
- statistics over 2,000: from `s` to the frame with the figures, pressed at once (nothing read yet) and after the
  list was read (what the list read is kept); and collect_stats alone, in one process, from cold
- `scorepad list` against `python -c "import textual.app"`, by turns: CPU time of each process (wall time beside)
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from saved_games import write_games  # noqa: E402

# The app run headless; prints "<event> <seconds since the process started>" lines, then exits.
APP = """
import sys, time
start = time.perf_counter()
mode = sys.argv[1]
from textual.app import App
from scorepad.tui.app import ScorepadApp
from scorepad.tui.screens.home import HomeScreen
from scorepad.tui.screens.stats import StatsScreen

state = {"painted": False, "filled": False, "shown": False, "asked": None}
shown = App._display
added = HomeScreen._add_games
counted = StatsScreen._show

def say(event, seconds):
    print(event, seconds, flush=True)

def add_games(self, digests, total, finished=False):
    added(self, digests, total, finished)
    if finished:
        state["filled"] = True

def show(self, stats):
    counted(self, stats)
    state["shown"] = True

def display(self, screen, renderable):
    shown(self, screen, renderable)
    if renderable is None:
        return
    now = time.perf_counter() - start
    if isinstance(screen, HomeScreen) and not state["painted"]:
        state["painted"] = True
        say("painted", now)
        if mode == "stats-cold":
            state["asked"] = now
            self.call_later(screen.action_stats)
    elif isinstance(screen, HomeScreen) and state["filled"] and state["asked"] is None:
        say("filled", now)
        if mode == "home":
            self.exit()
        else:
            state["asked"] = now
            self.call_later(screen.action_stats)
    elif isinstance(screen, StatsScreen) and state["shown"]:
        say("stats", now - state["asked"])
        self.exit()

App._display = display
HomeScreen._add_games = add_games
StatsScreen._show = show
ScorepadApp(remember_theme=False).run(headless=True, size=(80, 24))
"""

BARE = """
import time
start = time.perf_counter()
from textual.app import App
from textual.widgets import DataTable, Footer, Header

shown = App._display

def display(self, screen, renderable):
    shown(self, screen, renderable)
    if renderable is not None and screen.query(DataTable):
        print("painted", time.perf_counter() - start, flush=True)
        self.exit()

App._display = display

class Bare(App):
    def compose(self):
        yield Header()
        yield DataTable()
        yield Footer()
    def on_mount(self):
        self.query_one(DataTable).add_columns("game", "title", "players", "status", "last played")

Bare().run(headless=True, size=(80, 24))
"""

COLD_STATS = """
import sys, time
from pathlib import Path
start = time.perf_counter()
from scorepad.history import collect_stats
imported = time.perf_counter()
cpu = time.process_time()
stats = collect_stats(Path(sys.argv[1]))
assert not stats.damaged, stats.damaged[:3]
print("counted", time.perf_counter() - imported, flush=True)
print("cpu", time.process_time() - cpu, flush=True)
"""


def environment(home: Path) -> dict[str, str]:
    # as installed: bytecode written (a run without it compiles every module first)
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["SCOREPAD_HOME"] = str(home)
    return env


def events(script: str, *args: str, env: dict[str, str]) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, env=env,
                          timeout=600, check=False)
    if done.returncode:
        raise SystemExit(done.stderr[-3000:])
    found = {}
    for line in done.stdout.splitlines():
        name, _, value = line.partition(" ")
        if name in ("painted", "filled", "stats", "counted", "cpu"):
            found[name] = float(value.split()[0])
    return found


def process_times(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one run of a command: CPU is what a busy shared machine disturbs least."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, -(-len(ordered) * 95 // 100) - 1)]


def line(label: str, values: list[float], goal: str, unit: str = "s") -> None:
    print(f"  {label:<52} median {statistics.median(values):7.3f} {unit}  p95 {p95(values):7.3f} {unit}   goal {goal}")


def paired(runs: int, first: Callable[[], object], second: Callable[[], object]) -> tuple[list, list]:
    a: list = []
    b: list = []
    for _ in range(runs):
        a.append(first())
        b.append(second())
    return a, b


def bench_home(home: Path, empty: Path, count: int, runs: int) -> None:
    """By turns: the app over `count` saved games, the app over none, a bare Textual app."""
    env, env_empty = environment(home), environment(empty)
    ours: list[dict[str, float]] = []
    none: list[dict[str, float]] = []
    bare: list[dict[str, float]] = []
    for _ in range(runs):
        ours.append(events(APP, "home", env=env))
        none.append(events(APP, "home", env=env_empty))
        bare.append(events(BARE, env=env_empty))
    painted = [run["painted"] for run in ours]
    added = [mine["painted"] - empty_run["painted"] for mine, empty_run in zip(ours, none, strict=True)]
    print(f"home screen, {count:,} saved games (80×24), {runs} runs by turns with no saved games and a bare app:")
    line("first paint, process start → list on screen", painted, "—")
    line("  the same with no saved games", [run["painted"] for run in none], "—")
    line("  a bare Textual app, process start → first frame", [run["painted"] for run in bare], "—")
    line("first paint: what the saved games add", added, "≤ 0.5 s")
    line("fully filled, process start → last game listed", [run["filled"] for run in ours], "in the background")


def bench_stats(home: Path, count: int, runs: int) -> None:
    env = environment(home)
    cold, warm = paired(runs, lambda: events(APP, "stats-cold", env=env), lambda: events(APP, "stats-warm", env=env))
    alone = [events(COLD_STATS, str(home / "games"), env=env) for _ in range(runs)]
    print(f"statistics, {count:,} saved games, {runs} runs (cold and warm by turns):")
    line("s pressed at once (nothing read yet) → figures shown", [run["stats"] for run in cold], "≤ 2 s")
    line("s pressed once the list is read → figures shown", [run["stats"] for run in warm], "≤ 2 s")
    line("collect_stats alone, one process, from cold (no UI)", [run["counted"] for run in alone], "the floor")
    line("  the same, CPU (each game read and replayed)", [run["cpu"] for run in alone], "the floor")


def bench_list(home: Path, count: int, runs: int) -> None:
    env = environment(home)
    ours, bare = paired(runs, lambda: process_times([sys.executable, "-m", "scorepad", "list"], env),
                        lambda: process_times([sys.executable, "-c", "import textual.app"], env))
    ratios_cpu = [a[0] / b[0] for a, b in zip(ours, bare, strict=True)]
    ratios_wall = [a[1] / b[1] for a, b in zip(ours, bare, strict=True)]
    print(f"`scorepad list`, {count:,} saved games, {runs} runs paired with `python -c \"import textual.app\"`:")
    line("scorepad list, CPU", [run[0] for run in ours], "—")
    line("import textual.app, CPU", [run[0] for run in bare], "—")
    line("ratio, CPU", ratios_cpu, "≤ 1.2×" if count <= 20 else "(the floor: each game read and replayed)", "×")
    line("ratio, wall", ratios_wall, "≤ 1.2×" if count <= 20 else "—", "×")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2 runs of each")
    parser.add_argument("--runs", type=int, help="runs of each (default 3)")
    args = parser.parse_args()
    runs = args.runs or (2 if args.quick else 3)
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f} at the start")
    with tempfile.TemporaryDirectory(prefix="scorepad-bench-home-") as scratch:
        homes = {}
        for count in (20, 500, 2000):
            homes[count] = Path(scratch) / f"home-{count}"
            write_games(homes[count] / "games", count)
        subprocess.run([sys.executable, "-m", "scorepad", "list"], env=environment(homes[20]),
                       stdout=subprocess.DEVNULL, check=True)  # bytecode written before anything is timed
        empty = Path(scratch) / "home-0"
        for count in (500, 2000):
            bench_home(homes[count], empty, count, runs)
        bench_stats(homes[2000], 2000, runs)
        for count in (20, 500, 2000):
            bench_list(homes[count], count, runs)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
