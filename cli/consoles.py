"""The terminal's two consoles (rich): standard output, and standard error where an error stays one line.
Kept apart from render.py (which draws games, and imports the engine) so that `stats` starts quickly.

Each is made, and rich imported, when first used (start-up: `log` prints its lines through :func:`line`,
which needs no rich for a line rich would print as it is)."""

from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from rich.console import Console


_NONE = object()


class _OnFirstUse:
    """A rich ``Console`` made with these options when one of its attributes is first read or set."""

    def __init__(self, **options: Any) -> None:
        object.__setattr__(self, "_options", options)
        object.__setattr__(self, "_made", None)
        object.__setattr__(self, "_before", {})

    def _console(self) -> Console:
        made = self._made
        if made is None:
            from rich.console import Console

            made = Console(**self._options)
            object.__setattr__(self, "_made", made)
        return made

    def __getattr__(self, name: str) -> Any:  # (only for what this object itself does not have)
        return getattr(self._console(), name)

    def __setattr__(self, name: str, value: Any) -> None:  # (the value before is kept: deleting puts it back,
        made = self._console()  # as a test's monkeypatch undoes a set of the console's ``width`` property)
        self._before.setdefault(name, getattr(made, name, _NONE))
        setattr(made, name, value)

    def __delattr__(self, name: str) -> None:
        made, before = self._console(), self._before.pop(name, _NONE)
        if before is _NONE:
            delattr(made, name)
        else:
            setattr(made, name, before)

    def __enter__(self) -> Console:  # (a live display, a progress bar: ``with console``; looked up on the type)
        return self._console().__enter__()

    def __exit__(self, *exc: object) -> None:
        self._console().__exit__(*exc)


console = cast("Console", _OnFirstUse(highlight=False))
err_console = cast("Console", _OnFirstUse(stderr=True, highlight=False, soft_wrap=True))  # an error stays one line

#: what rich would change in a line printed without markup: an emoji code (``:name:``) or a control character
_NOT_AS_IT_IS = re.compile(r":\S*:")


def line(text: str) -> None:
    """``console.print(text, highlight=False, markup=False, soft_wrap=True)``: a line as it is, not wrapped;
    written without rich when rich would write it unchanged (printable, no ``:code:`` it could read as an emoji)."""
    if text.isprintable() and _NOT_AS_IT_IS.search(text) is None:
        out = sys.stdout
        out.write(text + "\n")
        out.flush()
    else:
        console.print(text, highlight=False, markup=False, soft_wrap=True)
