"""Thread Count at the terminal: ``screen`` (the game screen), ``models`` (what the
widgets draw, read off one seat's view), ``routes`` (the route picker), ``widgets``."""

from .screen import SCREEN, ThreadCountScreen

__all__ = ["SCREEN", "ThreadCountScreen"]
