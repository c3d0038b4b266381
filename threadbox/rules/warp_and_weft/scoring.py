"""The scorepad: one function for the running score and the final count."""

from __future__ import annotations

from .data import PATTERN_CARDS, SHARED_BY_ID, SHARED_OBJECTIVE_VP, VP_PER_OCCURRENCE
from .loom import Loom, axis_penalty, count_pattern

# Scorepad rows, in the order the rulebook's scorepad lists them.
SHARED_ROW = "Shared Objective"
ROUND_ROWS = ("Round button 1", "Round button 2")
SQUARE_ROWS = ("Square button 1", "Square button 2")
PENALTY_ROW = "Penalty"
CATEGORIES: tuple[str, ...] = (SHARED_ROW, *ROUND_ROWS, *SQUARE_ROWS, PENALTY_ROW)


def shared_objective_met(loom: Loom, shared_id: str) -> bool:
    """Both of the Shared Objective's patterns appear at least once."""
    return all(count_pattern(loom, p) > 0 for p in SHARED_BY_ID[shared_id].patterns)


def card_score(loom: Loom, card_id: str) -> int:
    """VP a button on this pattern card earns from this loom."""
    return count_pattern(loom, PATTERN_CARDS[card_id].pattern) * VP_PER_OCCURRENCE


def score_sheet(loom: Loom, shared_id: str, round_cards: list[str], square_cards: list[str]) -> list[tuple[str, int]]:
    """(row, VP) in scorepad order. ``round_cards`` / ``square_cards``: the cards
    holding this player's round / square buttons, in the order placed; a button
    not yet placed scores 0."""
    rows = [(SHARED_ROW, SHARED_OBJECTIVE_VP if shared_objective_met(loom, shared_id) else 0)]
    for names, cards in ((ROUND_ROWS, round_cards), (SQUARE_ROWS, square_cards)):
        for i, name in enumerate(names):
            rows.append((name, card_score(loom, cards[i]) if i < len(cards) else 0))
    rows.append((PENALTY_ROW, axis_penalty(loom)))
    return rows
