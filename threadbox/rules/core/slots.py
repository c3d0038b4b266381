"""A pydantic model's four slots, set through their descriptors: the one place the rules reach
inside pydantic to make a model without validation (faster than ``object.__setattr__`` by name).
``copying`` and ``log`` build values with these; nothing outside ``rules/core`` uses them."""

from __future__ import annotations

from pydantic import BaseModel

_SLOTS = BaseModel.__dict__
_set_dict = _SLOTS["__dict__"].__set__
_set_fields_set = _SLOTS["__pydantic_fields_set__"].__set__
_set_extra = _SLOTS["__pydantic_extra__"].__set__
_set_private = _SLOTS["__pydantic_private__"].__set__
_new = object.__new__
