"""Decisions and options in a player's words (for option lists, messages and logs)."""

from __future__ import annotations

from ..core import Action
from . import actions as act
from .data import (
    BASKET_SIZE,
    COLOUR_NAMES,
    COMMISSION,
    EQUIPMENT_CARD,
    NEEDLE_SIZE,
    SHOP_NAMES,
    TAPESTRY,
    colour_label,
)
from .workshop import Workshop

DECISIONS = {
    "plan": "send an assistant to a shop",
    "window": "use equipment before the shop opens, or pass",
    "start": "use equipment, or begin the action",
    "wrap": "use equipment, or end the turn",
    "a_offer": "move this assistant to another queue (giving 2 threads), or stay",
    "b_faceup": "take a face-up equipment card",
    "keep": "keep one of the drawn commissions",
    "d_pick": "take threads at Darn Good Thread",
    "e_pick": "take a thread at Ends & Odds",
    "f_choice": "choose at Finishes",
    "take": "choose a tapestry to take",
    "make": "choose a tapestry to make",
    "free_make": "choose a tapestry to make for free",
    "give": "give a thread",
    "share": "take threads from scraps",
    "place": "place threads",
    "discard_equipment": "discard equipment down to 2",
    "discard_commission": "discard a commission down to 4",
    "discard_tapestry": "discard a tapestry from hand down to 3",
    "front": "move an assistant to the front of its queue",
    "extra": "place the extra assistant in a queue",
    "equip_pick": "take an equipment card",
    "restock_q": "restock the equipment line or not",
    "refresh_q": "refresh the tapestry line or not",
    "comm_pick": "take a commission from the discard pile",
    "swap": "choose the needle thread to swap",
}


def decision_words(st: Workshop) -> str:
    if not st.stack:
        return "wait"
    f = st.stack[-1]
    text = DECISIONS.get(f.kind, f.kind)
    if f.kind == "give":
        text += f" ({f.n} to go)" if f.n > 1 else ""
    elif f.kind == "f_choice":
        text += f" ({f.n} choice{'s' if f.n > 1 else ''} left)"
    elif f.kind == "d_pick":
        text += f" ({f.n} more)"
    return text


def left_to_do(st: Workshop, seat: int | None) -> str:
    """Why finishing is not an option for ``seat`` now, as what is left to do first."""
    if st.phase == "over":
        return "The game is over: there is nothing left to do."
    if not st.stack:
        return "Nothing to decide right now."
    f = st.stack[-1]
    if f.seat != seat:
        return f"Wait: {st.names[f.seat]} is to {decision_words(st)}."
    if f.kind == "place":
        if f.threads:
            names = [COLOUR_NAMES.get(c, "?") for c in f.threads]
            if len(names) == 1:
                return f"Place the remaining {names[0]} thread first."
            return f"Place the remaining {len(names)} threads ({', '.join(names)}) first."
        extra = len(st.baskets[seat]) - BASKET_SIZE
        where = "the needle" if f.then == "rearrange" else "the needle or scraps"
        return (
            f"The basket holds {BASKET_SIZE} threads at most: move {extra} more"
            f" thread{'s' if extra > 1 else ''} from it to {where} first."
        )
    return f"First {decision_words(st)}."


def _where(to: str) -> str:
    return {"left": "L end", "right": "R end", "basket": "basket"}.get(to, "scraps")


def describe(st: Workshop, action: Action, seat: int) -> str:
    f = st.stack[-1] if st.stack else None
    if isinstance(action, act.PlaceAssistant):
        return f"To {action.shop} {SHOP_NAMES.get(action.shop, '?')}"
    if isinstance(action, act.Place):
        what = "New" if action.source == "new" else "Basket"
        text = f"{what} {action.colour} {COLOUR_NAMES.get(action.colour, '?')} → {_where(action.to)}"
        needle = st.needles[seat] if 0 <= seat < len(st.needles) else []
        if action.to in ("left", "right") and len(needle) >= NEEDLE_SIZE:
            pushed = needle[-1] if action.to == "left" else needle[0]
            text += f", pushes off {pushed} {COLOUR_NAMES.get(pushed, '?')}"
        return text
    if isinstance(action, act.Give):
        target = "on the line" if f is not None and f.then == "line" else "to scraps"
        if action.source in ("left", "right"):
            needle = st.needles[seat] if 0 <= seat < len(st.needles) else []
            c = needle[0 if action.source == "left" else -1] if needle else "?"
            return f"Give {colour_label(c)} from the needle's {action.source} end {target}"
        return f"Give {colour_label(action.source)} from the basket {target}"
    if isinstance(action, act.PickThread):
        return f"Take a {colour_label(action.colour)} thread"
    if isinstance(action, act.ChooseShop):
        name = SHOP_NAMES.get(action.shop, "?")
        if f is not None and f.kind == "front":
            return f"Move your assistant in spot {action.spot + 1} at {name} to the front"
        if f is not None and f.kind == "extra":
            return f"Place the extra assistant at {action.shop} {name}"
        return f"Give 2 threads and move to the end of the queue at {action.shop} {name}"
    if isinstance(action, act.TakeCard):
        kind = f.kind if f is not None else ""
        c = action.card
        if c in EQUIPMENT_CARD:
            verb = "Discard" if kind == "discard_equipment" else "Take"
            return f"{verb} equipment {c}: {EQUIPMENT_CARD[c].text}"
        if c in COMMISSION:
            verb = {"keep": "Keep", "discard_commission": "Discard"}.get(kind, "Take")
            return f"{verb} commission {c}: {COMMISSION[c].label()}"
        if c in TAPESTRY:
            return f"Shuffle tapestry {c} ({TAPESTRY[c].label()}) back into the deck"
        return f"Choose card {c!r}"
    if isinstance(action, act.Finish):
        return {
            "take": "TAKE a tapestry into hand",
            "make": "MAKE a tapestry from hand",
            "refresh": "REFRESH: give 3 threads and renew the line",
            "share": "SHARE: give 1 thread, then take from scraps",
        }[action.choice]
    if isinstance(action, act.TakeTapestry):
        card = st.line[action.position] if 0 <= action.position < len(st.line) else ""
        label = f"{card} {TAPESTRY[card].label()}" if card in TAPESTRY else "?"
        cost = action.position if f is not None and f.then == "paid" else 0
        pay = f", pay {cost} thread{'s' if cost > 1 else ''}" if cost else ""
        on = st.line_threads[action.position] if card else []
        gain = f" +{''.join(on)}" if on else ""
        return f"Take {action.position + 1}: {label}{gain}{pay}"
    if isinstance(action, act.MakeTapestry):
        label = TAPESTRY[action.card].label() if action.card in TAPESTRY else "?"
        how = "for free" if action.end == "free" else f"from the needle's {action.end} end"
        return f"Make {action.card} ({label}) {how}"
    if isinstance(action, act.Swap):
        needle = st.needles[seat] if 0 <= seat < len(st.needles) else []
        old = needle[action.position] if 0 <= action.position < len(needle) else "?"
        return f"Swap the {colour_label(old)} thread in needle spot {action.position + 1}"
    if isinstance(action, act.UseEquipment):
        equipment = EQUIPMENT_CARD.get(action.card)
        return f"Use {action.card}: {equipment.text}" if equipment else f"Use {action.card!r}"
    if isinstance(action, act.Choose):
        kind = f.kind if f is not None else ""
        if kind == "restock_q":
            return "Restock the equipment line first" if action.yes else "Keep the equipment line as it is"
        return "Refresh the tapestry line first" if action.yes else "Keep the tapestry line as it is"
    if isinstance(action, act.Done):
        kind = f.kind if f is not None else ""
        return {
            "place": "Finish placing threads",
            "share": "Stop taking from scraps",
            "window": "Pass",
            "start": "Begin the action",
            "wrap": "End the turn",
            "a_offer": "Stay: give nothing, move nowhere",
            "f_choice": "End the turn (nothing left to choose)",
        }.get(kind, "Done")
    return repr(action.model_dump())
