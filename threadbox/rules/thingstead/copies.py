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
    data["kept"] = list(map(list.copy, old["kept"]))
    data["targets"] = old["targets"].copy()
    data["quota"] = old["quota"].copy()
    data["opening"] = old["opening"].copy()
    return data


def copied_fields(old: Fields) -> Fields:
    """All the fields of a full copy except the RNG, which the caller copies."""
    data = _common(old)
    data["hands"] = list(map(list.copy, old["hands"]))
    data["deck"] = old["deck"].copy()
    data["clan_cards"] = [list(map(list.copy, per_clan)) for per_clan in old["clan_cards"]]
    data["clan_stack"] = list(map(list.copy, old["clan_stack"]))
    return data


def view_fields(old: Fields, seat: int | None) -> Fields:
    """The fields of ``seat``'s view (None: a spectator) except seed, RNG and ``view_of``, which the caller sets.

    Hands, the deck's order and face-down clan cards are secret (the clan cards
    are turned up once the game is over); the face-down clan stacks keep their
    contents (known from the rules) but not their order. Two seats always:
    each pair of per-seat lists is written out."""
    data = _common(old)
    first, second = old["hands"]
    clan_cards = old["clan_cards"]
    if seat == 0:
        data["hands"] = [first.copy(), [HIDDEN] * len(second)]
    elif seat == 1:
        data["hands"] = [[HIDDEN] * len(first), second.copy()]
    else:
        data["hands"] = [[HIDDEN] * len(first), [HIDDEN] * len(second)]
    if old["step"] == "over":
        data["clan_cards"] = [list(map(list.copy, per_clan)) for per_clan in clan_cards]
    elif seat == 0:
        data["clan_cards"] = [[a.copy(), [HIDDEN] * len(b)] for a, b in clan_cards]
    elif seat == 1:
        data["clan_cards"] = [[[HIDDEN] * len(a), b.copy()] for a, b in clan_cards]
    else:
        data["clan_cards"] = [[[HIDDEN] * len(a), [HIDDEN] * len(b)] for a, b in clan_cards]
    data["deck"] = [HIDDEN] * len(old["deck"])
    data["clan_stack"] = list(map(sorted, old["clan_stack"]))
    return data
