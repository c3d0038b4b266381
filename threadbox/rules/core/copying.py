"""Cheap copies of pydantic models: copy what can change, share what cannot.

``model_copy(deep=True)`` walks every object through ``copy.deepcopy`` with a
memo dict; it was 90% of a bot game's time. Here each model class gets a copy
function, written once from its field annotations: lists, dicts and sets are
copied (their items too where the items are mutable), models that are not
frozen are copied the same way, and everything immutable (numbers, strings,
tuples of those, frozen models) is shared. A new field is covered without any
code: its annotation says how to copy it. Unknown types fall back to
``copy.deepcopy``.

Frozen models are values: the rules never change anything inside one.
"""

from __future__ import annotations

import copy
import types
from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar, Union, cast, get_args, get_origin

from pydantic import BaseModel

from .rng import Rng

_IMMUTABLE = (int, float, str, bool, bytes, type(None), frozenset)
# A model's four slots, set through their descriptors: faster than object.__setattr__ by name.
_SLOTS = BaseModel.__dict__
_set_dict = _SLOTS["__dict__"].__set__
_set_fields_set = _SLOTS["__pydantic_fields_set__"].__set__
_set_extra = _SLOTS["__pydantic_extra__"].__set__
_set_private = _SLOTS["__pydantic_private__"].__set__
_new = object.__new__
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
        return f"_deepcopy({var})" if origin is not list else f"[{item_copy} for {item} in {var}]"
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
        "    _set_fields_set(new, model.__pydantic_fields_set__.copy())",
        f"    _set_extra(new, {extra})",
        f"    _set_private(new, {private})",
        "    return new",
    ]
    scope: dict[str, Any] = {  # the namespace the generated source runs in
        "_cls": cls,
        "_new": _new,
        "_set_dict": _set_dict,
        "_set_fields_set": _set_fields_set,
        "_set_extra": _set_extra,
        "_set_private": _set_private,
        "_clone": clone_model,
        "_deepcopy": copy.deepcopy,
        "_copy_or_none": lambda d: None if d is None else dict(d),
    }
    exec(compile("\n".join(lines), f"<clone of {cls.__qualname__}>", "exec"), scope)
    clone: Callable[[Any], Any] = scope["clone"]
    return clone


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


_RNG_FIELDS = {"state"}  # shared by every view's RNG: nothing changes it in place


def zero_rng() -> Rng:
    """``Rng(state=0)``: a view's RNG, which predicts nothing."""
    return fast_new(Rng, {"state": 0}, _RNG_FIELDS)
