"""The rules at a real table's sizes, two trees paired: what each piece of speed machinery costs and buys.

    python benchmarks/bench_rules.py --a /tmp/rules-base            # that tree (A) against this one (B)
    python benchmarks/bench_rules.py --a /tmp/rules-base --only fold,correct --rounds 9
    python benchmarks/bench_rules.py --a /tmp/rules-base --gc        # also B with the collector left on

Each figure is CPU time (`time.process_time`) in a fresh process of one tree, the two trees by turns (A B A B …),
`--rounds` turns; printed as the medians of A and B and the median of the B/A ratios. Logs are
benchmarks/tables.py's table-like logs cut at a 60-deal evening and a 1,000-deal marathon (a deal: a Jass hand, a
Bridge deal), built once with this tree and read by both. What is timed (each the median of `--repeat` runs in
the process, after one untimed):

- load:    reading the file (scorepad.store.game_file.load: strict JSON, the entry models)
- fold:    the rules' fold of the whole log (`Replayer(header).extend(entries)`)
- json:    `scorepad replay --json`'s work after reading: fold, sheet, the JSON text (`to_json`)
- open:    what opening a game does before any widget: load, fold and sheet (scorepad.games.replay_log)
- correct: one correction of the latest result, logged on a replayer holding the whole log (`Replayer.push`)
- hostile: load + replay of one deal whose result is amended 10,000 times (the goal: ≤ 2 s)

With `--gc`, B runs a second time with the cyclic collector left on while reading and replaying (scorepad.gcpause
made a no-op), to price the pause.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import tables  # noqa: E402  (benchmarks/tables.py: logs like a real table's)

ROOT = Path(__file__).resolve().parent.parent
SIZES = {"evening": 60, "marathon": 1000}
#: entries enough for this many deals of each game (then cut at the deal)
ENTRIES_PER_DEAL = {"five_hundred": 4, "jass": 6, "auction_bridge": 9}
WORKS = ("load", "fold", "json", "open", "correct", "hostile")

#: what runs in the child process: one work, `repeat` times, CPU seconds printed as JSON
CHILD = r"""
import contextlib, gc, json, statistics, sys, time
from pathlib import Path
work, path, repeat, gc_on = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1"
try:  # (a tree from before scorepad.store and scorepad.text became packages reads as well)
    from scorepad.store.game_file import load
    from scorepad.text.export import to_json
    STORE = "scorepad.store.game_file"
except ImportError:
    from scorepad.store import load
    from scorepad.export import to_json
    STORE = "scorepad.store"
if gc_on:
    import scorepad.gcpause
    scorepad.gcpause.gc_paused = contextlib.nullcontext
    for name in (STORE, "scorepad.games"):
        module = __import__(name, fromlist=["x"])
        if hasattr(module, "gc_paused"):
            module.gc_paused = contextlib.nullcontext
from scorepad.games import replay_log
from scorepad.log import amend_model
from scorepad.rules import Replayer

log = load(path)
game = log.header.game
if work == "load":
    def run(): load(path)
elif work == "fold":
    def run(): Replayer(log.header).extend(log.entries)
elif work == "json":
    def run(): to_json(Replayer(log.header).extend(log.entries).sheet())
elif work == "open":
    def run(): replay_log(load(path))
elif work == "correct":
    last = Replayer(log.header).extend(log.entries).sheet().rows[-1].seq
    entry = next(e for e in log.entries if e.seq == last)
    amend = amend_model(game)(target=last, entry=entry.model_copy(update={"seq": None, "at": None}))
    replayers = [Replayer(log.header).extend(log.entries) for _ in range(repeat + 1)]
    done = []  # (kept: freeing a whole replayer is not the correction's time)
    def run():
        replayer = replayers.pop()
        assert replayer.push(amend) is None
        done.append(replayer)
elif work == "hostile":
    def run(): replay_log(load(path))
times = []
for number in range(repeat + 1):
    start = time.process_time()
    run()
    if number:
        times.append(time.process_time() - start)
print(json.dumps(statistics.median(times)))
"""


def cut_log(directory: Path, game: str, deals: int) -> Path:
    """A tables.py log of `game` cut right after its `deals`-th scored deal."""
    from scorepad.rules import Replayer
    from scorepad.store.game_file import load

    path = tables.write_game(directory / f"{game}-{deals}.jsonl", game, deals * ENTRIES_PER_DEAL[game] + 50)
    log = load(path)
    rows = Replayer(log.header).extend(log.entries).sheet().rows
    last = rows[deals - 1].seq
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(lines[: last + 1]), encoding="utf-8")
    return path


def hostile_log(directory: Path) -> Path:
    """One Five Hundred deal whose result is amended 10,000 times (benchmarks/bench.py's part (e))."""
    import bench

    return bench.write_corrected_log(directory / "hostile.jsonl", 1, 0, amends_of_one=10_000)


def cpu(tree: Path, work: str, path: Path, repeat: int, gc_on: bool = False) -> float:
    env = {**os.environ, "PYTHONPATH": str(tree), "PYDANTIC_DISABLE_PLUGINS": "__all__"}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, work, str(path), str(repeat), "1" if gc_on else "0"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tree,
        timeout=900,
    )
    if done.returncode != 0:
        raise RuntimeError(f"{tree} {work} {path.name}: {done.stderr[-1500:]}")
    return float(done.stdout.split()[-1])


def paired(a: Path, b: Path, work: str, path: Path, rounds: int, repeat: int, gc: bool) -> dict[str, float]:
    """A and B by turns (and B with the collector on, with `gc`): medians and the median B/A ratio."""
    times: dict[str, list[float]] = {"a": [], "b": [], "b_gc": []}
    for _ in range(rounds):
        times["a"].append(cpu(a, work, path, repeat))
        times["b"].append(cpu(b, work, path, repeat))
        if gc:
            times["b_gc"].append(cpu(b, work, path, repeat, gc_on=True))
    figures = {
        "a": statistics.median(times["a"]),
        "b": statistics.median(times["b"]),
        "ratio": statistics.median(y / x for x, y in zip(times["a"], times["b"], strict=True)),
    }
    if gc:
        figures["b_gc"] = statistics.median(times["b_gc"])
        figures["gc_ratio"] = statistics.median(y / x for x, y in zip(times["b"], times["b_gc"], strict=True))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--a", type=Path, required=True, help="tree A: a directory holding a scorepad package"
    )
    parser.add_argument("--b", type=Path, default=ROOT, help="tree B (default: this one)")
    parser.add_argument("--only", default=",".join(WORKS), help="the works, comma-separated")
    parser.add_argument("--games", nargs="*", default=list(tables.GAMES))
    parser.add_argument("--sizes", nargs="*", default=list(SIZES), choices=list(SIZES))
    parser.add_argument("--rounds", type=int, default=5, help="turns of A B (default 5)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of a work in one process (default 5)")
    parser.add_argument("--gc", action="store_true", help="also B with the collector on while reading")
    args = parser.parse_args()
    works = [w for w in args.only.split(",") if w]
    print(
        f"A = {args.a}, B = {args.b}; CPU ms, medians of {args.rounds} turns A B (each the median of "
        f"{args.repeat} runs); load average {os.getloadavg()[0]:.2f}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        for work in works:
            if work == "hostile":
                f = paired(args.a, args.b, work, hostile_log(directory), args.rounds, 1, args.gc)
                print(_line("hostile: 1 deal + 10,000 amends of its result", f))
                continue
            for game in args.games:
                for size in args.sizes:
                    path = directory / f"{game}-{SIZES[size]}.jsonl"
                    if not path.exists():
                        path = cut_log(directory, game, SIZES[size])
                    f = paired(args.a, args.b, work, path, args.rounds, args.repeat, args.gc)
                    print(_line(f"{work:8} {game:15} {size:8} ({SIZES[size]:>5} deals)", f))


def _line(what: str, f: dict[str, float]) -> str:
    text = f"{what}: A {f['a'] * 1000:8.2f}  B {f['b'] * 1000:8.2f}  B/A {f['ratio']:.2f}"
    if "b_gc" in f:
        text += f"  | B, collector on {f['b_gc'] * 1000:8.2f} ({f['gc_ratio']:.2f}× B)"
    return text


if __name__ == "__main__":
    main()
