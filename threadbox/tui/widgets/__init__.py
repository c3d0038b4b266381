"""Widgets every game screen shares.

Each is loaded when first asked for (``from threadbox.tui.widgets import
KeyBar`` loads only the key bar's module), so the main menu starts without
the game screens' widgets and what they import.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .action_list import ActionList
    from .board_panel import BoardPanel
    from .key_bar import KeyBar
    from .log_panel import LogPanel
    from .palette import PaletteHost, PaletteUser
    from .score_table import ScoreTable, score_rows
    from .seat_row import SeatRow, default_name
    from .status_bar import StatusBar
    from .view_dump import ViewDump, view_text

# Each name, and the module of this package it comes from.
_MODULES = {
    "ActionList": "action_list",
    "BoardPanel": "board_panel",
    "KeyBar": "key_bar",
    "LogPanel": "log_panel",
    "PaletteHost": "palette",
    "PaletteUser": "palette",
    "ScoreTable": "score_table",
    "score_rows": "score_table",
    "SeatRow": "seat_row",
    "default_name": "seat_row",
    "StatusBar": "status_bar",
    "ViewDump": "view_dump",
    "view_text": "view_dump",
}

__all__ = [
    "ActionList",
    "BoardPanel",
    "KeyBar",
    "LogPanel",
    "PaletteHost",
    "PaletteUser",
    "ScoreTable",
    "SeatRow",
    "StatusBar",
    "ViewDump",
    "default_name",
    "score_rows",
    "view_text",
]


def __getattr__(name: str) -> Any:
    if name not in _MODULES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_MODULES[name]}"), name)
    globals()[name] = value  # found directly from now on
    return value
