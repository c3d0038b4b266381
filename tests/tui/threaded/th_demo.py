"""Threaded tables stopped at fixed positions, the same every time: for snapshot tests and screenshots.

Seat 0 (Ada) is human and plays as the easy bot would until the wanted
position; the other seats are easy bots. The bots have finished their own
decisions, so nothing moves when an app opens the table with ``bot_delay=0``.
"""

from __future__ import annotations

from demo_play import play_as_easy

from threadbox.controller import SeatSpec, Table, TableConfig
from threadbox.rules.threaded import EasyBot, ThreadedState
from threadbox.rules.threaded.actions import PlaceAssistant, UseEquipment

HUMAN = 0
NAMES = ["Ada", "Bram", "Cleo", "Dev", "Eli"]


def demo_seats(players: int) -> list[SeatSpec]:
    return [SeatSpec(name="Ada")] + [SeatSpec(name=n, kind="bot", level="easy") for n in NAMES[1:players]]


def play_until(table: Table, done, seed: int) -> Table:
    """Human seats play as the easy bot would until ``done(seat 0's view)`` (see ``demo_play``)."""
    return play_as_easy(table, done, seed, EasyBot())


def _deciding(view: ThreadedState, kind: str, round_: int) -> bool:
    top = view.stack[-1] if view.stack else None
    return view.round == round_ and top is not None and top.seat == HUMAN and top.kind == kind


def plan_table(players: int = 5, seed: int = 3, round_: int = 2) -> Table:
    """Seat 0 is to send an assistant in the plan phase of round ``round_``, others already placed some."""
    table = Table(TableConfig(game="threaded", seats=demo_seats(players), seed=seed))
    return play_until(
        table,
        lambda v: _deciding(v, "plan", round_) and sum(len(q) for q in v.queues.values()) >= players,
        seed,
    )


def visit_table(players: int = 5, seed: int = 3, round_: int = 2) -> Table:
    """Seat 0 is placing threads it gained during the visit of round ``round_``."""
    table = Table(TableConfig(game="threaded", seats=demo_seats(players), seed=seed))
    return play_until(table, lambda v: _deciding(v, "place", round_) and v.stack[-1].threads, seed)


def over_table(players: int = 3, seed: int = 3) -> Table:
    """A whole game played out: seat 0 as the easy bot would, the others easy bots."""
    table = Table(TableConfig(game="threaded", seats=demo_seats(players), seed=seed))
    return play_until(table, lambda v: v.is_over(), seed)


def last_decision_table(finished: Table) -> Table:
    """The same game at seat 0's last decision: still running, the bots done for now."""
    last = max(i for i, (seat, _) in enumerate(finished.actions) if seat == HUMAN)
    return Table.replayed(finished.config, finished.actions[:last])


class KeenBot(EasyBot):
    """The easy bot, but first to AWL YOU WANT while planning and using every equipment card it
    can: it reaches the decisions the easy bot seldom does (moving on from A, the swap cards)."""

    def choose(self, view, seat, legal, mind):
        use = [a for a in legal if isinstance(a, UseEquipment)]
        if use:
            return use[0]
        if PlaceAssistant(shop="A") in legal and not view.queues["A"]:
            return PlaceAssistant(shop="A")
        return super().choose(view, seat, legal, mind)


def decision_table(kind: str, players: int = 2, seed: int = 1, keen: bool = False, also=None) -> Table:
    """Seat 0 at its first decision of ``kind`` ("plan", "place", "keep", "swap", ...) in the seeded
    game (where ``also(view)`` holds too, if given); ``keen``: seat 0 plays as ``KeenBot`` (to reach
    the rarer decisions)."""
    table = Table(TableConfig(game="threaded", seats=demo_seats(players), seed=seed))

    def there(view: ThreadedState) -> bool:
        top = view.stack[-1] if view.stack else None
        return top is not None and top.seat == HUMAN and top.kind == kind and (also is None or also(view))

    return play_as_easy(table, there, seed, KeenBot() if keen else EasyBot())
