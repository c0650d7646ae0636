"""Records: record (the interactive loop at the table), export, import."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..context import StoreOpt, _app, _game_id, app
from ..errors import UserError, handled
from ..render import console, err_console


@app.command()
@handled
def record(
    game: Annotated[str, typer.Argument(help="Game id (or a unique prefix).")],
    store: StoreOpt = None,
) -> None:
    """Record a game at the table: numbered choices, one input at a time, each stored at once."""
    from ..record import record_loop

    application = _app(store)
    gid = _game_id(application, game)

    def ask(prompt: str) -> str | None:
        try:
            return input(prompt)
        except EOFError:
            return None

    record_loop(application, gid, ask)


@app.command("export")
@handled
def export_cmd(
    game: Annotated[str, typer.Argument(help="Game id (or a unique prefix).")],
    out: Annotated[Path | None, typer.Option(help="Write the record to this file (default: standard output).")] = None,
    store: StoreOpt = None,
) -> None:
    """Write the game's record: a versioned text file, one line per decision and draw (docs/record-format.md)."""
    application = _app(store)
    gid = _game_id(application, game)
    text = application.game_of(gid).export(application.log(gid))
    if out is None:
        print(text, end="")
    else:
        out.write_text(text)
        console.print(f"wrote {out} ({len(text.splitlines())} lines)")


@app.command("import")
@handled
def import_cmd(
    record_file: Annotated[Path, typer.Argument(help="A game record written by `export`.")],
    allow_unfinished: Annotated[
        bool,
        typer.Option(
            "--allow-unfinished", help="Import a record that ends before the game is over (to go on with it)."
        ),
    ] = False,
    no_hash_check: Annotated[
        bool,
        typer.Option(
            "--no-hash-check",
            help="Import without checking the record's hash line (an empty, malformed or non-matching hash "
            "is otherwise refused); the output says that the hash was not checked.",
        ),
    ] = False,
    store: StoreOpt = None,
) -> None:
    """Rebuild a game from its record through the rules and store it; a bad line is refused with its number."""
    try:
        text = record_file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"cannot read {record_file}: {exc}") from None
    application = _app(store)
    try:  # a record error is a ValueError naming the line
        gid = application.import_record(text, allow_unfinished=allow_unfinished, check_hash=not no_hash_check)
    except ValueError as exc:
        raise UserError(f"{record_file}: {exc} (nothing was stored)") from None
    if no_hash_check:
        err_console.print("note: the hash was not checked (--no-hash-check): the record may have been changed")
    elif not any(line.strip().startswith("hash") for line in text.splitlines()):
        err_console.print("note: the record has no hash line, so it cannot be checked for changes")
    waiting = application.pending(gid)
    if waiting.actors:
        err_console.print(f"note: imported unfinished; the game waits for: {waiting.prompt}")
    console.print(str(gid))
