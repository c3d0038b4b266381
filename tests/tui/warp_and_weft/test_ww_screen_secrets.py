"""Two players at one terminal: what one keeps secret never reaches the other's screen.

The strongest check: the second player's whole screen is the same, character
for character, whichever string (or card) the first one chose. After the
reveal the choice shows.
"""

from __future__ import annotations

from threadbox.rules.warp_and_weft import PlaceButton
from threadbox.tui.app import make_app
from threadbox.tui.games.warp_and_weft import WarpWeftScreen
from threadbox.tui.handoff import HandOffScreen

from ..helpers import make_table, settle
from .ww_demo import play_until as advance
from .ww_helpers import GAME, ready, steady_text, type_keys

SIZE = (160, 50)  # every pane on screen: cards, scores, the other looms


async def next_seat(pilot, name: str) -> WarpWeftScreen:
    """Confirm the hand-off to ``name`` and wait for their screen."""
    app = pilot.app
    await settle(pilot, lambda: isinstance(app.screen, HandOffScreen))
    assert app.screen.player == name
    type_keys(app, "enter")
    await settle(pilot, lambda: isinstance(app.screen, WarpWeftScreen) and ready(app))
    return app.screen


async def after_ada_keeps(colour: str) -> tuple[str, str]:
    """Bram's screen after Ada keeps ``colour`` in secret, and after the reveal."""
    table = make_table("Ada", "Bram", game=GAME, seed=5)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await next_seat(pilot, "Ada")
        type_keys(app, colour.lower())
        bram = await next_seat(pilot, "Bram")
        assert bram.port.seat == 1 and table.view(0).has_chosen[0]
        secret = await steady_text(pilot)
        type_keys(app, table.legal(1)[0].colour.lower())
        await settle(pilot, lambda: bool(table.view(1).picks[0]) and ready(app))
        assert app.screen is bram  # both decide again: Bram's screen stays
        revealed = await steady_text(pilot)
    return secret, revealed


async def test_a_secret_pick_never_shows_on_the_other_players_screen():
    pink_secret, pink_revealed = await after_ada_keeps("P")
    purple_secret, purple_revealed = await after_ada_keeps("V")
    assert pink_secret == purple_secret
    assert "Ada (A)" in pink_secret and "has chosen" in pink_secret
    assert "You chose" not in pink_secret and "Secret pick" not in pink_secret
    assert pink_revealed != purple_revealed
    assert "picked P" in pink_revealed and "picked V" in purple_revealed


async def after_ada_places(choice: int) -> str:
    """Bram's screen in the pattern phase after Ada placed a button by key."""
    table = make_table("Ada", "Bram", game=GAME, seed=5)
    advance(table, lambda view: view.phase == "patterns", seed=5)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await next_seat(pilot, "Ada")
        legal = table.legal(0)
        assert isinstance(legal[choice - 1], PlaceButton)
        type_keys(app, str(choice))
        await next_seat(pilot, "Bram")
        assert table.view(0).has_chosen[0]
        return await steady_text(pilot)


async def test_a_secret_button_never_shows_before_the_reveal():
    first, last = await after_ada_places(1), await after_ada_places(8)
    assert first == last
    assert "□" not in first and "○" not in first  # no button waiting to be revealed
