"""Why an action is refused, and what an action does (what each decision offers is in ``options``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import Action, Transition
from . import flow
from .actions import (
    ACTION_TYPES,
    Choose,
    ChooseShop,
    Done,
    Finish,
    Give,
    MakeTapestry,
    PickThread,
    Place,
    PlaceAssistant,
    Swap,
    TakeCard,
    TakeTapestry,
    UseEquipment,
)
from .data import (
    A_GIVE,
    BASKET_SIZE,
    COLOURS,
    COMMISSION,
    EQUIPMENT_CARD,
    FINISH_NEEDS,
    NEEDLE_SIZE,
    REFRESH_GIVE,
    SHARE_GIVE,
    SHOP_NAMES,
    SHOPS,
    TAPESTRIES_TO_END,
    TAPESTRY,
    colour_label,
    colours_label,
    sort_threads,
)
from .effects import use_equipment
from .frames import Frame, changed, frame, plain
from .options import CACHE_KEY, matches
from .words import decision_words
from .workshop import Workshop, replaced, without

__all__ = ["apply_action", "matches", "why_illegal"]  # matches: for screens


def why_illegal(st: Workshop, seat: int, action: Action) -> str:
    """Why ``seat``, deciding now, may not play ``action``, which is not among the options (``options.now``)."""
    if not isinstance(action, ACTION_TYPES):
        return "that is not a Threaded action"
    f = st.stack[-1]

    if f.kind == "place" and f.then == "rearrange" and isinstance(action, Place):
        if action.to == "scraps":
            return "the rearrange card moves threads between the needle and the basket only: nothing goes to scraps"
        if action.to in ("left", "right") and len(st.needles[seat]) >= NEEDLE_SIZE:
            return "the needle is full and the rearrange card pushes nothing off to scraps: use the basket"
    if f.kind == "place" and isinstance(action, Done):
        if f.threads:
            return f"first place the new threads ({colours_label(f.threads)})"
        where = "the needle" if f.then == "rearrange" else "the needle or scraps"
        return f"the basket holds {BASKET_SIZE} threads at most: move the extra ones to {where}"
    if isinstance(action, PlaceAssistant) and action.shop in SHOPS:
        return f"the queue at {SHOP_NAMES[action.shop]} is full"
    if isinstance(action, UseEquipment):
        card = EQUIPMENT_CARD.get(action.card)
        if card is None or action.card not in st.equipment[seat]:
            return f"you hold no equipment {action.card!r}"
        if card.shop != st.shop() or st.phase != "visit":
            return f"{action.card} can be used only while {SHOP_NAMES[card.shop]} is being visited"
        return f"{action.card} cannot be used at this moment"
    if isinstance(action, Finish) and f.kind == "f_choice" and action.choice in FINISH_NEEDS:
        return FINISH_NEEDS[action.choice]
    if isinstance(action, MakeTapestry) and f.kind == "make":
        return "the 3 threads at one end of the needle must show that tapestry's colours in order"
    if isinstance(action, Give) and f.kind == "give" and action.source in COLOURS:
        return f"there is no {colour_label(action.source)} thread in the basket"
    return f"{st.describe_safely(action, seat)} is not an option when you {decision_words(st)}"


# ---- doing it ------------------------------------------------------------------------
def apply_action(st: Workshop, seat: int, action: Action) -> Transition:
    st.drop_kept(CACHE_KEY)
    step = flow.Step()
    HANDLERS[type(action)](st, st.stack[-1], action, step)
    flow.advance(st, step)
    if st.settle_decks():
        step.barrier = True
    return Transition.of(step.log, step.barrier)


def _replace(st: Workshop, **update: Any) -> None:
    st.stack[-1] = changed(st.stack[-1], **update)


def _assistant(st: Workshop, f: Frame, a: PlaceAssistant, step: flow.Step) -> None:
    st.stack.pop()
    st.queues[a.shop] += ((f.seat, ""),)
    st.home = replaced(st.home, f.seat, st.home[f.seat] - 1)
    st.cursor = (f.seat + 1) % st.players
    step.say(f"{st.name_of(f.seat)} sends an assistant to {a.shop} {SHOP_NAMES[a.shop]}.")


def _place(st: Workshop, f: Frame, a: Place, step: flow.Step) -> None:
    seat = f.seat
    if a.source == "new":
        threads = list(f.threads)
        threads.remove(a.colour)
        _replace(st, threads=tuple(threads))
    else:
        st.baskets = replaced(st.baskets, seat, without(st.baskets[seat], a.colour))
    who, what = st.name_of(seat), colour_label(a.colour)
    origin = "new " if a.source == "new" else "basket's "
    if a.to in ("left", "right"):
        pushed = st.push_onto_needle(seat, a.colour, a.to)
        text = f"{who} puts the {origin}{what} thread on the {a.to} end of the needle"
        if pushed:
            text += f", pushing {colour_label(pushed)} off to scraps"
        step.say(text + ".")
    elif a.to == "basket":
        st.baskets = replaced(st.baskets, seat, sort_threads((*st.baskets[seat], a.colour)))
        step.say(f"{who} puts the new {what} thread in the basket.")
    else:
        st.scraps[a.colour] += 1
        step.say(f"{who} sends the {origin}{what} thread to scraps.")


def _give(st: Workshop, f: Frame, a: Give, step: flow.Step) -> None:
    seat = f.seat
    colour = st.take_from(seat, a.source)
    where = "from the basket" if a.source in COLOURS else f"from the {a.source} end of the needle"
    if f.then == "line":
        i, line = f.index, st.line_threads
        st.line_threads = replaced(line, i, (*line[i], colour))
        step.say(f"{st.name_of(seat)} places {colour_label(colour)} {where} on tapestry {f.index + 1} of the line.")
    else:
        st.scraps[colour] += 1
        step.say(f"{st.name_of(seat)} gives {colour_label(colour)} {where} to scraps.")
    if f.n > 1:
        _replace(st, n=f.n - 1, index=f.index + 1)
        return
    st.stack.pop()
    if f.then == "share":
        st.stack.append(frame("share", seat, colour=colour))


def _pick(st: Workshop, f: Frame, a: PickThread, step: flow.Step) -> None:
    seat, c = f.seat, a.colour
    who = st.name_of(seat)
    if f.kind == "d_pick":
        st.darn = without(st.darn, c)
        threads = (*f.threads, c)
        step.say(f"{who} takes {colour_label(c)} at Darn Good Thread.")
        if f.n > 1 and st.darn:
            _replace(st, n=f.n - 1, threads=threads)
        else:
            st.stack.pop()
            flow.gain(st, seat, threads)
    elif f.kind == "e_pick":
        st.ends = without(st.ends, c)
        st.e_held = replaced(st.e_held, seat, st.e_held[seat] + (c,))
        st.stack.pop()
        step.say(f"{who} takes {colour_label(c)} at Ends & Odds.")
    else:
        st.scraps[c] -= 1
        _replace(st, threads=(*f.threads, c))
        step.say(f"{who} takes {colour_label(c)} from scraps.")


def _choose_shop(st: Workshop, f: Frame, a: ChooseShop, step: flow.Step) -> None:
    seat, who = f.seat, st.name_of(f.seat)
    st.stack.pop()
    queue = st.queues[a.shop]
    if f.kind == "a_offer":
        assert st.current is not None
        st.queues[a.shop] = (*queue, st.current)
        st.moved = True
        st.stack.append(frame("give", seat, n=A_GIVE, then="scraps"))
        step.say(f"{who} moves the assistant to the end of the queue at {SHOP_NAMES[a.shop]}.")
    elif f.kind == "front":
        st.queues[a.shop] = (queue[a.spot], *queue[: a.spot], *queue[a.spot + 1 :])
        step.say(f"{who} moves an assistant to the front of the queue at {SHOP_NAMES[a.shop]}.")
    else:
        st.queues[a.shop] = (*queue, (seat, f.cards[0]))
        step.say(f"{who} places {f.cards[0]} as an extra assistant at {SHOP_NAMES[a.shop]}.")


def _take_card(st: Workshop, f: Frame, a: TakeCard, step: flow.Step) -> None:
    seat, who, card = f.seat, st.name_of(f.seat), a.card
    kind = f.kind
    if kind in ("b_faceup", "equip_pick"):
        st.stack.pop()
        if kind == "equip_pick" and f.then == "discard":
            st.equipment_discard = without(st.equipment_discard, card)
        else:
            offer = st.equipment_offer
            i = offer.index(card)
            st.equipment_offer = replaced(offer, i, "")
        st.equipment = replaced(st.equipment, seat, st.equipment[seat] + (card,))
        step.say(f"{who} takes equipment {card}: {EQUIPMENT_CARD[card].text}")
        flow.check_limits(st, seat)
    elif kind == "keep":
        st.stack.pop()
        rest = without(st.drawn[seat], card)
        st.drawn = replaced(st.drawn, seat, ())
        st.commissions = replaced(st.commissions, seat, st.commissions[seat] + (card,))
        st.commission_discard += rest
        gone = ", ".join(f"{c} ({COMMISSION[c].label()})" for c in rest)
        step.say(
            f"{who} keeps a commission and discards {gone or 'nothing'}.",
            {seat: f"You keep {card}: {COMMISSION[card].label()}; you discard {gone or 'nothing'}."},
        )
        flow.check_limits(st, seat)
    elif kind == "comm_pick":
        st.stack.pop()
        st.commission_discard = without(st.commission_discard, card)
        st.commissions = replaced(st.commissions, seat, st.commissions[seat] + (card,))
        step.say(f"{who} takes commission {card} ({COMMISSION[card].label()}) from the discard pile.")
        flow.check_limits(st, seat)
    elif kind == "discard_equipment":
        st.equipment = replaced(st.equipment, seat, without(st.equipment[seat], card))
        st.equipment_discard += (card,)
        step.say(f"{who} discards equipment {card}.")
    elif kind == "discard_commission":
        st.commissions = replaced(st.commissions, seat, without(st.commissions[seat], card))
        st.commission_discard += (card,)
        step.say(f"{who} discards commission {card} ({COMMISSION[card].label()}).")
    else:  # discard_tapestry: shuffled into the deck, unseen
        st.hands = replaced(st.hands, seat, without(st.hands[seat], card))
        st.tapestry_deck.append(card)
        st.shuffle(st.tapestry_deck)
        step.barrier = True
        step.say(f"{who} shuffles a tapestry from hand into the deck.", {seat: f"You shuffle {card} into the deck."})


def _finish(st: Workshop, f: Frame, a: Finish, step: flow.Step) -> None:
    seat = f.seat
    if f.n > 1:
        _replace(st, n=f.n - 1)
    else:
        st.stack.pop()
    step.say(f"{st.name_of(seat)} chooses {a.choice.upper()}.")
    if a.choice == "take":
        st.stack.append(frame("take", seat, then="paid"))
    elif a.choice == "make":
        st.stack.append(plain("make", seat))
    elif a.choice == "refresh":
        st.stack.append(plain("refresh_line", seat))
        st.stack.append(frame("give", seat, n=REFRESH_GIVE, then="scraps"))
    else:
        st.stack.append(frame("give", seat, n=SHARE_GIVE, then="share"))


def _take_tapestry(st: Workshop, f: Frame, a: TakeTapestry, step: flow.Step) -> None:
    st.stack.pop()
    st.stack.append(frame("take_finish", f.seat, index=a.position))
    if f.then == "paid" and a.position > 0:
        st.stack.append(frame("give", f.seat, n=a.position, then="line"))


def _make(st: Workshop, f: Frame, a: MakeTapestry, step: flow.Step) -> None:
    seat, who = f.seat, st.name_of(f.seat)
    st.stack.pop()
    card = TAPESTRY[a.card]
    if a.end == "free":
        spent = "no threads"
        for c in st.baskets[seat]:
            st.scraps[c] += 1
        st.baskets = replaced(st.baskets, seat, ())
    else:
        needle = st.needles[seat]
        if a.end == "left":
            taken, left = needle[:3], needle[3:]
        else:
            taken, left = needle[-3:], needle[:-3]
        st.needles = replaced(st.needles, seat, left)
        for c in taken:
            st.bag[c] += 1
        spent = f"{colours_label(taken)} from the {a.end} end of the needle"
    st.hands = replaced(st.hands, seat, without(st.hands[seat], a.card))
    st.made = replaced(st.made, seat, st.made[seat] + (a.card,))
    step.say(f"{who} makes tapestry {a.card} ({card.label()}) with {spent}.")
    if len(st.made[seat]) == TAPESTRIES_TO_END:
        step.say(f"{who} has made a fifth tapestry: this is the last visit phase.")


def _swap(st: Workshop, f: Frame, a: Swap, step: flow.Step) -> None:
    seat = f.seat
    st.stack.pop()
    needle, i = st.needles[seat], a.position
    old = needle[i]
    st.bag[old] += 1
    st.bag[f.colour] -= 1
    st.needles = replaced(st.needles, seat, needle[:i] + needle[i + 1 :])
    step.say(f"{st.name_of(seat)} swaps {colour_label(old)} on the needle for {colour_label(f.colour)} from the bag.")
    flow.gain(st, seat, (f.colour,))  # a gained thread: its placement step (rulings)


def _choose(st: Workshop, f: Frame, a: Choose, step: flow.Step) -> None:
    st.stack.pop()
    if not a.yes:
        return
    if f.kind == "restock_q":
        flow.refill_equipment(st)
        step.barrier = True
        step.say(f"{st.name_of(f.seat)} restocks the equipment line.")
    else:
        st.stack.append(plain("refresh_line", f.seat))


def _done(st: Workshop, f: Frame, a: Done, step: flow.Step) -> None:
    st.stack.pop()
    if f.kind == "share":
        flow.gain(st, f.seat, f.threads)
    elif f.kind == "a_offer":
        step.say(f"{st.name_of(f.seat)} stays put.")


# Each handler takes its own kind of action: Any stands for that kind.
HANDLERS: dict[type[Action], Callable[[Workshop, Frame, Any, flow.Step], None]] = {
    PlaceAssistant: _assistant,
    Place: _place,
    Give: _give,
    PickThread: _pick,
    ChooseShop: _choose_shop,
    TakeCard: _take_card,
    Finish: _finish,
    TakeTapestry: _take_tapestry,
    MakeTapestry: _make,
    Swap: _swap,
    Choose: _choose,
    Done: _done,
    UseEquipment: use_equipment,
}
