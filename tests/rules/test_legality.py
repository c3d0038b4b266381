"""Legality is stated once, by ``legal_actions``: at every decision of seeded random playouts
of every game, every listed action (and an equal copy of it, as the network sends it) passes
``check``, and near misses that are not listed are refused with a message a player can read,
changing nothing. The near misses are built the same way for every game: other seats' options
(for this seat, and this seat's options for seats that do not decide), and options met at other
decision points of the same game, which are often the very objects handed out then.
"""

from __future__ import annotations

import random
import re

import pytest

from threadbox.rules.core import Action, GameState, IllegalAction, NotYourTurn, RulesError, built_games

GAMES = {game.info.id: game for game in built_games()}
SEEDS = (3, 11)
POOL_SAMPLE = 4  # options of other decision points tried as near misses at each decision
EQUAL_COPIES = 2  # listed options also sent as equal copies (parsed from their JSON) at each decision
# What a message a player reads never shows: a raw action dump, an object's repr, an error's trace.
UNREADABLE = re.compile(r"\{'|kind=|<[A-Za-z_.]+ object|Traceback|\bNone\b")


def cases() -> list[tuple[str, int]]:
    return [
        (game_id, players)
        for game_id, game in sorted(GAMES.items())
        for players in sorted({max(2, game.info.min_players), game.info.max_players})
    ]


def test_no_game_states_legality_or_applies_on_its_own() -> None:
    """``check``, ``apply`` and ``legal_actions`` (which remembers what it hands out) are the core's:
    a game lists its options in ``_legal_actions`` and explains refusals in ``why_illegal``."""
    for game in GAMES.values():
        cls = game.state_cls
        for name in ("check", "apply", "legal_actions"):
            assert getattr(cls, name) is getattr(GameState, name), f"{cls.__name__} overrides {name}"


def refused(state: GameState, seat: int, action: Action, before: str) -> RulesError:
    """The error ``apply`` raised, after checking its message is readable and nothing changed."""
    with pytest.raises(RulesError) as caught:
        state.apply(seat, action)
    message = str(caught.value)
    assert message and not UNREADABLE.search(message), f"an unreadable refusal of {action!r}: {message!r}"
    assert state.to_json() == before, f"refusing {action!r} changed the state"
    return caught.value


def refused_illegal(state: GameState, seat: int, action: Action, before: str) -> None:
    error = refused(state, seat, action, before)
    assert isinstance(error, IllegalAction), f"{action!r} refused as {type(error).__name__}: {error}"
    assert str(error).startswith(f"{state.name_of(seat)} cannot do that: "), str(error)


def check_decision(state: GameState, seat: int, pool: dict[str, Action], rng: random.Random) -> list[Action]:
    """Every option of ``seat`` passes ``check``; near misses are refused (see the module's words)."""
    listed = state.legal_actions(seat)
    assert listed, f"seat {seat} must decide but has no options"
    for action in listed:
        state.check(seat, action)  # the very objects handed out
    parse = type(state).parse_action
    for action in rng.sample(listed, min(EQUAL_COPIES, len(listed))):
        state.check(seat, parse(action.model_dump(mode="json")))  # an equal value, from JSON
    before = state.to_json()
    deciding = state.to_move()
    for other in range(state.players):
        if other == seat:
            continue
        if other not in deciding:
            assert state.legal_actions(other) == []
            for action in rng.sample(listed, min(2, len(listed))):
                assert isinstance(refused(state, other, action, before), NotYourTurn)
        for action in state.legal_actions(other):
            if action not in listed:
                refused_illegal(state, seat, action, before)
    keys = {action.model_dump_json() for action in listed}
    met = [action for key, action in rng.sample(list(pool.items()), min(2 * POOL_SAMPLE, len(pool))) if key not in keys]
    for action in met[:POOL_SAMPLE]:
        refused_illegal(state, seat, action, before)
    assert state.legal_actions(seat) == listed, "refusals changed the options"
    return listed


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_listed_actions_pass_and_near_misses_are_refused_at_every_decision(game_id: str, players: int) -> None:
    game = GAMES[game_id]
    for seed in SEEDS:
        state = game.state_cls.new(players, seed)
        rng = random.Random(seed)
        pool: dict[str, Action] = {}  # options met at earlier decisions, by their JSON
        decisions = 0
        while deciding := state.to_move():
            seat = rng.choice(deciding)
            listed = check_decision(state, seat, pool, rng)
            for action in listed:
                pool.setdefault(action.model_dump_json(), action)
            state.apply(seat, rng.choice(listed))
            decisions += 1
        assert decisions > 10 and state.outcome() is not None
