"""A log line as one seat may hold it: its own private line, never another's."""

from __future__ import annotations

from threadbox.rules.core import LogEntry


def test_a_line_seen_by_a_seat_keeps_only_that_seats_private_line():
    entry = LogEntry(text="Ada draws a card.", private={0: "You draw K21.", 1: "You draw K03."})
    assert entry.seen_by(0) == LogEntry(text="Ada draws a card.", private={0: "You draw K21."})
    assert entry.seen_by(2) == LogEntry(text="Ada draws a card.")
    assert entry.seen_by(None) == LogEntry(text="Ada draws a card.")
    assert entry.seen_by(1).for_seat(1) == "You draw K03."


def test_a_line_with_nothing_to_remove_is_kept_as_it_is():
    public = LogEntry(text="Round 2.")
    own = LogEntry(text="Ada draws a card.", private={0: "You draw K21."})
    assert public.seen_by(None) is public and own.seen_by(0) is own
