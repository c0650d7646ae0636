"""``domain.kernel.plain.asdict`` (snapshots, scenarios and JSON views of Dungeon Lords' state) gives what
``dataclasses.asdict`` gives: equal, with the same key order and the same types all the way down."""

from __future__ import annotations

import dataclasses
from collections import OrderedDict, namedtuple
from typing import Any

import pytest

from domain.games.dungeon_lords.ruleset import RULESETS
from domain.kernel.plain import asdict
from domain.service.simulation import plans, run


def _shape(value: Any) -> Any:
    """The value with every container's type and every dict's key order made visible to ``==``."""
    if isinstance(value, dict):
        return (type(value), [(_shape(k), _shape(v)) for k, v in value.items()])
    if isinstance(value, list | tuple):
        return (type(value), [_shape(v) for v in value])
    return (type(value), value)


@pytest.mark.parametrize("modules", [(), RULESETS["festival"]], ids=["base", "festival-season"])
def test_the_states_of_whole_games_convert_as_dataclasses_asdict_converts_them(modules: tuple) -> None:
    for _, final in run(plans(3, seed=9, modules=modules), workers=1, as_json=True):
        assert _shape(asdict(final)) == _shape(dataclasses.asdict(final))


_Pair = namedtuple("_Pair", "a b")


class _Tags(list):  # type: ignore[type-arg]
    pass


@dataclasses.dataclass
class _Inner:
    n: int
    tags: _Tags


@dataclasses.dataclass
class _Odd:
    inner: _Inner
    pair: _Pair
    ordered: OrderedDict  # type: ignore[type-arg]
    keyed: dict[Any, Any]
    frozen: frozenset[int]
    nested: tuple[Any, ...]
    floats: list[float]
    text: str = "é"
    nothing: None = None
    _private: int = 3
    not_a_field: dataclasses.InitVar[int] = 0

    def __post_init__(self, not_a_field: int) -> None:
        self.extra = not_a_field  # an attribute that is no field


def test_odd_values_convert_as_dataclasses_asdict_converts_them() -> None:
    inner = _Inner(1, _Tags(["a", _Inner(2, _Tags())]))
    odd = _Odd(
        inner=inner,
        pair=_Pair(inner, [1, 2]),
        ordered=OrderedDict(b=inner, a=1),
        keyed={(1, 2): inner, 3: [inner], None: {"x": (inner,)}},
        frozen=frozenset({1, 2}),
        nested=((inner, [inner]), {"k": inner}),
        floats=[1.5, float("nan")],
        not_a_field=7,
    )
    mine, stdlib = asdict(odd), dataclasses.asdict(odd)
    assert repr(_shape(mine)) == repr(_shape(stdlib))  # repr: NaN is not equal to itself
    assert mine["frozen"] is not odd.frozen and mine["inner"]["tags"] is not inner.tags  # copies, as asdict makes


def test_only_dataclass_instances_convert() -> None:
    with pytest.raises(TypeError):
        asdict(_Odd)
    with pytest.raises(TypeError):
        asdict({"a": 1})
