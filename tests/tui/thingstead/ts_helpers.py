"""Helpers for the Thingstead screen tests."""

from __future__ import annotations

import io

from rich.console import Console
from textual import events
from textual.app import App
from textual.pilot import Pilot

from threadbox.tui.gameover import GameOverScreen
from threadbox.tui.games.thingstead import ThingsteadScreen
from threadbox.tui.handoff import HandOffScreen
from threadbox.tui.widgets import ActionList

from ..helpers import keys_for, shows_its_options, wait_for
from .ts_demo import GAME, HUMAN, demo_table

__all__ = ["GAME", "HUMAN", "demo_table", "play_until", "ready", "screen_text", "type_keys"]


def screen_text(app: App) -> str:
    """Everything on the terminal now, as plain text."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True, force_terminal=True)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


def ready(app: App) -> bool:
    screen = app.screen
    if isinstance(screen, (HandOffScreen, GameOverScreen)):
        return True
    return isinstance(screen, ThingsteadScreen) and screen.port.my_turn() and shows_its_options(screen)


def type_keys(app: App, *keys: str) -> None:
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


async def play_until(pilot: Pilot, done, limit: int = 3000) -> int:
    """Decide by keys until ``done()``: the options' keys, arrows and Enter in turn."""
    for step in range(limit):
        await wait_for(pilot, lambda: ready(pilot.app) or done())
        if done():
            return step
        app = pilot.app
        if isinstance(app.screen, HandOffScreen):
            type_keys(app, "enter")
            continue
        options = app.screen.query_one(ActionList).actions
        if step % 3 == 0:  # the option's own keys (card place, then where), or its number
            type_keys(app, *keys_for(app, options[step % min(9, len(options))]))
        elif step % 3 == 1:
            type_keys(app, *(["down"] * (step % len(options))), "enter")
        else:
            type_keys(app, "enter")
    raise AssertionError("the game did not get there")
