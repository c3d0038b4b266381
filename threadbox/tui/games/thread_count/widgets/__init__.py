"""Thread Count's widgets: the sheet, the collection bar, the round counter, the die and the rest.

They draw the models of ``..models`` and never read the game themselves.
"""

from .collection import CollectionBar
from .confirm import ConfirmStop
from .counter import RoundCounter
from .dice import DieFace
from .legend import Legend
from .routebar import RouteBar
from .seats import SeatList
from .sheet import COMPACT, HUGE, LARGE, MINI, Scale, Sheet

__all__ = [
    "COMPACT",
    "HUGE",
    "LARGE",
    "MINI",
    "CollectionBar",
    "ConfirmStop",
    "DieFace",
    "Legend",
    "RoundCounter",
    "RouteBar",
    "Scale",
    "SeatList",
    "Sheet",
]
