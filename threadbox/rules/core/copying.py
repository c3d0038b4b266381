"""Cheap copies of pydantic models: copy what can change, share what cannot.

``model_copy(deep=True)`` walks every object through ``copy.deepcopy`` with a
memo dict; it was 90% of a bot game's time. Here each model class gets a copy
plan, made once from its field annotations: lists, dicts and sets are copied
(their items too where the items are mutable), models that are not frozen
are copied the same way, and everything immutable (numbers, strings, tuples
of those, frozen models) is shared. A new field is covered without any code:
its annotation says how to copy it.

Frozen models are values: the rules never change anything inside one.
"""

from __future__ import annotations

import copy
import types
from collections.abc import Callable
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel

Copier = Callable[[Any], Any]

_IMMUTABLE = (int, float, str, bool, bytes, type(None), frozenset)
_set = object.__setattr__
_PLANS: dict[type, tuple[tuple[str, Copier], ...]] = {}


def is_frozen_model(kind: Any) -> bool:
    return isinstance(kind, type) and issubclass(kind, BaseModel) and bool(kind.model_config.get("frozen"))


def copier_for(annotation: Any) -> Copier | None:
    """How to copy a value of this type so the copy shares nothing mutable; None: share it."""
    origin = get_origin(annotation)
    args = get_args(annotation)
    if origin is Annotated:
        return copier_for(args[0])
    if origin is Literal or annotation in _IMMUTABLE:
        return None
    if origin in (Union, types.UnionType):
        return _union_copier(args)
    if origin is tuple:
        items = [a for a in args if a is not Ellipsis]
        return None if all(copier_for(a) is None for a in items) else copy.deepcopy
    if origin in (list, set, dict):
        return _container_copier(origin, args)
    if annotation in (list, set, dict):
        return copy.deepcopy
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return None if is_frozen_model(annotation) else clone_model
    if isinstance(annotation, type) and issubclass(annotation, _IMMUTABLE):
        return None  # enums of str/int, bool ...
    return copy.deepcopy  # unknown: be safe


def _union_copier(args: tuple[Any, ...]) -> Copier | None:
    copiers = {copier_for(a) for a in args if a is not type(None)}
    copiers.discard(None)
    if not copiers:
        return None
    if len(copiers) > 1:
        return copy.deepcopy
    inner = copiers.pop()
    return lambda value: None if value is None else inner(value)


def _container_copier(origin: type, args: tuple[Any, ...]) -> Copier:
    if origin is dict:
        value_copier = copier_for(args[1]) if len(args) == 2 else copy.deepcopy
        if value_copier is None:
            return dict
        return lambda d: {k: value_copier(v) for k, v in d.items()}
    item_copier = copier_for(args[0]) if args else copy.deepcopy
    if item_copier is None:
        return origin
    if origin is set:
        return copy.deepcopy  # sets of mutable things cannot exist
    return lambda items: [item_copier(x) for x in items]


def _plan(cls: type[BaseModel]) -> tuple[tuple[str, Copier], ...]:
    plan = tuple(
        (name, copier)
        for name, field in cls.model_fields.items()
        if (copier := copier_for(field.annotation)) is not None
    )
    _PLANS[cls] = plan
    return plan


def clone_model(model: Any) -> Any:
    """A copy of ``model`` sharing nothing mutable with it, without validation."""
    cls = type(model)
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _plan(cls)
    data = model.__dict__.copy()
    for name, copier in plan:
        data[name] = copier(data[name])
    new = cls.__new__(cls)
    _set(new, "__dict__", data)
    _set(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    _set(new, "__pydantic_extra__", None if model.__pydantic_extra__ is None else dict(model.__pydantic_extra__))
    private = model.__pydantic_private__
    _set(new, "__pydantic_private__", None if private is None else copy.deepcopy(private))
    return new
