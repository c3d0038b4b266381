"""The games threadbox knows, and which of them are built.

A game is built when ``threadbox.rules.<id with underscores>`` exists and
exposes ``GAME``; adding a game means adding that package, nothing else.
The catalogue itself (``threadbox.rules.catalogue``) is plain data the menu
reads without loading any game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from threadbox.rules.catalogue import CATALOGUE as CATALOGUE
from threadbox.rules.catalogue import GAME_IDS as GAME_IDS
from threadbox.rules.catalogue import CatalogueEntry as CatalogueEntry
from threadbox.rules.catalogue import module_name

from .bots import Bot, RandomBot, SearchingBot
from .errors import RulesError
from .state import GameInfo, GameState


@dataclass(frozen=True)
class GameDef:
    """What a game package exposes as ``GAME``."""

    state_cls: type[GameState]
    bots: dict[str, Callable[[], Bot[Any]]] = field(default_factory=dict)  # Any: each game's bots read its own state
    # The rules' revision: raised when a rules change makes recorded moves replay differently,
    # so a record of earlier rules is refused with a message (``controller.records``).
    rules: int = 1

    @property
    def info(self) -> GameInfo:
        return self.state_cls.info

    @property
    def bot_levels(self) -> list[str]:
        return ["random", *self.bots]

    def make_bot(self, level: str, *, think: float | None = None, iterations: int | None = None) -> Bot[Any]:
        """A new bot of this level. ``think`` (seconds per decision) and ``iterations``
        (an exact search length) apply to bots that search and are ignored by the rest."""
        if level == "random":
            return RandomBot()
        if level not in self.bots:
            raise RulesError(f"{self.info.title} has no bot level {level!r}; choose from {', '.join(self.bot_levels)}.")
        bot = self.bots[level]()
        if isinstance(bot, SearchingBot):
            if think is not None:
                bot.think = think
            if iterations is not None:
                bot.iterations = iterations
        return bot


def catalogue_info(game_id: str, hidden_information: bool = False, variants: dict[str, str] | None = None) -> GameInfo:
    """A built game's ``GameInfo``: title, blurb and player counts from its catalogue entry
    (one source for the menu and the set-up form), plus what only a built game knows."""
    e = entry(game_id)
    return GameInfo(
        id=e.id,
        title=e.title,
        min_players=e.min_players,
        max_players=e.max_players,
        blurb=e.blurb,
        hidden_information=hidden_information,
        variants=variants or {},
    )


def entry(game_id: str) -> CatalogueEntry:
    for e in CATALOGUE:
        if e.id == game_id:
            return e
    raise RulesError(f"Unknown game {game_id!r}; the games are: {', '.join(GAME_IDS)}.")


def is_built(game_id: str) -> bool:
    try:
        get_game(game_id)
    except RulesError:
        return False
    return True


def get_game(game_id: str) -> GameDef:
    """The built game with this id, or a ``RulesError`` saying why not."""
    entry(game_id)
    try:
        module = importlib.import_module(module_name(game_id))
    except ModuleNotFoundError as exc:
        if exc.name != module_name(game_id):
            raise
        raise RulesError(f"{entry(game_id).title} is not built yet.") from None
    game = getattr(module, "GAME", None)
    if not isinstance(game, GameDef):
        raise RulesError(f"{entry(game_id).title} is not built yet.")
    return game


def built_games() -> list[GameDef]:
    return [get_game(e.id) for e in CATALOGUE if is_built(e.id)]
