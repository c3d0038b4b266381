"""Equipment: when a card can be used, and what each of the 20 does.

A card is used while its shop is visited (see ``flow``: the window before the
shop's first action, and the holder's own turns there). Using it takes it out
of the studio; a ``spent`` frame under its effect puts it on the discard pile
once the effect is done (the extra assistant waits in its queue instead).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..core import LogEntry
from . import flow
from .actions import ChooseShop, UseEquipment
from .data import COLOURS, EQUIPMENT_CARD, SHOPS, colours_label, sort_threads
from .frames import Frame, plain

if TYPE_CHECKING:
    from .state import ThreadedState


# ---- equipment windows -------------------------------------------------------------
def front_moves(st: ThreadedState, seat: int) -> list[ChooseShop]:
    """Your waiting assistants (at this shop or a later one) not already at the front."""
    return [
        ChooseShop(shop=shop, spot=i)
        for shop in SHOPS[st.shop_index :]
        for i, (s, _) in enumerate(st.queues[shop])
        if s == seat and i > 0
    ]


def rooms(st: ThreadedState) -> list[str]:
    """Queues with an empty spot, at this shop or a later one."""
    return [s for s in SHOPS[st.shop_index :] if len(st.queues[s]) < st.spots(s)]


def can_use(st: ThreadedState, seat: int, card: str) -> bool:
    """Whether the card's effect can do something now (its shop is checked by the caller)."""
    effect = EQUIPMENT_CARD[card].effect
    bag = sum(st.bag.values()) > 0
    checks: dict[str, Callable[[], bool]] = {
        "front": lambda: bool(front_moves(st, seat)),
        "equipment_from_discard": lambda: bool(st.equipment_discard),
        "extra_assistant": lambda: bool(rooms(st)),
        "restock_take": lambda: any(st.equipment_offer) or bool(st.equipment_deck or st.equipment_discard),
        "keep_both": lambda: False,  # only while choosing which drawn commission to keep
        "commission_from_discard": lambda: bool(st.commission_discard),
        "draw_three": lambda: bag,
        "free_make": lambda: bool(st.hands[seat]),
        "bargain_five": lambda: bag,
        "one_each": lambda: bag,
        "swap": lambda: bool(st.needles[seat]) and st.bag[EQUIPMENT_CARD[card].colour] > 0,
        "free_take": lambda: any(st.line),
        "rearrange": lambda: st.studio_threads(seat) > 0,
        "refresh_take": lambda: any(st.line) or bool(st.tapestry_deck),
        "scraps_seven": lambda: bag,
    }
    return checks[effect]()


def usable(st: ThreadedState, seat: int) -> list[str]:
    shop = st.shop()
    return [c for c in st.equipment[seat] if EQUIPMENT_CARD[c].shop == shop and can_use(st, seat, c)]


def use_equipment(st: ThreadedState, f: Frame, a: UseEquipment, step: flow.Step) -> None:
    """The card leaves the studio; its effect happens now or as the decisions it pushes."""
    seat, card = f.seat, a.card
    equipment = EQUIPMENT_CARD[card]
    st.equipment[seat].remove(card)
    step.say(f"{st.name_of(seat)} uses {card}: {equipment.text}")
    effect = equipment.effect
    push = st.stack.append
    if effect == "keep_both":
        st.stack.pop()  # the keep decision
        kept = st.drawn[seat]
        st.commissions[seat].extend(kept)
        st.drawn[seat] = []
        push(Frame(kind="spent", seat=seat, cards=(card,)))
        step.log[-1] = LogEntry(
            text=step.log[-1].text, private={seat: f"You use {card} and keep both {' and '.join(kept)}."}
        )
        flow.check_limits(st, seat)
        return
    if effect == "extra_assistant":
        push(Frame(kind="extra", seat=seat, cards=(card,)))
        return
    push(Frame(kind="spent", seat=seat, cards=(card,)))
    if effect == "front":
        push(plain("front", seat))
    elif effect == "equipment_from_discard":
        push(Frame(kind="equip_pick", seat=seat, then="discard"))
    elif effect == "restock_take":
        push(Frame(kind="equip_pick", seat=seat, then="line"))
        push(plain("restock_q", seat))
    elif effect == "commission_from_discard":
        push(plain("comm_pick", seat))
    elif effect == "draw_three":
        drawn = st.draw(3)
        step.barrier = True
        step.say(f"{st.name_of(seat)} draws {colours_label(drawn)} from the bag.")
        flow.gain(st, seat, drawn)
    elif effect == "free_make":
        push(plain("free_make", seat))
    elif effect == "bargain_five":
        drawn = st.draw(5)
        spilt = st.tip(drawn)
        st.ends = sort_threads(st.ends + spilt)
        step.barrier = True
        step.say(f"{colours_label(drawn)} go into the bargain box; {colours_label(spilt) or 'nothing'} spills out.")
    elif effect == "one_each":
        placed = [c for c in COLOURS if st.bag[c] > 0]
        for c in placed:
            st.bag[c] -= 1
        st.ends = sort_threads(st.ends + placed)
        step.say(f"{colours_label(placed)} are placed at Ends & Odds.")
    elif effect == "swap":
        push(Frame(kind="swap", seat=seat, colour=equipment.colour))
    elif effect == "free_take":
        push(Frame(kind="take", seat=seat, then="free"))
    elif effect == "rearrange":
        threads = st.needles[seat] + st.baskets[seat]
        st.needles[seat] = []
        st.baskets[seat] = []
        st.stack.append(Frame(kind="place", seat=seat, threads=tuple(sort_threads(threads))))
    elif effect == "refresh_take":
        push(Frame(kind="take", seat=seat, then="paid"))
        push(plain("refresh_q", seat))
    elif effect == "scraps_seven":
        drawn = st.draw(7)
        for c in drawn:
            st.scraps[c] += 1
        step.barrier = True
        step.say(f"{colours_label(drawn)} go from the bag to scraps.")
