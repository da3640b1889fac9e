"""Every saved game read and replayed (as a first start does, nothing stored), here alone or with the helper process
(scorepad.second_reader) replaying from the back meanwhile: what the second core gives on this machine now
(benchmarks/bench_home.py runs it by turns).

    python benchmarks/parallel_replays.py GAMES_FOLDER WORKERS   # prints "replayed <wall seconds> <CPU seconds>"

WORKERS 1: every game replayed in this process; 2: the helper started (as the reading starts it for 200 games or
more with a second core). CPU is of the whole run: this process and the helper (its start included).
"""

from __future__ import annotations

import resource
import sys
import time
from pathlib import Path


def main() -> None:
    start = time.perf_counter()
    from scorepad import second_reader
    from scorepad.history import DigestCache, read_saved_games

    workers = int(sys.argv[2])
    if workers == 1:
        second_reader.MIN_GAMES = 10**9
    else:
        second_reader.MIN_GAMES = 0
    notices: list[str] = []
    digests = list(read_saved_games(Path(sys.argv[1]), cache=DigestCache(stored=False), notice=notices.append))
    assert all(digest.readable for digest in digests), [d.error for d in digests if not d.readable][:3]
    assert not notices, notices
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime
    print("replayed", time.perf_counter() - start, cpu, flush=True)


if __name__ == "__main__":
    main()
