"""A big history stays instant: the home screen, the statistics and `scorepad list` with many saved games.

    python benchmarks/bench_home.py                       # 2,000 saved games, 3 runs of each
    python benchmarks/bench_home.py --baseline HEAD~1     # the same, by turns with REF's scorepad (A B A B …)
    python benchmarks/bench_home.py --only stats --runs 5 # some parts only (home, stats, list, machine)
    python benchmarks/bench_home.py --baseline HEAD --ours DIR   # DIR's scorepad package timed as "ours" (a
                                                          # change alone, while the checkout holds others' too)

Saved games like a club's history (benchmarks/saved_games.py: all three games, auctions, redeals, Weis, honours,
renames, corrections) are written to a temporary folder. Every figure is run by turns with REF's (its package
unpacked from git, benchmarks/baseline.py, over the same games with a cache folder of its own) and reported as
medians and p95, wall time and CPU time (of the process and its ended children): the machine may be shared, and
the CPU time is what a busy machine disturbs least.

"Index warm": what each game gave is kept in the cache folder already (any start after the first); "first start":
the cache folder is removed before the run, so every game is read through the rules.

- home: the app started (a fresh process, bytecode written) to the first frame showing the list, and to the frame
  after the last game was listed; and the same app over no saved games (what the saved games add to the first
  paint is the goal: it paints at once, the list fills in as rows come)
- statistics: from `s`, pressed at the list's first paint, to the frame with the figures (and to the first frame
  that says how far the count is); `s` pressed once the list is filled; `scorepad stats` from start to exit
- list: `scorepad list` from start to exit, CPU against `python -c "import textual.app"`'s, by turns
- machine: the share of a core a process gets now (a pure-Python loop's wall time against its CPU time)
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline import baseline_tree  # noqa: E402
from saved_games import write_games  # noqa: E402

# The app run headless; prints "<event> <seconds> <CPU seconds>" lines, then exits. Modes: home (exit once the
# list is filled), stats-cold (s pressed at the first paint), stats-warm (s pressed once the list is filled).
APP = """
import resource, sys, time
start = time.perf_counter()

def cpu_time():  # this process's and its ended children's
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime

mode = sys.argv[1]
from textual.app import App
from textual.widgets import Static
from scorepad.tui.app import ScorepadApp
from scorepad.tui.screens.home import HomeScreen
from scorepad.tui.screens.stats import StatsScreen

state = {"painted": False, "filled": False, "shown": False, "progress": False, "asked": None, "asked_cpu": 0.0}
shown = App._display
added = HomeScreen._add_games
counted = StatsScreen._show

def say(event, seconds, cpu):
    print(event, seconds, cpu, flush=True)

def add_games(self, games, total, finished=False):
    added(self, games, total, finished)
    if finished:
        state["filled"] = True

def show(self, stats, *rest):
    counted(self, stats, *rest)
    state["shown"] = True

def display(self, screen, renderable):
    shown(self, screen, renderable)
    if renderable is None:
        return
    now, cpu = time.perf_counter() - start, cpu_time()
    if isinstance(screen, HomeScreen) and not state["painted"]:
        state["painted"] = True
        say("painted", now, cpu)
        if mode == "stats-cold":
            state["asked"], state["asked_cpu"] = now, cpu
            self.call_later(screen.action_stats)
    elif isinstance(screen, HomeScreen) and state["filled"] and state["asked"] is None:
        say("filled", now, cpu)
        if mode == "home":
            self.exit()
        else:
            state["asked"], state["asked_cpu"] = now, cpu
            self.call_later(screen.action_stats)
    elif isinstance(screen, StatsScreen) and state["shown"]:
        say("stats", now - state["asked"], cpu - state["asked_cpu"])
        self.exit()
    elif isinstance(screen, StatsScreen) and not state["progress"]:
        line = str(screen.query_one("#stats-progress", Static).render())
        if " of " in line:
            state["progress"] = True
            say("progress", now - state["asked"], cpu - state["asked_cpu"])

App._display = display
HomeScreen._add_games = add_games
StatsScreen._show = show
ScorepadApp(remember_theme=False).run(headless=True, size=(80, 24))
"""

MACHINE = """
import time
wall, cpu = time.perf_counter(), time.process_time()
total = 0
for number in range(3_000_000):
    total += number
print("loop", time.perf_counter() - wall, time.process_time() - cpu, flush=True)
"""

Figures = dict[str, float]


def environment(home: Path, tree: Path | None = None) -> dict[str, str]:
    # as installed: bytecode written (a run without it compiles every module first)
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["SCOREPAD_HOME"] = str(home)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    return env


def forget_stored(env: dict[str, str]) -> None:
    """What each game gave, kept in the cache folder, removed: the next run is a first start."""
    shutil.rmtree(Path(env["SCOREPAD_HOME"]) / "cache", ignore_errors=True)


def events(script: str, *args: str, env: dict[str, str], cwd: Path) -> Figures:
    """The "<event> <seconds> [<CPU seconds>]" lines a script printed: {event: seconds, event_cpu: CPU}."""
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
        check=False,
        cwd=cwd,
    )
    if done.returncode:
        raise SystemExit(done.stderr[-3000:])
    found: Figures = {}
    for line in done.stdout.splitlines():
        name, *values = line.split()
        if values and name in ("painted", "filled", "stats", "progress", "loop"):
            found[name] = float(values[0])
            if len(values) > 1:
                found[name + "_cpu"] = float(values[1])
    return found


def process_times(command: list[str], env: dict[str, str], cwd: Path) -> Figures:
    """Wall and CPU seconds of one run of a command (its output thrown away, what it says on stderr kept)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=cwd, timeout=900, check=False
    )
    wall = time.perf_counter() - start
    if done.returncode or done.stderr:
        raise SystemExit(
            f"{' '.join(command)} ({env.get('PYTHONPATH', 'ours')}): exit {done.returncode}\n"
            f"{done.stderr.decode(errors='replace')[-3000:]}"
        )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {"wall": wall, "cpu": (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)}


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, -(-len(ordered) * 95 // 100) - 1)]


def by_turns(
    runs: int, trees: dict[str, dict[str, str]], measure: Callable[[dict[str, str]], Figures]
) -> dict[str, list[Figures]]:
    """`measure` of each tree, by turns (A B A B …)."""
    results: dict[str, list[Figures]] = {name: [] for name in trees}
    for _ in range(runs):
        for name, env in trees.items():
            results[name].append(measure(env))
    return results


def report(results: dict[str, list[Figures]], key: str, label: str, goal: str = "—") -> None:
    cells = []
    for name, runs in results.items():
        values = [run.get(key, math.nan) for run in runs]
        if all(math.isnan(value) for value in values):
            cells.append(f"{name:>8} {'—':>7}  {'':>13}")
            continue
        values = [value for value in values if not math.isnan(value)]
        cells.append(f"{name:>8} {statistics.median(values):7.3f}  (p95 {p95(values):6.3f})")
    print(f"  {label:<50}{'  '.join(cells)}   goal {goal}")


def bench_home(
    trees: dict[str, dict[str, str]], empty: dict[str, dict[str, str]], count: int, runs: int, cwd: Path
) -> None:
    def warm(env: dict[str, str]) -> Figures:
        return events(APP, "home", env=env, cwd=cwd)

    def first(env: dict[str, str]) -> Figures:
        forget_stored(env)
        return events(APP, "home", env=env, cwd=cwd)

    for env in trees.values():
        warm(env)  # the index (the cache) filled once
    warm_runs = by_turns(runs, trees, warm)
    first_runs = by_turns(runs, trees, first)
    none_runs = by_turns(runs, empty, warm)
    print(f"home screen, {count:,} saved games (80×24), {runs} runs by turns; seconds (median, p95):")
    report(warm_runs, "painted", "first paint, process start → list on screen")
    report(none_runs, "painted", "  the same, no saved games")
    added = {
        name: [
            {"added": mine["painted"] - bare["painted"]}
            for mine, bare in zip(warm_runs[name], none_runs[name], strict=True)
        ]
        for name in trees
    }
    report(added, "added", "  what the saved games add to the first paint", "at once (≤ 0.1 s)")
    report(first_runs, "painted", "first paint, first start")
    report(warm_runs, "filled", "list filled, index warm", "in the background")
    report(warm_runs, "filled_cpu", "  the same, CPU")
    report(first_runs, "filled", "list filled, first start", "in the background")
    report(first_runs, "filled_cpu", "  the same, CPU")


def bench_stats(trees: dict[str, dict[str, str]], count: int, runs: int, cwd: Path) -> None:
    for env in trees.values():
        events(APP, "home", env=env, cwd=cwd)  # the index filled once

    def app(mode: str, first_start: bool) -> Callable[[dict[str, str]], Figures]:
        def run(env: dict[str, str]) -> Figures:
            if first_start:
                forget_stored(env)
            return events(APP, mode, env=env, cwd=cwd)

        return run

    def command(first_start: bool) -> Callable[[dict[str, str]], Figures]:
        def run(env: dict[str, str]) -> Figures:
            if first_start:
                forget_stored(env)
            return process_times([sys.executable, "-m", "scorepad", "stats"], env, cwd)

        return run

    cold = by_turns(runs, trees, app("stats-cold", False))
    listed = by_turns(runs, trees, app("stats-warm", False))
    first = by_turns(runs, trees, app("stats-cold", True))
    cli = by_turns(runs, trees, command(False))
    cli_first = by_turns(runs, trees, command(True))
    print(f"statistics, {count:,} saved games, {runs} runs by turns; seconds (median, p95):")
    report(cold, "stats", "s at the first paint → figures, index warm", "≤ 1 s")
    report(cold, "stats_cpu", "  the same, CPU")
    report(listed, "stats", "s once the list is filled → figures", "≤ 1 s")
    report(listed, "stats_cpu", "  the same, CPU")
    report(first, "progress", "s at the first paint → 'Counting … of …', first start", "shown")
    report(first, "stats", "s at the first paint → figures, first start", "≤ 3 s")
    report(first, "stats_cpu", "  the same, CPU")
    report(cli, "wall", "scorepad stats, start → exit, index warm", "≤ 1 s")
    report(cli, "cpu", "  the same, CPU")
    report(cli_first, "wall", "scorepad stats, start → exit, first start", "≤ 3 s")
    report(cli_first, "cpu", "  the same, CPU")


def bench_list(trees: dict[str, dict[str, str]], count: int, runs: int, cwd: Path) -> None:
    command = [sys.executable, "-m", "scorepad", "list"]
    for env in trees.values():
        process_times(command, env, cwd)  # the index filled once

    def run(env: dict[str, str]) -> Figures:
        mine = process_times(command, env, cwd)
        bare = process_times([sys.executable, "-c", "import textual.app"], env, cwd)
        return {**mine, "ratio": mine["cpu"] / bare["cpu"]}

    def first(env: dict[str, str]) -> Figures:
        forget_stored(env)
        return process_times(command, env, cwd)

    warm = by_turns(runs, trees, run)
    first_runs = by_turns(runs, trees, first)
    print(f"`scorepad list`, {count:,} saved games, {runs} runs by turns; seconds (median, p95):")
    report(warm, "wall", "scorepad list, index warm")
    report(warm, "cpu", "  the same, CPU")
    report(warm, "ratio", "  its CPU ÷ `import textual.app`'s (run beside it)", "≤ 1.2×")
    report(first_runs, "wall", "scorepad list, first start")
    report(first_runs, "cpu", "  the same, CPU")


def bench_machine(runs: int, cwd: Path) -> None:
    loops = [events(MACHINE, env=dict(os.environ), cwd=cwd) for _ in range(runs)]
    shares = [run["loop"] / run["loop_cpu"] for run in loops]
    print(
        f"the machine's share, {runs} runs (a pure-Python loop's wall ÷ CPU; 1.0: a whole core): "
        f"median {statistics.median(shares):.2f}×, p95 {p95(shares):.2f}×"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each (default 3)")
    parser.add_argument("--count", type=int, default=2000, help="saved games (default 2,000)")
    parser.add_argument(
        "--only",
        default="machine,home,stats,list",
        help="the parts to run, comma-separated (machine, home, stats, list)",
    )
    parser.add_argument("--baseline", metavar="REF", help="each figure also of REF's scorepad, by turns")
    parser.add_argument(
        "--ours",
        metavar="DIR",
        type=Path,
        help="time the scorepad package in DIR as ours (default: this checkout's)",
    )
    args = parser.parse_args()
    parts = set(args.only.split(","))
    unknown = parts - {"machine", "home", "stats", "list"}
    if unknown:
        parser.error(f"unknown parts: {', '.join(sorted(unknown))}")
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.1f} at the start"
    )
    with tempfile.TemporaryDirectory(prefix="scorepad-bench-home-") as scratch_name:
        scratch = Path(scratch_name)
        games = scratch / "games"
        write_games(games, args.count)
        trees: dict[str, dict[str, str]] = {}
        empty: dict[str, dict[str, str]] = {}
        sources: dict[str, Path | None] = {"ours": args.ours.resolve() if args.ours else None}
        if args.baseline:
            sources[args.baseline] = baseline_tree(scratch, args.baseline)
        for name, tree in sources.items():
            home = scratch / f"home-{len(trees)}"  # each its own cache folder, over the same games
            home.mkdir()
            (home / "games").symlink_to(games, target_is_directory=True)
            trees[name] = environment(home, tree)
            (scratch / f"empty-{len(empty)}").mkdir()
            empty[name] = environment(scratch / f"empty-{len(empty)}", tree)
            found = subprocess.run(
                [sys.executable, "-c", "import scorepad; print(scorepad.__file__)"],
                env=trees[name],
                cwd=scratch,
                capture_output=True,
                text=True,
                check=True,
            )
            print(f"  {name}: {Path(found.stdout.strip()).parent}")
            subprocess.run(
                [sys.executable, "-m", "scorepad", "list"],
                env=trees[name],
                cwd=scratch,
                stdout=subprocess.DEVNULL,
                check=True,
            )  # bytecode written before anything is timed
        if "machine" in parts:
            bench_machine(args.runs, scratch)
        if "home" in parts:
            bench_home(trees, empty, args.count, args.runs, scratch)
        if "stats" in parts:
            bench_stats(trees, args.count, args.runs, scratch)
        if "list" in parts:
            bench_list(trees, args.count, args.runs, scratch)
        if "machine" in parts:
            bench_machine(args.runs, scratch)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
