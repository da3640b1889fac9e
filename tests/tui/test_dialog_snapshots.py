"""A snapshot of every dialog and secondary screen, over a small bridge game in a fixed SCOREPAD_HOME."""

from __future__ import annotations

import pytest

from .conftest import freeze_times, make_app, settle
from .test_game_frame import BRIDGE_DEAL, bridge_game

LATE = [*BRIDGE_DEAL, {"type": "deal", "dealer": "Bob"}, {"type": "contract", "player": "Bob", "call": "2S"}]


def _open(keys=(), action=None):
    async def run_before(pilot):
        await settle(pilot)
        if action is not None:
            action(pilot.app.screen)
        for key in keys:
            await pilot.press(key)
        await settle(pilot)

    return run_before


@pytest.mark.parametrize(
    ("name", "run_before"),
    [
        ("override", _open(action=lambda screen: screen.strike_out(3))),
        ("knock_on", _open(action=lambda screen: screen.strike_out(3), keys=["y"])),
        ("edit", _open(action=lambda screen: screen.edit_entry(2))),
        ("rename", _open(keys=["ctrl+r"])),
        ("laws", _open(keys=["f1"])),
        ("chart", _open(keys=["f3"])),
        ("export", _open(keys=["f4"])),
    ],
)
def test_game_dialog_snapshots(snap_compare, snapshot_home, name, run_before):
    path = bridge_game(items=LATE)
    freeze_times(snapshot_home)
    assert snap_compare(make_app(open_path=path), terminal_size=(120, 36), run_before=run_before)


def test_statistics_snapshot(snap_compare, snapshot_home):
    bridge_game(items=LATE)
    freeze_times(snapshot_home)
    assert snap_compare(make_app(), terminal_size=(120, 36), run_before=_open(keys=["s"]))
