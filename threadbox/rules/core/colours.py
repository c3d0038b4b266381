"""A game's colours, each named with a one-letter glyph, so colour is never the only signal."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Colour:
    letter: str  # one-letter glyph, shown beside the colour everywhere
    name: str


class ColourSet:
    """A game's colours in their printed order, and the tables its rules, words and screens read."""

    def __init__(self, colours: tuple[Colour, ...]) -> None:
        self.colours = colours
        self.letters: tuple[str, ...] = tuple(c.letter for c in colours)
        self.names: dict[str, str] = {c.letter: c.name for c in colours}
        self.order: dict[str, int] = {c.letter: i for i, c in enumerate(colours)}
        # 'red (R)': made once, the log writes these at most decisions.
        self.labels: dict[str, str] = {c.letter: f"{c.name} ({c.letter})" for c in colours}

    def label(self, letter: str) -> str:
        """'red (R)': a colour is always named with its glyph."""
        return self.labels[letter]
