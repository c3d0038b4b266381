"""The game's RNG for a run of draws, and the shuffle of a deck at the speed it is asked for."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, ClassVar, cast

from ..core import Rng

_SPAN = 1 << 64
_MASK = _SPAN - 1
# Rng.below(n)'s limit for each n a deck's shuffle asks (the decks hold 40 cards at most).
_LIMITS = [_SPAN - _SPAN % n if n else 0 for n in range(65)]
# A draw below this is never rejected by Rng.below(n) for n <= 64 (its limit is 2**64 - 2**64 % n).
_NEAR_TOP = _SPAN - 64
_LITTLE = sys.byteorder == "little"  # the lanes are read out as the machine's own 64-bit words


class Draws:
    """The game's RNG for a run of draws: ``Rng``'s own methods on a plain object, whose
    state is written back to the table's ``Rng`` after the run (pydantic's attribute
    handling on every draw cost more than the draw)."""

    __slots__ = ("state",)
    # Typed for a Draws: the methods use nothing of an Rng but ``state`` and each other.
    next64: ClassVar[Callable[[Draws], int]] = cast(Any, Rng.next64)
    below: ClassVar[Callable[[Draws, int], int]] = cast(Any, Rng.below)

    def __init__(self, rng: Rng) -> None:
        self.state = rng.state

    def shuffle(self, items: list[str]) -> None:
        """``Rng.shuffle``: a deck is shuffled after most tapestry discards, so its draws are
        worked out all at once (``_lane_draws``); a test checks it draws the same."""
        count = len(items) - 1
        if not (_LITTLE and 0 < count < len(_LIMITS) - 1):
            self.shuffle_one_by_one(items)
            return
        draws, last = _lane_draws(self.state, count)
        if max(draws) >= _NEAR_TOP:  # Rng.below might reject one of these: one draw at a time
            self.shuffle_one_by_one(items)
            return
        i = count
        for z in draws:
            j = z % (i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
        self.state = last

    def shuffle_one_by_one(self, items: list[str]) -> None:
        """``Rng.shuffle`` with ``Rng.below`` and SplitMix64's ``Rng.next64`` written out in one loop."""
        state = self.state
        limits = (
            _LIMITS if len(items) < len(_LIMITS) else [_SPAN - _SPAN % n if n else 0 for n in range(len(items) + 1)]
        )
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = limits[n]
            while True:
                state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state


_LANES: dict[int, tuple[int, int, int]] = {}


def _lanes(count: int) -> tuple[int, int, int]:
    """For ``count`` draws side by side in one integer, 128 bits apart: a 1 in each lane, each
    lane's step (k times SplitMix64's increment, k = 1..count) and a 64-bit mask in each lane."""
    got = _LANES.get(count)
    if got is None:
        ones = sum(1 << (128 * k) for k in range(count))
        steps = sum((k + 1) << (128 * k) for k in range(count)) * 0x9E3779B97F4A7C15
        got = _LANES[count] = (ones, steps, ones * _MASK)
    return got


def _lane_draws(state: int, count: int) -> tuple[list[int], int]:
    """SplitMix64's next ``count`` outputs from ``state``, and its state after them.

    Each step of ``Rng.next64`` is a multiply, shifts and xors of 64-bit values: done on
    every lane of one big integer at once (a lane's products stay within its 128 bits, the
    bits a shift brings down from the next lane are masked off), then read out as 64-bit words.
    """
    ones, steps, mask = _lanes(count)
    z = (state * ones + steps) & mask
    last = z >> (128 * (count - 1))
    z = (z ^ (z >> 30)) & mask
    z = (z * 0xBF58476D1CE4E5B9) & mask
    z = (z ^ (z >> 27)) & mask
    z = (z * 0x94D049BB133111EB) & mask
    z = (z ^ (z >> 31)) & mask
    words = memoryview(z.to_bytes(16 * count, "little")).cast("Q")  # native order: little (_LITTLE)
    return words[0::2].tolist(), last
