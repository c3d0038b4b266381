"""How every Threaded widget draws: thread colours with their letters, seat colours with their names.

A thread is always its letter in its colour, so colour is never the only
signal; a seat is its name's first letters in the seat's colour. The colours
live on one hidden ``ThreadColours`` per screen.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.geometry import Size

from threadbox.rules.threaded.data import COLOURS

from ....widgets.palette import PaletteHost, PaletteUser

THREAD_CLASSES = {c: f"th--{c}" for c in COLOURS}
SEAT_CLASSES = tuple(f"th--seat{i}" for i in range(5))
ROLE_CLASSES = ("th--muted", "th--label", "th--now", "th--mine")
EMPTY = "·"


class ThreadColours(PaletteHost):
    """Threads (6 colours) and seats (the 5 player colours), once per screen."""

    COMPONENT_CLASSES = {*THREAD_CLASSES.values(), *SEAT_CLASSES, *ROLE_CLASSES}

    DEFAULT_CSS = """
    ThreadColours {
        & > .th--B { color: #3b82f6; text-style: bold; }
        & > .th--Y { color: #eab308; text-style: bold; }
        & > .th--P { color: #ec4899; text-style: bold; }
        & > .th--S { color: #a1a1aa; text-style: bold; }
        & > .th--N { color: #a16207; text-style: bold; }
        & > .th--G { color: #22c55e; text-style: bold; }
        & > .th--seat0 { color: #7dd3fc; }
        & > .th--seat1 { color: #6ee7b7; }
        & > .th--seat2 { color: #f9a8d4; }
        & > .th--seat3 { color: #fde68a; }
        & > .th--seat4 { color: #c2410c; }
        & > .th--muted { color: $foreground-muted; }
        & > .th--label { color: $foreground-muted; text-style: bold; }
        & > .th--now { color: $text; background: $accent 40%; text-style: bold; }
        & > .th--mine { text-style: bold underline; }
    }
    """


@dataclass(frozen=True)
class Inks:
    """The styles a drawing uses; ``Inks()`` draws plain text (tests)."""

    threads: dict[str, Style] = field(default_factory=dict)
    seats: tuple[Style, ...] = ()
    muted: Style = Style()
    label: Style = Style()
    now: Style = Style()
    mine: Style = Style()

    def thread(self, letter: str) -> Style:
        return self.threads.get(letter, Style())

    def seat(self, seat: int) -> Style:
        return self.seats[seat] if 0 <= seat < len(self.seats) else Style()


def threads_text(inks: Inks, threads, gap: str = "") -> Text:
    text = Text()
    for i, c in enumerate(threads):
        if i and gap:
            text.append(gap)
        text.append(c, inks.thread(c))
    return text


def slots_text(inks: Inks, threads, size: int) -> Text:
    """``size`` slots with a divider, the empty ones as dots."""
    text = Text()
    for i in range(size):
        if i:
            text.append("|", inks.muted)
        if i < len(threads):
            text.append(threads[i], inks.thread(threads[i]))
        else:
            text.append(EMPTY, inks.muted)
    return text


class Painter(PaletteUser):
    """Base of the widgets that draw threads and seats."""

    PALETTE = ThreadColours

    def inks(self) -> Inks:
        return self.from_palette("inks", self._read) or Inks()

    def _read(self, host: PaletteHost) -> Inks:
        over = self.background_colors[1]

        def ink(name: str) -> Style:
            full = host.ink(name, over)
            return Style(color=full.color, bold=full.bold, underline=full.underline)

        return Inks(
            threads={c: ink(name) for c, name in THREAD_CLASSES.items()},
            seats=tuple(ink(name) for name in SEAT_CLASSES),
            muted=ink("th--muted"),
            label=ink("th--label"),
            now=host.ink("th--now", over),
            mine=ink("th--mine"),
        )


class ModelWidget(Painter):
    """A widget that draws a model it is given (attributes down; no game state here)."""

    DEFAULT_CSS = "ModelWidget { height: auto; }"

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.model: object | None = None

    def show(self, model: object) -> None:
        if model != self.model:
            self.model = model
            self.refresh(layout=True)

    def render(self) -> Text:
        if self.model is None:
            return Text()
        return self.draw(self.model, self.inks())

    def draw(self, model, inks: Inks) -> Text:  # pragma: no cover - each widget draws its own
        raise NotImplementedError


def broken(text: Text, width: int) -> Text:
    """``text`` with every line longer than ``width`` broken at its spaces (the rest indented
    under it), so nothing is cut off with "…"; a word longer than the line is split."""
    if width <= 0 or all(cell_len(line) <= width for line in text.plain.split("\n")):
        return text
    out: list[Text] = []
    for line in text.split("\n", allow_blank=True):
        lead = len(line.plain) - len(line.plain.lstrip(" "))
        pad = " " * min(lead + 2, width // 3)
        while cell_len(line.plain) > width:
            cut = line.plain.rfind(" ", len(pad) + 1, width + 1)
            if cut < 0:
                cut = width  # one word longer than the line
            head = line[:cut]
            head.rstrip()
            out.append(head)
            rest = line[cut:]
            rest = rest[len(rest.plain) - len(rest.plain.lstrip(" ")) :]
            line = Text(pad) + rest
        out.append(line)
    return Text("\n", no_wrap=True, overflow="ellipsis").join(out)


class FittedWidget(ModelWidget):
    """A model widget whose drawing depends on the width it has (words in full, or in brief);
    a line still too long goes on under itself."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if self.model is None:
            return 0
        return len(broken(self.draw_at(self.model, Inks(), width), width).plain.split("\n"))

    def draw(self, model, inks: Inks) -> Text:
        width = self.content_size.width
        return broken(self.draw_at(model, inks, width), width)

    def draw_at(self, model, inks: Inks, width: int) -> Text:  # pragma: no cover - each widget draws its own
        raise NotImplementedError
