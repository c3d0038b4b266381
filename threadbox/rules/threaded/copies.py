"""Cheap copies and views of a Threaded table: every list and dict copied, the values in them shared.

A view is made at every decision (the deciding seat's), so the copying code is
written once per player count and viewer, unrolled (a list display of slices
is several times faster than a comprehension), and a view never copies what it
hides. The options stored for the decision now (``options.CACHE_KEY``) are not
copied: a view works its own out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..core import Rng
from ..core.copying import fast_new
from .data import LINE_SIZE, SHOPS
from .frames import HIDDEN
from .options import CACHE_KEY
from .table import Table

COUNTS = ("bag", "box", "scraps")  # colour -> count
LISTS = (
    "darn",
    "ends",
    "line",
    "equipment_offer",
    "equipment_discard",
    "commission_discard",
    "stack",  # of frames, which are values: shared
    "home",
    "window_left",
    "names",
    "variants",
    "opening",  # of log entries, values: shared
)
DECKS = ("tapestry_deck", "equipment_deck", "commission_deck")  # face down: hidden in every view
PER_SEAT = ("needles", "baskets", "e_held", "equipment", "made")
SECRET_PER_SEAT = ("commissions", "drawn", "hands")  # hidden in a view but the seat's own
FULL = -2  # the viewer of a full copy (-1: a spectator, as ``view_of``)
_set = object.__setattr__
_Table = TypeVar("_Table", bound=Table)
_COPIERS: dict[tuple[int, int], Callable[[dict[str, Any]], dict[str, Any]]] = {}


def _compile(players: int, viewer: int) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """The copy of a table's fields for ``players`` seats as ``viewer`` may see them (FULL: all of
    it); a ValueError or KeyError if its lists are not the usual lengths (then ``_general``)."""

    def each(name: str, n: int, hidden: Callable[[int], bool] = lambda i: False) -> list[str]:
        items = [f"_{i}" for i in range(n)]
        copies = [f"[HIDDEN] * len({x})" if hidden(i) else f"{x}[:]" for i, x in enumerate(items)]
        return [f"    {', '.join(items)}, = old[{name!r}]", f"    data[{name!r}] = [{', '.join(copies)}]"]

    lines = ["def copy(old):", "    data = old.copy()", f"    data.pop({CACHE_KEY!r}, None)"]
    lines += [f"    data[{name!r}] = old[{name!r}].copy()" for name in COUNTS]
    lines += [f"    data[{name!r}] = old[{name!r}][:]" for name in LISTS]
    deck = "[HIDDEN] * len(old[{0!r}])" if viewer != FULL else "old[{0!r}][:]"
    lines += [f"    data[{name!r}] = {deck.format(name)}" for name in DECKS]
    lines += each("line_threads", LINE_SIZE)
    for name in PER_SEAT:
        lines += each(name, players)
    for name in SECRET_PER_SEAT:
        lines += each(name, players, lambda i: viewer != FULL and i != viewer)
    lines += [
        "    q = old['queues']",
        f"    if tuple(q) != {SHOPS!r}:",
        "        raise KeyError('queues')",
        "    data['queues'] = {" + ", ".join(f"{s!r}: q[{s!r}][:]" for s in SHOPS) + "}",
        "    return data",
    ]
    scope: dict[str, Any] = {"HIDDEN": HIDDEN}
    exec(compile("\n".join(lines), f"<copy of a {players}-seat Threaded table for {viewer}>", "exec"), scope)
    copier: Callable[[dict[str, Any]], dict[str, Any]] = scope["copy"]
    return copier


def _general(old: dict[str, Any]) -> dict[str, Any]:
    data = old.copy()
    data.pop(CACHE_KEY, None)
    for name in COUNTS:
        data[name] = dict(old[name])
    for name in (*LISTS, *DECKS):
        data[name] = list(old[name])
    for name in ("line_threads", *PER_SEAT, *SECRET_PER_SEAT):
        data[name] = [list(x) for x in old[name]]
    data["queues"] = {k: list(v) for k, v in old["queues"].items()}
    return data


def _copied(table: _Table, viewer: int) -> tuple[_Table, bool]:
    """A copy of ``table`` (as ``viewer`` sees it, if it could be done in one pass: the bool)."""
    old = table.__dict__
    key = (table.players, viewer)
    copier = _COPIERS.get(key)
    if copier is None:
        copier = _COPIERS[key] = _compile(*key)
    try:
        data, redacted = copier(old), True
    except (ValueError, KeyError):
        data, redacted = _general(old), False
    new = object.__new__(type(table))
    _set(new, "__dict__", data)
    _set(new, "__pydantic_fields_set__", set(table.__pydantic_fields_set__))
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new, redacted or viewer == FULL


def copy_table(table: _Table) -> _Table:
    """A copy sharing nothing mutable, made without validation (its values are valid)."""
    new, _ = _copied(table, FULL)
    new.__dict__["rng"] = fast_new(Rng, {"state": table.rng.state})
    return new


def view_of_table(table: _Table, seat: int | None) -> _Table:
    """What ``GameState.view`` makes (a copy without the RNG, the seed and the secrets
    ``seat`` may not see), in one pass: secrets are never copied."""
    viewer = -1 if seat is None else seat
    new, redacted = _copied(table, viewer)
    fields = new.__dict__
    fields["seed"] = 0
    fields["rng"] = fast_new(Rng, {"state": 0})  # the RNG would predict every future draw
    fields["view_of"] = viewer
    if not redacted:
        new._redact(seat)
    return new
