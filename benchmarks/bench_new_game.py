"""How soon the new-game screen is there: `n` on the saved games → its first frame, and a pick of another game
→ the frame showing that game's settings. Paired by turns (A B A B) against a baseline commit; prints medians and
p95 of CPU and wall time with the goal beside, and the load average.

    env -u PYTHONDONTWRITEBYTECODE python benchmarks/bench_new_game.py --baseline 5c58d58 --turns 4

Each turn runs one fresh process per tree (the baseline's tree is `git archive`d into a temporary folder), so both
pay the same imports. In a process: `n` is pressed `--presses` times (the first press, which imports the screen,
is printed on its own), then the game is picked by keys (Enter on the highlighted line) round the three games.
Where the settings fold away (after 5c58d58), picks are timed folded, the settings opened (Enter on their line →
the fields shown) and picks timed again with them open. "First frame" is the first compositor update of the screen
that satisfies the condition (the players' field focused; the picked game's settings in place); no waiting for
idle, so work left for after the first frame is not counted. Floors: a bare Textual screen (Header, Static,
Footer) and the same screen with this form's plain fields (2 Selects, 3 Inputs, 2 Buttons), pushed the same way.
Asserts nothing (timed tests would be flaky).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GOAL_CPU = 0.15  # s: `n` → the screen painted and typeable; a pick as quick
GAMES = ["jass", "auction_bridge", "five_hundred"]


class FrameWatch:
    """Times from a key to the first frame drawn for which `ready()` holds."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.ready: Callable[[], bool] | None = None
        self.seen = asyncio.Event()
        self.at = (0.0, 0.0)
        display = app._display  # the compositor's update handed to the terminal (headless: dropped after)

        def watched(screen: Any, renderable: Any) -> None:
            display(screen, renderable)
            if renderable is not None and self.ready is not None and self.ready():
                self.at = (time.process_time(), time.perf_counter())
                self.ready = None
                self.seen.set()

        app._display = watched

    async def time(self, pilot: Any, key: str, ready: Callable[[], bool]) -> tuple[float, float]:
        self.seen.clear()
        self.ready = ready
        cpu, wall = time.process_time(), time.perf_counter()
        await pilot.press(key)
        await asyncio.wait_for(self.seen.wait(), 30)
        return self.at[0] - cpu, self.at[1] - wall


def _settings_in_place(screen: Any, game: str) -> bool:
    from scorepad.tui.widgets.settings_form import SettingsForm

    if getattr(screen, "settings_for", (None,))[0] != game or getattr(screen, "rebuilding", 0):
        return False
    forms = [
        form for form in screen.query(SettingsForm) if form.display
    ]  # a form kept for another game is hidden
    return all(form.game == game and form.children for form in forms)


async def _pick(app: Any, pilot: Any, watch: FrameWatch, game: str) -> tuple[float, float]:
    from textual.widgets import Select

    select = app.screen.query_one("#game", Select)
    select.focus()
    await pilot.press("enter")  # the list opened, its line for `game` highlighted: not timed
    await pilot.pause()
    overlay = select.query_one("SelectOverlay")
    overlay.highlighted = [value for _, value in select._options].index(game)  # no blank line
    await pilot.pause()
    return await watch.time(pilot, "enter", lambda: _settings_in_place(app.screen, game))


async def child(presses: int, picks: int) -> dict[str, list[float]]:
    from textual.widgets import Collapsible

    from scorepad.tui.app import ScorepadApp

    out: dict[str, list[float]] = {}

    def note(name: str, sample: tuple[float, float]) -> None:
        out.setdefault(f"{name} cpu", []).append(sample[0])
        out.setdefault(f"{name} wall", []).append(sample[1])

    app = ScorepadApp(remember_theme=False)
    async with app.run_test(size=(80, 24)) as pilot:
        watch = FrameWatch(app)
        await pilot.pause()

        def typeable() -> bool:
            return type(app.screen).__name__ == "NewGameScreen" and app.focused is app.screen.query_one(
                "#players"
            )

        for press in range(presses):
            note("n first" if press == 0 else "n again", await watch.time(pilot, "n", typeable))
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        folded = isinstance(screen.query_one("#settings-box"), Collapsible)
        for turn in range(picks):
            note("pick folded" if folded else "pick", await _pick(app, pilot, watch, GAMES[turn % 3]))
            await pilot.pause()
        if folded:
            from scorepad.tui.widgets.settings_form import SettingsForm

            for turn in range(picks):
                box = screen.query_one("#settings-box")
                if not box.collapsed:  # type: ignore[attr-defined]
                    box.collapsed = True  # type: ignore[attr-defined]
                    await pilot.pause()
                game = GAMES[(turn + 2) % 3]
                await _pick(app, pilot, watch, game)
                await pilot.pause()
                box.query_one("CollapsibleTitle").focus()
                await pilot.pause()

                def opened(game: str = game) -> bool:
                    return bool(screen.query(SettingsForm)) and _settings_in_place(screen, game)

                note("open settings", await watch.time(pilot, "enter", opened))
                await pilot.pause()
                note("pick open", await _pick(app, pilot, watch, GAMES[turn % 3]))
                await pilot.pause()
    return out


async def floor_child(presses: int) -> dict[str, list[float]]:
    from textual.app import App, ComposeResult
    from textual.containers import Horizontal, VerticalScroll
    from textual.screen import Screen
    from textual.widgets import Button, Footer, Header, Input, Label, Select, Static

    class Form(Screen[None]):
        BINDINGS = [("escape", "app.pop_screen", "Back"), ("ctrl+s", "app.bell", "Start")]

        def __init__(self, fields: bool) -> None:
            super().__init__()
            self.fields = fields

        def compose(self) -> ComposeResult:
            yield Header()
            with VerticalScroll():
                yield Static("A new game.")
                if self.fields:
                    for row in range(5):
                        with Horizontal():
                            yield Label("Field")
                            yield (
                                Select([("a", 1), ("b", 2)], value=1, allow_blank=False)
                                if row in (0, 4)
                                else Input(id=f"f{row}")
                            )
                    yield Button("Start")
                    yield Button("Back")
            yield Footer()

        def on_mount(self) -> None:
            if self.fields:
                self.query_one("#f2").focus()

    class Bare(App[None]):
        BINDINGS = [("n", "new(False)", "New"), ("f", "new(True)", "Form")]

        def compose(self) -> ComposeResult:
            yield Header()
            yield Static("home")
            yield Footer()

        def action_new(self, fields: bool) -> None:
            self.push_screen(Form(fields))

    out: dict[str, list[float]] = {}
    app = Bare()
    async with app.run_test(size=(80, 24)) as pilot:
        watch = FrameWatch(app)
        await pilot.pause()
        for key, name in (("n", "floor: bare screen"), ("f", "floor: plain fields")):
            for _ in range(presses):
                sample = await watch.time(pilot, key, lambda: isinstance(app.screen, Form))
                out.setdefault(f"{name} cpu", []).append(sample[0])
                await pilot.pause()
                await pilot.press("escape")
                await pilot.pause()
    return out


def run_child(tree: Path, args: argparse.Namespace, kind: str) -> dict[str, list[float]]:
    with tempfile.TemporaryDirectory(prefix="bench-new-game-") as home:
        env = {**os.environ, "SCOREPAD_HOME": home, "PYTHONPATH": str(tree)}
        done = subprocess.run(
            [
                sys.executable,
                str(Path(__file__).resolve()),
                f"--{kind}",
                "--presses",
                str(args.presses),
                "--picks",
                str(args.picks),
            ],
            env=env,
            cwd=tree,
            capture_output=True,
            text=True,
            check=False,
        )
    if done.returncode:
        raise SystemExit(f"the {kind} run in {tree} failed:\n{done.stderr[-2000:]}")
    result: dict[str, list[float]] = json.loads(done.stdout.splitlines()[-1])
    return result


def baseline_tree(rev: str) -> Path:
    tree = Path(tempfile.gettempdir()) / f"bench-new-game-{rev}"
    if not (tree / "scorepad").is_dir():
        tree.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
    return tree


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="5c58d58", help="the commit to pair against")
    parser.add_argument("--turns", type=int, default=4, help="A B pairs")
    parser.add_argument("--presses", type=int, default=6, help="`n` presses per process")
    parser.add_argument("--picks", type=int, default=6, help="picks of a game per process (and per state)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--floor", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child or args.floor:
        result = asyncio.run(child(args.presses, args.picks) if args.child else floor_child(args.presses))
        print(json.dumps(result))
        return
    trees = {args.baseline: baseline_tree(args.baseline), "this tree": ROOT}
    samples: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
    floor: dict[str, list[float]] = {}
    loads = []
    for _ in range(args.turns):
        for name, tree in trees.items():
            loads.append(os.getloadavg()[0])
            for key, values in run_child(tree, args, "child").items():
                samples[name].setdefault(key, []).extend(values)
        for key, values in run_child(ROOT, args, "floor").items():
            floor.setdefault(key, []).extend(values)
    print(
        f"new-game screen, 80×24, {args.turns} turns A B, load average {min(loads):.1f}–{max(loads):.1f} "
        f"(2 cores); goal: ≤ {GOAL_CPU * 1000:.0f} ms CPU to the frame"
    )
    print(f"{'':32}{'median':>9}{'p95':>9}   (ms)")
    keys = sorted(
        {key for values in samples.values() for key in values},
        key=lambda k: (
            ["n first", "n again", "pick", "pick folded", "open settings", "pick open"].index(
                k.rsplit(" ", 1)[0]
            ),
            k.endswith("wall"),
        ),
    )
    for key in keys:
        for name in trees:
            found = samples[name].get(key)
            if found:
                values = found
                goal = (
                    f"  goal ≤ {GOAL_CPU * 1000:.0f}" if key.endswith("cpu") and name == "this tree" else ""
                )
                print(
                    f"{key + ' ' + name:32.32}{1000 * statistics.median(values):9.0f}{1000 * p95(values):9.0f}"
                    f"{goal}"
                )
    for key, values in floor.items():
        print(f"{key:32.32}{1000 * statistics.median(values):9.0f}{1000 * p95(values):9.0f}")


if __name__ == "__main__":
    main()
