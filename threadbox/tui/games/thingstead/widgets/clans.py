"""The clan row: for each clan its face-up power, the tug-of-war track with its disc,
the cards played in front of it on both sides, and what a next card brings."""

from __future__ import annotations

from rich.text import Text

from ..models import ClanFace, letter
from .colours import CLAN_CLASSES, SEAT_CLASSES, ThingsteadWidget

DISC, SPACE = "●", "·"


class ClanRow(ThingsteadWidget):
    DEFAULT_CSS = """
    ClanRow { width: 1fr; height: auto; }
    """

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.faces: tuple[ClanFace, ...] = ()
        self.me: int | None = None

    def show(self, faces: tuple[ClanFace, ...], me: int | None) -> None:
        if (faces, me) != (self.faces, self.me):
            self.faces, self.me = faces, me
            self.refresh(layout=True)

    def render(self) -> Text:
        out = Text()
        muted = self.ink("ts--muted")
        for n, face in enumerate(self.faces):
            if n:
                out.append("\n")
            out.append(f"{face.clan} {face.name:<8} ", self.ink(CLAN_CLASSES[face.clan]))
            # The track: Red's space, the middle, Blue's space.
            out.append("R", self.ink(SEAT_CLASSES[0]))
            for space in (0, -1, 1):
                out.append(
                    f" {DISC if face.disc == space else SPACE}", self.ink("ts--title") if face.disc == space else muted
                )
            out.append(" B", self.ink(SEAT_CLASSES[1]))
            for seat in (0, 1):
                cards = face.cards[seat]
                shown = face.influence[seat]
                worth = f"={shown}" if shown is not None else ""
                out.append(f"  {letter(seat)}:{len(cards)}{worth}", self.ink(SEAT_CLASSES[seat]))
            if self.me is not None:
                out.append(f"  next +{face.next_gain}", muted)
            out.append("\n   ")
            if face.power:
                out.append(f"{face.power_title}: ", self.ink("ts--title"))
                out.append(face.power)
                out.append(f" (stack {face.stack})", muted)
            else:
                out.append("no clan cards left", muted)
        return out
