"""The Quilt screen package: ``SCREEN`` shows one seat's table."""

from .screen import SCREEN, QuiltScreen

__all__ = ["SCREEN", "QuiltScreen"]
