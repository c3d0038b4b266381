"""Seats, turn flow, privacy hand-offs, undo, the log, autosave and resume."""

from .config import SeatSpec, TableConfig
from .port import SeatPort
from .saves import SaveError, autosave_path, autosaver, data_dir, load, save
from .table import Table
from .thinking import BotTurn
from .turns import LocalTurns

__all__ = [
    "BotTurn",
    "LocalTurns",
    "SaveError",
    "SeatPort",
    "SeatSpec",
    "Table",
    "TableConfig",
    "autosave_path",
    "autosaver",
    "data_dir",
    "load",
    "save",
]
