"""Thread Count: roll and write, lead the cat's wool across the carpet (1-6 players)."""

from ..core import GameDef
from .actions import Draw, EndAtPaw, Pass, PlaceCup, Stop
from .bots import EasyBot, hard_bot
from .data import RULES_REVISION
from .seats import SeatSheet
from .state import ThreadCountState, no_cup_minus

GAME = GameDef(ThreadCountState, bots={"easy": EasyBot, "hard": hard_bot}, rules=RULES_REVISION)

__all__ = [
    "Draw",
    "EasyBot",
    "EndAtPaw",
    "GAME",
    "Pass",
    "PlaceCup",
    "SeatSheet",
    "Stop",
    "ThreadCountState",
    "no_cup_minus",
]
