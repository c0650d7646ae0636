"""Reviewable golden playthroughs: a game played by random bots with a fixed seed, written out as text, one
input after another, as OpenSpiel's playthrough files are: what the game waits for (the decision, who, the
prompt), the legal options in words, the option chosen, the events in words, and what each seat's view
shows and what changed in it. A rule change then shows in review as a readable diff of these files
(``tests/golden/playthroughs/``), beside the digests of ``tests/golden/streams.json``.

One file per registered game and per rules module of a game (the module with the modules it requires): see
:func:`cases`. Regenerate them all after a change that is meant to change games:

    DL_REGENERATE_GOLDEN=1 pytest -n 0 tests/test_playthroughs.py

A file stops at the end of the game or at the first input after :data:`MAX_LINES` lines, whichever
comes first (it says which), so that each stays short enough to review.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from domain.games import GAMES
from domain.kernel import GamePackage

HERE = Path(__file__).parent / "golden" / "playthroughs"
MAX_LINES = 2_500  # then the file stops after the input it is at
SHOWN_OPTIONS = 12  # legal options listed per input (then how many more)
SEED = 2032
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def modules_of(game: str) -> dict[str, Any]:
    """A game's rules modules by name, as its package registers them (``GamePackage.modules``; none for a
    game without modules)."""
    from domain.kernel.registry import get

    return dict(get(game).modules)


def with_required(modules: dict[str, Any], name: str) -> list[str]:
    """``name`` and every module it requires (transitively), in registration order."""
    chosen, todo = {name}, [name]
    while todo:
        for need in modules[todo.pop()].requires:
            if need not in chosen:
                chosen.add(need)
                todo.append(need)
    return [m for m in modules if m in chosen]


def cases() -> list[tuple[str, str | None]]:
    """(game, module or None for the game itself) for every registered game and each of its modules."""
    out: list[tuple[str, str | None]] = []
    for game in sorted(GAMES):
        out.append((game, None))
        out += [(game, m) for m in modules_of(game)]
    return out


def path_of(game: str, module: str | None) -> Path:
    return HERE / (f"{game}.txt" if module is None else f"{game}--{module}.txt")


#: view fields that change with every input and say nothing to a reviewer
NOISE = ("version",)


def _flat(value: Any, prefix: str = "", depth: int = 0) -> Iterator[tuple[str, str]]:
    """A view as (path, compact JSON value) pairs: the fields of the view and of its parts, three levels
    deep (a list of parts counts its items as parts: a seat's fields), each value on one line."""
    if isinstance(value, dict) and value and depth < 3:
        for k in value:
            if not (depth == 0 and k in NOISE):
                yield from _flat(value[k], f"{prefix}.{k}" if prefix else str(k), depth + 1)
    elif isinstance(value, list) and any(isinstance(x, dict) for x in value) and depth < 4:
        for i, x in enumerate(value):
            yield from _flat(x, f"{prefix}[{i}]", depth)
    else:
        yield prefix, json.dumps(value, sort_keys=True)


def _views(game: GamePackage, state: Any, seats: list[str]) -> dict[str, dict[str, str]]:
    return {seat: dict(_flat(game.view(state, seat))) for seat in seats}


def _view_lines(before: dict[str, dict[str, str]], after: dict[str, dict[str, str]]) -> list[str]:
    """What changed in each seat's view; a change every seat sees is written once, for all."""
    seen: dict[str, list[str]] = {}
    for seat, now in after.items():
        was = before.get(seat, {})
        for path in [*now, *(p for p in was if p not in now)]:
            old, new = was.get(path, "-"), now.get(path, "-")
            if old != new:
                seen.setdefault(f"{path}: {old} -> {new}", []).append(seat)
    everyone = len(after)
    return [f"  {'all' if len(who) == everyone else ', '.join(who)} | {change}" for change, who in seen.items()]


def _events(game: GamePackage, log: list[Any], first: int) -> list[str]:
    return [f"  {e['text']}" for e in game.log_entries(log, None, first)]


def playthrough(game_name: str, module: str | None) -> str:
    """The text playthrough of ``game_name`` (with ``module`` and the modules it requires)."""
    game = GAMES[game_name]
    info = game.info
    players = info.min_players if info.min_players > 1 else 2
    options: dict[str, Any] = {"seed": SEED, "mode": "digital", "variant": info.variants[-1]}
    modules = with_required(modules_of(game_name), module) if module else []
    if modules:
        options["modules"] = modules
    log, state = game.new_game(NAMES[:players], bots=["random"] * players, **options)
    seats = game.seats(state)
    title = f"{info.title}" + (f", module {module} (modules {', '.join(modules)})" if module else "")
    out = [
        f"# {title}: {players} players ({', '.join(seats)}), variant {options['variant']}, digital, seed {SEED}, "
        "random bots",
        "== set-up ==",
        *_events(game, log, 1),
        "views at the start (each seat's; 'all': every seat sees the same; '-': not in the view; events are "
        "the recorder's):",
    ]
    views = _views(game, state, seats)
    out += _view_lines({}, views)
    bot, rng = game.bots["random"], random.Random(SEED)
    n = 0
    while True:
        p = game.engine.pending(state)
        if not p.actors:
            out.append(f"== the end: {p.prompt} ==")
            break
        if len(out) >= MAX_LINES:
            out.append(f"== stopped after {n} inputs ({MAX_LINES} lines): the game goes on ==")
            break
        n += 1
        actor = next(a for a in p.actors if p.options(a))
        legal = p.options(actor)
        command = bot(state, p, actor, rng)
        out.append(f"--- input {n}: {p.kind} ({p.rule}) · waiting for {', '.join(p.actors)} ---")
        out.append(f"prompt: {p.prompt}")
        out.append(f"options of {actor} ({len(legal)}):")
        out += [f"  {k}. {game.describe_command(o)}" for k, o in enumerate(legal[:SHOWN_OPTIONS], 1)]
        if len(legal) > SHOWN_OPTIONS:
            out.append(f"  ... and {len(legal) - SHOWN_OPTIONS} more")
        out.append(f"chosen: {actor}: {game.describe_command(command)}")
        first = len(log) + 1
        events, state = game.engine.execute(state, command)
        log += events
        out.append("events:")
        out += _events(game, log, first)
        now = _views(game, state, seats)
        changed = _view_lines(views, now)
        if changed:
            out.append("views:")
            out += changed
        views = now
    return "\n".join(out) + "\n"
