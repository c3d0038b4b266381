"""Thread Count in a player's words: routes and finds for options and the log."""

from __future__ import annotations

from functools import lru_cache

from .sheet import Point, legs, point_name

_A = {"mouse": "a mouse", "sock": "a sock", "plane": "a paper plane"}
_MANY = {"mouse": "mice", "sock": "socks", "plane": "paper planes"}
_NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def _things(kinds: list[str]) -> list[str]:
    """One phrase per kind, in first-reached order: "a mouse", "two mice"."""
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    return [_A[k] if n == 1 else f"{_NUMBERS.get(n, str(n))} {_MANY[k]}" for k, n in counts.items()]


def route_words(start: Point, bend: Point | None, end: Point) -> str:
    """E.g. "right 4, down 2 to G3"."""
    shape = legs(start, bend, end) or []
    return ", ".join(f"{direction} {n}" for direction, n in shape) + f" to {point_name(end)}"


def finds_words(kinds: list[str], cups: int) -> str:
    """E.g. "reaching two mice and a sock, knocking over a cup"; empty if nothing."""
    return _finds_words(tuple(kinds), cups)


@lru_cache(maxsize=1024)  # a few hundred kinds of find; one is said at most draws
def _finds_words(kinds: tuple[str, ...], cups: int) -> str:
    parts = []
    if kinds:
        things = _things(list(kinds))
        listed = things[0] if len(things) == 1 else ", ".join(things[:-1]) + " and " + things[-1]
        parts.append("reaching " + listed)
    if cups:
        parts.append("knocking over " + ("a cup" if cups == 1 else f"{cups} cups"))
    return ", ".join(parts)


def points_words(n: int) -> str:
    return f"{n} point" if abs(n) == 1 else f"{n} points"
