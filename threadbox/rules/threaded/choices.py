"""What each decision offers, why an action is refused, and what an action does."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

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
    COMMISSION_LIMIT,
    EQUIPMENT_CARD,
    EQUIPMENT_LIMIT,
    HAND_LIMIT,
    MAKE_SPEND,
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
from .equipment import front_moves, rooms, usable, use_equipment
from .frames import Frame, plain

if TYPE_CHECKING:
    from .state import ThreadedState


def _distinct(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


# The small actions, built once: option lists are rebuilt after every action.
PLACE = {
    (source, c, to): Place(source=source, colour=c, to=to)
    for source in ("new", "basket")
    for c in COLOURS
    for to in ("left", "right", "basket", "scraps")
}
PICK = {c: PickThread(colour=c) for c in COLOURS}
GIVE = {s: Give(source=s) for s in ("left", "right", *COLOURS)}
ASSISTANT = {s: PlaceAssistant(shop=s) for s in SHOPS}
FINISH = {c: Finish(choice=c) for c in ("take", "make", "refresh", "share")}
DONE = Done()


# ---- finishes ----------------------------------------------------------------------
def matches(needle: list[str], card: str) -> list[str]:
    """The needle ends whose 3 threads, read left to right, show the tapestry's colours."""
    colours = list(TAPESTRY[card].colours)
    if len(needle) < MAKE_SPEND:
        return []
    ends = []
    if needle[:MAKE_SPEND] == colours:
        ends.append("left")
    if needle[-MAKE_SPEND:] == colours and (len(needle) > MAKE_SPEND or not ends):
        ends.append("right")
    return ends


def finishes_open(st: ThreadedState, seat: int) -> list[str]:
    threads = st.studio_threads(seat)
    out = []
    if any(card and i <= threads for i, card in enumerate(st.line)):
        out.append("take")
    if any(matches(st.needles[seat], c) for c in st.hands[seat]):
        out.append("make")
    if threads >= REFRESH_GIVE:
        out.append("refresh")
    if threads >= SHARE_GIVE:
        out.append("share")
    return out


# ---- options ---------------------------------------------------------------------
def options(st: ThreadedState, f: Frame) -> list[Action]:
    seat, kind = f.seat, f.kind
    if kind == "plan":
        return [ASSISTANT[s] for s in SHOPS if len(st.queues[s]) < st.spots(s)]
    if kind in ("window", "start", "wrap"):
        cards = usable(st, seat)
        return [*(UseEquipment(card=c) for c in cards), Done()] if cards else []
    if kind == "f_choice":
        if f.n <= 0:
            return []
        cards = usable(st, seat)
        picks: list[Action] = [FINISH[c] for c in finishes_open(st, seat)]
        equipment: list[Action] = [UseEquipment(card=c) for c in cards]
        if picks:
            return picks + equipment
        return [*equipment, Done()] if equipment else []
    if kind == "a_offer":
        moves: list[Action] = [ChooseShop(shop=s) for s in SHOPS[1:]] if st.studio_threads(seat) >= A_GIVE else []
        return [*moves, Done()]
    if kind == "b_faceup":
        return [TakeCard(card=c) for c in st.equipment_offer if c]
    if kind == "keep":
        drawn = st.drawn[seat]
        out: list[Action] = [TakeCard(card=c) for c in _distinct(drawn)]
        if len(drawn) > 1:
            out += [UseEquipment(card=c) for c in st.equipment[seat] if EQUIPMENT_CARD[c].effect == "keep_both"]
        return out
    if kind == "d_pick":
        return [PICK[c] for c in _distinct(st.darn)] if f.n > 0 else []
    if kind == "e_pick":
        return [PICK[c] for c in _distinct(st.ends)]
    if kind == "take":
        threads = st.studio_threads(seat)
        return [TakeTapestry(position=i) for i, c in enumerate(st.line) if c and (f.then == "free" or threads >= i)]
    if kind == "make":
        return [MakeTapestry(card=c, end=e) for c in _distinct(st.hands[seat]) for e in matches(st.needles[seat], c)]
    if kind == "free_make":
        return [MakeTapestry(card=c, end="free") for c in _distinct(st.hands[seat])]
    if kind == "give":
        return [GIVE[s] for s in st.give_sources(seat)] if f.n > 0 else []
    if kind == "share":
        return [
            *(PICK[c] for c in COLOURS if st.scraps[c] - (c == f.colour) > 0),
            DONE,
        ]
    if kind == "place":
        return place_options(st, f)
    if kind == "discard_equipment":
        over = len(st.equipment[seat]) > EQUIPMENT_LIMIT
        return [TakeCard(card=c) for c in st.equipment[seat]] if over else []
    if kind == "discard_commission":
        over = len(st.commissions[seat]) > COMMISSION_LIMIT
        return [TakeCard(card=c) for c in st.commissions[seat]] if over else []
    if kind == "discard_tapestry":
        over = len(st.hands[seat]) > HAND_LIMIT
        return [TakeCard(card=c) for c in st.hands[seat]] if over else []
    if kind == "front":
        return list(front_moves(st, seat))
    if kind == "extra":
        return [ChooseShop(shop=s) for s in rooms(st)]
    if kind == "equip_pick":
        pile = st.equipment_discard if f.then == "discard" else st.equipment_offer
        return [TakeCard(card=c) for c in _distinct(pile) if c]
    if kind in ("restock_q", "refresh_q"):
        return [Choose(yes=True), Choose(yes=False)]
    if kind == "comm_pick":
        return [TakeCard(card=c) for c in st.commission_discard]
    if kind == "swap":
        return [Swap(position=i) for i in range(len(st.needles[seat]))] if st.bag[f.colour] > 0 else []
    raise AssertionError(f"no options for frame {kind}")


def place_options(st: ThreadedState, f: Frame) -> list[Action]:
    seat = f.seat
    ends = ["left", "right"] if st.needles[seat] else ["left"]
    out: list[Action] = [PLACE["new", c, to] for c in _distinct(f.threads) for to in (*ends, "basket", "scraps")]
    out += [PLACE["basket", c, to] for c in _distinct(st.baskets[seat]) for to in (*ends, "scraps")]
    if not f.threads and len(st.baskets[seat]) <= BASKET_SIZE:
        out.append(DONE)
    return out


def legal_actions(st: ThreadedState, seat: int) -> list[Action]:
    if st.phase == "over" or not st.stack or st.stack[-1].seat != seat:
        return []
    return options(st, st.stack[-1])


def why_illegal(st: ThreadedState, seat: int, action: Action) -> str | None:
    if not isinstance(action, ACTION_TYPES):
        return "that is not a Threaded action"
    legal = options(st, st.stack[-1])
    if any(a is action for a in legal) or action in legal:  # identity first: pydantic's == is slow
        return None
    f = st.stack[-1]
    from .words import decision_words

    if f.kind == "place" and isinstance(action, Done):
        if f.threads:
            return f"first place the new threads ({colours_label(f.threads)})"
        return f"the basket holds {BASKET_SIZE} threads at most: move the extra ones to the needle or scraps"
    if isinstance(action, PlaceAssistant) and action.shop in SHOPS:
        return f"the queue at {SHOP_NAMES[action.shop]} is full"
    if isinstance(action, UseEquipment):
        card = EQUIPMENT_CARD.get(action.card)
        if card is None or action.card not in st.equipment[seat]:
            return f"you hold no equipment {action.card!r}"
        if card.shop != st.shop() or st.phase != "visit":
            return f"{action.card} can be used only while {SHOP_NAMES[card.shop]} is being visited"
        return f"{action.card} cannot be used at this moment"
    if isinstance(action, MakeTapestry) and f.kind == "make":
        return "the 3 threads at one end of the needle must show that tapestry's colours in order"
    if isinstance(action, Give) and f.kind == "give" and action.source in COLOURS:
        return f"there is no {colour_label(action.source)} thread in the basket"
    return f"{st.describe_safely(action, seat)} is not an option when you {decision_words(st)}"


# ---- doing it ------------------------------------------------------------------------
def apply_action(st: ThreadedState, seat: int, action: Action) -> Transition:
    step = flow.Step()
    f = st.stack[-1]
    handler = HANDLERS[type(action)]
    handler(st, f, action, step)
    flow.advance(st, step)
    if st.settle_decks():
        step.barrier = True
    return Transition(log=step.log, barrier=step.barrier)


def _replace(st: ThreadedState, **update: Any) -> None:
    st.stack[-1] = st.stack[-1].model_copy(update=update)


def _assistant(st: ThreadedState, f: Frame, a: PlaceAssistant, step: flow.Step) -> None:
    st.stack.pop()
    st.queues[a.shop].append((f.seat, ""))
    st.home[f.seat] -= 1
    st.cursor = (f.seat + 1) % st.players
    step.say(f"{st.name_of(f.seat)} sends an assistant to {a.shop} {SHOP_NAMES[a.shop]}.")


def _place(st: ThreadedState, f: Frame, a: Place, step: flow.Step) -> None:
    seat = f.seat
    if a.source == "new":
        threads = list(f.threads)
        threads.remove(a.colour)
        _replace(st, threads=tuple(threads))
    else:
        st.baskets[seat].remove(a.colour)
    who, what = st.name_of(seat), colour_label(a.colour)
    origin = "new " if a.source == "new" else "basket's "
    if a.to in ("left", "right"):
        pushed = st.push_onto_needle(seat, a.colour, a.to)
        text = f"{who} puts the {origin}{what} thread on the {a.to} end of the needle"
        if pushed:
            text += f", pushing {colour_label(pushed)} off to scraps"
        step.say(text + ".")
    elif a.to == "basket":
        st.baskets[seat] = sort_threads([*st.baskets[seat], a.colour])
        step.say(f"{who} puts the new {what} thread in the basket.")
    else:
        st.scraps[a.colour] += 1
        step.say(f"{who} sends the {origin}{what} thread to scraps.")


def _give(st: ThreadedState, f: Frame, a: Give, step: flow.Step) -> None:
    seat = f.seat
    colour = st.take_from(seat, a.source)
    where = "from the basket" if a.source in COLOURS else f"from the {a.source} end of the needle"
    if f.then == "line":
        st.line_threads[f.index].append(colour)
        step.say(f"{st.name_of(seat)} places {colour_label(colour)} {where} on tapestry {f.index + 1} of the line.")
    else:
        st.scraps[colour] += 1
        step.say(f"{st.name_of(seat)} gives {colour_label(colour)} {where} to scraps.")
    if f.n > 1:
        _replace(st, n=f.n - 1, index=f.index + 1)
        return
    st.stack.pop()
    if f.then == "share":
        st.stack.append(Frame(kind="share", seat=seat, colour=colour))


def _pick(st: ThreadedState, f: Frame, a: PickThread, step: flow.Step) -> None:
    seat, c = f.seat, a.colour
    who = st.name_of(seat)
    if f.kind == "d_pick":
        st.darn.remove(c)
        threads = (*f.threads, c)
        step.say(f"{who} takes {colour_label(c)} at Darn Good Thread.")
        if f.n > 1 and st.darn:
            _replace(st, n=f.n - 1, threads=threads)
        else:
            st.stack.pop()
            flow.gain(st, seat, threads)
    elif f.kind == "e_pick":
        st.ends.remove(c)
        st.e_held[seat].append(c)
        st.stack.pop()
        step.say(f"{who} takes {colour_label(c)} at Ends & Odds.")
    else:
        st.scraps[c] -= 1
        _replace(st, threads=(*f.threads, c))
        step.say(f"{who} takes {colour_label(c)} from scraps.")


def _choose_shop(st: ThreadedState, f: Frame, a: ChooseShop, step: flow.Step) -> None:
    seat, who = f.seat, st.name_of(f.seat)
    st.stack.pop()
    queue = st.queues[a.shop]
    if f.kind == "a_offer":
        assert st.current is not None
        queue.append(st.current)
        st.moved = True
        st.stack.append(Frame(kind="give", seat=seat, n=A_GIVE, then="scraps"))
        step.say(f"{who} moves the assistant to the end of the queue at {SHOP_NAMES[a.shop]}.")
    elif f.kind == "front":
        queue.insert(0, queue.pop(a.spot))
        step.say(f"{who} moves an assistant to the front of the queue at {SHOP_NAMES[a.shop]}.")
    else:
        queue.append((seat, f.cards[0]))
        step.say(f"{who} places {f.cards[0]} as an extra assistant at {SHOP_NAMES[a.shop]}.")


def _take_card(st: ThreadedState, f: Frame, a: TakeCard, step: flow.Step) -> None:
    seat, who, card = f.seat, st.name_of(f.seat), a.card
    kind = f.kind
    if kind in ("b_faceup", "equip_pick"):
        st.stack.pop()
        if kind == "equip_pick" and f.then == "discard":
            st.equipment_discard.remove(card)
        else:
            st.equipment_offer[st.equipment_offer.index(card)] = ""
        st.equipment[seat].append(card)
        step.say(f"{who} takes equipment {card}: {EQUIPMENT_CARD[card].text}")
        flow.check_limits(st, seat)
    elif kind == "keep":
        st.stack.pop()
        rest = list(st.drawn[seat])
        rest.remove(card)
        st.drawn[seat] = []
        st.commissions[seat].append(card)
        st.commission_discard.extend(rest)
        gone = ", ".join(f"{c} ({COMMISSION[c].label()})" for c in rest)
        step.say(
            f"{who} keeps a commission and discards {gone or 'nothing'}.",
            {seat: f"You keep {card}: {COMMISSION[card].label()}; you discard {gone or 'nothing'}."},
        )
        flow.check_limits(st, seat)
    elif kind == "comm_pick":
        st.stack.pop()
        st.commission_discard.remove(card)
        st.commissions[seat].append(card)
        step.say(f"{who} takes commission {card} ({COMMISSION[card].label()}) from the discard pile.")
        flow.check_limits(st, seat)
    elif kind == "discard_equipment":
        st.equipment[seat].remove(card)
        st.equipment_discard.append(card)
        step.say(f"{who} discards equipment {card}.")
    elif kind == "discard_commission":
        st.commissions[seat].remove(card)
        st.commission_discard.append(card)
        step.say(f"{who} discards commission {card} ({COMMISSION[card].label()}).")
    else:  # discard_tapestry: shuffled into the deck, unseen
        st.hands[seat].remove(card)
        st.tapestry_deck.append(card)
        st.rng.shuffle(st.tapestry_deck)
        step.barrier = True
        step.say(f"{who} shuffles a tapestry from hand into the deck.", {seat: f"You shuffle {card} into the deck."})


def _finish(st: ThreadedState, f: Frame, a: Finish, step: flow.Step) -> None:
    seat = f.seat
    if f.n > 1:
        _replace(st, n=f.n - 1)
    else:
        st.stack.pop()
    step.say(f"{st.name_of(seat)} chooses {a.choice.upper()}.")
    if a.choice == "take":
        st.stack.append(Frame(kind="take", seat=seat, then="paid"))
    elif a.choice == "make":
        st.stack.append(plain("make", seat))
    elif a.choice == "refresh":
        st.stack.append(plain("refresh_line", seat))
        st.stack.append(Frame(kind="give", seat=seat, n=REFRESH_GIVE, then="scraps"))
    else:
        st.stack.append(Frame(kind="give", seat=seat, n=SHARE_GIVE, then="share"))


def _take_tapestry(st: ThreadedState, f: Frame, a: TakeTapestry, step: flow.Step) -> None:
    st.stack.pop()
    st.stack.append(Frame(kind="take_finish", seat=f.seat, index=a.position))
    if f.then == "paid" and a.position > 0:
        st.stack.append(Frame(kind="give", seat=f.seat, n=a.position, then="line"))


def _make(st: ThreadedState, f: Frame, a: MakeTapestry, step: flow.Step) -> None:
    seat, who = f.seat, st.name_of(f.seat)
    st.stack.pop()
    card = TAPESTRY[a.card]
    if a.end == "free":
        spent = "no threads"
        for c in st.baskets[seat]:
            st.scraps[c] += 1
        st.baskets[seat] = []
    else:
        needle = st.needles[seat]
        if a.end == "left":
            taken, st.needles[seat] = needle[:3], needle[3:]
        else:
            taken, st.needles[seat] = needle[-3:], needle[:-3]
        for c in taken:
            st.bag[c] += 1
        spent = f"{colours_label(taken)} from the {a.end} end of the needle"
    st.hands[seat].remove(a.card)
    st.made[seat].append(a.card)
    step.say(f"{who} makes tapestry {a.card} ({card.label()}) with {spent}.")
    if len(st.made[seat]) == TAPESTRIES_TO_END:
        step.say(f"{who} has made a fifth tapestry: this is the last visit phase.")


def _swap(st: ThreadedState, f: Frame, a: Swap, step: flow.Step) -> None:
    seat = f.seat
    st.stack.pop()
    old = st.needles[seat][a.position]
    st.bag[old] += 1
    st.bag[f.colour] -= 1
    st.needles[seat][a.position] = f.colour
    step.say(f"{st.name_of(seat)} swaps {colour_label(old)} on the needle for {colour_label(f.colour)} from the bag.")


def _choose(st: ThreadedState, f: Frame, a: Choose, step: flow.Step) -> None:
    st.stack.pop()
    if not a.yes:
        return
    if f.kind == "restock_q":
        flow.refill_equipment(st)
        step.barrier = True
        step.say(f"{st.name_of(f.seat)} restocks the equipment line.")
    else:
        st.stack.append(plain("refresh_line", f.seat))


def _done(st: ThreadedState, f: Frame, a: Done, step: flow.Step) -> None:
    st.stack.pop()
    if f.kind == "share":
        flow.gain(st, f.seat, f.threads)
    elif f.kind == "a_offer":
        step.say(f"{st.name_of(f.seat)} stays put.")


# Each handler takes its own kind of action: Any stands for that kind.
HANDLERS: dict[type[Action], Callable[[ThreadedState, Frame, Any, flow.Step], None]] = {
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
