"""One bot decision, lifted off the table so it can be thought over elsewhere.

A ``BotTurn`` holds only what the bot may use (its seat's view, its legal
actions, its own random generator), so it can run in a worker thread while
the event loop keeps drawing screens and serving other players. The table
takes the answer back with ``Table.play_bot_turn``, which refuses a stale one.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field
from typing import Any

from threadbox.rules.core import Action, Bot, GameState, SearchingBot


@dataclass
class BotTurn:
    seat: int
    version: int  # the table's version when the turn was taken
    view: GameState
    legal: list[Action]
    bot: Bot[Any]  # Any: each game's bots read its own state
    mind: random.Random  # the bot's own randomness, seeded from the game's seed
    stop: threading.Event = field(default_factory=threading.Event)

    @property
    def thinks(self) -> bool:
        """Whether this bot searches (takes time): run it off the event loop."""
        return isinstance(self.bot, SearchingBot)

    def think(self) -> Action:
        """The bot's choice. Safe in any thread: it touches nothing of the table."""
        bot = self.bot
        if isinstance(bot, SearchingBot):
            return bot.choose(self.view, self.seat, self.legal, self.mind, stop=self.stop)
        return bot.choose(self.view, self.seat, self.legal, self.mind)

    def cancel(self) -> None:
        """Stop thinking soon; the answer, if any comes, will not be played."""
        self.stop.set()
