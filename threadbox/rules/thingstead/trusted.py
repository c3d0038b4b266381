"""Models built from values the rules made themselves: no validation, set through the model's slots.

The same objects as ``LogEntry.line``, ``Transition.of`` and ``core.copying.fast_new`` build,
a little cheaper: the four slots every pydantic model has are set through their
descriptors, not ``object.__setattr__`` by name. Thingstead builds a few of these
at every action (log lines, the transition, a view and its RNG).
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

from ..core import LogEntry, Rng, Transition

_Model = TypeVar("_Model", bound=BaseModel)

_new = object.__new__
_set_dict, _set_fields_set, _set_extra, _set_private = (
    BaseModel.__dict__[slot].__set__
    for slot in ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__")
)


def trusted(cls: type[_Model], data: dict[str, Any], fields_set: set[str]) -> _Model:
    """A ``cls`` holding ``data`` as it is (``data`` names every field)."""
    model = _new(cls)
    _set_dict(model, data)
    _set_fields_set(model, fields_set)
    _set_extra(model, None)
    _set_private(model, None)
    return model


def line(text: str, private: dict[int, str] | None = None) -> LogEntry:
    """``LogEntry.line(text, private)``."""
    entry = _new(LogEntry)
    _set_dict(entry, {"text": text, "private": {} if private is None else private})
    _set_fields_set(entry, {"text", "private"})
    _set_extra(entry, None)
    _set_private(entry, None)
    return entry


def transition(log: list[LogEntry], barrier: bool) -> Transition:
    """``Transition.of(log, barrier)``."""
    done = _new(Transition)
    _set_dict(done, {"log": log, "barrier": barrier})
    _set_fields_set(done, {"log", "barrier"})
    _set_extra(done, None)
    _set_private(done, None)
    return done


def zero_rng() -> Rng:
    """``Rng(state=0)``: a view's RNG, which predicts nothing."""
    rng = _new(Rng)
    _set_dict(rng, {"state": 0})
    _set_fields_set(rng, {"state"})
    _set_extra(rng, None)
    _set_private(rng, None)
    return rng
