"""The notice shown while the terminal is too small to play in."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widgets import Static

# The same limit as the SSH server's: below it no game screen has room to decide in.
MIN_WIDTH, MIN_HEIGHT = 60, 16


def too_small(size: Size) -> bool:
    return size.width < MIN_WIDTH or size.height < MIN_HEIGHT


class TooSmallScreen(ModalScreen[None]):
    """Covers everything while the window is smaller than ``MIN_WIDTH`` x ``MIN_HEIGHT``.

    The app puts it up and takes it down as the window is resized; the game
    behind it goes on (bots keep playing) and takes no keys meanwhile.
    """

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen Static { width: 100%; height: auto; text-align: center; }
    """

    def compose(self) -> ComposeResult:
        yield Static(Text(f"Window too small: please make it at least {MIN_WIDTH}x{MIN_HEIGHT}."))
