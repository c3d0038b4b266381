"""Secrets are declared once, beside the fields; the core checks every field says something,
and writes the views from what they say (``core/secrets.py``, ``core/copying.py``)."""

from __future__ import annotations

from typing import Annotated

import pytest
from pydantic import BaseModel, ConfigDict, Field

from threadbox.rules.core import (
    BY_SEAT,
    SORTED,
    Blank,
    LogEntry,
    Placeholder,
    Public,
    built_games,
    face_down,
    lines,
    own,
)
from threadbox.rules.core.copying import view_model
from threadbox.rules.core.secrets import undeclared
from threadbox.rules.quilt import QuiltState

from ..test_contract import assert_shares_nothing_mutable

GAMES = {game.info.id: game for game in built_games()}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_field_of_every_game_says_whether_it_is_secret(game_id):
    # The state's fields and those of every model its public fields hold (boards, looms, frames...).
    assert undeclared(GAMES[game_id].state_cls) == []


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_game_hides_information_exactly_when_its_fields_declare_a_secret(game_id):
    state_cls = GAMES[game_id].state_cls
    assert state_cls.hides_something == state_cls.info.hidden_information


class QuiltWithANewField(QuiltState):
    notes: list[str] = Field(default_factory=list)  # says neither public nor secret


class Card(BaseModel):
    model_config = ConfigDict(frozen=True)
    name: Public[str]
    mark: str = ""  # says nothing: found though the card sits inside another model


class Shelf(BaseModel):
    cards: Public[list[Card]] = Field(default_factory=list)


def test_a_new_field_that_says_nothing_is_found_and_no_view_is_made():
    assert undeclared(QuiltWithANewField) == ["QuiltWithANewField.notes"]
    state = QuiltWithANewField.new(2, seed=1)
    with pytest.raises(TypeError, match="QuiltWithANewField.notes"):
        state.view(0)
    assert undeclared(Shelf) == ["Card.mark"]  # nested models are checked too


class Badly(BaseModel):
    log: Public[tuple[LogEntry, ...]] = ()


def test_a_log_declared_public_is_refused():
    with pytest.raises(TypeError, match="lines"):
        undeclared(Badly)


HIDDEN = -1


class Sheet(BaseModel):
    """A per-seat board with a secret of its own: whose it is comes from where it sits."""

    model_config = ConfigDict(frozen=True)
    name: Public[str]
    plan: Annotated[tuple[int, ...], own(Placeholder(HIDDEN), seat_at=None)] = ()


class Table(BaseModel):
    over: Public[bool] = False
    sheets: Annotated[list[Sheet], BY_SEAT] = Field(default_factory=list)  # sheet i is seat i's
    spare: Public[Sheet | None] = None  # no seat's: its plan is nobody's
    hands: Annotated[list[list[int]], own(Placeholder(HIDDEN))] = Field(default_factory=list)
    votes: Annotated[list[int | None], own(Blank(None), revealed="is_over")] = Field(default_factory=list)
    # [clan][seat]: the seat's index is one list in.
    stacks: Annotated[list[list[list[int]]], own(Placeholder(HIDDEN), seat_at=1)] = Field(default_factory=list)
    deck: Annotated[list[int], face_down(Placeholder(HIDDEN))] = Field(default_factory=list)
    piles: Annotated[list[list[int]], face_down(SORTED, each=1)] = Field(default_factory=list)
    bids: Annotated[list[list[int]], own(Blank(factory=list))] = Field(default_factory=list)
    log: Annotated[tuple[LogEntry, ...], lines()] = ()

    def is_over(self) -> bool:
        return self.over


def a_table(over: bool = False) -> Table:
    return Table(
        over=over,
        sheets=[Sheet(name="a", plan=(1, 2)), Sheet(name="b", plan=(3,))],
        spare=Sheet(name="s", plan=(9,)),
        hands=[[1, 2], [3]],
        votes=[4, None],
        stacks=[[[1], [2, 2]], [[], [5]]],
        deck=[7, 8, 9],
        piles=[[3, 1, 2], [2, 1]],
        bids=[[1], [2, 3]],
        log=(LogEntry(text="both draw", private={0: "you draw 1", 1: "you draw 3"}),),
    )


def test_a_view_shows_each_seat_its_own_and_hides_the_rest_as_declared():
    table = a_table()
    view = view_model(table, 0)
    assert [s.plan for s in view.sheets] == [(1, 2), (HIDDEN,)]  # its own sheet's plan, not the other's
    assert view.spare.plan == (HIDDEN,)
    assert view.hands == [[1, 2], [HIDDEN]]
    assert view.votes == [4, None]
    assert view.stacks == [[[1], [HIDDEN, HIDDEN]], [[], [HIDDEN]]]
    assert view.deck == [HIDDEN] * 3
    assert view.piles == [[1, 2, 3], [1, 2]]
    assert view.bids == [[1], []]
    assert [e.private for e in view.log] == [{0: "you draw 1"}]
    assert view_model(table, 1).hands == [[HIDDEN, HIDDEN], [3]] and view_model(table, 1).votes == [None, None]
    spectator = view_model(table, -1)
    assert [s.plan for s in spectator.sheets] == [(HIDDEN, HIDDEN), (HIDDEN,)]
    assert spectator.hands == [[HIDDEN] * 2, [HIDDEN]] and spectator.log[0].private == {}
    assert_shares_nothing_mutable(table, view)
    assert table == a_table()  # the original is left alone


def test_a_secret_revealed_by_a_state_condition_shows_in_every_view():
    table = a_table(over=True)
    assert view_model(table, 1).votes == [4, None] and view_model(table, -1).votes == [4, None]
    assert view_model(table, 1).hands == [[HIDDEN, HIDDEN], [3]]  # not revealed: still secret
