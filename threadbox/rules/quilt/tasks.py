"""A pending bonus decision of the colouring seat, as a small immutable value."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from ..core import Public
from .data import colour_label, distinct


class Task(BaseModel):
    """One pending bonus decision of the colouring seat; the top of ``QuiltState.tasks`` is decided first.

    - ``use``: use one of ``pencils`` now (from ``origins``: b bag, n neutral holder,
      a anywhere, for the extra pencil of a colour), or decline; each goes back once used.
    - ``stitch``: the ``pencils`` colour may colour one embroidery part.
    - ``exchange``: swap 1-2 unused holder pencils with the bag.
    - ``neutral``: take one pencil from the neutral holder.
    - ``fetch``: an embroidery's ``left`` more pencils, each from the neutral holder
      or the bag; those taken so far are in ``pencils`` / ``origins``.
    """

    model_config = ConfigDict(frozen=True)
    kind: Public[Literal["use", "stitch", "exchange", "neutral", "fetch"]]
    pencils: Public[str] = ""
    origins: Public[str] = ""
    left: Public[int] = 0
    source: Public[str] = ""  # what gave it, in words

    def label(self) -> str:
        if self.kind == "use":
            names = " or ".join(colour_label(c) for c in distinct(self.pencils))
            return f"use the {names} pencil from {self.source} now"
        if self.kind == "stitch":
            return f"stitch an embroidery part with the {colour_label(self.pencils)} pencil"
        if self.kind == "exchange":
            return "exchange 1 or 2 unused pencils with the bag"
        if self.kind == "neutral":
            return "take a pencil from the neutral holder"
        return f"take {self.left} more pencil{'s' if self.left > 1 else ''} for {self.source}"
