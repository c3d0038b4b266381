"""The Thingstead ring: seven Elders in a circle, pawns, followers, the ring's modifiers,
and what the highlighted option would place on each Elder."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from operator import itemgetter

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message

from ..models import POINTER, ElderFace, RingModel, letter
from .colours import CLAN_CLASSES, SEAT_CLASSES, ThingsteadWidget


@dataclass(frozen=True)
class Shape:
    """Where the ring's parts go at one size."""

    box_w: int
    box_h: int
    width: int
    height: int
    corners: tuple[tuple[int, int], ...]  # top-left of each ring position's box, clockwise from the top
    centre: tuple[int, int]  # top-left of the card in the middle
    gift_row: int  # the box line that holds the preview's followers


NORMAL = Shape(14, 3, 47, 15, ((16, 0), (33, 2), (33, 7), (25, 12), (8, 12), (0, 7), (0, 2)), (15, 3), 2)
# Large boxes give the preview its own line, so pawns and followers never share one.
LARGE = Shape(18, 4, 65, 21, ((23, 0), (47, 3), (47, 10), (35, 17), (11, 17), (0, 10), (0, 3)), (21, 5), 3)
PAWN, GHOST = "▲", "△"
COMPACT_POINTER = "◀"  # at the end of a compact ring's line, which starts with the Elder's number
CENTRE = -2  # a hover or click on the ring's centre: the Thingstead
# The card's left, centre and right, as the card is aligned on the pawn (words: "R" is Red).
TARGET_NAMES = ("left", "mid", "right")
CARD_COLUMNS = (1, 6, 11)  # under each of "left mid right" in the ring's centre
CENTRE_SIZE = (14, 6)  # the played card's lines in the ring's centre (width, height)


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
        # One span per run of a style, not per cell: a frame draws the ring's few dozen spans
        # instead of a thousand (the cursor redraws the ring at every arrow key).
        out = Text()
        for n, row in enumerate(self.cells):
            if n:
                out.append("\n")
            for style, run in groupby(row, key=itemgetter(1)):
                out.append("".join(ch for ch, _ in run), style)
        return out


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"{n}" if n < 0 else " 0"


class RingView(ThingsteadWidget):
    """Draws a ``RingModel``; a click on an Elder posts ``RingView.ElderClicked``.

    Three sizes, set by the screen: the normal ring, a larger one when the board has room,
    and a compact one (one line per Elder, clockwise from the top) on a narrow board.
    """

    DEFAULT_CSS = """
    RingView { width: 47; height: 15; }
    """

    @dataclass
    class ElderClicked(Message):
        position: int  # CENTRE: the Thingstead in the middle

    @dataclass
    class Pointed(Message):
        """The mouse moved onto an Elder (or the centre: CENTRE)."""

        position: int

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.model: RingModel | None = None
        self.shape: Shape | None = NORMAL  # None: compact
        self._rows: list[int] = []  # compact: the ring position drawn on each line (-1 none, CENTRE the card)
        self._hover = -1

    def use(self, shape: Shape | None) -> None:
        """Draw at this size (None: compact); the widget takes the size it needs."""
        if shape == self.shape:
            return
        self.shape = shape
        self.styles.width = shape.width if shape else "100%"  # compact lines fit 27 columns
        self.styles.height = shape.height if shape else "auto"
        self.refresh(layout=True)

    def show(self, model: RingModel) -> None:
        if model != self.model:
            self.model = model
            self.refresh(layout=self.shape is None)

    def render(self) -> Text:
        model = self.model
        if model is None:
            return Text("")
        if self.shape is None:
            return self._compact(model)
        canvas = Canvas(self.shape.width, self.shape.height)
        targets = [e.position for e in model.elders if e.gift is not None]
        for elder in model.elders:
            self._box(canvas, model, elder, targets, self.shape)
        self._centre(canvas, model, self.shape)
        return canvas.text()

    def _gift_text(self, model: RingModel, elder: ElderFace) -> str:
        assert elder.gift is not None
        words = elder.gift.words(letter(1 - model.actor), "")
        return f"{TARGET_NAMES[_target_index(model, elder.position)]}{words}"

    def _gift_tone(self, elder: ElderFace) -> str:
        assert elder.gift is not None
        return "ts--plus" if elder.gift.place or elder.gift.remove else "ts--muted"

    def _box(self, canvas: Canvas, model: RingModel, elder: ElderFace, targets: list[int], shape: Shape) -> None:
        x, y = shape.corners[elder.position]
        box_w = shape.box_w
        base = self.ink("ts--locked" if elder.locked else "ts--target" if elder.target else "ts--box")
        if elder.pointed:
            base += self.ink("ts--pointed")
        canvas.fill(x, y, box_w, shape.box_h, base)
        # Line 1: the cursor, number, runestones, clan symbols (a three-clan title fills the box).
        at = canvas.put(x, y, POINTER if elder.pointed else "", base + self.ink("ts--title"))
        at = canvas.put(at, y, f"No.{elder.number} ◆{elder.runestones} ", base + self.ink("ts--title"))
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
            canvas.put(x + box_w - 2, y + 1, signed(mod), base + self.ink(tone))
        # Line 3: pawns (a hollow one where the highlighted option would put it); the gift
        # beside them, or on its own line in a large box.
        at = x
        for seat in elder.pawns:
            at = canvas.put(at, y + 2, f"{PAWN}{letter(seat)}", base + self.ink(SEAT_CLASSES[seat]))
        for seat in elder.ghosts:
            at = canvas.put(at, y + 2, f"{GHOST}{letter(seat)}", base + self.ink(SEAT_CLASSES[seat]))
        if elder.gift is not None and elder.position in targets:
            text = self._gift_text(model, elder)
            canvas.put(x + box_w - len(text), y + shape.gift_row, text, base + self.ink(self._gift_tone(elder)))

    def _centre(self, canvas: Canvas, model: RingModel, shape: Shape) -> None:
        """The card in words, drawn as it lies: its clan, its movement, and the followers it
        gives the Elders on the pawn's left, under it and on its right."""
        x, y = shape.centre
        muted, title = self.ink("ts--muted"), self.ink("ts--title")
        card = model.card
        if card is not None:
            words = "Played card" if model.card_played else "Card to play"
            if model.centre_pointed:
                canvas.put(x, y, POINTER + words, self.ink("ts--pointed") + title)
            else:
                canvas.put(x, y, words, muted)
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

    def _compact(self, model: RingModel) -> Text:
        """One line per Elder, clockwise from the top, the preview under its Elder; then the card."""
        muted, title = self.ink("ts--muted"), self.ink("ts--title")
        out, rows = Text(), []
        for elder in sorted(model.elders, key=lambda e: e.position):
            base = self.ink("ts--locked" if elder.locked else "ts--target" if elder.target else "ts--box")
            if elder.pointed:
                base += self.ink("ts--pointed")
            line = Text(f"No.{elder.number} ◆{elder.runestones} ", base + title)
            for clan in elder.clans:
                line.append(clan, base + self.ink(CLAN_CLASSES[clan]))
            line.append(" " * (4 - len(elder.clans)), base)
            if elder.locked:
                line.append(f"■{letter(elder.holder)} locked", base + self.ink(SEAT_CLASSES[elder.holder]))
            else:
                seat = self.ink(SEAT_CLASSES[elder.holder]) if elder.holder >= 0 else muted
                who = letter(elder.holder) if elder.holder >= 0 else "·"
                line.append(f"{who} {elder.count if elder.holder >= 0 else 0}/{elder.need}", base + seat)
                mod = elder.modifier
                tone = "ts--plus" if mod > 0 else "ts--minus" if mod < 0 else "ts--muted"
                line.append(f" {signed(mod)}", base + self.ink(tone))
            line.append(" ", base)
            for seat_no in elder.pawns:
                line.append(f"{PAWN}{letter(seat_no)}", base + self.ink(SEAT_CLASSES[seat_no]))
            for seat_no in elder.ghosts:
                line.append(f"{GHOST}{letter(seat_no)}", base + self.ink(SEAT_CLASSES[seat_no]))
            if elder.pointed:
                line.append(f" {COMPACT_POINTER}", base + title)
            out.append_text(line)
            out.append("\n")
            rows.append(elder.position)
            if elder.gift is not None:
                out.append(f"  ↳ {self._gift_text(model, elder)}\n", self.ink(self._gift_tone(elder)))
                rows.append(elder.position)
        card = model.card
        if card is not None:
            words = "Played: " if model.card_played else "To play: "
            if model.centre_pointed:
                out.append(POINTER + words, self.ink("ts--pointed") + title)
            else:
                out.append(words, muted)
            out.append(card.clan_words, self.ink(CLAN_CLASSES[card.clan]))
            out.append(f"\nmove up to {card.movement}; followers:\n", title)
            left, mid, right = card.followers
            out.append(f"  left {left}  mid {mid}  right {right}\n", title)
            rows += [CENTRE, CENTRE, CENTRE]
        actor = model.actor
        out.append("±: ", muted)
        out.append(letter(actor), self.ink(SEAT_CLASSES[actor]))
        out.append(f" from the {PAWN}{letter(1 - actor)} pawn", muted)
        rows.append(-1)
        self._rows = rows
        return out

    def position_at(self, x: int, y: int) -> int:
        """The ring position drawn at (x, y), CENTRE for the card in the middle, -1 for none."""
        if self.model is None:
            return -1
        if self.shape is None:
            return self._rows[y] if 0 <= y < len(self._rows) else -1
        shape = self.shape
        for position, (left, top) in enumerate(shape.corners):
            if left <= x < left + shape.box_w and top <= y < top + shape.box_h:
                return position
        cx, cy = shape.centre
        return CENTRE if cx <= x < cx + CENTRE_SIZE[0] and cy <= y < cy + CENTRE_SIZE[1] else -1

    def on_click(self, event: events.Click) -> None:
        position = self.position_at(event.x, event.y)
        if position != -1:
            event.stop()
            self.post_message(self.ElderClicked(position))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        position = self.position_at(event.x, event.y)
        if position != self._hover:
            self._hover = position
            if position != -1:
                self.post_message(self.Pointed(position))

    def on_leave(self, _event: events.Leave) -> None:
        self._hover = -1


def _target_index(model: RingModel, position: int) -> int:
    """0 left, 1 centre, 2 right of the acting seat's pawn (as it will stand)."""
    here = next(
        (e.position for e in model.elders if model.actor in e.ghosts),
        next(e.position for e in model.elders if model.actor in e.pawns),
    )
    if position == here:
        return 1
    return 0 if position == (here + 1) % 7 else 2
