"""A log read in one go (`Replayer.extend`) against the same log pushed entry by entry (`Replayer.push`)."""

from __future__ import annotations

from scorepad.rules import Replayer


def assert_read_in_one_go_as_pushed(replayer: Replayer) -> None:
    """Replayer's log pushed one by one and read in one go: the same rows, refusals, prompt and view."""
    pushed = Replayer(replayer.header)
    for entry in replayer.log:
        pushed.push(entry)
    at_once = Replayer(replayer.header).extend(list(replayer.log))
    mine = pushed.sheet()
    for other in (replayer, at_once):
        theirs = other.sheet()
        assert mine.summary() == theirs.summary()
        assert [(row.seq, row.text, row.cells) for row in mine.rows] == [
            (row.seq, row.text, row.cells) for row in theirs.rows
        ]
        assert (mine.prompt, mine.view, mine.result) == (theirs.prompt, theirs.view, theirs.result)
