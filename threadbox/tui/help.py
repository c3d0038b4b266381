"""The help screen: a game's keys first, then its help in our own words."""

from __future__ import annotations

import inspect
from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Markdown, Static

from .widgets.key_bar import KeyBar, declared_bindings

# Keys Textual itself binds on every screen that say nothing about playing: selecting text
# to copy is not how anything here is used, and Tab is said in words where it matters.
NOT_LISTED = frozenset({"Copy selected text"})
# Textual's words for its own keys, in ours.
OUR_WORDS = {
    "Focus Next": "move to the next part of the screen (board, options)",
    "Focus Previous": "move to the previous part of the screen",
    "palette": "command palette",
}


def key_table(screen: Screen, below: type | None = None) -> list[tuple[str, str]]:
    """``(keys, what they do)`` for the bindings of ``screen`` and the app.

    Keys with the same description are merged ("escape / q"); a run of
    digits is written "1-9". Every key of the screen is listed, also those
    that do nothing at this moment (the key bar shows only those that do).
    ``below``: only the bindings ``below`` and its bases declare (a game
    screen's own keys are in its own table, see ``own_keys``).
    """
    merged: dict[str, list[str]] = {}
    app_keys = [a.binding for a in screen.active_bindings.values() if a.node is screen.app]
    declared = declared_bindings(screen)
    if below is not None:
        declared = [b for cls in reversed(below.__mro__) for b in cls.__dict__.get("BINDINGS", ()) if b in declared]
    for binding in [*declared, *app_keys]:
        if not binding.description or binding.description in NOT_LISTED:
            continue
        keys = merged.setdefault(binding.description, [])
        key = screen.app.get_key_display(binding)
        if key not in keys:
            keys.append(key)
    return [(_keys_text(keys), OUR_WORDS.get(description, description)) for description, keys in merged.items()]


def own_keys(cls: type) -> str:
    """The keys table (``| Key | Does |``) in the docstring of ``cls``, "" if it has none."""
    doc = inspect.cleandoc(cls.__dict__.get("__doc__") or "")
    lines = doc.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("| Key")), None)
    if start is None:
        return ""
    table = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        table.append(line)
    return "\n".join(table) + "\n"


def _keys_text(keys: list[str]) -> str:
    digits = [k for k in keys if len(k) == 1 and k.isdigit()]
    if len(digits) > 2:
        keys = [f"{min(digits)}-{max(digits)}", *(k for k in keys if k not in digits)]
    return " / ".join(keys)


def keys_markdown(keys: list[tuple[str, str]], title: str = "Keys") -> str:
    if not keys:
        return ""
    rows = "\n".join(f"| `{k}` | {d} |" for k, d in keys)
    return f"## {title}\n\n| Key | Does |\n| :- | :- |\n{rows}\n"


class HelpScreen(ModalScreen[None]):
    """Help over the current screen.

    | Key | Does |
    | :- | :- |
    | escape / q / ? / f1 | close |
    | up / down / pageup / pagedown | scroll |
    """

    DEFAULT_CSS = """
    HelpScreen {
        align: center middle;
        & > #help-box {
            width: 90%;
            max-width: 100;
            height: 90%;
            border: thick $primary;
            background: $surface;
        }
        & #help-title { padding: 0 1; text-style: bold; background: $primary; color: $text; width: 100%; }
        /* The scrollbar keeps a column of its own beside the text (never over it). */
        & #help-scroll { height: 1fr; padding: 0 1; scrollbar-size-vertical: 1; scrollbar-gutter: stable; }
        & #help-close { padding: 0 1; color: $foreground-muted; }
    }
    """

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("q,question_mark,f1", "close", "Close", show=False),
    ]

    AUTO_FOCUS = "#help-scroll"

    def __init__(self, title: str, text: str, keys: Sequence[tuple[str, str]] = ()):
        super().__init__()
        self.help_title = title
        self.text = text
        self.keys = list(keys)

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            yield Static(f"Help: {self.help_title}", id="help-title", markup=False)
            with VerticalScroll(id="help-scroll"):
                yield Markdown(self.text + "\n\n" + keys_markdown(self.keys))
            yield Static("Escape closes this help.", id="help-close")
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss()
