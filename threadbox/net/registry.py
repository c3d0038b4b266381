"""All the rooms of one server: creating them within limits, expiring them, saving and loading them.

Rooms are saved after every change (see ``saving``) and loaded back when the
server starts. A game in play that nobody visits for ``room_ttl`` seconds is
removed; a room waiting for players, or whose game is over, after
``empty_room_ttl`` with none of its players connected.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import ValidationError

from threadbox.controller import RecordBook, SaveError, load, offered_think
from threadbox.controller.saves import to_save
from threadbox.rules.core import RulesError, get_game

from .names import Identity
from .rooms import CODE_ALPHABET, CODE_LENGTH, Room, RoomError, RoomEvent, RoomSummary, normalise_code
from .saving import RoomMeta, SaveWriter, SeatHolder, SeatPlan

log = logging.getLogger("threadbox.net.rooms")


@dataclass
class SeatChoice:
    """A seat as the creator sets it up: ``me``, ``open`` or ``bot``."""

    kind: Literal["me", "open", "bot"]
    level: str = "easy"
    think: float | None = None  # a searching bot's seconds per decision: one of THINK_CHOICES (checked in create)


# Coming into a room (joining, resuming, watching) builds its screens: a player may do it this often
# (issue 25: joining and leaving in a loop kept the server at 92% CPU); more waits with a message.
JOIN_LIMIT = 10  # times...
JOIN_PERIOD = 60.0  # ...in this many seconds, per player
JOIN_MEMORY = 10_000  # players remembered (the oldest go first)


class JoinLimiter:
    """How often each player came into a room lately (by identity key, across sessions)."""

    def __init__(self, limit: int = JOIN_LIMIT, period: float = JOIN_PERIOD, size: int = JOIN_MEMORY):
        self.limit, self.period, self.size = limit, period, size
        self._times: OrderedDict[str, list[float]] = OrderedDict()

    def wait(self, key: str) -> float:
        """0 and counted if ``key`` may come in now, else the seconds until it may."""
        now = time.monotonic()
        recent = [t for t in self._times.pop(key, ()) if now - t < self.period]
        self._times[key] = recent
        while len(self._times) > self.size:
            self._times.popitem(last=False)
        if len(recent) >= self.limit:
            return self.period - (now - recent[0])
        recent.append(now)
        return 0.0


@dataclass
class RoomLimits:
    max_rooms: int = 50
    max_rooms_per_player: int = 3
    max_rooms_per_address: int = 6
    room_ttl: float = 12 * 3600.0  # a game in play that nobody visits
    empty_room_ttl: float = 600.0  # a waiting or finished room with nobody connected


class RoomRegistry:
    """Every room of one server, their saves, and who is watching the list."""

    def __init__(self, folder: Path, limits: RoomLimits | None = None, bot_delay: float = 0.8):
        self.folder = Path(folder)
        self.limits = limits or RoomLimits()
        self.bot_delay = bot_delay
        self.rooms: dict[str, Room] = {}
        self.watchers: set[Callable[[], None]] = set()  # lobby refreshers
        self.online: set[str] = set()  # identities with a session on the server (kept by the server)
        self.joins = JoinLimiter()
        self._addresses: dict[str, str] = {}  # room code -> the address it was created from
        self.closed = False
        self._dirty: set[str] = set()
        self._deleted: set[str] = set()
        self._save_task: asyncio.Task | None = None
        self._save_wakeup: asyncio.Event | None = None
        self.writer = SaveWriter()  # a slow autosave never lands over a newer save
        self.book = RecordBook(self.folder.parent)  # finished games, for the host and the lobby's history

    def keep_record(self, room: Room) -> None:
        """A finished room's game becomes a record: the host lists and replays it, its players too."""
        if room.table is None:
            return
        holders = [plan.holder.identity if plan.holder else None for plan in room.meta.seats]
        assert room.table is not None  # kept when its game has just ended
        try:
            room.meta.record = self.book.create(room.table, room=room.code, holders=holders).id
        except OSError:
            log.exception("room %s: keeping the finished game's record failed", room.code)

    # ---- lookups --------------------------------------------------------------
    def get(self, code: str) -> Room | None:
        return self.rooms.get(normalise_code(code))

    def listing(self, identity: Identity | None = None) -> list[RoomSummary]:
        rooms = sorted(
            self.rooms.values(), key=lambda r: ({"waiting": 0, "playing": 1, "over": 2}[r.status], -r.meta.created_at)
        )
        summaries = [r.summary(identity) for r in rooms]
        summaries.sort(key=lambda s: not s.mine)  # stable: your rooms first
        return summaries

    def rooms_with_seat(self, identity: Identity) -> list[Room]:
        return [r for r in self.rooms.values() if r.seat_of(identity) is not None]

    # ---- creating -------------------------------------------------------------
    def create(
        self,
        creator: Identity,
        game_id: str,
        seats: list[SeatChoice],
        variants: list[str] | None = None,
        seed: int | None = None,
        code: str | None = None,
        address: str | None = None,
    ) -> Room:
        """A new room; ``address`` is where its creator connects from (rooms are limited per address too)."""
        if self.closed:
            raise RoomError("The server is shutting down.")
        try:
            game = get_game(game_id)
        except RulesError as exc:
            raise RoomError(str(exc)) from None
        if not creator.admin:
            if len(self.rooms) >= self.limits.max_rooms:
                raise RoomError(f"This server holds at most {self.limits.max_rooms} rooms; join one or try later.")
            mine = [r for r in self.rooms.values() if r.meta.creator.identity == creator.key and r.status != "over"]
            if len(mine) >= self.limits.max_rooms_per_player:
                raise RoomError(
                    f"You already have {len(mine)} open room(s) here (at most {self.limits.max_rooms_per_player})."
                )
            if address is not None:
                here = [c for c, a in self._addresses.items() if a == address and c in self.rooms]
                if len(here) >= self.limits.max_rooms_per_address:
                    raise RoomError(
                        f"Your network address has {len(here)} open rooms here already "
                        f"(at most {self.limits.max_rooms_per_address}); join one or close one."
                    )
        if sum(1 for s in seats if s.kind == "me") != 1:
            raise RoomError("Exactly one seat must be yours.")
        info = game.info
        if not info.min_players <= len(seats) <= info.max_players:
            raise RoomError(f"{info.title} is for {info.min_players}-{info.max_players} players, not {len(seats)}.")
        variants = list(variants or [])
        for variant in variants:
            if variant not in info.variants:
                raise RoomError(f"{info.title} has no variant {variant!r}.")
        plans = []
        holder = SeatHolder(identity=creator.key, name=creator.name)
        for i, choice in enumerate(seats):
            if choice.kind == "me":
                plans.append(SeatPlan(kind="human", holder=holder))
            elif choice.kind == "open":
                plans.append(SeatPlan(kind="human"))
            else:
                if choice.level not in game.bot_levels:
                    raise RoomError(f"{info.title} has no bot level {choice.level!r}.")
                try:  # only an offered think time: a long one would hold a server thread
                    think = offered_think(game_id, choice.level, choice.think)
                except RulesError as exc:
                    raise RoomError(f"Seat {i + 1}: {exc}") from None
                plans.append(SeatPlan(kind="bot", level=choice.level, think=think))
        now = time.time()
        if code is not None and (normalise_code(code) != code or code in self.rooms):
            raise RoomError(f"Room code {code!r} is taken or not a code.")
        meta = RoomMeta(
            code=code or self._new_code(),
            game=game_id,
            variants=variants,
            seed=seed if seed is not None else secrets.randbelow(1 << 32),
            creator=holder,
            seats=plans,
            created_at=now,
            last_seen=now,
        )
        room = Room(self, meta)
        self.rooms[room.code] = room
        if address is not None:
            self._addresses[room.code] = address
        log.info("room %s created by %r from %s: %s, %d seats", room.code, creator.key, address, game_id, len(plans))
        if room.free_seats() == 0:
            room.start()
        self.save_soon(room)
        self.changed(room)
        return room

    def _new_code(self) -> str:
        for _ in range(1000):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.rooms and not self._meta_path(code).exists():
                return code
        raise RoomError("No room code is free; try again.")

    def close_room(self, room: Room, by: Identity | None = None, why: str = "") -> None:
        if by is not None and not room.can_manage(by):
            raise RoomError("Only the room's creator (or the server's admin) can close it.")
        room.emit(RoomEvent("closed", why or f"Room {room.code} was closed.", "warning"))
        room.stop()
        self.rooms.pop(room.code, None)
        self._addresses.pop(room.code, None)
        self._dirty.discard(room.code)
        self._deleted.add(room.code)
        self._wake_saver()
        log.info("room %s closed%s", room.code, f" ({why})" if why else "")
        self.changed(room)

    # ---- lobby watchers ----------------------------------------------------------
    def changed(self, room: Room | None = None, quiet: bool = False) -> None:
        """Tell every lobby the room list changed."""
        if room is not None and room.code in self.rooms:
            self.save_soon(room)
        for watcher in list(self.watchers):
            try:
                watcher()
            except Exception:
                log.exception("a lobby watcher failed")

    # ---- expiry -----------------------------------------------------------------
    def expire(self, now: float | None = None) -> list[str]:
        """Remove rooms nobody came back to: a game in play after ``room_ttl``; a room
        waiting for players, or whose game is over, after ``empty_room_ttl`` with nobody connected."""
        now = time.time() if now is None else now
        gone = []
        for room in self.rooms.values():
            if room.members:
                continue
            idle = now - room.meta.last_seen
            if room.status == "playing":
                if idle > self.limits.room_ttl:
                    gone.append(room)
            elif idle > self.limits.empty_room_ttl and not any(
                s.holder is not None and s.holder.identity in self.online for s in room.meta.seats
            ):
                gone.append(room)
        for room in gone:
            self.close_room(room, why="nobody came back in time")
        return [r.code for r in gone]

    # ---- saving -------------------------------------------------------------------
    def _meta_path(self, code: str) -> Path:
        return self.folder / f"{code}.room.json"

    def _table_path(self, code: str) -> Path:
        return self.folder / f"{code}.json"

    def save_soon(self, room: Room) -> None:
        self._dirty.add(room.code)
        self._wake_saver()

    def save_now(self, room: Room, meta: bool = True) -> None:
        """Write the room's table (and with ``meta`` its seats) to disk, durably, before anyone is shown the change.

        Runs inside the change, on the loop: a reveal seen is a reveal saved, so a
        restart can never offer a choice again to someone who saw the others'.
        """
        if room.code not in self.rooms or self.closed:
            return
        jobs: list[tuple[Path, str | None]] = []
        if room.table is not None:
            jobs.append((self._table_path(room.code), to_save(room.table).model_dump_json()))
        if meta or room.table is None:
            jobs.append((self._meta_path(room.code), room.meta.model_dump_json(indent=1)))
        else:
            self.save_soon(room)  # only its last-seen time changed: later is soon enough
        try:
            self.writer.write_all(jobs, self.writer.reading())
            if meta:
                self._dirty.discard(room.code)
        except OSError:
            log.exception("room %s: saving failed; retrying in the background", room.code)
            self.save_soon(room)

    def _wake_saver(self) -> None:
        if self._save_wakeup is not None:
            self._save_wakeup.set()

    def start(self) -> None:
        """Begin autosaving (needs the running loop)."""
        if self._save_task is None:
            self._save_wakeup = asyncio.Event()
            self._save_task = asyncio.get_running_loop().create_task(
                self._saver(), name="room-saver", context=contextvars.Context()
            )
            if self._dirty or self._deleted:
                self._save_wakeup.set()

    async def _saver(self) -> None:
        assert self._save_wakeup is not None
        while True:
            await self._save_wakeup.wait()
            await asyncio.sleep(0.1)  # gather a burst of changes into one write
            self._save_wakeup.clear()
            try:
                await self._flush(threaded=True)
            except Exception:
                log.exception("autosaving rooms failed")

    async def _flush(self, threaded: bool) -> None:
        jobs: list[tuple[Path, str | None]] = []
        for code in list(self._deleted):
            self._deleted.discard(code)
            jobs.append((self._meta_path(code), None))
            jobs.append((self._table_path(code), None))
        for code in list(self._dirty):
            self._dirty.discard(code)
            room = self.rooms.get(code)
            if room is None:
                continue
            # Serialise on the loop (the state must not change under us), write in a thread.
            if room.table is not None:
                jobs.append((self._table_path(code), to_save(room.table).model_dump_json()))
            jobs.append((self._meta_path(code), room.meta.model_dump_json(indent=1)))
        if not jobs:
            return
        reading = self.writer.reading()  # before any await: the state read is this reading's
        if threaded:
            await asyncio.to_thread(self.writer.write_all, jobs, reading)
        else:
            self.writer.write_all(jobs, reading)

    async def close(self) -> None:
        """Stop bots and autosave, writing everything once more."""
        self.closed = True
        for room in self.rooms.values():
            room.stop()
            self._dirty.add(room.code)
        if self._save_task is not None:
            self._save_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._save_task
            self._save_task = None
        await self._flush(threaded=False)

    def load_all(self) -> list[str]:
        """Load the saved rooms back (at server start). Returns their codes."""
        loaded: list[str] = []
        if not self.folder.is_dir():
            return loaded
        for path in sorted(self.folder.glob("*.room.json")):
            try:
                meta = RoomMeta.model_validate_json(path.read_bytes())
                table = None
                if meta.status != "waiting":
                    table = load(self._table_path(meta.code))
                    get_game(meta.game)
                room = Room(self, meta, table)
            except (OSError, ValidationError, SaveError, RulesError, ValueError) as exc:
                log.error("cannot resume room from %s: %s", path, exc)
                continue
            self.rooms[meta.code] = room
            loaded.append(meta.code)
        for room in self.rooms.values():
            room._schedule_bots()
        if loaded:
            log.info("resumed %d room(s): %s", len(loaded), ", ".join(loaded))
        return loaded
