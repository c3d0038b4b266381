"""The last set-up of each game, so the form opens as it was left.

Kept in ``setups.json`` beside the saves (the user's data folder, or
``$THREADBOX_HOME``). A missing or damaged file only means a fresh form.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError

from threadbox.controller import SeatSpec, data_dir
from threadbox.controller.saves import write_atomic


class LastSetup(BaseModel):
    """What the set-up form held when a game was last started (never the seed)."""

    seats: list[SeatSpec]
    variants: list[str] = Field(default_factory=list)


def setups_path() -> Path:
    return data_dir() / "setups.json"


def _read(path: Path) -> dict[str, dict]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def last_setup(game_id: str, path: Path | None = None) -> LastSetup | None:
    entry = _read(path or setups_path()).get(game_id)
    try:
        return LastSetup.model_validate(entry) if entry is not None else None
    except ValidationError:
        return None


def remember_setup(game_id: str, setup: LastSetup, path: Path | None = None) -> None:
    """Keep ``setup`` for ``game_id``; a failure to write is not worth stopping a game for."""
    path = path or setups_path()
    data = _read(path)
    data[game_id] = setup.model_dump()
    try:
        write_atomic(path, json.dumps(data, indent=1))
    except OSError:
        pass
