"""One seat of the setup form: its name, and who plays it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Checkbox, Input, Label, Select

from threadbox.controller import DEFAULT_THINK, THINK_CHOICES, SeatSpec, think_text

NICE_NAMES = ("Ada", "Bram", "Cleo", "Dara", "Esme", "Finn", "Gus", "Hana")


def default_name(index: int) -> str:
    return NICE_NAMES[index] if index < len(NICE_NAMES) else f"Player {index + 1}"


def choice_value(level: str, think: float | None = None) -> str:
    """A Select value: ``bot:LEVEL``, or ``bot:LEVEL:SECONDS`` for a bot that searches (as ``--seat`` writes it)."""
    return f"bot:{level}" if think is None else f"bot:{level}:{think:g}"


def player_choices(bot_levels: list[str], thinking: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """The Select's options: a human, or a bot of each level; a level that searches
    (``thinking``) once per offered think time: "Bot (hard, 2 s)"."""
    choices = [("Human", "human")]
    for level in bot_levels:
        if level in thinking:
            choices += [(f"Bot ({level}, {think_text(t)})", choice_value(level, t)) for t in THINK_CHOICES]
        else:
            choices.append((f"Bot ({level})", choice_value(level)))
    return choices


class SeatRow(Horizontal):
    """``Seat N  [name]  [Human | Bot (level)]  [ ] option``; ``spec()`` reads it back.

    Tab moves between the name, the player choice and the seat's options;
    Enter opens the choice. A bot level that searches (``thinking``: hard) is
    offered once per think time, "Bot (hard, 1 s)", so the time is chosen with
    it. ``seat_variants`` (prefix -> label) are the game's variants chosen seat
    by seat, as checkboxes named "<prefix>-<seat number>"; ``chosen_variants()``
    says which are ticked.
    """

    DEFAULT_CSS = """
    SeatRow {
        height: auto;
        & > Label { width: 8; padding: 0 1 0 0; }
        & > Input { width: 1fr; max-width: 30; margin-right: 2; }
        & > Select { width: 22; }
        & > Checkbox { margin-left: 1; }
    }
    """

    def __init__(
        self,
        index: int,
        bot_levels: list[str],
        *,
        bot: bool,
        spec: SeatSpec | None = None,
        seat_variants: dict[str, str] | None = None,
        chosen: frozenset[str] = frozenset(),
        thinking: tuple[str, ...] = (),
    ):
        super().__init__(id=f"seat-{index}")
        self.index = index
        self.bot_levels = bot_levels
        self.thinking = thinking
        default_bot = bot_levels[1] if len(bot_levels) > 1 else bot_levels[0]
        self._initial = self._bot_value(default_bot) if bot else "human"
        self._name = default_name(index)
        if spec is not None:  # as last time
            self._name = spec.name
            if not spec.is_bot:
                self._initial = "human"
            elif spec.level in bot_levels:
                self._initial = self._bot_value(spec.level, spec.think)
        self.seat_variants = {f"{prefix}-{index + 1}": label for prefix, label in (seat_variants or {}).items()}
        self._chosen = chosen

    def _bot_value(self, level: str, think: float | None = None) -> str:
        """The choice for a bot of ``level``; a searching one at ``think`` if offered, else the default time."""
        if level not in self.thinking:
            return choice_value(level)
        return choice_value(level, think if think in THINK_CHOICES else DEFAULT_THINK)

    def compose(self) -> ComposeResult:
        yield Label(f"Seat {self.index + 1}")
        yield Input(self._name, max_length=20, compact=True, id=f"name-{self.index}")
        yield Select(
            player_choices(self.bot_levels, self.thinking),
            value=self._initial,
            allow_blank=False,
            compact=True,
            id=f"kind-{self.index}",
        )
        for name, label in self.seat_variants.items():
            yield Checkbox(label, name in self._chosen, compact=True, name=name, id=f"variant-{name}")

    def chosen_variants(self) -> list[str]:
        return [box.name for box in self.query(Checkbox) if box.value and box.name]

    def spec(self) -> SeatSpec:
        """The seat as set; ``ValueError`` (pydantic's) if the name is blank."""
        kind, _, rest = str(self.query_one(Select).value).partition(":")
        level, _, seconds = rest.partition(":")
        name = self.query_one(Input).value
        return SeatSpec(name=name, kind=kind, level=level or "easy", think=float(seconds) if seconds else None)
