"""Why an action is refused, in words a player can read (the rules' ``why_illegal``).

What is legal is stated by ``legal_actions`` alone; this module only explains a refusal."""

from __future__ import annotations

from ..core import Action
from . import actions as act
from .actions import ACTION_TYPES, COLOURING
from .centre import Centre
from .data import COLOUR_NAMES, EMBROIDERIES, HOLDER_CAPACITY, colour_label, distinct
from .exchange import why_not_exchange
from .words import label, lower_first

PHASE_NAMES: dict[str, str] = {
    "patches": "phase 1 (choosing patches)",
    "pencils": "phase 2 (distributing pencils)",
    "colouring": "phase 3 (colouring)",
    "over": "the end of the game",
}


def why_illegal(state: Centre, seat: int, action: Action) -> str:
    """Why ``seat`` may not play ``action``, which ``legal_actions`` does not list, in a player's words."""
    if not isinstance(action, ACTION_TYPES):
        return f"that is not a Quilt action: {state.describe_safely(action, seat)}"
    what = lower_first(state.describe_safely(action, seat))
    phase_of = {
        act.ChoosePatch: "patches",
        act.DrawPencil: "pencils",
        act.PlacePencil: "pencils",
        act.TakeHolder: "pencils",
    }
    wanted = phase_of.get(type(action), "colouring")
    if wanted != state.phase:
        return f"{what} is not possible in {PHASE_NAMES[state.phase]}"
    if state.phase == "patches":
        assert isinstance(action, act.ChoosePatch)
        if action.colour not in COLOUR_NAMES:
            return f"there is no {label(action.colour)} patch"
        owner = state.patches.index(action.colour)
        return f"{state.name_of(owner)} already took the {colour_label(action.colour)} patch"
    if state.phase == "pencils":
        return _why_not_pencils(state, action)
    return _why_not_colouring(state, seat, action)


def _why_not_pencils(state: Centre, action: Action) -> str:
    holders = len(state.holders)
    if isinstance(action, act.PlacePencil | act.TakeHolder) and not 0 <= action.holder < holders:
        return f"the needle holders are 1 to {holders}"
    if isinstance(action, act.PlacePencil | act.TakeHolder) and action.holder not in state.open_holders():
        owner = state.holder_of.index(action.holder)
        return f"needle holder {action.holder + 1} is already {state.name_of(owner)}'s"
    if state.drawn is not None:
        if isinstance(action, act.PlacePencil):
            return f"needle holder {action.holder + 1} is full ({HOLDER_CAPACITY} pencils)"
        return f"first place the {colour_label(state.drawn)} pencil you drew on a needle holder"
    if isinstance(action, act.PlacePencil):
        return "draw a pencil from the bag first"
    if isinstance(action, act.DrawPencil):
        if state.placed >= 2:
            return "you have placed two pencils this turn"
        return f"every needle holder in the centre is full ({HOLDER_CAPACITY} pencils); take one"
    assert isinstance(action, act.TakeHolder)
    return f"needle holder {action.holder + 1} holds no pencils yet"


def _why_not_colouring(state: Centre, seat: int, action: Action) -> str:
    task = state.tasks[-1] if state.tasks else None
    board = state.boards[seat]
    if isinstance(action, COLOURING):
        if task is not None and task.kind != "use":
            return f"first settle the bonus: {task.label()}"
        colour = action.colour
        pencils = task.pencils if task is not None else state.hand(seat)
        if colour not in pencils:
            if task is not None:
                return f"the pencil to use now is {' or '.join(label(c) for c in distinct(task.pencils))}"
            return f"there is no unused {label(colour)} pencil on your needle holder"
        if isinstance(action, act.ColourCell):
            return board.why_not_cell(colour, action.row) or "that cell cannot be coloured"
        if isinstance(action, act.ColourApplique):
            return board.why_not_applique(action.applique) or "that applique cannot be coloured"
        return board.why_not_spool() or "that spool cannot be coloured"
    if isinstance(action, act.Finish) and task is not None:
        return f"first settle the bonus: {task.label()} (or decline it)"
    if isinstance(action, act.Decline) and task is None:
        return "there is no bonus to decline; finish to stop colouring"
    kinds: dict[type[Action], tuple[str, ...]] = {
        act.Stitch: ("stitch",),
        act.Exchange: ("exchange",),
        act.TakeNeutral: ("neutral", "fetch"),
        act.DrawBonus: ("fetch",),
    }
    if type(action) in kinds and (task is None or task.kind not in kinds[type(action)]):
        now = task.label() if task is not None else "colour with your pencils or finish"
        return f"no bonus allows that now ({now})"
    if isinstance(action, act.Stitch):
        if not 0 <= action.embroidery < len(EMBROIDERIES):
            return "there are three embroideries only"
        return f"the {EMBROIDERIES[action.embroidery].label()} is finished"
    if isinstance(action, act.Exchange):
        return why_not_exchange(state, seat, action.colours) or "that exchange is not possible"
    if isinstance(action, act.TakeNeutral):
        return f"the neutral holder has no {label(action.colour)} pencil"
    if isinstance(action, act.DrawBonus):
        return "the bag is empty"
    return f"{lower_first(state.describe_safely(action, seat))} is not one of the options now"
