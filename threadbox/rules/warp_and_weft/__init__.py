"""Warp & Weft: draft coloured strings, weave them on a loom, score its patterns."""

from ..core import GameDef
from .actions import ChooseCrossing, PickString, PlaceButton, WeaveString
from .bots import EasyBot, hard_bot
from .data import RULES_REVISION
from .loom import Loom
from .state import Button, WarpWeftState, WeaveInProgress

GAME = GameDef(WarpWeftState, bots={"easy": EasyBot, "hard": hard_bot}, rules=RULES_REVISION)

__all__ = [
    "Button",
    "ChooseCrossing",
    "EasyBot",
    "GAME",
    "Loom",
    "PickString",
    "PlaceButton",
    "WarpWeftState",
    "WeaveInProgress",
    "WeaveString",
]
