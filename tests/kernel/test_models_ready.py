"""``models_ready``: a process about to play many games builds every deferred model of the games at once
(``batch_gc`` and ``simulate``'s workers call it), so that no game builds one."""

from __future__ import annotations

import sys

from pydantic import BaseModel, TypeAdapter

import domain.games  # noqa: F401  (the shipped games registered)
import domain.games.dungeon_lords.catalog.models  # noqa: F401  (the games' models defined: events are structs,
import domain.games.dungeon_lords.commands  # noqa: F401  not models, so loading a game defines no model itself)
import domain.games.dungeon_lords.state  # noqa: F401
import domain.games.monster_inn.catalog  # noqa: F401
import domain.games.monster_inn.commands  # noqa: F401
import domain.games.monster_inn.state  # noqa: F401
from domain.kernel import batch_gc, models_ready


def _models() -> list[type]:
    out, todo = [], [BaseModel]
    while todo:
        for sub in todo.pop().__subclasses__():
            out.append(sub)
            todo.append(sub)
    return [m for m in out if m.__module__.startswith("domain.")]


def _adapters() -> list[TypeAdapter]:
    return [
        v
        for name, module in list(sys.modules.items())
        if name.startswith("domain.") and module is not None
        for v in vars(module).values()
        if isinstance(v, TypeAdapter)
    ]


def test_every_model_and_adapter_of_the_games_is_built() -> None:
    models_ready()
    models = _models()
    assert len(models) > 75  # the commands, states and catalogs of both games (events are structs, not models)
    assert [m.__name__ for m in models if not m.__dict__.get("__pydantic_complete__")] == []
    assert len(_adapters()) >= 2 and all(a.pydantic_complete for a in _adapters())
    assert models_ready() == 0  # a second call builds nothing


def test_a_batch_starts_with_the_models_built() -> None:
    with batch_gc():
        assert models_ready() == 0
