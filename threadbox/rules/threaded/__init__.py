"""Threaded: send assistants to six shops, string threads on a needle, make tapestries."""

from ..core import GameDef
from .bots import EasyBot, hard_bot
from .state import ThreadedState

GAME = GameDef(ThreadedState, bots={"easy": EasyBot, "hard": hard_bot})

__all__ = ["EasyBot", "GAME", "ThreadedState"]
