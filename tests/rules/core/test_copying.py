"""Copies made from field annotations: everything mutable copied, values shared, nothing validated."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from threadbox.rules.core.copying import clone_model, fast_new, is_immutable

from ..test_contract import assert_shares_nothing_mutable, mutable_ids


class Card(BaseModel):
    model_config = ConfigDict(frozen=True)
    name: str


class Pile(BaseModel):
    cards: list[Card] = Field(default_factory=list)
    marks: dict[str, list[int]] = Field(default_factory=dict)


class Table(BaseModel):
    phase: Literal["a", "b"] = "a"
    seats: list[str] = Field(default_factory=list)
    hands: list[list[str]] = Field(default_factory=list)
    piles: list[Pile | None] = Field(default_factory=list)
    top: Pile | None = None
    spots: set[int] = Field(default_factory=set)
    fixed: tuple[int, ...] = ()
    odd: tuple[list[int], ...] = ()
    anything: Any = None
    counted: Annotated[dict[str, int], "a note"] = Field(default_factory=dict)
    _scratch: list[int] = PrivateAttr(default_factory=list)


def full_table() -> Table:
    table = Table(
        phase="b",
        seats=["Ana", "Bo"],
        hands=[["x"], ["y", "z"]],
        piles=[Pile(cards=[Card(name="c")], marks={"m": [1]}), None],
        top=Pile(),
        spots={1, 2},
        fixed=(1, 2),
        odd=([1], [2]),
        anything={"deep": [1, [2]]},
        counted={"k": 1},
    )
    table._scratch.append(5)
    return table


def test_a_clone_equals_the_original_and_shares_nothing_mutable():
    table = full_table()
    copy = clone_model(table)
    assert copy == table and copy is not table
    assert_shares_nothing_mutable(table, copy)
    assert copy.anything is not table.anything and copy.anything["deep"][1] is not table.anything["deep"][1]
    assert copy.odd[0] is not table.odd[0]
    assert copy._scratch == [5] and copy._scratch is not table._scratch


def test_frozen_values_and_immutable_fields_are_shared():
    table = full_table()
    copy = clone_model(table)
    assert copy.piles[0].cards[0] is table.piles[0].cards[0]  # a frozen model is a value
    assert copy.fixed is table.fixed


def test_changing_the_clone_leaves_the_original_alone():
    table = full_table()
    before = table.model_dump_json()
    copy = clone_model(table)
    copy.hands[1].append("w")
    copy.piles[0].marks["m"].append(2)
    copy.spots.add(3)
    copy.top.cards.append(Card(name="d"))
    copy.counted["k"] = 9
    copy._scratch.append(6)
    assert table.model_dump_json() == before and table._scratch == [5]


def test_skipped_fields_are_shared():
    table = full_table()
    copy = clone_model(table, ("hands",))
    assert copy.hands is table.hands and copy.seats is not table.seats


def test_which_types_are_values():
    assert is_immutable(int) and is_immutable(str) and is_immutable(tuple[int, ...]) and is_immutable(Card)
    assert is_immutable(Literal["a"]) and is_immutable(frozenset[int]) and is_immutable(Card | None)
    assert not is_immutable(list[int]) and not is_immutable(Pile) and not is_immutable(dict[str, int])
    assert not is_immutable(tuple[list[int], ...]) and not is_immutable(Any)


def test_fast_new_makes_a_working_model_without_validation():
    pile = fast_new(Pile, {"cards": [], "marks": {}})
    assert pile == Pile() and Pile.model_validate_json(pile.model_dump_json()) == pile
    assert mutable_ids(pile, {})
