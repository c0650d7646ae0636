"""Deferred pydantic models built at once: :func:`models_ready`.

The games' event, command and catalog models build their validators on first use (``defer_build=True``),
so a command typed at the table builds only the few it touches (start-up, issue #35). A process that plays
many games calls :func:`models_ready` once before it starts (``batch_gc`` does): the validators are then
built before the first game and frozen out of the collector with the other long-lived objects, instead of
being built in whichever game first uses each. They are the same validators either way (once built, a
deferred model validates exactly as one built at class creation).
"""

from __future__ import annotations

import sys

from pydantic import BaseModel, TypeAdapter


def _subclasses(cls: type[BaseModel]) -> list[type[BaseModel]]:
    out: list[type[BaseModel]] = []
    todo = [cls]
    while todo:
        for sub in todo.pop().__subclasses__():
            out.append(sub)
            todo.append(sub)
    return out


def models_ready(prefix: str = "domain.") -> int:
    """Build every pydantic model and module-level ``TypeAdapter`` not built yet in the modules loaded
    under ``prefix`` (a module name prefix). Returns how many were built (0 on a second call: cheap).
    Raises what pydantic raises for a model that cannot be built (a bug: the tests build them all)."""
    built = 0
    for model in _subclasses(BaseModel):
        if model.__module__.startswith(prefix) and not model.__dict__.get("__pydantic_complete__", False):
            model.model_rebuild()
            built += 1
    for name, module in list(sys.modules.items()):
        if not name.startswith(prefix) or module is None:
            continue
        for value in list(vars(module).values()):
            if isinstance(value, TypeAdapter) and not value.pydantic_complete:
                value.rebuild()
                built += 1
    return built
