"""Seats, turn flow, privacy hand-offs, undo, the log, autosave, game records and replays."""

from .config import (
    DEFAULT_THINK,
    THINK_CHOICES,
    SeatSpec,
    TableConfig,
    ThinkTime,
    checked_think,
    offered_think,
    think_text,
    thinking_levels,
)
from .port import SeatPort
from .records import Record, RecordBook, Recorder, RecordError
from .replay import Eyes, Replay, ReplayPort
from .saves import SaveError, autosave_path, autosaver, data_dir, load, save
from .table import Table
from .thinking import BotTurn
from .turns import LocalTurns

__all__ = [
    "DEFAULT_THINK",
    "THINK_CHOICES",
    "BotTurn",
    "Eyes",
    "Record",
    "RecordBook",
    "RecordError",
    "Recorder",
    "Replay",
    "ReplayPort",
    "LocalTurns",
    "SaveError",
    "SeatPort",
    "SeatSpec",
    "Table",
    "TableConfig",
    "ThinkTime",
    "autosave_path",
    "checked_think",
    "autosaver",
    "data_dir",
    "load",
    "offered_think",
    "think_text",
    "thinking_levels",
    "save",
]
