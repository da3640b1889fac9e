"""scorepad's performance figures. Prints them; asserts nothing (timed tests would be flaky).

    python benchmarks/bench.py            # all of them
    python benchmarks/bench.py --quick    # smaller logs
    python benchmarks/bench.py --smoke    # tiny logs, one turn: that every part runs (its figures mean nothing)
    python benchmarks/bench.py --only ce --baseline main   # parts (c) and (e) only, paired against main
    python benchmarks/bench.py --only b --baseline main    # start to first paint: bare app, this tree, main by turns
    python benchmarks/bench.py --only b --start-game jass  # (b) with a long Jass game (auction_bridge: Bridge's)

(a) `scorepad replay --json` of a 100,000-entry table-like log of each game (benchmarks/tables.py), as a ratio to
    a process that json.loads the same lines (CPU, whole process); then each part against the library's own speed
(e) load + replay of logs full of corrections; a correction in the app with 1,000 deals, to the repainted frame
(b) app start to first paint with a 1,000- and a 10,000-deal game, as a ratio to a bare Textual app (Header,
    DataTable, Footer) run by turns with it; beside the floor: the bare app plus what the game needs before any
    widget (pydantic, the log's models, the store and the game's rules imported, the log read and replayed)
(c) from submitting a deal to the sheet updated, and to the screen repainted, with 1,000 and 10,000 deals logged;
    and from Enter in the form to the screen repainted; beside what a bare Textual app costs for a frame with a
    row appended (the floor); Enter in Jass's and Auction Bridge's forms with 3,000 and 30,000 entries logged
    (benchmarks/tables.py): Python calls and CPU to the first frame, by turns with --baseline
(d) bytes a loaded and replayed log keeps per entry (traced); peak memory of the app with 1,000 deals open
    (resident, measured without tracemalloc; Python's own peak apart), and what each further deal adds (5,000 open)
    and what each part of the app keeps of it (traced: the log's entries, the rules' fold, the tables, the rest)

Comparisons run by turns (A B A B …) and report medians (and the p95 of the ratios): the machine may be shared.
With --baseline REF, (a)'s replay and the app's figures of (b), (c) and (e) are also taken of REF's scorepad (a
`git archive` of it), in fresh processes by turns with this tree's (A B A B …), both measured by this file.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import tables  # noqa: E402  (benchmarks/tables.py: logs like a real table's)
from bare_app import BARE_APP, bare_app_args  # noqa: E402
from baseline import baseline_tree  # noqa: E402

from scorepad.log import dump_entry, dump_header, parse_entry  # noqa: E402
from scorepad.store.game_file import new_header

PLAYERS = ["Ann", "Bob", "Cid"]
CALLS = ["6S", "7C", "6NT", "7H", "8D", "6H", "7S"]


def deal_items(number: int) -> list[dict]:
    """One 3-hand Five Hundred deal as quick entries: the deal, the contract, the result."""
    dealer = PLAYERS[number % 3]
    contractor = PLAYERS[(number + 1) % 3]
    others = [p for p in PLAYERS if p != contractor]
    call = CALLS[number % len(CALLS)]
    made = 8 if number % 4 else 5  # every fourth contract is set
    tricks = {contractor: made, others[0]: (10 - made) // 2, others[1]: 10 - made - (10 - made) // 2}
    return [
        {"type": "deal", "dealer": dealer},
        {"type": "contract", "player": contractor, "call": call},
        {"type": "result", "tricks": tricks},
    ]


def write_log(path: Path, deals: int, target: int) -> Path:
    """A log of `deals` deals (3 entries each); the target is set high enough that no one wins."""
    header = new_header("five_hundred", PLAYERS, title="benchmark", rules={"target": target})
    lines = [dump_header(header)]
    seq = 0
    for number in range(deals):
        for item in deal_items(number):
            seq += 1
            entry = parse_entry("five_hundred", {**item, "seq": seq, "at": "2026-11-29T20:00:00+01:00"})
            lines.append(dump_entry(entry))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def write_corrected_log(path: Path, deals: int, every: int, amends_of_one: int = 0) -> Path:
    """A log of `deals` deals where every `every`-th deal's result is amended once, right after it (the table
    catches a miscount before the next deal, as the laws' window allows); then `amends_of_one` more amends of the
    last result, one after the other (a result corrected over and over)."""
    header = new_header("five_hundred", PLAYERS, title="benchmark", rules={"target": 10**9})
    lines = [dump_header(header)]
    seq = 0
    at = "2026-11-29T20:00:00+01:00"

    def line(item: dict) -> None:
        nonlocal seq
        seq += 1
        lines.append(dump_entry(parse_entry("five_hundred", {**item, "seq": seq, "at": at})))

    result = 0
    for number in range(deals):
        for item in deal_items(number):
            line(item)
        result = seq
        if every and number % every == every - 1:
            line({"type": "amend", "target": result, "entry": _other_result(number, 0)})
    for count in range(amends_of_one):
        line({"type": "amend", "target": result, "entry": _other_result(deals - 1, count)})
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _other_result(number: int, variant: int) -> dict:
    """The deal's result with the tricks counted again (made or set, by turns)."""
    result = dict(deal_items(number)[2])
    tricks = dict(result["tricks"])
    contractor = PLAYERS[(number + 1) % 3]
    others = [p for p in PLAYERS if p != contractor]
    made = 7 if variant % 2 == 0 else 9
    tricks = {contractor: made, others[0]: (10 - made) // 2, others[1]: 10 - made - (10 - made) // 2}
    result["tricks"] = tricks
    return result


def paired(runs: int, first, second) -> tuple[list[float], list[float]]:
    """Run two pieces of work by turns (A B A B …), so a machine busy with something else slows both alike."""
    a, b = [], []
    for _ in range(runs):
        for work, times in ((first, a), (second, b)):
            start = time.perf_counter()
            work()
            times.append(time.perf_counter() - start)
    return a, b


def best_of(runs: int, work) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


# ---------------------------------------------------------------- (a)

# A whole process each, as a user runs it; its CPU time (user + system) read from the kernel when it ends.
JSON_LINES = "import json, sys\nfor line in open(sys.argv[1], 'rb'):\n    json.loads(line)\n"
BARE_PYTHON = "import json"
IMPORT_REPLAY = (
    "import sys\nfrom scorepad.cli.main import main\nfrom scorepad.games import replay_file\n"
    "from scorepad.text.export import to_json\nfrom scorepad.log import ENTRY_ADAPTERS\n"
    "from scorepad.rules import rules_for\nrules_for(sys.argv[1]); ENTRY_ADAPTERS[sys.argv[1]]\n"
)


def process_cpu(args: list[str], env: dict[str, str] | None = None, cwd: Path | None = None) -> float:
    """CPU seconds (user + system) a child process took, start to exit (its output thrown away)."""
    before = os.times()
    done = subprocess.run(
        args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=600, env=env, cwd=cwd
    )
    after = os.times()
    if done.returncode != 0:
        raise RuntimeError(done.stderr.decode(errors="replace")[-2000:])
    return (after.children_user - before.children_user) + (after.children_system - before.children_system)


def cpu_of(work) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def paired_cpu(runs: int, first, second) -> tuple[list[float], list[float]]:
    """`paired`, in CPU seconds: a busy machine slows the wall clock far more than the CPU time."""
    a, b = [], []
    for _ in range(runs):
        a.append(first())
        b.append(second())
    return a, b


def baseline_env(tree: Path, directory: Path) -> dict[str, str]:
    """The environment of a process that imports REF's scorepad (unpacked in `tree`), checked once."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    found = subprocess.run(
        [sys.executable, "-c", "import scorepad; print(scorepad.__file__)"],
        env=env,
        cwd=directory,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert Path(found).resolve().is_relative_to(tree.resolve()), found
    return env


def bench_replay_game(
    directory: Path, game: str, entries: int, runs: int, baseline: Path | None = None
) -> dict:
    """`scorepad replay FILE --json` of a table-like log (benchmarks/tables.py) against a process that only
    json.loads the same lines, paired (with `baseline`, REF's scorepad too: A B C A B C …); then where the time
    goes, each part against the library's own speed on the same input (in one process, CPU time, median of
    `runs`)."""
    import gc

    from jiter import from_json
    from pydantic import TypeAdapter

    from scorepad.games import replay_log
    from scorepad.log import _ENTRY_TYPES
    from scorepad.store.game_file import load
    from scorepad.text.export import _ENCODE, to_json

    path = tables.write_game(directory / f"{game}.jsonl", game, entries)
    data = path.read_bytes()
    lines = data.splitlines()[1:]
    python = sys.executable
    replay_args = [python, "-m", "scorepad", "replay", "--json", str(path)]
    plain, ours, base = [], [], []
    env = baseline_env(baseline, directory) if baseline else None
    for _ in range(runs):  # by turns: a machine busy with something else slows each alike
        plain.append(process_cpu([python, "-c", JSON_LINES, str(path)]))
        ours.append(process_cpu(replay_args))
        if baseline:  # not from here: `-m` puts the cwd first on the path
            base.append(process_cpu(replay_args, env=env, cwd=directory))
    ratios = [o / p for o, p in zip(ours, plain, strict=True)]
    base_ratios = [b / p for b, p in zip(base, plain, strict=True)] if base else []
    bare = [process_cpu([python, "-c", BARE_PYTHON]) for _ in range(runs)]
    imports = [process_cpu([python, "-c", IMPORT_REPLAY, game]) for _ in range(runs)]

    def median_cpu(work) -> float:
        return statistics.median(cpu_of(work) for _ in range(runs))

    adapter = TypeAdapter(
        _ENTRY_TYPES[game]
    )  # the entry models alone, without the strict reading around them
    log = load(path)
    sheet = replay_log(log)
    summary = sheet.summary()
    was = gc.isenabled()
    gc.disable()  # as load and replay_log pause it: the parts measured alike
    try:
        figures = {
            "json_loads": median_cpu(lambda: [json.loads(line) for line in lines]),
            "pydantic": median_cpu(lambda: [adapter.validate_json(line) for line in lines]),
            "strict": median_cpu(
                lambda: [
                    from_json(line, catch_duplicate_keys=True, allow_inf_nan=False, cache_mode="keys")
                    for line in lines
                ]
            ),
            "load": median_cpu(lambda: load(path)),
            "rules": median_cpu(lambda: replay_log(log)),
            # the rows put in words for the summary, beyond folding the log: a fresh sheet's, timed alone
            "words": statistics.median(cpu_of(replay_log(log).summary) for _ in range(runs)),
            "dumps": median_cpu(lambda: _ENCODE(summary)),
            "output": median_cpu(lambda: to_json(sheet)),
        }
    finally:
        if was:
            gc.enable()
    return {
        "game": game,
        "entries": len(lines),
        "bytes": len(data),
        "plain_s": statistics.median(plain),
        "ours_s": statistics.median(ours),
        "ratio": statistics.median(ratios),
        "ratio_p95": _p95(ratios),
        "base_s": statistics.median(base) if base else None,
        "base_ratios": base_ratios,
        "bare_s": statistics.median(bare),
        "import_s": statistics.median(imports),
        **figures,
    }


def replay_memory(directory: Path, game: str, entries: int) -> tuple[int, int]:
    """What a loaded and replayed log keeps (traced by tracemalloc, the file's bytes apart), and its entries."""
    import tracemalloc

    from scorepad.games import replay_log
    from scorepad.store.game_file import load

    path = tables.write_game(directory / f"memory-{game}.jsonl", game, entries)
    replay_log(load(path))  # the models built and the modules imported before measuring
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        log = load(path)
        sheet = replay_log(log)
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert len(sheet.entries) == len(log.entries)
    return kept, len(log.entries)


def print_replay(a: dict) -> None:
    base = a["plain_s"]
    floor = (a["import_s"] - a["bare_s"]) + a["load"]
    print(
        f"(a) {a['game']}: scorepad replay --json of {a['entries']:,} entries ({a['bytes'] / 2**20:.1f} MiB, "
        f"benchmarks/tables.py): {a['ours_s']:.2f} s CPU; a process json.loads-ing the same lines "
        f"{base:.2f} s → ratio median {a['ratio']:.2f}×, p95 {a['ratio_p95']:.2f}× (goal ≤ 2×)"
    )
    print(
        f"    where it goes (CPU, × that json.loads process): imports {a['import_s'] - a['bare_s']:.2f} s "
        f"({(a['import_s'] - a['bare_s']) / base:.2f}×) | reading {a['load']:.2f} s ({a['load'] / base:.2f}×; "
        f"json.loads alone {a['json_loads']:.2f} s, pydantic's validate_json alone {a['pydantic']:.2f} s, the "
        f"strict check for duplicate keys (jiter) alone {a['strict']:.2f} s) | "
        f"the rules {a['rules']:.2f} s ({a['rules'] / base:.2f}×) | rows in words {a['words']:.2f} s | "
        f"output {a['output']:.2f} s (the C encoder alone on the same summary {a['dumps']:.2f} s)"
    )
    print(
        f"    floor, imports + reading alone (no rules, no output): {floor:.2f} s = {floor / base:.2f}× "
        f"the json.loads process"
    )
    if a["base_s"] is not None:
        ours_p95, base_ratios = a["ratio_p95"], a["base_ratios"]
        print(
            f"    paired with {a['baseline']} (A B C by turns, {len(base_ratios)} rounds): {a['baseline']}'s replay "
            f"{a['base_s']:.2f} s → ratio median {statistics.median(base_ratios):.2f}×, p95 "
            f"{_p95(base_ratios):.2f}×; this tree median {a['ratio']:.2f}×, p95 {ours_p95:.2f}× "
            f"({a['ours_s'] / a['base_s']:.2f}× {a['baseline']}'s time)"
        )


# ---------------------------------------------------------------- (b)

# "First paint" is the first frame of the screen handed to the driver (App._display, in Textual 8.2.8), in
# both apps alike: for ours, the game's screen with its sheet, log and form.
BARE = bare_app_args(120, 40, "#", "deal", "Ann", "Bob", "Cid")  # the floor: benchmarks/bare_app.py
# the same script printing the process's CPU time to its first frame too (a busy shared machine disturbs it least)
_BARE_PRINT = "print(time.perf_counter() - start, flush=True)"
assert _BARE_PRINT in BARE_APP
BARE_APP_CPU = BARE_APP.replace(
    _BARE_PRINT, "print(time.perf_counter() - start, time.process_time(), flush=True)"
)

OUR_APP = """
import sys, time
start = time.perf_counter()
from pathlib import Path
from textual.app import App
from scorepad.tui.app import ScorepadApp
from scorepad.tui.screens.game import GameScreen

shown = App._display

def display(self, screen, renderable):
    shown(self, screen, renderable)
    if renderable is not None and isinstance(screen, GameScreen):
        print(time.perf_counter() - start, time.process_time(), flush=True)
        self.exit()

App._display = display
ScorepadApp(open_path=Path(sys.argv[1]), remember_theme=False).run(headless=True, size=(120, 40))
"""


# Where our start's CPU goes, phase by phase (this tree only; the paired figures come from OUR_APP, unwrapped):
# the process's CPU time as each phase ends, printed in order. The bare app's phases are BARE_PHASES'.
OUR_PHASES = """
import functools, sys, time
marks = []
def mark(name):
    marks.append((name, time.process_time()))
from pathlib import Path
from textual.app import App
mark("Textual imported")
from scorepad.tui.app import ScorepadApp
from scorepad.tui.screens.game import GameScreen
import scorepad.games
mark("our modules imported (pydantic and the log's models among them)")

def wrapped(owner, name, before=None, after=None):
    real = getattr(owner, name)
    @functools.wraps(real)  # the same signature: Textual hands a handler only the arguments it takes
    def call(*args, **kwargs):
        if before and not any(n == before for n, _ in marks):
            mark(before)
        try:
            return real(*args, **kwargs)
        finally:
            if after and not any(n == after for n, _ in marks):
                mark(after)
    setattr(owner, name, call)

wrapped(scorepad.games, "open_game", before="the app made, its stylesheet parsed, the driver started",
        after="the log read (the game's rules imported)")
wrapped(GameScreen, "__init__", after="the log replayed (the screen made)")
wrapped(GameScreen, "on_mount", before="the screen's widgets composed, mounted and styled",
        after="the sheet and the log filled (the rows in view in words)")
shown = App._display

def display(self, screen, renderable):
    shown(self, screen, renderable)
    if renderable is not None and isinstance(screen, GameScreen):
        mark("laid out and the first frame drawn")
        print(repr(marks), flush=True)
        self.exit()

App._display = display
ScorepadApp(open_path=Path(sys.argv[1]), remember_theme=False).run(headless=True, size=(120, 40))
"""

BARE_PHASES = (
    BARE_APP_CPU.replace(
        "from textual.app import App\n", "from textual.app import App\ntextual_cpu = time.process_time()\n", 1
    )
    .replace(
        "    def compose(self):\n",
        "    def compose(self):\n        global compose_cpu\n        compose_cpu = time.process_time()\n",
        1,
    )
    .replace(
        "print(time.perf_counter() - start, time.process_time(), flush=True)",
        "print(textual_cpu, compose_cpu, time.process_time(), flush=True)",
    )
)
assert BARE_PHASES.count("compose_cpu") == 3 and "textual_cpu = " in BARE_PHASES


# What the game needs before any widget is drawn, beyond the bare app: the stack's imports (pydantic, the log's
# models, the store, the game's rules), reading the log and replaying it — the floor of (b).
FLOOR = """
import gc, os, sys, time
start = time.perf_counter()
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")  # as the app (and the command line) start pydantic
from textual.app import App
from textual.widgets import DataTable, Footer, Header
textual_s = time.perf_counter() - start
textual_cpu = time.process_time()
gc.disable()  # as the app opening a game does, from its making to the game's first paint
import pydantic
stack = time.perf_counter() - start
from scorepad.games import open_game
from scorepad.rules import Replayer, rules_for
rules_for(sys.argv[2])
imported = time.perf_counter() - start
game_file = open_game(sys.argv[1])
read = time.perf_counter() - start
Replayer(game_file.header).extend(game_file.entries).sheet()
replayed = time.perf_counter() - start
print(textual_s, stack, imported, read, replayed, textual_cpu, time.process_time(), flush=True)
"""


def bench_start(
    directory: Path, deals: int, runs: int, baseline: Path | None = None, game: str = "five_hundred"
) -> dict:
    """Start to first paint of the bare app and of ours (and of the baseline's scorepad, if given), in fresh
    processes by turns (A B A B …, or A B C A B C …), each against the bare app's run just before it. Five
    Hundred's game is `deals` deals of three entries; another game's is a table-like log (benchmarks/tables.py)
    of as many entries (Jass: about 3.7 entries a hand, Auction Bridge about 8 a deal, auctions among them)."""
    if game == "five_hundred":
        path = write_log(directory / "start.jsonl", deals, target=10**9)
    else:
        path = tables.write_game(directory / f"start-{game}.jsonl", game, deals * 3)
    ours_tree = Path(__file__).resolve().parent.parent
    # both apps as installed: with their bytecode written (a run without it compiles every module first)
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["SCOREPAD_HOME"] = str(directory / "home")

    def run(code: str, *args: str, tree: Path = ours_tree) -> list[float]:
        done = subprocess.run(
            [sys.executable, "-c", code, *args],
            capture_output=True,
            text=True,
            env={**env, "PYTHONPATH": str(tree)},
            timeout=300,
            cwd=directory,
        )
        lines = [ln for ln in done.stdout.splitlines() if ln.strip()]
        if done.returncode != 0 or not lines:
            raise RuntimeError(done.stderr[-2000:])
        return [float(value) for value in lines[-1].split()]

    trees = {"ours": ours_tree, **({"base": baseline} if baseline is not None else {})}
    run(BARE_APP_CPU, *BARE)
    for tree in trees.values():  # warm-up: bytecode written, files in the page cache
        run(OUR_APP, str(path), tree=tree)
    bares: list[float] = []
    bare_cpus: list[float] = []
    times: dict[str, list[float]] = {side: [] for side in trees}
    ratios: dict[str, list[float]] = {side: [] for side in trees}
    cpus: dict[str, list[float]] = {side: [] for side in trees}
    cpu_ratios: dict[str, list[float]] = {side: [] for side in trees}
    for _ in range(runs):  # by turns
        wall, cpu = run(BARE_APP_CPU, *BARE)
        bares.append(wall)
        bare_cpus.append(cpu)
        for side, tree in trees.items():
            wall, cpu = run(OUR_APP, str(path), tree=tree)
            times[side].append(wall)
            ratios[side].append(wall / bares[-1])
            cpus[side].append(cpu)
            cpu_ratios[side].append(cpu / bare_cpus[-1])
    floors = [run(FLOOR, str(path), game) for _ in range(runs)]
    phase_runs: list[list[tuple[str, float]]] = []
    bare_phase_runs: list[list[float]] = []
    for _ in range(runs):  # where the CPU goes, by turns with the bare app's own phases
        bare_phase_runs.append(run(BARE_PHASES, *BARE))
        done = subprocess.run(
            [sys.executable, "-c", OUR_PHASES, str(path)],
            capture_output=True,
            text=True,
            env={**env, "PYTHONPATH": str(ours_tree)},
            timeout=300,
            cwd=directory,
        )
        lines = [ln for ln in done.stdout.splitlines() if ln.startswith("[")]
        if done.returncode != 0 or not lines:
            raise RuntimeError(done.stderr[-2000:])
        phase_runs.append(ast.literal_eval(lines[-1]))
    part = {
        name: statistics.median(f[index] - (f[index - 1] if index else 0) for f in floors)
        for index, name in enumerate(("textual", "pydantic", "models_and_rules", "reading", "replaying"))
    }
    bare = statistics.median(bares)
    bare_cpu = statistics.median(bare_cpus)
    figures = {
        "deals": deals,
        "game": game,
        "runs": runs,
        "bare_textual_s": bare,
        "bare_p95_s": _p95(bares),
        "floor": part,
        "floor_s": bare + sum(v for k, v in part.items() if k != "textual"),
        "bare_cpu_s": bare_cpu,
        "floor_cpu_s": bare_cpu + statistics.median(f[6] - f[5] for f in floors),
    }
    names = [name for name, _ in phase_runs[0]]
    if all([name for name, _ in marks] == names for marks in phase_runs):
        figures["phases"] = [
            (name, statistics.median(marks[i][1] - (marks[i - 1][1] if i else 0) for marks in phase_runs))
            for i, name in enumerate(names)
        ]
    figures["bare_phases"] = [
        (name, statistics.median(b[i] - (b[i - 1] if i else 0) for b in bare_phase_runs))
        for i, name in enumerate(
            (
                "Textual imported",
                "its widgets imported, the app made and started",
                "composed, laid out and drawn",
            )
        )
    ]
    for side in trees:
        figures[side] = {
            "median_s": statistics.median(times[side]),
            "p95_s": _p95(times[side]),
            "ratio": statistics.median(ratios[side]),
            "ratio_p95": _p95(ratios[side]),
            "cpu_s": statistics.median(cpus[side]),
            "cpu_ratio": statistics.median(cpu_ratios[side]),
            "cpu_ratio_p95": _p95(cpu_ratios[side]),
        }
    return figures


def print_start(b: dict, goal: float, ref: str | None) -> None:
    sides = [("this tree", b["ours"])] + ([(ref, b["base"])] if "base" in b else [])
    logged = (
        f"{b['deals']:,} deals"
        if b["game"] == "five_hundred"
        else f"a {b['game']} log of {b['deals'] * 3:,} entries (benchmarks/tables.py)"
    )
    print(
        f"(b) start to first paint with {logged}, {b['runs']} turns (goal ≤ {goal}× the bare app): "
        f"bare Textual app (Header, DataTable, Footer) median {b['bare_textual_s']:.3f} s, p95 "
        f"{b['bare_p95_s']:.3f} s"
    )
    for name, side in sides:
        print(
            f"    {name}: median {side['median_s']:.3f} s, p95 {side['p95_s']:.3f} s → ratio median "
            f"{side['ratio']:.2f}×, p95 {side['ratio_p95']:.2f}×; CPU to the first paint median {side['cpu_s']:.3f} s "
            f"against the bare app's {b['bare_cpu_s']:.3f} s → ratio median {side['cpu_ratio']:.2f}×, p95 "
            f"{side['cpu_ratio_p95']:.2f}×"
        )
    f = b["floor"]
    print(
        f"    the floor, before any widget of the game: the bare app + pydantic {f['pydantic']:.3f} s + the log's "
        f"models, the store and the game's rules {f['models_and_rules']:.3f} s + reading the log "
        f"{f['reading']:.3f} s + replaying it {f['replaying']:.3f} s = {b['floor_s']:.3f} s "
        f"({b['floor_s'] / b['bare_textual_s']:.2f}× the bare app); in CPU the bare app's {b['bare_cpu_s']:.3f} s + "
        f"{b['floor_cpu_s'] - b['bare_cpu_s']:.3f} s = {b['floor_cpu_s']:.3f} s "
        f"({b['floor_cpu_s'] / b['bare_cpu_s']:.2f}×)"
    )
    if "phases" in b:
        print(
            "    where this tree's CPU goes, to the first paint (medians of as many runs more, each phase's CPU): "
            + "; ".join(f"{name} {seconds:.3f} s" for name, seconds in b["phases"])
        )
    print("    the bare app's: " + "; ".join(f"{name} {seconds:.3f} s" for name, seconds in b["bare_phases"]))


# ---------------------------------------------------------------- (c) and (d)


class FrameClock:
    """The process's CPU time at each frame handed to the terminal driver (`App._display`, the hook (b) times a
    first paint with), with what the frame showed (`shown()`: a table's row count, say).

    An update is timed from its start to the first frame showing it ("frame") and to the last frame before the
    screen is idle ("settled"), in our app and in the bare one alike. The pilot seeing the app idle (the older
    "repainted") comes later: its own polling, and work the app does after its last frame (the collector at
    idle, timers) are counted there. CPU time, not wall time: a machine shared with other work stretches the
    wall clock of both apps unevenly."""

    def __init__(self) -> None:
        self.frames: list[tuple[float, int]] = []
        self.shown: Callable[[], int] = lambda: 0
        self._start = (0.0, 0)

    def __enter__(self) -> FrameClock:
        from textual.app import App

        self._original = original = App._display
        clock = self

        def display(app, screen, renderable) -> None:
            original(app, screen, renderable)
            if renderable is not None:  # None: nothing changed, nothing written
                clock.frames.append((time.process_time(), clock.shown()))

        App._display = display
        return self

    def __exit__(self, *exc: object) -> None:
        from textual.app import App

        App._display = self._original

    def start(self) -> None:
        self.frames.clear()
        self._start = (time.process_time(), self.shown())

    def first(self) -> float:
        """CPU seconds from `start` to the first frame whose `shown()` differs from what it was at the start."""
        began, before = self._start
        return next((at for at, shown in self.frames if shown != before), float("nan")) - began

    def settled(self) -> float:
        """CPU seconds from `start` to the last frame so far."""
        return (self.frames[-1][0] if self.frames else float("nan")) - self._start[0]


class CallCounter(FrameClock):
    """A `FrameClock` that also counts the Python calls (`sys.setprofile` "call" events, not C functions) from
    `start` to the first frame showing the change: a deterministic measure beside the noisy clock (the same code
    path makes the same calls whatever the machine's load). One count per `start`, in `calls`."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[int] = []
        self._count = -1  # counting while >= 0

    def _profile(self, frame: object, event: str, arg: object) -> None:
        if event == "call":
            self._count += 1

    def _stop(self) -> None:
        if self._count >= 0:
            sys.setprofile(None)
            self.calls.append(self._count)
            self._count = -1

    def __enter__(self) -> CallCounter:
        from textual.app import App

        super().__enter__()
        timed = App._display
        counter = self

        def display(app, screen, renderable) -> None:
            timed(app, screen, renderable)
            if renderable is not None and counter.shown() != counter._start[1]:
                counter._stop()

        App._display = display
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop()  # no frame showed it: counted to here
        super().__exit__(*exc)

    def start(self) -> None:
        super().start()
        self._count = 0
        sys.setprofile(self._profile)


async def _submit_latency(path: Path, samples: int, trace: bool = False) -> dict:
    """Log `samples` deals through the game screen, one at a time, as the form does.

    Per deal: "updated" is the wall time of `GameScreen.log_entries` — the rules' check, the appends with
    their fsync, the entries folded into the sheet, and both tables and every widget brought up to it. "Repainted"
    adds the CPU time the app then spends until the pilot has seen the screen painted: the pilot's own
    idle waits (it sleeps at least 20 ms to see that the app is idle) are not work and are left out, its
    bookkeeping (~3 ms) is counted. The wall time including those waits is kept too. "Frame" and "settled" are
    CPU time from the call to the first frame showing the new row and to the last frame (see `FrameClock`).
    With `trace`, tracemalloc runs (it slows every allocation: timings taken then are not reported).
    """
    import tracemalloc

    from scorepad.log import parse_entry
    from scorepad.tui.app import ScorepadApp
    from scorepad.tui.screens.game import GameScreen

    if trace:
        tracemalloc.start()
    from scorepad.tui.widgets.sheet_table import SheetTable

    app = ScorepadApp(open_path=path, remember_theme=False)
    updated, repainted, walls, frame, settled = [], [], [], [], []
    peak = 0
    with FrameClock() as clock:
        async with app.run_test(headless=True, size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            clock.shown = lambda: screen.query_one(SheetTable).row_count
            deals = len(screen.sheet.rows)
            for number in range(samples):
                items = deal_items(deals + number)
                entries = [parse_entry("five_hundred", item) for item in items]
                clock.start()
                start = time.perf_counter()
                assert screen.log_entries(entries)
                done, cpu_done = time.perf_counter(), time.process_time()
                await (
                    pilot.pause()
                )  # the table and log pane have taken the new rows, and the screen is painted
                painted, cpu_painted = time.perf_counter(), time.process_time()
                updated.append(done - start)
                repainted.append(done - start + cpu_painted - cpu_done)
                walls.append(painted - start)
                frame.append(clock.first())
                settled.append(clock.settled())
            if trace:
                _, peak = tracemalloc.get_traced_memory()
    if trace:
        tracemalloc.stop()
    return {
        "updated": updated,
        "repainted": repainted,
        "walls": walls,
        "frame": frame,
        "settled": settled,
        "peak_traced": peak,
    }


async def _enter_latency(path: Path, samples: int, clock: FrameClock | None = None) -> dict:
    """Type `samples` deals into the Five Hundred form and press Enter, as the table does.

    The fields are filled before the clock starts (what typing them costs is not the submission's); timed is the
    process's CPU time from the Enter to the pilot having seen the screen painted (its idle waits are sleeps, not
    CPU; its bookkeeping is counted): the key's way to the form, the rules, the write, both tables, the cleared
    form with the focus back on its first field, the footer and the frames that show all that. "Frame" and
    "settled": CPU time from the Enter to the first frame showing the new row and to the last frame before the
    screen is idle (`FrameClock`), as `_bare_enter_latency` times the bare app."""
    from textual.widgets import Input

    from scorepad.tui.app import ScorepadApp
    from scorepad.tui.screens.game import GameScreen
    from scorepad.tui.widgets.sheet_table import SheetTable

    app = ScorepadApp(open_path=path, remember_theme=False)
    repainted, walls, frame, settled = [], [], [], []
    async with app.run_test(headless=True, size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.form is not None
        deals = len(screen.sheet.rows)
        clock = clock or FrameClock()
        clock.shown = lambda: screen.query_one(SheetTable).row_count
        for number in range(samples):
            contract, result = deal_items(deals + number)[1:]
            contractor = contract["player"]
            others = [p for p in PLAYERS[PLAYERS.index(contractor) + 1 :] + PLAYERS if p != contractor][:1]
            form = screen.form
            typed = {
                "fh-contractor": contractor,
                "fh-bid": contract["call"].lower(),
                "fh-tricks-0": str(result["tricks"][contractor]),
                "fh-tricks-1": str(result["tricks"][others[0]]),
            }
            for name, text in typed.items():
                form.query_one(f"#{name}", Input).value = text
            screen.set_focus(form.query_one("#fh-tricks-1", Input))
            await pilot.pause()
            with clock:
                clock.start()
                start, cpu_start = time.perf_counter(), time.process_time()
                await pilot.press("enter")
                await pilot.pause()
                repainted.append(time.process_time() - cpu_start)
                walls.append(time.perf_counter() - start)
            frame.append(clock.first())
            settled.append(clock.settled())
            assert len(screen.sheet.rows) == deals + number + 1, form.query_one("#form-status").render()
    return {"repainted": repainted, "walls": walls, "frame": frame, "settled": settled}


#: what the table types for one more hand or deal of a tables.py log (which stops after a whole one), before Enter:
#: Jass hearts named by the forehand, then 97 points to team A; Bridge Ann's 1NT making 7 tricks
GAME_KEYS = {"jass": ("h", "tab", "a", "9", "7"), "auction_bridge": ("a", "tab", "1", "n", "t", "tab", "7")}


async def _game_enter_latency(game: str, path: Path, samples: int, clock: FrameClock | None = None) -> dict:
    """`_enter_latency` for Jass or Auction Bridge: the keys of GAME_KEYS typed into the game's form (before the
    clock starts), then Enter; "frame" and "settled" are CPU time from the Enter to the first frame showing the new
    row (the score sheet's rows) and to the last frame (`FrameClock`)."""
    from scorepad.tui.app import ScorepadApp
    from scorepad.tui.widgets.sheet_table import SheetTable

    app = ScorepadApp(open_path=path, remember_theme=False)
    frame, settled = [], []
    clock = clock or FrameClock()
    async with app.run_test(headless=True, size=(120, 40)) as pilot:
        for _ in range(5):  # a long game's rows measured after the first paint, a chunk at a time
            await pilot.pause(0.2)
        screen = app.screen
        sheet = screen.query_one(SheetTable)
        clock.shown = lambda: sheet.row_count
        for _ in range(samples):
            logged = len(screen.sheet.entries)  # type: ignore[attr-defined]
            await pilot.press(*GAME_KEYS[game])
            await pilot.pause()
            with clock:
                clock.start()
                await pilot.press("enter")
                await pilot.pause()
            frame.append(clock.first())
            settled.append(clock.settled())
            assert len(screen.sheet.entries) > logged, "the typed hand was not logged"  # type: ignore[attr-defined]
            await pilot.pause(0.1)
    return {"frame": frame, "settled": settled}


async def _jass_enter_latency(path: Path, samples: int) -> dict:
    return await _game_enter_latency("jass", path, samples)


async def _auction_bridge_enter_latency(path: Path, samples: int) -> dict:
    return await _game_enter_latency("auction_bridge", path, samples)


async def _jass_enter_calls(path: Path, samples: int) -> dict:
    """Python calls from Enter to the first frame (`CallCounter`), Jass; the first Enter after opening is left out
    (it draws more)."""
    counter = CallCounter()
    await _game_enter_latency("jass", path, samples + 1, counter)
    return {"calls": counter.calls[1:]}


async def _auction_bridge_enter_calls(path: Path, samples: int) -> dict:
    counter = CallCounter()
    await _game_enter_latency("auction_bridge", path, samples + 1, counter)
    return {"calls": counter.calls[1:]}


def _bare_cells(number: int) -> tuple:
    return (str(number), f"Bob 7♥ made, deal {number}", f"+120  {number * 10}", f"·  {number}", "-50  100")


async def _bare_latency(rows: int, samples: int) -> dict:
    """The floor: a bare Textual app (Header, DataTable, Footer) whose table has `rows` rows appends one, the cursor
    following it, and its header's subtitle changes — timed as `_submit_latency` times a deal. Also the pilot
    seeing a screen with nothing changed painted (what the measuring itself costs)."""
    from textual.app import App, ComposeResult
    from textual.widgets import DataTable, Footer, Header

    class Bare(App[None]):
        def compose(self) -> ComposeResult:
            yield Header()
            yield DataTable(cursor_type="row", zebra_stripes=True)
            yield Footer()

    app = Bare()
    repainted, idle, frame, settled = [], [], [], []
    with FrameClock() as clock:
        async with app.run_test(headless=True, size=(120, 40)) as pilot:
            table = app.query_one(DataTable)
            clock.shown = lambda: table.row_count
            table.add_columns("#", "deal", *PLAYERS)
            for number in range(rows):
                table.add_row(*_bare_cells(number), key=str(number))
            table.move_cursor(row=rows - 1)
            await pilot.pause()
            for number in range(rows, rows + samples):
                clock.start()
                start = time.perf_counter()
                with app.batch_update():
                    table.add_row(*_bare_cells(number), key=str(number))
                    table.move_cursor(row=table.row_count - 1)
                    app.sub_title = f"Ann {number}  ·  Bob {2 * number}  ·  Cid 0"
                done, cpu_done = time.perf_counter(), time.process_time()
                await pilot.pause()
                repainted.append(done - start + time.process_time() - cpu_done)
                frame.append(clock.first())
                settled.append(clock.settled())
                cpu_idle = time.process_time()
                await pilot.pause()
                idle.append(time.process_time() - cpu_idle)
    return {"repainted": repainted, "idle": idle, "frame": frame, "settled": settled}


async def _bare_enter_latency(
    rows: int, samples: int, table: type | None = None, clock: FrameClock | None = None
) -> dict:
    """The floor of Enter, the same kind of update as ours with Textual's own widgets, timed as `_enter_latency`
    times ours: at the same terminal size, a Header, a DataTable of `rows` rows (the sheet) beside one of three
    times as many (the log), an Input and a Footer. Enter in the Input (a priority binding, as ours) appends a row
    to the sheet and three to the log, both cursors following, clears the Input and changes the subtitle.
    With `table` (scorepad's KeyedTable), both tables are of that class: the bare app's frame with our tables."""
    from textual.app import App, ComposeResult
    from textual.binding import Binding
    from textual.containers import Horizontal
    from textual.widgets import DataTable, Footer, Header, Input

    Table: type = table or DataTable

    def new_table(id: str, zebra_stripes: bool) -> Any:
        # a KeyedTable is a table of rows (no cursor_type), its columns added one at a time with their keys
        if Table is DataTable:
            return DataTable(id=id, cursor_type="row", zebra_stripes=zebra_stripes)
        return Table(id=id, zebra_stripes=zebra_stripes)

    def add_columns(grid: Any, *labels: str) -> None:
        for label in labels:
            grid.add_column(label, key=label)

    class BareEnter(App[None]):
        CSS = "#sheet { width: 2fr; } #log { width: 1fr; } Input { dock: bottom; }"
        BINDINGS = [Binding("enter", "log", priority=True)]

        def compose(self) -> ComposeResult:
            yield Header()
            with Horizontal():
                yield new_table("sheet", True)
                yield new_table("log", False)
            yield Input(id="tricks")
            yield Footer()

        def action_log(self) -> None:
            sheet, log = self.query_one("#sheet", Table), self.query_one("#log", Table)
            number = sheet.row_count
            with self.batch_update():
                sheet.add_row(*_bare_cells(number), key=str(number))
                sheet.move_cursor(row=sheet.row_count - 1)
                for _ in range(3):
                    log.add_row(str(log.row_count + 1), f"Bob 7♥ made, deal {number}", key=str(log.row_count))
                log.move_cursor(row=log.row_count - 1)
                self.query_one(Input).value = ""
                self.sub_title = f"Ann {number}  ·  Bob {2 * number}  ·  Cid 0"

    app = BareEnter()
    repainted, frame, settled = [], [], []
    async with app.run_test(headless=True, size=(120, 40)) as pilot:
        sheet, log = app.query_one("#sheet", Table), app.query_one("#log", Table)
        add_columns(sheet, "#", "deal", *PLAYERS)
        add_columns(log, "#", "entry")
        for number in range(rows):
            sheet.add_row(*_bare_cells(number), key=str(number))
            for _ in range(3):
                log.add_row(str(log.row_count + 1), f"Bob 7♥ made, deal {number}", key=str(log.row_count))
        sheet.move_cursor(row=rows - 1)
        log.move_cursor(row=log.row_count - 1)
        field = app.query_one(Input)
        field.focus()
        await pilot.pause()
        clock = clock or FrameClock()
        clock.shown = lambda: sheet.row_count
        for _ in range(samples):
            field.value = "8"
            await pilot.pause()
            with clock:
                clock.start()
                cpu_start = time.process_time()
                await pilot.press("enter")
                await pilot.pause()
                repainted.append(time.process_time() - cpu_start)
            frame.append(clock.first())
            settled.append(clock.settled())
    return {"repainted": repainted, "frame": frame, "settled": settled}


async def _correct_latency(path: Path, samples: int) -> dict:
    """Correct the latest deal's result `samples` times through the game screen (what the edit dialog's
    confirm does): the correction is checked, its knock-on asked, logged, the sheet refolded from the corrected
    entry, and both tables brought up to it. Timed as `_submit_latency` times a deal; "frame" to the first frame
    showing the correction (the log pane's row of it), "settled" to the last frame (with what the app says)."""
    from scorepad.log import amend_model
    from scorepad.tui.app import ScorepadApp
    from scorepad.tui.screens.game import GameScreen
    from scorepad.tui.widgets.log_pane import LogPane

    app = ScorepadApp(open_path=path, remember_theme=False)
    updated, repainted, frame, settled = [], [], [], []
    with FrameClock() as clock:
        async with app.run_test(headless=True, size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            clock.shown = lambda: screen.query_one(LogPane).row_count
            deals = len(screen.sheet.rows)
            target = screen.sheet.rows[-1].seq
            amend = amend_model("five_hundred")
            for number in range(samples):
                result = parse_entry("five_hundred", _other_result(deals - 1, number))
                logged = len(screen.sheet.entries)
                clock.start()
                start = time.perf_counter()
                screen.correct(amend(target=target, entry=result))
                done, cpu_done = time.perf_counter(), time.process_time()
                assert len(screen.sheet.entries) == logged + 1 and app.screen is screen
                await pilot.pause()
                cpu_painted = time.process_time()
                updated.append(done - start)
                repainted.append(done - start + cpu_painted - cpu_done)
                frame.append(clock.first())
                settled.append(clock.settled())
    return {"updated": updated, "repainted": repainted, "frame": frame, "settled": settled}


def bench_correct(directory: Path, deals: int, samples: int) -> dict:
    path = write_log(directory / "correct.jsonl", deals, target=10**9)
    os.environ["SCOREPAD_HOME"] = str(directory / "home")
    result = asyncio.run(_correct_latency(path, samples))
    ms = {key: [t * 1000 for t in result[key]] for key in ("updated", "repainted")}
    return {
        "deals": deals,
        "samples": samples,
        "updated_median_ms": statistics.median(ms["updated"]),
        "updated_p95_ms": _p95(ms["updated"]),
        "repainted_median_ms": statistics.median(ms["repainted"]),
        "repainted_p95_ms": _p95(ms["repainted"]),
        "frame": _stats_ms(result["frame"]),
        "settled": _stats_ms(result["settled"]),
    }


def bench_corrected_replay(directory: Path, runs: int, amends: int = 10_000, deals: int = 3_000) -> dict:
    """Load + replay of logs full of corrections: one result amended 10,000 times; 3,000 deals with 1,000
    corrections (every third deal's result amended right after it)."""
    from scorepad.games import replay_log
    from scorepad.store.game_file import load

    same = write_corrected_log(directory / "amends.jsonl", 1, 0, amends_of_one=amends)
    spread = write_corrected_log(directory / "spread.jsonl", deals, 3)
    return {
        "amends_of_one_s": best_of(runs, lambda: replay_log(load(same))),
        "spread_s": best_of(runs, lambda: replay_log(load(spread))),
    }


def _p95(values: list[float]) -> float:
    """The 95th percentile, nearest rank (with few runs: the slowest)."""
    ordered = sorted(values)
    return ordered[max(0, -(-len(ordered) * 95 // 100) - 1)]


def bench_submit(directory: Path, deals: int, samples: int) -> dict:
    path = write_log(directory / "submit.jsonl", deals, target=10**9)
    os.environ["SCOREPAD_HOME"] = str(directory / "home")
    result = asyncio.run(_submit_latency(path, samples))
    ms = {key: [t * 1000 for t in result[key]] for key in ("updated", "repainted", "walls")}
    return {
        "deals": deals,
        "samples": samples,
        "updated_median_ms": statistics.median(ms["updated"]),
        "updated_p95_ms": _p95(ms["updated"]),
        "repainted_median_ms": statistics.median(ms["repainted"]),
        "repainted_p95_ms": _p95(ms["repainted"]),
        "wall_median_ms": statistics.median(ms["walls"]),
        "frame": _stats_ms(result["frame"]),
        "settled": _stats_ms(result["settled"]),
    }


def _stats_ms(times: list[float]) -> dict:
    ms = [t * 1000 for t in times]
    return {"median": statistics.median(ms), "p95": _p95(ms), "n": len(ms)}


def bench_enter(directory: Path, deals: int, samples: int) -> dict:
    path = write_log(directory / "enter.jsonl", deals, target=10**9)
    os.environ["SCOREPAD_HOME"] = str(directory / "home")
    result = asyncio.run(_enter_latency(path, samples))
    return {
        "deals": deals,
        "samples": samples,
        **_stats_ms(result["repainted"]),
        "frame": _stats_ms(result["frame"]),
        "settled": _stats_ms(result["settled"]),
    }


def bench_enter_calls(directory: Path, deals: int, samples: int) -> dict:
    """Python calls from Enter to the first frame showing the new row: ours (Five Hundred's form) and the bare app
    with our tables, medians over `samples` Enters after the first (the first after opening draws more)."""
    from scorepad.tui.widgets.keyed_table import KeyedTable

    path = write_log(directory / "calls.jsonl", deals, target=10**9)
    os.environ["SCOREPAD_HOME"] = str(directory / "home")
    ours, floor = CallCounter(), CallCounter()
    asyncio.run(_enter_latency(path, samples + 1, ours))
    asyncio.run(_bare_enter_latency(deals, samples + 1, KeyedTable, floor))
    return {
        "deals": deals,
        "ours": statistics.median(ours.calls[1:]),
        "floor": statistics.median(floor.calls[1:]),
        "samples": samples,
    }


def bench_floor(rows: int, samples: int) -> dict:
    result = asyncio.run(_bare_latency(rows, samples))
    enter = asyncio.run(_bare_enter_latency(rows, samples))
    from scorepad.tui.widgets.keyed_table import KeyedTable

    keyed = asyncio.run(_bare_enter_latency(rows, samples, KeyedTable))
    return {
        "rows": rows,
        "repainted": _stats_ms(result["repainted"]),
        "idle": _stats_ms(result["idle"]),
        "frame": _stats_ms(result["frame"]),
        "settled": _stats_ms(result["settled"]),
        "enter_repainted": _stats_ms(enter["repainted"]),
        "enter_frame": _stats_ms(enter["frame"]),
        "enter_settled": _stats_ms(enter["settled"]),
        "keyed": {"frame": _stats_ms(keyed["frame"]), "settled": _stats_ms(keyed["settled"])},
    }


def _frames(figures: dict) -> str:
    """The FrameClock figures of one part, in words."""
    frame, settled = figures["frame"], figures["settled"]
    return (
        f"to the first frame showing it median {frame['median']:.1f} ms, p95 {frame['p95']:.1f} ms; to the last "
        f"frame median {settled['median']:.1f} ms, p95 {settled['p95']:.1f} ms (CPU)"
    )


# ---------------------------------------------------------------- (c) and (e) against a baseline

PAIRED_RUN = """
import asyncio, json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
import bench, scorepad
result = asyncio.run(getattr(bench, sys.argv[2])(Path(sys.argv[3]), int(sys.argv[4])))
print(json.dumps({"scorepad": scorepad.__file__, **{k: v for k, v in result.items() if isinstance(v, list)}}))
"""

#: what is compared: the function that measures ours, and the floor's (a bare Textual app's frame, the same kind
#: of update, timed alike), run by turns with them in a fresh process of its own
PAIRED = {
    "submit": ("_submit_latency", {"floor": "_floor_submit_latency"}),
    "enter": ("_enter_latency", {"floor": "_floor_enter_latency", "keyed": "_floor_keyed_enter_latency"}),
    "correct": ("_correct_latency", {}),
}
#: the figures compared: CPU to the first frame showing the change, and to the last frame (see FrameClock)
PAIRED_FIGURES = ("frame", "settled")


def _deals_in(path: Path) -> int:
    return (len(path.read_bytes().splitlines()) - 1) // 3


async def _floor_submit_latency(path: Path, samples: int) -> dict:
    """`_bare_latency` with as many rows as the log has deals (so it runs as `PAIRED_RUN` runs ours)."""
    return await _bare_latency(_deals_in(path), samples)


async def _floor_enter_latency(path: Path, samples: int) -> dict:
    return await _bare_enter_latency(_deals_in(path), samples)


async def _floor_keyed_enter_latency(path: Path, samples: int) -> dict:
    """The floor of Enter with scorepad's own table widget for both tables (what is left is the rest of our screen)."""
    from scorepad.tui.widgets.keyed_table import KeyedTable

    return await _bare_enter_latency(_deals_in(path), samples, KeyedTable)


def bench_paired(
    directory: Path,
    baseline: Path,
    deals: int,
    samples: int,
    rounds: int,
    parts: tuple[str, ...] = ("submit", "enter", "correct"),
) -> dict:
    """Each part measured in fresh processes, by turns: this tree's scorepad, the baseline's, then the bare app's
    floor of the part (A B F A B F …), `rounds` times, each on its own copy of the same log of `deals` deals.
    Medians and p95 over every sample, of each of PAIRED_FIGURES."""
    ours_tree = Path(__file__).resolve().parent.parent
    log = write_log(directory / "paired.jsonl", deals, target=10**9)
    figures: dict[str, dict[str, dict[str, list[float]]]] = {
        part: {side: {figure: [] for figure in PAIRED_FIGURES} for side in ("ours", "base", "floor", "keyed")}
        for part in parts
    }
    for turn in range(rounds):
        for part in parts:
            function, floors = PAIRED[part]
            runs = [("ours", ours_tree, function), ("base", baseline, function)]
            runs += [(side, ours_tree, floor) for side, floor in floors.items()]
            for side, tree, measure in runs:
                copy = directory / f"paired-{side}-{part}-{turn}.jsonl"
                copy.write_bytes(log.read_bytes())
                env = {
                    **os.environ,
                    "PYTHONPATH": str(tree),
                    "SCOREPAD_HOME": str(directory / f"home-{side}"),
                }
                done = subprocess.run(
                    [
                        sys.executable,
                        "-c",
                        PAIRED_RUN,
                        str(Path(__file__).parent),
                        measure,
                        str(copy),
                        str(samples),
                    ],
                    capture_output=True,
                    text=True,
                    env=env,
                    timeout=900,
                    cwd=directory,
                )  # not here: `-c` puts the cwd first on the path
                if done.returncode != 0:
                    raise RuntimeError(done.stderr[-3000:])
                result = json.loads(done.stdout.splitlines()[-1])
                assert Path(result["scorepad"]).resolve().is_relative_to(tree.resolve()), result["scorepad"]
                for figure in PAIRED_FIGURES:
                    figures[part][side][figure] += result[figure]
    return {
        part: {
            side: {figure: _stats_ms(times) for figure, times in by_figure.items() if times}
            for side, by_figure in sides.items()
        }
        for part, sides in figures.items()
    }


def _run_paired(function: str, log: Path, copy: Path, tree: Path, home: Path, samples: int) -> dict:
    """`function` of this file run in a fresh process with `tree`'s scorepad, on a copy of `log`."""
    copy.write_bytes(log.read_bytes())
    env = {**os.environ, "PYTHONPATH": str(tree), "SCOREPAD_HOME": str(home)}
    done = subprocess.run(
        [sys.executable, "-c", PAIRED_RUN, str(Path(__file__).parent), function, str(copy), str(samples)],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
        cwd=copy.parent,
    )  # not here: `-c` puts the cwd first on the path
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-3000:])
    result = json.loads(done.stdout.splitlines()[-1])
    assert Path(result["scorepad"]).resolve().is_relative_to(tree.resolve()), result["scorepad"]
    return result


def bench_game_enter(
    directory: Path, game: str, entries: int, samples: int, rounds: int, baseline: Path | None = None
) -> dict:
    """Enter in Jass's or Bridge's form with a tables.py log of `entries` entries: CPU to the first frame and to
    the last (`rounds` fresh processes of `samples` Enters each, by turns with the baseline's scorepad if given),
    and the Python calls to the first frame (one process each: the count does not move with the load)."""
    ours_tree = Path(__file__).resolve().parent.parent
    log = tables.write_game(directory / f"{game}-enter.jsonl", game, entries)
    sides = {"ours": ours_tree, **({"base": baseline} if baseline else {})}
    times: dict[str, dict[str, list[float]]] = {side: {"frame": [], "settled": []} for side in sides}
    calls: dict[str, float] = {}
    for turn in range(rounds):
        for side, tree in sides.items():
            result = _run_paired(
                f"_{game}_enter_latency",
                log,
                directory / f"{game}-{side}-{turn}.jsonl",
                tree,
                directory / f"home-{side}",
                samples,
            )
            for figure in ("frame", "settled"):
                times[side][figure] += result[figure]
    for side, tree in sides.items():
        result = _run_paired(
            f"_{game}_enter_calls",
            log,
            directory / f"{game}-{side}-calls.jsonl",
            tree,
            directory / f"home-{side}",
            4,
        )
        calls[side] = statistics.median(result["calls"])
    return {
        "game": game,
        "entries": _entries_in(log),
        "rounds": rounds,
        "calls": calls,
        **{
            side: {figure: _stats_ms(values) for figure, values in by_figure.items()}
            for side, by_figure in times.items()
        },
    }


def _entries_in(path: Path) -> int:
    return len(path.read_bytes().splitlines()) - 1


def print_game_enter(g: dict, ref: str | None) -> None:
    name = {"jass": "Jass", "auction_bridge": "Auction Bridge"}[g["game"]]
    ours, calls = g["ours"], g["calls"]
    line = (
        f"    Enter in {name}'s form, {g['entries']:,} entries logged, {g['rounds']} rounds, "
        f"{ours['frame']['n']} samples each: Python calls to the first frame {calls['ours']:,.0f}"
    )
    if "base" in calls:
        line += f" ({ref} {calls['base']:,.0f}: {calls['ours'] / calls['base']:.2f}×)"
    line += f"; this tree {_frames(ours)}"
    if "base" in g:
        base = g["base"]
        line += (
            f"; {ref} first frame median {base['frame']['median']:.1f} ms, p95 {base['frame']['p95']:.1f} ms "
            f"→ {ours['frame']['median'] / base['frame']['median']:.2f}×"
        )
    print(line + " (goal ≤ 16 ms median, ≤ 33 ms p95)")


def print_paired(paired_figures: dict, deals: int, ref: str, rounds: int) -> None:
    words = {
        "submit": "submit a deal (GameScreen.log_entries)",
        "enter": "Enter in the form",
        "correct": "correct the latest result",
    }
    goals = {
        "submit": "≤ 16 ms median, ≤ 33 ms p95",
        "enter": "≤ 16 ms median, ≤ 33 ms p95",
        "correct": "≤ 50 ms",
    }
    seen = {"frame": "→ the first frame showing it", "settled": "→ the last frame"}
    for part, sides in paired_figures.items():
        for figure in PAIRED_FIGURES:
            ours, base, floor, keyed = (
                sides[side].get(figure) for side in ("ours", "base", "floor", "keyed")
            )
            line = (
                f"    {words[part]} {seen[figure]} (CPU), {deals:,} deals, {rounds} rounds, {ours['n']} samples "
                f"each: this tree median {ours['median']:.1f} ms, p95 {ours['p95']:.1f} ms; {ref} median "
                f"{base['median']:.1f} ms, p95 {base['p95']:.1f} ms → {ours['median'] / base['median']:.2f}×"
            )
            if floor:
                line += (
                    f"; the floor (a bare Textual app, the same update) median {floor['median']:.1f} ms, p95 "
                    f"{floor['p95']:.1f} ms → ours {ours['median'] / floor['median']:.2f}× it"
                )
            if keyed:
                line += (
                    f"; the bare app with scorepad's tables (KeyedTable) median {keyed['median']:.1f} ms, p95 "
                    f"{keyed['p95']:.1f} ms → ours {ours['median'] / keyed['median']:.2f}× it"
                )
            print(line + (f" (goal {goals[part]})" if figure == "frame" else ""))


def peak_rss_kib() -> int:
    """This process's peak resident memory. On Linux from /proc (VmHWM): `ru_maxrss` survives fork and exec,
    so a child started by a big parent (this benchmark, after (a)) would report the parent's peak."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux


def _memory_run(directory: Path, deals: int, trace: bool) -> list[str]:
    path = write_log(directory / "memory.jsonl", deals, target=10**9)
    code = (
        "import asyncio, sys; sys.path.insert(0, sys.argv[2]);"
        "from pathlib import Path; import bench;"
        f"r = asyncio.run(bench._submit_latency(Path(sys.argv[1]), 5, trace={trace}));"
        "print(bench.peak_rss_kib(), r['peak_traced'])"
    )
    env = {**os.environ, "SCOREPAD_HOME": str(directory / "home")}
    done = subprocess.run(
        [sys.executable, "-c", code, str(path), str(Path(__file__).parent)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-2000:])
    return done.stdout.split()[-2:]


def peak_memory_mib(directory: Path, deals: int, traced: bool = True) -> tuple[float, float]:
    """Peak resident memory of a whole process that opens the app on the game and logs five deals (without
    tracemalloc, which would inflate it), and the peak of Python's own allocations (in a second run, traced;
    0 without `traced`)."""
    rss_kib, _ = _memory_run(directory, deals, trace=False)
    _, peak = _memory_run(directory, deals, trace=True) if traced else ("", "0")
    return int(rss_kib) / 1024, int(peak) / 2**20


#: where the app's memory goes, by the innermost scorepad file that allocated it (who owns the code)
MEMORY_PARTS = (
    ("the log's entries (store, log)", ("scorepad/store.py", "scorepad/log.py")),
    ("the rules' fold (rules)", ("scorepad/rules/",)),
    (
        "the sheet's and log's tables (KeyedTable, SheetTable, LogPane)",
        (
            "scorepad/tui/widgets/keyed_table.py",
            "scorepad/tui/widgets/sheet_table.py",
            "scorepad/tui/widgets/log_pane.py",
        ),
    ),
)


async def _kept_by_part(path: Path) -> dict[str, int]:
    """What the app keeps with the game open (traced, after a full collection), by the innermost scorepad frame
    of each allocation: `MEMORY_PARTS`, and the rest (Textual's own, and scorepad code outside those files)."""
    import gc
    import tracemalloc

    from scorepad.tui.app import ScorepadApp

    tracemalloc.start(40)
    app = ScorepadApp(open_path=path, remember_theme=False)
    async with app.run_test(headless=True, size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause(0.5)  # the lazy rows measured a chunk a turn after the first paint
        gc.collect()
        snapshot = tracemalloc.take_snapshot()
    tracemalloc.stop()
    kept = dict.fromkeys([name for name, _ in MEMORY_PARTS] + ["the rest"], 0)
    for trace in snapshot.traces:
        part = "the rest"
        for frame in reversed(trace.traceback):  # the most recent first
            name = frame.filename.replace(os.sep, "/")
            if "/scorepad/" in name and "site-packages" not in name:
                where = "scorepad/" + name.rsplit("/scorepad/", 1)[1]
                part = next((part for part, files in MEMORY_PARTS if where.startswith(files)), "the rest")
                break
        kept[part] += trace.size
    return kept


def memory_by_part(directory: Path, deals: int, more: int) -> dict[str, float]:
    """Bytes each part keeps per deal from `deals` to `more` deals open (traced, each in a fresh process)."""
    kept = []
    for count in (deals, more):
        path = write_log(directory / f"parts-{count}.jsonl", count, target=10**9)
        code = (
            "import asyncio, json, sys; sys.path.insert(0, sys.argv[2]); from pathlib import Path; import bench;"
            "print(json.dumps(asyncio.run(bench._kept_by_part(Path(sys.argv[1])))))"
        )
        env = {**os.environ, "SCOREPAD_HOME": str(directory / "home")}
        done = subprocess.run(
            [sys.executable, "-c", code, str(path), str(Path(__file__).parent)],
            capture_output=True,
            text=True,
            env=env,
            timeout=600,
        )
        if done.returncode != 0:
            raise RuntimeError(done.stderr[-2000:])
        kept.append(json.loads(done.stdout.splitlines()[-1]))
    return {part: (kept[1][part] - kept[0][part]) / (more - deals) for part in kept[0]}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="smaller logs")
    parser.add_argument("--smoke", action="store_true", help="tiny logs, one turn: that every part runs")
    parser.add_argument("--games", nargs="*", default=list(tables.GAMES), help="the games of (a) and (d)")
    parser.add_argument(
        "--parts",
        "--only",
        dest="parts",
        default="aebcd",
        metavar="PARTS",
        help="which figures, as letters: --parts ad, --only ce (default: all)",
    )
    parser.add_argument(
        "--baseline",
        metavar="REF",
        help="also measure (a) and the app's (b), (c) and (e) of "
        "REF's scorepad (a git ref: main, a commit), by turns "
        "with this tree's",
    )
    parser.add_argument("--rounds", type=int, default=4, help="turns of A B with --baseline (default 4)")
    parser.add_argument(
        "--start-game",
        default="five_hundred",
        choices=tables.GAMES,
        help="(b)'s game: five_hundred (deals of three entries, the goal's), jass or auction_bridge "
        "(a table-like log of three entries a Five Hundred deal)",
    )
    parser.add_argument(
        "--turns",
        type=int,
        default=None,
        help="turns of (b)'s bare app, this tree (and the baseline) (default 5; 2 with --quick)",
    )
    args = parser.parse_args()
    parts = set(args.parts.lower())
    entries, deals, runs, samples = (10_000, 200, 2, 10) if args.quick else (100_000, 1_000, 5, 50)
    game_entries, amends, corrected_deals = (3_000, 30_000), 10_000, 3_000
    if args.smoke:
        entries, deals, runs, samples = 600, 20, 1, 2
        game_entries, amends, corrected_deals = (300, 600), 100, 30
    print(
        f"scorepad benchmarks — Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the start"
    )
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        tree = baseline_tree(directory, args.baseline) if args.baseline else None
        for game in args.games if "a" in parts else ():
            print_replay(
                {**bench_replay_game(directory, game, entries, runs, tree), "baseline": args.baseline}
            )
        for game in args.games if "d" in parts else ():
            kept, logged = replay_memory(directory, game, entries // 5)
            print(
                f"(d) {game}: {kept / logged:,.0f} bytes kept per entry loaded and replayed "
                f"({logged:,} entries, {kept / 2**20:.1f} MiB traced) (goal ≤ 1.2 KiB = 1,229 bytes)"
            )
        if "e" in parts:
            e = bench_corrected_replay(directory, runs, amends, corrected_deals)
            print(
                f"(e) load + replay, one result amended {amends:,} times: {e['amends_of_one_s']:.3f} s (goal ≤ 2 s); "
                f"{corrected_deals:,} deals with {corrected_deals // 3:,} corrections: {e['spread_s']:.3f} s (goal ≤ 2 s)"
            )
            k = bench_correct(directory, deals, max(5, samples // 5))
            print(
                f"(e) correct the latest result in the app, {k['deals']:,} deals logged, {k['samples']} "
                f"corrections (goal ≤ 50 ms): {_frames(k)}; sheet updated median {k['updated_median_ms']:.1f} ms; "
                f"the pilot seeing it painted median {k['repainted_median_ms']:.1f} ms, p95 "
                f"{k['repainted_p95_ms']:.1f} ms"
            )
        for logged, goal in ((deals, 1.5), (deals * 10, 2.0)) if "b" in parts else ():
            print(f"    (load average {os.getloadavg()[0]:.2f})")
            print_start(
                bench_start(directory, logged, args.turns or runs, tree, args.start_game), goal, args.baseline
            )
        if "c" in parts:
            for logged in (deals, deals * 10):
                c = bench_submit(directory, logged, samples)
                print(
                    f"(c) submit a deal, {c['deals']:,} deals logged, {c['samples']} deals (goal ≤ 16 ms median, "
                    f"≤ 33 ms p95): {_frames(c)}; sheet updated median {c['updated_median_ms']:.1f} ms; the pilot "
                    f"seeing it painted median {c['repainted_median_ms']:.1f} ms, p95 {c['repainted_p95_ms']:.1f} ms"
                )
                n = bench_enter(directory, logged, max(5, samples // 2))
                print(
                    f"    Enter in the form, {n['deals']:,} deals logged, {n['samples']} deals: {_frames(n)}; the "
                    f"pilot seeing it painted median {n['median']:.1f} ms, p95 {n['p95']:.1f} ms"
                )
            f = bench_floor(deals, samples)
            enter_floor = {"frame": f["enter_frame"], "settled": f["enter_settled"]}
            print(
                f"    the floor — a bare Textual app (Header, DataTable of {f['rows']:,} rows, Footer) appending a "
                f"row, the cursor following, its subtitle changed: {_frames(f)}; the pilot seeing it painted "
                f"median {f['repainted']['median']:.1f} ms (seeing a screen with nothing changed: median "
                f"{f['idle']['median']:.1f} ms)"
            )
            print(
                f"    the floor of Enter — a bare Textual app (Header, a DataTable of {f['rows']:,} rows beside one of "
                f"{3 * f['rows']:,}, an Input, Footer) taking Enter: a row to one, three to the other, both cursors "
                f"following, the Input cleared, the subtitle changed: {_frames(enter_floor)}"
            )
            print(
                f"    the same bare app with scorepad's table widget (KeyedTable) for both tables: "
                f"{_frames(f['keyed'])}"
            )
            for logged in (deals, deals * 10):
                k = bench_enter_calls(directory, logged, 4)
                print(
                    f"    Python calls from Enter to the first frame, {k['deals']:,} deals logged (median of "
                    f"{k['samples']}): ours {k['ours']:,.0f}, the bare app with our tables {k['floor']:,.0f} "
                    f"({k['ours'] / k['floor']:.2f}×)"
                )
        if "c" in parts:
            for game in ("jass", "auction_bridge"):
                for logged in game_entries:
                    print(f"    (load average {os.getloadavg()[0]:.2f})")
                    print_game_enter(
                        bench_game_enter(
                            directory,
                            game,
                            logged,
                            max(5, samples // args.rounds // 2),
                            min(args.rounds, 2),
                            tree,
                        ),
                        args.baseline,
                    )
        if tree and parts & {"c", "e"}:
            chosen = tuple(
                part
                for part, letter in (("submit", "c"), ("enter", "c"), ("correct", "e"))
                if letter in parts
            )
            print(f"(c)/(e) paired against {args.baseline} (load average {os.getloadavg()[0]:.2f}):")
            figures = bench_paired(
                directory, tree, deals, max(5, samples // args.rounds), args.rounds, chosen
            )
            print_paired(figures, deals, args.baseline, args.rounds)
            if "c" in parts:
                big = bench_paired(
                    directory, tree, deals * 10, max(5, samples // args.rounds // 2), 2, ("submit", "enter")
                )
                print_paired(big, deals * 10, args.baseline, 2)
            print(f"    (load average {os.getloadavg()[0]:.2f} at the end)")
        if "d" in parts:
            rss, traced = peak_memory_mib(directory, deals)
            more, _ = peak_memory_mib(directory, deals * 5, traced=False)
            print(
                f"(d) peak memory with {deals:,} deals open in the app (five more logged): {rss:.1f} MiB resident "
                f"(whole process), {traced:.1f} MiB allocated by Python at peak (goal ≤ 100 MiB); with "
                f"{deals * 5:,} deals {more:.1f} MiB: {(more - rss) * 1024 / (deals * 4):.2f} KiB per further deal "
                f"(goal ≤ 4 KiB)"
            )
            parts_kept = memory_by_part(directory, deals, deals * 5)
            print(
                f"    what each further deal keeps (traced, from {deals:,} to {deals * 5:,} deals open; a deal is 3 "
                f"entries, a sheet row and 3 log rows): {sum(parts_kept.values()) / 1024:.2f} KiB — "
                + "; ".join(f"{part} {kept:,.0f} bytes" for part, kept in parts_kept.items())
            )


if __name__ == "__main__":
    main()
