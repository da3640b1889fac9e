"""Textual's public DataTable API against scorepad's KeyedTable, on tables as long as the benchmark's games.

    python benchmarks/bench_table.py            # 1,000 and 10,000 rows
    python benchmarks/bench_table.py --quick

For each table: append one row by key (`add_row`) and move the cursor to it, as the sheet does after a deal, and
change one cell by key (`update_cell`), as a correction does; each timed to the repainted frame (the call's wall
time plus the app's CPU time until the pilot sees the screen painted). The two tables run by turns (A B A B) in
one app each; medians and p95 printed against the ≤ 30 ms repaint goal.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import DataTable

from scorepad.tui.widgets.keyed_table import KeyedTable


def cells(number: int) -> list[object]:
    return [str(number), Text(f"Bob 6♠ made, deal {number}"), Text(f"+{number % 90}  {number * 40}"),
            Text(f"+{number % 70}  {number * 30}"), Text(f"·  {number * 10}")]


class TableApp(App[None]):
    def __init__(self, table_class: type[DataTable], rows: int):
        super().__init__()
        self.table_class, self.count = table_class, rows

    def compose(self) -> ComposeResult:
        yield self.table_class(cursor_type="row", zebra_stripes=True)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for key in ("n", "deal", "Ann", "Bob", "Cid"):
            table.add_column(Text(key), key=key)
        for number in range(1, self.count + 1):
            table.add_row(*cells(number), key=str(number))
        table.move_cursor(row=table.row_count - 1)


async def timed(pilot, work) -> float:
    start = time.perf_counter()
    work()
    done, cpu = time.perf_counter(), time.process_time()
    await pilot.pause()
    return done - start + time.process_time() - cpu


async def measure(table_class: type[DataTable], rows: int, samples: int) -> dict[str, list[float]]:
    app = TableApp(table_class, rows)
    appended, updated = [], []
    async with app.run_test(headless=True, size=(120, 40)) as pilot:
        await pilot.pause()
        table = app.query_one(DataTable)
        for sample in range(samples):
            number = rows + sample + 1

            def append(number: int = number) -> None:
                table.add_row(*cells(number), key=str(number))
                table.move_cursor(row=table.row_count - 1)

            def update(number: int = number) -> None:
                table.update_cell(str(number), "Bob", Text(f"-1  {number}"))

            appended.append(await timed(pilot, append))
            updated.append(await timed(pilot, update))
    return {"append": appended, "update": updated}


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * 0.95) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    sizes, samples, rounds = ((1_000,), 5, 2) if args.quick else ((1_000, 10_000), 10, 3)
    for rows in sizes:
        results: dict[str, dict[str, list[float]]] = {"DataTable": {"append": [], "update": []},
                                                      "KeyedTable": {"append": [], "update": []}}
        for _ in range(rounds):  # A B A B
            for name, table_class in (("DataTable", DataTable), ("KeyedTable", KeyedTable)):
                measured = asyncio.run(measure(table_class, rows, samples))
                for key, values in measured.items():
                    results[name][key] += values
        for name, measured in results.items():
            line = ", ".join(f"{what} median {statistics.median(v) * 1000:.1f} ms, p95 {p95(v) * 1000:.1f} ms"
                             for what, v in measured.items())
            kind = "Textual's public API" if name == "DataTable" else "scorepad's, on private members"
            print(f"{rows:,} rows, {name} ({kind}): {line} (goal ≤ 30 ms)", flush=True)


if __name__ == "__main__":
    main()
