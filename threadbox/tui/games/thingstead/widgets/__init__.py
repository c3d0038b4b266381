"""The widgets of the Thingstead screen, one per component on the table."""

from .clans import ClanRow
from .colours import ThingsteadColours
from .ring import RingView
from .table import TablePanel

__all__ = ["ClanRow", "RingView", "TablePanel", "ThingsteadColours"]
