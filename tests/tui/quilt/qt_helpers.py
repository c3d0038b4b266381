"""Helpers for the Quilt screen tests."""

from __future__ import annotations

import random

from textual import events
from textual.app import App
from textual.pilot import Pilot

from threadbox.rules.quilt import ChoosePatch, EasyBot
from threadbox.tui.gameover import GameOverScreen
from threadbox.tui.games.quilt import QuiltScreen
from threadbox.tui.widgets import ActionList

from ..helpers import shows_its_options, wait_for

GAME = "quilt"


def ready(app: App) -> bool:
    """Waiting for a person: the game over, or a seat on screen that must decide."""
    screen = app.screen
    if isinstance(screen, GameOverScreen):
        return True
    return isinstance(screen, QuiltScreen) and screen.port.my_turn() and shows_its_options(screen)


def type_keys(app: App, *keys: str) -> None:
    """Send key presses as the terminal driver does, without waiting for idle after each."""
    for key in keys:
        char = key if len(key) == 1 else None
        app.post_message(events.Key(key, char))


def decision_keys(app: App, step: int, mind: random.Random) -> tuple[str, ...]:
    """Keys that make the easy bot's choice for the seat on screen, by the patch letter,
    the option's key (a holder's number) or number, or the arrows and Enter, varying with ``step``."""
    screen = app.screen
    port = screen.port
    legal = port.legal()
    action = EasyBot().choose(port.view(), port.seat, legal, mind)
    if isinstance(action, ChoosePatch) and step % 2:
        return (action.colour.lower(),)
    if step % 3:
        return screen.keys_for(action)  # "g +3" is g, plus, 3: the screen says which keys
    index = app.screen.query_one(ActionList).actions.index(action)
    return ("home", *["down"] * index, "enter")


async def play_until(pilot: Pilot, done, limit: int = 3000, seed: int = 1) -> int:
    """Decide by keys until ``done()``; returns the number of decisions made."""
    mind = random.Random(seed)
    for step in range(limit):
        await wait_for(pilot, lambda: ready(pilot.app) or done())
        if done():
            return step
        type_keys(pilot.app, *decision_keys(pilot.app, step, mind))
    raise AssertionError("the game did not get there")


def game_over(app: App) -> bool:
    return isinstance(app.screen, GameOverScreen)
