"""Copies of the table, field by field: a full copy, and what one seat may see.

A view is made at every decision, so both are written out by hand rather than
walked from the annotations: every list is copied (lists of lists too) and the
rest (numbers, strings, booleans) is shared. The contract tests check that a
copy shares nothing mutable, so a new list field left out here fails them.
"""

from __future__ import annotations

from typing import Any

HIDDEN = -1  # a card this view may not see

Fields = dict[str, Any]


def _common(old: Fields) -> Fields:
    """Every field but the secret ones (hands, deck, clan cards, clan stacks) and the RNG, copied."""
    data = old.copy()
    data["names"] = old["names"].copy()
    data["variants"] = old["variants"].copy()
    data["ring"] = old["ring"].copy()
    data["owner"] = old["owner"].copy()
    data["count"] = old["count"].copy()
    data["locked"] = old["locked"].copy()
    data["pawns"] = old["pawns"].copy()
    data["supply"] = old["supply"].copy()
    data["general"] = old["general"].copy()
    data["row"] = old["row"].copy()
    data["discard"] = old["discard"].copy()
    data["disc"] = old["disc"].copy()
    data["clan_top"] = old["clan_top"].copy()
    data["kept"] = [k.copy() for k in old["kept"]]
    data["targets"] = old["targets"].copy()
    data["quota"] = old["quota"].copy()
    data["opening"] = old["opening"].copy()
    return data


def copied_fields(old: Fields) -> Fields:
    """All the fields of a full copy except the RNG, which the caller copies."""
    data = _common(old)
    data["hands"] = [h.copy() for h in old["hands"]]
    data["deck"] = old["deck"].copy()
    data["clan_cards"] = [[cards.copy() for cards in per_clan] for per_clan in old["clan_cards"]]
    data["clan_stack"] = [stack.copy() for stack in old["clan_stack"]]
    return data


def seat_hands(hands: list[list[int]], seat: int | None) -> list[list[int]]:
    """``seat``'s own hand; every other hand as that many hidden cards."""
    return [h.copy() if s == seat else [HIDDEN] * len(h) for s, h in enumerate(hands)]


def seat_clan_cards(clan_cards: list[list[list[int]]], seat: int | None, over: bool) -> list[list[list[int]]]:
    """Face-down clan cards: ``seat``'s own, others' hidden (all are turned up once the game is over)."""
    if over:
        return [[cards.copy() for cards in per_clan] for per_clan in clan_cards]
    return [
        [cards.copy() if s == seat else [HIDDEN] * len(cards) for s, cards in enumerate(per_clan)]
        for per_clan in clan_cards
    ]


def view_fields(old: Fields, seat: int | None) -> Fields:
    """The fields of ``seat``'s view (None: a spectator) except seed, RNG and ``view_of``, which the caller sets.

    Hands, the deck's order and face-down clan cards are secret; the face-down
    clan stacks keep their contents (known from the rules) but not their order."""
    data = _common(old)
    data["hands"] = seat_hands(old["hands"], seat)
    data["deck"] = [HIDDEN] * len(old["deck"])
    data["clan_cards"] = seat_clan_cards(old["clan_cards"], seat, old["step"] == "over")
    data["clan_stack"] = [sorted(stack) for stack in old["clan_stack"]]
    return data
