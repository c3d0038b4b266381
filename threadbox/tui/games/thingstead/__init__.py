"""The Thingstead screen package."""

from .screen import ThingsteadScreen

SCREEN = ThingsteadScreen

__all__ = ["SCREEN", "ThingsteadScreen"]
