"""A studio: the needle (6 slots, left and right ends), the basket (4), equipment, cards, assistants.

Your own studio shows your commissions and tapestries in hand; another seat's
shows only how many it holds (``Studio.hand`` holds "?" for those).

While you place threads, the needle's ends, the basket and scraps are drawn with
their keys (``[`` ``]`` ``k`` ``x``) and the placing cursor: a ``▶`` beside the
place pointed at and a line saying what Enter does, so colour is never the only
signal. Those can be clicked: a thread to pick it, a place to point at it (and,
pointed already, to put the thread there).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message

from threadbox.rules.threaded.data import BASKET_SIZE, COMMISSION, NEEDLE_SIZE, TAPESTRY

from ..cursor import PlaceCursor
from ..keys import TARGET_KEYS
from ..models import PATTERN_SHORT, Scene, Studio, card_words
from .ink import FittedWidget, Inks, broken, slots_text, threads_text
from .shops import card_lines

POINTED = "▶"  # beside the place the placing cursor points at (◀ right of the needle's right end)
TARGET_WORDS = {"left": "L end", "right": "R end", "basket": "basket", "scraps": "scraps"}


@dataclass(frozen=True)
class StudioFace:
    """What the studio widget draws: the table, and this seat's placing cursor (None: not placing)."""

    table: Scene
    aim: PlaceCursor | None = None


Spot = tuple[int, int, str]  # (first column, last column + 1, what is there: "to:left", "new:Y", "basket:P")


def needle_text(studio: Studio, inks: Inks) -> Text:
    text = Text()
    text.append("L▸", inks.label)
    text.append_text(slots_text(inks, studio.needle, NEEDLE_SIZE))
    text.append("◂R", inks.label)
    return text


def basket_text(studio: Studio, inks: Inks) -> Text:
    text = Text()
    text.append_text(slots_text(inks, studio.basket, max(BASKET_SIZE, len(studio.basket))))
    if len(studio.basket) > BASKET_SIZE:
        text.append(f" {len(studio.basket)}/{BASKET_SIZE}!", inks.now)
    return text


def header(studio: Studio, table: Scene, inks: Inks) -> Text:
    text = Text()
    text.append(studio.name, inks.seat(studio.seat) + inks.label)
    if studio.first:
        text.append(" ①", inks.label)
    text.append(f" {'●' * studio.home}{'○' * (studio.assistants - studio.home)}", inks.muted)
    text.append(f" made {len(studio.made)} · threads +{studio.public_points}", inks.muted)
    if studio.to_move:
        text.append(" ◀ deciding", inks.now)
    return text


def tapestries_text(cards: tuple[str, ...], makeable: tuple[str, ...], inks: Inks, per_line: int = 3) -> Text:
    """Tapestries as id, pattern and colours, ``per_line`` to a line; a ✓ on those the needle can make now."""
    text = Text()
    if not cards:
        text.append("none", inks.muted)
    for i, card in enumerate(cards):
        t = TAPESTRY[card]
        if i:
            text.append("\n     " if i % per_line == 0 else " · ")
        text.append(f"{card} {PATTERN_SHORT[t.pattern]} ")
        text.append_text(threads_text(inks, t.colours))
        if card in makeable:
            text.append(" ✓", inks.now)
    return text


def commission_text(card: str, inks: Inks) -> Text:
    """What a commission asks, short: "5 per flame", "5 per B+Y" (the colours in colour)."""
    c = COMMISSION[card]
    text = Text(f"{c.points} per ")
    if c.kind == "pattern":
        text.append(c.needs[0])
    else:
        text.append_text(threads_text(inks, c.needs, "+"))
    return text


def packed(label: str, items: list[Text], width: int, inks: Inks, gap: str = " · ") -> Text:
    """``label`` then the items, as many to a line as ``width`` holds, the others under them."""
    text = Text(label, inks.label)
    pad = " " * len(label)
    used = len(label)
    for i, item in enumerate(items):
        size = cell_len(item.plain)
        if i and width and used + len(gap) + size > width:
            text.append("\n" + pad)
            used = len(pad)
        elif i:
            text.append(gap)
            used += len(gap)
        text.append_text(item)
        used += size
    return text


def score_items(table: Scene, studio: Studio, inks: Inks) -> list[Text]:
    """Each own commission with what it is worth now ("5 per S+G =5")."""
    worth = dict(table.score.commissions) if table.score is not None else {}
    items = []
    for card in studio.commissions:
        item = commission_text(card, inks)
        if card in worth:
            item.append(f" ={worth[card]}", inks.now if worth[card] else inks.muted)
        items.append(item)
    return items


def _key(text: Text, key: str, pointed: bool, inks: Inks) -> None:
    text.append(key, inks.now if pointed else inks.label)


def _marker(text: Text, pointed: bool, inks: Inks, glyph: str = POINTED) -> None:
    text.append(glyph if pointed else " ", inks.now if pointed else Style())


def _basket_slots(text: Text, studio: Studio, aim: PlaceCursor, inks: Inks, spots: list[Spot]) -> None:
    """The basket's threads, each clickable; the one the cursor holds (if from the basket) marked."""
    chosen = studio.basket.index(aim.colour) if aim.source == "basket" and aim.colour in studio.basket else -1
    for i in range(max(BASKET_SIZE, len(studio.basket))):
        if i:
            text.append("|", inks.muted)
        if i < len(studio.basket):
            colour = studio.basket[i]
            x = cell_len(text.plain)
            text.append(colour, inks.thread(colour) + (inks.now if i == chosen else Style()))
            spots.append((x, x + 1, f"basket:{colour}"))
        else:
            text.append("·", inks.muted)
    if len(studio.basket) > BASKET_SIZE:
        text.append(f" {len(studio.basket)}/{BASKET_SIZE}!", inks.now)


def placing_lines(studio: Studio, aim: PlaceCursor, inks: Inks, width: int) -> list[tuple[Text, list[Spot]]]:
    """The needle with its two ends, the basket and scraps, each with its key and the cursor's
    mark, the new threads, and what Enter does; each line with the spots a click can hit."""
    to = aim.to
    needle, needle_spots = Text("Needle ", inks.label), []
    start = cell_len(needle.plain)
    _marker(needle, to == "left", inks)
    _key(needle, TARGET_KEYS["left"], to == "left", inks)
    needle.append("L▸", inks.label)
    slots = slots_text(inks, studio.needle, NEEDLE_SIZE)
    middle = cell_len(needle.plain) + slots.cell_len // 2
    needle.append_text(slots)
    needle.append("◂R", inks.label)
    _key(needle, TARGET_KEYS["right"], to == "right", inks)
    _marker(needle, to == "right", inks, "◀")
    needle_spots += [(start, middle, "to:left"), (middle, cell_len(needle.plain), "to:right")]

    basket, basket_spots = Text(), []
    _marker(basket, to == "basket", inks)
    _key(basket, TARGET_KEYS["basket"], to == "basket", inks)
    basket.append(" Basket ", inks.label)
    basket_spots.append((0, cell_len(basket.plain), "to:basket"))
    _basket_slots(basket, studio, aim, inks, basket_spots)
    scraps, scraps_spots = Text(), []
    _marker(scraps, to == "scraps", inks)
    _key(scraps, TARGET_KEYS["scraps"], to == "scraps", inks)
    scraps.append(" Scraps", inks.label)
    scraps_spots.append((0, cell_len(scraps.plain), "to:scraps"))

    def shifted(spots: list[Spot], by: int) -> list[Spot]:
        return [(x0 + by, x1 + by, name) for x0, x1, name in spots]

    lines: list[tuple[Text, list[Spot]]] = []
    row, row_spots = needle, list(needle_spots)
    for part, spots in ((basket, basket_spots), (scraps, scraps_spots)):
        gap = 1 if row is needle else 2
        if not width or cell_len(row.plain) + gap + cell_len(part.plain) <= width:
            by = cell_len(row.plain) + gap
            row = row + Text(" " * gap) + part
            row_spots += shifted(spots, by)
        else:  # no room beside: on a line of its own, under the needle's left end
            lines.append((row, row_spots))
            row, row_spots = Text(" " * (start - 1)) + part, shifted(spots, start - 1)
    lines.append((row, row_spots))

    if studio.incoming:
        new, new_spots = Text("New threads to place:", inks.now), []
        chosen = studio.incoming.index(aim.colour) if aim.source == "new" and aim.colour in studio.incoming else -1
        for i, colour in enumerate(studio.incoming):
            _marker(new, i == chosen, inks, "▸")
            x = cell_len(new.plain)
            new.append(colour, inks.thread(colour) + (inks.now if i == chosen else Style()))
            new_spots.append((x, x + 1, f"new:{colour}"))
        lines.append((new, new_spots))
    enter = Text("Enter: ", inks.label)
    enter.append("new " if aim.source == "new" else "basket ")
    enter.append(aim.colour, inks.thread(aim.colour))
    enter.append(f" → {TARGET_WORDS[to]}")
    lines.append((enter, []))
    return lines


def draw_studio(table: Scene, inks: Inks, width: int = 0, aim: PlaceCursor | None = None) -> Text:
    if table.me is None:  # a spectator (or a replay seen by no seat) has no studio of its own
        return Text("Watching: every studio is shown with the others.", style=inks.muted)
    studio = table.studio(table.me)
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append_text(header(studio, table, inks))
    if aim is not None:
        for line, _ in placing_lines(studio, aim, inks, width):
            text.append("\n")
            text.append_text(line)
    else:
        text.append("\nNeedle ", inks.label)
        text.append_text(needle_text(studio, inks))
        text.append("  Basket ", inks.label)
        text.append_text(basket_text(studio, inks))
        if studio.incoming:
            text.append("\nNew threads to place: ", inks.now)
            text.append_text(threads_text(inks, studio.incoming, " "))
    if studio.held:
        text.append("\nTaken at Ends & Odds: ", inks.label)
        text.append_text(threads_text(inks, studio.held, " "))
    text.append("\nHand ", inks.label)
    text.append_text(tapestries_text(studio.hand, studio.makeable, inks))
    text.append("\n")
    text.append_text(packed("Commissions ", score_items(table, studio, inks), width, inks))
    if table.score is not None:
        score = table.score
        worth = sum(points for _, points in score.commissions)
        text.append("\nScore now ", inks.label)
        text.append(str(score.total), inks.now)
        text.append(f" = commissions {worth} + threads {score.threads}", inks.muted)
    if not studio.equipment:
        text.append("\nEquipment ", inks.label)
        text.append("none", inks.muted)
    for i, card in enumerate(studio.equipment):
        lead = Text("Equipment " if i == 0 else " " * 10, inks.label)
        for line in card_lines(card_words(card), width or 1000, lead, inks):
            text.append("\n")
            text.append_text(line)
    text.append("\nMade ", inks.label)
    text.append_text(tapestries_text(studio.made, (), inks))
    return text


class StudioBoard(FittedWidget):
    """Your studio, in full, with what your commissions are worth now; while you place threads,
    the placing cursor (arrows, Enter and clicks work on it once it has the focus)."""

    BINDINGS = [
        Binding("left", "steer('target', -1)", "Place left", show=False),
        Binding("right", "steer('target', 1)", "Place right", show=False),
        Binding("up", "steer('thread', -1)", "Thread up", show=False),
        Binding("down", "steer('thread', 1)", "Thread down", show=False),
        Binding("enter", "put", "Place here"),
    ]

    class Steer(Message):
        """An arrow on the studio: the cursor to the next ``what`` ("target" or "thread") that way."""

        def __init__(self, what: str, step: int):
            super().__init__()
            self.what, self.step = what, step

    class Put(Message):
        """Enter on the studio: put the thread where the cursor points."""

    class Clicked(Message):
        """A click on ``spot``: "to:left", "new:Y", "basket:P" (see ``placing_lines``)."""

        def __init__(self, spot: str):
            super().__init__()
            self.spot = spot

    def face(self) -> StudioFace | None:
        return self.model if isinstance(self.model, StudioFace) else None

    def draw_at(self, model: StudioFace, inks: Inks, width: int) -> Text:
        return draw_studio(model.table, inks, width, model.aim)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("steer", "put"):
            face = self.face()
            return face is not None and face.aim is not None
        return super().check_action(action, parameters)

    def action_steer(self, what: str, step: int) -> None:
        self.post_message(self.Steer(what, step))

    def action_put(self) -> None:
        self.post_message(self.Put())

    def spot_at(self, x: int, y: int) -> str | None:
        """What the studio shows at content offset (``x``, ``y``) that a click can choose."""
        face = self.face()
        if face is None or face.aim is None or face.table.me is None:
            return None
        width = self.content_size.width
        lines = broken(self.draw_at(face, Inks(), width), width).plain.split("\n")
        if not 0 <= y < len(lines):
            return None
        studio = face.table.studio(face.table.me)
        for line, spots in placing_lines(studio, face.aim, Inks(), width):
            if line.plain == lines[y]:
                return next((name for x0, x1, name in spots if x0 <= x < x1), None)
        return None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        spot = self.spot_at(offset.x, offset.y) if offset is not None else None
        if spot is not None:
            event.stop()
            self.post_message(self.Clicked(spot))
