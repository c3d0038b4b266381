"""Models built from values the rules made themselves: no validation, set through the model's slots.

As ``core.copying.fast_new``, with the fields-set given rather than built: Thingstead
makes a view and its RNG at every action. Log lines and transitions are the core's
``LogEntry.line`` and ``Transition.of``, written the same way.
"""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

from ..core import Rng
from ..core.copying import _new, _set_dict, _set_extra, _set_fields_set, _set_private

_Model = TypeVar("_Model", bound=BaseModel)


def zero_rng() -> Rng:
    """``Rng(state=0)``: a view's RNG, which predicts nothing."""
    rng = _new(Rng)
    _set_dict(rng, {"state": 0})
    _set_fields_set(rng, {"state"})
    _set_extra(rng, None)
    _set_private(rng, None)
    return rng
