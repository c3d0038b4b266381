"""The keys that work now, along the bottom of a screen, drawn as one widget."""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region
from textual.widget import Widget


def declared_bindings(node: object) -> list[Binding]:
    """The bindings ``node``'s class and its bases declare, bases first (on or off now)."""
    found = []
    for cls in reversed(type(node).__mro__):
        found += [b for b in cls.__dict__.get("BINDINGS", ()) if isinstance(b, Binding)]
    return found


@dataclass(frozen=True)
class KeySpan:
    """One key on the bar: where it is drawn, and what pressing it does."""

    start: int
    end: int
    key: str
    enabled: bool


class KeyBar(Widget):
    """The screen's shown bindings: key, then what it does; click one to press it.

    Textual's ``Footer`` builds a widget per key and rebuilds them all when the
    keys change, which costs a server running a hundred screens dearly; this
    draws the same line in one widget. A key that exists but does nothing now
    is dimmed; the command palette key sits at the right. When the line is too
    narrow it drops the padding, then the keys that do not fit (help lists
    them all).
    """

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"key-bar--key", "key-bar--description", "key-bar--hover", "key-bar--divider"}

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        & > .key-bar--key {
            color: $footer-key-foreground; background: $footer-key-background; text-style: bold;
        }
        & > .key-bar--description {
            color: $footer-description-foreground; background: $footer-description-background;
        }
        & > .key-bar--hover { background: $block-hover-background; }
        & > .key-bar--divider { color: $foreground 20%; }
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self._spans: list[KeySpan] = []
        self._hover: int | None = None
        self._line: Text | None = None  # as last drawn; None: draw it afresh
        self._line_width = -1

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, _screen) -> None:
        """Repaint what changed, if anything: the keys are asked again at every change of
        focus, and a repaint of the bar makes the whole screen's widgets drawn again."""
        old, width = self._line, self.size.width
        if old is None or width != self._line_width:
            self._redraw()
            return
        new = self._draw_line(width)
        if new == old:
            return
        self._line = new
        changed = _changed_cells(old, new)
        if changed is None:
            self.refresh()
        else:
            self.refresh(Region(changed[0], 0, changed[1] - changed[0], 1))

    def _redraw(self) -> None:
        self._line = None
        self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._line = None  # a new theme: the keys' colours

    # ---- what to show --------------------------------------------------------
    def shown_keys(self) -> tuple[list[tuple[Binding, bool]], tuple[Binding, bool] | None]:
        """The keys to show in order (one per action), and the command palette key."""
        active = self.screen.active_bindings
        keys: list[tuple[Binding, bool]] = []
        actions: set[str] = set()
        for _node, binding, enabled, _tooltip in active.values():
            if binding.show and binding.action not in actions:
                actions.add(binding.action)
                keys.append((binding, enabled))
        # A screen key that the focused widget takes first (Enter on a list) is still the
        # key to press: shown, unless the screen has it switched off now.
        screen = self.screen
        for binding in declared_bindings(screen):
            if not binding.show or binding.action in actions or binding.key not in active:
                continue
            state = screen.check_action(binding.action.partition("(")[0], ())
            if state is not False:
                actions.add(binding.action)
                keys.append((binding, state is True))
        # Enter first, wherever the focus is: keys that stay in place as the focus moves
        # are easier to read, and the bar need not be drawn again.
        keys.sort(key=lambda k: k[0].key != "enter")
        palette = None
        if self.app.ENABLE_COMMAND_PALETTE:
            entry = active.get(self.app.COMMAND_PALETTE_BINDING)
            if entry is not None:
                palette = (entry.binding, entry.enabled)
                keys = [k for k in keys if k[0].action != entry.binding.action]
        return keys, palette

    # ---- drawing -------------------------------------------------------------
    def render(self) -> Text:
        width = self.size.width
        if self._line is None or width != self._line_width:
            self._line, self._line_width = self._draw_line(width), width
        return self._line

    def _draw_line(self, width: int) -> Text:
        keys, palette = self.shown_keys()
        parts = [(self.app.get_key_display(b), b.description, b.key, on) for b, on in keys]
        right = None
        if palette is not None:
            binding, on = palette
            right = (self.app.get_key_display(binding), binding.description, binding.key, on)
        room = width - (self._part_width(right, roomy=False) + 1 if right else 0)
        roomy = sum(self._part_width(p, roomy=True) for p in parts) <= room
        text = Text(no_wrap=True, overflow="crop", end="")
        spans: list[KeySpan] = []
        for part in parts:
            if text.cell_len + self._part_width(part, roomy) > room:
                break
            self._draw(text, spans, part, roomy)
            if not roomy:
                text.append(" ")
        if right is not None and width > 0:
            text.append(" " * max(0, width - text.cell_len - self._part_width(right, False) - 1))
            text.append("▏", self.get_component_rich_style("key-bar--divider"))
            self._draw(text, spans, right, False)
            text.append(" ")
        self._spans = spans
        return text

    @staticmethod
    def _part_width(part: tuple[str, str, str, bool] | None, roomy: bool) -> int:
        if part is None:
            return 0
        key, description, _, _ = part
        return len(key) + len(description) + (3 if roomy else 2)

    def _draw(self, text: Text, spans: list[KeySpan], part: tuple[str, str, str, bool], roomy: bool) -> None:
        key, description, name, enabled = part
        start = text.cell_len
        dim = Style() if enabled else Style(dim=True)
        hover = (
            self.get_component_rich_style("key-bar--hover", partial=True)
            if self._hover == len(spans) and enabled
            else Style()
        )
        pad = " " if roomy else ""
        text.append(f"{pad}{key}{pad}", self.get_component_rich_style("key-bar--key") + dim + hover)
        text.append(
            f"{' ' if not roomy else ''}{description}{pad}",
            self.get_component_rich_style("key-bar--description") + dim + hover,
        )
        spans.append(KeySpan(start, text.cell_len, name, enabled))

    # ---- mouse ---------------------------------------------------------------
    def key_at(self, x: int) -> KeySpan | None:
        return next((s for s in self._spans if s.start <= x < s.end), None)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        span = self.key_at(event.x)
        hover = self._spans.index(span) if span is not None else None
        if hover != self._hover:
            self._hover = hover
            self._redraw()

    def on_leave(self, _event: events.Leave) -> None:
        if self._hover is not None:
            self._hover = None
            self._redraw()

    def on_click(self, event: events.Click) -> None:
        span = self.key_at(event.x)
        if span is None:
            return
        event.stop()
        if span.enabled:
            self.app.simulate_key(span.key)
        else:
            self.app.bell()


def _changed_cells(old: Text, new: Text) -> tuple[int, int] | None:
    """Columns ``[start, end)`` that hold every difference between two lines of
    one-cell characters (letters, or a style span that is in one line only); None
    when a character is wider, the lengths differ, or the base styles do."""
    a, b = old.plain, new.plain
    if len(a) != len(b) or old.cell_len != len(a) or new.cell_len != len(b) or old.style != new.style:
        return None
    differs = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
    start, end = (differs[0], differs[-1] + 1) if differs else (len(a), 0)
    for span in set(old.spans) ^ set(new.spans):
        start, end = min(start, span.start), max(end, span.end)
    return (start, end) if start < end else None
