"""Save files: written atomically after every action, checked when read.

A save holds the setup, every action, the log and the full state. Loading
replays the actions from the seed and insists on reaching the same state, so
an edited or damaged file is refused rather than played.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, Literal

import platformdirs
from pydantic import BaseModel, ValidationError

from threadbox.rules.core import LogEntry, RulesError, get_game

from .config import TableConfig
from .table import Table

FORMAT: Final = "threadbox-save"
VERSION = 1


class SaveError(Exception):
    """A save file cannot be used; the message says why, for a player."""


class SavedAction(BaseModel):
    seat: int
    action: dict[str, Any]


class SaveFile(BaseModel):
    format: Literal["threadbox-save"] = FORMAT
    version: int = VERSION
    saved_at: str
    config: TableConfig
    actions: list[SavedAction]
    log: list[LogEntry]
    state: dict[str, Any]
    # The game's rules revision its moves were played under (saves of before it was kept: 1).
    rules: int = 1


def data_dir() -> Path:
    """Where saves live: $THREADBOX_HOME if set, else the user's data folder."""
    home = os.environ.get("THREADBOX_HOME")
    return Path(home) if home else Path(platformdirs.user_data_dir("threadbox", appauthor=False))


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def to_save(table: Table) -> SaveFile:
    return SaveFile(
        saved_at=datetime.now(UTC).isoformat(timespec="seconds"),
        config=table.config,
        actions=[SavedAction(seat=s, action=a.model_dump()) for s, a in table.actions],
        log=table.log,
        state=json.loads(table.full_state_json()),
        rules=get_game(table.config.game).rules,
    )


def write_atomic(path: Path, text: str, place: Callable[[str, Path], None] = os.replace) -> None:
    """Write so that a crash at any moment leaves either the old or the new file.

    ``place(tmp, path)`` puts the written file in place: ``os.replace`` by default,
    ``os.link`` for a file that must not exist yet (``write_new`` in records)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        place(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)  # gone after os.replace; the spare name after os.link


def save(table: Table, path: Path | None = None) -> Path:
    path = path or autosave_path()
    write_atomic(path, to_save(table).model_dump_json())
    return path


def load(path: Path | None = None) -> Table:
    """The table saved at ``path``, or ``SaveError`` with a clear reason."""
    path = path or autosave_path()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"No saved game at {path}.") from None
    except OSError as exc:
        raise SaveError(f"Cannot read {path}: {exc.strerror}.") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise SaveError(f"{path} is damaged or is not a threadbox save.") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{path} is not a threadbox save.")
    if data.get("version") != VERSION:
        raise SaveError(f"{path} was written by another version of threadbox (save format {data.get('version')!r}).")
    try:
        saved = SaveFile.model_validate(data)
    except ValidationError:
        raise SaveError(f"{path} is damaged: its fields do not make a save.") from None
    _check_rules(saved, path)
    try:
        return _rebuild(saved)
    except (ValidationError, RulesError, ValueError, TypeError, KeyError):
        raise SaveError(f"{path} is damaged: its moves do not make a valid game.") from None


def _check_rules(saved: SaveFile, path: Path) -> None:
    """Refuse, in words, a save whose moves were played under other rules than this
    threadbox plays: they would replay into another game, which is not damage."""
    try:
        game = get_game(saved.config.game)
    except RulesError as exc:
        raise SaveError(f"{path} cannot be opened: {exc}") from None
    title = game.info.title
    if saved.rules > game.rules:
        raise SaveError(f"{path} was played under newer {title} rules; update threadbox to open it.")
    if saved.rules < game.rules:
        raise SaveError(
            f"{path} was played under earlier {title} rules (revision {saved.rules}; this threadbox plays "
            f"revision {game.rules}): its moves would make a different game, so it cannot be resumed."
        )


def _rebuild(saved: SaveFile) -> Table:
    cls = get_game(saved.config.game).state_cls
    table = Table.replayed(saved.config, [(a.seat, cls.parse_action(a.action)) for a in saved.actions])
    if table.full_state_json() != cls.model_validate(saved.state).to_json():
        raise ValueError("the saved state does not follow from its moves")
    table.log = list(saved.log)
    return table


def autosaver(path: Path | None = None) -> Callable[[Table], None]:
    """An ``on_change`` hook for ``Table`` that saves after every action."""

    def hook(table: Table) -> None:
        save(table, path)

    return hook
