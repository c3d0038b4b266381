"""Playing Thread Count on its screen by keys, for the screen tests."""

from __future__ import annotations

from textual.pilot import Pilot

from threadbox.rules.thread_count import EndAtPaw
from threadbox.tui.gameover import GameOverScreen
from threadbox.tui.games.thread_count import ThreadCountScreen
from threadbox.tui.games.thread_count.widgets import ConfirmStop

GAME = "thread-count"


def deciding(app) -> ThreadCountScreen | None:
    """The Thread Count screen on show, if its seat has a decision now."""
    screen = app.screen
    if isinstance(screen, ThreadCountScreen) and screen.port.my_turn():
        return screen
    return None


def toward_paw(screen: ThreadCountScreen) -> list[str]:
    """Keys a player heading for the cat would press: the paw if in reach,
    else down (or along the bottom row), then Enter. A direction with no
    route leaves the picked route as it was."""
    legal = screen.port.legal()
    if any(isinstance(a, EndAtPaw) for a in legal):
        return ["e", "enter"]
    view = screen.port.view()
    (x, y), (px, _) = view.thread_end(screen.port.seat), view.layout.paw
    side = "right" if px > x else "left"
    return ["down", "enter"] if y < view.layout.rows - 1 else [side, "enter"]


async def play_until(pilot: Pilot, choose, limit: int = 400) -> dict[str, int]:
    """Press ``choose(screen)``'s keys at every decision until the game-over screen.

    Pass confirmations are answered yes. Returns counts of what happened.
    """
    app = pilot.app
    counts = {"decisions": 0, "confirms": 0}
    for _ in range(limit):
        await pilot.pause()
        if isinstance(app.screen, GameOverScreen):
            return counts
        if isinstance(app.screen, ConfirmStop):
            counts["confirms"] += 1
            await pilot.press("y")
            continue
        screen = deciding(app)
        if screen is not None:
            counts["decisions"] += 1
            await pilot.press(*choose(screen))
    raise AssertionError("the game did not end")
