"""Equipment effects: what each of the 20 cards does when used.

Using a card takes it out of the studio; a ``spent`` frame under its effect puts
it on the discard pile once the effect is done (the extra assistant waits in its
queue instead).
"""

from __future__ import annotations

from ..core import LogEntry
from . import flow
from .actions import UseEquipment
from .data import COLOURS, EQUIPMENT_CARD, colours_label, sort_threads
from .frames import Frame, frame, plain
from .workshop import Workshop, replaced, without


def use_equipment(st: Workshop, f: Frame, a: UseEquipment, step: flow.Step) -> None:
    """The card leaves the studio; its effect happens now or as the decisions it pushes."""
    seat, card = f.seat, a.card
    equipment = EQUIPMENT_CARD[card]
    st.equipment = replaced(st.equipment, seat, without(st.equipment[seat], card))
    step.say(f"{st.name_of(seat)} uses {card}: {equipment.text}")
    effect = equipment.effect
    push = st.stack.append
    if effect == "keep_both":
        st.stack.pop()  # the keep decision
        kept = st.drawn[seat]
        st.commissions = replaced(st.commissions, seat, st.commissions[seat] + kept)
        st.drawn = replaced(st.drawn, seat, ())
        push(frame("spent", seat, cards=(card,)))
        step.log[-1] = LogEntry(
            text=step.log[-1].text, private={seat: f"You use {card} and keep both {' and '.join(kept)}."}
        )
        flow.check_limits(st, seat)
        return
    if effect == "extra_assistant":
        push(frame("extra", seat, cards=(card,)))
        return
    push(frame("spent", seat, cards=(card,)))
    if effect == "front":
        push(plain("front", seat))
    elif effect == "equipment_from_discard":
        push(frame("equip_pick", seat, then="discard"))
    elif effect == "restock_take":
        push(frame("equip_pick", seat, then="line"))
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
        st.ends = sort_threads((*st.ends, *placed))
        step.say(f"{colours_label(placed)} are placed at Ends & Odds.")
    elif effect == "swap":
        push(frame("swap", seat, colour=equipment.colour))
    elif effect == "free_take":
        push(frame("take", seat, then="free"))
    elif effect == "rearrange":  # between needle and basket only (options: nothing to scraps)
        threads = st.needles[seat] + st.baskets[seat]
        st.needles = replaced(st.needles, seat, ())
        st.baskets = replaced(st.baskets, seat, ())
        st.stack.append(frame("place", seat, threads=sort_threads(threads), then="rearrange"))
    elif effect == "refresh_take":
        push(frame("take", seat, then="paid"))
        push(plain("refresh_q", seat))
    elif effect == "scraps_seven":
        drawn = st.draw(7)
        for c in drawn:
            st.scraps[c] += 1
        step.barrier = True
        step.say(f"{colours_label(drawn)} go from the bag to scraps.")
