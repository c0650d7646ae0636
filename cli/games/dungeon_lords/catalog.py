"""``dungeon-lords catalog``: Dungeon Lords' components with their status (verified, partial, provisional)."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from ...consoles import console
from ...context import OPTIONS, app
from ...errors import UserError, handled
from ...game_options import ModuleOpt, RulesetOpt, setup


@app.command("catalog")
@handled
def catalog_cmd(
    kind: Annotated[
        str | None, typer.Option(help="Only this kind (monster, adventurer, trap, combat_card, ...).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="The rows as JSON.")] = False,
    ruleset: RulesetOpt = None,
    module: ModuleOpt = None,
    provisional: Annotated[bool, typer.Option(help="Only the provisional values, each with its notes.")] = False,
) -> None:
    """List every component with its status: verified, partial or provisional (with --catalog: as the
    override file changes them; with --ruleset/--module: with the rules modules' components)."""
    from domain.games.dungeon_lords.catalog import catalog_with
    from domain.games.dungeon_lords.ruleset import canonical, catalog_overlays

    modules = setup(ruleset=ruleset, module=module).modules or ()  # the game options' check
    cat = catalog_with(OPTIONS["catalog"], catalog_overlays(canonical(list(modules))))
    kinds = sorted({r[0] for r in cat.all_components()})
    if kind is not None and kind not in kinds:
        raise UserError(f"--kind takes one of: {', '.join(kinds)}")
    rows = [
        r for r in cat.all_components() if (kind is None or r[0] == kind) and (not provisional or r[3] == "provisional")
    ]
    if as_json:
        console.print_json(json.dumps([dict(zip(("kind", "id", "name", "status", "notes"), r)) for r in rows]))
        return
    t = Table(title=f"Components (catalog {cat.content_hash[:12]})")
    for col in ("kind", "id", "name", "status", "notes"):
        t.add_column(col, overflow="fold")
    for r in rows:
        style = {"provisional": "yellow", "partial": "cyan"}.get(r[3], "")
        t.add_row(*[str(x) for x in r], style=style)
    console.print(t)
    counts = {s: sum(1 for r in rows if r[3] == s) for s in ("verified", "partial", "provisional")}
    console.print(
        ", ".join(f"{v} {k}" for k, v in counts.items())
        + ". Provisional cards are stand-ins defined by this engine; see their notes."
    )
