"""A big history stays instant: the home screen, the statistics and `scorepad list` with many saved games.

    python benchmarks/bench_home.py            # 500 and 2,000 saved games, 3 runs of each
    python benchmarks/bench_home.py --quick    # 2 runs of each, for a smoke run
    python benchmarks/bench_home.py --only stats,machine   # some parts only (list, stats, floor, first, home,
                                                           # machine)
    python benchmarks/bench_home.py --only first --baseline 1e69781 --runs 3   # a first start by turns with REF's

Prints each figure with its goal (issue 15, part f). Saved games like a club's history (benchmarks/saved_games.py:
all three games, auctions, redeals, Weis, honours, renames, corrections) are written to a temporary folder.
Comparisons run by turns (A B A B …) and report medians and the p95: the machine may be shared, so CPU times
(of the process, worker threads included, and of the helper process a first start's reading starts) are given
beside wall times.

What each game gave is kept on disk between runs (scorepad.summaries): "stored" runs find every game there (any
start after the first), "first start" runs have the cache removed before each run (every game replayed).

- home first paint: the app started (a fresh process, bytecode written) to the first frame showing the list, by
  turns with the same app over no saved games and a bare Textual app (benchmarks/bare_app.py); the goal
  (≤ 0.5 s) is for what the saved games add (the app's own start against a bare app is benchmarks/bench.py's (b))
- home fully filled: the app started to the frame after the last game was read (in the background)
- statistics over 2,000: from `s` to the frame with the figures, pressed at once (nothing read yet in the
  process) and after the list was read; and collect_stats alone, in one process
- the machine's share: a pure-Python loop's wall time against its CPU time, by turns with the statistics: on a
  shared machine a process gets only part of a core, and every wall figure here is stretched by that much
- `scorepad list` against `python -c "import textual.app"`, by turns: CPU time of each process (wall time beside)
- the first start's floor: where one game's replay goes (read, parse, header check, the rules' fold, the outcome,
  the figures), CPU per game against json.loads of the same bytes; and the same replays with the helper process
  (scorepad.second_reader: the reading starts it for 200 games or more with a second core) by turns with one
  process alone
- a first start against its floor, by turns (A B C …, medians and p95): every game replayed once in one process
  (the replays and nothing else: no cache, no list, no helper), the same over two processes started at once (half
  the games each), `scorepad stats`, the app's statistics (s pressed at once) and the app's list filled; with
  --baseline REF the same three of REF's scorepad in the same turns (its package unpacked from git, its own cache
  folder over the same saved games); then `scorepad stats` again with every game stored (a start after the first:
  the list's run just before wrote the cache file), and the helper process's own start (Python, scorepad and the
  log's models imported, one game replayed). Last, where the CPU above the one-process floor goes: the second core
  (the two-process floor less the one-process one) and what each scorepad spends beyond the two-process floor
"""

from __future__ import annotations

import argparse
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

from bare_app import BARE_APP, bare_app_args  # noqa: E402
from baseline import baseline_tree  # noqa: E402
from saved_games import write_games  # noqa: E402

# The app run headless; prints "<event> <seconds since the process started>" lines, then exits.
APP = """
import resource, sys, time
start = time.perf_counter()

def cpu_time():
    # this process's and its ended children's (the helper process of a first start's reading)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime

mode = sys.argv[1]
from textual.app import App
from scorepad.tui.app import ScorepadApp
from scorepad.tui.screens.home import HomeScreen
from scorepad.tui.screens.stats import StatsScreen

state = {"painted": False, "filled": False, "shown": False, "asked": None, "asked_cpu": 0.0}
shown = App._display
added = HomeScreen._add_games
counted = StatsScreen._show

def say(event, seconds, cpu):
    print(event, seconds, cpu, flush=True)

def add_games(self, digests, total, finished=False):
    added(self, digests, total, finished)
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

App._display = display
HomeScreen._add_games = add_games
StatsScreen._show = show
ScorepadApp(remember_theme=False).run(headless=True, size=(80, 24))
"""

# the floor: a bare Textual app (benchmarks/bare_app.py), at the home screen's size, with the list's columns
BARE = bare_app_args(80, 24, "game", "title", "players", "status", "last played")

COLD_STATS = """
import resource, sys, time
from pathlib import Path

def cpu_time():  # this process's and its ended children's (the helper process of a first start's reading)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime

start = time.perf_counter()
from scorepad.history import collect_stats
imported = time.perf_counter()
cpu = cpu_time()
stats = collect_stats(Path(sys.argv[1]))
assert not stats.damaged, stats.damaged[:3]
print("counted", time.perf_counter() - imported, flush=True)
print("cpu", cpu_time() - cpu, flush=True)
"""


# The first start's cost per game, stage by stage, in one process (bytecode written): what a summary is made of.
FLOOR = """
import gc, json, sys, time
from pathlib import Path
from scorepad.files import read_game_bytes, saved_files
from scorepad.games import check_log, status_text
from scorepad.rules.base import Replayer
from scorepad.stats import game_figures
from scorepad.store import parse_log
from scorepad.summaries import content_key

files = [saved.path for saved in saved_files(Path(sys.argv[1]))]
stages = dict.fromkeys(("read and hash", "parse", "header check", "the rules' fold", "the outcome", "figures",
                        "json.loads of the lines"), 0.0)
gc.disable()  # as the replay runs (gc paused); the figures and the parse are short
for path in files:
    times = [time.process_time()]
    data = read_game_bytes(path)
    content_key(data)
    times.append(time.process_time())
    log = parse_log(path, data)
    times.append(time.process_time())
    check_log(log)
    times.append(time.process_time())
    replayer = Replayer(log.header).extend(log.entries)
    times.append(time.process_time())
    sheet = getattr(replayer, "outcome", replayer.sheet)()  # what a summary reads (a code before it: the sheet)
    times.append(time.process_time())
    game_figures(sheet), status_text(sheet)
    times.append(time.process_time())
    for line in data.splitlines():
        json.loads(line)
    times.append(time.process_time())
    for stage, before, after in zip(stages, times, times[1:]):
        stages[stage] += after - before
for stage, seconds in stages.items():
    print("stage", seconds * 1000 / len(files), stage, flush=True)
"""

# The same replays (every game read and replayed, as a first start does) in one process, or with the helper.
PARALLEL = str(Path(__file__).resolve().parent / "parallel_replays.py")

# The first start's floor: every game read and replayed once (what a summary needs: its line and its figures),
# here in one process, nothing else done (no cache read or written, no helper, no list). `FOLDER PART PARTS`:
# the games PART, PART + PARTS, … of the list (the two-process floor runs two of these at once).
REPLAYS = """
import sys
from pathlib import Path
from scorepad.files import saved_files
from scorepad.history import digest_of

folder, part, parts = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
for saved in saved_files(folder)[part::parts]:
    assert digest_of(saved.path, saved.modified).readable
"""
# The helper process's own start (scorepad.second_reader): Python, scorepad, pydantic and the log's models imported,
# its code's stamp said, then one game replayed (its rules imported) — what a first start pays for its second core
# beside the replays it shares. Prints "helper <wall> <CPU of the helper>".
HELPER_START = """
import json, resource, subprocess, sys, time
from pathlib import Path
from scorepad.files import saved_files
from scorepad.second_reader import BOOT, PLUGINS
import os

first = saved_files(Path(sys.argv[1]))[0].path
start = time.perf_counter()
helper = subprocess.Popen([sys.executable, "-I", "-c", BOOT, json.dumps(sys.path)], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, env={PLUGINS: "__all__", **os.environ})
out, _ = helper.communicate((json.dumps([[0, str(first)]]) + "\\n").encode())
assert helper.returncode == 0 and len(out.splitlines()) == 2, out[-500:]
children = resource.getrusage(resource.RUSAGE_CHILDREN)
print("helper", time.perf_counter() - start, children.ru_utime + children.ru_stime, flush=True)
"""
TWO_AT_ONCE = """
import subprocess, sys
script, folder = sys.argv[1:]
halves = [subprocess.Popen([sys.executable, "-c", script, folder, str(part), "2"]) for part in (0, 1)]
assert [half.wait() for half in halves] == [0, 0]
"""


def environment(home: Path) -> dict[str, str]:
    # as installed: bytecode written (a run without it compiles every module first)
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["SCOREPAD_HOME"] = str(home)
    return env


def forget_stored(env: dict[str, str]) -> None:
    """The summaries kept on disk removed: the next run is a first start (every game replayed)."""
    shutil.rmtree(Path(env["SCOREPAD_HOME"]) / "cache", ignore_errors=True)


def events(script: str, *args: str, env: dict[str, str], first_start: bool = False,
           script_file: bool = False, cwd: Path | None = None) -> dict[str, float]:
    """The "<event> <seconds> [<CPU seconds>]" lines a script (`script_file`: the path of one) printed:
    {event: seconds, event_cpu: CPU}."""
    if first_start:
        forget_stored(env)
    done = subprocess.run([sys.executable, script if script_file else "-c", *([] if script_file else [script]), *args], capture_output=True, text=True, env=env,
                          timeout=900, check=False, cwd=cwd)
    if done.returncode:
        raise SystemExit(done.stderr[-3000:])
    found = {}
    for line in done.stdout.splitlines():
        name, _, value = line.partition(" ")
        if name in ("painted", "filled", "stats", "counted", "cpu", "replayed", "loop", "helper"):
            values = value.split()
            found[name] = float(values[0])
            if len(values) > 1:
                found[name + "_cpu"] = float(values[1])
    if not found:
        raise SystemExit(f"no figure printed: {done.stdout[-1000:]!r} {done.stderr[-2000:]!r}")
    return found


def seconds(script: str, *args: str, env: dict[str, str]) -> float:
    """The one figure a script printed last (benchmarks/bare_app.py's)."""
    done = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, env=env,
                          timeout=600, check=False)
    if done.returncode:
        raise SystemExit(done.stderr[-3000:])
    return float(done.stdout.split()[-1])


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


MACHINE = """
import time
wall, cpu = time.perf_counter(), time.process_time()
total = 0
for number in range(3_000_000):
    total += number
print("loop", time.perf_counter() - wall, time.process_time() - cpu, flush=True)
"""


def bench_machine(runs: int) -> None:
    """What share of a core a process gets now: the wall time of a pure-Python loop against its CPU time."""
    env = dict(os.environ)
    loops = [events(MACHINE, env=env) for _ in range(runs)]
    print(f"the machine's share, {runs} runs (a pure-Python loop, one thread, no I/O):")
    line("loop, wall", [run["loop"] for run in loops], "—")
    line("  the same, CPU", [run["loop_cpu"] for run in loops], "—")
    line("wall ÷ CPU (1.0: a whole core)", [run["loop"] / run["loop_cpu"] for run in loops], "—", "×")


def bench_home(home: Path, empty: Path, count: int, runs: int) -> None:
    """By turns: the app over `count` saved games (stored, then a first start), over none, a bare Textual app."""
    env, env_empty = environment(home), environment(empty)
    events(APP, "home", env=env)  # what each game gave stored once (any start after the first)
    ours: list[dict[str, float]] = []
    first: list[dict[str, float]] = []
    none: list[dict[str, float]] = []
    bare: list[float] = []
    for _ in range(runs):
        ours.append(events(APP, "home", env=env))
        first.append(events(APP, "home", env=env, first_start=True))
        none.append(events(APP, "home", env=env_empty))
        bare.append(seconds(BARE_APP, *BARE, env=env_empty))
    added = [mine["painted"] - empty_run["painted"] for mine, empty_run in zip(ours, none, strict=True)]
    print(f"home screen, {count:,} saved games (80×24), {runs} runs by turns with a first start, no saved games "
          "and a bare app:")
    line("first paint, process start → list on screen", [run["painted"] for run in ours], "—")
    line("  the same, first start (nothing stored)", [run["painted"] for run in first], "—")
    line("  the same with no saved games", [run["painted"] for run in none], "—")
    line("  a bare Textual app, process start → first frame", bare, "—")
    line("first paint: what the saved games add", added, "≤ 0.5 s")
    line("fully filled, process start → last game listed", [run["filled"] for run in ours], "in the background")
    line("  the same, CPU of the process", [run["filled_cpu"] for run in ours], "—")
    line("  fully filled, first start (every game replayed)", [run["filled"] for run in first], "in the background")
    line("  the same, CPU of the process", [run["filled_cpu"] for run in first], "—")


def bench_stats(home: Path, count: int, runs: int) -> None:
    env = environment(home)
    events(APP, "home", env=env)  # stored once
    cold: list[dict[str, float]] = []
    warm: list[dict[str, float]] = []
    first: list[dict[str, float]] = []
    for _ in range(runs):
        cold.append(events(APP, "stats-cold", env=env))
        warm.append(events(APP, "stats-warm", env=env))
        first.append(events(APP, "stats-cold", env=env, first_start=True))
    alone = [events(COLD_STATS, str(home / "games"), env=env) for _ in range(runs)]
    alone_first = [events(COLD_STATS, str(home / "games"), env=env, first_start=True) for _ in range(runs)]
    print(f"statistics, {count:,} saved games, {runs} runs by turns (s at once, s once listed, a first start):")
    line("s pressed at once (nothing read yet) → figures shown", [run["stats"] for run in cold], "≤ 2 s")
    line("  the same, CPU of the process", [run["stats_cpu"] for run in cold], "—")
    line("s pressed once the list is read → figures shown", [run["stats"] for run in warm], "≤ 2 s")
    line("  the same, CPU of the process", [run["stats_cpu"] for run in warm], "—")
    line("s pressed at once, first start (every game replayed)", [run["stats"] for run in first], "≤ 2 s")
    line("  the same, CPU of the process", [run["stats_cpu"] for run in first], "the floor: the replays")
    line("collect_stats alone, one process, games stored", [run["counted"] for run in alone], "—")
    line("  the same, CPU", [run["cpu"] for run in alone], "—")
    line("collect_stats alone, first start (every game replayed)", [run["counted"] for run in alone_first], "—")
    line("  the same, CPU", [run["cpu"] for run in alone_first], "the floor")


def bench_list(home: Path, count: int, runs: int, first_start: bool = False) -> None:
    env = environment(home)
    command = [sys.executable, "-m", "scorepad", "list"]
    process_times(command, env)  # stored once

    def ours() -> tuple[float, float]:
        if first_start:
            forget_stored(env)
        return process_times(command, env)

    mine, bare = paired(runs, ours, lambda: process_times([sys.executable, "-c", "import textual.app"], env))
    ratios_cpu = [a[0] / b[0] for a, b in zip(mine, bare, strict=True)]
    ratios_wall = [a[1] / b[1] for a, b in zip(mine, bare, strict=True)]
    how = "first start (every game replayed)" if first_start else "games stored"
    print(f"`scorepad list`, {count:,} saved games, {how}, {runs} runs paired with "
          "`python -c \"import textual.app\"`:")
    line("scorepad list, CPU", [run[0] for run in mine], "—")
    line("import textual.app, CPU", [run[0] for run in bare], "—")
    line("ratio, CPU", ratios_cpu, "≤ 1.2×" if not first_start else "(the floor: each game replayed)", "×")
    line("ratio, wall", ratios_wall, "≤ 1.2×" if not first_start else "—", "×")


def bench_floor(home: Path, count: int, runs: int) -> None:
    env = environment(home)
    games = str(home / "games")
    done = subprocess.run([sys.executable, "-c", FLOOR, games], capture_output=True, text=True, env=env,
                          timeout=900, check=False)
    if done.returncode:
        raise SystemExit(done.stderr[-3000:])
    stages = [line.split(" ", 2)[1:] for line in done.stdout.splitlines() if line.startswith("stage ")]
    replay = sum(float(ms) for ms, stage in stages if stage != "json.loads of the lines")
    print(f"first start, {count:,} saved games: where one game's replay goes (CPU per game, one process):")
    for ms, stage in stages:
        share = "" if stage == "json.loads of the lines" else f"{100 * float(ms) / replay:3.0f} %"
        print(f"  {stage:<52} {float(ms):7.3f} ms  {share}")
    print(f"  {'a game in all':<52} {replay:7.3f} ms")
    one, two = paired(runs, lambda: events(PARALLEL, games, "1", env=env, script_file=True),
                      lambda: events(PARALLEL, games, "2", env=env, script_file=True))
    print(f"first start, {count:,} saved games read and replayed, {runs} runs by turns: one process, with the helper:")
    line("one process, wall", [run["replayed"] for run in one], "—")
    line("  the same, CPU", [run["replayed_cpu"] for run in one], "—")
    line("with the helper process, wall", [run["replayed"] for run in two], "taken: below one process")
    line("  the same, CPU (both processes)", [run["replayed_cpu"] for run in two], "—")


def baseline_environment(home: Path, tree: Path, scratch: Path) -> dict[str, str]:
    """REF's scorepad over the same saved games: its package first on the path, its own SCOREPAD_HOME (its cache
    folder apart: the two versions' stamps differ) whose games folder is a link to `home`'s. Checked once."""
    own = scratch / "home-baseline"
    own.mkdir(exist_ok=True)
    if not (own / "games").exists():
        (own / "games").symlink_to(home / "games", target_is_directory=True)
    env = {**environment(own), "PYTHONPATH": str(tree)}
    found = subprocess.run([sys.executable, "-c", "import scorepad; print(scorepad.__file__)"], env=env, cwd=scratch,
                           capture_output=True, text=True, check=True).stdout.strip()
    assert Path(found).resolve().is_relative_to(tree.resolve()), found
    return env


def bench_first_start(home: Path, count: int, runs: int, scratch: Path, baseline: tuple[str, Path] | None) -> None:
    """A first start (nothing stored) against the floor of replaying every game once, by turns."""
    env = environment(home)
    folder = str(home / "games")
    trees = {"ours": env}
    if baseline is not None:
        trees[baseline[0]] = baseline_environment(home, baseline[1], scratch)

    def whole(command: list[str], env: dict[str, str], first_start: bool = True) -> tuple[float, float]:
        if first_start:
            forget_stored(env)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=scratch,
                       check=True, timeout=900)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

    figures: dict[str, list[tuple[float, float]]] = {}
    for _ in range(runs):
        for label, command, on in (
                ("floor, one process", [sys.executable, "-c", REPLAYS, folder, "0", "1"], env),
                ("floor, two processes", [sys.executable, "-c", TWO_AT_ONCE, REPLAYS, folder], env)):
            figures.setdefault(label, []).append(whole(command, on))
        for tree, on in trees.items():
            figures.setdefault(f"{tree}: scorepad stats", []).append(
                whole([sys.executable, "-m", "scorepad", "stats"], on))
            stats = events(APP, "stats-cold", env=on, first_start=True, cwd=scratch)
            figures.setdefault(f"{tree}: app, s at once → figures", []).append((stats["stats"], stats["stats_cpu"]))
            filled = events(APP, "home", env=on, first_start=True, cwd=scratch)
            figures.setdefault(f"{tree}: app, start → list filled", []).append((filled["filled"], filled["filled_cpu"]))
            # (the list just filled stored every game: this is any start after the first)
            figures.setdefault(f"{tree}: scorepad stats, every game stored", []).append(
                whole([sys.executable, "-m", "scorepad", "stats"], on, first_start=False))
        helper = events(HELPER_START, folder, env=env, cwd=scratch)
        figures.setdefault("the helper's own start and one game", []).append((helper["helper"], helper["helper_cpu"]))
    names = ", ".join(trees)
    print(f"first start, {count:,} saved games (nothing stored unless said), {runs} rounds by turns (floors, then "
          f"{names}; wall, and CPU of the processes; load average {os.getloadavg()[0]:.1f} at the end):")

    def median_cpu(label: str) -> float:
        return statistics.median(cpu for _, cpu in figures[label])

    floor = median_cpu("floor, one process")
    for label, values in figures.items():
        goal = "≤ 2 s" if "figures" in label or "stats" in label else "—"
        line(f"{label}, wall", [wall for wall, _ in values], goal)
        cpu = [cpu for _, cpu in values]
        line(f"  the same, CPU ({statistics.median(cpu) / floor:.2f}× the one-process floor's)", cpu, "—")
    print("  (the floors: every game read and replayed once, nothing else; the app's statistics are timed from s, "
          "pressed at its first paint; its list from the process's start; \"every game stored\": a start after the "
          "first, the cache file written by the list's run just before)")
    two, start = median_cpu("floor, two processes"), median_cpu("the helper's own start and one game")
    print("where a first start's CPU above the one-process floor goes (medians of the lines above):")
    second_core = "the second core: the same replays over two processes"
    print(f"  {second_core:<60} {two - floor:+7.3f} s CPU (of which the helper's own start {start:.3f} s)")
    for tree in trees:
        for what in ("scorepad stats", "app, s at once → figures"):
            above = median_cpu(f"{tree}: {what}") - two
            print(f"  {tree + ': ' + what + ', beyond the two-process floor':<60} {above:+7.3f} s CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2 runs of each")
    parser.add_argument("--runs", type=int, help="runs of each (default 3)")
    parser.add_argument("--only", default="list,stats,floor,first,home,machine",
                        help="the parts to run, comma-separated (list, stats, floor, first, home, machine)")
    parser.add_argument("--baseline", metavar="REF", help="the first start also of REF's scorepad, by turns")
    args = parser.parse_args()
    runs = args.runs or (2 if args.quick else 3)
    parts = set(args.only.split(","))
    unknown = parts - {"list", "stats", "floor", "first", "home", "machine"}
    if unknown:
        parser.error(f"unknown parts: {', '.join(sorted(unknown))}")
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
        if "machine" in parts:
            bench_machine(runs)
        if "list" in parts:
            for count in (20, 500, 2000):
                bench_list(homes[count], count, runs)
            bench_list(homes[2000], 2000, runs, first_start=True)
        if "stats" in parts:
            bench_stats(homes[2000], 2000, runs)
        if "machine" in parts:
            bench_machine(runs)
        if "floor" in parts:
            bench_floor(homes[2000], 2000, runs)
        if "first" in parts:
            tree = baseline_tree(Path(scratch), args.baseline) if args.baseline else None
            bench_first_start(homes[2000], 2000, runs, Path(scratch),
                              (args.baseline, tree) if args.baseline and tree else None)
        if "home" in parts:
            for count in (500, 2000):
                bench_home(homes[count], empty, count, runs)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
