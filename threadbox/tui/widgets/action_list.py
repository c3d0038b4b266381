"""One seat's legal actions as a list: arrows and Enter, digits, or a click."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from threadbox.rules.core import Action


class ActionList(ScrollView, can_focus=True):
    """The options a seat may choose now; posts ``ActionList.Chosen``.

    | Key | Does |
    | :- | :- |
    | up / down | move the highlight |
    | home / end | first / last option |
    | page up / page down | a page at a time |
    | enter | choose the highlighted option |
    | click | choose the clicked option |

    Digits are bound on the screen (so they work wherever the focus is) and
    call ``choose_number``.

    It looks and works like Textual's ``OptionList`` but keeps each option's
    drawn lines until the width or its highlight changes, so a screen that
    grows or shrinks the list (the log shown or hidden) does not draw every
    option again: that is most of a frame's work on a busy server.

    Why not a small ``OptionList`` subclass (issue 9): it would be one only if
    the SSH figures of ``benchmarks/ssh_load.py`` (1.6 MiB a session, p95
    22-28 ms at 100 sessions) stayed as good, and those cannot be measured
    on a machine shared by several jobs at once; until they are, this list
    stays as measured.
    """

    ALLOW_MAXIMIZE = True
    COMPONENT_CLASSES = {"action-list--highlighted", "action-list--hover", "action-list--waiting"}

    DEFAULT_CSS = """
    ActionList {
        height: 1fr;
        max-height: 100%;
        color: $foreground;
        overflow-x: hidden;
        scrollbar-gutter: stable;  /* options wrap beside the scrollbar, never under it */
        border: tall $border-blurred;
        border-title-align: left;
        padding: 0 1;
        background: $surface;
        & > .action-list--highlighted { color: $foreground; background: $block-cursor-blurred-background; }
        & > .action-list--hover { background: $block-hover-background; }
        & > .action-list--waiting { color: $text-disabled; text-style: italic; }
        &:focus {
            border: tall $border;
            background-tint: $foreground 5%;
            & > .action-list--highlighted {
                color: $block-cursor-foreground;
                background: $block-cursor-background;
                text-style: $block-cursor-text-style;
            }
        }
    }
    """

    BINDINGS = [
        Binding("down", "cursor_down", "Down", show=False),
        Binding("up", "cursor_up", "Up", show=False),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
        Binding("pagedown", "page_down", "Page Down", show=False),
        Binding("pageup", "page_up", "Page Up", show=False),
        Binding("enter", "select", "Select", show=False),
    ]

    highlighted: reactive[int | None] = reactive(None, repaint=False)  # the watcher repaints what changed

    @dataclass
    class Chosen(Message):
        """The player picked ``action`` from ``action_list``."""

        action_list: ActionList
        action: Action

        @property
        def control(self) -> ActionList:
            return self.action_list

    @dataclass
    class Highlighted(Message):
        """The highlight moved to option ``index`` (by keys, a click, or the screen)."""

        action_list: ActionList
        index: int

        @property
        def control(self) -> ActionList:
            return self.action_list

    def __init__(self, *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.border_title = "Your options"
        self._actions: list[Action] = []
        self._prompts: list[Text] = []
        self._texts: list[str] = []
        self._waiting = ""
        self._hover: int | None = None
        # Laid out for one width: (option, line of it) per row, and each option's first row.
        self._width = -1
        self._rows: list[tuple[int, int]] = []
        self._first_row: list[int] = []
        self._lines: dict[int, list[Text]] = {}  # option -> its wrapped lines, at self._width
        self._strips: dict[tuple[int, int, str], Strip] = {}  # (option, line, look) -> drawn; -1: blank
        # The drawn lines of each appearance the list has had (focused or not), so
        # moving the focus in and out does not draw every option again.
        self._appearances: dict[tuple[object, ...], dict[tuple[int, int, str], Strip]] = {}

    # ---- what is listed ------------------------------------------------------
    @property
    def actions(self) -> list[Action]:
        return list(self._actions)

    @property
    def descriptions(self) -> list[str]:
        """The options' words as listed (without their numbers)."""
        return list(self._texts)

    @property
    def option_count(self) -> int:
        """Rows of the list as options: the actions, or the one waiting line."""
        return len(self._prompts)

    def show(self, choices: list[tuple[Action, str]], waiting: str = "") -> None:
        """List ``(action, description)`` pairs; with none, show ``waiting`` instead."""
        actions = [action for action, _ in choices]
        texts = [text for _, text in choices]
        if actions == self._actions and waiting == self._waiting and self._prompts:
            if texts != self._texts:  # the same choice about something else (the next crossing)
                self._texts = texts
                self._prompts = [self._prompt(i, text) for i, text in enumerate(texts)]
                self._forget_layout()
            return  # same options: keep the player's highlight where it is
        self._actions, self._waiting, self._texts = actions, waiting, texts
        if choices:
            self._prompts = [self._prompt(i, text) for i, (_, text) in enumerate(choices)]
        else:
            self._prompts = [Text(waiting or "Nothing to decide.")]
        self._hover = None
        self._forget_layout()
        self.set_reactive(ActionList.highlighted, None)
        self.highlighted = 0 if actions else None  # a new list: announced even if 0 again

    @staticmethod
    def _prompt(index: int, text: str) -> Text:
        number = f"{index + 1} " if index < 9 else "  "
        prompt = Text(number, style="bold")
        prompt.append(text)
        return prompt

    # ---- choosing ------------------------------------------------------------
    def choose_number(self, number: int) -> bool:
        """Choose the option shown with ``number`` (1-9); False if there is none."""
        if not 1 <= number <= min(9, len(self._actions)):
            return False
        self.highlighted = number - 1
        self.post_message(self.Chosen(self, self._actions[number - 1]))
        return True

    def validate_highlighted(self, index: int | None) -> int | None:
        if index is None or not self._actions:
            return None
        return max(0, min(index, len(self._actions) - 1))

    def watch_highlighted(self, old: int | None, index: int | None) -> None:
        if index is None:
            return
        width, scrolled = self._width, self.scroll_offset
        self._show_option(index)
        if old is None or width != self._width or self.scroll_offset != scrolled:
            self.refresh()
        else:  # only the two options whose look changed are drawn again
            self._refresh_option(old)
            self._refresh_option(index)
        self.post_message(self.Highlighted(self, index))

    def _refresh_option(self, index: int) -> None:
        if index < len(self._first_row):
            self.refresh_lines(self._first_row[index], len(self._lines[index]))

    def action_cursor_down(self) -> None:
        if self._actions:
            self.highlighted = 0 if self.highlighted is None else min(self.highlighted + 1, len(self._actions) - 1)

    def action_cursor_up(self) -> None:
        if self._actions:
            self.highlighted = 0 if self.highlighted is None else max(self.highlighted - 1, 0)

    def action_first(self) -> None:
        if self._actions:
            self.highlighted = 0

    def action_last(self) -> None:
        if self._actions:
            self.highlighted = len(self._actions) - 1

    def action_page_down(self) -> None:
        self._page(+1)

    def action_page_up(self) -> None:
        self._page(-1)

    def _page(self, direction: int) -> None:
        if not self._actions:
            return
        self._layout()
        start = self._first_row[self.highlighted or 0]
        row = max(0, min(start + direction * max(1, self.scrollable_content_region.height), len(self._rows) - 1))
        self.highlighted = self._rows[row][0]

    def action_select(self) -> None:
        if self.highlighted is not None and self.highlighted < len(self._actions):
            self.post_message(self.Chosen(self, self._actions[self.highlighted]))

    # ---- mouse ---------------------------------------------------------------
    def _option_at(self, event: events.MouseEvent) -> int | None:
        offset = event.get_content_offset(self)
        if offset is None or not self._actions:
            return None
        self._layout()
        row = offset.y + self.scroll_offset.y
        return self._rows[row][0] if 0 <= row < len(self._rows) else None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        hover = self._option_at(event)
        if hover != self._hover:
            self._hover = hover
            self.refresh()

    def on_leave(self, _event: events.Leave) -> None:
        if self._hover is not None:
            self._hover = None
            self.refresh()

    def on_click(self, event: events.Click) -> None:
        index = self._option_at(event)
        if index is None:
            return
        event.stop()
        self.highlighted = index
        self.post_message(self.Chosen(self, self._actions[index]))

    # ---- layout and drawing --------------------------------------------------
    def _forget_layout(self) -> None:
        self._width = -1
        self._lines.clear()
        self._forget_strips()
        self.refresh(layout=True)

    def _forget_strips(self) -> None:
        self._appearances.clear()
        self._strips.clear()
        self._appearances[self._appearance()] = self._strips

    def _appearance(self) -> tuple[object, ...]:
        return (self.rich_style, self.has_focus, self.app.theme if self.is_attached else None)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        # Focus, hover, theme: the list may look different. Draw again only what the
        # list has not yet been drawn with (two appearances are kept: with and without focus).
        appearance = self._appearance()
        strips = self._appearances.get(appearance)
        if strips is None:
            if len(self._appearances) >= 2:
                self._appearances.clear()
            strips = self._appearances[appearance] = {}
        self._strips = strips

    def _wrap(self, prompt: Text, width: int) -> list[Text]:
        return list(prompt.wrap(self.app.console, max(1, width), overflow="fold")) or [Text()]

    def _layout(self) -> None:
        """Wrap the options for the current width (only when the width changed)."""
        width = self.scrollable_content_region.width
        if width == self._width:
            return
        self._width = width
        self._lines.clear()
        self._forget_strips()
        self._rows, self._first_row = [], []
        for index, prompt in enumerate(self._prompts):
            lines = self._lines[index] = self._wrap(prompt, width)
            self._first_row.append(len(self._rows))
            self._rows.extend((index, line) for line in range(len(lines)))
        self.virtual_size = Size(width, len(self._rows))

    def _show_option(self, index: int) -> None:
        self._layout()
        if index < len(self._first_row):
            height = len(self._lines[index])
            region = Region(0, self._first_row[index], self._width, height)
            self.scroll_to_region(region, animate=False, force=True, immediate=True)

    def on_resize(self) -> None:
        self._layout()
        if self.highlighted is not None:
            self._show_option(self.highlighted)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max((prompt.cell_len for prompt in self._prompts), default=0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return sum(len(self._wrap(prompt, width)) for prompt in self._prompts)

    def render_lines(self, crop: Region) -> list[Strip]:
        self._layout()
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        row = y + self.scroll_offset.y
        width = self.scrollable_content_region.width
        if not 0 <= row < len(self._rows):
            blank = self._strips.get((-1, width, ""))
            if blank is None:
                blank = self._strips[(-1, width, "")] = Strip.blank(width, self.rich_style)
            return blank
        index, line = self._rows[row]
        look = (
            "waiting"
            if not self._actions
            else "highlighted"
            if index == self.highlighted
            else "hover"
            if index == self._hover
            else ""
        )
        key = (index, line, look)
        strip = self._strips.get(key)
        if strip is None:
            style = self.rich_style
            if look:
                style += self.get_component_rich_style(f"action-list--{look}")
            text = self._lines[index][line].copy()
            text.stylize_before(style)
            strip = Strip(text.render(self.app.console), text.cell_len).adjust_cell_length(width, style)
            self._strips[key] = strip
        return strip
