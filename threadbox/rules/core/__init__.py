"""The small core every game's rules share."""

from .bots import Bot, RandomBot, SearchingBot, bot_mind
from .errors import IllegalAction, NotYourTurn, RulesError
from .log import LogEntry
from .registry import (
    CATALOGUE,
    GAME_IDS,
    CatalogueEntry,
    GameDef,
    built_games,
    catalogue_info,
    entry,
    get_game,
    is_built,
)
from .rng import Rng
from .search import SearchBot
from .secrets import BY_SEAT, SORTED, Blank, Placeholder, Public, face_down, lines, own
from .state import (
    Action,
    GameInfo,
    GameState,
    Outcome,
    SeatScore,
    Transition,
    default_names,
    rank_winners,
)

__all__ = [
    "BY_SEAT",
    "SORTED",
    "Action",
    "Blank",
    "Placeholder",
    "Public",
    "face_down",
    "lines",
    "own",
    "Bot",
    "CATALOGUE",
    "CatalogueEntry",
    "GAME_IDS",
    "GameDef",
    "GameInfo",
    "GameState",
    "IllegalAction",
    "LogEntry",
    "NotYourTurn",
    "Outcome",
    "RandomBot",
    "Rng",
    "RulesError",
    "SearchBot",
    "SearchingBot",
    "SeatScore",
    "Transition",
    "bot_mind",
    "built_games",
    "catalogue_info",
    "default_names",
    "entry",
    "get_game",
    "is_built",
    "rank_winners",
]
