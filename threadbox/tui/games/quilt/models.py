"""Pure view models of the Quilt screen, built from one seat's view.

Widgets draw only these values; nothing here imports Textual. A model holds
what a person sees on the paper sheet or on the table, already worked out
(which cell is next, which applique is blocked, the score column).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from threadbox.rules.core import Action
from threadbox.rules.quilt import QuiltState
from threadbox.rules.quilt import actions as act
from threadbox.rules.quilt.data import (
    APPLIQUES,
    BOARD,
    COLOUR_NAMES,
    COLUMNS,
    DESIGN_BY_ID,
    EMBROIDERIES,
    ROWS,
    SPOOL_POINTS,
    colour_label,
    picture,
)
from threadbox.rules.quilt.scoring import counted_against, row_points, score_sheet

from .cursor import SPOOL, Spot

TABLE_SPOTS = frozenset({"bag", "patch", "holder", "neutral"})  # the cursor's spots drawn on the table

CellState = Literal["blank", "picture", "full"]
# One glyph per bonus kind; an extra pencil shows the pencil's colour letter instead.
BONUS_GLYPHS = {"neutral": "N", "exchange": "⇄", "spool": "§", "button": "●", "stitch": "≈"}
BONUS_WORDS = {
    "neutral": "N neutral pencil",
    "exchange": "⇄ exchange",
    "spool": "§ open a spool",
    "button": "● button",
    "stitch": "≈ stitch",
    "pencil": "a colour letter extra pencil",
}


@dataclass(frozen=True)
class CellFace:
    glyph: str
    name: str
    points: int
    bonus: str  # glyph ('' for none)
    bonus_colour: str | None  # the extra pencil's colour letter
    state: CellState = "blank"
    next: bool = False  # the next cell to colour in its row
    target: bool = False  # the cursor is on this cell


@dataclass(frozen=True)
class RowFace:
    number: int
    colour: str | None
    cells: tuple[CellFace, ...]
    points: int
    against: bool = False  # Everything Counted: recorded with a minus sign


@dataclass(frozen=True)
class AppliqueFace:
    points: int
    column: int
    colour: str | None
    blocked: bool  # uncoloured and its column already touched
    target: bool = False


@dataclass(frozen=True)
class SpoolFace:
    points: int
    state: Literal["done", "open", "closed"]
    colour: str | None
    target: bool = False


@dataclass(frozen=True)
class EmbroideryFace:
    parts: int
    colours: str
    effect: str
    target: bool = False


@dataclass(frozen=True)
class SheetFace:
    """One player's sheet."""

    name: str = ""
    design: str = ""
    mine: bool = False
    patch: str | None = None
    rows: tuple[RowFace, ...] = ()
    appliques: tuple[AppliqueFace, ...] = ()
    spools: tuple[SpoolFace, ...] = ()
    embroideries: tuple[EmbroideryFace, ...] = ()
    buttons: int = 0
    weakest: int = 0
    lines: tuple[tuple[str, int], ...] = ()  # the score column, sheet order

    @property
    def total(self) -> int:
        return sum(vp for _, vp in self.lines)


def sheet_face(view: QuiltState, seat: int, me: int | None, cursor: Spot | None = None) -> SheetFace:
    """One sheet; ``cursor`` is marked on it if it is the seat's own (``me``)."""
    board = view.boards[seat]
    everything = "everything-counted" in view.variants
    against = counted_against(board) if everything else ()
    at = cursor if seat == me else None
    target_row = at.key if at is not None and at.kind == "row" else None
    rows = []
    for r in range(ROWS):
        cells = []
        done = board.rows[r]
        for c in range(COLUMNS):
            name, glyph = picture(board.design, r, c)
            printed = BOARD[r][c]
            bonus = printed.bonus
            state: CellState = "blank" if c >= len(done) else "full" if done[c].isupper() else "picture"
            cells.append(
                CellFace(
                    glyph=glyph,
                    name=name,
                    points=printed.points,
                    bonus=(bonus.colour if bonus.kind == "pencil" else BONUS_GLYPHS[bonus.kind]) if bonus else "",
                    bonus_colour=bonus.colour if bonus and bonus.kind == "pencil" else None,
                    state=state,
                    next=c == len(done),
                    target=c == len(done) and target_row == r,
                )
            )
        rows.append(RowFace(r + 1, board.row_colour(r), tuple(cells), row_points(board, r), r in against))
    target_applique = at.key if at is not None and at.kind == "applique" else None
    appliques = tuple(
        AppliqueFace(
            a.points,
            a.column,
            None if board.appliques[i] == "." else board.appliques[i],
            board.appliques[i] == "." and board.column_touched(a.column),
            target_applique == i,
        )
        for i, a in enumerate(APPLIQUES)
    )
    spool_target = len(board.spools) if at == SPOOL else None
    spools = tuple(
        SpoolFace(
            points,
            "done" if i < len(board.spools) else "open" if i < board.open_spools else "closed",
            board.spools[i] if i < len(board.spools) else None,
            spool_target == i,
        )
        for i, points in enumerate(SPOOL_POINTS)
    )
    stitch_target = at.key if at is not None and at.kind == "stitch" else None
    embroideries = tuple(
        EmbroideryFace(e.parts, board.embroideries[i], e.effect_label(), stitch_target == i)
        for i, e in enumerate(EMBROIDERIES)
    )
    return SheetFace(
        name=view.name_of(seat),
        design=DESIGN_BY_ID[board.design].title,
        mine=seat == me,
        patch=view.patches[seat],
        rows=tuple(rows),
        appliques=appliques,
        spools=spools,
        embroideries=embroideries,
        buttons=board.buttons(),
        weakest=min(row_points(board, r) for r in range(ROWS)),
        lines=tuple(score_sheet(board, everything)),
    )


def unmarked(face: SheetFace) -> SheetFace:
    """``face`` without the cursor's mark: what its size depends on (the mark only restyles)."""
    return replace(
        face,
        rows=tuple(replace(r, cells=tuple(replace(c, target=False) for c in r.cells)) for r in face.rows),
        appliques=tuple(replace(a, target=False) for a in face.appliques),
        spools=tuple(replace(sp, target=False) for sp in face.spools),
        embroideries=tuple(replace(e, target=False) for e in face.embroideries),
    )


@dataclass(frozen=True)
class HolderFace:
    number: int
    pencils: str
    spent: str = ""  # used this round (still on the holder, crossed out)
    owner: str | None = None
    neutral: bool = False
    mine: bool = False


@dataclass(frozen=True)
class CentreFace:
    """The middle of the table: needle holders, patches, the bag, the first player token."""

    round: int = 1
    phase: str = "patches"
    holders: tuple[HolderFace, ...] = ()
    bag: tuple[tuple[str, int], ...] = ()
    patches: tuple[tuple[str, str | None], ...] = ()  # (name, patch colour) per seat
    free_patches: str = ""
    first_player: str = ""
    drawn: str | None = None
    chain: tuple[str, ...] = ()  # the pending bonuses of the colouring seat, the one to settle first
    chain_pencils: str = ""  # bonus pencils to use now
    neutral: int | None = None  # the neutral holder's index
    cursor: Spot | None = None  # the thing on the table the cursor is on (a holder, a patch, the bag, ...)


def centre_face(view: QuiltState, me: int | None, cursor: Spot | None = None) -> CentreFace:
    owners = {h: s for s, h in enumerate(view.holder_of) if h is not None}
    holders = tuple(
        HolderFace(
            h + 1,
            pencils,
            view.spent[owners[h]] if h in owners else "",
            view.name_of(owners[h]) if h in owners else None,
            h == view.neutral,
            owners.get(h) == me and me is not None,
        )
        for h, pencils in enumerate(view.holders)
    )
    task = view.tasks[-1] if view.tasks and view.phase == "colouring" else None
    taken = {p for p in view.patches if p}
    return CentreFace(
        round=view.round,
        phase=view.phase,
        holders=holders,
        bag=tuple((c, n) for c, n in view.bag.items()),
        patches=tuple((view.name_of(s), view.patches[s]) for s in range(view.players)),
        free_patches="".join(c for c in COLOUR_NAMES if c not in taken),
        first_player=view.name_of(view.first_player),
        drawn=view.drawn,
        chain=tuple(t.label() for t in reversed(view.tasks)) if view.phase == "colouring" else (),
        chain_pencils=task.pencils if task is not None and task.kind == "use" else "",
        neutral=view.neutral,
        cursor=cursor if cursor is not None and cursor.kind in TABLE_SPOTS else None,
    )


def hint(view: QuiltState, me: int | None, legal: list[Action]) -> str:
    """One line on what to do now, in words."""
    if view.phase == "over":
        return "The game is over: g shows the score sheet."
    if me is None or not legal:
        return f"{view.name_of(view.turn)} is deciding."
    if view.phase == "patches":
        return "Take a patch by its letter: g takes green."
    if view.phase == "pencils":
        if view.drawn is not None:
            return f"{COLOUR_NAMES[view.drawn].capitalize()} ({view.drawn}) drawn: press a holder's number."
        return "Draw (d), or take a holder by its number."
    if view.tasks:
        return f"Bonus: {view.tasks[-1].label()}."
    return "Pencil letter, then row 1-5, + 3/5/7 or s."


def option_group(action: Action) -> str:
    """The heading of ``action`` in the options list: the pencil, holder or part it uses."""
    if isinstance(action, act.ChoosePatch):
        return "Patches"
    if isinstance(action, act.PlacePencil | act.TakeHolder):
        return "Needle holders"
    if isinstance(action, act.DrawPencil | act.DrawBonus | act.Exchange):
        return "The bag"
    if isinstance(action, act.TakeNeutral):
        return "Neutral holder"
    if isinstance(action, act.ColourCell | act.ColourApplique | act.ColourSpool):
        label = colour_label(action.colour)
        return f"{label[0].upper()}{label[1:]} pencil"
    if isinstance(action, act.Stitch):
        return "Embroideries"
    return "Or"  # finishing, letting a bonus go
