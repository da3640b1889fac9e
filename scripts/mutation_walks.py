"""Try mutmut's unchecked mutants of the rules against the walks first: a quick first pass (docs/mutation.md).

    mutmut run "scorepad.rules.registry*"         # generate every mutant and collect mutmut's test stats
    python scripts/mutation_walks.py --jobs 2     # the walks and words of tests/rules/test_walks.py, per mutant
    mutmut run --max-children 2                   # the mutants they left: every rules test that reaches them

mutmut runs, for each mutant, every test that reaches the mutated function, the quickest first: hundreds of small
tests before the walks, which kill most mutants but take longest. This pass runs the walks alone, each mutant in a
child forked from a process that has imported the tests and read the transcripts (as mutmut forks its own), and
writes "killed" (or "timeout") into mutmut's records for each mutant a walk catches. It leaves the others unchecked,
for mutmut to run against every rules test. Every verdict is one of the suite's own tests failing.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

KILLED, TIMEOUT = 1, 36  # mutmut's exit codes for a mutant a test caught, and one that ran past its time
SURVIVED = (0, 33)  # … for one no test caught, and one no test reached
GAMES = ("five_hundred", "jass", "auction_bridge")


def unchecked(root: Path, again: bool) -> dict[Path, list[str]]:
    """meta file -> its mutants not checked yet (`again`: instead those that survived an earlier run, or that no
    test reached then, to try walks added since)."""
    found: dict[Path, list[str]] = {}
    for meta in sorted(root.glob("scorepad/rules/**/*.py.meta")):
        codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
        names = [name for name, code in codes.items() if (code in SURVIVED if again else code is None)]
        if names:
            found[meta] = names
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds a mutant may take (default 30)")
    parser.add_argument("--minutes", type=float, default=None, help="start no mutant after this long")
    parser.add_argument(
        "--again", action="store_true", help="the survivors of an earlier run instead (new walks)"
    )
    args = parser.parse_args()
    root = Path("mutants").resolve()
    os.chdir(root)  # the mutated package and mutmut's copy of the tests, as mutmut runs them
    sys.path.insert(0, str(root))
    os.environ["MUTANT_UNDER_TEST"] = ""

    from scorepad.locale import set_language, use_catalogue
    from tests.rules import test_walks

    def said(walk: str) -> tuple[list[str], bool]:
        catalogued = test_walks.Catalogued()
        use_catalogue(catalogued, "en")
        try:
            lines = test_walks.all_words() if walk == "words" else test_walks.transcript(walk)
        finally:
            set_language("en")
        return lines, bool(catalogued.unknown)

    walks_of = {
        game: ["words", *(w for w, spec in test_walks.WALKS.items() if spec[0] == game)] for game in GAMES
    }
    every = ["words", *test_walks.WALKS]
    recorded = {
        walk: (test_walks.RECORDED / f"{walk}.txt").read_text(encoding="utf-8").splitlines() for walk in every
    }
    for walk in every:  # the rules as they are say what was recorded, or no verdict would mean anything
        if said(walk) != (recorded[walk], False):
            sys.exit(
                f"{walk}: the unmutated rules do not say what was recorded; record the walks again first"
            )

    def caught(name: str) -> bool:
        game = name.split(".")[2]
        for walk in walks_of.get(game, every):
            lines, unknown = said(walk)
            if unknown or lines != recorded[walk]:
                return True
        return False

    todo = [(meta, name) for meta, names in unchecked(Path("."), args.again).items() for name in names]
    print(f"{len(todo)} unchecked mutants", flush=True)
    verdicts: dict[str, int] = {}
    running: dict[int, tuple[str, float]] = {}
    started = time.monotonic()
    queue = list(todo)
    while queue or running:
        if args.minutes is not None and time.monotonic() - started > 60 * args.minutes:
            queue.clear()  # the rest stay as they were, for another run
        while queue and len(running) < args.jobs:
            _meta, name = queue.pop()
            pid = os.fork()
            if pid == 0:  # the child: one mutant, then gone without running the parent's exit handlers
                os.environ["MUTANT_UNDER_TEST"] = name
                try:
                    code = KILLED if caught(name) else 0
                except BaseException:
                    code = KILLED  # an exception a test would meet: caught
                os._exit(code)
            running[pid] = (name, time.monotonic())
        pid, status = os.waitpid(-1, os.WNOHANG)
        if pid == 0:
            for child, (name, since) in list(running.items()):
                if time.monotonic() - since > args.timeout:
                    os.kill(child, 9)
                    os.waitpid(child, 0)
                    verdicts[name] = TIMEOUT
                    del running[child]
            time.sleep(0.005)
            continue
        name, _since = running.pop(pid)
        if os.waitstatus_to_exitcode(status) == KILLED:
            verdicts[name] = KILLED
        tried = len(todo) - len(queue) - len(running)
        if tried % 500 == 0:
            print(f"{tried} tried, {len(verdicts)} caught, {time.monotonic() - started:.0f} s", flush=True)
    for meta in {meta for meta, _name in todo}:
        data = json.loads(meta.read_text(encoding="utf-8"))
        for name in data["exit_code_by_key"]:
            if name in verdicts:
                data["exit_code_by_key"][name] = verdicts[name]
        meta.write_text(json.dumps(data, indent=4), encoding="utf-8")
    print(
        f"{len(todo)} to try, {len(verdicts)} caught by the walks, {len(todo) - len(verdicts)} left as they were, "
        f"{time.monotonic() - started:.0f} s",
        flush=True,
    )


if __name__ == "__main__":
    main()
