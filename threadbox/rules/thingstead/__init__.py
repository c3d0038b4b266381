"""Thingstead: two players move around a ring of seven Elders, influence them and court four clans."""

from ..core import GameDef
from .actions import DrawFromDeck, DrawFromRow, Influence, Move, Place, PlayToClan, PlayToThingstead, Push
from .bots import EasyBot, hard_bot
from .data import RULES_REVISION
from .state import ThingsteadState

GAME = GameDef(ThingsteadState, bots={"easy": EasyBot, "hard": hard_bot}, rules=RULES_REVISION)

__all__ = [
    "DrawFromDeck",
    "DrawFromRow",
    "EasyBot",
    "GAME",
    "Influence",
    "Move",
    "Place",
    "PlayToClan",
    "PlayToThingstead",
    "Push",
    "ThingsteadState",
]
