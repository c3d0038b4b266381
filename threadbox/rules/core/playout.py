"""Whole games played by bots with the real rules: for `simulate` and tests."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from .bots import bot_mind
from .errors import RulesError
from .registry import GameDef
from .state import Action, GameState, Transition

StepHook = Callable[[GameState, int, Action, Transition], None]


@dataclass
class PlayedGame:
    state: GameState
    actions: list[tuple[int, Action]] = field(default_factory=list)


def play_out(
    game: GameDef,
    players: int,
    seed: int,
    variants: Iterable[str] = (),
    levels: list[str] | None = None,
    on_step: StepHook | None = None,
    max_actions: int = 200_000,
    think: float | None = None,
    iterations: int | None = None,
    thinks: list[float | None] | None = None,
) -> PlayedGame:
    """Bots play one full game. ``levels`` gives each seat's bot level;
    ``think`` / ``iterations`` set the budget of the bots that search, and
    ``thinks`` (one per seat, None for ``think``) a seat's own think time.

    ``on_step(state, seat, action, transition)`` runs after every action, with
    the state as it now is. Raises ``RulesError`` if the game does not end
    within ``max_actions``.
    """
    levels = levels or ["random"] * players
    own = thinks or [None] * players
    bots = [
        game.make_bot(level, think=think if t is None else t, iterations=iterations)
        for level, t in zip(levels, own, strict=True)
    ]
    minds = [bot_mind(seed, seat) for seat in range(players)]
    state = game.state_cls.new(players, seed, list(variants))
    played = PlayedGame(state)
    while to_move := state.to_move():
        if len(played.actions) >= max_actions:
            raise RulesError(f"{game.info.title} did not end within {max_actions} actions (seed {seed}).")
        seat = to_move[0]
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), seat, legal, minds[seat])
        transition = state.apply(seat, action)
        played.actions.append((seat, action))
        if on_step is not None:
            on_step(state, seat, action, transition)
    return played


def replay(
    game: GameDef, players: int, seed: int, variants: Iterable[str], actions: list[tuple[int, Action]]
) -> GameState:
    """The state reached from the seed by these actions."""
    state = game.state_cls.new(players, seed, list(variants))
    for seat, action in actions:
        state.apply(seat, action)
    return state
