"""The list never shifts under a key, in every game (issue 23): an option's key (its named key or
its number) is the same before and after another seat's move that leaves it on offer, and a key
pressed just after another seat's move changed the options never takes an option the player did
not see: a number, a named key or Enter, it shows what it means now and takes it when pressed again."""

from __future__ import annotations

import importlib
import random

import pytest

from threadbox.rules.warp_and_weft import PickString
from threadbox.tui.app import make_app
from threadbox.tui.game_screen import GameScreen
from threadbox.tui.games.thread_count.widgets import ConfirmStop
from threadbox.tui.widgets import ActionList

from .helpers import make_table, messages, number_keys, shows_its_options, wait_for
from .warp_and_weft.ww_demo import draft_table

GAMES = {  # game: (rules package, seed, bot seats)
    "quilt": ("quilt", 3, 2),
    "threaded": ("threaded", 3, 1),
    "thingstead": ("thingstead", 3, 1),
    "thread-count": ("thread_count", 3, 1),
    "warp-and-weft": ("warp_and_weft", 3, 1),
}


def seeded_table(game: str):
    _, seed, bots = GAMES[game]
    return make_table("Ada", *(f"{name}=bot:easy" for name in ("Bo", "Cy", "Di")[:bots]), game=game, seed=seed)


def record_lists(monkeypatch) -> list[tuple[bool, dict]]:
    """Every list shown from now on: (the player's own change?, {option: (its key or number, its words)})."""
    shown: list[tuple[bool, dict]] = []
    real = ActionList.show

    def show(self, choices, waiting="", groups=None, *, own=False, keys=None, reserved=()):
        real(self, choices, waiting, groups, own=own, keys=keys, reserved=reserved)
        numbers = {action: str(number) for number, action in self.numbers.items()}
        labels = zip(self.actions, self.keys, self.descriptions, strict=True)
        shown.append((own, {action: (key or numbers.get(action), text) for action, key, text in labels}))

    monkeypatch.setattr(ActionList, "show", show)
    return shown


def deciding(app) -> bool:
    screen = app.screen
    return isinstance(screen, ConfirmStop) or (
        isinstance(screen, GameScreen) and screen.port.my_turn() and shows_its_options(screen)
    )


def easy_bot(game: str):
    return importlib.import_module(f"threadbox.rules.{GAMES[game][0]}").EasyBot()


async def decide(pilot, bot, mind) -> None:
    """Seat 0's decision, as its easy bot would make it, sent through the screen (its own change)."""
    app = pilot.app
    if isinstance(app.screen, ConfirmStop):
        await pilot.press("y")
        return
    screen = app.screen
    screen.choose(bot.choose(screen.view, 0, list(screen.legal), mind))


@pytest.mark.parametrize("game", list(GAMES))
async def test_an_options_key_is_the_same_after_another_seats_move(game, monkeypatch):
    monkeypatch.setattr("threadbox.tui.widgets.action_list.CHANGE_GUARD", 0.0)  # only keys are compared here
    shown = record_lists(monkeypatch)
    table = seeded_table(game)
    app = make_app(table=table, bot_delay=0.3, autosave=False)  # the bot after Ada: its move changes her options
    bot, mind = easy_bot(game), random.Random(1)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(60):
            await wait_for(pilot, lambda: deciding(app) or table.is_over())
            if table.is_over():
                break
            await decide(pilot, bot, mind)
    # Each list shown after another seat's move against the list the player saw last (before their
    # own move, if they made one and then waited: what a key on its way was meant for).
    compared, last, own_between = 0, None, False
    for own, labels in shown:
        if not labels:
            own_between = own_between or own
            continue
        if last is not None and not own:
            common = labels.keys() & last.keys()
            compared += bool(common) and labels.keys() != last.keys()
            for action in common:
                before, after = last[action][0], labels[action][0]
                if game == "thingstead" and own_between:
                    # A hand card goes by its place in the hand, which the player's own play changes.
                    before, after = before.split()[-1], after.split()[-1]
                assert before == after, (game, last[action], labels[action])
        last, own_between = labels, False
    # Another seat's move changed the options, left some on offer, and their keys stayed. Quilt is
    # played in turns, and after another seat's turn its options are always a new kind of decision
    # (no option survives one): there the check above finds nothing to compare.
    assert compared > 0 or game == "quilt"


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_key_pressed_just_after_another_seats_move_takes_only_an_option_seen(game, monkeypatch):
    """A number that names an option the player had not seen, or Enter with the highlight on one,
    is held back once; a key the game names things by is taken at once (it names that thing)."""
    monkeypatch.setattr("threadbox.tui.widgets.action_list.CHANGE_GUARD", 5.0)  # long enough for a busy machine
    shown = record_lists(monkeypatch)
    table = seeded_table(game)
    app = make_app(table=table, bot_delay=0.2, autosave=False)
    bot, mind = easy_bot(game), random.Random(1)

    def mine() -> list:
        return [a for seat, a in table.actions if seat == 0]

    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(60):
            await wait_for(pilot, lambda: deciding(app) or table.is_over())
            assert not table.is_over(), "no move of another seat changed the options"
            seen = [labels for _, labels in shown if labels]
            if isinstance(app.screen, GameScreen) and len(seen) >= 2 and not shown[-1][0]:
                before, now = seen[-2], seen[-1]
                new = [a for a, (_, text) in now.items() if before.get(a, (None, None))[1] != text]
                if new:
                    break
            await decide(pilot, bot, mind)
        screen = app.screen
        options = screen.query_one(ActionList)
        numbered = [a for a in new if a in options.numbers.values()]
        if numbered:  # its number: held back once
            action = numbered[0]
            keys = number_keys(next(n for n, a in options.numbers.items() if a == action), max(options.numbers))
        else:  # Enter on the list, the highlight on an option not seen there a moment ago
            options.focus()
            await pilot.pause()
            action, keys = options.highlighted_action, ("enter",)
            if action not in new:
                # An option seen: Enter takes it at once if the highlight stayed on it, else it is
                # held back once (the highlight moved there when the option it was on went).
                done = len(mine())
                await pilot.press("enter")
                await pilot.pause()
                if len(mine()) == done:
                    assert any("The options just changed" in text for _, text in messages(app)[-2:])
                    await pilot.press("enter")
                await wait_for(pilot, lambda: len(mine()) > done, patience=10)
                assert mine()[done] == action
                return
        done = len(mine())
        await pilot.press(*keys)  # meant for the list seen a moment ago, where this was not on offer
        await pilot.pause()
        assert len(mine()) == done, f"{keys} took {screen.port.describe(action)} unseen"
        assert any("The options just changed" in text for _, text in messages(app)[-2:])
        await pilot.press(*keys)  # pressed again, having seen what it is now: taken
        await wait_for(pilot, lambda: len(mine()) > done, patience=10)
        assert mine()[done] == action


async def test_a_key_the_game_names_things_by_is_taken_at_once_after_another_seats_move(monkeypatch):
    """Warp & Weft's draft: the hands pass when the bots have kept their strings; a colour letter
    pressed at once keeps that colour (the letter names the colour, not a place in a list)."""
    monkeypatch.setattr("threadbox.tui.widgets.action_list.CHANGE_GUARD", 5.0)
    table = draft_table()
    app = make_app(table=table, bot_delay=1.0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: deciding(app))
        options = app.screen.query_one(ActionList)
        await pilot.press("v")  # the bots had chosen: the next hand comes at once (Ada's own change)
        await wait_for(pilot, lambda: options.actions == [PickString(colour=c) for c in "BRY"])
        await pilot.press("r")  # now Ada waits for the bots
        await wait_for(pilot, lambda: options.actions != [], patience=20)  # their picks pass her the next hand
        assert table.actions[-1][0] != 0
        colour = options.actions[-1].colour
        await pilot.press(colour.lower())  # within the guard: taken, it names that colour
        await wait_for(pilot, lambda: table.view(0).has_chosen[0] or table.view(0).picks[0][-1:] == [colour])
        assert [a for seat, a in table.actions if seat == 0][-1] == PickString(colour=colour)
