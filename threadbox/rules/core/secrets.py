"""What a state keeps secret, and from whom: said once, beside each field.

Every field of a game's state, and of every model held in a public field, is
annotated (``typing.Annotated``) with exactly one declaration:

- ``Public[T]``: every view shows it whole. ``Annotated[list[Board], BY_SEAT]``
  is public too and says that entry i is seat i's, so the secrets of the model
  in it (``own(..., seat_at=None)``) are known to be seat i's.
- ``own(shown, seat_at=0)``: a seat's own: entry i (of the list or tuple at
  depth ``seat_at``; deeper lists first name something else, e.g. a clan)
  is seen only by seat i; other views show it as ``shown`` says.
- ``face_down(shown, each=0)``: seen by nobody, e.g. a deck's order: the whole
  value (``each=0``) or each entry at depth ``each`` is shown as ``shown`` says.
- Either with ``revealed="method"``: hidden until that method of the state
  returns True, then shown in every view (``revealed="is_over"``: revealed at
  the end).
- ``lines()``: a log (``LogEntry`` values): each view keeps only its own
  seat's private lines.

How a hidden entry is shown: ``Placeholder(x)`` puts x in place of each item,
so the count stays (a scalar entry becomes x, or stays None when it is None);
``Blank(value)`` (or ``Blank(factory=f)``) puts one value in place of the
entry; ``SORTED`` keeps the items but not their order.

From these the core builds ``clone``, ``view`` and the frame of
``determinize`` (``copying.py``); ``undeclared`` lists what says nothing, and a
test fails on it.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel

from .log import LogEntry

T = TypeVar("T")


@dataclass(frozen=True)
class PublicMark:
    """Shown whole in every view; ``by_seat``: entry i is seat i's (for the secrets of models in it)."""

    by_seat: bool = False


PUBLIC = PublicMark()
BY_SEAT = PublicMark(by_seat=True)
Public = Annotated[T, PUBLIC]


@dataclass(frozen=True)
class Placeholder:
    """Each item shown as ``value`` (a list or tuple keeps its length); a scalar entry becomes
    ``value``, or stays None where it is None (nothing there to hide)."""

    value: Any


@dataclass(frozen=True)
class Blank:
    """The entry shown as ``value`` (immutable: views share it), or as a new ``factory()``."""

    value: Any = None
    factory: Callable[[], Any] | None = None


@dataclass(frozen=True)
class Sorted:
    """The items shown in sorted order: which they are is known, their order is not."""


SORTED = Sorted()
Shown = Placeholder | Blank | Sorted
# A step into a list or tuple: "each" entry, or the "seat" looking's own (the others hidden).
Step = str


@dataclass(frozen=True)
class Secret:
    """What is hidden: the entries reached by ``path`` are shown as ``shown`` says,
    except (a "seat" step) the viewer's own; ``owner``: the seat is where the model
    sits (``BY_SEAT``), so the owner sees it whole. ``revealed``: the name of a state
    method; while it returns True every view shows the field whole."""

    shown: Shown
    path: tuple[Step, ...] = ()
    owner: bool = False
    revealed: str | None = None


@dataclass(frozen=True)
class Lines:
    """A log: every view keeps the public text and only its own seat's private lines."""


@dataclass(frozen=True)
class Viewer:
    """The seat a view is for (``GameState.view_of``): set by ``view``."""


VIEWER = Viewer()


def own(shown: Shown, seat_at: int | None = 0, revealed: str | None = None) -> Secret:
    """A seat's own: the entry for seat i, at depth ``seat_at`` (None: the model's seat,
    from where it sits), is seen only by seat i."""
    if seat_at is None:
        return Secret(shown, (), owner=True, revealed=revealed)
    return Secret(shown, ("each",) * seat_at + ("seat",), revealed=revealed)


def face_down(shown: Shown, each: int = 0, revealed: str | None = None) -> Secret:
    """Seen by nobody: the value (``each=0``) or every entry at depth ``each``."""
    return Secret(shown, ("each",) * each, revealed=revealed)


def lines() -> Lines:
    return Lines()


Declaration = PublicMark | Secret | Lines | Viewer


def declaration(cls: type[BaseModel], name: str) -> Declaration | None:
    """The field's one declaration, None if it has none; a TypeError if it has several."""
    found = [m for m in cls.model_fields[name].metadata if isinstance(m, (PublicMark, Secret, Lines, Viewer))]
    if len(found) > 1:
        raise TypeError(f"{cls.__qualname__}.{name} says more than once what it hides: {found}")
    return found[0] if found else None


def models_in(annotation: Any) -> Iterator[type[BaseModel]]:
    """The model classes a value of this type may hold."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
        return
    for arg in get_args(annotation):
        yield from models_in(arg)


def undeclared(cls: type[BaseModel]) -> list[str]:
    """Fields of ``cls`` and of the models its public fields hold that say neither
    public nor secret ("Class.field"); a TypeError for a log declared public."""
    missing: list[str] = []
    seen: set[type] = set()

    def walk(model: type[BaseModel]) -> None:
        if model in seen:
            return
        seen.add(model)
        for name, field in model.model_fields.items():
            decl = declaration(model, name)
            if decl is None:
                missing.append(f"{model.__qualname__}.{name}")
            elif isinstance(decl, PublicMark):
                for inner in models_in(field.annotation):
                    if issubclass(inner, LogEntry):
                        raise TypeError(f"{model.__qualname__}.{name} holds log lines: declare it lines(), not public")
                    walk(inner)

    walk(cls)
    return missing


def declares_secrets(cls: type[BaseModel], besides: frozenset[str] = frozenset()) -> bool:
    """Whether ``cls`` (or a model in its public fields) hides something, fields ``besides`` apart."""
    seen: set[type] = set()

    def walk(model: type[BaseModel], skip: frozenset[str]) -> bool:
        if model in seen:
            return False
        seen.add(model)
        for name, field in model.model_fields.items():
            decl = declaration(model, name)
            if name in skip:
                continue
            if isinstance(decl, Secret):
                return True
            if isinstance(decl, PublicMark) and any(walk(m, frozenset()) for m in models_in(field.annotation)):
                return True
        return False

    return walk(cls, besides)


def item_type(annotation: Any) -> tuple[Any, bool] | None:
    """(item type, is a tuple) of a list or a homogeneous tuple; None for anything else."""
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Annotated:
        return item_type(args[0])
    if origin is list and args:
        return args[0], False
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return args[0], True
    return None


def without_none(annotation: Any) -> tuple[Any, bool]:
    """(the type, whether None is allowed too) of ``X | None``."""
    if get_origin(annotation) in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) < len(get_args(annotation)):
            return (args[0] if len(args) == 1 else Union[tuple(args)]), True  # noqa: UP007
    return annotation, False
