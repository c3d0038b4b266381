"""Game records: one file per game from its first action, and a history of finished games.

A record is small, readable JSON: the game, variants, seats, seed and every
action in order, plus the outcome once the game is over (see ``Record``).
Records live in ``<data folder>/records/<id>.json``; a new game claims a new
file without ever replacing another. Writing is crash-safe (temporary file,
fsync, then a rename). Loading checks the record's checksum and replays its
actions from the seed, so a damaged or hand-edited record is refused with a
message that says so, rather than played.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError

from threadbox.rules.core import GameDef, GameState, Outcome, RulesError, get_game

from .config import SeatSpec, TableConfig
from .saves import FORMAT as OLD_SAVE_FORMAT
from .saves import SaveError, data_dir, write_atomic
from .saves import load as load_old_save
from .table import Table

FORMAT = "threadbox-record"
FORMAT_VERSION = 2  # bump when a field changes meaning; older versions must still load
# Version 2: ``stage`` is the game's own ``progress()``. Version 1 read round and phase where a
# game had them (Thingstead's said ""): its stage is shown as written, and not checked on load.
STAGE_CHECKED_FROM = 2
ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no i, l, o, 0, 1: read aloud without doubt
ID_LENGTH = 6


class RecordError(Exception):
    """A record cannot be used; the message says why, in one line for a player."""


class Record(BaseModel):
    """One game as written to its file (field order is the file's order)."""

    format: Literal["threadbox-record"] = "threadbox-record"
    version: int = FORMAT_VERSION
    id: str
    game: str
    variants: list[str] = Field(default_factory=list)
    rules: int = 1  # the game's rules revision (``GameDef.rules``) the moves were played under
    seed: int
    seats: list[SeatSpec]
    started: str  # ISO times, UTC
    updated: str
    finished: bool = False
    stage: str = ""  # e.g. "round 3 of 4, weaving": for lists, checked on load (see STAGE_CHECKED_FROM)
    outcome: Outcome | None = None
    room: str = ""  # over SSH: the room's code
    holders: list[str | None] = Field(default_factory=list)  # over SSH: who held each seat (identity keys)
    checksum: str = ""  # sha256 of everything else: an edit by hand shows
    actions: list[tuple[int, dict[str, Any]]] = Field(default_factory=list)

    @property
    def config(self) -> TableConfig:
        return TableConfig(game=self.game, seats=self.seats, seed=self.seed, variants=self.variants)

    @property
    def title(self) -> str:
        try:
            return get_game(self.game).info.title
        except RulesError:
            return self.game

    def seats_text(self) -> str:
        return ", ".join(f"{s.name} ({s.player_text()})" for s in self.seats)

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    def result_text(self) -> str:
        """ "in progress: round 2, weave" or "finished: Ana won, Ana 34, Bo 28"."""
        if not self.finished or self.outcome is None:
            return f"in progress: {self.stage}" if self.stage else "in progress"
        names = [s.name for s in self.seats]
        winners = [names[w] for w in self.outcome.winners if w < len(names)]
        won = "nobody won" if not winners else f"{' and '.join(winners)} won"
        scores = ", ".join(f"{names[s.seat]} {s.total}" for s in self.outcome.scores if s.seat < len(names))
        return f"finished: {won}; {scores}"

    def summary(self) -> dict[str, Any]:
        """What ``threadbox saves --json`` prints for this record."""
        names = [s.name for s in self.seats]
        return {
            "id": self.id,
            "game": self.game,
            "seats": [s.model_dump() if s.is_bot else {"name": s.name, "kind": s.kind} for s in self.seats],
            "state": "finished" if self.finished else "in progress",
            "stage": self.stage,
            "winners": [names[w] for w in self.outcome.winners if w < len(names)] if self.outcome else [],
            "scores": {names[s.seat]: s.total for s in self.outcome.scores if s.seat < len(names)}
            if self.outcome
            else {},
            "actions": len(self.actions),
            "started": self.started,
            "updated": self.updated,
        }


def now_text() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def stage_of(state: GameState) -> str:
    """Where a game stands, in a few words: "finished", or what the game says of itself."""
    return "finished" if state.is_over() else state.progress()


def checksum(data: dict[str, Any]) -> str:
    body = {k: v for k, v in data.items() if k != "checksum"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def render(record: Record) -> str:
    """The record's file text: a field a line, one line per seat and per action."""
    data = record.model_dump(mode="json")
    data["checksum"] = checksum(data)
    fields = []
    for key, value in data.items():
        if key in ("seats", "actions") and value:
            items = ",\n".join("  " + json.dumps(item, ensure_ascii=False) for item in value)
            fields.append(f" {json.dumps(key)}: [\n{items}\n ]")
        else:
            fields.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(fields) + "\n}\n"


def record_of(table: Table, record_id: str, started: str) -> Record:
    return Record(
        id=record_id,
        game=table.config.game,
        variants=list(table.config.variants),
        rules=get_game(table.config.game).rules,
        seed=table.config.seed,
        seats=list(table.config.seats),
        started=started,
        updated=now_text(),
        finished=table.is_over(),
        stage=stage_of(table.view(None)),
        outcome=table.outcome(),
        actions=[(seat, action.model_dump(mode="json")) for seat, action in table.actions],
    )


# ---- reading ---------------------------------------------------------------------
def parse(text: bytes | str, name: str) -> Record:
    """The record in ``text`` (the file ``name``), checksum checked; not yet replayed."""
    try:
        data = json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise RecordError(f"{name} is damaged or is not a threadbox record.") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"{name} is not a threadbox record.")
    version = data.get("version")
    if not isinstance(version, int) or version > FORMAT_VERSION:
        raise RecordError(f"{name} was written by a newer threadbox (record format {version!r}); update to open it.")
    if data.get("checksum") != checksum(data):
        raise RecordError(f"{name} was edited or damaged (its checksum does not match); it is not loaded.")
    try:
        return Record.model_validate(data)
    except ValidationError:
        raise RecordError(f"{name} is damaged: its fields do not make a record.") from None


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise RecordError(f"No game record at {path}.") from None
    except OSError as exc:
        raise RecordError(f"Cannot read {path}: {exc.strerror}.") from None


def read(path: Path) -> Record:
    return parse(_read_bytes(path), str(path))


def game_of(record: Record, name: str = "") -> GameDef:
    """The record's game, or ``RecordError`` if this threadbox does not have it built or
    plays other rules than those its moves were played under (they would replay differently)."""
    name = name or f"Record {record.id}"
    try:
        game = get_game(record.game)
    except RulesError as exc:
        raise RecordError(f"{name} cannot be opened: {exc}") from None
    if record.rules > game.rules:
        raise RecordError(f"{name} was played under newer {game.info.title} rules; update threadbox to open it.")
    if record.rules < game.rules:
        raise RecordError(
            f"{name} was played under earlier {game.info.title} rules (revision {record.rules}; this threadbox "
            f"plays revision {game.rules}): its moves would make a different game, so it cannot be opened."
        )
    return game


def restore(record: Record, name: str = "") -> Table:
    """The table the record's actions reach from its seed, checked against the record."""
    name = name or f"Record {record.id}"
    cls = game_of(record, name).state_cls
    try:
        table = Table.replayed(record.config, [(seat, cls.parse_action(data)) for seat, data in record.actions])
    except (RulesError, ValidationError, ValueError, TypeError, KeyError):
        if record.version < FORMAT_VERSION:  # e.g. a ruling since made a move it has illegal
            raise RecordError(
                f"{name} was saved by an older threadbox, and under today's rules its moves do not make a valid game."
            ) from None
        raise RecordError(f"{name} is damaged: its moves do not make a valid game.") from None
    if table.is_over() != record.finished or table.outcome() != record.outcome:
        raise RecordError(f"{name} is damaged: its result does not follow from its moves.")
    if record.version >= STAGE_CHECKED_FROM and stage_of(table.view(None)) != record.stage:
        raise RecordError(f"{name} is damaged: its stage does not follow from its moves.")
    return table


# ---- writing -----------------------------------------------------------------------
def new_id() -> str:
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))


def write_new(path: Path, text: str) -> None:
    """Write a file that must not exist yet; ``FileExistsError`` if it does. Crash-safe."""
    write_atomic(path, text, place=os.link)  # a link never replaces an existing file


@dataclass
class Entry:
    """One file in the records folder: its record, or why it cannot be read."""

    path: Path
    record: Record | None
    problem: str = ""

    @property
    def id(self) -> str:
        return self.record.id if self.record else self.path.stem

    @property
    def updated(self) -> str:
        return self.record.updated if self.record else ""


class RecordBook:
    """The records folder: listing, finding, writing and deleting game records."""

    def __init__(self, home: Path | None = None):
        self.home = Path(home) if home is not None else data_dir()
        self.folder = self.home / "records"
        # Records already read, by path, while their size and time stay the same:
        # listing again (a menu, a lobby) reads only what changed.
        self._read: dict[Path, tuple[tuple[int, ...], Entry]] = {}

    def path_of(self, record_id: str) -> Path:
        return self.folder / f"{record_id}.json"

    # ---- listing
    def entries(self) -> list[Entry]:
        """Every record, newest played first; unreadable files too, with the reason."""
        self._adopt_old_autosave()
        found: list[Entry] = []
        known, self._read = self._read, {}
        if self.folder.is_dir():
            for path in self.folder.glob("*.json"):
                try:
                    stat = path.stat()
                except OSError:
                    continue  # deleted meanwhile
                stamp = (stat.st_ino, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_size)
                cached = known.get(path)
                entry = cached[1] if cached is not None and cached[0] == stamp else self._entry(path)
                self._read[path] = (stamp, entry)
                found.append(entry)
        found.sort(key=lambda e: (e.updated, e.id), reverse=True)
        return found

    @staticmethod
    def _entry(path: Path) -> Entry:
        try:
            return Entry(path, read(path))
        except RecordError as exc:
            return Entry(path, None, str(exc))

    def unfinished(self) -> list[Record]:
        return [e.record for e in self.entries() if e.record is not None and not e.record.finished]

    def finished(self) -> list[Record]:
        return [e.record for e in self.entries() if e.record is not None and e.record.finished]

    # ---- finding
    def find(self, text: str) -> tuple[Record, Path]:
        """The record named by an id (or the start of one) or by a file; ``RecordError`` if none."""
        path = Path(text).expanduser()
        if path.suffix == ".json" or os.sep in text or path.is_file():
            return read_any(path), path
        wanted = text.strip().lower()
        entries = self.entries()
        matches = [e for e in entries if e.id == wanted] or [e for e in entries if wanted and e.id.startswith(wanted)]
        if not matches:
            raise RecordError(f"No game with id {text!r} (threadbox saves lists them).")
        if len(matches) > 1:
            raise RecordError(f"Id {text!r} fits {len(matches)} games; give more of it.")
        entry = matches[0]
        if entry.record is None:
            raise RecordError(entry.problem)
        return entry.record, entry.path

    # ---- writing
    def write(self, record: Record) -> None:
        write_atomic(self.path_of(record.id), render(record))

    def create(self, table: Table, started: str | None = None, **extra: Any) -> Record:
        """A new record for ``table`` under a fresh id; never replaces another file.

        ``extra``: more fields of the record (``room``, ``holders`` for a room's game).
        """
        started = started or now_text()
        for _ in range(100):
            record = record_of(table, new_id(), started).model_copy(update=extra)
            try:
                write_new(self.path_of(record.id), render(record))
            except FileExistsError:
                continue
            return record
        raise OSError("no free record id")

    def played_by(self, identity_key: str) -> list[Record]:
        """The finished games of rooms where ``identity_key`` held a seat, newest first."""
        return [r for r in self.finished() if identity_key in r.holders]

    def delete(self, record_id: str) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path_of(record_id).unlink()

    def recorder(self, record: Record | None = None) -> Recorder:
        return Recorder(self, record)

    def _adopt_old_autosave(self) -> None:
        """The one autosave of earlier versions becomes a record (once; a bad one stays put)."""
        old = self.home / "autosave.json"
        if not old.is_file():
            return
        try:
            table = load_old_save(old)
        except SaveError:
            return
        if table.actions:
            self.create(table)
        with contextlib.suppress(OSError):
            old.rename(old.with_name("autosave.json.adopted"))


class Recorder:
    """An ``on_change`` hook for ``Table``: keeps the game's own record up to date.

    The file is made at the game's first action, under a new id; from then on
    only that file is rewritten.
    """

    def __init__(self, book: RecordBook, record: Record | None = None):
        self.book = book
        self.record_id = record.id if record else None
        self.started = record.started if record else now_text()

    def __call__(self, table: Table) -> None:
        if self.record_id is None:
            if not table.actions:
                return  # nothing played yet: nothing to keep
            self.record_id = self.book.create(table, self.started).id
            return
        self.book.write(record_of(table, self.record_id, self.started))


def read_any(path: Path) -> Record:
    """A record file, or a save file of earlier versions turned into a record (not written)."""
    raw = _read_bytes(path)
    with contextlib.suppress(ValueError):
        data = json.loads(raw)
        if isinstance(data, dict) and data.get("format") == OLD_SAVE_FORMAT:
            try:
                table = load_old_save(path)
            except SaveError as exc:
                raise RecordError(str(exc)) from None
            record = record_of(table, new_id(), now_text())
            return parse(render(record), str(path))
    return parse(raw, str(path))
