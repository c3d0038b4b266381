"""What Thread Count remembers about a thread stays true as the thread grows or is replaced."""

from __future__ import annotations

from threadbox.rules.thread_count.facts import thread_facts, thread_memo
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
    thread.extend(walk(thread[-1], "D3")[1:])
    assert thread_facts(thread) == truth(thread)
    assert "x" not in thread_memo(thread)  # what followed from the shorter thread is forgotten
    assert {tuple(sorted(s)) for s in thread_facts(thread)[0]} == used_segments(thread)


def test_a_replaced_or_shortened_thread_is_not_confused_with_the_old_one():
    layout = LAYOUTS["A"]
    thread = walk(layout.start, "R2 D2")
    thread_facts(thread)
    del thread[-2:]
    thread.extend(walk(thread[-1], "R2")[1:])  # same length, different points
    assert thread_facts(thread) == truth(thread)
    other = list(thread)
    assert thread_facts(other) == truth(other)


def test_routes_use_the_remembered_facts_correctly():
    layout = LAYOUTS["A"]
    thread = walk(layout.start, "R2 D2")
    first = list(iter_routes(layout, thread, 3, False))
    thread_facts(thread)
    assert list(iter_routes(layout, list(thread), 3, False)) == first
    assert list(iter_routes(layout, thread, 3, False)) == first
