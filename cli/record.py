"""``dungeon-lords record GAME``: the interactive loop for recording a game at a real table.

It shows whose input is needed and the legal choices (numbered, one line each), takes the answer,
shows what followed, and goes on. Every accepted input is stored (one append) before the next
prompt, so the loop can be left (``quit``) and resumed at any time with the same command.
At a chance node (tabletop games) the person types what came up: printed names, ids or unambiguous
prefixes, separated by spaces or commas (``troll ghost witch``), among the ones that remain (listed).
Any registered game: the loop asks its package (and its ``cli/games/<game>`` module, if any).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.kernel import RuleViolation
from domain.service.names import draw_command

from . import games
from .refusal_i18n import translate_refusal
from .render import console

HELP = (
    "answer with a number, 'a N' to act as another of the players choosing at once, a JSON command, "
    "'undo' (take back the latest input), 'status', 'log', 'help' or 'quit'"
)


def _words(application, package) -> tuple[Callable[[Any], str], Callable[[Any], str], Callable[[Any], None]]:
    """How a game's commands and events read, and its status picture (:mod:`cli.games`)."""
    return package.describe_command, games.describe_event(package), lambda state: games.status(package, state, None)


def _possible(package, state, pool: list[str]) -> str:
    """What can still come up, by kind: ``ghost_y1 (Ghost) x2, goblin_y1 (Goblin)...``."""
    from collections import Counter

    from domain.kernel.text import natural_key
    from domain.service.names import base

    kinds = Counter(base(c) for c in pool)
    out = []
    for kind in sorted(kinds, key=natural_key):  # m2 before m10
        name = package.component_name(state, kind)
        out.append(
            kind + (f" ({name})" if name not in (kind, "") else "") + (f" x{kinds[kind]}" if kinds[kind] > 1 else "")
        )
    return ", ".join(out)


def record_loop(application, game_id, ask: Callable[[str], str | None]) -> int:
    """Run the loop until the game ends or the person quits; returns the number of inputs stored.
    ``ask(prompt)`` returns the next line typed, or None at the end of input."""
    package = application.game_of(game_id)
    parse_command = package.parse_command
    describe_command, describe_event, show_status = _words(application, package)
    stored = 0
    actor_index = 0
    while True:
        p = application.pending(game_id)
        if not p.actors:
            console.print(f"[bold]{p.prompt}[/]")
            return stored
        console.print(f"\n[bold]Waiting for:[/] {p.prompt}")
        if p.is_chance:
            spec = p.chance
            console.print(f"  draw {spec.count} of: {_possible(package, application.state(game_id), spec.pool)}")
            options = []
        else:
            actor = p.actors[min(actor_index, len(p.actors) - 1)]
            options = p.options(actor)
            if len(p.actors) > 1:
                console.print(f"  (choosing at once: {', '.join(p.actors)}; now {actor}; 'a N' switches)")
            if not games.record_hint(package, p, actor, options):  # the game's own prompt, or the options listed
                now, effect = application.state(game_id), package.option_effect  # what each choice costs
                for i, o in enumerate(options, 1):
                    cost = effect(now, p, o) if effect else ""
                    console.print(f"  {i:3d}. {describe_command(o)}" + (f"  ({cost})" if cost else ""))
        line = ask("> ")
        if line is None or line.strip() in ("quit", "q", "exit"):
            console.print(f"left the game after {stored} input(s); resume with: dungeon-lords record {game_id}")
            return stored
        line = line.strip()
        if not line:
            continue
        if line == "help":
            console.print(HELP)
            continue
        if line == "status":
            show_status(application.state(game_id))
            continue
        if line == "log":
            for e in application.log(game_id)[-15:]:
                console.print(f"  {describe_event(e)}")
            continue
        if line == "undo":
            try:
                event = application.undo(game_id)  # the recorder takes back the latest input
            except RuleViolation as exc:
                _print_refusal(exc)
                continue
            stored += 1
            console.print(f"  {describe_event(event)}")
            continue
        if line.startswith("a ") and line[2:].strip().isdigit():
            actor_index = int(line[2:].strip()) - 1
            continue
        try:
            if p.is_chance and not line.startswith("{"):
                games.use_names(package, drawn_from := application.state(game_id))  # refusals name in the reader's
                command = draw_command(package, drawn_from, line)  # names, ids or prefixes
            elif (typed := games.record_command(package, application.state(game_id), p, actor, line)) is not None:
                command = typed  # the game's own way of typing this decision (its cli/games module)
            elif line.isdigit():
                if not 1 <= int(line) <= len(options):
                    console.print(f"choose 1..{len(options)}")
                    continue
                command = options[int(line) - 1]
            else:
                command = parse_command(line)
            events = application.execute(game_id, command)
        except RuleViolation as exc:
            _print_refusal(exc)
            continue
        stored += 1
        actor_index = 0
        for e in events:
            console.print(f"  {describe_event(e)}")


def _print_refusal(exc: RuleViolation) -> None:
    shown = translate_refusal(exc)  # the reader's language (DL_LANG; English by default)
    console.print(f"[red]refused: {exc.code}[/] {shown['message']}\n  rule: {shown['rule']}")
