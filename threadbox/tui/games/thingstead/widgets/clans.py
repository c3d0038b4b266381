"""The clan row: for each clan its face-up power, the tug-of-war track with its disc,
the cards played in front of it on both sides, and what a next card brings; at the end,
who won the clan's point and why."""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message

from ..models import POINTER, ClanFace, letter
from .colours import CLAN_CLASSES, SEAT_CLASSES, ThingsteadWidget

DISC, SPACE = "●", "·"


class ClanRow(ThingsteadWidget):
    DEFAULT_CSS = """
    ClanRow { width: 1fr; height: auto; }
    """

    @dataclass
    class Clicked(Message):
        clan: int  # its index in CLANS

    @dataclass
    class Pointed(Message):
        """The mouse moved onto a clan's lines."""

        clan: int

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.faces: tuple[ClanFace, ...] = ()
        self.me: int | None = None
        self._hover = -1

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
            start = len(out)
            if face.pointed:
                out.append(POINTER, self.ink("ts--pointed"))
            out.append(f"{face.clan} {face.name:<8} ", self.ink(CLAN_CLASSES[face.clan]))
            # The track: Red's space, the middle, Blue's space.
            out.append("R", self.ink(SEAT_CLASSES[0]))
            for space in (0, -1, 1):
                out.append(
                    f" {DISC if face.disc == space else SPACE}", self.ink("ts--title") if face.disc == space else muted
                )
            out.append(" B", self.ink(SEAT_CLASSES[1]))
            if self.me is not None and face.result is None:
                out.append(f"  next: +{face.next_gain} followers", muted)
            # The cards in front of it: how many, and their matching movement where it is known.
            out.append("\n   cards", muted)
            for seat in (0, 1):
                shown = face.influence[seat]
                worth = f" (move {shown})" if shown is not None and face.cards[seat] else ""
                out.append(" · " if seat else " ", muted)
                out.append(f"{letter(seat)} {len(face.cards[seat])}{worth}", self.ink(SEAT_CLASSES[seat]))
            if face.result is not None:
                won = face.result.winner
                out.append("  → ", muted)
                out.append(
                    f"{letter(won)} +1" if won >= 0 else "nobody", self.ink(SEAT_CLASSES[won]) if won >= 0 else muted
                )
                out.append(f", {face.result.decided}", muted)
            out.append("\n   ")
            if face.power:
                out.append(f"{face.power_title}", self.ink("ts--title"))
                out.append(f" ({face.group}): ", muted)
                out.append(face.power)
                out.append(f" (stack {face.stack})", muted)
            else:
                out.append("no clan cards left", muted)
            out.stylize(Style(meta={"clan": n}), start, len(out))  # what a click or the mouse points at
        return out

    @staticmethod
    def _clan_at(event: events.MouseEvent) -> int:
        clan = event.style.meta.get("clan")
        return clan if isinstance(clan, int) else -1

    def on_click(self, event: events.Click) -> None:
        clan = self._clan_at(event)
        if clan >= 0:
            event.stop()
            self.post_message(self.Clicked(clan))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        clan = self._clan_at(event)
        if clan != self._hover:
            self._hover = clan
            if clan >= 0:
                self.post_message(self.Pointed(clan))

    def on_leave(self, _event: events.Leave) -> None:
        self._hover = -1
