"""Draw a uniform random sample of mutmut's mutants of scorepad/rules, reproducibly (CONTRIBUTING.md).

    mutmut run "zzz*"                                   # once: generate every mutant (runs none; stop it after
                                                        # "Running stats" if you like, the next run collects them)
    python scripts/mutation_sample.py 100 --seed 500 > sample.txt
    mutmut run --max-children 1 $(sed -n 1,50p sample.txt)     # then 51,100p …

The names come from mutmut's own records in mutants/, sorted, then shuffled with the seed: the draw depends only on
the seed and the code. The sample is the first SIZE of that shuffle, so any first part of it (the chunks a run had
time for) is itself a uniform random sample (mutmut runs the mutants of one call fastest first, so stopping a call
half-way would not be).
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from pathlib import Path


def mutant_names(root: Path) -> list[str]:
    names: list[str] = []
    for meta in root.glob("scorepad/rules/**/*.py.meta"):
        names.extend(json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"])
    return sorted(names)


def module_of(name: str) -> str:
    # scorepad.rules.jass.cards.x_weis_value__mutmut_3 -> scorepad.rules.jass.cards
    return name.rsplit(".", 1)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("size", type=int)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument(
        "--mutants", type=Path, default=Path("mutants"), help="mutmut's folder (default: mutants)"
    )
    parser.add_argument("--counts", action="store_true", help="print mutants and sample per module instead")
    args = parser.parse_args()
    names = mutant_names(args.mutants)
    sample = random.Random(args.seed).sample(names, args.size)
    if args.counts:
        every, drawn = Counter(map(module_of, names)), Counter(map(module_of, sample))
        for module in sorted(every):
            print(f"{module:45} {every[module]:5} {drawn[module]:4}")
        print(f"{'total':45} {len(names):5} {len(sample):4}")
        return
    print("\n".join(sample))


if __name__ == "__main__":
    main()
