"""Threaded: send assistants to six shops, string threads on a needle, make tapestries."""

from ..core import GameDef
from .bots import EasyBot, hard_bot
from .data import RULES_REVISION
from .state import ThreadedState

GAME = GameDef(ThreadedState, bots={"easy": EasyBot, "hard": hard_bot}, rules=RULES_REVISION)

__all__ = ["EasyBot", "GAME", "ThreadedState"]
