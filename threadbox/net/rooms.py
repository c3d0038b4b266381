"""Rooms: one authoritative table each, seats claimed by identity, spectators.

A room is created in the lobby for any built game. Its human seats are
claimed by identity (an SSH user name, or a key fingerprint); once every seat
is taken (or the creator starts with bots in the empty ones) the room builds
its ``Table`` and the game begins. Sessions attach to a room as a seat or as
a spectator and get a ``RelayPort`` onto the table.

A room is saved (``saving``) before anyone is shown a change; all rooms are
kept by a ``registry.RoomRegistry`` (the ``RoomHost`` a room reports to).

Everything here runs on the server's one event loop. Callbacks into
sessions (``Member.room_event``, table listeners through ``RelayPort``) must
only queue work for the session's own App, never touch its widgets.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol

from threadbox.controller import BotTurn, SeatPort, SeatSpec, Table, TableConfig, offered_think, think_text
from threadbox.rules.core import RulesError, get_game
from threadbox.rules.core import registry as _registry

from .names import NAME_LIMIT, Identity
from .saving import RoomMeta, SeatHolder

log = logging.getLogger("threadbox.net.rooms")

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: read aloud without confusion
CODE_LENGTH = 4
CODE_INPUT_LIMIT = 16  # characters of a typed code worth reading
# "NAME is back" / "NAME disconnected": a seat's comings and goings told at most this often (issue 25:
# joining and leaving in a loop sent a room 1,007 notices); the seats list shows who is here all the same.
PRESENCE_NOTICES = 4  # per seat...
PRESENCE_PERIOD = 60.0  # ...in this many seconds


class RoomError(Exception):
    """A room request cannot be done; the message is for the player."""


def normalise_code(text: str) -> str:
    return "".join(ch for ch in text[:CODE_INPUT_LIMIT].upper() if ch in CODE_ALPHABET)


class RoomHost(Protocol):
    """What a room needs of the registry that keeps it (``registry.RoomRegistry``)."""

    closed: bool
    bot_delay: float

    def changed(self, room: Room | None = None, quiet: bool = False) -> None: ...
    def save_now(self, room: Room, meta: bool = True) -> None: ...
    def keep_record(self, room: Room) -> None: ...


@dataclass(frozen=True)
class RoomEvent:
    """Something the people in a room should hear about."""

    kind: Literal["presence", "seats", "started", "bot", "over", "closed", "changed"]
    text: str = ""
    severity: Literal["information", "warning", "error"] = "information"


class Member(Protocol):
    """A session attached to a room (see ``server.Session``)."""

    identity: Identity

    def room_event(self, room: Room, event: RoomEvent) -> None:
        """Queue the event for the session's App; must not raise or block."""


@dataclass
class RoomSummary:
    """One line of the lobby's room list."""

    code: str
    game: str
    title: str
    status: str
    seats: list[str]  # labels with presence marks
    free_seats: int
    spectators: int
    mine: bool  # the asking identity holds a seat here
    open: bool  # a seat can be claimed


# ---- a seat's port that relays table changes into one session -----------
class RelayPort(SeatPort):
    """A ``SeatPort`` whose listeners run in their own session's App.

    ``Table`` calls its listeners synchronously, inside whichever session (or
    bot) acted. Each listener given to this port is instead queued through
    ``deliver`` (the session's ``app.call_later``), once per burst of changes.
    ``close()`` drops every listener, so a finished session leaves nothing
    behind on the table.
    """

    def __init__(self, room: Room, seat: int | None, deliver: Callable[[Callable[[], None]], object]):
        assert room.table is not None
        super().__init__(room.table, seat)
        self.room = room
        self._deliver = deliver
        self._relays: dict[Callable[[], None], Callable[[], None]] = {}

    def subscribe(self, listener: Callable[[], None]) -> None:
        if listener in self._relays:
            return
        queued = False

        def run() -> None:
            nonlocal queued
            queued = False
            if listener in self._relays:
                listener()

        def relay() -> None:
            nonlocal queued
            if not queued:
                queued = True
                try:
                    self._deliver(run)
                except Exception:  # the session is closing
                    queued = False

        self._relays[listener] = relay
        super().subscribe(relay)

    def unsubscribe(self, listener: Callable[[], None]) -> None:
        relay = self._relays.pop(listener, None)
        if relay is not None:
            super().unsubscribe(relay)

    def close(self) -> None:
        for listener in list(self._relays):
            self.unsubscribe(listener)

    def view(self):
        if self.seat is None:
            return self.room.public_view()  # the same for every spectator: made once per change
        return super().view()

    def log(self) -> list[str]:
        if self.seat is None:
            return self.room.public_log()
        return super().log()

    def act(self, action):
        self._check_still_mine()
        return super().act(action)

    def undo(self) -> None:
        self._check_still_mine()
        super().undo()

    def _check_still_mine(self) -> None:
        if self.seat is not None and self.room.meta.seats[self.seat].kind == "bot":
            raise RulesError("This seat is played by a bot now.")


# ---- a room ------------------------------------------------------------------
class Room:
    def __init__(self, registry: RoomHost, meta: RoomMeta, table: Table | None = None):
        self.registry = registry
        self.meta = meta
        self.table: Table | None = None
        self.members: dict[Member, int | None] = {}  # session -> seat (None: watching)
        self._bot_handle: asyncio.TimerHandle | None = None
        self._thinking: BotTurn | None = None  # a searching bot's decision, in a worker thread
        self._present: set[int] = set()  # seats with someone attached now
        self._ever_present: set[int] = set()
        self._notices: dict[int, list[float]] = {}  # seat -> when its presence notices were sent
        self.version = 0  # counts the table's changes
        self._told_over = meta.status == "over"
        self._seats_changed = False  # the seat plan changed with the next table change (a seat to a bot)
        self._public: tuple[int, object, list[str]] | None = None  # (version, view, log) for spectators
        if table is not None:
            self._set_table(table)

    # ---- reading --------------------------------------------------------
    @property
    def code(self) -> str:
        return self.meta.code

    @property
    def status(self) -> str:
        return self.meta.status

    @property
    def title(self) -> str:
        return _registry.entry(self.meta.game).title

    def seat_of(self, identity: Identity) -> int | None:
        """The human seat this identity holds here, if any."""
        for i, seat in enumerate(self.meta.seats):
            if seat.kind == "human" and seat.holder and seat.holder.identity == identity.key:
                return i
        return None

    def was_handed_to_bot(self, identity: Identity) -> bool:
        return any(s.kind == "bot" and s.holder and s.holder.identity == identity.key for s in self.meta.seats)

    def is_present(self, seat: int) -> bool:
        return seat in self._present

    def spectators(self) -> int:
        return sum(1 for seat in self.members.values() if seat is None)

    def free_seats(self) -> int:
        if self.meta.status != "waiting":
            return 0
        return sum(1 for s in self.meta.seats if s.kind == "human" and s.holder is None)

    def can_manage(self, identity: Identity) -> bool:
        return identity.admin or identity.key == self.meta.creator.identity

    def seat_label(self, index: int) -> str:
        seat = self.meta.seats[index]
        label = seat.label()
        if seat.kind == "human" and seat.holder is not None:
            label += "" if index in self._present else " (away)"
        return label

    def summary(self, identity: Identity | None = None) -> RoomSummary:
        status = {
            "waiting": (f"waiting for {self.free_seats()} player" + ("s" if self.free_seats() > 1 else ""))
            if self.free_seats()
            else "starting",
            "playing": "playing",
            "over": "game over",
        }[self.meta.status]
        if self.meta.status == "playing" and self.table is not None:
            waiting = [self.table.seats[s].name for s in self.table.pending()]
            if waiting:
                status = "playing: " + ", ".join(waiting) + " to move"
        return RoomSummary(
            code=self.code,
            game=self.meta.game,
            title=self.title,
            status=status,
            seats=[self.seat_label(i) for i in range(len(self.meta.seats))],
            free_seats=self.free_seats(),
            spectators=self.spectators(),
            mine=identity is not None and (self.seat_of(identity) is not None),
            open=self.free_seats() > 0,
        )

    # ---- seats --------------------------------------------------------------
    def claim(self, identity: Identity) -> int:
        """Take (or resume) a seat; ``RoomError`` if none is free."""
        mine = self.seat_of(identity)
        if mine is not None:
            return mine
        if self.meta.status != "waiting":
            if self.was_handed_to_bot(identity):
                raise RoomError("Your seat here is played by a bot now; you can watch.")
            raise RoomError(f"Room {self.code} has no free seat: the game has started. You can watch.")
        for i, seat in enumerate(self.meta.seats):
            if seat.kind == "human" and seat.holder is None:
                seat.holder = SeatHolder(identity=identity.key, name=self._unique_name(identity.name))
                self.touch()
                self.emit(RoomEvent("seats"))  # "NAME joined" follows when they attach
                if self.free_seats() == 0:
                    self.start()
                self.registry.changed(self)
                return i
        raise RoomError(f"Room {self.code} is full. You can watch.")

    def release(self, identity: Identity) -> None:
        """Give a claimed seat back before the game starts."""
        seat = self.seat_of(identity)
        if seat is None or self.meta.status != "waiting":
            return
        if identity.key == self.meta.creator.identity:
            raise RoomError("The room's creator keeps their seat; close the room instead.")
        holder = self.meta.seats[seat].holder
        assert holder is not None  # checked above: the seat is this identity's
        name = holder.name
        self.meta.seats[seat].holder = None
        self.emit(RoomEvent("seats", f"{name} gave up seat {seat + 1}."))
        self.registry.changed(self)

    def _unique_name(self, name: str) -> str:
        taken = {s.holder.name.casefold() for s in self.meta.seats if s.holder} | {
            (s.name or "").casefold() for s in self.meta.seats if s.kind == "bot"
        }
        if name.casefold() not in taken:
            return name
        for n in range(2, 100):
            candidate = f"{name[: NAME_LIMIT - 3]} {n}"
            if candidate.casefold() not in taken:
                return candidate
        return f"player {secrets.randbelow(10_000)}"

    def start(self, by: Identity | None = None) -> None:
        """Begin the game; open seats are given to bots."""
        if self.meta.status != "waiting":
            raise RoomError("The game has started already.")
        if by is not None and not self.can_manage(by):
            raise RoomError("Only the room's creator can start early.")
        game = get_game(self.meta.game)
        level = default_bot_level(game.bot_levels)
        think = offered_think(self.meta.game, level, None)  # a searching default level thinks its default time
        for seat in self.meta.seats:
            if seat.kind == "human" and seat.holder is None:
                seat.kind, seat.level, seat.think = "bot", level, think
        used = {s.holder.name.casefold() for s in self.meta.seats if s.holder and s.kind == "human"}
        for i, seat in enumerate(self.meta.seats):
            if seat.kind == "bot" and not seat.name:
                name = f"Bot {i + 1}"
                while name.casefold() in used:
                    name += "'"
                seat.name = name
        specs = [
            SeatSpec(
                name=s.holder.name if s.kind == "human" and s.holder else s.name,
                kind=s.kind,
                level=s.level,
                think=s.think if s.kind == "bot" else None,
            )
            for s in self.meta.seats
        ]
        table = Table(
            TableConfig(game=self.meta.game, seats=specs, seed=self.meta.seed, variants=list(self.meta.variants))
        )
        self.meta.status = "playing"
        self._set_table(table)
        self.touch()
        self.registry.save_now(self)
        self.emit(RoomEvent("started", f"The game of {self.title} has begun."))
        self.registry.changed(self)
        self._schedule_bots()

    def hand_to_bot(self, seat: int, by: Identity, level: str | None = None, think: float | None = None) -> None:
        """Give a human seat whose player is gone to a bot (creator or admin); ``think``: a searching
        bot's seconds per decision, one of ``THINK_CHOICES`` (default ``DEFAULT_THINK``)."""
        if not self.can_manage(by):
            raise RoomError("Only the room's creator (or the server's admin) can do that.")
        if self.table is None or self.meta.status != "playing":
            raise RoomError("There is no game running in this room.")
        if not 0 <= seat < len(self.meta.seats) or self.meta.seats[seat].kind != "human":
            raise RoomError("That seat is not a player's seat.")
        if seat in self._present:
            raise RoomError(
                f"{self.meta.seats[seat].label()} is here; only a seat whose player is away can go to a bot."
            )
        game = get_game(self.meta.game)
        level = level or default_bot_level(game.bot_levels)
        if level not in game.bot_levels:
            raise RoomError(f"No bot level {level!r}; choose from {', '.join(game.bot_levels)}.")
        try:
            think = offered_think(self.meta.game, level, think)
        except RulesError as exc:
            raise RoomError(str(exc)) from None
        plan = self.meta.seats[seat]
        plan.kind, plan.level, plan.think, plan.name = "bot", level, think, self.table.seats[seat].name
        self._seats_changed = True
        self.table.hand_to_bot(seat, level, think)  # notifies listeners, saves, wakes bots
        said = level if think is None else f"{level}, {think_text(think)}"
        self.emit(RoomEvent("bot", f"{plan.name}'s seat is now played by a bot ({said})."))
        self.registry.changed(self)

    # ---- sessions -------------------------------------------------------------
    def attach(self, member: Member, seat: int | None) -> None:
        self.members[member] = seat
        self.touch()
        if seat is not None and seat not in self._present:
            self._present.add(seat)
            name = self._seat_name(seat)
            if seat in self._ever_present:
                if self._may_announce(seat):
                    self.emit(RoomEvent("presence", f"{name} is back."), skip=member)
            else:
                self.emit(RoomEvent("presence", f"{name} joined."), skip=member)
            self._ever_present.add(seat)
        self.registry.changed(self)

    def detach(self, member: Member, reason: Literal["left", "disconnected"] = "left") -> None:
        if member not in self.members:
            return
        seat = self.members.pop(member)
        self.touch()
        if seat is not None and seat not in self.members.values():
            self._present.discard(seat)
            if self.meta.status != "over" and self._may_announce(seat):
                verb = "disconnected" if reason == "disconnected" else "left the room"
                self.emit(RoomEvent("presence", f"{self._seat_name(seat)} {verb}.", "warning"))
        self.registry.changed(self)

    def _may_announce(self, seat: int) -> bool:
        now = time.monotonic()
        recent = [t for t in self._notices.get(seat, ()) if now - t < PRESENCE_PERIOD]
        if len(recent) >= PRESENCE_NOTICES:
            self._notices[seat] = recent
            return False
        self._notices[seat] = [*recent, now]
        return True

    def port(self, seat: int | None, deliver: Callable[[Callable[[], None]], object]) -> RelayPort:
        if self.table is None:
            raise RoomError("The game has not started yet.")
        return RelayPort(self, seat, deliver)

    def _seat_name(self, seat: int) -> str:
        if self.table is not None:
            return self.table.seats[seat].name
        return self.meta.seats[seat].label()

    def emit(self, event: RoomEvent, skip: Member | None = None) -> None:
        for member in list(self.members):
            if member is skip:
                continue
            try:
                member.room_event(self, event)
            except Exception:
                log.exception("room %s: delivering an event failed", self.code)

    def touch(self) -> None:
        self.meta.last_seen = time.time()

    # ---- the table ------------------------------------------------------------
    def _set_table(self, table: Table) -> None:
        self.table = table
        table.subscribe(self._on_table_change)

    def public_view(self):
        """The spectators' view (seat None), shared by all of them until the table changes."""
        return self._public_cache()[1]

    def public_log(self) -> list[str]:
        return list(self._public_cache()[2])

    def _public_cache(self):
        assert self.table is not None
        if self._public is None or self._public[0] != self.version:
            self._public = (self.version, self.table.view(None), self.table.log_for(None))
        return self._public

    def _on_table_change(self) -> None:
        table = self.table
        if table is None:
            return
        self.version += 1
        self.touch()
        ended = table.is_over() and self.meta.status != "over"
        if ended:
            self.meta.status = "over"
            self.registry.keep_record(self)
        # Before any seat is shown the change (the table's other listeners come after this one).
        self.registry.save_now(self, meta=ended or self._seats_changed)
        self._seats_changed = False
        if self.meta.status == "over" and table.is_over() and not self._told_over:
            self._told_over = True
            self.emit(RoomEvent("over", "The game is over."))
        self.registry.changed(self, quiet=True)
        self._schedule_bots()

    def _schedule_bots(self) -> None:
        table = self.table
        if table is None or self._bot_handle is not None or self._thinking is not None or self.registry.closed:
            return
        if table.is_over() or not table.bot_pending():
            return
        loop = asyncio.get_running_loop()
        # A fresh context: the bot must not run inside the session that acted.
        self._bot_handle = loop.call_later(self.registry.bot_delay, self._bot_step, context=contextvars.Context())

    def _bot_step(self) -> None:
        self._bot_handle = None
        if self.table is None or self.registry.closed:
            return
        try:
            turn = self.table.bot_turn()
            if turn is None:
                return
            if turn.thinks:  # a search: in a worker thread, so the loop serves everyone meanwhile
                self._thinking = turn
                future = asyncio.get_running_loop().run_in_executor(None, turn.think)
                future.add_done_callback(lambda done: self._bot_thought(turn, done))
                return
            self.table.play_bot_turn(turn, turn.think())  # its change schedules the next bot step
        except Exception:
            self._bot_failed()

    def _bot_thought(self, turn: BotTurn, done: asyncio.Future) -> None:
        if self._thinking is not turn or self.table is None:
            return  # cancelled: the room stopped
        self._thinking = None
        try:
            if not self.table.play_bot_turn(turn, done.result()):
                self._schedule_bots()  # the position moved on while it thought: think again
        except Exception:
            self._bot_failed()

    def _bot_failed(self) -> None:
        log.exception("room %s: a bot failed to move", self.code)
        self.emit(RoomEvent("changed", "A bot could not move; the host's log has details.", "error"))

    def stop(self) -> None:
        if self._bot_handle is not None:
            self._bot_handle.cancel()
            self._bot_handle = None
        if self._thinking is not None:
            self._thinking.cancel()
            self._thinking = None
        if self.table is not None:
            self.table.unsubscribe(self._on_table_change)


def default_bot_level(levels: list[str]) -> str:
    if "easy" in levels:
        return "easy"
    rest = [level for level in levels if level != "random"]
    return rest[0] if rest else levels[0]
