"""Helpers for the Warp & Weft screen tests (a uniquely named module, not a conftest)."""

from __future__ import annotations

import io

from rich.console import Console
from textual import events
from textual.app import App
from textual.pilot import Pilot

from threadbox.rules.warp_and_weft import ChooseCrossing, PickString, PlaceButton, WeaveString
from threadbox.tui.gameover import GameOverScreen
from threadbox.tui.games.warp_and_weft import WarpWeftScreen
from threadbox.tui.handoff import HandOffScreen

from ..helpers import number_keys, shows_its_options, wait_for

GAME = "warp-and-weft"


def screen_text(app: App) -> str:
    """Everything on the terminal now, as plain text (what a person would read)."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        record=True,
        force_terminal=True,
        color_system="truecolor",
        legacy_windows=False,
    )
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


async def steady_text(pilot: Pilot) -> str:
    """The screen's text once it stops changing (late renders, such as the log's, are in)."""
    last = None
    for _ in range(50):
        await pilot.pause()
        text = screen_text(pilot.app)
        if text == last:
            return text
        last = text
    raise AssertionError("the screen kept changing")


def ready(app: App) -> bool:
    """Waiting for a person: a hand-off, the game over, or a seat that must decide."""
    screen = app.screen
    if isinstance(screen, (HandOffScreen, GameOverScreen)):
        return True
    return isinstance(screen, WarpWeftScreen) and screen.port.my_turn() and shows_its_options(screen)


def type_keys(app: App, *keys: str) -> None:
    """Send key presses the way the terminal driver does, without the Pilot's
    wait for idle after each one (a whole game is hundreds of keys); they are
    handled in order. Follow with ``pilot.pause()`` or ``settle``."""
    for key in keys:
        char = key if len(key) == 1 else None
        app.post_message(events.Key(key, char))


def decision_keys(app: App, step: int) -> tuple[str, ...]:
    """Keys that make the decision in front of the seat on screen, varying
    with ``step`` so that each kind of key gets used."""
    if isinstance(app.screen, HandOffScreen):
        return ("enter",)
    legal = app.screen.port.legal()
    first = legal[0]
    if isinstance(first, PickString):
        colours = [a.colour for a in legal]
        return (colours[step % len(colours)].lower(),)
    if isinstance(first, ChooseCrossing):
        return ("o" if step % 3 else "n",)
    if isinstance(first, WeaveString):
        colours = list(dict.fromkeys(a.colour for a in legal if isinstance(a, WeaveString)))
        moves = ((), ("down",), ("right", "right"), ("a",), ("up", "left"))[step % 5]
        return (colours[step % len(colours)].lower(), *moves, "enter")
    assert isinstance(first, PlaceButton)
    return number_keys(1 + step % min(9, len(legal)), len(legal))


async def play_until(pilot: Pilot, done, limit: int = 2000) -> int:
    """Decide by keys until ``done()``; returns the number of decisions made."""
    for step in range(limit):
        await wait_for(pilot, lambda: ready(pilot.app) or done())
        if done():
            return step
        type_keys(pilot.app, *decision_keys(pilot.app, step))
    raise AssertionError("the game did not get there")
