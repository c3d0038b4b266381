"""Quilt: the state, its three phases per round, and what each decision does."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, ClassVar, Literal, Self

from pydantic import Field

from ..core import (
    Action,
    GameInfo,
    GameState,
    LogEntry,
    Outcome,
    Public,
    Rng,
    SeatScore,
    Transition,
    catalogue_info,
    lines,
    rank_winners,
)
from . import actions as act
from .actions import (
    ACTION_ADAPTER,
    COLOURING,
    ChoosePatch,
    ColourApplique,
    ColourCell,
    ColourSpool,
    Decline,
    DrawBonus,
    DrawPencil,
    Exchange,
    Finish,
    PlacePencil,
    Stitch,
    TakeHolder,
    TakeNeutral,
)
from .board import Board
from .data import (
    APPLIQUES,
    BOARD,
    COLUMNS,
    DESIGNS,
    EMBROIDERIES,
    EVERYTHING_COUNTED,
    HOLDER_CAPACITY,
    LETTERS,
    NEUTRAL_FILL,
    QUILTMANIA,
    SETS_FOR_PLAYERS,
    SPOOL_POINTS,
    colour_label,
    distinct,
    holders_for,
)
from .exchange import why_not_exchange
from .refusals import PHASE_NAMES, why_illegal
from .scoring import best_row, score_sheet
from .tasks import Task
from .words import describe_action, with_article

Phase = Literal["patches", "pencils", "colouring", "over"]


class QuiltState(GameState):
    """The whole table. Seats are 0-based and clockwise is seat + 1.

    Each round: ``patches`` (each seat in turn from the first player takes a
    patch), ``pencils`` (each seat in turn draws and places pencils or takes a
    holder, until every seat has one; the last holder is the neutral one,
    filled to 3), ``colouring`` (RULINGS.md: in turn from the first player,
    each seat uses its pencils until it finishes). The game is ``over`` after
    the round in which a board has 3 full rows, or 2 and every spool.

    What a screen reads (any view; Quilt has no secrets, only the bag's order):

    - ``round``, ``phase``, ``turn`` (the seat deciding), ``first_player``.
    - ``patches[seat]``: that seat's patch colour this round, or None.
    - ``bag``: pencils per colour letter; ``holders[h]``: the unused pencils on
      holder h; ``holder_of[seat]``: the holder it took; ``neutral``: the neutral
      holder once phase 2 is over; ``drawn``: a pencil drawn in phase 2 waiting to
      be placed; ``spent[seat]``: pencils it used from its holder this round;
      ``exchangeable(seat)``: its unused pencils less those an exchange brought.
    - ``tasks``: the colouring seat's pending bonuses (:class:`Task`), top last.
    - ``boards[seat]``: a :class:`Board`; ``score_sheet(seat)``: its score column now.
    """

    info: ClassVar[GameInfo] = catalogue_info(
        "quilt",
        hidden_information=False,
        variants={
            EVERYTHING_COUNTED: "At the end, your two weakest quilt rows count against you.",
            QUILTMANIA: "With four players: one set of pencils fewer in the bag.",
        },
    )
    action_adapter: ClassVar = ACTION_ADAPTER

    phase: Public[Phase] = "patches"
    round: Public[int] = 1
    turn: Public[int] = 0
    first_player: Public[int] = 0
    patches: Public[list[str | None]] = Field(default_factory=list)
    bag: Public[dict[str, int]] = Field(default_factory=dict)
    holders: Public[list[str]] = Field(default_factory=list)
    holder_of: Public[list[int | None]] = Field(default_factory=list)
    neutral: Public[int | None] = None
    drawn: Public[str | None] = None
    placed: Public[int] = 0  # pencils placed in this phase-2 turn
    spent: Public[list[str]] = Field(default_factory=list)
    done: Public[list[bool]] = Field(default_factory=list)
    tasks: Public[list[Task]] = Field(default_factory=list)
    # Per seat: unused pencils on its holder that an exchange brought this round, which cannot be
    # exchanged again (RULINGS.md). Only seats with some: a state without exchanges is as before.
    received: Public[dict[int, str]] = Field(default_factory=dict)
    boards: Public[list[Board]] = Field(default_factory=list)
    pencils_per_colour: Public[int] = 0
    end_reason: Public[str] = ""
    opening: Annotated[tuple[LogEntry, ...], lines()] = ()  # a value: copies share it

    # ---- setup ---------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, variants: Iterable[str] = (), names: list[str] | None = None) -> Self:
        chosen, names = cls.checked_setup(players, variants, names)
        sets = SETS_FOR_PLAYERS[players]
        notes = []
        if QUILTMANIA in chosen:
            # A four-player variant: at fewer players it changes nothing (said in the log), so a room
            # or menu set up with it still starts.
            if players == 4:
                sets -= 1
            else:
                notes.append(LogEntry.line(text="Quiltmania for Four is for four players: the usual pencils are used."))
        rng = Rng.from_seed(seed)
        first = rng.below(players)  # the one who "most recently sewed": chosen by the seed
        state = cls(
            players=players,
            names=names,
            variants=chosen,
            seed=seed,
            rng=rng,
            turn=first,
            first_player=first,
            patches=[None] * players,
            bag={c: sets for c in LETTERS},
            holders=[""] * holders_for(players),
            holder_of=[None] * players,
            spent=[""] * players,
            done=[False] * players,
            boards=[Board(design=DESIGNS[s % len(DESIGNS)].id) for s in range(players)],
            pencils_per_colour=sets,
        )
        state.opening = (
            LogEntry.line(
                text=f"{sets * len(LETTERS)} pencils go into the bag; {holders_for(players)} needle holders. "
                f"{state.name_of(first)} has the first player token."
            ),
            *notes,
            LogEntry.line(text=f"Round 1: {state.name_of(first)} chooses a patch first."),
        )
        return state

    def opening_log(self) -> list[LogEntry]:
        return list(self.opening)

    @property
    def total_pencils(self) -> int:
        return self.pencils_per_colour * len(LETTERS)

    # ---- whose decision ----------------------------------------------------------
    def to_move(self) -> list[int]:
        return [] if self.phase == "over" else [self.turn]

    def is_deciding(self, seat: int) -> bool:
        return seat == self.turn and self.phase != "over"

    def hand(self, seat: int) -> str:
        """The unused pencils on the seat's holder ('' before it has one)."""
        h = self.holder_of[seat]
        return self.holders[h] if h is not None else ""

    def exchangeable(self, seat: int) -> str:
        """The seat's unused pencils that an exchange may take: not those an exchange brought."""
        hand = self.hand(seat)
        for c in self.received.get(seat, ""):
            i = hand.index(c)
            hand = hand[:i] + hand[i + 1 :]
        return hand

    def open_holders(self) -> list[int]:
        """Holders still in the centre during phase 2."""
        taken = self.holder_of
        return [h for h in range(len(self.holders)) if h not in taken]

    def free_spaces(self) -> int:
        return sum(HOLDER_CAPACITY - len(self.holders[h]) for h in self.open_holders())

    def _room_in_centre(self) -> bool:
        """Whether a holder in the centre has room for a pencil (``free_spaces() > 0``)."""
        taken = self.holder_of
        for h, held in enumerate(self.holders):  # noqa: SIM110  (a loop: no generator per check)
            if len(held) < HOLDER_CAPACITY and h not in taken:
                return True
        return False

    def bag_size(self) -> int:
        return sum(self.bag.values())

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase == "over" or seat != self.turn:
            return []
        if self.phase == "patches":
            taken = set(self.patches)
            return [act.patch(c) for c in LETTERS if c not in taken]
        if self.phase == "pencils":  # the open holders, in order: those not in holder_of
            holders, owned = self.holders, self.holder_of
            if self.drawn is not None:
                return [
                    act.place(h) for h, held in enumerate(holders) if len(held) < HOLDER_CAPACITY and h not in owned
                ]
            options: list[Action] = [act.DRAW] if self.placed < 2 and self._room_in_centre() else []
            options += [act.take(h) for h, held in enumerate(holders) if held and h not in owned]
            return options
        if not self.tasks:
            return [*self._colouring_options(seat, self.hand(seat)), act.FINISH]
        task = self.tasks[-1]
        if task.kind == "use":
            return [*self._colouring_options(seat, task.pencils), act.DECLINE]
        if task.kind == "stitch":
            board = self.boards[seat]
            return [act.stitch(i) for i in range(len(EMBROIDERIES)) if not board.embroidery_done(i)] + [act.DECLINE]
        if task.kind == "exchange":
            return [act.exchange(c) for c in self._exchange_choices(seat)] + [act.DECLINE]
        neutral = self.holders[self.neutral] if self.neutral is not None else ""
        options = [act.neutral(c) for c in distinct(neutral)]
        if task.kind == "fetch" and self.bag_size():
            options.append(act.DRAW_BONUS)
        return [*options, act.DECLINE]

    def _colouring_options(self, seat: int, pencils: str) -> list[Action]:
        board = self.boards[seat]
        rows = board.rows
        row_colour = [cells[0].upper() if cells else None for cells in rows]  # board.row_colour(r)
        open_rows = [r for r, cells in enumerate(rows) if len(cells) != COLUMNS]  # not board.row_full(r)
        appliques = board.free_appliques()
        spool_ok = board.why_not_spool() is None
        options: list[Action] = []
        for c in distinct(pencils):
            for r in open_rows:
                fixed = row_colour[r]
                if fixed == c or (fixed is None and c not in row_colour):
                    options.append(act.cell(c, r))
            options += [act.applique(c, i) for i in appliques]
            if spool_ok:
                options.append(act.spool(c))
        return options

    def _exchange_choices(self, seat: int) -> list[str]:
        """Each set of the holder's colours that ``why_not_exchange`` allows (the rule is stated there)."""
        colours = distinct(self.hand(seat))
        sets = colours + [a + b for i, a in enumerate(colours) for b in colours[i:]]
        return [c for c in sets if why_not_exchange(self, seat, c) is None]

    # ---- refusals, in words a player can read (what is legal is _legal_actions) -----
    def why_waiting(self, seat: int, action: Action) -> str:
        if self.phase == "over":
            return "The game is over."
        if self.phase == "colouring" and self.done[seat]:
            return f"{self.name_of(seat)} has finished colouring this round; waiting for the others."
        if self.phase == "pencils" and self.holder_of[seat] is not None:
            return f"{self.name_of(seat)} has taken a needle holder; waiting for the others."
        return f"It is {self.name_of(self.turn)}'s turn in {PHASE_NAMES[self.phase]}."

    def why_illegal(self, seat: int, action: Action) -> str:
        return why_illegal(self, seat, action)

    # ---- doing it ------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> Transition:
        # Most frequent first: phase 2 is most of a game's decisions.
        if isinstance(action, DrawPencil):
            return self._draw(seat)
        if isinstance(action, PlacePencil):
            return self._place(seat, action.holder)
        if isinstance(action, TakeHolder):
            return self._take(seat, action.holder)
        if isinstance(action, ChoosePatch):
            return self._choose_patch(seat, action.colour)
        if isinstance(action, COLOURING):
            return self._colour(seat, action)
        if isinstance(action, Stitch):
            return self._stitch(seat, action.embroidery)
        if isinstance(action, Exchange):
            return self._exchange(seat, action.colours)
        if isinstance(action, TakeNeutral):
            return self._take_neutral(seat, action.colour)
        if isinstance(action, DrawBonus):
            return self._draw_bonus(seat)
        if isinstance(action, Decline):
            return self._decline(seat)
        assert isinstance(action, Finish)
        return Transition.of(log=self._finish(seat, "finishes colouring"))

    # phase 1
    def _choose_patch(self, seat: int, colour: str) -> Transition:
        self.patches[seat] = colour
        log = [LogEntry.line(text=f"{self.name_of(seat)} takes the {colour_label(colour)} patch.")]
        nxt = (seat + 1) % self.players
        if self.patches[nxt] is None:
            self.turn = nxt
            return Transition.of(log=log)
        self.phase = "pencils"
        self.turn = self.first_player
        self.placed = 0
        log.append(LogEntry.line(text=f"Phase 2: {self.name_of(self.turn)} starts distributing pencils."))
        return Transition.of(log=log)

    # phase 2
    def _draw_from_bag(self) -> str:
        left = self.rng.below(self.bag_size())
        for letter in LETTERS:
            if left < self.bag[letter]:
                self.bag[letter] -= 1
                return letter
            left -= self.bag[letter]
        raise AssertionError("the draw fell outside the bag")

    def _draw(self, seat: int) -> Transition:
        self.drawn = self._draw_from_bag()
        text = f"{self.name_of(seat)} draws {with_article(self.drawn)} pencil from the bag."
        return Transition.of(log=[LogEntry.line(text=text)], barrier=True)

    def _place(self, seat: int, holder: int) -> Transition:
        colour = self.drawn
        assert colour is not None
        self.holders[holder] += colour
        self.drawn = None
        self.placed += 1
        log = [LogEntry.line(text=f"{self.name_of(seat)} puts it on needle holder {holder + 1}.")]
        if self.placed == 2:
            log += self._next_pencil_turn(seat)
        return Transition.of(log=log)

    def _take(self, seat: int, holder: int) -> Transition:
        first = all(h is None for h in self.holder_of)
        self.holder_of[seat] = holder
        pencils = " ".join(self.holders[holder])
        log = [LogEntry.line(text=f"{self.name_of(seat)} takes needle holder {holder + 1} ({pencils}).")]
        if first and self.first_player != seat:
            self.first_player = seat
            log.append(LogEntry.line(text=f"{self.name_of(seat)} took first and gets the first player token."))
        log += self._next_pencil_turn(seat)
        # The last holder taken ends phase 2: the neutral holder is filled from the bag.
        return Transition.of(log=log, barrier=self.phase == "colouring")

    def _next_pencil_turn(self, seat: int) -> list[LogEntry]:
        self.placed = 0
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players
            if self.holder_of[nxt] is None:
                self.turn = nxt
                return []
        return self._start_colouring()

    def _start_colouring(self) -> list[LogEntry]:
        (neutral,) = self.open_holders()
        self.neutral = neutral
        while len(self.holders[neutral]) < NEUTRAL_FILL:
            self.holders[neutral] += self._draw_from_bag()
        self.phase = "colouring"
        self.turn = self.first_player
        return [
            LogEntry.line(
                text=f"The neutral needle holder {neutral + 1} is filled: {' '.join(self.holders[neutral])}."
            ),
            LogEntry.line(text=f"Phase 3: {self.name_of(self.turn)} colours first."),
        ]

    # phase 3
    def _colour(self, seat: int, action: ColourCell | ColourApplique | ColourSpool) -> Transition:
        colour = action.colour
        task = self.tasks[-1] if self.tasks else None
        if task is not None:  # a bonus pencil: it goes back where it came from once used
            i = task.pencils.index(colour)
            self._return(colour, task.origins[i])
            rest = task.pencils[:i] + task.pencils[i + 1 :]
            origins = task.origins[:i] + task.origins[i + 1 :]
            if rest:
                self.tasks[-1] = task.model_copy(update={"pencils": rest, "origins": origins})
            else:
                self.tasks.pop()
        else:
            h = self.holder_of[seat]
            assert h is not None
            hand = self.holders[h]
            i = hand.index(colour)
            self.holders[h] = hand[:i] + hand[i + 1 :]
            self.spent[seat] += colour
            if colour in self.received.get(seat, ""):  # of two alike, the one that cannot be exchanged goes
                self._forget_received(seat, colour)
        who = self.name_of(seat)
        board = self.boards[seat]
        log: list[LogEntry] = []
        if isinstance(action, ColourCell):
            row = action.row
            column = len(board.rows[row])
            full = colour == self.patches[seat]
            self.boards[seat] = board.with_cell(row, colour, full)
            how = "fully (its bonus colour)" if full else "the picture"
            cell = BOARD[row][column]
            log.append(
                LogEntry.line(
                    text=f"{who} colours row {row + 1} cell {column + 1} ({cell.points} VP) "
                    f"{colour_label(colour)}, {how}."
                )
            )
            if cell.bonus is not None:
                log += self._bonus(seat, colour, cell.bonus.kind, cell.bonus.colour)
        elif isinstance(action, ColourApplique):
            self.boards[seat] = board.with_applique(action.applique, colour)
            applique = APPLIQUES[action.applique]
            log.append(
                LogEntry.line(
                    text=f"{who} colours the +{applique.points} applique {colour_label(colour)} "
                    f"(column {applique.column + 1})."
                )
            )
        else:
            index = len(board.spools)
            self.boards[seat] = board.with_spool(colour)
            log.append(
                LogEntry.line(
                    text=f"{who} colours the threads of spool {index + 1} ({SPOOL_POINTS[index]} VP) "
                    f"{colour_label(colour)}."
                )
            )
        return Transition.of(log=log + self._maybe_done(seat))

    def _return(self, colour: str, origin: str) -> None:
        if origin == "b":
            self.bag[colour] += 1
        elif origin == "n":
            assert self.neutral is not None
            self.holders[self.neutral] += colour

    def _bonus(self, seat: int, colour: str, kind: str, bonus_colour: str) -> list[LogEntry]:
        who = self.name_of(seat)
        board = self.boards[seat]
        if kind == "button":
            return [LogEntry.line(text=f"{who} collects a button.")]
        if kind == "spool":
            if board.open_spools >= len(SPOOL_POINTS):
                return [LogEntry.line(text="Every spool is already available.")]
            self.boards[seat] = board.with_spool_opened()
            return [LogEntry.line(text=f"{who} makes spool {board.open_spools + 1} available.")]
        if kind == "pencil":
            self.tasks.append(Task(kind="use", pencils=bonus_colour, origins="a", source="the extra pencil bonus"))
            return [LogEntry.line(text=f"{who} may use an extra {colour_label(bonus_colour)} pencil now.")]
        if kind == "neutral":
            assert self.neutral is not None
            if not self.holders[self.neutral]:
                return [LogEntry.line(text="The neutral holder has no pencil to lend.")]
            self.tasks.append(Task(kind="neutral", source="the neutral holder bonus"))
            return [LogEntry.line(text=f"{who} may use a pencil from the neutral holder.")]
        if kind == "exchange":
            if not self.hand(seat) or not self.bag_size():
                return [LogEntry.line(text=f"{who} has no unused pencil to exchange.")]
            if not self.exchangeable(seat):
                return [
                    LogEntry.line(text=f"{who} has no pencil to exchange (pencils from an exchange cannot go back).")
                ]
            self.tasks.append(Task(kind="exchange", source="the exchange bonus"))
            return [LogEntry.line(text=f"{who} may exchange 1 or 2 pencils with the bag.")]
        assert kind == "stitch"
        if all(board.embroidery_done(i) for i in range(len(EMBROIDERIES))):
            return [LogEntry.line(text="Every embroidery is already finished.")]
        self.tasks.append(Task(kind="stitch", pencils=colour, source="the stitch bonus"))
        return [LogEntry.line(text=f"{who} may stitch an embroidery part {colour_label(colour)}.")]

    def _stitch(self, seat: int, index: int) -> Transition:
        task = self.tasks.pop()
        colour = task.pencils
        embroidery = EMBROIDERIES[index]
        board = self.boards[seat].with_stitch(index, colour)
        self.boards[seat] = board
        who = self.name_of(seat)
        done = len(board.embroideries[index])
        log = [
            LogEntry.line(
                text=f"{who} stitches part {done} of {embroidery.parts} of the {embroidery.label()} "
                f"{colour_label(colour)}."
            )
        ]
        if board.embroidery_done(index):
            log.append(LogEntry.line(text=f"The {embroidery.label()} is finished: {embroidery.effect_label()}."))
            if embroidery.effect == "backgrounds":
                cells = len(board.fresh)
                self.boards[seat] = board.with_backgrounds()
                log.append(LogEntry.line(text=f"{who} fills the background of {cells} cell{'s' * (cells != 1)}."))
            else:
                source = f"the {embroidery.label()}"
                self.tasks.append(Task(kind="fetch", left=embroidery.pencils, source=source))
        return Transition.of(log=log + self._maybe_done(seat))

    def _exchange(self, seat: int, colours: str) -> Transition:
        self.tasks.pop()
        h = self.holder_of[seat]
        assert h is not None
        new = "".join(self._draw_from_bag() for _ in colours)  # draw first, then the old ones go in
        hand = self.holders[h]
        for c in colours:
            i = hand.index(c)
            hand = hand[:i] + hand[i + 1 :]
            self.bag[c] += 1
        self.holders[h] = hand + new
        self.received[seat] = self.received.get(seat, "") + new
        out = " ".join(colour_label(c) for c in colours)
        got = " ".join(colour_label(c) for c in new)
        text = f"{self.name_of(seat)} exchanges {out} for {got} from the bag."
        return Transition.of(log=[LogEntry.line(text=text)], barrier=True)

    def _forget_received(self, seat: int, colour: str) -> None:
        got = self.received[seat]
        i = got.index(colour)
        got = got[:i] + got[i + 1 :]
        if got:
            self.received[seat] = got
        else:
            del self.received[seat]

    def _take_neutral(self, seat: int, colour: str) -> Transition:
        assert self.neutral is not None
        hand = self.holders[self.neutral]
        i = hand.index(colour)
        self.holders[self.neutral] = hand[:i] + hand[i + 1 :]
        text = f"{self.name_of(seat)} takes the {colour_label(colour)} pencil from the neutral holder."
        self._taken(colour, "n")
        return Transition.of(log=[LogEntry.line(text=text)])

    def _draw_bonus(self, seat: int) -> Transition:
        colour = self._draw_from_bag()
        self._taken(colour, "b")
        text = f"{self.name_of(seat)} draws {with_article(colour)} pencil from the bag."
        return Transition.of(log=[LogEntry.line(text=text)], barrier=True)

    def _taken(self, colour: str, origin: str) -> None:
        """A neutral-holder or bag pencil is now in hand: a ``use`` once all are taken."""
        task = self.tasks.pop()
        if task.kind == "neutral":
            self.tasks.append(Task(kind="use", pencils=colour, origins=origin, source="the neutral holder"))
            return
        pencils, origins = task.pencils + colour, task.origins + origin
        if task.left > 1:
            self.tasks.append(task.model_copy(update={"pencils": pencils, "origins": origins, "left": task.left - 1}))
        else:
            self.tasks.append(Task(kind="use", pencils=pencils, origins=origins, source=task.source))

    def _decline(self, seat: int) -> Transition:
        task = self.tasks.pop()
        who = self.name_of(seat)
        if task.kind == "fetch" and task.pencils:
            self.tasks.append(Task(kind="use", pencils=task.pencils, origins=task.origins, source=task.source))
            return Transition.of(log=[LogEntry.line(text=f"{who} takes no more pencils.")])
        if task.kind == "use":
            for c, origin in zip(task.pencils, task.origins, strict=True):
                self._return(c, origin)
            names = ", ".join(colour_label(c) for c in task.pencils)
            log = [LogEntry.line(text=f"{who} does not use the {names} pencil from {task.source}.")]
        else:
            log = [LogEntry.line(text=f"{who} lets the bonus go ({task.label()}).")]
        return Transition.of(log=log + self._maybe_done(seat))

    def _maybe_done(self, seat: int) -> list[LogEntry]:
        """With no bonus pending and no pencil left, the seat's colouring ends by itself."""
        if self.tasks or self.hand(seat):
            return []
        return self._finish(seat, "has used every pencil")

    def _finish(self, seat: int, how: str) -> list[LogEntry]:
        self.done[seat] = True
        left = len(self.hand(seat))
        extra = f" ({left} unused pencil{'s go' if left != 1 else ' goes'} back)" if left else ""
        log = [LogEntry.line(text=f"{self.name_of(seat)} {how}{extra}.")]
        for step in range(1, self.players):
            nxt = (seat + step) % self.players
            if not self.done[nxt]:
                self.turn = nxt
                return log
        return log + self._end_round()

    def _end_round(self) -> list[LogEntry]:
        reasons = []
        for s, board in enumerate(self.boards):
            if board.full_rows() >= 3:
                reasons.append(f"{self.name_of(s)} has coloured 3 full rows")
            elif board.full_rows() >= 2 and board.spools_done():
                reasons.append(f"{self.name_of(s)} has coloured 2 full rows and every spool")
        if reasons:
            self.phase = "over"
            self.end_reason = "; ".join(reasons) + "."
            outcome = self.outcome()
            assert outcome is not None
            winners = " and ".join(self.name_of(s) for s in outcome.winners)
            return [LogEntry.line(text=f"End of round {self.round}: {self.end_reason} Winner: {winners}.")]
        self.round += 1
        self.bag = {c: self.pencils_per_colour for c in LETTERS}
        self.holders = [""] * len(self.holders)
        self.holder_of = [None] * self.players
        self.neutral = None
        self.spent = [""] * self.players
        self.received = {}
        self.done = [False] * self.players
        self.patches = [None] * self.players
        self.boards = [b.new_round() for b in self.boards]
        self.phase = "patches"
        self.turn = self.first_player
        return [
            LogEntry.line(text=f"End of round {self.round - 1}: every pencil goes back into the bag."),
            LogEntry.line(text=f"Round {self.round}: {self.name_of(self.turn)} chooses a patch first."),
        ]

    # ---- reading ---------------------------------------------------------------
    def borrowed(self) -> int:
        """Pencils out of the bag or the neutral holder for a bonus, not yet used."""
        return sum(1 for t in self.tasks for o in t.origins if o in "bn")

    def pencils_accounted(self) -> int:
        """Every pencil somewhere: the bag, the holders, used this round, drawn, or lent for a bonus."""
        return (
            self.bag_size()
            + sum(len(h) for h in self.holders)
            + sum(len(s) for s in self.spent)
            + (self.drawn is not None)
            + self.borrowed()
        )

    def score_sheet(self, seat: int) -> list[tuple[str, int]]:
        return score_sheet(self.boards[seat], EVERYTHING_COUNTED in self.variants)

    def total_score(self, seat: int) -> int:
        return sum(vp for _, vp in self.score_sheet(seat))

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        scores = [
            SeatScore(
                seat=s, total=self.total_score(s), categories=self.score_sheet(s), tiebreak=best_row(self.boards[s])
            )
            for s in range(self.players)
        ]
        winners, used = rank_winners(scores, "the best single quilt row")
        return Outcome(scores=scores, winners=winners, reason=self.end_reason, tiebreak_used=used)

    # ---- words ---------------------------------------------------------------
    def describe(self, action: Action, seat: int) -> str:
        return describe_action(self, action, seat)

    def progress(self) -> str:
        return f"round {self.round}, {PHASE_NAMES[self.phase]}"
