"""Cheap copies and views of a Threaded table: every list and dict copied, the values (tuples) shared.

Most of the table is tuples, per seat too (an action replaces them rather than
changing them), which copies and views share; what is left to copy is a few
lists and dicts.
A view is made at every decision (the deciding seat's), so the copying code is
written once per player count and viewer, unrolled, and a view never copies
what it hides. The options stored for the decision now (``options.CACHE_KEY``)
are not copied: a view works its own out. Once the game is over every commission
is revealed (they are scored in the open), so a view shows them all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..core import LogEntry, Rng
from ..core.copying import _new, _set_dict, _set_extra, _set_fields_set, _set_private
from .frames import HIDDEN
from .options import CACHE_KEY
from .table import Table

COUNTS = ("bag", "box", "scraps")  # colour -> count
LISTS = (
    "stack",  # of frames, which are values: shared
    "names",
    "variants",
)
DECKS = ("tapestry_deck", "equipment_deck", "commission_deck")  # face down: hidden in every view
SECRET_PER_SEAT = ("commissions", "drawn", "hands")  # tuples, hidden in a view but the seat's own
REVEALED_AT_END = frozenset({"commissions"})  # shown in every view once the game is over
LOGS = ("opening",)  # tuples of log entries: a view keeps only its seat's private lines
# Values that are never changed in place (numbers, strings, tuples, None): shared.
SCALARS = (
    *("players", "seed", "view_of", "phase", "round", "first", "cursor", "shop_index", "stage"),
    *("current", "moved", "e_next"),
    *("darn", "ends", "line", "line_threads", "equipment_offer", "equipment_discard", "commission_discard"),
    "window_left",
    *("needles", "baskets", "e_held", "equipment", "made", "home"),  # per seat
)
FULL = -2  # the viewer of a full copy (-1: a spectator, as ``view_of``)
_Table = TypeVar("_Table", bound=Table)
# (table, the copy's RNG state) -> the copy: one per (seats, viewer), compiled when first asked.
_Copier = Callable[[Any, int], Any]
_COPIERS: dict[tuple[int, int], _Copier] = {}


def _compile(players: int, viewer: int) -> _Copier:
    """The copy of a ``players``-seat table as ``viewer`` may see it (FULL: all of it), made in
    one call; a ValueError or KeyError if the secrets are not one per seat (then ``_general``)."""
    lines = ["def copy(table, rng_state):", "    old = table.__dict__"]
    values = {}
    scope: dict[str, Any] = {  # the namespace the copier runs in
        "HIDDEN": HIDDEN,
        "HIDDEN_ROW": (HIDDEN,),
        "Rng": Rng,
        "_new": _new,
        "_set_dict": _set_dict,
        "_set_fields_set": _set_fields_set,
        "_set_extra": _set_extra,
        "_set_private": _set_private,
    }
    for name in Table.model_fields:
        if name in COUNTS:
            values[name] = f"old[{name!r}].copy()"
        elif name in LISTS:
            values[name] = f"old[{name!r}][:]"
        elif name in DECKS:
            values[name] = f"[HIDDEN] * len(old[{name!r}])" if viewer != FULL else f"old[{name!r}][:]"
        elif name in SECRET_PER_SEAT:
            if viewer == FULL:
                continue  # tuples: the dict copy below shares them
            items = [f"{name}_{i}" for i in range(players)]
            lines.append(f"    {', '.join(items)}, = old[{name!r}]")
            shown = (x if i == viewer else f"HIDDEN_ROW * len({x})" for i, x in enumerate(items))
            values[name] = "(" + ", ".join(shown) + ",)"
            if name in REVEALED_AT_END:
                values[name] = f"old[{name!r}] if old['phase'] == 'over' else {values[name]}"
        elif name in LOGS:
            if viewer != FULL:  # else a value: shared
                # The last log redacted, asked first (inline: no call at all when it is the same).
                lines.append(f"    given, shown = last_{name}[0]")
                values[name] = f"shown if given is old[{name!r}] else seen_{name}(old[{name!r}])"
                scope[f"seen_{name}"], scope[f"last_{name}"] = _log_seen_by(None if viewer < 0 else viewer)
        elif name == "queues":
            values[name] = "old['queues'].copy()"  # of tuples: shared
        elif name == "rng":
            values[name] = "rng"
        elif name in SCALARS:
            continue  # a value: the dict copy below shares it
        else:
            raise TypeError(f"copies: say how to copy the field {name!r}")
    if viewer != FULL:
        values["seed"] = "0"
        values["view_of"] = repr(viewer)
    # A copy of the dict (in the model's order, which JSON follows) is several times
    # cheaper than a display of its 40-odd fields; then the fields not shared are replaced.
    lines += [  # _rng, written out
        "    rng = _new(Rng)",
        "    _set_dict(rng, {'state': rng_state})",
        "    _set_fields_set(rng, {'state'})",
        "    _set_extra(rng, None)",
        "    _set_private(rng, None)",
    ]
    lines.append("    data = old.copy()")
    lines.append(f"    data.pop({CACHE_KEY!r}, None)")
    lines += [f"    data[{k!r}] = {v}" for k, v in values.items()]
    lines += [
        "    new = _new(type(table))",
        "    _set_dict(new, data)",
        "    _set_fields_set(new, set(table.__pydantic_fields_set__))",
        "    _set_extra(new, None)",
        "    _set_private(new, None)",
        "    return new",
    ]
    exec(compile("\n".join(lines), f"<copy of a {players}-seat Threaded table for {viewer}>", "exec"), scope)
    copier: _Copier = scope["copy"]
    return copier


_Log = tuple[LogEntry, ...]


def _log_seen_by(seat: int | None) -> tuple[Callable[[_Log], _Log], list[tuple[_Log, _Log]]]:
    """A log (a tuple of entries) as ``seat`` may hold it (``LogEntry.seen_by``), and the cell
    remembering the last one (given, shown): every copy of a game shares its setup log, so it is
    redacted once per game and seat. One cell, read and set whole, so threads cannot mix two games."""
    last: list[tuple[_Log, _Log]] = [((), ())]

    def seen(log: _Log) -> _Log:
        given, shown = last[0]
        if given is not log:
            shown = tuple(entry.seen_by(seat) for entry in log)
            last[0] = (log, shown)
        return shown

    return seen, last


def _general(old: dict[str, Any]) -> dict[str, Any]:
    data = old.copy()
    data.pop(CACHE_KEY, None)
    for name in COUNTS:
        data[name] = dict(old[name])
    for name in (*LISTS, *DECKS):
        data[name] = list(old[name])
    data["queues"] = dict(old["queues"])
    return data


def _copied(table: _Table, viewer: int, rng_state: int) -> _Table:
    """A copy of ``table`` with an RNG in this state, as ``viewer`` may see it."""
    key = (table.players, viewer)
    copier = _COPIERS.get(key)
    if copier is None:
        copier = _COPIERS[key] = _compile(*key)
    try:
        made: _Table = copier(table, rng_state)
        return made
    except (ValueError, KeyError):
        pass
    data = _general(table.__dict__)
    data["rng"] = _rng(rng_state)
    new = _new(type(table))
    _set_dict(new, data)
    _set_fields_set(new, set(table.__pydantic_fields_set__))
    _set_extra(new, None)
    _set_private(new, None)
    if viewer != FULL:
        data["seed"] = 0
        data["view_of"] = viewer
        new._redact(None if viewer < 0 else viewer)
    return new


def _rng(state: int) -> Rng:
    rng = _new(Rng)
    _set_dict(rng, {"state": state})
    _set_fields_set(rng, {"state"})
    _set_extra(rng, None)
    _set_private(rng, None)
    return rng


def copy_table(table: _Table) -> _Table:
    """A copy sharing nothing mutable, made without validation (its values are valid)."""
    return _copied(table, FULL, table.rng.state)


def view_of_table(table: _Table, seat: int | None) -> _Table:
    """What ``GameState.view`` makes (a copy without the RNG, the seed and the secrets
    ``seat`` may not see), in one pass: secrets are never copied."""
    return _copied(table, -1 if seat is None else seat, 0)  # the RNG would predict every draw
