"""Each rule of Warp & Weft as a test, and illegal actions leaving the state alone."""

from __future__ import annotations

import pytest

from threadbox.rules.core import IllegalAction, NotYourTurn, RulesError, get_game
from threadbox.rules.warp_and_weft import (
    GAME,
    ChooseCrossing,
    PickString,
    PlaceButton,
    WarpWeftState,
    WeaveString,
)
from threadbox.rules.warp_and_weft.data import ADJACENT_CARDS, INTERLACED_CARDS, SHARED_BY_ID, TOTAL_STRINGS

from .warp_weft_helpers import assert_rejected, finish_phase, pick_all, play_first_legal_until


def new(players: int = 3, seed: int = 5) -> WarpWeftState:
    return WarpWeftState.new(players, seed, names=["Ana", "Bo", "Cy", "Di", "Ed"][:players])


def to_weaving(state: WarpWeftState) -> None:
    play_first_legal_until(state, lambda s: s.phase == "weave")


def to_patterns(state: WarpWeftState) -> None:
    play_first_legal_until(state, lambda s: s.phase == "patterns")


# ---- setup ------------------------------------------------------------------------
def test_registered_with_the_core():
    assert get_game("warp-and-weft") is GAME
    assert GAME.info.min_players == 2 and GAME.info.max_players == 5 and GAME.info.hidden_information
    assert GAME.bot_levels == ["random", "easy", "hard"]


def test_setup_deals_one_shared_four_adjacent_four_interlaced():
    state = new()
    assert state.shared in SHARED_BY_ID
    assert len(state.adjacent) == len(set(state.adjacent)) == 4
    assert len(state.interlaced) == len(set(state.interlaced)) == 4
    assert set(state.adjacent) <= {c.id for c in ADJACENT_CARDS}
    assert set(state.interlaced) <= {c.id for c in INTERLACED_CARDS}
    assert (state.phase, state.round) == ("draft", 1)
    assert all(loom.woven_count() == 0 for loom in state.looms)


def test_setup_is_seeded():
    assert new(seed=11) == new(seed=11)
    assert {new(seed=s).to_json() for s in range(6)}.__len__() > 1


@pytest.mark.parametrize("players", [1, 6])
def test_player_count_is_checked(players):
    with pytest.raises(RulesError, match="2-5 players"):
        WarpWeftState.new(players, 1)


def test_no_variants():
    with pytest.raises(RulesError, match="no variant .fast. \\(variants: none\\)"):
        WarpWeftState.new(2, 1, ["fast"])


# ---- Phase I: draw -------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_seat_draws_5_per_round_from_the_bag(players):
    state = new(players)
    assert [len(h) for h in state.hands] == [5] * players
    assert sum(state.bag.values()) == TOTAL_STRINGS - 5 * players
    for round_ in (2, 3, 4):
        play_first_legal_until(state, lambda s, r=round_: s.round == r)
        assert [len(h) for h in state.hands] == [5] * players
        assert sum(state.bag.values()) == TOTAL_STRINGS - 5 * players * round_
        assert sum(state.out_of_game.values()) == players * (round_ - 1)
    assert state.strings_accounted() == TOTAL_STRINGS


def test_draws_follow_the_counts_in_the_bag():
    state = new(2)
    play_first_legal_until(state, lambda s: s.phase == "patterns")
    state.bag = {"P": 0, "B": 0, "V": 0, "R": 12, "Y": 0}  # only red strings left in the bag
    state.apply(0, state.legal_actions(0)[0])
    transition = state.apply(1, state.legal_actions(1)[0])
    assert transition.barrier  # the draw for round 2
    assert state.hands == [["R"] * 5, ["R"] * 5]
    assert state.bag["R"] == 2
    assert any("draws" in e.text for e in transition.log)


# ---- Phase II: draft -------------------------------------------------------------------
def test_a_pick_is_secret_and_stays_in_hand_until_all_have_picked():
    state = new()
    hand = list(state.hands[0])
    transition = state.apply(0, PickString(colour=hand[0]))
    assert not transition.barrier
    assert state.pending_pick[0] == hand[0] and state.has_chosen[0]
    assert state.hands[0] == hand and state.picks[0] == []
    assert state.to_move() == [1, 2]
    assert state.legal_actions(0) == []
    assert_rejected(state, 0, PickString(colour=hand[-1]), NotYourTurn, "Ana", "already chosen")


def test_picks_are_revealed_and_hands_pass_left():
    state = new(3)
    hands = [list(h) for h in state.hands]
    colours = [h[0] for h in hands]
    transition = pick_all(state, colours)
    assert transition.barrier
    assert state.picks == [[c] for c in colours]
    for seat in range(3):
        rest = list(hands[seat])
        rest.remove(colours[seat])
        assert state.hands[(seat + 1) % 3] == rest  # seat i passes to seat i + 1
        assert state.passed_from((seat + 1) % 3) == seat
    assert state.has_chosen == [False] * 3 and state.pending_pick == [None] * 3
    assert state.to_move() == [0, 1, 2]


def test_four_picks_then_the_fifth_string_leaves_the_game():
    state = new(2)
    for step in range(4):
        assert state.phase == "draft"
        pick_all(state, [state.hands[0][0], state.hands[1][0]])
        assert [len(p) for p in state.picks] == [step + 1] * 2
    assert state.phase == "weave"
    assert state.hands == [[], []]
    assert sum(state.out_of_game.values()) == 2
    assert state.strings_accounted() == TOTAL_STRINGS


def test_pick_is_only_from_the_hand():
    state = new()
    missing = next(c for c in "PBVRY" if c not in state.hands[0])
    assert_rejected(state, 0, PickString(colour=missing), IllegalAction, "no", "string in hand")
    assert_rejected(state, 0, PickString(colour="Q"), IllegalAction, "'Q'")


# ---- Phase III: weaving ---------------------------------------------------------------
def test_weaving_offers_every_free_slot_on_both_axes():
    state = new(2)
    to_weaving(state)
    legal = state.legal_actions(0)
    colours = sorted(set(state.picks[0]))
    assert len(legal) == len(colours) * 16
    assert {(a.axis, a.slot) for a in legal} == {(axis, s) for axis in ("vertical", "horizontal") for s in range(8)}
    assert state.to_move() == [0, 1]


def test_weaving_over_and_under_at_each_crossing_then_fixed():
    state = new(2)
    to_weaving(state)
    state.picks[0] = ["P", "B", "R", "Y"]  # known strings for seat 0
    # Two horizontal strings first: nothing to cross, so each is fixed at once.
    state.apply(0, WeaveString(colour="P", axis="horizontal", slot=1))
    state.apply(0, WeaveString(colour="B", axis="horizontal", slot=4))
    assert state.looms[0].horizontal == ".P..B..."
    assert state.weaving[0] is None
    # A vertical string crosses both, top to bottom: one decision per crossing.
    state.apply(0, WeaveString(colour="R", axis="vertical", slot=6))
    doing = state.weaving[0]
    assert doing is not None and doing.crosses == (1, 4) and doing.over == ()
    assert state.looms[0].vertical == "........"  # not fixed yet
    assert state.legal_actions(0) == [ChooseCrossing(over=True), ChooseCrossing(over=False)]
    assert "pink (P)" in state.describe(ChooseCrossing(over=True), 0)
    assert_rejected(state, 0, WeaveString(colour="Y", axis="vertical", slot=0), IllegalAction, "first finish")
    state.apply(0, ChooseCrossing(over=True))
    assert state.preview_loom(0).is_over("vertical", 6, 1) is True
    assert state.preview_loom(0).is_over("vertical", 6, 4) is None
    state.apply(0, ChooseCrossing(over=False))
    loom = state.looms[0]
    assert state.weaving[0] is None and loom.vertical == "......R."
    assert loom.is_over("vertical", 6, 1) is True and loom.is_over("vertical", 6, 4) is False
    # Fixed: the slot is taken and its crossings never change.
    taken = WeaveString(colour="Y", axis="vertical", slot=6)
    assert_rejected(state, 0, taken, IllegalAction, "vertical slot 7", "already holds")
    assert_rejected(state, 0, ChooseCrossing(over=True), IllegalAction, "no string is being woven")
    state.apply(0, WeaveString(colour="Y", axis="horizontal", slot=0))
    assert state.weaving[0] is not None and state.weaving[0].crosses == (6,)
    state.apply(0, ChooseCrossing(over=True))
    assert state.looms[0].is_over("horizontal", 0, 6) is True
    assert state.looms[0].is_over("vertical", 6, 1) is True  # earlier crossings untouched
    assert 0 not in state.to_move()


def test_weave_only_picked_strings_into_real_slots():
    state = new(2)
    to_weaving(state)
    missing = next(c for c in "PBVRY" if c not in state.picks[0])
    assert_rejected(state, 0, WeaveString(colour=missing, axis="vertical", slot=0), IllegalAction, "no picked")
    colour = state.picks[0][0]
    assert_rejected(state, 0, WeaveString(colour=colour, axis="vertical", slot=8), IllegalAction, "slots 1 to 8")


def test_pattern_selection_waits_for_every_loom():
    state = new(2)
    to_weaving(state)
    play_first_legal_until(state, lambda s: not s.picks[0] and s.weaving[0] is None)
    assert state.phase == "weave" and state.to_move() == [1]
    finish_phase(state)
    assert state.phase == "patterns" and state.to_move() == [0, 1]
    assert all(loom.woven_count() == 4 for loom in state.looms)


# ---- Phase IV: pattern selection --------------------------------------------------------
def test_round_buttons_on_adjacent_cards_square_buttons_on_interlaced_cards():
    state = new(2)
    to_patterns(state)
    legal = state.legal_actions(0)
    assert {(a.shape, a.card) for a in legal} == (
        {("round", c) for c in state.adjacent} | {("square", c) for c in state.interlaced}
    )
    assert_rejected(
        state,
        0,
        PlaceButton(shape="square", card=state.adjacent[0]),
        IllegalAction,
        "square buttons go on Interlaced cards",
        "Adjacent card",
    )
    assert_rejected(
        state,
        0,
        PlaceButton(shape="round", card=state.interlaced[0]),
        IllegalAction,
        "round buttons go on Adjacent cards",
    )
    not_in_play = next(c.id for c in ADJACENT_CARDS if c.id not in state.adjacent)
    assert_rejected(state, 0, PlaceButton(shape="round", card=not_in_play), IllegalAction, "not a pattern card in play")


def test_never_two_own_buttons_on_one_card_and_two_of_each_shape():
    state = new(2)
    to_patterns(state)
    first = state.adjacent[0]
    state.apply(0, PlaceButton(shape="round", card=first))
    state.apply(1, PlaceButton(shape="round", card=first))  # another player's button may share a card
    assert state.buttons_on(first) == [0, 1]
    to_patterns(state)
    for seat in (0, 1):
        assert PlaceButton(shape="round", card=first) not in state.legal_actions(seat)
    again = PlaceButton(shape="round", card=first)
    assert_rejected(state, 0, again, IllegalAction, "already holds one of your buttons")
    state.apply(0, PlaceButton(shape="round", card=state.adjacent[1]))
    state.apply(1, PlaceButton(shape="round", card=state.adjacent[2]))
    to_patterns(state)
    assert all(a.shape == "square" for a in state.legal_actions(0))  # round buttons used up
    third = PlaceButton(shape="round", card=state.adjacent[3])
    assert_rejected(state, 0, third, IllegalAction, "no round button is left")
    finish_phase(state)
    to_patterns(state)
    finish_phase(state)
    assert state.phase == "over"
    for seat in range(2):
        assert [b.shape for b in state.buttons[seat]] == ["round", "round", "square", "square"]
        assert len({b.card for b in state.buttons[seat]}) == 4


def test_a_button_stays_secret_until_all_have_chosen_then_is_revealed():
    state = new(2)
    to_patterns(state)
    transition = state.apply(0, PlaceButton(shape="round", card=state.adjacent[0]))
    assert not transition.barrier and state.buttons[0] == [] and state.has_chosen[0]
    transition = state.apply(1, PlaceButton(shape="square", card=state.interlaced[0]))
    assert transition.barrier
    assert [b.card for b in state.buttons[0]] == [state.adjacent[0]]
    assert "Buttons revealed" in " ".join(e.text for e in transition.log)


# ---- the end ----------------------------------------------------------------------------
def test_game_ends_after_round_4_with_full_looms():
    state = new(3)
    play_first_legal_until(state, lambda s: s.round == 4 and s.phase == "patterns")
    assert not state.is_over() and state.outcome() is None
    finish_phase(state)
    assert state.phase == "over" and state.is_over() and state.to_move() == []
    assert all(loom.woven_count() == 16 for loom in state.looms)
    assert all(len(b) == 4 for b in state.buttons)
    outcome = state.outcome()
    assert outcome is not None
    for score in outcome.scores:
        assert score.categories == state.score_sheet(score.seat)
        assert score.total == sum(vp for _, vp in score.categories)
        assert [name for name, _ in score.categories] == [
            "Shared Objective",
            "Round button 1",
            "Round button 2",
            "Square button 1",
            "Square button 2",
            "Penalty",
        ]
    best = max(s.total for s in outcome.scores)
    assert outcome.winners == [s.seat for s in outcome.scores if s.total == best]
    assert_rejected(state, 0, PickString(colour="P"), NotYourTurn, "over")


def test_tied_players_share_the_victory():
    state = new(2)
    play_first_legal_until(state, lambda s: s.is_over())
    state.looms[1] = state.looms[0].model_copy()
    state.buttons[1] = list(state.buttons[0])
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == [0, 1] and outcome.tiebreak_used is None


def test_running_score_matches_on_a_view():
    state = new(2)
    play_first_legal_until(state, lambda s: s.round == 3)
    for seat in range(2):
        assert state.view(1 - seat).score_sheet(seat) == state.score_sheet(seat)
        assert state.view(None).total_score(seat) == state.total_score(seat)


# ---- illegal actions ----------------------------------------------------------------------
def test_wrong_phase_is_refused_with_the_phase_named():
    state = new()
    assert_rejected(
        state,
        0,
        WeaveString(colour=state.hands[0][0], axis="vertical", slot=0),
        IllegalAction,
        "Ana cannot do that",
        "string selection phase, not the time to weave",
    )
    assert_rejected(state, 1, PlaceButton(shape="round", card=state.adjacent[0]), IllegalAction, "Bo")
    assert_rejected(state, 2, ChooseCrossing(over=True), IllegalAction, "string selection phase")


def test_seat_not_at_the_table():
    state = new()
    assert_rejected(state, 7, PickString(colour="P"), NotYourTurn, "no seat 7")
    assert_rejected(state, -1, PickString(colour="P"), NotYourTurn)


def test_views_cannot_be_played_on():
    state = new()
    view = state.view(0)
    assert_rejected(view, 0, PickString(colour=state.hands[0][0]), RulesError, "view")


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "pick"},
        {"kind": "pick", "colour": 3},
        {"kind": "weave", "colour": "P", "axis": "diagonal", "slot": 1},
        {"kind": "button", "shape": "star", "card": "A1"},
        {"kind": "shuffle"},
        "pick P",
        None,
    ],
)
def test_garbage_is_not_an_action(data):
    state = new()
    before = state.to_json()
    with pytest.raises(RulesError, match="Not an action of Warp & Weft"):
        WarpWeftState.parse_action(data)
    assert state.to_json() == before


def test_parse_action_round_trips_every_kind():
    for action in (
        PickString(colour="P"),
        WeaveString(colour="R", axis="horizontal", slot=3),
        ChooseCrossing(over=False),
        PlaceButton(shape="square", card="I2"),
    ):
        assert WarpWeftState.parse_action(action.model_dump()) == action


def test_another_games_action_is_refused():
    from threadbox.rules.core import Action

    class Other(Action):
        kind: str = "other"

    state = new()
    assert_rejected(state, 0, Other(), IllegalAction, "not a Warp & Weft action")
