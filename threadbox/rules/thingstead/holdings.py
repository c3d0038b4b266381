"""Which clan powers answer each question the rules ask ("does this seat have a Rally for this Elder?").

Each power sits in one clan's stack, so a seat has power ``p`` when ``p`` is
among its kept clan cards, or is its clan's face-up card with the disc on the
seat's side. A question lists the few powers that answer it, with their clan,
and the state counts those the seat has (``ThingsteadState._count``): no list
of powers is built and no cache can fall out of date.
"""

from __future__ import annotations

from collections.abc import Collection

from .data import CLAN_INDEX, ELDERS, POWERS

Asked = tuple[tuple[int, int], ...]  # (power id, index of the clan whose stack holds it)


def _asked(kind: str, symbols: Collection[str] | None = None) -> Asked:
    """The powers of ``kind`` (naming one of ``symbols``, if given)."""
    return tuple(
        (p.id, CLAN_INDEX[p.clan]) for p in POWERS if p.kind == kind and (symbols is None or p.symbol in symbols)
    )


_KINDS = sorted({p.kind for p in POWERS})
_SYMBOLS = sorted({p.symbol for p in POWERS})
BY_KIND: dict[str, Asked] = {kind: _asked(kind) for kind in _KINDS}
BY_SYMBOL: dict[tuple[str, str], Asked] = {(k, s): _asked(k, (s,)) for k in _KINDS for s in _SYMBOLS}
BY_ELDER: dict[tuple[str, int], Asked] = {(k, e.id): _asked(k, e.clans) for k in _KINDS for e in ELDERS}  # by Elder id
