"""Secrets: commissions, hands and deck orders stay with their seat, in views, logs and samples."""

from __future__ import annotations

import random

from threadbox.rules.core.playout import play_out
from threadbox.rules.threaded import GAME
from threadbox.rules.threaded.actions import Finish, TakeCard, TakeTapestry
from threadbox.rules.threaded.frames import HIDDEN

from ..determinize_checks import check_determinize, play_on
from .threaded_helpers import conserved, give_cards, play, table, visit

FRASER, IZZY = 0, 1


def test_views_hide_other_commissions_hands_and_deck_orders():
    st = table(3)
    give_cards(st, IZZY, "hands", ["T10", "T11"])
    view = st.view(FRASER)
    assert view.commissions[FRASER] == st.commissions[FRASER]
    assert view.commissions[IZZY] == (HIDDEN,) and view.hands[IZZY] == (HIDDEN, HIDDEN)
    assert set(view.tapestry_deck) == {HIDDEN} and set(view.commission_deck) == {HIDDEN}
    assert set(view.equipment_deck) == {HIDDEN}
    spectator = st.view(None)
    assert all(set(k) == {HIDDEN} for k in spectator.commissions)
    assert view.rng.state == 0 and view.seed == 0


def test_opening_log_tells_each_player_only_their_commission():
    st = table(2)
    opening = st.opening_log()
    mine = [e.for_seat(FRASER) for e in opening]
    assert any(st.commissions[FRASER][0] in line for line in mine)
    assert not any(st.commissions[IZZY][0] in line for line in mine)
    assert not any(st.commissions[FRASER][0] in e.text for e in opening)


def test_views_keep_only_their_own_seats_setup_lines():
    st = table(3)
    unusual = st.clone()
    unusual.hands = (*unusual.hands, ())  # one hand more than seats: still hidden entry by entry
    for state in (st, unusual):
        for seat in (FRASER, IZZY, None):
            for view in (state.view(seat),):
                lines = [line for e in view.opening_log() for line in e.private.items()]
                assert [s for s, _ in lines] == ([] if seat is None else [seat])
                others = [k for s in range(3) if s != seat for k in st.commissions[s]]
                assert not any(card in view.to_json() for card in others)
    mine = st.view(IZZY).opening_log()
    assert [e.for_seat(IZZY) for e in mine] == [e.for_seat(IZZY) for e in st.opening_log()]


def test_a_finished_game_shows_every_commission_and_the_real_result():
    played = play_out(GAME, 3, 11, levels=["easy"] * 3)
    st = played.state
    assert st.is_over()
    for seat in (FRASER, IZZY, None):
        view = st.view(seat)
        assert view.commissions == st.commissions and view.outcome() == st.outcome()
        assert all(set(h) <= {HIDDEN} for s, h in enumerate(view.hands) if s != seat)  # hands stay secret
        sampled = check_determinize(st, seat, random.Random(seat))
        assert sampled.commissions == st.commissions and sampled.outcome() == st.outcome()


def test_drawn_commissions_are_logged_privately():
    st = table()
    visit(st, "C", [FRASER])
    drawn = list(st.drawn[FRASER])
    transition = st.apply(FRASER, TakeCard(card=drawn[0]))
    line = transition.log[0]
    assert drawn[0] not in line.text and drawn[0] in line.for_seat(FRASER)
    assert drawn[1] in line.text  # the discarded one lies face up


def test_a_tapestry_taken_from_the_face_up_line_is_named_in_the_log():
    st = table()
    card = st.line[0]
    visit(st, "F", [FRASER])
    play(st, Finish(choice="take"))
    transition = st.apply(FRASER, TakeTapestry(position=0))
    assert any(card in e.text for e in transition.log)  # everyone saw it leave the line
    assert st.view(IZZY).hands[FRASER][-1] == HIDDEN  # but the hand itself is kept secret


def test_determinize_is_consistent_with_the_view_and_conserves_everything():
    rng = random.Random(5)
    checked = 0
    for seed in range(6):
        players = 2 + seed % 4
        states = []

        def keep(state, seat, action, transition, states=states):
            if len(states) < 400 and transition.barrier:
                states.append(state.clone())

        play_out(GAME, players, seed, levels=["easy"] * players, on_step=keep)
        for state in states[::20]:
            for seat in range(players):
                sampled = check_determinize(state, seat, rng)
                conserved(sampled)
                for other in range(players):
                    assert HIDDEN not in sampled.commissions[other] + sampled.hands[other]
                checked += 1
    assert checked > 50
    play_on(sampled, rng)  # a sample is a real game: it plays on to the end


def test_a_spectator_view_determinizes_too():
    st = table(3)
    sampled = check_determinize(st, None, random.Random(1))
    conserved(sampled)
