"""What Thread Count remembers about a thread stays true as the thread grows or is replaced."""

from __future__ import annotations

import pytest

from threadbox.rules.core.playout import play_out
from threadbox.rules.thread_count import GAME, Draw, EndAtPaw
from threadbox.rules.thread_count.facts import (
    ThreadFacts,
    facts_of,
    grown,
    point_bit,
    step_bit,
    thread_facts,
    thread_memo,
)
from threadbox.rules.thread_count.sheet import LAYOUTS, iter_routes, used_segments

from .thread_count_helpers import walk


def truth(thread):
    steps = set(zip(thread, thread[1:])) | set(zip(thread[1:], thread))
    return steps, set(thread)


def test_facts_follow_a_growing_thread():
    layout = LAYOUTS["A"]
    thread = walk(layout.start, "R2")
    assert thread_facts(thread) == truth(thread)
    memo = thread_memo(thread)
    memo["x"] = 1
    route = walk(thread[-1], "D3")
    segs = sum(step_bit(a, b) for a, b in zip(route, route[1:]))
    dots = sum(point_bit(p) for p in route[1:])
    longer = grown(thread, route[1:], segs, dots)  # the facts carried over, not walked again
    assert longer == thread + route[1:]
    assert thread_facts(longer) == truth(longer)
    fresh = ThreadFacts(longer)
    assert (facts_of(longer).segs, facts_of(longer).dots) == (fresh.segs, fresh.dots)
    assert "x" not in thread_memo(longer)  # what followed from the shorter thread is not carried over
    assert thread_memo(thread)["x"] == 1  # and the shorter thread (still a thread of some copy) keeps it
    assert {tuple(sorted(s)) for s in thread_facts(longer)[0]} == used_segments(longer)


def test_a_replaced_or_shortened_thread_is_not_confused_with_the_old_one():
    layout = LAYOUTS["A"]
    thread = walk(layout.start, "R2 D2")
    thread_facts(thread)
    shortened = thread[:-2]
    other = shortened + walk(shortened[-1], "R2")[1:]  # same length, different points
    assert thread_facts(shortened) == truth(shortened)
    assert thread_facts(other) == truth(other)
    # A list may change under its facts, so they are worked out afresh each time.
    points = list(thread)
    assert thread_facts(points) == truth(points)
    del points[-2:]
    points.extend(walk(points[-1], "R2")[1:])
    assert thread_facts(points) == truth(points)


def test_routes_use_the_remembered_facts_correctly():
    layout = LAYOUTS["A"]
    thread = walk(layout.start, "R2 D2")
    first = list(iter_routes(layout, thread, 3, False))
    thread_facts(thread)
    assert list(iter_routes(layout, list(thread), 3, False)) == first
    assert list(iter_routes(layout, thread, 3, False)) == first


def traced_options(state, seat):
    """The options as the rules once found them: tracing every route from the thread's end."""
    layout, roll = state.layout, state.roll
    found = list(iter_routes(layout, list(state.thread(seat)), roll, state.no_crossing))
    draws = [Draw(end=end, bend=bend) for bend, end, n in found if n == roll]
    return draws + [EndAtPaw(bend=bend) for bend, end, _ in found if end == layout.paw]


@pytest.mark.parametrize("variants", [[], ["no-crossing"], ["side-b"], ["side-b", "no-crossing"]])
def test_the_route_tables_give_the_options_tracing_gives(variants):
    checked = 0

    def check(state, seat, action, transition):
        nonlocal checked
        for s in state.to_move():
            if state.phase == "draw":
                assert state.legal_actions(s)[:-2] == traced_options(state, s)
                checked += 1
        for s in range(state.players):
            if state.phase != "place":
                thread = list(state.thread(s))
                traced = any(next(iter_routes(state.layout, thread, r, state.no_crossing), None) for r in range(1, 7))
                assert state.is_blocked(s) == (not traced)

    for seed in range(12):
        play_out(GAME, 2 + seed % 3, seed, variants, on_step=check)
    assert checked > 100
