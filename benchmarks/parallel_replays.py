"""Every saved game read and replayed (as a first start does, nothing stored), in one process or in spawned ones:
what reading in parallel would give on this machine (benchmarks/bench_home.py runs it by turns).

    python benchmarks/parallel_replays.py GAMES_FOLDER WORKERS   # prints "replayed <wall seconds> <CPU seconds>"

CPU is of the whole run: this process and the spawned ones (their start and imports included).
(A file, not a `python -c` script: spawned processes import the function they run from it.)
"""

from __future__ import annotations

import multiprocessing
import resource
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime
from pathlib import Path

CHUNK = 16  # games sent to a process at a time


def replay_chunk(jobs: list[tuple[Path, datetime, bytes]]) -> list:
    from scorepad.history import digest_of

    return [digest_of(path, modified, data) for path, modified, data in jobs]


def main() -> None:
    start = time.perf_counter()
    from scorepad.files import read_game_bytes, saved_files

    workers = int(sys.argv[2])
    jobs = [(saved.path, saved.modified, read_game_bytes(saved.path)) for saved in saved_files(Path(sys.argv[1]))]
    if workers == 1:
        digests = replay_chunk(jobs)
    else:
        chunks = [jobs[i:i + CHUNK] for i in range(0, len(jobs), CHUNK)]
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
            digests = [digest for done in pool.map(replay_chunk, chunks) for digest in done]
    assert all(digest.readable for digest in digests), [d.error for d in digests if not d.readable][:3]
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime
    print("replayed", time.perf_counter() - start, cpu, flush=True)


if __name__ == "__main__":
    main()
