"""Helpers for the Threaded screen tests (a uniquely named module, not a conftest)."""

from __future__ import annotations

from textual.app import App
from textual.pilot import Pilot

from threadbox.rules.threaded.actions import Done
from threadbox.tui.gameover import GameOverScreen
from threadbox.tui.games.threaded import ThreadedScreen
from threadbox.tui.handoff import HandOffScreen
from threadbox.tui.widgets import ActionList

from ..helpers import shows_its_options, wait_for
from ..warp_and_weft.ww_helpers import type_keys

GAME = "threaded"
QUICK_DONE = ("share", "window", "start", "wrap", "place", "a_offer")


def ready(app: App) -> bool:
    """Waiting for a person: a hand-off, the game over, or a seat that must decide."""
    screen = app.screen
    if isinstance(screen, (HandOffScreen, GameOverScreen)):
        return True
    return isinstance(screen, ThreadedScreen) and screen.port.my_turn() and shows_its_options(screen)


def keys_for(app: App, action) -> tuple[str, ...]:
    """The keys the Threaded screen gives for ``action`` from the screen at rest (Textual's key
    names: ``right_square_bracket`` for ``]``), after putting it at rest."""
    screen = app.screen
    assert isinstance(screen, ThreadedScreen)
    screen.at_rest()
    return screen.keys_for(action)


def decision_keys(app: App, step: int) -> tuple[str, ...]:
    """Keys for the decision on screen: ``d`` to finish where that is offered, else the key
    or number of one of the first two options."""
    if isinstance(app.screen, HandOffScreen):
        return ("enter",)
    port = app.screen.port
    legal = port.legal()
    kind = port.view().stack[-1].kind
    if Done() in legal and kind in QUICK_DONE:
        return ("d",)
    if len(legal) > 1 and step % 3 == 0:
        return ("down", "enter")
    options = app.screen.query_one(ActionList).actions
    return keys_for(app, options[step % min(2, len(options))])


async def play_until(pilot: Pilot, done, limit: int = 4000) -> int:
    """Decide by keys until ``done()``; returns the number of decisions made."""
    for step in range(limit):
        await wait_for(pilot, lambda: ready(pilot.app) or done())
        if done():
            return step
        type_keys(pilot.app, *decision_keys(pilot.app, step))
    raise AssertionError("the game did not get there")
