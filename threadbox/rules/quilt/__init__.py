"""Quilt: draft pencils from needle holders and colour a quilt sheet."""

from ..core import GameDef
from .actions import (
    ChoosePatch,
    ColourApplique,
    ColourCell,
    ColourSpool,
    Decline,
    DrawBonus,
    DrawPencil,
    Exchange,
    Finish,
    PlacePencil,
    Stitch,
    TakeHolder,
    TakeNeutral,
)
from .board import Board
from .bots import EasyBot, hard_bot
from .data import RULES_REVISION
from .state import QuiltState
from .tasks import Task

GAME = GameDef(QuiltState, bots={"easy": EasyBot, "hard": hard_bot}, rules=RULES_REVISION)

__all__ = [
    "Board",
    "EasyBot",
    "ChoosePatch",
    "ColourApplique",
    "ColourCell",
    "ColourSpool",
    "Decline",
    "DrawBonus",
    "DrawPencil",
    "Exchange",
    "Finish",
    "GAME",
    "PlacePencil",
    "QuiltState",
    "Stitch",
    "TakeHolder",
    "TakeNeutral",
    "Task",
]
