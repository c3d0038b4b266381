"""Quilt in words: colour names with their letters, and every action described for a player."""

from __future__ import annotations

from ..core import Action
from . import actions as act
from .centre import Centre
from .data import APPLIQUES, BOARD, COLOUR_NAMES, EMBROIDERIES, ROWS, SPOOL_POINTS, colour_label


def label(letter: str) -> str:
    """A colour's words even for a letter that is no colour (for messages)."""
    return colour_label(letter) if letter in COLOUR_NAMES else repr(letter)


def with_article(letter: str) -> str:
    """'a red (R)', 'an orange (O)'."""
    text = colour_label(letter)
    return ("an " if text[0] in "aeiou" else "a ") + text


def lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def describe_action(state: Centre, action: Action, seat: int) -> str:
    """An action in a player's words (also for malformed ones: every index is checked)."""
    if isinstance(action, act.ChoosePatch):
        return f"Take the {label(action.colour)} patch"
    if isinstance(action, act.DrawPencil):
        return "Draw a pencil from the bag"
    if isinstance(action, act.PlacePencil):
        return f"Put it on needle holder {action.holder + 1}"
    if isinstance(action, act.TakeHolder):
        pencils = state.holders[action.holder] if 0 <= action.holder < len(state.holders) else ""
        return f"Take needle holder {action.holder + 1} ({' '.join(pencils) or 'empty'})"
    if isinstance(action, act.ColourCell):
        board = state.boards[seat] if 0 <= seat < len(state.boards) else None
        if board is None or not 0 <= action.row < ROWS or board.row_full(action.row):
            return f"Colour row {action.row + 1} {label(action.colour)}"
        column = len(board.rows[action.row])
        cell = BOARD[action.row][column]
        full = " fully" if 0 <= seat < len(state.patches) and state.patches[seat] == action.colour else ""
        bonus = f", bonus: {cell.bonus.label()}" if cell.bonus else ""
        return f"Colour row {action.row + 1} cell {column + 1}{full} {label(action.colour)} ({cell.points} VP{bonus})"
    if isinstance(action, act.ColourApplique):
        if not 0 <= action.applique < len(APPLIQUES):
            return f"Colour applique {action.applique + 1} {label(action.colour)}"
        applique = APPLIQUES[action.applique]
        return f"Colour the +{applique.points} applique {label(action.colour)} (column {applique.column + 1})"
    if isinstance(action, act.ColourSpool):
        board = state.boards[seat] if 0 <= seat < len(state.boards) else None
        index = len(board.spools) if board is not None else 0
        if index >= len(SPOOL_POINTS):
            return f"Colour a spool's threads {label(action.colour)}"
        return f"Colour the threads of spool {index + 1} {label(action.colour)} ({SPOOL_POINTS[index]} VP)"
    if isinstance(action, act.Stitch):
        if not 0 <= action.embroidery < len(EMBROIDERIES):
            return f"Stitch embroidery {action.embroidery + 1}"
        return f"Stitch a part of the {EMBROIDERIES[action.embroidery].label()}"
    if isinstance(action, act.Exchange):
        return f"Exchange {' and '.join(label(c) for c in action.colours)} with the bag"
    if isinstance(action, act.TakeNeutral):
        return f"Take the {label(action.colour)} pencil from the neutral holder"
    if isinstance(action, act.DrawBonus):
        return "Draw a pencil from the bag"
    if isinstance(action, act.Decline):
        task = state.tasks[-1] if state.tasks else None
        if task is not None and task.kind == "fetch" and task.pencils:
            return "Take no more pencils"
        return "Let this bonus go"
    if isinstance(action, act.Finish):
        left = len(state.hand(seat)) if 0 <= seat < state.players else 0
        if not left:
            return "Finish colouring"
        return f"Finish colouring ({left} unused pencil{'s go' if left != 1 else ' goes'} back)"
    return repr(action.model_dump())
