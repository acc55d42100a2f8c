"""Rule options: every RULES.md config key is a typed field with a default.

A game declares a frozen dataclass of options (``option(...)`` fields carry the allowed
values and a one-line doc) and a table of presets, each a mapping of overrides.  Options are
data: the play logic reads fields, it never tests the preset's name.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Demo(RuleOptions):
...     target: int = option(1000, "points to win", minimum=1)
...     mode: str = option("a", "a mode", choices=("a", "b"))
>>> build_options(Demo, {"mode": "b"}, {"target": 500})
Demo(target=500, mode='b')
>>> build_options(Demo, {}, {"mdoe": "b"})
Traceback (most recent call last):
...
trapoula.errors.ConfigError: unknown option 'mdoe'; options are: target, mode
>>> build_options(Demo, {}, {"mode": "c"})
Traceback (most recent call last):
...
trapoula.errors.ConfigError: option 'mode' must be one of 'a', 'b'; got 'c'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

from trapoula.errors import ConfigError

__all__ = ["OptionInfo", "RuleOptions", "build_options", "describe_options", "option"]


@dataclasses.dataclass(frozen=True)
class OptionInfo:
    """What a user needs to know about one option."""

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None
    minimum: int | None
    maximum: int | None


def option(
    default: Any,
    doc: str,
    *,
    choices: tuple[Any, ...] | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
) -> Any:
    """A dataclass field for a rule option (default, doc and allowed values)."""
    meta = {"doc": doc, "choices": choices, "minimum": minimum, "maximum": maximum}
    return dataclasses.field(default=default, metadata=meta)


@dataclasses.dataclass(frozen=True)
class RuleOptions:
    """Base class of every game's options (a frozen dataclass)."""

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def changed_from(self, other: RuleOptions) -> dict[str, Any]:
        """The options whose value differs from ``other`` (e.g. the preset)."""
        mine, theirs = self.to_dict(), other.to_dict()
        return {k: v for k, v in mine.items() if theirs.get(k) != v}


def describe_options(cls: type[RuleOptions]) -> list[OptionInfo]:
    """One :class:`OptionInfo` per option field, in declaration order."""
    out = []
    for f in dataclasses.fields(cls):
        meta = f.metadata
        out.append(
            OptionInfo(
                f.name,
                f.default,
                meta.get("doc", ""),
                meta.get("choices"),
                meta.get("minimum"),
                meta.get("maximum"),
            )
        )
    return out


def _check(info: OptionInfo, value: Any) -> Any:
    if info.choices is not None:
        if value not in info.choices:
            allowed = ", ".join(repr(c) for c in info.choices)
            raise ConfigError(f"option {info.name!r} must be one of {allowed}; got {value!r}")
        return value
    default = info.default
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise ConfigError(f"option {info.name!r} must be true or false; got {value!r}")
        return value
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"option {info.name!r} must be a whole number; got {value!r}")
        if info.minimum is not None and value < info.minimum:
            raise ConfigError(f"option {info.name!r} must be at least {info.minimum}; got {value}")
        if info.maximum is not None and value > info.maximum:
            raise ConfigError(f"option {info.name!r} must be at most {info.maximum}; got {value}")
        return value
    if isinstance(default, str) and not isinstance(value, str):
        raise ConfigError(f"option {info.name!r} must be text; got {value!r}")
    return value


T = TypeVar("T", bound="RuleOptions")


def build_options(
    cls: type[T], preset: Mapping[str, Any], overrides: Mapping[str, Any]
) -> T:
    """Options of ``cls``: defaults, then the preset, then the user's overrides, checked."""
    infos = {i.name: i for i in describe_options(cls)}
    values: dict[str, Any] = {}
    for source in (preset, overrides):
        for key, value in source.items():
            if key not in infos:
                raise ConfigError(f"unknown option {key!r}; options are: {', '.join(infos)}")
            values[key] = _check(infos[key], value)
    return cls(**values)
