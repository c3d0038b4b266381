"""Cheap copies of a Threaded table: every list and dict copied, the values in them shared.

A copy is made at every decision (the deciding seat's view), so the copying
code is written once per player count, unrolled: a list display of slices is
several times faster than a comprehension. The options stored for the decision
now (``options.CACHE_KEY``) are not copied: a view must work its own out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..core import Rng
from ..core.copying import fast_new
from .data import LINE_SIZE, SHOPS
from .options import CACHE_KEY
from .table import Table

COUNTS = ("bag", "box", "scraps")  # colour -> count
LISTS = (
    "darn",
    "ends",
    "line",
    "tapestry_deck",
    "equipment_deck",
    "equipment_offer",
    "equipment_discard",
    "commission_deck",
    "commission_discard",
    "stack",  # of frames, which are values: shared
    "home",
    "window_left",
    "names",
    "variants",
    "opening",  # of log entries, values: shared
)
PER_SEAT = ("needles", "baskets", "e_held", "equipment", "commissions", "drawn", "hands", "made")
_set = object.__setattr__
_Table = TypeVar("_Table", bound=Table)
_COPIERS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def _compile(players: int) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """The copy of a table's fields for ``players`` seats; a ValueError or KeyError if its
    lists are not the usual lengths (then ``_general`` copies it)."""

    def each(name: str, n: int) -> list[str]:
        items = [f"_{i}" for i in range(n)]
        return [
            f"    {', '.join(items)}, = old[{name!r}]",
            f"    data[{name!r}] = [{', '.join(f'{x}[:]' for x in items)}]",
        ]

    lines = ["def copy(old):", "    data = old.copy()", f"    data.pop({CACHE_KEY!r}, None)"]
    lines += [f"    data[{name!r}] = old[{name!r}].copy()" for name in COUNTS]
    lines += [f"    data[{name!r}] = old[{name!r}][:]" for name in LISTS]
    lines += each("line_threads", LINE_SIZE)
    for name in PER_SEAT:
        lines += each(name, players)
    lines += [
        "    q = old['queues']",
        f"    if tuple(q) != {SHOPS!r}:",
        "        raise KeyError('queues')",
        "    data['queues'] = {" + ", ".join(f"{s!r}: q[{s!r}][:]" for s in SHOPS) + "}",
        "    return data",
    ]
    scope: dict[str, Any] = {}
    exec(compile("\n".join(lines), f"<copy of a {players}-seat Threaded table>", "exec"), scope)
    copier: Callable[[dict[str, Any]], dict[str, Any]] = scope["copy"]
    return copier


def _general(old: dict[str, Any]) -> dict[str, Any]:
    data = old.copy()
    data.pop(CACHE_KEY, None)
    for name in COUNTS:
        data[name] = dict(old[name])
    for name in LISTS:
        data[name] = list(old[name])
    for name in ("line_threads", *PER_SEAT):
        data[name] = [list(x) for x in old[name]]
    data["queues"] = {k: list(v) for k, v in old["queues"].items()}
    return data


def copy_table(table: _Table) -> _Table:
    """A copy sharing nothing an action can change, made without validation (its values are valid)."""
    old = table.__dict__
    copier = _COPIERS.get(table.players)
    if copier is None:
        copier = _COPIERS[table.players] = _compile(table.players)
    try:
        data = copier(old)
    except (ValueError, KeyError):
        data = _general(old)
    data["rng"] = fast_new(Rng, {"state": old["rng"].state})
    new = object.__new__(type(table))
    _set(new, "__dict__", data)
    _set(new, "__pydantic_fields_set__", set(table.__pydantic_fields_set__))
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new
