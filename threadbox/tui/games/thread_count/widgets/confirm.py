"""Asks before a pass that would end the game."""

from __future__ import annotations

from threadbox.tui.widgets.confirm import ConfirmScreen


class ConfirmPass(ConfirmScreen):
    """Dismisses with True to pass anyway (y), False to keep playing (n, escape)."""

    def __init__(self, reason: str):
        super().__init__(reason, yes="Pass and end", no="Keep playing")
