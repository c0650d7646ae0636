"""``dungeon-lords catalog``: Dungeon Lords' components with their status (verified, partial, provisional)."""

from __future__ import annotations

import json
import os
from typing import Annotated, Any

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
    lang: Annotated[
        str | None, typer.Option("--lang", help="Names in this language too (ru); DL_LANG by default.")
    ] = None,
    untranslated: Annotated[
        bool, typer.Option(help="With --lang: only the components with no name in it (English shown).")
    ] = False,
) -> None:
    """List every component with its status: verified, partial or provisional (with --catalog: as the
    override file changes them; with --ruleset/--module: with the rules modules' components; with --lang:
    their names in that language, each with the rulebook section that prints it)."""
    from domain.games.dungeon_lords.catalog import catalog_with
    from domain.games.dungeon_lords.ruleset import canonical, catalog_overlays

    modules = setup(ruleset=ruleset, module=module).modules or ()  # the game options' check
    cat = catalog_with(OPTIONS["catalog"], catalog_overlays(canonical(list(modules))))
    kinds = sorted({r[0] for r in cat.all_components()})
    if kind is not None and kind not in kinds:
        raise UserError(f"--kind takes one of: {', '.join(kinds)}")
    lang = lang or os.environ.get("DL_LANG") or None
    if lang and lang.split("_")[0].lower() != "en":
        return _named(cat, lang.split("_")[0].lower(), kind, as_json, untranslated, provisional)
    if untranslated:
        raise UserError("--untranslated needs --lang (the language the names are in: ru)")
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


def _named(cat: Any, lang: str, kind: str | None, as_json: bool, untranslated: bool, provisional: bool) -> None:
    """The components with their names in ``lang`` beside the English ones (``catalog --lang``)."""
    from domain.games.dungeon_lords.catalog.names import languages, listing

    overrides = OPTIONS["catalog"]
    if lang not in languages(overrides):
        raise UserError(
            f"--lang {lang}: no names in that language (shipped: ru; a table gives its own in the catalog "
            "file's `names` section, docs/i18n.md)"
        )
    rows = [
        r
        for r in listing(cat, lang, overrides)
        if (kind is None or r["kind"] == kind)
        and (not untranslated or r["untranslated"])
        and (not provisional or r["status"] == "provisional")
    ]
    if as_json:
        console.print_json(json.dumps(rows, ensure_ascii=False))
        return
    t = Table(title=f"Components in {lang} (catalog {cat.content_hash[:12]})")
    for col in ("kind", "id", lang, "English", "where the name is printed"):
        t.add_column(col, overflow="fold")
    for r in rows:
        shown = r[lang] if r[lang] is not None else "—"
        t.add_row(
            r["kind"], r["id"], shown, r["name"], str(r["section"] or ""), style="yellow" if r["untranslated"] else ""
        )
    console.print(t)
    missing = sum(1 for r in rows if r["untranslated"])
    console.print(f"{len(rows) - missing} named in {lang}, {missing} untranslated (—: shown in English).")
