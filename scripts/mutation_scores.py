"""The mutation scores of the rules, per game and per module, from mutmut's records (docs/mutation.md).

    mutmut run --max-children 2          # every mutant of scorepad/rules (about 11,300)
    python scripts/mutation_scores.py    # the table; --survivors lists the mutants no test killed

The raw score counts every mutant: killed (a test failed, or the mutant ran past its time) over all of them,
survivors and mutants no rules test reaches included. The shared modules (base, header, names, wording …) are
scored apart from the three games.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from pathlib import Path

from mutmut.stats import status_by_exit_code

GAMES = ("five_hundred", "jass", "auction_bridge")
DETECTED = ("killed", "timeout", "segfault")


def verdicts(root: Path) -> dict[str, str]:
    """mutant name -> its verdict as mutmut has it ("killed", "survived", "no tests", "not checked" …)."""
    found: dict[str, str] = {}
    for meta in sorted(root.glob("scorepad/rules/**/*.py.meta")):
        for name, code in json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"].items():
            found[name] = status_by_exit_code[code]
    return found


def game_of(module: str) -> str:
    # scorepad.rules.jass.cards -> jass; scorepad.rules.base, scorepad.rules (its __init__) -> shared
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[2] in GAMES else "shared"


def module_of(name: str) -> str:
    # scorepad.rules.jass.cards.x_weis_value__mutmut_3 -> scorepad.rules.jass.cards
    return name.rsplit(".", 1)[0]


def table(found: dict[str, str]) -> list[str]:
    by_module: dict[str, Counter[str]] = defaultdict(Counter)
    for name, verdict in found.items():
        by_module[module_of(name)][verdict] += 1
    by_game: dict[str, Counter[str]] = defaultdict(Counter)
    for module, counts in by_module.items():
        by_game[game_of(module)].update(counts)
    lines = [
        "| | mutants | killed | survived | no test reaches | not checked | raw score |",
        "|---|--:|--:|--:|--:|--:|--:|",
    ]
    for label, counts in [*sorted(by_game.items()), ("all", sum(by_game.values(), Counter()))]:
        lines.append(row(f"**{label}**", counts))
    lines.append("")
    lines.append(lines[0])
    lines.append(lines[1])
    for module, counts in sorted(by_module.items()):
        lines.append(row(module.removeprefix("scorepad.rules."), counts))
    return lines


def row(label: str, counts: Counter[str]) -> str:
    total = sum(counts.values())
    killed = sum(counts[v] for v in DETECTED)
    score = f"{100 * killed / total:.1f} %" if total else "–"
    return (
        f"| {label} | {total} | {killed} | {counts['survived']} | {counts['no tests']} | {counts['not checked']}"
        f" | {score} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--mutants", type=Path, default=Path("mutants"), help="mutmut's folder (default: mutants)"
    )
    parser.add_argument("--survivors", action="store_true", help="list the mutants no test killed instead")
    args = parser.parse_args()
    found = verdicts(args.mutants)
    if args.survivors:
        for name, verdict in sorted(found.items()):
            if verdict in ("survived", "no tests"):
                print(f"{name}: {verdict}")
        return
    print("\n".join(table(found)))


if __name__ == "__main__":
    main()
