"""The score sheet's table (scorepad's KeyedTable, on Textual's Line API) against Textual's DataTable, and the app's
frames with it against a baseline tree's.

    python benchmarks/bench_table.py                          # the two widgets alone, 1,000 and 10,000 rows
    python benchmarks/bench_table.py --quick
    python benchmarks/bench_table.py --paired /tmp/table-base # the app's Enter and correction, paired (see below)

The widgets alone: each table in a bare app appends one row by key and moves its cursor to it (as the sheet does
after a deal), and changes one cell by key (as a correction does); each timed to the repainted frame (the call's
wall time plus the app's CPU time until the pilot sees the screen painted). The two tables run by turns (A B A B),
one app each, its table filled and frozen out of the collector's way before it is timed (as scorepad's idle
collector leaves a game's); medians and p95.

--paired TREE (a directory holding a scorepad package, such as `git worktree add /tmp/table-base HEAD` made before
a change, or a git ref, unpacked with benchmarks/baseline.py): with a log of 1,000 Five Hundred deals, Enter in the
form to the first frame showing the new row, and a correction of the latest result to the first frame showing it
(benchmarks/bench.py's `_enter_latency` and `_correct_latency`), each in fresh processes by turns — this tree,
TREE, and the floor: a bare Textual app taking the same change, a row appended to a plain DataTable (bench.py's
`_bare_enter_latency`) — A B F A B F …; CPU time, medians and p95 over every sample. Goals: Enter's frame ≤ 1.2×
the floor's and p95 ≤ 33 ms; a correction's frame ≤ 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import DataTable

from scorepad.tui.widgets.keyed_table import KeyedTable

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench  # noqa: E402  (benchmarks/bench.py: the app's frames, timed)
from baseline import baseline_tree  # noqa: E402


def cells(number: int) -> list[str | Text]:
    return [
        str(number),
        Text(f"Bob 6♠ made, deal {number}"),
        Text(f"+{number % 90}  {number * 40}"),
        Text(f"+{number % 70}  {number * 30}"),
        Text(f"·  {number * 10}"),
    ]


class TableApp(App[None]):
    def __init__(self, table_class: type[Widget], rows: int):
        super().__init__()
        self.table_class, self.count = table_class, rows

    def compose(self) -> ComposeResult:
        if self.table_class is DataTable:
            yield DataTable(cursor_type="row", zebra_stripes=True)
        else:
            yield KeyedTable(zebra_stripes=True)

    def on_mount(self) -> None:
        table = self.query_one(self.table_class)
        assert isinstance(table, DataTable | KeyedTable)
        for key in ("n", "deal", "Ann", "Bob", "Cid"):
            table.add_column(Text(key), key=key)
        for number in range(1, self.count + 1):
            table.add_row(*cells(number), key=str(number))
        table.move_cursor(row=table.row_count - 1)


async def timed(pilot: Pilot[None], work: Callable[[], None]) -> float:
    start = time.perf_counter()
    work()
    done, cpu = time.perf_counter(), time.process_time()
    await pilot.pause()
    return done - start + time.process_time() - cpu


async def measure(table_class: type[Widget], rows: int, samples: int) -> dict[str, list[float]]:
    gc.collect()  # the apps before this one left their garbage: not this table's to collect while it is timed
    app = TableApp(table_class, rows)
    appended, updated = [], []
    async with app.run_test(headless=True, size=(120, 40)) as pilot:
        await pilot.pause()
        table = app.query_one(table_class)
        assert isinstance(table, DataTable | KeyedTable)
        gc.freeze()  # the filled table kept out of the collector's way, as the app's idle collector leaves it
        for sample in range(samples):
            number = rows + sample + 1

            def append(number: int = number) -> None:
                table.add_row(*cells(number), key=str(number))
                table.move_cursor(row=table.row_count - 1)

            def update(number: int = number) -> None:
                table.update_cell(str(number), "Bob", Text(f"-1  {number}"))

            appended.append(await timed(pilot, append))
            updated.append(await timed(pilot, update))
    gc.unfreeze()
    return {"append": appended, "update": updated}


def p95(values: list[float]) -> float:
    return bench._p95(values)


def widgets(quick: bool) -> None:
    sizes, samples, rounds = ((1_000,), 5, 2) if quick else ((1_000, 10_000), 10, 3)
    for rows in sizes:
        results: dict[str, dict[str, list[float]]] = {
            "DataTable": {"append": [], "update": []},
            "KeyedTable": {"append": [], "update": []},
        }
        for _ in range(rounds):  # A B A B
            for name, table_class in (("DataTable", DataTable), ("KeyedTable", KeyedTable)):
                measured = asyncio.run(measure(table_class, rows, samples))
                for key, values in measured.items():
                    results[name][key] += values
        for name, figures in results.items():
            line = ", ".join(
                f"{what} median {statistics.median(v) * 1000:.1f} ms, p95 {p95(v) * 1000:.1f} ms"
                for what, v in figures.items()
            )
            kind = "Textual's" if name == "DataTable" else "scorepad's, on Textual's Line API"
            print(f"{rows:,} rows, {name} ({kind}): {line}", flush=True)


#: the parts paired: what is timed in each tree, and the floor's function (run in this tree), from bench.py
PARTS = {"enter": ("_enter_latency", "_floor_enter_latency"), "correct": ("_correct_latency", None)}


def paired(baseline: str, deals: int, samples: int, rounds: int) -> None:
    ours = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        tree = Path(baseline) if Path(baseline).is_dir() else baseline_tree(directory, baseline)
        log = bench.write_log(directory / "paired.jsonl", deals, target=10**9)
        sides = ("ours", "base", "floor")
        figures = {part: {side: {"frame": [], "settled": []} for side in sides} for part in PARTS}
        print(
            f"paired against {tree} ({deals:,} deals, {rounds} rounds of {samples}; load average "
            f"{os.getloadavg()[0]:.2f})",
            flush=True,
        )
        for turn in range(rounds):
            for part, (function, floor) in PARTS.items():
                runs = [("ours", ours, function), ("base", tree, function)]
                if floor:
                    runs.append(("floor", ours, floor))
                for side, root, name in runs:
                    result = bench._run_paired(
                        name,
                        log,
                        directory / f"{side}-{part}-{turn}.jsonl",
                        root,
                        directory / f"home-{side}",
                        samples,
                    )
                    for figure in ("frame", "settled"):
                        figures[part][side][figure] += result[figure]
        for part, by_side in figures.items():
            for figure in ("frame", "settled"):
                words = []
                for side in sides:
                    values = [t * 1000 for t in by_side[side][figure]]
                    if values:
                        words.append(
                            f"{side} median {statistics.median(values):.1f} ms, p95 {p95(values):.1f} ms"
                        )
                ours_median = statistics.median(by_side["ours"][figure])
                ratios = f"; ours / base {ours_median / statistics.median(by_side['base'][figure]):.2f}×"
                if by_side["floor"][figure]:
                    ratios += (
                        f", ours / floor {ours_median / statistics.median(by_side['floor'][figure]):.2f}×"
                    )
                print(f"{part} → {figure} (CPU): " + "; ".join(words) + ratios, flush=True)
        print(f"(load average {os.getloadavg()[0]:.2f} at the end)")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--paired", metavar="TREE", help="the app's Enter and correction against TREE's scorepad"
    )
    parser.add_argument("--rounds", type=int, default=6, help="turns of A B F with --paired (default 6)")
    parser.add_argument("--samples", type=int, default=10, help="Enters (corrections) a process (default 10)")
    args = parser.parse_args()
    if args.paired:
        paired(args.paired, 1_000, args.samples, args.rounds)
    else:
        widgets(args.quick)


if __name__ == "__main__":
    main()
