"""The widgets of the Thingstead screen, one per component on the table."""

from .clans import ClanRow
from .colours import ThingsteadColours
from .hands import HandsPanel
from .ring import RingView

__all__ = ["ClanRow", "RingView", "HandsPanel", "ThingsteadColours"]
