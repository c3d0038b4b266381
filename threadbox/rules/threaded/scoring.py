"""The score sheet: each commission times the made tapestries that fulfil it, then the threads left.

Functions over values (card ids and counts), so the rules, the bots and the
screens count the same way; ``Workshop.score_sheet`` and ``outcome`` call them.
"""

from __future__ import annotations

from collections.abc import Iterable

from .data import COMMISSION, TAPESTRY, THREADS_PER_POINT
from .frames import HIDDEN

THREADS_ROW = f"Threads left (1 per {THREADS_PER_POINT})"
# Rulebook: ties go to the most tapestries made, then to the latest in the final round's turn order.
TIEBREAK = "most tapestries, then latest in turn order"


def threads_points(threads_left: int) -> int:
    """Points for the threads left in a studio (1 per ``THREADS_PER_POINT``)."""
    return threads_left // THREADS_PER_POINT


def score_sheet(commissions: Iterable[str], made: Iterable[str], threads_left: int) -> list[tuple[str, int]]:
    """(row, points): each commission x its matching made tapestries, then threads left.

    Row names are the same for every seat where they can be (a commission card is
    held by one seat only; the threads row is shared), so score sheets line up.
    A commission hidden from a view (``HIDDEN``) is left out.
    """
    tapestries = [TAPESTRY[t] for t in made]
    rows = []
    for card in commissions:
        if card == HIDDEN:
            continue
        commission = COMMISSION[card]
        count = sum(commission.fulfilled_by(t) for t in tapestries)
        rows.append((f"{commission.label()} x{count}", commission.points * count))
    rows.append((THREADS_ROW, threads_points(threads_left)))
    return rows


def tiebreak(made: int, turn_position: int) -> int:
    """The value ``TIEBREAK`` compares: tapestries made first, then the place in the turn order."""
    return made * 10 + turn_position
