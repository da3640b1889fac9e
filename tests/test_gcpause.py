"""The collector's one owner: a hold (an entry on its way to the screen) and a pause (a log being read, in another
thread too) counted together, so neither turns the collector on while the other still needs it off."""

from __future__ import annotations

import gc
import threading

import pytest

from scorepad.gcpause import Hold, gc_paused


@pytest.fixture
def collector_on():
    if not gc.isenabled():
        pytest.skip("the collector is off in this run")
    yield
    assert gc.isenabled()


def test_a_hold_is_one_however_often_it_is_taken(collector_on):
    hold = Hold()
    hold.hold()
    hold.hold()
    assert hold.held and not gc.isenabled()
    ran: list[str] = []
    assert hold.release(lambda: ran.append("collected"))
    assert ran == ["collected"] and gc.isenabled() and not hold.held
    assert not hold.release(lambda: ran.append("again"))  # nothing held: nothing done
    assert ran == ["collected"]


def test_a_log_read_in_a_thread_ending_mid_entry_leaves_the_collector_off(collector_on):
    # the saved games read in a worker began before the entry and ends while it is on its way to the screen:
    # the collector stays off until the entry lets go (before, the worker turned it back on mid-submission)
    hold = Hold()
    started, entry_held, ended = threading.Event(), threading.Event(), threading.Event()

    def reading() -> None:
        with gc_paused():
            started.set()
            entry_held.wait(5)
        ended.set()

    thread = threading.Thread(target=reading)
    thread.start()
    assert started.wait(5)
    hold.hold()
    entry_held.set()
    thread.join(5)
    assert ended.is_set()
    assert not gc.isenabled()  # the entry still holds it
    collected: list[bool] = []
    assert hold.release(lambda: collected.append(gc.isenabled()))
    assert collected == [False] and gc.isenabled()  # collected once nothing held it, then on again


def test_an_entry_at_idle_while_a_log_is_read_does_not_collect_under_it(collector_on):
    hold = Hold()
    hold.hold()
    ran: list[str] = []
    with gc_paused():  # a log being read when the screen goes idle
        assert not hold.release(lambda: ran.append("collected"))
        assert ran == [] and not gc.isenabled()
    assert gc.isenabled()  # the read ends: the collector on again as it was


def test_what_a_pause_built_goes_to_the_oldest_generation(collector_on):
    with gc_paused():
        assert not gc.isenabled()
        built = [[n] for n in range(1000)]  # lists: always tracked by the collector
    assert gc.isenabled()
    oldest = {id(o) for o in gc.get_objects(generation=2)}
    assert id(built) in oldest and id(built[-1]) in oldest
    assert gc.get_freeze_count() == 0


def test_a_pause_leaves_a_frozen_heap_frozen(collector_on):
    gc.freeze()  # as an open game screen does
    try:
        frozen = gc.get_freeze_count()
        with gc_paused():
            built = [[n] for n in range(100)]
        assert gc.get_freeze_count() == frozen  # nothing was thawed
        assert id(built) not in {id(o) for o in gc.get_objects(generation=2)}  # left young, as usual
    finally:
        gc.unfreeze()


def test_nested_pauses_leave_the_collector_to_the_outer_one(collector_on):
    with gc_paused():
        with gc_paused():
            pass
        assert not gc.isenabled()


def test_pauses_overlapping_in_two_threads_keep_the_collector_off_until_the_last_ends(collector_on):
    # the saved games read in a worker while a game screen opens a log: each pauses the collector; it must
    # stay off while either is building and be on again once both are done (never left off for good)
    worker_in, main_out, worker_out = threading.Event(), threading.Event(), threading.Event()
    seen: list[bool] = []

    def worker() -> None:
        with gc_paused():
            worker_in.set()
            main_out.wait(5)
            seen.append(gc.isenabled())
        worker_out.set()

    with gc_paused():
        thread = threading.Thread(target=worker)
        thread.start()
        assert worker_in.wait(5)
    main_out.set()
    thread.join(5)
    assert worker_out.is_set() and seen == [False]  # off while the worker was still building
