"""The five games of the suite as the menu lists them, built or not.

Plain data, light to import (no pydantic, no game's rules): the menu's first
frame needs nothing more. ``core.registry`` loads the games themselves.
"""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass


@dataclass(frozen=True)
class CatalogueEntry:
    """What the menu shows of a game, built or not: the one source of these facts."""

    id: str
    title: str
    min_players: int
    max_players: int
    blurb: str


# The five games of the suite, listed even before their rules are built. A built game's
# GameInfo takes its title, player counts and blurb from here (``core.registry.catalogue_info``).
CATALOGUE: tuple[CatalogueEntry, ...] = (
    CatalogueEntry("threaded", "Threaded", 2, 5, "Worker placement: thread cubes onto your needle."),
    CatalogueEntry("thread-count", "Thread Count", 1, 6, "Roll and write: lead the cat's wool across the carpet."),
    CatalogueEntry("quilt", "Quilt", 2, 4, "Pencil drafting: colour your quilt."),
    CatalogueEntry("thingstead", "Thingstead", 2, 2, "Card-driven area control on a ring of Elders."),
    CatalogueEntry("warp-and-weft", "Warp & Weft", 2, 5, "Draft strings and weave them on your loom."),
)
GAME_IDS = tuple(e.id for e in CATALOGUE)


def module_name(game_id: str) -> str:
    """The package of a game's rules."""
    return "threadbox.rules." + game_id.replace("-", "_")


def has_rules(game_id: str) -> bool:
    """Whether the game's rules package is there, found without importing it (``core.is_built``
    imports it and checks it exposes ``GAME``)."""
    name = module_name(game_id)
    if name in sys.modules:  # loaded already (or put there by a test): then ask it
        return getattr(sys.modules[name], "GAME", None) is not None
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False
