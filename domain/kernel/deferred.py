"""What a game package hands the kernel without importing it yet (start-up, issue #35): a command that reads a
game imports only the modules it uses (the strategies, the audit, the record format and an expansion's modules
load on first use).

    deferred("pkg.audit", "audit")      a function that imports ``pkg.audit`` on its first call and calls ``audit``
    DeferredMapping(load)               a read-only mapping: ``load()`` (once, on the first read) gives its items
    LoadOnRead(loader=None)             a dict filled by registrations; ``loader`` runs once before the first read

Each behaves as the object it stands for once loaded (same results, same errors); the import's own errors
(ImportError) surface at that first use.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, ItemsView, Iterator, KeysView, Mapping, ValuesView
from typing import Any, TypeVar

K = TypeVar("K")
V = TypeVar("V")


def deferred(module: str, attribute: str) -> Callable[..., Any]:
    """A function that, called, imports ``module`` (a dotted path) and calls its ``attribute`` with the same
    arguments, returning what it returns (later calls go straight to it)."""
    target: list[Callable[..., Any]] = []

    def call(*args: Any, **kwargs: Any) -> Any:
        if not target:
            target.append(getattr(importlib.import_module(module), attribute))
        return target[0](*args, **kwargs)

    call.__name__ = call.__qualname__ = attribute
    call.__doc__ = f"``{module}.{attribute}``, imported on the first call."
    return call


class DeferredMapping(Mapping[K, V]):
    """A read-only mapping whose items ``load()`` gives on the first read (``len``, iteration, a lookup)."""

    def __init__(self, load: Callable[[], Mapping[K, V]]) -> None:
        self._load: Callable[[], Mapping[K, V]] | None = load
        self._items: Mapping[K, V] = {}

    def _loaded(self) -> Mapping[K, V]:
        if self._load is not None:
            load, self._load = self._load, None
            self._items = load()
        return self._items

    def __getitem__(self, key: K) -> V:
        return self._loaded()[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._loaded())

    def __len__(self) -> int:
        return len(self._loaded())

    def __contains__(self, key: object) -> bool:
        return key in self._loaded()


class LoadOnRead(dict[K, V]):
    """A registry dict (registrations write it as any dict) whose ``loader`` (``set_loader``) runs once, before
    the first read: ``[]``, ``get``, ``in``, ``len``, iteration, ``keys``/``values``/``items``. Writes while
    the loader runs do not start it again."""

    _loader: Callable[[], object] | None = None

    def set_loader(self, loader: Callable[[], object]) -> None:
        """Run ``loader`` before the next read (it registers more entries)."""
        self._loader = loader

    def _load(self) -> None:
        loader = self._loader
        if loader is not None:
            self._loader = None
            loader()

    def __getitem__(self, key: K) -> V:
        self._load()
        return dict.__getitem__(self, key)

    def get(self, key: K, default: Any = None) -> Any:
        self._load()
        return dict.get(self, key, default)

    def __contains__(self, key: object) -> bool:
        self._load()
        return dict.__contains__(self, key)

    def __iter__(self) -> Iterator[K]:
        self._load()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._load()
        return dict.__len__(self)

    def keys(self) -> KeysView[K]:  # type: ignore[override]
        self._load()
        return dict.keys(self)

    def values(self) -> ValuesView[V]:  # type: ignore[override]
        self._load()
        return dict.values(self)

    def items(self) -> ItemsView[K, V]:  # type: ignore[override]
        self._load()
        return dict.items(self)

    def __repr__(self) -> str:
        self._load()
        return dict.__repr__(self)

    def __eq__(self, other: object) -> bool:
        self._load()
        return dict.__eq__(self, other)

    __hash__ = None

    def __bool__(self) -> bool:
        return len(self) > 0
