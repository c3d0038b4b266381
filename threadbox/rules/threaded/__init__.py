"""Threaded: send assistants to six shops, string threads on a needle, make tapestries."""

from ..core import GameDef
from .bots import EasyBot
from .state import ThreadedState

GAME = GameDef(ThreadedState, bots={"easy": EasyBot})

__all__ = ["EasyBot", "GAME", "ThreadedState"]
