"""The Threaded view model at the end of a game: every seat's commissions, and the points each brought."""

from __future__ import annotations

from threadbox.rules.threaded import ThreadedState
from threadbox.rules.threaded.data import COMMISSION, TAPESTRY
from threadbox.rules.threaded.frames import HIDDEN
from threadbox.tui.games.threaded.models import build
from threadbox.tui.games.threaded.widgets.final import final_lines
from threadbox.tui.games.threaded.widgets.ink import Inks

from .th_demo import last_decision_table, over_table


def test_a_finished_game_gives_seat_0_every_seats_commissions_and_the_real_scores():
    table = over_table(players=3, seed=3)
    full = ThreadedState.from_json(table.full_state_json())
    outcome = table.outcome()
    assert outcome is not None
    model = build(table.view(0), 0)
    assert [f.seat for f in model.final] == [0, 1, 2]
    for final, score in zip(model.final, outcome.scores, strict=True):
        seat = final.seat
        assert [c.card for c in final.commissions] == list(full.commissions[seat])
        made = [TAPESTRY[t] for t in full.made[seat]]
        for c in final.commissions:
            rule = COMMISSION[c.card]
            assert c.per == rule.points
            assert c.matching == sum(rule.fulfilled_by(t) for t in made)
            assert c.points == c.per * c.matching
        threads = model.studio(seat).public_points
        assert final.total == score.total == sum(c.points for c in final.commissions) + threads
        assert final.winner == (seat in outcome.winners)
    assert any(c.points for c in model.final[1].commissions)  # the game is one where seat 1 scored some


def test_the_final_block_names_each_commission_and_its_points_in_plain_words():
    table = over_table(players=3, seed=3)
    model = build(table.view(0), 0)
    text = "\n".join(line.plain for line in final_lines(model, Inks(), 44))
    bram = model.final[1]
    assert f"Bram {bram.total} points" in text
    for c in bram.commissions:
        asks = COMMISSION[c.card]
        what = asks.needs[0] if asks.kind == "pattern" else "+".join(asks.needs)
        assert f"{c.card} {asks.points} per {what} · {c.matching} made = {c.points}" in text
    assert max(len(line.plain) for line in final_lines(model, Inks(), 44)) <= 44  # one seat to a row at 80x24


def test_during_play_the_model_holds_no_final_score_and_no_other_seats_commission():
    model = build(last_decision_table(over_table(players=3, seed=3)).view(0), 0)
    assert model.final == ()
    assert all(card == HIDDEN for seat in (1, 2) for card in model.studio(seat).commissions)


def test_a_spectator_of_a_finished_game_gets_the_same_final_scores_as_a_seat():
    table = over_table(players=3, seed=3)
    assert build(table.view(None), None).final == build(table.view(0), 0).final == build(table.view(2), 2).final
