"""Final scoring: Elders (runestones) and clans (matching movement, ties to the disc)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from .data import CARDS, CLAN_INDEX, CLAN_POINTS, CLANS, RING, Elder


class ScoredRing(Protocol):
    """What scoring reads of a Thingstead state (the state module imports this one, not the other way)."""

    owner: list[int]
    count: list[int]
    clan_cards: list[list[list[int]]]
    disc: list[int]

    def elder_at(self, position: int) -> Elder: ...

    def holds(self, seat: int, kind: str, symbol: str | None = None) -> int: ...

    def holds_for_elder(self, seat: int, kind: str, position: int) -> int: ...


def elder_winner(state: ScoredRing, position: int) -> int:
    """Locked: its locker; unlocked: whoever has followers there; else -1."""
    return state.owner[position] if state.count[position] > 0 else -1


def clan_influence(state: ScoredRing, clan: str, seat: int) -> int:
    """Movement on ``seat``'s face-down cards in this clan that show its symbol (or all, with Tally)."""
    cards = state.clan_cards[CLAN_INDEX[clan]][seat]
    every = state.holds(seat, "tally", clan) > 0
    return sum(CARDS[c].movement for c in cards if c >= 0 and (every or CARDS[c].clan == clan))


def clan_winner(state: ScoredRing, clan: str) -> int:
    a, b = clan_influence(state, clan, 0), clan_influence(state, clan, 1)
    if a != b:
        return 0 if a > b else 1
    return state.disc[CLAN_INDEX[clan]]  # a tie goes to the disc; in the middle, to nobody (-1)


def elder_points(state: ScoredRing, seat: int) -> tuple[int, int]:
    """(runestones, extra points from Runes powers) for the Elders ``seat`` wins now."""
    stones = extra = 0
    for p in range(RING):
        if elder_winner(state, p) == seat:
            stones += state.elder_at(p).runestones
            extra += state.holds_for_elder(seat, "runes", p)
    return stones, extra


def clan_winners(state: ScoredRing) -> list[int]:
    """The seat winning each clan's point (in ``CLANS`` order), or -1."""
    return [clan_winner(state, clan) for clan in CLANS]


Decided = Literal["more movement", "tie, to the disc", "tie, disc in the middle"]


@dataclass(frozen=True)
class ClanResult:
    """One clan's point at the end: each seat's cards and matching movement, who wins it and why."""

    clan: str
    cards: tuple[int, int]  # face-down cards per seat
    influence: tuple[int, int]  # matching movement per seat (all movement with Tally)
    disc: int  # the disc's seat, -1 in the middle
    winner: int  # -1: nobody
    decided: Decided

    def points(self, seat: int) -> int:
        return CLAN_POINTS if self.winner == seat else 0


def clan_results(state: ScoredRing) -> tuple[ClanResult, ...]:
    """The per-clan detail behind the score sheet's Clans line, in ``CLANS`` order."""
    out = []
    for clan, winner in zip(CLANS, clan_winners(state)):
        c = CLAN_INDEX[clan]
        influence = (clan_influence(state, clan, 0), clan_influence(state, clan, 1))
        tie = influence[0] == influence[1]
        decided: Decided = (
            "tie, disc in the middle" if tie and winner < 0 else "tie, to the disc" if tie else "more movement"
        )
        cards = (len(state.clan_cards[c][0]), len(state.clan_cards[c][1]))
        out.append(ClanResult(clan, cards, influence, state.disc[c], winner, decided))
    return tuple(out)


def score_sheet(state: ScoredRing, seat: int, winners: list[int] | None = None) -> list[tuple[str, int]]:
    """``seat``'s scorepad lines; ``winners``: ``clan_winners(state)`` if the caller has it already."""
    stones, extra = elder_points(state, seat)
    clans = sum(CLAN_POINTS for w in (clan_winners(state) if winners is None else winners) if w == seat)
    return [("Elders", stones), ("Runes powers", extra), ("Clans", clans)]
