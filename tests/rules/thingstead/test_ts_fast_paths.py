"""The quick ways the rules answer (power tables, the core's copies and views of the table, setup
without validation) give exactly what the plain definitions give, on positions from seeded games."""

from __future__ import annotations

import json
import random

import pytest

from threadbox.rules.core.playout import play_out
from threadbox.rules.thingstead import GAME, ThingsteadState
from threadbox.rules.thingstead.data import CLANS, RING, ring_distance

KINDS = ("push", "wild", "hand", "ward", "lock", "runes", "tally", "stride", "soar", "rally", "recruit", "reserve")


def positions(games: int = 12, every: int = 5) -> list[ThingsteadState]:
    """Copies of the table at every ``every``-th step of some seeded random games."""
    found: list[ThingsteadState] = []
    steps = [0]

    def keep(state, seat, action, transition) -> None:
        steps[0] += 1
        if steps[0] % every == 0 or state.is_over():
            found.append(state.clone())

    for seed in range(games):
        found.append(ThingsteadState.new(2, seed))
        play_out(GAME, 2, seed, on_step=keep)
    return found


POSITIONS = positions()
assert len(POSITIONS) > 100 and any(s.is_over() for s in POSITIONS)


def plain_holds(state: ThingsteadState, seat: int, kind: str, symbols: tuple[str, ...] | None) -> int:
    return sum(1 for p in state.powers(seat) if p.kind == kind and (symbols is None or p.symbol in symbols))


def plain_reachable(state: ThingsteadState, seat: int, card: int) -> list[int]:
    here, reach = state.pawns[seat], state.movement(seat, card)
    places = {p for p in range(RING) if ring_distance(p, here) <= reach}
    soar = {p.symbol for p in state.powers(seat) if p.kind == "soar"}
    places |= {p for p in range(RING) if any(state.elder_at(p).shows(s) for s in soar)}
    return sorted(places)


def with_powers_shuffled(state: ThingsteadState, rng: random.Random) -> ThingsteadState:
    """A copy where discs and kept clan cards are spread at random, so every power turns up."""
    table = state.clone()
    table.disc = [rng.choice((-1, 0, 1)) for _ in CLANS]
    table.kept = [[], []]
    for c, stack in enumerate(table.clan_stack):
        for power in list(stack):
            if rng.random() < 0.3:
                stack.remove(power)
                table.kept[rng.randrange(2)].append(power)
        if table.clan_top[c] < 0 and stack:
            table.clan_top[c] = stack.pop()
    return table


def test_power_counts_match_the_list_of_powers() -> None:
    rng = random.Random(7)
    for state in POSITIONS[::3]:
        table = with_powers_shuffled(state, rng)
        for seat in (0, 1):
            for kind in KINDS:
                assert table.holds(seat, kind) == plain_holds(table, seat, kind, None)
                for symbol in (*CLANS, ""):
                    assert table.holds(seat, kind, symbol) == plain_holds(table, seat, kind, (symbol,))
                for p in range(RING):
                    assert table.holds_for_elder(seat, kind, p) == plain_holds(
                        table, seat, kind, table.elder_at(p).clans
                    )
            for card in (0, 13, 22, 35):
                assert table.reachable(seat, card) == plain_reachable(table, seat, card)


def plain_view(state: ThingsteadState, seat: int | None) -> dict:
    """The table's JSON less what ``seat`` may not see, by hand: the other hand, the deck, the
    other seat's face-down clan cards until the game is over, the order of the clan stacks."""
    doc = json.loads(state.to_json())
    doc["seed"], doc["rng"], doc["view_of"] = 0, {"state": 0}, -1 if seat is None else seat
    doc["hands"] = [h if s == seat else [-1] * len(h) for s, h in enumerate(doc["hands"])]
    doc["deck"] = [-1] * len(doc["deck"])
    if not state.is_over():
        doc["clan_cards"] = [
            [c if s == seat else [-1] * len(c) for s, c in enumerate(clan)] for clan in doc["clan_cards"]
        ]
    doc["clan_stack"] = [sorted(stack) for stack in doc["clan_stack"]]
    return doc


def test_a_view_hides_what_the_rulebook_hides() -> None:
    for state in POSITIONS:
        for seat in (0, 1, None):
            view = state.view(seat)
            assert json.loads(view.to_json()) == plain_view(state, seat)
            assert view.__pydantic_fields_set__ == state.__pydantic_fields_set__


def test_a_clone_is_equal_and_separate() -> None:
    for state in POSITIONS[::4]:
        copy = state.clone()
        assert copy == state and copy.rng == state.rng and copy.rng is not state.rng
        copy.hands[0].append(99)
        copy.clan_cards[0][1].append(99)
        copy.kept[1].append(99)
        assert 99 not in state.hands[0] and 99 not in state.clan_cards[0][1] and 99 not in state.kept[1]


@pytest.mark.parametrize("seed", range(20))
def test_setup_holds_what_validation_would_give(seed: int) -> None:
    state = ThingsteadState.new(2, seed, names=["Ada", "Bram"])
    named = {name: getattr(state, name) for name in state.__pydantic_fields_set__}
    assert list(state.__dict__) == list(ThingsteadState.model_fields)
    assert ThingsteadState.model_validate(state.model_dump()) == state
    assert ThingsteadState(**named).__pydantic_fields_set__ == state.__pydantic_fields_set__
