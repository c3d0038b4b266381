"""Asks before stopping for good."""

from __future__ import annotations

from threadbox.tui.widgets.confirm import ConfirmScreen


class ConfirmStop(ConfirmScreen):
    """Dismisses with True to stop for good (y), False to keep playing (n, escape)."""

    def __init__(self, reason: str):
        super().__init__(reason, yes="Stop for good", no="Keep playing")
