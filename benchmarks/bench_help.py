"""How long F1 (the laws in brief) and F2 (the game's table) take to appear, paired, per game. Prints medians.

    python benchmarks/bench_help.py            # 7 rounds a game
    python benchmarks/bench_help.py --rounds 3

Each round presses F1, waits until the page is on screen and the app is idle (drawn), closes it, then does the
same with F2, so both are timed under the same load. Asserts nothing (timed tests would be flaky).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

PLAYERS = {
    "five_hundred": ["Ann", "Bob", "Cid"],
    "jass": ["Ann", "Bob", "Cid", "Dan"],
    "auction_bridge": ["Ann", "Bob", "Cid", "Dan"],
}


def demo_game(game: str) -> Path:
    from scorepad.demo import BRIDGE, FIVE_HUNDRED, JASS
    from scorepad.log import parse_entry
    from scorepad.store.game_file import GameFile, create, new_header

    items = {"five_hundred": FIVE_HUNDRED, "jass": JASS, "auction_bridge": BRIDGE}[game]
    path = create(new_header(game, PLAYERS[game], title="bench"))
    with GameFile.open(path) as file:
        for item in items:
            file.append(parse_entry(game, item))
    return path


async def time_pages(game: str, rounds: int) -> tuple[list[float], list[float]]:
    from scorepad.tui.app import ScorepadApp
    from scorepad.tui.screens.modals import TextScreen

    app = ScorepadApp(open_path=demo_game(game), remember_theme=False)
    f1: list[float] = []
    f2: list[float] = []
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        for _ in range(rounds):
            for key, times in (("f1", f1), ("f2", f2)):
                start = time.perf_counter()
                await pilot.press(key)
                while not isinstance(app.screen, TextScreen):
                    await asyncio.sleep(0)
                await pilot.pause()  # mounted, laid out and drawn
                times.append(time.perf_counter() - start)
                await pilot.press("escape")
                await pilot.pause()
    return f1, f2


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        os.environ["SCOREPAD_HOME"] = home
        print(f"F1 (laws) and F2 (table) to the page drawn, median of {args.rounds} paired rounds, 120×36:")
        for game in PLAYERS:
            f1, f2 = asyncio.run(time_pages(game, args.rounds))
            print(
                f"  {game:<15} F1 {statistics.median(f1) * 1000:7.1f} ms   F2 {statistics.median(f2) * 1000:7.1f} ms"
                f"   (F1 range {min(f1) * 1000:.0f}–{max(f1) * 1000:.0f}, F2 {min(f2) * 1000:.0f}–"
                f"{max(f2) * 1000:.0f})"
            )


if __name__ == "__main__":
    main()
