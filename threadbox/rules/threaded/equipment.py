"""Equipment: when a card can be used (what each does is in ``effects``).

A card is used while its shop is visited (see ``flow``: the window before the
shop's first action, and the holder's own turns there).
"""

from __future__ import annotations

from .actions import ChooseShop
from .data import EQUIPMENT_CARD, EQUIPMENT_SHOP, SHOPS
from .workshop import Workshop

# Effects that need only a thread left in the bag.
BAG_EFFECTS = frozenset({"draw_three", "bargain_five", "one_each", "scraps_seven"})
_FRONT: dict[tuple[str, int], ChooseShop] = {}


def _front(shop: str, spot: int) -> ChooseShop:
    action = _FRONT.get((shop, spot))
    if action is None:
        action = _FRONT[shop, spot] = ChooseShop(shop=shop, spot=spot)
    return action


# ---- equipment windows -------------------------------------------------------------
def front_moves(st: Workshop, seat: int) -> list[ChooseShop]:
    """Your waiting assistants (at this shop or a later one) not already at the front."""
    return [
        _front(shop, i)
        for shop in SHOPS[st.shop_index :]
        for i, (s, _) in enumerate(st.queues[shop])
        if s == seat and i > 0
    ]


def rooms(st: Workshop) -> list[str]:
    """Queues with an empty spot, at this shop or a later one. The assistant being resolved
    has left its queue (``st.current``) but still holds its spot until its action is done."""
    here = SHOPS[st.shop_index]
    acting = st.current is not None and not st.moved
    return [s for s in SHOPS[st.shop_index :] if len(st.queues[s]) + (acting and s == here) < st.spots(s)]


def can_use(st: Workshop, seat: int, card: str) -> bool:
    """Whether the card's effect can do something now (its shop is checked by the caller)."""
    equipment = EQUIPMENT_CARD[card]
    effect = equipment.effect
    if effect in BAG_EFFECTS:
        return any(st.bag.values())
    if effect == "front":
        return bool(front_moves(st, seat))
    if effect == "equipment_from_discard":
        return bool(st.equipment_discard)
    if effect == "extra_assistant":
        return bool(rooms(st))
    if effect == "restock_take":
        return any(st.equipment_offer) or bool(st.equipment_deck or st.equipment_discard)
    if effect == "keep_both":
        return False  # only while choosing which drawn commission to keep
    if effect == "commission_from_discard":
        return bool(st.commission_discard)
    if effect == "free_make":
        return bool(st.hands[seat])
    if effect == "swap":
        return bool(st.needles[seat]) and st.bag[equipment.colour] > 0
    if effect == "free_take":
        return any(st.line)
    if effect == "rearrange":
        return st.studio_threads(seat) > 0
    if effect == "refresh_take":
        return any(st.line) or bool(st.tapestry_deck)
    raise KeyError(effect)


def usable(st: Workshop, seat: int) -> list[str]:
    shop = SHOPS[st.shop_index]
    return [c for c in st.equipment[seat] if EQUIPMENT_SHOP[c] == shop and can_use(st, seat, c)]
