"""Every clan power takes effect in play (RULINGS.md: in at least a fifth of the bot games where it
is held). The full measurement, with each power's effect on the win share, is
``benchmarks/thingstead_powers.py``; this is its seeded short form."""

from __future__ import annotations

from threadbox.rules.core import bot_mind
from threadbox.rules.thingstead import EasyBot, ThingsteadState
from threadbox.rules.thingstead.data import POWERS
from threadbox.rules.thingstead.effects import took_effect

from .helpers import give_power

SEEDS = range(900_000, 900_008)  # the benchmark's first seeds; each played with the power at Red and at Blue
SHARE = 0.2  # RULINGS.md: a fifth


def fires(power: int, seed: int, holder: int) -> bool:
    state = ThingsteadState.new(2, seed)
    p = POWERS[power]
    give_power(state, holder, p.clan, p.kind, kept=True)
    bot, minds = EasyBot(), [bot_mind(seed, s) for s in range(2)]
    while to_move := state.to_move():
        seat = to_move[0]
        action = bot.choose(state.view(seat), seat, state.legal_actions(seat), minds[seat])
        before = state.clone()
        state.apply(seat, action)
        if power in took_effect(before, seat, action, state):
            return True  # only the holder has it: it is out of its clan's stack
    return False


def test_every_power_takes_effect_in_at_least_a_fifth_of_the_games_where_it_is_held():
    """16 games a power; a game stops as soon as the power has taken effect (about 9 s in all)."""
    games = [(seed, holder) for seed in SEEDS for holder in (0, 1)]
    shares = {p.id: sum(fires(p.id, seed, holder) for seed, holder in games) / len(games) for p in POWERS}
    dead = {f"{POWERS[p].title()} ({POWERS[p].clan})": s for p, s in shares.items() if s < SHARE}
    assert not dead, dead


def _step(state: ThingsteadState, seat: int, action) -> set[int]:
    before = state.clone()
    state.apply(seat, action)
    return took_effect(before, seat, action, state)


def test_a_power_takes_effect_only_when_it_changes_what_was_done():
    from threadbox.rules.thingstead import Influence, Move, Place, PlayToThingstead

    from .helpers import IDENTITY_RING, RED, card_id, deal, fresh, set_supply

    card = card_id("P", 1, 1, 2, 1)

    def table() -> ThingsteadState:
        state = fresh(IDENTITY_RING)
        deal(state, [[card, 9, 10, 11, 12], [27, 28, 29, 30, 31]], row=[20, 21, 22])
        state.pawns = [5, 1]  # No. 8 [P, O, G], three from Blue: the centre takes 2 + 1
        set_supply(state, RED, 10)
        return state

    state = table()
    rally = give_power(state, RED, "P", "rally", kept=True)
    stride = give_power(state, RED, "P", "stride", kept=True)
    assert _step(state, RED, PlayToThingstead(card=card)) == set()
    assert _step(state, RED, Influence()) == set()
    assert _step(state, RED, Place(at=6, count=1)) == set()
    assert state.quota[1] == 4  # 2 printed, +1 from the ring, +1 Rally
    assert _step(state, RED, Place(at=5, count=3)) == set()  # Rally's follower left unused
    state = table()
    give_power(state, RED, "P", "rally", kept=True)
    give_power(state, RED, "P", "stride", kept=True)
    for action in (PlayToThingstead(card=card), Influence(), Place(at=6, count=0)):
        state.apply(RED, action)
    assert _step(state, RED, Place(at=5, count=4)) == {rally}
    state.apply(RED, Place(at=4, count=0))
    assert _step(state, RED, Move(to=3)) == {stride}  # two spaces with a move-1 card
