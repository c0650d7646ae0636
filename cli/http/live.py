"""Live pages: the open streams of one server process (a page's server-sent events) told when their game
gets new events, pushed rather than looked for.

- PostgreSQL: one ``LISTEN`` connection per process (:class:`domain.service.live.Listener`) hears every
  append to the store, from any process (another server, the CLI, a simulation); a notice wakes the
  streams of that game only, and nothing is polled. While the listener is not listening (the database
  restarting) the streams look every :data:`LOOK_UNHEARD` s, and once more when it listens again.
- SQLite and memory: this process's own appends wake the streams at once
  (:meth:`~domain.service.application.GameService.on_saved`); appends of other processes (the CLI
  beside the server) are seen within :data:`LOOK_EVERY` s, the streams' only look at an idle store.

One look is one indexed query: the game's last stored event number.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any
from uuid import UUID

from domain.service.live import Listener, install_notify, is_postgres

LOOK_EVERY = 5.0  # s: SQLite/memory, for inputs stored by another process
LOOK_UNHEARD = 2.0  # s: PostgreSQL while the listener is not listening


class Live:
    """The streams of this process, by game, and what wakes them (see the module docstring)."""

    def __init__(self, service: Any) -> None:
        self.service = service
        self.waiting: dict[str, set[asyncio.Event]] = {}  # game id -> the wake-up of each open stream
        self.loop: asyncio.AbstractEventLoop | None = None
        self.listener: Listener | None = None
        self.looks = 0  # how often a stream read the store (a test counts them)
        if not is_postgres(service.recorder):
            service.on_saved(lambda ids: [self._heard(str(g)) for g in ids])

    def start(self) -> None:
        """In the server's event loop, at start-up: on PostgreSQL, create the notify trigger (if missing) and
        start listening. A trigger that cannot be created (a login that does not own the events table) is
        one warning, and the streams look every :data:`LOOK_UNHEARD` s instead."""
        self.loop = asyncio.get_running_loop()
        recorder = self.service.recorder
        if is_postgres(recorder) and self.listener is None:
            try:
                install_notify(recorder)
            except Exception as exc:  # noqa: BLE001  (whatever the server refuses: the pages still work, polling)
                self.service.warn(f"live pages will look every {LOOK_UNHEARD:g} s: {' '.join(str(exc).split())}")
                return
            self.listener = Listener(self.service.env, self._heard, self._gap)
            self.listener.start()

    def stop(self) -> None:
        """At shut-down: stop listening."""
        if self.listener is not None:
            self.listener.stop()
            self.listener.join(timeout=3)
            self.listener = None

    def _heard(self, gid: str) -> None:  # any thread: the listener's, or the one that saved
        self._call(self._wake, gid)

    def _gap(self) -> None:  # the listener's thread: notices may have been missed
        self._call(self._wake, None)

    def _call(self, fn: Any, *args: Any) -> None:
        loop = self.loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop has closed: the server is stopping
                loop.call_soon_threadsafe(fn, *args)

    def _wake(self, gid: str | None) -> None:
        groups = self.waiting.values() if gid is None else [self.waiting.get(gid, set())]
        for group in groups:
            for woken in group:
                woken.set()

    def period(self) -> float | None:
        """How long an idle stream waits before it looks at the store anyway (None: until woken)."""
        if not is_postgres(self.service.recorder):
            return LOOK_EVERY
        listener = self.listener
        return None if listener is not None and listener.listening.is_set() else LOOK_UNHEARD

    def count(self, gid: str) -> int:
        """The game's number of stored events (0 for no such game): one query for its last event."""
        self.looks += 1
        last = self.service.recorder.select_events(UUID(gid), desc=True, limit=1)
        return int(last[0].originator_version) if last else 0

    async def updates(self, gid: str) -> AsyncIterator[int]:
        """The game's number of events now, then each time it changes (an endless stream: the server ends it
        when the page goes away)."""
        self.loop = self.loop or asyncio.get_running_loop()
        woken = asyncio.Event()
        self.waiting.setdefault(gid, set()).add(woken)
        try:
            seen = -1
            while True:
                woken.clear()  # before looking: a notice that comes while we look wakes us again
                now = await asyncio.to_thread(self.count, gid)
                if now != seen:
                    seen = now
                    yield now
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(woken.wait(), self.period())
        finally:
            group = self.waiting.get(gid, set())
            group.discard(woken)
            if not group:
                self.waiting.pop(gid, None)
