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
