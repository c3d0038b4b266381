"""One seat's legal actions as a list: arrows and Enter, numbers, typing to narrow it, or a click."""

from __future__ import annotations

import time
from collections.abc import Collection
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.timer import Timer

from threadbox.rules.core import Action

from .option_filter import matching, number_allowed, number_waits, numbers_around, words

# A number that may grow ("1" while there are 10 or more options) is taken after this
# pause, at Enter, or at the next digit. Design choice: about the gap between two digits
# of one number typed by a slow typist, short enough not to feel like waiting.
NUMBER_PAUSE = 0.8
# A number (or Enter) pressed this soon after another seat changed the options is checked
# against the list as it was: if it named another option there, it is refused and the new
# option shown. Design choice: a reaction time, longer than a key already on its way.
CHANGE_GUARD = 0.6

MESSAGE = -1  # the one line of a list with nothing to show (waiting, no option matches)
BLANK = -2  # below the last line


def heading_item(index: int) -> int:
    """Heading ``index`` as a row item (options are items 0, 1, ...)."""
    return -3 - index


class ActionList(ScrollView, can_focus=True):
    """The options a seat may choose now, grouped under headings; posts ``ActionList.Chosen``.

    | Key | Does |
    | :- | :- |
    | up / down | move the highlight |
    | home / end | first / last option |
    | page up / page down | a page at a time |
    | enter | choose the highlighted option |
    | / then letters, digits | narrow the list to the options with those words |
    | backspace / escape | take back a letter / show every option again |
    | click | choose the clicked option |

    The screen binds the digits (so they work wherever the focus is) and calls
    ``press_digit``: every option has a number, and a number that could still
    grow (``1`` with 16 options) waits for the next digit, Enter or a pause.
    The order is the screen's, grouped: each group's options come together
    under its heading, in the order the groups first appear.

    Named keys: the screen may give an option a key of its own (``keys``: the
    holder's number, the shop's letter), drawn beside it instead of a number;
    the screen handles those keys. The other options are numbered 1, 2, ... but
    never with a number that starts with a key the screen names in this phase
    (``reserved``, on offer or not), so a named key and a number never meet.

    When another seat's move changes the options (or brings them back after the
    list waited for others), the highlight stays on the same option (the same
    action) if it is still there, and a number pressed within ``CHANGE_GUARD``
    seconds that named another option on the list last seen is refused, showing
    what it names now (``Refused``): pressed again, it is taken. The player's own
    choices change the list without that check.

    It keeps each option's drawn lines until the width or its highlight changes,
    so a screen that grows or shrinks the list (the log shown or hidden) does not
    draw every option again: that is most of a frame's work on a busy server.

    Why not a small ``OptionList`` subclass (issue 9): it would be one only if
    the SSH figures of ``benchmarks/ssh_load.py`` (1.6 MiB a session, p95
    22-28 ms at 100 sessions) stayed as good, and those cannot be measured
    on a machine shared by several jobs at once; until they are, this list
    stays as measured.
    """

    ALLOW_MAXIMIZE = True
    COMPONENT_CLASSES = {
        "action-list--highlighted",
        "action-list--hover",
        "action-list--waiting",
        "action-list--heading",
    }

    DEFAULT_CSS = """
    ActionList {
        height: 1fr;
        max-height: 100%;
        color: $foreground;
        overflow-x: hidden;
        scrollbar-gutter: stable;  /* options wrap beside the scrollbar, never under it */
        border: tall $border-blurred;
        border-title-align: left;
        border-subtitle-align: left;
        border-subtitle-color: $foreground-muted;
        padding: 0 1;
        background: $surface;
        & > .action-list--highlighted { color: $foreground; background: $block-cursor-blurred-background; }
        & > .action-list--hover { background: $block-hover-background; }
        & > .action-list--waiting { color: $text-disabled; text-style: italic; }
        & > .action-list--heading { color: $text-secondary; text-style: bold; }
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
        """The highlight moved to option ``index``, ``action`` (by keys, a click, the screen or a change)."""

        action_list: ActionList
        index: int
        action: Action

        @property
        def control(self) -> ActionList:
            return self.action_list

    @dataclass
    class Unnarrowed(Message):
        """The player's Escape (or Backspace) dropped the screen's ``narrow_to``: every option shows."""

        action_list: ActionList

        @property
        def control(self) -> ActionList:
            return self.action_list

    @dataclass
    class Refused(Message):
        """A number or Enter did nothing; ``text`` says why (the screen shows it)."""

        action_list: ActionList
        text: str

        @property
        def control(self) -> ActionList:
            return self.action_list

    def __init__(self, *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.border_title = "Your options"
        self._actions: list[Action] = []
        self._texts: list[str] = []
        self._groups: list[str] = []
        self._prompts: list[Text] = []
        self._words: list[list[str]] = []  # each option's words (and its heading's), for the filter
        self._headings: list[str] = []  # the groups in order, when there are two or more
        self._heading_of: list[int] = []  # each option's heading (-1: none shown)
        self._waiting = ""
        self._hover: int | None = None
        # Typing: the filter, whether letters go to it, and a number being typed.
        self._filter = ""
        self._typing = False
        self._only: frozenset[Action] | None = None  # the screen's own narrowing (narrow_to)
        self._only_label = ""
        self._shown: list[int] = []  # the options the filter keeps, in order
        self._number = ""
        self._number_at = 0.0
        self._number_timer: Timer | None = None
        self._keys: list[str | None] = []  # each option's own key, drawn instead of a number
        self._reserved: frozenset[str] = frozenset()
        self._numbered: dict[int, int] = {}  # number -> option
        # The options last seen (and highlighted), and the list as it was before another
        # seat changed it, while CHANGE_GUARD lasts.
        self._seen: list[Action] = []
        self._seen_numbered: dict[int, Action] = {}
        self._seen_highlight: Action | None = None
        self._seen_texts: dict[Action, str] = {}
        self._before: dict[int, Action] = {}  # number -> option, as the player last saw them
        self._before_highlight: Action | None = None
        self._before_texts: dict[Action, str] = {}  # option -> its words, as the player last saw them
        self._guard_on = False  # another seat changed the options at _changed_at
        self._changed_at = 0.0
        # Laid out for one width: (item, line of it) per row, and each shown option's first row.
        self._width = -1
        self._rows: list[tuple[int, int]] = []
        self._first_row: dict[int, int] = {}
        self._lines: dict[int, list[Text]] = {}  # item -> its wrapped lines, at self._width
        self._strips: dict[tuple[int, int, str], Strip] = {}  # (item, line, look) -> drawn
        # The drawn lines of each appearance the list has had (focused or not), so
        # moving the focus in and out does not draw every option again.
        self._appearances: dict[tuple[object, ...], dict[tuple[int, int, str], Strip]] = {}

    # ---- what is listed ------------------------------------------------------
    @property
    def actions(self) -> list[Action]:
        """Every option, in the order listed (numbered from 1), the filter aside."""
        return list(self._actions)

    @property
    def descriptions(self) -> list[str]:
        """The options' words (without their numbers or headings), in the order listed."""
        return list(self._texts)

    @property
    def keys(self) -> list[str | None]:
        """Each option's own key (None: it goes by its number), in the order listed."""
        return list(self._keys)

    @property
    def numbers(self) -> dict[int, Action]:
        """The numbered options by number."""
        return {number: self._actions[index] for number, index in self._numbered.items()}

    @property
    def typing_number(self) -> bool:
        """A number is being typed (``1`` of ``16``): digits continue it."""
        return bool(self._number)

    @property
    def groups(self) -> list[str]:
        """Each option's group (its heading), in the order listed."""
        return list(self._groups)

    @property
    def shown(self) -> list[Action]:
        """The options on the list now: those the filter keeps."""
        return [self._actions[i] for i in self._shown]

    @property
    def option_count(self) -> int:
        """Rows of the list as options: the actions, or the one waiting line."""
        return len(self._prompts)

    @property
    def filter_text(self) -> str:
        return self._filter

    @property
    def highlighted_action(self) -> Action | None:
        index = self.highlighted
        return self._actions[index] if index is not None and index < len(self._actions) else None

    def show(
        self,
        choices: list[tuple[Action, str]],
        waiting: str = "",
        groups: list[str] | None = None,
        *,
        own: bool = False,
        keys: list[str | None] | None = None,
        reserved: Collection[str] = (),
    ) -> None:
        """List ``(action, description)`` pairs under their ``groups``; with none, show ``waiting``.

        ``own``: the change is the player's own choice (no guard against a number
        already on its way, and the filter is cleared for the next decision).
        ``keys``: each option's own key, or None; ``reserved``: every key the screen
        names in this phase, which no number may start with.
        """
        extra = list(zip(groups or [""] * len(choices), keys or [None] * len(choices), strict=True))
        grouped = list(zip(choices, extra, strict=True))
        order: dict[str, int] = {}
        for _, (group, _key) in grouped:
            order.setdefault(group, len(order))
        grouped.sort(key=lambda pair: order[pair[1][0]])  # stable: the screen's order within a group
        actions = [action for (action, _), _ in grouped]
        texts = [text for (_, text), _ in grouped]
        names = [group for _, (group, _key) in grouped]
        labels = [key for _, (_group, key) in grouped]
        reserved = frozenset(reserved) | {key for key in labels if key}
        if actions == self._actions and waiting == self._waiting and self._prompts:
            if texts != self._texts or names != self._groups or labels != self._keys or reserved != self._reserved:
                keep = {action: number for number, action in self.numbers.items()}
                self._keys, self._reserved = labels, reserved  # the same choice about something else
                self._describe(texts, names, keep)
                self._refilter()
            return  # same options: keep the player's highlight where it is
        if self._actions:  # what the player last saw as options, kept while the list waits
            self._seen, self._seen_highlight = self._actions, self.highlighted_action
            self._seen_numbered = self.numbers
            self._seen_texts = dict(zip(self._actions, self._texts, strict=True))
        seen, kept = self._seen_numbered, self._seen_highlight
        now = time.monotonic()
        if own or not self._seen or not actions:
            self._end_guard()  # nothing on the list a key on its way could have meant
        elif not self._guarding(now):
            self._before, self._before_highlight, self._changed_at = seen, kept, now
            self._before_texts, self._guard_on = self._seen_texts, True
        if self._number:
            typed = self._number
            self._cancel_number()
            if not own:
                self._refuse(f"The options changed while you typed {typed}: type the number again.")
        if own:
            self._filter, self._typing, self._only = "", False, None
        self._actions, self._waiting = actions, waiting
        self._keys, self._reserved = labels, reserved
        self._hover = None
        if actions:
            # Another seat's move: the options still on offer keep their numbers.
            self._describe(texts, names, {} if own else {action: number for number, action in seen.items()})
        else:
            self._texts, self._groups, self._words, self._headings, self._heading_of = [], [], [], [], []
            self._numbered = {}
            self._prompts = [Text(waiting or "Nothing to decide.")]
        self._refilter(announce=False)
        self.set_reactive(ActionList.highlighted, None)
        index = actions.index(kept) if kept in actions else None
        if index is None or index not in self._shown:
            index = self._shown[0] if self._shown else None
        self.highlighted = index  # a new list: announced even if the same index again

    def _describe(self, texts: list[str], names: list[str], keep: dict[Action, int] | None = None) -> None:
        """The drawn prompts, headings and words of the options; the options of ``keep`` keep
        their numbers there (if no key the screen names now starts them), the rest take the
        lowest numbers left."""
        self._texts, self._groups = texts, names
        self._headings = list(dict.fromkeys(names))
        if len(self._headings) < 2:
            self._headings = []  # one group: its heading would say nothing
        place = {name: i for i, name in enumerate(self._headings)}
        self._heading_of = [place.get(name, -1) for name in names]
        unnamed = [i for i, key in enumerate(self._keys) if not key]
        kept = {
            number: i
            for i in unnamed
            if (number := (keep or {}).get(self._actions[i])) is not None and number_allowed(number, self._reserved)
        }
        rest = [i for i in unnamed if i not in kept.values()]
        free = [n for n in numbers_around(self._reserved, len(unnamed)) if n not in kept]
        self._numbered = {**kept, **dict(zip(free, rest, strict=False))}
        marks = [key or "" for key in self._keys]
        for number, index in self._numbered.items():
            marks[index] = str(number)
        width = max((len(mark) for mark in marks), default=1)
        self._prompts = [
            self._prompt(f"{marks[i]:>{width}} ", self._under(text, names[i]) if self._headings else text)
            for i, text in enumerate(texts)
        ]
        self._words = [words(name, text) for name, text in zip(names, texts, strict=True)]

    @staticmethod
    def _under(text: str, heading: str) -> str:
        """An option's words under its heading, without the heading's words it starts with."""
        if heading and text.startswith(heading) and len(text) > len(heading):
            rest = text[len(heading) :].lstrip(" ,:")
            if rest:
                return rest
        return text

    @staticmethod
    def _prompt(number: str, text: str) -> Text:
        prompt = Text(number, style="bold")
        prompt.append(text)
        return prompt

    # ---- narrowing -------------------------------------------------------------
    def start_typing(self) -> None:
        """Letters and digits typed from now go to the filter (until Enter, Escape or the focus leaves)."""
        self._typing = True
        self.focus()
        self._show_state()

    def filter_to(self, text: str) -> None:
        """Narrow the list to the options matching ``text`` ("" shows every option)."""
        if text != self._filter:
            self._filter = text
            self._refilter()
        self._show_state()

    def narrow_to(self, actions: Collection[Action] | None, label: str = "") -> None:
        """Show only ``actions`` (a screen's own narrowing: one pencil's options), named ``label``
        on the lower edge; None shows them all again. Typing narrows further; Escape shows all."""
        only = None if actions is None else frozenset(actions)
        if only != self._only or label != self._only_label:
            self._only, self._only_label = only, label
            self._refilter()
        self._show_state()

    @property
    def narrowed(self) -> str:
        """The label of the screen's narrowing now ("" when there is none)."""
        return self._only_label if self._only is not None else ""

    def _show_all(self) -> None:
        dropped = self._only is not None
        self._only, self._filter = None, ""
        self._refilter()
        if dropped:
            self.post_message(self.Unnarrowed(self))

    def _refilter(self, announce: bool = True) -> None:
        kept = (
            matching(self._filter, self._words) if self._filter and self._actions else list(range(len(self._actions)))
        )
        if self._only is not None:
            kept = [i for i in kept if self._actions[i] in self._only]
        self._shown = kept
        self._forget_layout()
        if announce and kept and self.highlighted not in kept:
            self.highlighted = kept[0]
        elif announce and self.highlighted is not None:
            self._show_option(self.highlighted)
        self._show_state()

    def highlight_action(self, action: Action) -> bool:
        """Put the highlight on ``action``; False if it is not on the list (or the filter hides it)."""
        if action not in self._actions:
            return False
        index = self._actions.index(action)
        if index not in self._shown:
            return False
        self.highlighted = index
        return True

    def _show_state(self) -> None:
        """The lower edge: the filter being typed, a number waiting, or how to narrow the list."""
        if self._number:
            words_ = f"number {self._number}… (Enter takes it)"
        elif self._filter or self._typing or self._only is not None:
            cursor = "▏" if self._typing else ""
            find = f"find {self._filter}{cursor} " if self._filter or self._typing else ""
            label = f"{self._only_label} " if self._only is not None else ""
            words_ = f"{label}{find}{len(self._shown)} of {len(self._actions)} · Esc: all"
        elif len(self._actions) > 1:
            words_ = "/ find"
        else:
            words_ = ""
        subtitle = self.border_subtitle
        if subtitle is None or str(subtitle) != words_:
            self.border_subtitle = Text(words_)  # the player's typing: plain text, never markup

    def on_key(self, event: events.Key) -> None:
        key = event.key
        if not key.isdigit() and key != "enter":
            self.drop_number()
        if self._typing:
            if key == "escape":
                self._typing = False
                self._show_all()
            elif key == "backspace":
                if self._filter:
                    self.filter_to(self._filter[:-1])
                else:
                    self._typing = False
                    self._show_state()
            elif event.is_printable and event.character and key != "slash":
                self.filter_to(self._filter + event.character)
            elif key != "slash":
                return  # arrows, Enter and the rest work as ever
            event.stop()
            event.prevent_default()
        elif (self._filter or self._only is not None) and key in ("escape", "backspace"):
            event.stop()
            event.prevent_default()
            if key == "escape" or not self._filter:
                self._show_all()
            else:
                self._typing = True
                self.filter_to(self._filter[:-1])

    def on_blur(self) -> None:
        if self._typing:
            self._typing = False
            self._show_state()

    # ---- choosing ------------------------------------------------------------
    def press_digit(self, digit: int) -> None:
        """A digit typed for a number: chosen at once if no longer number starts with it."""
        typed = self._number + str(digit)
        at = self._number_at if self._number else time.monotonic()
        self._cancel_number()
        top = max(self._numbered, default=0)
        if int(typed) not in self._numbered:
            count = len(self._numbered)
            if not top:
                self._refuse(f"There is no option {typed}: choose by the keys shown beside the options.")
            elif top == count:
                self._refuse(f"There is no option {typed}: there {'is' if count == 1 else 'are'} {count} now.")
            else:
                self._refuse(f"There is no option {typed}: the numbers go up to {top} now.")
            self._show_state()
            return
        if number_waits(typed, top):
            self._number, self._number_at = typed, at
            if self._numbered[int(typed)] in self._shown:
                self.highlighted = self._numbered[int(typed)]
            self._number_timer = self.set_timer(NUMBER_PAUSE, self.take_number)
            self._show_state()
            return
        self._show_state()
        self._choose_numbered(int(typed), at)

    def take_number(self) -> bool:
        """Take the number being typed now (Enter, or the pause after it); False if there is none."""
        typed, at = self._number, self._number_at
        if not typed:
            return False
        self._cancel_number()
        self._show_state()
        self._choose_numbered(int(typed), at)
        return True

    def drop_number(self) -> None:
        """Forget a number being typed (another key was pressed)."""
        if self._number:
            self._cancel_number()
            self._show_state()

    def _cancel_number(self) -> None:
        self._number = ""
        if self._number_timer is not None:
            self._number_timer.stop()
            self._number_timer = None

    def _choose_numbered(self, number: int, pressed_at: float) -> None:
        index = self._numbered.get(number)
        if index is None:
            self._refuse(f"There is no option {number} now.")
            return
        if index not in self._shown:
            self._refuse(f"Option {number} is hidden by the filter: Escape shows every option.")
            return
        action = self._actions[index]
        if self._guarding(pressed_at):
            was = self._before.get(number)
            self._end_guard()  # pressed again, it is taken
            if was != action:
                self.highlighted = index
                self._refuse(f"The options just changed: {number} is now “{self._texts[index]}”. Press again.")
                return
        self.highlighted = index
        self.post_message(self.Chosen(self, action))

    def _guarding(self, pressed_at: float) -> bool:
        return self._guard_on and pressed_at - self._changed_at < CHANGE_GUARD

    def _end_guard(self) -> None:
        self._before, self._before_texts, self._guard_on = {}, {}, False

    def changed_under(self, action: Action) -> bool:
        """Whether ``action``, chosen by the screen (Enter on its board, a click), is one the player
        has not seen: within ``CHANGE_GUARD`` of another seat's change, it was not on the list last
        seen with these words. Then it is highlighted and a ``Refused`` says what it is now; pressed
        again, it is taken. An option with a key of its own is not held back: that key names the
        same thing whenever it is on offer. An action not on the list is for the rules to refuse."""
        if not self._guarding(time.monotonic()) or action not in self._actions:
            return False
        index = self._actions.index(action)
        text = self._texts[index]
        if self._keys[index] or self._before_texts.get(action) == text:
            return False
        self._end_guard()
        if index in self._shown:
            self.highlighted = index
        self._refuse(f"The options just changed: that is now “{text}”. Press again.")
        return True

    def _refuse(self, text: str) -> None:
        self.post_message(self.Refused(self, text))

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
        self.post_message(self.Highlighted(self, index, self._actions[index]))

    def _refresh_option(self, index: int) -> None:
        row = self._first_row.get(index)
        if row is not None:
            self.refresh_lines(row, len(self._lines[index]))

    def _step(self, step: int) -> None:
        shown = self._shown
        if not shown:
            return
        at = shown.index(self.highlighted) if self.highlighted in shown else -1
        if at < 0:
            self.highlighted = shown[0]
        else:
            self.highlighted = shown[max(0, min(at + step, len(shown) - 1))]

    def action_cursor_down(self) -> None:
        self._step(+1)

    def action_cursor_up(self) -> None:
        self._step(-1)

    def action_first(self) -> None:
        if self._shown:
            self.highlighted = self._shown[0]

    def action_last(self) -> None:
        if self._shown:
            self.highlighted = self._shown[-1]

    def action_page_down(self) -> None:
        self._page(+1)

    def action_page_up(self) -> None:
        self._page(-1)

    def _page(self, direction: int) -> None:
        if not self._shown:
            return
        self._layout()
        start = self._first_row.get(self.highlighted or 0, 0)
        row = max(0, min(start + direction * max(1, self.scrollable_content_region.height), len(self._rows) - 1))
        after = [item for item, _ in self._rows[row:] if item >= 0]
        before = [item for item, _ in reversed(self._rows[: row + 1]) if item >= 0]
        options = after + before if direction > 0 else before + after  # a heading row: the nearest option
        if options:
            self.highlighted = options[0]

    def action_select(self) -> None:
        if self.take_number():
            return
        index = self.highlighted
        if index is None or index >= len(self._actions) or index not in self._shown:
            return
        action = self._actions[index]
        if self._guarding(time.monotonic()) and action != self._before_highlight:
            self._end_guard()
            self._refuse(f"The options just changed: the highlight is now on “{self._texts[index]}”. Press again.")
            return
        self._typing = False
        self.post_message(self.Chosen(self, action))

    # ---- mouse ---------------------------------------------------------------
    def _option_at(self, event: events.MouseEvent) -> int | None:
        offset = event.get_content_offset(self)
        if offset is None or not self._actions:
            return None
        self._layout()
        row = offset.y + self.scroll_offset.y
        item = self._rows[row][0] if 0 <= row < len(self._rows) else -1
        return item if item >= 0 else None  # a heading or the message is not an option

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
        self._cancel_number()
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

    def _items(self) -> list[tuple[int, Text]]:
        """What is listed, top to bottom: headings, the options the filter keeps, or one message."""
        if not self._actions:
            return [(MESSAGE, self._prompts[0])] if self._prompts else []  # [] before the first show
        if not self._shown:
            return [(MESSAGE, Text(f"No option matches “{self._filter}”. Backspace or Escape."))]
        items: list[tuple[int, Text]] = []
        heading = -1
        for index in self._shown:
            if self._headings and self._heading_of[index] != heading:
                heading = self._heading_of[index]
                if heading >= 0:
                    items.append((heading_item(heading), Text(self._headings[heading])))
            items.append((index, self._prompts[index]))
        return items

    def _layout(self) -> None:
        """Wrap what is listed for the current width (only when the width or the list changed)."""
        width = self.scrollable_content_region.width
        if width == self._width:
            return
        self._width = width
        self._lines.clear()
        self._forget_strips()
        self._rows, self._first_row = [], {}
        for item, prompt in self._items():
            lines = self._lines[item] = self._wrap(prompt, width)
            self._first_row[item] = len(self._rows)
            self._rows.extend((item, line) for line in range(len(lines)))
        self.virtual_size = Size(width, len(self._rows))

    def _show_option(self, index: int) -> None:
        self._layout()
        row = self._first_row.get(index)
        if row is not None:
            height = len(self._lines[index])
            if self._headings and row > 0 and self._rows[row - 1][0] < MESSAGE:
                row, height = row - 1, height + 1  # the group's heading too, when it is just above
            region = Region(0, row, self._width, height)
            self.scroll_to_region(region, animate=False, force=True, immediate=True)

    def on_resize(self) -> None:
        self._layout()
        if self.highlighted is not None:
            self._show_option(self.highlighted)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max((prompt.cell_len for _, prompt in self._items()), default=0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return sum(len(self._wrap(prompt, width)) for _, prompt in self._items())

    def render_lines(self, crop: Region) -> list[Strip]:
        self._layout()
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        row = y + self.scroll_offset.y
        width = self.scrollable_content_region.width
        if not 0 <= row < len(self._rows):
            blank = self._strips.get((BLANK, width, ""))
            if blank is None:
                blank = self._strips[(BLANK, width, "")] = Strip.blank(width, self.rich_style)
            return blank
        item, line = self._rows[row]
        look = (
            "waiting"
            if item == MESSAGE
            else "heading"
            if item < MESSAGE
            else "highlighted"
            if item == self.highlighted
            else "hover"
            if item == self._hover
            else ""
        )
        key = (item, line, look)
        strip = self._strips.get(key)
        if strip is None:
            style = self.rich_style
            if look:
                style += self.get_component_rich_style(f"action-list--{look}")
            text = self._lines[item][line].copy()
            text.stylize_before(style)
            strip = Strip(text.render(self.app.console), text.cell_len).adjust_cell_length(width, style)
            self._strips[key] = strip
        return strip
