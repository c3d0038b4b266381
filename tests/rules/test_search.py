"""The ``hard`` bot (ISMCTS, ``core/search.py``) and every bot level: legal play, secrecy, reproducibility."""

from __future__ import annotations

import random
import threading

import pytest

from threadbox.rules.core import GameState, Rng, get_game
from threadbox.rules.core.playout import play_out
from threadbox.rules.core.search import SearchBot
from threadbox.rules.warp_and_weft import PickString, PlaceButton, WarpWeftState
from threadbox.simulate import seat_levels

GAMES = ["thread-count", "warp-and-weft"]
LEVELS = ["random", "easy", "hard"]


def play_checked(game_id: str, levels: list[str], seed: int, iterations: int = 3) -> GameState:
    """Bots play a whole game; every choice is checked against the legal actions first."""
    game = get_game(game_id)
    bots = [game.make_bot(level, iterations=iterations) for level in levels]
    minds = [random.Random(seed * 31 + s) for s in range(len(levels))]
    state = game.state_cls.new(len(levels), seed)
    steps = 0
    while to_move := state.to_move():
        seat = to_move[-1] if steps % 2 else to_move[0]  # simultaneous phases in both orders
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), seat, legal, minds[seat])
        assert action in legal, f"{levels[seat]} chose {action!r}, not a legal action"
        state.apply(seat, action)
        steps += 1
        assert steps < 5_000
    assert state.outcome() is not None
    return state


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_only_legal_actions(game_id, level):
    for seed in (1, 2):
        play_checked(game_id, [level, "random"] if seed == 1 else ["easy", level, "random"], seed)


@pytest.mark.parametrize("game_id", GAMES)
def test_hard_is_registered_as_a_search_bot(game_id):
    game = get_game(game_id)
    assert game.bot_levels == ["random", "easy", "hard"]
    bot = game.make_bot("hard", think=0.25, iterations=7)
    assert isinstance(bot, SearchBot) and bot.level == "hard"
    assert (bot.think, bot.iterations) == (0.25, 7)
    assert not hasattr(game.make_bot("easy", think=3), "think")  # bots that do not search ignore budgets


def draft_states() -> tuple[WarpWeftState, WarpWeftState]:
    """Two games alike in all seat 1 may know: seat 0 picked different strings in secret, and the
    bag's future draws (the RNG) differ."""
    first = WarpWeftState.new(2, 11)
    second = WarpWeftState.new(2, 11)
    colours = sorted(set(first.hands[0]))
    assert len(colours) > 1
    first.apply(0, PickString(colour=colours[0]))
    second.apply(0, PickString(colour=colours[-1]))
    second.rng = Rng.from_seed(987654321)
    return first, second


def decide(view: GameState, seat: int, seed: int = 5, iterations: int = 40) -> object:
    bot = get_game(view.info.id).make_bot("hard", iterations=iterations)
    return bot.choose(view, seat, view_legal(view, seat), random.Random(seed))


def view_legal(view: GameState, seat: int):
    return view.determinize(random.Random(0)).legal_actions(seat)


def test_hard_decides_alike_whatever_a_rivals_secret_pick():
    first, second = draft_states()
    assert first.pending_pick[0] != second.pending_pick[0]
    a, b = first.view(1), second.view(1)
    assert a.to_json() == b.to_json()
    assert decide(a, 1) == decide(b, 1)
    assert first.legal_actions(1) == view_legal(a, 1)


def test_hard_decides_alike_whatever_a_rivals_secret_button():
    game = get_game("warp-and-weft")
    states = []
    for choice in (0, -1):
        state = WarpWeftState.new(2, 4)
        easy, mind = game.make_bot("easy"), random.Random(9)
        while state.phase != "patterns":
            seat = state.to_move()[0]
            state.apply(seat, easy.choose(state.view(seat), seat, state.legal_actions(seat), mind))
        options = state.legal_actions(0)
        state.apply(0, options[choice])
        states.append(state)
    assert isinstance(states[0].pending_button[0], type(states[1].pending_button[0]))
    assert states[0].pending_button[0] != states[1].pending_button[0]
    a, b = states[0].view(1), states[1].view(1)
    assert a.to_json() == b.to_json()
    choice = decide(a, 1)
    assert isinstance(choice, PlaceButton)
    assert choice == decide(b, 1)


def test_thread_count_hard_ignores_the_games_future_rolls():
    game = get_game("thread-count")
    first = game.state_cls.new(2, 8, ["easier"])
    second = game.state_cls.new(2, 8, ["easier"])
    second.rng = Rng.from_seed(42)  # different future rolls, same position
    assert first.view(0).to_json() == second.view(0).to_json()
    assert decide(first.view(0), 0, iterations=20) == decide(second.view(0), 0, iterations=20)


def test_same_view_and_seed_give_the_same_decision_and_exact_iterations():
    first, _ = draft_states()
    view = first.view(1)
    bot = SearchBot(iterations=25)
    legal = view_legal(view, 1)
    choices = {bot.choose(view, 1, legal, random.Random(3)) for _ in range(3)}
    assert len(choices) == 1
    assert bot.last.iterations == 25
    assert bot.last.nodes >= 1


def test_a_rival_deciding_later_in_the_same_step_does_not_see_the_bots_pick():
    """Seat 1 picks first in the tree; seat 0's first node must be one information set for
    all of seat 1's picks, until the reveal shows them."""
    state = WarpWeftState.new(2, 3)
    bot = SearchBot(iterations=60)
    view = state.view(1)
    bot.choose(view, 1, view_legal(view, 1), random.Random(1))
    rival_first = [key for key in bot.last.tree if key[0] == 0 and len(key[1]) == 1]
    assert rival_first == [(0, ((1, None),))]
    own = bot.last.tree[(1, ())]
    assert len(own) == len(set(state.hands[1]))  # every pick of the bot's was tried


def test_a_stopped_search_still_answers_with_a_legal_action():
    first, _ = draft_states()
    view = first.view(1)
    legal = view_legal(view, 1)
    stop = threading.Event()
    stop.set()
    bot = get_game("warp-and-weft").make_bot("hard", think=30)
    assert bot.choose(view, 1, legal, random.Random(2), stop=stop) in legal
    assert bot.last.iterations == 0


def test_a_single_option_is_played_without_searching():
    first, _ = draft_states()
    only = [first.legal_actions(1)[0]]
    bot = SearchBot(iterations=50)
    assert bot.choose(first.view(1), 1, only, random.Random(0)) == only[0]
    assert bot.last.iterations == 0


def test_a_prior_that_rules_an_action_out_still_ranks_the_others():
    """Thread Count's easy judge values Stop at -inf while other ways on exist; the
    search must still follow the finite values (every bias was NaN, and the hard bot
    played worse than the easy one)."""
    legal = ["stop", "short", "long"]
    bot = SearchBot(prior=lambda state, seat, actions: [float("-inf"), 1.0, 3.0])
    biases = bot._biases(None, 0, legal)  # type: ignore[arg-type]
    assert biases == {"stop": 0.0, "short": 0.0, "long": bot.prior_weight}


def test_thread_count_hard_beats_easy_on_a_few_seeded_games():
    """A guard against a search that quietly plays badly: at a small budget, hard's
    total over four games (as ``simulate --bots hard,easy`` plays them) is well above easy's."""
    game = get_game("thread-count")
    totals = {"hard": 0, "easy": 0}
    for index, seed in enumerate(range(1, 5)):
        levels = seat_levels(["hard", "easy"], index)
        outcome = play_out(game, 2, seed, levels=levels, iterations=40).state.outcome()
        for seat, level in enumerate(levels):
            totals[level] += outcome.score_of(seat).total
    assert totals["hard"] > totals["easy"] + 8, totals
