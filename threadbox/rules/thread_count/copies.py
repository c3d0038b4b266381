"""Copies and views of a Thread Count state, written out: one is made at every decision.

Sheets and the opening log are values, shared by every copy; the lists the rules
change in place (names, variants, the list of sheets, status) are copied. Thread
Count hides nothing, so a seat's view is such a copy without the seed and the RNG.
(tests/rules/thread_count/test_thread_count_copies.py checks that every other field
is a value, and that these agree with the core's generic copies.)
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

_Model = TypeVar("_Model", bound=BaseModel)
Fields = dict[str, Any]


def copied_fields(old: Fields) -> Fields:
    """Every field of a copy, the RNG still shared (the caller copies or replaces it)."""
    data = old.copy()
    data["names"] = old["names"].copy()
    data["variants"] = old["variants"].copy()
    data["sheets"] = old["sheets"].copy()
    data["status"] = old["status"].copy()
    return data
