"""The Thingstead ring: seven Elders in a circle, pawns, followers, the ring's modifiers,
and what the highlighted option would place on each Elder."""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message

from ..models import ElderFace, RingModel, letter
from .colours import CLAN_CLASSES, SEAT_CLASSES, ThingsteadWidget

BOX_W, BOX_H = 14, 3
WIDTH, HEIGHT = 47, 15
# Top-left corner of each ring position's box, clockwise from the top.
CORNERS: tuple[tuple[int, int], ...] = ((16, 0), (33, 2), (33, 7), (25, 12), (8, 12), (0, 7), (0, 2))
PAWN, GHOST = "▲", "△"
# The card's left, centre and right, as the card is aligned on the pawn (words: "R" is Red).
TARGET_NAMES = ("left", "mid", "right")
CARD_COLUMNS = (1, 6, 11)  # under each of "left mid right" in the ring's centre


class Canvas:
    """A grid of characters with styles, turned into Rich text."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.cells = [[(" ", Style())] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: Style) -> int:
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width and 0 <= y < len(self.cells):
                self.cells[y][x + i] = (ch, style)
        return x + len(text)

    def fill(self, x: int, y: int, w: int, h: int, style: Style) -> None:
        for row in range(y, y + h):
            self.put(x, row, " " * w, style)

    def text(self) -> Text:
        out = Text()
        for n, row in enumerate(self.cells):
            if n:
                out.append("\n")
            for ch, style in row:
                out.append(ch, style)
        return out


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"{n}" if n < 0 else " 0"


class RingView(ThingsteadWidget):
    """Draws a ``RingModel``; a click on an Elder posts ``RingView.ElderClicked``."""

    DEFAULT_CSS = """
    RingView { width: 47; height: 15; }
    """

    @dataclass
    class ElderClicked(Message):
        position: int

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.model: RingModel | None = None

    def show(self, model: RingModel) -> None:
        if model != self.model:
            self.model = model
            self.refresh()

    def render(self) -> Text:
        model = self.model
        if model is None:
            return Text("")
        canvas = Canvas(WIDTH, HEIGHT)
        targets = [e.position for e in model.elders if e.gift is not None]
        for elder in model.elders:
            self._box(canvas, model, elder, targets)
        self._centre(canvas, model)
        return canvas.text()

    def _box(self, canvas: Canvas, model: RingModel, elder: ElderFace, targets: list[int]) -> None:
        x, y = CORNERS[elder.position]
        base = self.ink("ts--locked" if elder.locked else "ts--target" if elder.target else "ts--box")
        canvas.fill(x, y, BOX_W, BOX_H, base)
        # Line 1: number, runestones, clan symbols.
        at = canvas.put(x, y, f"No.{elder.number} ◆{elder.runestones} ", base + self.ink("ts--title"))
        for clan in elder.clans:
            at = canvas.put(at, y, clan, base + self.ink(CLAN_CLASSES[clan])) + 1
        # Line 2: followers (or the lock), and the ring's modifier for the seat to move.
        if elder.locked:
            canvas.put(x, y + 1, f"■{letter(elder.holder)} locked", base + self.ink(SEAT_CLASSES[elder.holder]))
        elif elder.holder >= 0:
            who = base + self.ink(SEAT_CLASSES[elder.holder])
            canvas.put(x, y + 1, f"{letter(elder.holder)} {elder.count}/{elder.need}", who)
        else:
            canvas.put(x, y + 1, f"· 0/{elder.need}", base + self.ink("ts--muted"))
        if not elder.locked:
            mod = elder.modifier
            tone = "ts--plus" if mod > 0 else "ts--minus" if mod < 0 else "ts--muted"
            canvas.put(x + BOX_W - 2, y + 1, signed(mod), base + self.ink(tone))
        # Line 3: pawns (a hollow one where the highlighted option would put it) and the gift.
        at = x
        for seat in elder.pawns:
            at = canvas.put(at, y + 2, f"{PAWN}{letter(seat)}", base + self.ink(SEAT_CLASSES[seat]))
        for seat in elder.ghosts:
            at = canvas.put(at, y + 2, f"{GHOST}{letter(seat)}", base + self.ink(SEAT_CLASSES[seat]))
        if elder.gift is not None and elder.position in targets:
            other = letter(1 - model.actor)
            words = elder.gift.words(other, "")
            name = TARGET_NAMES[_target_index(model, elder.position)]
            tone = "ts--plus" if elder.gift.place or elder.gift.remove else "ts--muted"
            text = f"{name}{words}"
            canvas.put(x + BOX_W - len(text), y + 2, text, base + self.ink(tone))

    def _centre(self, canvas: Canvas, model: RingModel) -> None:
        """The card in words, drawn as it lies: its clan, its movement, and the followers it
        gives the Elders on the pawn's left, under it and on its right."""
        x, y = 15, 3
        muted, title = self.ink("ts--muted"), self.ink("ts--title")
        card = model.card
        if card is not None:
            canvas.put(x, y, "Played card" if model.card_played else "Card to play", muted)
            canvas.put(x, y + 1, card.clan_words, self.ink(CLAN_CLASSES[card.clan]))
            canvas.put(x, y + 2, f"move up to {card.movement}", title)
            canvas.put(x, y + 3, "followers:", muted)
            canvas.put(x, y + 4, " ".join(TARGET_NAMES), muted)
            for n, at in zip(card.followers, CARD_COLUMNS):
                canvas.put(x + at, y + 5, str(n), title)
        actor = model.actor
        at = canvas.put(x, y + 7, "±: ", muted)
        at = canvas.put(at, y + 7, letter(actor), self.ink(SEAT_CLASSES[actor]))
        canvas.put(at, y + 7, " from ", muted)
        canvas.put(x, y + 8, f"the {PAWN}{letter(1 - actor)} pawn", muted)

    def on_click(self, event: events.Click) -> None:
        if self.model is None:
            return
        for position, (x, y) in enumerate(CORNERS):
            if x <= event.x < x + BOX_W and y <= event.y < y + BOX_H:
                event.stop()
                self.post_message(self.ElderClicked(position))
                return


def _target_index(model: RingModel, position: int) -> int:
    """0 left, 1 centre, 2 right of the acting seat's pawn (as it will stand)."""
    here = next(
        (e.position for e in model.elders if model.actor in e.ghosts),
        next(e.position for e in model.elders if model.actor in e.pawns),
    )
    if position == here:
        return 1
    return 0 if position == (here + 1) % 7 else 2
