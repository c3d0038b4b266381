"""Thread Count's widgets: the sheet, the collection bar, the round counter, the die and the rest."""

from .collection import CollectionBar
from .confirm import ConfirmPass
from .counter import RoundCounter
from .dice import DieFace
from .legend import Legend
from .model import SheetModel, collection_model, counter_model, die_model, seat_lines, sheet_model
from .routebar import RouteBar
from .routes import Route, RoutePicker
from .seats import SeatList
from .sheet import COMPACT, HUGE, LARGE, MINI, Scale, Sheet

__all__ = [
    "COMPACT",
    "HUGE",
    "LARGE",
    "MINI",
    "CollectionBar",
    "ConfirmPass",
    "DieFace",
    "Legend",
    "RoundCounter",
    "Route",
    "RoutePicker",
    "RouteBar",
    "Scale",
    "SeatList",
    "Sheet",
    "SheetModel",
    "collection_model",
    "counter_model",
    "die_model",
    "seat_lines",
    "sheet_model",
]
