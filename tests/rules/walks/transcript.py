"""A seeded scorer plays an evening at random, and everything the rules say on the way is written down.

Each step the scorer tries many entries, sensible and not: what the rules answer to each (`check`, `preview`) is
one line of the transcript. It then logs one of them, now and then corrects an earlier entry (`preview_correction`,
`knock_on`, then the correction itself) or renames a player, and the transcript says what changed: the new rows
with their typed cells, the fields of the view that moved, the board, the prompt, the last deal and what undo
would take back. At the end the whole log is read again in one go, and as it stood before a few of its entries,
and must give the same sheet.

The transcripts are kept in tests/rules/walks/recorded/ (tests/rules/test_walks.py): a change to anything the
rules tell a screen, a board or a file shows as a difference there. The laws themselves are held by the worked
examples of the other tests; these walks hold the rest of what the rules say, word for word.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from enum import Enum
from typing import Any

from pydantic import BaseModel, ValidationError

from scorepad.log import Entry, Header, amend_model, parse_entry, void_model
from scorepad.rules.base import Replayer, Row, Sheet

AT = datetime(2026, 11, 29, 20, 15, tzinfo=UTC)


def show(value: Any, limit: int = 6) -> str:
    """A value in words the same on every run (dict order, sets sorted; no ids, no hashes)."""
    if limit <= 0:
        return "…"
    match value:
        case None | bool() | int() | float():
            return repr(value)
        case str():  # as JSON: what does not print (a control, a lone surrogate) escaped
            text = json.dumps(value, ensure_ascii=False)
            return text if text.isprintable() else json.dumps(value)
        case Enum():
            return show(value.value, limit)
        case BaseModel():
            return show(value.model_dump(mode="json", exclude_defaults=True, exclude={"at"}), limit)
        case Mapping():
            return "{" + ", ".join(f"{show(k, limit)}: {show(v, limit - 1)}" for k, v in value.items()) + "}"
        case frozenset() | set():
            return "{" + ", ".join(sorted(show(v, limit - 1) for v in value)) + "}"
        case tuple() if hasattr(value, "_fields"):  # a NamedTuple
            return _fields_shown(value, value._fields, limit)
        case tuple() | list():
            return "[" + ", ".join(show(v, limit - 1) for v in value) + "]"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _fields_shown(value, [f.name for f in dataclasses.fields(value)], limit)
    if hasattr(value, "__slots__") or hasattr(value, "__dict__"):
        names = [n for n in getattr(value, "__slots__", ()) if not n.startswith("_")]
        names += [n for n in vars(value) if not n.startswith("_")] if hasattr(value, "__dict__") else []
        return _fields_shown(value, names, limit)
    return type(value).__name__


def _fields_shown(value: Any, names: Any, limit: int) -> str:
    parts = [f"{name}={show(getattr(value, name), limit - 1)}" for name in names]
    parts += [f"{name}={show(derived, limit - 1)}" for name, derived in properties(value)]
    return f"{type(value).__name__}(" + ", ".join(parts) + ")"


def properties(value: Any) -> list[tuple[str, Any]]:
    """The public properties of a value's class, worked out (a screen reads them as it reads the fields)."""
    found: list[tuple[str, Any]] = []
    for klass in type(value).__mro__:
        for name, member in vars(klass).items():
            if isinstance(member, property) and not name.startswith("_") and name not in dict(found):
                try:
                    found.append((name, getattr(value, name)))
                except Exception as error:  # a property that refuses in this state says so
                    found.append((name, f"{type(error).__name__}: {error}"))
    return sorted(found)


def fields_of(value: Any) -> dict[str, str]:
    """A view's fields and properties, each shown: the transcript writes the ones that moved."""
    names = [f.name for f in dataclasses.fields(value)] if dataclasses.is_dataclass(value) else []
    shown = {name: show(getattr(value, name)) for name in names}
    shown.update((name, show(derived)) for name, derived in properties(value))
    return shown


Candidates = Callable[["Walk", Sheet], list[dict[str, Any]]]


class Walk:
    """One evening: a game, its table and ruleset, a seed, and the game's way of making up entries."""

    def __init__(
        self,
        header: Header,
        candidates: Candidates,
        probes: Callable[[Walk, Sheet], list[str]] | None = None,
        seed: int = 0,
    ) -> None:
        self.header = header
        self.game = header.game
        self.rng = random.Random(seed)
        self.candidates = candidates
        self.probes = probes
        self.replayer = Replayer(header)
        self.entries: list[Entry] = []
        self.lines: list[str] = []
        self._view: dict[str, str] = {}
        self._board: tuple[str, ...] = ()
        self._said: dict[str, str] = {}
        self._probed: set[str] = set()
        self.steps_left = 0

    # ------------------------------------------------------------------ making entries

    @property
    def players(self) -> tuple[str, ...]:
        return self.header.players

    @property
    def next_seq(self) -> int:
        return len(self.entries) + 1

    def entry(self, data: dict[str, Any]) -> Entry | None:
        """The entry as the log would read it, numbered next; None (and a line) if it does not read at all."""
        try:
            return parse_entry(self.game, {**data, "seq": self.next_seq, "at": AT.isoformat()})
        except ValidationError as error:
            self.say(f"  unreadable {show(data)}: {len(error.errors())} error(s)")
            return None

    def pick(self, options: Any) -> Any:
        options = list(options)
        return options[self.rng.randrange(len(options))]

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    # ------------------------------------------------------------------ the transcript

    def say(self, line: str) -> None:
        self.lines.append(line)

    def play(self, steps: int) -> list[str]:
        self.say(f"header {show(self.header.model_dump(mode='json', exclude={'created', 'id'}))}")
        self.record(self.replayer.sheet())
        self.steps_left = steps
        while self.steps_left > 0:
            self.steps_left -= 1
            sheet = self.replayer.sheet()
            if sheet.finished and not self.chance(0.75):  # over: mostly a few corrections and slips still
                break
            self.turn(sheet)
        self.finish()
        return self.lines

    def turn(self, sheet: Sheet) -> None:
        tried: list[tuple[dict[str, Any], Entry]] = []
        for data in self.candidates(self, sheet):
            entry = self.entry(data)
            if entry is None:
                continue
            reason = self.replayer.check(entry)
            self.say(f"  try {show(data)}: {show(reason) if reason else 'counts'}")
            if reason is None:
                tried.append((data, entry))
        if len(tried) > 1:  # two entries typed at once (a deal's contract and its result, say)
            pair = [tried[0][1], self.pick(tried)[1]]
            self.say(
                f"  both {show(self.replayer.check_many(pair))} one {show(self.replayer.check_many(pair[:1]))}"
            )
        if tried and self.chance(0.3):
            data, entry = self.pick(tried)
            preview = self.replayer.preview([entry])
            rows = [(row.text, row.delta) for row in preview.rows]
            self.say(f"  preview {show(data)}: {show(rows)} {show(preview.prompt)} {show(preview.result)}")
        if self.probes is not None:
            for line in self.probes(self, sheet):
                if line not in self._probed:  # said once: a cell of the same row again is the same line
                    self.say(f"  probe {line}")
                    self._probed.add(line)
        if tried:
            data, entry = self.choose(tried)
        else:
            data = {"type": "note", "text": "nothing counts"}  # the line says what the log holds
            entry = self.entry(data)
            assert entry is not None
        self.log(entry, data)
        if self.chance(0.18) and len(self.entries) > 2:
            self.correct()
        if self.chance(0.04):
            self.rename()

    def choose(self, tried: list[tuple[dict[str, Any], Entry]]) -> tuple[dict[str, Any], Entry]:
        """Mostly what the table would type (the first that counts), now and then another; an entry that would
        end the game early only now and then, so that the evening goes on."""
        first = tried[0] if self.chance(0.7) else self.pick(tried)
        if self.steps_left > 15 and self.chance(0.9):
            going_on = [(d, e) for d, e in tried if not self.replayer.preview([e]).finished]
            if going_on and first not in going_on:
                return going_on[0]
        return first

    def log(self, entry: Entry, data: dict[str, Any]) -> None:
        rows_before = len(self.replayer.state.rows)
        reason = self.replayer.push(entry)
        self.entries.append(entry)
        self.say(f"#{entry.seq} {show(data)}: {show(reason) if reason else 'logged'}")
        sheet = self.replayer.sheet()
        for row in sheet.rows[rows_before:]:
            self.say(f"  row {show_row(row)}")
            said = sheet.said(row)
            assert said == sheet.retold(row.text, row.naming), "a row said two ways"
            if said != row.text:  # the row in the names of now, after a rename
                self.say(f"  said {show(said)}")
        self.record(sheet)

    def record(self, sheet: Sheet) -> None:
        said = {
            "status": show(sheet.status),
            "prompt": show(sheet.prompt),
            "winner": show(sheet.winner),
            "result": show(sheet.result),
            "totals": show(sheet.totals),
            "questions": show(sheet.questions),
            "names": show(sheet.names),
            "side_names": show(sheet.side_names),
            "overrides": show(sheet.overrides),
            "overridden": show(sheet.overridden),
            "extra": show(sheet.extra),
            "rejected": show(sheet.rejected[-1:]),
            "deal_word": show(sheet.deal_word),
            "undo": show(self.replayer.undo_target()),
            "last_deal": show_last(self.replayer),
        }
        for name, value in said.items():
            if self._said.get(name) != value:
                self.say(f"  {name} {value}")
        self._said = said
        view = {"class": type(sheet.view).__name__, **fields_of(sheet.view)}
        for name, value in view.items():
            if self._view.get(name) != value:
                self.say(f"  view.{name} {value}")
        self._view = view
        board = self.replayer.state.board_lines()
        if board != self._board:
            self.say(f"  board {show(board)}")
        self._board = board

    # ------------------------------------------------------------------ corrections and renames

    def correct(self) -> None:
        target = self.pick(e for e in self.entries if e.type not in ("amend", "void"))
        assert target.seq is not None
        if self.chance(0.1):  # slips: a correction of a correction, of an entry not logged, of the wrong kind
            corrections = [e for e in self.entries if e.type in ("amend", "void")]
            slip = self.pick(corrections) if corrections and self.chance(0.5) else None
            seq = slip.seq if slip is not None and slip.seq is not None else self.next_seq + 3
            entry = self.pick(self.entries).model_dump(
                mode="json", exclude={"seq", "at"}, exclude_defaults=True
            )
            data_slip: dict[str, Any] = self.pick(
                [{"type": "void", "target": seq}, {"type": "amend", "target": target.seq, "entry": entry}]
            )
            correction_slip = self.entry(data_slip)
            if correction_slip is not None:
                self.say(
                    f"  correct? {show(data_slip)}: {show(self.replayer.check(correction_slip)) or 'counts'}"
                )
                self.say(f"  knock-on {show(self.replayer.knock_on(correction_slip)[:3])}")
        if self.chance(0.35):
            data: dict[str, Any] = {"type": "void", "target": target.seq}
        else:
            changed = self.changed(
                target.model_dump(mode="json", exclude={"seq", "at"}, exclude_defaults=True)
            )
            data = {"type": "amend", "target": target.seq, "entry": changed}
        if self.chance(0.25):
            data["override"] = True
        correction = self.entry(data)
        if correction is None:
            return
        model = amend_model(self.game) if data["type"] == "amend" else void_model(self.game)
        assert isinstance(correction, model)
        self.say(f"  correct? {show(data)}: {show(self.replayer.check(correction)) or 'counts'}")
        preview = self.replayer.preview_correction(correction)  # type: ignore[arg-type]
        rows = [(row.text, row.totals) for row in preview.rows]
        self.say(
            f"  preview {show(preview.refusal)} {preview.overridable} {show(preview.totals)} {show(rows)}"
        )
        self.say(
            f"    {show(preview.knock_on[:3])} {preview.finished} {show(preview.winner)} {show(preview.result)}"
        )
        self.say(f"  knock-on {show(self.replayer.knock_on(correction)[:3])}")
        self.say(f"  as of #{target.seq}: {show(self.replayer.as_of(target.seq).sheet().prompt)}")
        self.say(
            f"  label {show(self.replayer.entry_label(target.seq))} deal {self.replayer.deal_of(target.seq)}"
        )
        if self.chance(0.6):
            self.log(correction, data)

    def changed(self, data: dict[str, Any]) -> dict[str, Any]:
        """The entry with one of its values changed, as a scorer's slip would change it."""
        leaves = list(_leaves(data))
        if not leaves:
            return data
        path, value = self.pick(leaves)
        new = self.other_value(value)
        changed = json.loads(json.dumps(data))
        holder = changed
        for key in path[:-1]:
            holder = holder[key]
        holder[path[-1]] = new
        return changed

    def other_value(self, value: Any) -> Any:
        if isinstance(value, bool):
            return not value
        if isinstance(value, int):
            return max(0, value + self.pick([-20, -3, -1, 1, 2, 10]))
        if isinstance(value, str) and value in self.players:
            return self.pick(p for p in self.players if p != value)
        return value

    def rename(self) -> None:
        player = self.pick(self.players)
        new_name = self.pick([f"{player} Two", "Ann", "Zoë", player, "Bob & Cid", ""])
        data = {"type": "rename", "player": player, "new_name": new_name}
        entry = self.entry(data)
        if entry is not None:
            self.log(entry, data)

    # ------------------------------------------------------------------ the end

    def finish(self) -> None:
        sheet = self.replayer.sheet()
        self.say(f"summary {show(sheet.summary(rows=False))}")
        outcome = self.replayer.outcome()
        self.say(
            f"outcome {show(outcome.status)} {show(outcome.winner)} {len(outcome.rows)} {show(outcome.extra)}"
        )
        read_again = Replayer(self.header).extend(self.entries)
        assert show(read_again.sheet()) == show(sheet), "read again in one go, the log gives another sheet"
        one_by_one = Replayer(self.header)
        for entry in self.entries:
            one_by_one.push(entry)
        assert show(one_by_one.sheet()) == show(sheet), "pushed one by one, the log gives another sheet"
        for seq in sorted(
            {self.pick(range(1, len(self.entries) + 1)) for _ in range(3)} if self.entries else ()
        ):
            earlier = self.replayer.as_of(seq).sheet()
            self.say(f"as of #{seq}: {show(earlier.totals)} {show(earlier.prompt)}")
            self.say(f"  current #{seq}: {show(self.replayer.current_version(seq))}")


def show_last(replayer: Replayer) -> str:
    last = replayer.last_deal()
    if last is None:
        return "None"
    return f"{last.number} {last.seqs} {show(last.words)} scored={last.scored} voids={show(last.voids())}"


def show_row(row: Row) -> str:
    return show(dataclasses.replace(row, naming=None))


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    found: list[tuple[tuple[Any, ...], Any]] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key != "type":
                found += _leaves(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += _leaves(value, (*path, i))
    elif path:
        found.append((path, data))
    return found
