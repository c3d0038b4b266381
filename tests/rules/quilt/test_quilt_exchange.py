"""The exchange bonus (RULINGS.md, Quilt): an exchange names a set of pencils, and pencils got by
an exchange are "received through bonuses", so they cannot be exchanged again in the same round.

Board layout: the exchange cells are row 2 cell 5 and row 4 cell 2 (see test_quilt_bonuses.py).
"""

from __future__ import annotations

import itertools
import re

import pytest

from threadbox.rules.core import IllegalAction
from threadbox.rules.core.playout import play_out
from threadbox.rules.quilt import GAME, ColourCell, Exchange, QuiltState
from threadbox.rules.quilt.data import LETTERS, colour_label

from .helpers import board, colouring, options, refused


def only_in_bag(state: QuiltState, pencils: dict[str, int]) -> None:
    """Leave exactly ``pencils`` in the bag; the rest count as used by seat 1 this round."""
    for c, n in state.bag.items():
        keep = pencils.get(c, 0)
        state.spent[1] += c * (n - keep)
        state.bag[c] = keep
    assert state.pencils_accounted() == state.total_pencils


def test_an_exchange_names_a_set_the_order_written_does_not_matter():
    assert Exchange(colours="GR") == Exchange(colours="RG")
    state = colouring(hand="ORG", sheet=board("", "oooo"))
    state.apply(0, ColourCell(colour="O", row=1))  # cell 5: exchange
    other = state.clone()
    state.check(0, Exchange(colours="GR"))
    state.apply(0, Exchange(colours="GR"))
    other.apply(0, Exchange(colours="RG"))
    assert state == other and state.bag_size() == other.bag_size()


def test_a_pencil_not_on_the_holder_is_refused_for_that_reason():
    state = colouring(hand="OGGB", sheet=board("", "oooo"))
    state.apply(0, ColourCell(colour="O", row=1))
    refused(state, 0, Exchange(colours="RG"), "there is no unused red .R. pencil on your needle holder")
    refused(state, 0, Exchange(colours="BB"), "only one unused blue .B. pencil on your needle holder")
    refused(state, 0, Exchange(colours="ZG"), "there is no 'Z' pencil")
    refused(state, 0, Exchange(colours="GGG"), "exchange 1 or 2 pencils")


def test_pencils_from_an_exchange_cannot_be_exchanged_again_that_round():
    state = colouring(hand="ORGB", sheet=board("", "oooo", "", "g"), players=4, neutral="YYY")
    only_in_bag(state, {"P": 2})
    state.apply(0, ColourCell(colour="O", row=1))  # row 2 cell 5: exchange
    state.apply(0, Exchange(colours="R"))  # a purple pencil comes from the bag
    assert sorted(state.hand(0)) == ["B", "G", "P"]
    state.apply(0, ColourCell(colour="G", row=3))  # row 4 cell 2: exchange again
    assert {a.colours for a in options(state) if isinstance(a, Exchange)} == {"B"}
    reason = "the purple .P. pencil came from an exchange this round; pencils received through bonuses"
    refused(state, 0, Exchange(colours="P"), reason)
    refused(state, 0, Exchange(colours="BP"), reason)
    state.apply(0, Exchange(colours="B"))
    assert state.pencils_accounted() == state.total_pencils


def test_a_pencil_used_from_the_holder_is_the_received_one_when_it_has_the_same_colour():
    # Two purple pencils, one from the exchange: colouring purple uses that one, so the other stays free.
    state = colouring(hand="OPR", sheet=board("", "oooo", "", "p"), players=4, neutral="YYY")
    only_in_bag(state, {"P": 1})
    state.apply(0, ColourCell(colour="O", row=1))
    state.apply(0, Exchange(colours="R"))
    assert state.hand(0) == "PP" and state.exchangeable(0) == "P"
    state.apply(0, ColourCell(colour="P", row=3))  # row 4 cell 2: exchange again
    assert [a.colours for a in options(state) if isinstance(a, Exchange)] == ["P"]


def test_no_exchange_bonus_when_only_received_pencils_are_left():
    state = colouring(hand="OGR", sheet=board("", "oooo", "", "g"), players=4, neutral="YYY")
    only_in_bag(state, {"P": 2})
    state.apply(0, ColourCell(colour="O", row=1))
    state.apply(0, Exchange(colours="R"))
    log = state.apply(0, ColourCell(colour="G", row=3)).log  # the second exchange: only the purple one left
    assert not state.tasks
    assert any("has no pencil to exchange" in e.text for e in log)


def test_the_received_pencils_are_forgotten_at_the_end_of_the_round():
    state = colouring(hand="OR", sheet=board("", "oooo"), players=2, neutral="YYG")
    state.apply(0, ColourCell(colour="O", row=1))
    state.apply(0, Exchange(colours="R"))
    assert state.received
    state.apply(0, state.legal_actions(0)[-1])  # finish
    while state.phase == "colouring":
        state.apply(state.turn, state.legal_actions(state.turn)[-1])
    assert state.round == 2 and not state.received


# ---- every refusal agrees with legal_actions, at exchange decisions of random games --------------
CANDIDATES = ["", "Z", "RZ", "RGB", *("".join(p) for n in (1, 2) for p in itertools.product(LETTERS, repeat=n))]
GAMES = 60
MESSAGE = re.compile(r"cannot do that: (.*)\.$")


def check_exchange_refusals(state: QuiltState) -> int:
    """At an exchange decision: each candidate is legal exactly when legal_actions lists its set, and a
    refusal's reason is true of the holder. Returns how many candidates were refused."""
    seat = state.turn
    legal = {a.colours for a in state.legal_actions(seat) if isinstance(a, Exchange)}
    hand, free = state.hand(seat), state.exchangeable(seat)
    refusals = 0
    for colours in CANDIDATES:
        action = Exchange(colours=colours)
        try:
            state.check(seat, action)
            allowed = True
        except IllegalAction:
            allowed = False
        assert allowed == (action.colours in legal), (hand, colours)
        if allowed:
            continue
        refusals += 1
        with pytest.raises(IllegalAction) as caught:
            state.clone().apply(seat, action)
        match = MESSAGE.search(str(caught.value))
        assert match is not None, str(caught.value)
        reason = match.group(1)
        assert reason == state.why_illegal(seat, action)
        if not 1 <= len(colours) <= 2:
            assert reason == "exchange 1 or 2 pencils"
            continue
        if "Z" in colours:
            assert reason == "there is no 'Z' pencil"
            continue
        if reason.startswith("the bag has only"):
            assert len(colours) > state.bag_size()
            continue
        # The first colour (in colour order) of which the holder has too few free pencils is named.
        first = next((c for c in LETTERS if colours.count(c) > free.count(c)), None)
        assert first is not None, (hand, free, colours)  # else it would have been legal
        if colours.count(first) > hand.count(first):
            assert colour_label(first) in reason and "on your needle holder" in reason, reason
        else:
            assert colour_label(first) in reason and "came from an exchange" in reason, reason
    return refusals


def test_exchange_refusals_agree_with_legal_actions_in_random_games():
    decisions = refused_total = with_received = 0

    def at_each_step(state: QuiltState, seat, action, transition) -> None:
        nonlocal decisions, refused_total, with_received
        if not state.tasks or state.tasks[-1].kind != "exchange":
            return
        decisions += 1
        with_received += state.exchangeable(state.turn) != state.hand(state.turn)
        refused_total += check_exchange_refusals(state)
        hand = state.hand(state.turn)
        for got in {hand[:1], hand[-2:]}:  # the same position had an exchange brought some pencils
            marked = state.clone()
            marked.received = {state.turn: got}
            with_received += 1
            refused_total += check_exchange_refusals(marked)

    for seed in range(GAMES):
        play_out(GAME, 2 + seed % 3, seed, on_step=at_each_step)
    assert decisions >= 50 and with_received >= 50 and refused_total > decisions * 10
