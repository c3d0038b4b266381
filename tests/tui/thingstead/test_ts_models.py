"""The view models the Thingstead widgets draw: what the clan panel promises."""

from __future__ import annotations

from tests.rules.thingstead.helpers import RED, give_power, set_supply
from threadbox.rules.thingstead import PlayToClan, ThingsteadState
from threadbox.rules.thingstead.data import CLAN_INDEX
from threadbox.tui.games.thingstead.models import clan_faces


def _next_gain(state: ThingsteadState, clan: str) -> int:
    return clan_faces(state.view(RED), RED)[CLAN_INDEX[clan]].next_gain


def test_the_clan_panels_next_gain_counts_recruit_and_the_general_supply():
    state = ThingsteadState.new(2, 4, names=["Red", "Blue"])
    give_power(state, RED, "P", "recruit", kept=True)
    assert _next_gain(state, "S") == 5
    before = state.supply[RED]
    state.apply(RED, PlayToClan(card=state.hands[RED][0], clan="S"))
    assert state.supply[RED] - before == 5
    state = ThingsteadState.new(2, 4, names=["Red", "Blue"])
    set_supply(state, RED, 25)
    assert _next_gain(state, "S") == 2
    state.apply(RED, PlayToClan(card=state.hands[RED][0], clan="S"))
    assert state.supply[RED] == 27


def test_the_preview_of_a_move_onto_a_locked_elder_says_it_is_locked():
    from tests.rules.thingstead.helpers import BLUE, IDENTITY_RING, card_id, deal, fresh, put
    from threadbox.rules.thingstead import Move, PlayToThingstead
    from threadbox.tui.games.thingstead.models import preview

    state = fresh(IDENTITY_RING)
    card = card_id("P", 1, 1, 2, 1)
    deal(state, [[card, 9, 10, 11, 12], [27, 28, 29, 30, 31]], row=[20, 21, 22])
    put(state, 4, BLUE, 1, locked=True)  # No. 7 [P, S, G]: the Pink card would match it
    state.apply(RED, PlayToThingstead(card=card))
    assert preview(state.view(RED), Move(to=4))[2] == "That Elder is locked: no influence."
