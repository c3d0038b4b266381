"""Cheap copies and views of pydantic models: copy what can change, share what cannot.

``model_copy(deep=True)`` walks every object through ``copy.deepcopy`` with a
memo dict; it was 90% of a bot game's time. Here each model class gets a copy
function, written once from its field annotations: lists, dicts and sets are
copied (their items too where the items are mutable), models that are not
frozen are copied the same way, and everything immutable (numbers, strings,
tuples of those, frozen models) is shared. A new field is covered without any
code: its annotation says how to copy it. Unknown types fall back to
``copy.deepcopy``.

A game state's view is written the same way, once per class, from the
declarations beside its fields (``secrets.py``): a hidden entry is never
copied, only its placeholder made. This module is the one place that writes
code, and, with ``fast_new`` and ``replace``, the one that sets a model's
internal slots: the rules call those.

Frozen models are values: the rules never change anything inside one.
"""

from __future__ import annotations

import copy
import linecache
import types
from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar, Union, cast, get_args, get_origin

from pydantic import BaseModel

from .rng import Rng
from .secrets import (
    Blank,
    Lines,
    Placeholder,
    PublicMark,
    Secret,
    Sorted,
    Viewer,
    declaration,
    declares_secrets,
    item_type,
    models_in,
    undeclared,
    without_none,
)
from .slots import _new, _set_dict, _set_extra, _set_fields_set, _set_private

_IMMUTABLE = (int, float, str, bool, bytes, type(None), frozenset)
_COPIERS: dict[tuple[type, tuple[str, ...]], Callable[[Any], Any]] = {}
_PLAIN_COPIERS: dict[type, Callable[[Any], Any]] = {}
_Model = TypeVar("_Model", bound=BaseModel)


def is_frozen_model(kind: Any) -> bool:
    return isinstance(kind, type) and issubclass(kind, BaseModel) and bool(kind.model_config.get("frozen"))


def is_immutable(annotation: Any) -> bool:
    """Whether values of this type can be shared between copies."""
    return _expression(annotation, "x", 0) is None


def _expression(annotation: Any, var: str, depth: int) -> str | None:
    """Python source copying ``var`` (of this type) so that nothing mutable is shared; None: share it."""
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Annotated:
        return _expression(args[0], var, depth)
    if origin is Literal or annotation in _IMMUTABLE:
        return None
    if origin in (Union, types.UnionType):
        exprs = {_expression(a, var, depth) for a in args if a is not type(None)}
        if exprs == {None}:
            return None
        if len(exprs) > 1:
            return f"_deepcopy({var})"
        return f"(None if {var} is None else {exprs.pop()})"
    if origin is tuple:
        items = [a for a in args if a is not Ellipsis]
        return None if all(_expression(a, "x", 0) is None for a in items) else f"_deepcopy({var})"
    if origin in (list, set, frozenset) and args:
        item = f"_i{depth}"
        item_copy = _expression(args[0], item, depth + 1)
        if item_copy is None:
            return None if origin is frozenset else f"{var}.copy()"
        if origin is not list:
            return f"_deepcopy({var})"
        inner = get_origin(args[0])
        if item_copy == f"{item}.copy()" and inner in (list, dict, set):
            return f"list(map({inner.__name__}.copy, {var}))"  # a list of lists: faster than a comprehension
        return f"[{item_copy} for {item} in {var}]"
    if origin is dict and len(args) == 2:
        value = f"_v{depth}"
        value_copy = _expression(args[1], value, depth + 1)
        if value_copy is None:
            return f"{var}.copy()"
        return f"{{_k{depth}: {value_copy} for _k{depth}, {value} in {var}.items()}}"
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return None if is_frozen_model(annotation) else f"_clone({var})"
    if isinstance(annotation, type) and issubclass(annotation, _IMMUTABLE):
        return None  # enums over str or int
    return f"_deepcopy({var})"  # unknown: be safe


def _compile(cls: type[BaseModel], skip: tuple[str, ...]) -> Callable[[Any], Any]:
    lines = [
        "def clone(model):",
        "    old = model.__dict__",
        "    data = old.copy()",
        *_drop_beside(cls),
    ]
    for name, field in cls.model_fields.items():
        expr = _expression(field.annotation, f"old[{name!r}]", 0)
        if expr is not None and name not in skip:
            lines.append(f"    data[{name!r}] = {expr}")
    extra = "None" if cls.model_config.get("extra") != "allow" else "_copy_or_none(model.__pydantic_extra__)"
    private = "None" if not cls.__private_attributes__ else "_deepcopy(model.__pydantic_private__)"
    lines += [
        "    new = _new(_cls)",
        "    _set_dict(new, data)",
        f"    _set_fields_set(new, {_fields_set(cls)})",
        f"    _set_extra(new, {extra})",
        f"    _set_private(new, {private})",
        "    return new",
    ]
    scope: dict[str, Any] = {  # the namespace the generated source runs in
        **_SCOPE,
        "_cls": cls,
    }
    return _run(lines, scope, f"<clone of {cls.__qualname__}>", "clone")


def _run(lines: list[str], scope: dict[str, Any], where: str, name: str) -> Callable[..., Any]:
    """Compile the function ``name`` written in ``lines`` (the one ``exec`` of the rules);
    its source is kept where tracebacks and ``inspect.getsource`` find it."""
    text = "\n".join(lines) + "\n"
    linecache.cache[where] = (len(text), None, text.splitlines(True), where)
    exec(compile(text, where, "exec"), scope)
    made: Callable[..., Any] = scope[name]
    return made


def _fields_set(cls: type[BaseModel]) -> str:
    """Source of a copy's set of fields set: shared where the class sets its fields as plain
    attributes (so nothing ever changes that set in place), else copied, as pydantic does."""
    return "model.__pydantic_fields_set__" + (".copy()" if cls.__setattr__ is BaseModel.__setattr__ else "")


def _drop_beside(cls: type[BaseModel]) -> list[str]:
    """Source dropping what a state keeps in its ``__dict__`` beside the fields (a cache):
    those keys come after the fields, so a copy pops them from the end."""
    return [f"    while len(data) > {len(cls.model_fields)}:", "        data.popitem()"]


_SCOPE: dict[str, Any] = {  # what every generated function may call
    "_new": _new,
    "_set_dict": _set_dict,
    "_set_fields_set": _set_fields_set,
    "_set_extra": _set_extra,
    "_set_private": _set_private,
    "_deepcopy": copy.deepcopy,
    "_copy_or_none": lambda d: None if d is None else dict(d),
}


def clone_model(model: _Model, skip: tuple[str, ...] = ()) -> _Model:
    """A copy of ``model`` sharing nothing mutable with it, without validation.

    ``skip``: fields left shared because the caller replaces them at once."""
    cls = type(model)
    if not skip:  # the common case, also every nested model: one lookup by class
        copier = _PLAIN_COPIERS.get(cls)
        if copier is None:
            copier = _PLAIN_COPIERS[cls] = _compile(cls, ())
        return cast(_Model, copier(model))
    key = (cls, skip)
    copier = _COPIERS.get(key)
    if copier is None:
        copier = _COPIERS[key] = _compile(cls, skip)
    return cast(_Model, copier(model))  # the compiled copier builds an instance of type(model)


def fast_new(cls: type[_Model], data: dict[str, Any], fields_set: set[str] | None = None) -> _Model:
    """A model of ``cls`` holding ``data`` as it is: no validation, no defaults filled in.

    For trusted values the rules make at every action (``data`` must name every field).
    ``fields_set``: pydantic's set of fields given, when not all of them; a set passed
    here is kept, not copied (share it only if nothing changes it in place)."""
    new = _new(cls)
    _set_dict(new, data)
    _set_fields_set(new, set(data) if fields_set is None else fields_set)
    _set_extra(new, None)
    _set_private(new, None)
    return new


def replace(model: _Model, **changes: Any) -> _Model:
    """A copy of ``model`` with these fields changed (``model_copy(update=...)`` without its
    cost): for frozen values the rules make anew at an action. Nothing is validated."""
    data = model.__dict__.copy()
    data.update(changes)
    return fast_new(type(model), data, model.__pydantic_fields_set__ | changes.keys())


_RNG_FIELDS = {"state"}  # shared by every view's RNG: nothing changes it in place


def zero_rng() -> Rng:
    """``Rng(state=0)``: a view's RNG, which predicts nothing."""
    return fast_new(Rng, {"state": 0}, _RNG_FIELDS)


_SCOPE["_clone"] = clone_model

# ---- views ------------------------------------------------------------------------
_VIEWERS: dict[type, Callable[[Any, int, int, Any], Any]] = {}
_SEEN: dict[int, tuple[Any, Any]] = {}  # seat -> (the last log asked for, as it shows it)


def view_model(model: _Model, seat: int, owner: int = -1, state: Any = None) -> _Model:
    """``model`` as ``seat`` (-1: a spectator) may see it, by the declarations beside its fields;
    ``owner``: the seat the model belongs to (from where it sits), ``state``: the game state
    whose methods say what is revealed (``model`` itself when None)."""
    cls = type(model)
    viewer = _VIEWERS.get(cls)
    if viewer is None:
        viewer = _VIEWERS[cls] = _compile_view(cls)
    return cast(_Model, viewer(model, seat, owner, model if state is None else state))


def seen_lines(log: Any, seat: int) -> Any:
    """A log (a tuple or list of ``LogEntry``) as ``seat`` (-1: a spectator) may hold it: other
    seats' private lines left out. Every copy of a game shares its setup log, so the last
    answer per seat is kept (one cell, read and set whole, so threads cannot mix two games)."""
    if type(log) is tuple:
        last = _SEEN.get(seat)
        if last is not None and last[0] is log:
            return last[1]
    who = None if seat < 0 else seat
    entries = [entry.seen_by(who) for entry in log]
    if type(log) is not tuple:
        return entries
    shown = log if all(a is b for a, b in zip(entries, log)) else tuple(entries)
    _SEEN[seat] = (log, shown)
    return shown


class _Writer:
    """The source of one class's view function, and the constants it names."""

    def __init__(self, cls: type[BaseModel]) -> None:
        self.cls = cls
        self.scope: dict[str, Any] = {**_SCOPE, "_cls": cls, "_seen": seen_lines, "_view": view_model}
        self.revealed: dict[str, str] = {}  # state method -> the local holding its answer

    def const(self, value: Any) -> str:
        name = f"_c{len(self.scope)}"
        self.scope[name] = value
        return name

    def field(self, name: str, annotation: Any) -> str | None:
        """The source of this field's value in a view; None: shared as it is."""
        decl = declaration(self.cls, name)
        var = f"old[{name!r}]"
        if isinstance(decl, PublicMark):
            return self.public(annotation, var, 0, "owner", decl.by_seat)
        if isinstance(decl, Lines):
            return f"_seen({var}, seat)"
        if isinstance(decl, Viewer):
            return "seat"
        if isinstance(decl, Secret):
            where = f"{self.cls.__qualname__}.{name}"
            hidden = self.hidden(annotation, var, decl.path, decl, 0, where)
            if decl.revealed is None:
                return hidden
            flag = self.revealed.setdefault(decl.revealed, f"_r{len(self.revealed)}")
            whole = _expression(annotation, var, 0) or var
            return f"({whole} if {flag} else {hidden})"
        raise TypeError(f"{self.cls.__qualname__}.{name} says neither public nor secret (see core/secrets.py)")

    def public(self, annotation: Any, var: str, depth: int, owner: str, by_seat: bool) -> str | None:
        """A public value: copied as a clone copies it, but a model in it with secrets of its
        own is seen through its own view (its owner: its index where ``by_seat``)."""
        if not any(declares_secrets(m) for m in models_in(annotation)):
            return _expression(annotation, var, depth)
        kind, optional = without_none(annotation)
        items = item_type(kind)
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            expr = f"_view({var}, seat, {owner}, state)"
        elif items is not None:
            item, k = f"_i{depth}", f"_k{depth}"
            inner = self.public(items[0], item, depth + 1, k if by_seat else owner, False) or item
            expr = f"[{inner} for {k}, {item} in enumerate({var})]"
            expr = f"tuple({expr})" if items[1] else expr
        else:
            raise TypeError(f"{self.cls.__qualname__}: secrets inside a {kind} are not supported")
        return f"(None if {var} is None else {expr})" if optional else expr

    def hidden(self, annotation: Any, var: str, path: tuple[str, ...], decl: Secret, depth: int, where: str) -> str:
        """A secret value: the entries ``path`` reaches shown as ``decl.shown`` says, but the viewer's own."""
        if not path:
            shown = self.shown(annotation, var, decl, where)
            if not decl.owner:
                return shown
            seen = _expression(annotation, var, depth) or var
            return f"({seen} if owner == seat >= 0 else {shown})"  # a model of no seat: nobody's
        items = item_type(annotation)
        if items is None:
            raise TypeError(f"{where}: its declaration steps into a {annotation}, which is no list or tuple")
        item, k = f"_i{depth}", f"_k{depth}"
        inner = self.hidden(items[0], item, path[1:], decl, depth + 1, where)
        if path[0] == "seat":
            seen = _expression(items[0], item, depth + 1) or item
            expr = f"[({seen} if {k} == seat else {inner}) for {k}, {item} in enumerate({var})]"
        else:
            expr = f"[{inner} for {item} in {var}]"
        return f"tuple({expr})" if items[1] else expr

    def shown(self, annotation: Any, var: str, decl: Secret, where: str) -> str:
        """How one hidden entry is shown."""
        how = decl.shown
        kind, optional = without_none(annotation)
        items = item_type(kind)
        if isinstance(how, Blank):
            return self.const(how.value) if how.factory is None else f"{self.const(how.factory)}()"
        if isinstance(how, Sorted):
            if items is None:
                raise TypeError(f"{where}: only a list or tuple can be shown sorted")
            return f"tuple(sorted({var}))" if items[1] else f"sorted({var})"
        if isinstance(how, Placeholder):
            mark = self.const(how.value)
            if items is None:
                return f"(None if {var} is None else {mark})" if optional else mark
            return f"({mark},) * len({var})" if items[1] else f"[{mark}] * len({var})"
        raise TypeError(f"{where}: {how!r} is no way of showing a secret")


def _compile_view(cls: type[BaseModel]) -> Callable[[Any, int, int, Any], Any]:
    """``view(model, seat, owner, state)`` for ``cls``, from its declarations (``secrets.py``)."""
    missing = undeclared(cls)
    if missing:
        raise TypeError(f"say whether these are public or secret (core/secrets.py): {', '.join(missing)}")
    writer = _Writer(cls)
    body = [
        f"    data[{name!r}] = {expr}"
        for name, field in cls.model_fields.items()
        if (expr := writer.field(name, field.annotation)) is not None
    ]
    private = "None" if not cls.__private_attributes__ else "_deepcopy(model.__pydantic_private__)"
    lines = [
        "def view(model, seat, owner, state):",
        "    old = model.__dict__",
        "    data = old.copy()",
        *_drop_beside(cls),
        *(f"    {flag} = state.{method}()" for method, flag in writer.revealed.items()),
        *body,
        "    new = _new(_cls)",
        "    _set_dict(new, data)",
        f"    _set_fields_set(new, {_fields_set(cls)})",
        "    _set_extra(new, None)",
        f"    _set_private(new, {private})",
        "    return new",
    ]
    return _run(lines, writer.scope, f"<view of {cls.__qualname__}>", "view")
