"""How typed text narrows a list of options, and how its numbers are typed (pure: no Textual)."""

from __future__ import annotations

import re

_WORD = re.compile(r"[a-z0-9]+")


def words(*texts: str) -> list[str]:
    """The words (letters and digits) of ``texts``, lower case: what typing matches."""
    return [word for text in texts for word in _WORD.findall(text.lower())]


def matching(query: str, options: list[list[str]]) -> list[int]:
    """The options (each given by its words) that ``query`` keeps, in order.

    Each typed word must be in the option: as a whole word if any option has
    that whole word (``g`` keeps the green (G) options, not "go back"; ``2``
    keeps "holder 2", not "12"), else as the start of a word (``gre`` keeps
    "green"). The typed words may come in any order.
    """
    kept = list(range(len(options)))
    for part in words(query):
        whole = any(part in option for option in options)
        kept = [i for i in kept if (part in options[i] if whole else any(word.startswith(part) for word in options[i]))]
    return kept


def number_waits(typed: str, count: int) -> bool:
    """Whether the number ``typed`` so far may still grow into a longer one among ``count``
    options: "1" waits when there are 10 or more, "16" never waits with under 160."""
    return int(typed) * 10 <= count


def numbers_around(reserved: frozenset[str], count: int) -> list[int]:
    """``count`` option numbers from 1 up, skipping any that starts with a ``reserved`` key
    (with holder keys 1-4 reserved, the others are 5, 6, 7, 8, 9, 50, ...); fewer when
    every digit is reserved (the rest go by the arrows, Enter and the filter)."""
    if all(str(digit) in reserved for digit in range(1, 10)):
        return []
    found: list[int] = []
    number = 0
    while len(found) < count:
        number += 1
        if number_allowed(number, reserved):
            found.append(number)
    return found


def number_allowed(number: int, reserved: frozenset[str]) -> bool:
    """Whether option ``number`` can be typed: no ``reserved`` key starts it."""
    text = str(number)
    return not any(text[:end] in reserved for end in range(1, len(text) + 1))
