"""Widgets every game screen shares."""

from .action_list import ActionList
from .key_bar import KeyBar
from .log_panel import LogPanel
from .palette import PaletteHost, PaletteUser
from .score_table import ScoreTable, score_rows
from .seat_row import SeatRow, default_name
from .status_bar import StatusBar
from .view_dump import ViewDump, view_text

__all__ = [
    "ActionList",
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
