"""Habits of a player (issue 27): the bots use the followers they have.

Seeded games, as ``simulate`` plays them: in its last card plays, a bot with more than ``IDLE``
followers in supply and a card that could take an Elder (an empty one, or the rival's, all removed)
does not play a card to a clan for nothing. The old bots threw their last cards to a clan and ended most
games with 15-25 followers idle. The level ``easy`` is left as it was (its games drive the screens'
demo positions); the hard bot's policy, prior and judgement (``keen_easy``, ``value_to_the_end``) mind
the end of the game."""

from __future__ import annotations

from threadbox.rules.core import bot_mind
from threadbox.rules.thingstead import GAME, ThingsteadState
from threadbox.rules.thingstead.actions import PlayToClan, PlayToThingstead
from threadbox.rules.thingstead.bots import keen_easy, outlook, value_to_the_end
from threadbox.simulate import seat_levels

from .helpers import card_id, deal, fresh

IDLE = 5  # the bound: more than this in supply at the end is a waste, if an Elder could take them
LAST_PLAYS = 2  # the plays at the end of a game that are checked
MEAN_IDLE = 13  # followers idle at the end of a game, on average over the seeded games below


def could_take_an_elder(state: ThingsteadState, seat: int) -> bool:
    """Whether some card in hand, played to the Thingstead, could take an Elder ``seat`` does
    not hold: put a follower on an empty one, or remove all the rival's and put one there."""
    for action in state.legal_actions(seat):
        if not isinstance(action, PlayToThingstead):
            continue
        played = state.clone()
        played._apply(seat, action)
        for first in played.legal_actions(seat):
            trial = played.clone()
            trial._apply(seat, first)
            while trial.step == "push" and trial.current == seat:
                trial._apply(seat, trial.legal_actions(seat)[0])
            if trial.step == "place":
                for i, at in enumerate(trial.targets):
                    theirs = trial.count[at] if trial.owner[at] == 1 - seat else 0
                    if not trial.locked[at] and trial.owner[at] != seat and trial.max_use(seat, i) > theirs:
                        return True  # empty, or all the rival's removed and one of ours placed
    return False


def margin(state: ThingsteadState, seat: int) -> int:
    """``seat``'s lead if the game were scored now."""
    return sum(v for _, v in state.score_sheet(seat)) - sum(v for _, v in state.score_sheet(1 - seat))


def margin_after(state: ThingsteadState, seat: int, action: PlayToClan) -> int:
    after = state.clone()
    after._apply(seat, action)
    return margin(after, seat)


def wasted_last_plays(levels: list[str], seed: int, iterations: int | None = None) -> list[tuple[int, int, str]]:
    """(seat, supply, what it played) for each of a seat's last ``LAST_PLAYS`` card plays in which it
    had more than ``IDLE`` followers in supply and a card that could take an Elder, yet played to a
    clan for nothing (the score as it stands no better for it: a disc taken from the rival that
    wins a clan or a power's runestones is not nothing)."""
    bots = [GAME.make_bot(level, iterations=iterations) for level in levels]
    minds = [bot_mind(seed, seat) for seat in range(2)]
    state = ThingsteadState.new(2, seed)
    plays: list[list[tuple[int, bool, str]]] = [[], []]
    while to_move := state.to_move():
        seat = to_move[0]
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), seat, legal, minds[seat])
        if state.step == "play":
            wasted = state.supply[seat] > IDLE and not isinstance(action, PlayToThingstead)
            wasted = wasted and margin_after(state, seat, action) <= margin(state, seat)
            plays[seat].append(
                (state.supply[seat], wasted and could_take_an_elder(state, seat), state.describe(action, seat))
            )
        state.apply(seat, action)
    return [(seat, supply, what) for seat in range(2) for supply, bad, what in plays[seat][-LAST_PLAYS:] if bad]


def test_hard_uses_its_followers_at_the_end():
    wasted = []
    for index, seed in enumerate(range(1, 5)):
        levels = seat_levels(["hard", "easy"], index)
        hard = levels.index("hard")
        wasted += [(seed, *w) for w in wasted_last_plays(levels, seed, iterations=60) if w[0] == hard]
    assert not wasted, wasted


def test_the_last_card_goes_to_an_empty_elder_not_to_a_clan_for_nothing():
    """Deck empty, one card left, followers to spare: the card that reaches an empty Elder is
    played to the Thingstead (worth its runestones at the end); to a clan it would score nothing."""
    state = fresh(list(range(7)))
    card = card_id("S", 3, 1, 1, 1)
    rival = card_id("P", 1, 1, 2, 1)
    deal(state, [[card], [rival]], deck=False)
    state.supply = [12, 4]
    state.pawns = [5, 5]
    view = state.view(0)
    legal = state.legal_actions(0)
    values = {a: outlook(view, 0, a, value_to_the_end, best_move=True) for a in legal}
    best = max(values, key=values.__getitem__)
    assert isinstance(best, PlayToThingstead), values
    assert isinstance(keen_easy().choose(view, 0, legal, bot_mind(1, 0)), PlayToThingstead)
    assert isinstance(GAME.make_bot("hard", iterations=60).choose(view, 0, legal, bot_mind(1, 0)), PlayToThingstead)


def test_hard_ends_its_games_with_fewer_followers_idle():
    """Eight seeded games against easy at 60 iterations: hard's followers left in supply at the end
    average at most ``MEAN_IDLE`` (15.3 before it minded the end of the game, 11.6 after). Not yet the
    issue's goal of at most 5 in every game: most are placed, but the supply a game builds is large."""
    idle = []
    for index, seed in enumerate(range(1, 9)):
        levels = seat_levels(["hard", "easy"], index)
        bots = [GAME.make_bot(level, iterations=60) for level in levels]
        minds = [bot_mind(seed, seat) for seat in range(2)]
        state = ThingsteadState.new(2, seed)
        while to_move := state.to_move():
            seat = to_move[0]
            state.apply(seat, bots[seat].choose(state.view(seat), seat, state.legal_actions(seat), minds[seat]))
        idle.append(state.supply[levels.index("hard")])
    assert sum(idle) / len(idle) <= MEAN_IDLE, idle
