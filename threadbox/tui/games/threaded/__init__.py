"""The Threaded screen package: ``SCREEN`` shows one seat's table."""

from .screen import SCREEN, ThreadedScreen

__all__ = ["SCREEN", "ThreadedScreen"]
