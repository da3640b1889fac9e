"""The fused fold (`Rules.fold`, one call per entry) against the rules' two steps, `validate` then `apply`."""

from __future__ import annotations

import copy
from types import MethodType

from scorepad.rules import Replayer
from scorepad.rules.base import Rules


def assert_folds_as_validate_then_apply(replayer: Replayer) -> None:
    """Replayer's log pushed one by one, and read in one go, through the game's own `fold` and through the default
    one (its `validate`, then its `apply`): the same verdicts, rows, refusals, prompt and view."""
    stepwise = copy.copy(replayer.rules)
    stepwise.fold = MethodType(Rules.fold, stepwise)  # type: ignore[method-assign]
    assert type(replayer.rules).fold is not Rules.fold  # the game fuses its own
    fused, apart = Replayer(replayer.header), Replayer(replayer.header, stepwise)
    assert [fused.push(entry) for entry in replayer.log] == [apart.push(entry) for entry in replayer.log]
    at_once = Replayer(replayer.header, stepwise).extend(list(replayer.log))
    for other in (apart, at_once):
        mine, theirs = fused.sheet(), other.sheet()
        assert mine.summary() == theirs.summary()
        assert [(row.seq, row.text, dict(row.cells)) for row in mine.rows] == [
            (row.seq, row.text, dict(row.cells)) for row in theirs.rows]
        assert (mine.prompt, mine.view, mine.result) == (theirs.prompt, theirs.view, theirs.result)
