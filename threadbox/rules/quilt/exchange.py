"""The exchange bonus's rule, stated once: which pencils it may swap with the bag."""

from __future__ import annotations

from .centre import Centre
from .data import COLOUR_NAMES, EXCHANGE_MAX, distinct
from .words import label


def why_not_exchange(state: Centre, seat: int, colours: str) -> str | None:
    """Why the exchange bonus may not swap ``colours`` (a set of letters), or None if it may:
    ``legal_actions`` offers the sets this allows, and a refusal quotes its reason."""
    if not 1 <= len(colours) <= EXCHANGE_MAX:
        return "exchange 1 or 2 pencils"
    for c in colours:
        if c not in COLOUR_NAMES:
            return f"there is no {label(c)} pencil"
    bag = state.bag_size()
    if len(colours) > bag:
        return f"the bag has only {bag} pencil{'s' * (bag != 1)}"
    hand, free = state.hand(seat), state.exchangeable(seat)
    for c in distinct(colours):
        asked = colours.count(c)
        if hand.count(c) < asked:
            if c not in hand:
                return f"there is no unused {label(c)} pencil on your needle holder"
            return f"you have only one unused {label(c)} pencil on your needle holder"
        if free.count(c) < asked:
            return (
                f"the {label(c)} pencil came from an exchange this round; "
                "pencils received through bonuses cannot be exchanged"
            )
    return None
