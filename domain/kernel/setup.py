"""What every game checks before it starts: the player count, names, variant, mode, seed and bots; and
what every game checks of a position set up by hand (numbers, field paths)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import TypeAdapter, ValidationError

from .errors import RuleViolation
from .game import GameInfo
from .text import CONTROL

MODES = ("digital", "tabletop")  # the engine draws, or a person records each draw
SEED_LIMIT = 2**63  # seeds are 0 <= seed < 2^63: they must fit the read models' BIGINT
NAME_LIMIT = 60


def setup_problem(
    info: GameInfo, names: Sequence[Any], variant: str, mode: str, seed: Any, bots: Sequence[str] | None
) -> str | None:
    """Why a game of ``info`` cannot start so (one line), or None."""
    if not info.min_players <= len(names) <= info.max_players:
        return f"{info.title} is for {info.min_players} to {info.max_players} players, not {len(names)}"
    if variant not in info.variants or mode not in MODES:
        return f"variant must be one of {info.variants} and mode one of {MODES}"
    if any(not isinstance(n, str) or not n.strip() or len(n) > NAME_LIMIT for n in names):
        return f"every player needs a name of 1 to {NAME_LIMIT} characters"
    if any(CONTROL.search(n) for n in names):  # a name is printed everywhere: no escape codes, one line
        return "a player's name is one line of plain text (no control characters)"
    if seed is not None and not (isinstance(seed, int) and 0 <= seed < SEED_LIMIT):
        return f"a seed is a whole number from 0 to 2^63 - 1, not {seed}"
    if bots is not None and len(bots) != len(names):
        return "name one bot per seat"
    return None


def parse_with(
    adapter: TypeAdapter[Any], data: dict[str, Any] | str, refuse: Callable[..., RuleViolation], example: str
) -> Any:
    """A command from JSON text or a dict, validated by ``adapter`` (a game's union of commands).

    Validation is strict, as JSON is read: a number field takes a whole number only (not ``true``, ``1.0``
    or ``"1"``), a text field text only, and unknown fields are refused. A dict is read as the JSON it
    would be written as, so a client gets the same answer whichever form it sends. Commands the engine
    and the bots build themselves never come here (the hot path keeps pydantic's lax, cheaper checks).

    Raises:
        RuleViolation: COMMAND_MALFORMED (rule ``input.schema``) naming the field and the reason.
    """
    try:
        if isinstance(data, str):
            parsed = json.loads(data)
        else:
            parsed = data
            data = json.dumps(data, allow_nan=False)
        if not isinstance(parsed, dict):
            raise ValueError("it is JSON but not an object")
    except (ValueError, TypeError) as exc:
        why = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
        raise refuse(
            "COMMAND_MALFORMED",
            "a command is one JSON object with its type and the acting player, "
            "e.g. {example} (`options --json` lists the legal ones); not JSON here: {why}",
            "input.schema",
            example=example,
            why=why,
        ) from None
    try:
        return adapter.validate_json(data, strict=True)
    except ValidationError as exc:
        reasons = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'command'}: {err['msg']}" for err in exc.errors()
        )
        raise refuse(
            "COMMAND_MALFORMED", "the command is not valid: {reasons}", "input.schema", reasons=reasons
        ) from None


def field_path(loc: Sequence[int | str], skip: frozenset[str] = frozenset()) -> str:
    """A location (pydantic's ``loc``, or keys and indexes) as a field path: ``("players", 1, "gold")`` ->
    ``players[1].gold``; the names in ``skip`` (the members of a union, say) are left out."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part not in skip:
            out += f".{part}" if out else str(part)
    return out or "the position"


def odd_number(data: Any, here: tuple[int | str, ...] = ()) -> tuple[tuple[int | str, ...], Any] | None:
    """The first number in ``data`` (JSON-native: dicts, lists, scalars) that a game state never holds, with
    its location: a float (2.5, NaN, Infinity: states count whole things) or an int beyond 64 bits."""
    if isinstance(data, float) or (isinstance(data, int) and not isinstance(data, bool) and abs(data) >= SEED_LIMIT):
        return here, data
    items: Any = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for k, v in items:
        found = odd_number(v, (*here, k))
        if found is not None:
            return found
    return None


def odd_number_problem(data: Any) -> str | None:
    """:func:`odd_number` as one line naming the field (``players[1].gold: nan is not ...``), or None."""
    found = odd_number(data)
    if found is None:
        return None
    return f"{field_path(found[0])}: {found[1]!r} is not a whole number of at most 64 bits"
