"""Warp & Weft at the terminal: ``screen`` (the game screen), ``models`` (what the
widgets draw, read off one seat's view), ``cursor`` (the weaving cursor), ``widgets``."""

from .screen import SCREEN, WarpWeftScreen

__all__ = ["SCREEN", "WarpWeftScreen"]
