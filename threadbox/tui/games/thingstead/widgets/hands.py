"""The seat's own hand, the face-up row and the deck (first: they are what a player decides
about), then both players' boards (supplies, locked Elders, running score, powers in words)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message

from threadbox.rules.thingstead.data import LOCKS_TO_END

from ..keys import DECK_KEY
from ..models import POINTER, CardFace, HandsModel
from .colours import CLAN_CLASSES, SEAT_CLASSES, ThingsteadWidget

CLAN_W = 13  # "Sky Blue (S)" and a space
# The columns' heading says what a card's numbers are: the followers go to the Elders on
# the pawn's left, under it and on its right, as the ring's centre draws the played card.
HEADING = "move  followers left  mid right"
HELD = "▷"  # the hand card the highlighted play option holds (POINTER: the row card or deck pointed at)


class HandsPanel(ThingsteadWidget):
    DEFAULT_CSS = """
    HandsPanel { width: 1fr; height: auto; }
    """

    @dataclass
    class Clicked(Message):
        """A hand card, a face-up row card (by place, from 0) or the deck was clicked."""

        part: str  # "hand", "row" or "deck"
        place: int = 0

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.model: HandsModel | None = None

    def show(self, model: HandsModel) -> None:
        if model != self.model:
            self.model = model
            self.refresh(layout=True)

    def render(self) -> Text:
        model = self.model
        out = Text()
        if model is None:
            return out
        muted, title = self.ink("ts--muted"), self.ink("ts--title")
        if model.me is not None:
            out.append(f"{'Your hand':<{CLAN_W + 2}}", title)
            out.append(f"{HEADING}\n", muted)
        else:
            out.append("Hands are secret\n", title)
        keys = model.drawing  # while drawing, digits name the row's places; else the hand's
        for place, face in enumerate(model.hand):
            mark = HELD if place == model.held else " "
            if face is None:
                out.append(f"{mark}{' ' if keys else place + 1} (played from here)\n", muted)
            else:
                self._card(out, face, mark + (" " if keys else str(place + 1)), ("hand", place))
        out.append("Face-up row", title)
        out.append(f" · deck {model.deck} · played {model.discard}\n", muted)
        for place, face in enumerate(model.row):
            mark = (POINTER if place == model.pointed_row else " ") + (str(place + 1) if keys else " ")
            if face is None:
                out.append(f"{mark} (empty: the deck is used up)\n", muted)
            else:
                self._card(out, face, mark, ("row", place))
        if not model.row:
            out.append(" empty\n", muted)
        if keys and model.deck:
            start = len(out)
            out.append(POINTER if model.deck_pointed else " ", self.ink("ts--pointed") if model.deck_pointed else muted)
            out.append(DECK_KEY, title)
            out.append(f" the top card of the deck ({model.deck} left)\n")
            out.stylize(Style(meta={"part": "deck", "place": 0}), start, len(out))
        for panel in model.seats:
            you = " (you)" if panel.seat == model.me else ""
            out.append(f"{panel.letter}: {panel.name}{you}\n", self.ink(SEAT_CLASSES[panel.seat]))
            out.append(
                f" supply {panel.supply} · general {panel.general} · on Elders {panel.on_elders}\n"
                f" locked {panel.locked}/{LOCKS_TO_END} · Elder points {panel.elder_points} · hand {panel.hand}\n"
            )
            for words in panel.powers:
                out.append(f" ✦ {words}\n")
            if not panel.powers:
                out.append(" no clan powers\n", muted)
        out.rstrip()
        return out

    def _card(self, out: Text, card: CardFace, key: str, where: tuple[str, int]) -> None:
        """One card's line: the cursor's mark and the card's key, its clan, its numbers."""
        left, centre, right = card.followers
        start = len(out)
        pointed = key[0] in (POINTER, HELD)
        out.append(key[0], self.ink("ts--pointed") if pointed else self.ink("ts--title"))
        out.append(key[1:], self.ink("ts--title"))
        out.append(f"{card.clan_words:<{CLAN_W}}", self.ink(CLAN_CLASSES[card.clan]))
        out.append(f"{card.movement:>3}  {'':9} {left:>4} {centre:>4} {right:>5}\n")
        out.stylize(Style(meta={"part": where[0], "place": where[1]}), start, len(out))

    def on_click(self, event: events.Click) -> None:
        meta = event.style.meta
        part, place = meta.get("part"), meta.get("place")
        if isinstance(part, str) and isinstance(place, int):
            event.stop()
            self.post_message(self.Clicked(part, place))
