"""What the table page's forms offer and post: component names as printed, a seat's legal choices as
buttons or position pickers, the draw entry with what can still come up, and the posted fields."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from pydantic import BaseModel

from domain.kernel import HIDDEN
from domain.kernel.text import natural_key
from domain.service.names import only_outcome, picked_list, typed_name

from ..i18n import _, name_in
from ..refusal_i18n import said

PICKS_OVER = 12  # more options than this, differing in one list only: chosen position by position
SQUARES = ("square", "tile")  # a square is one choice, named "B2" (a button, and a tap on the board), never
# a row and a column picked apart


def printed_name(package: Any, state: Any, component: Any) -> str:
    """The name printed on ``component`` (an id without one, such as an order card's, in words), in the
    request's language when the game names it there (:func:`cli.i18n.name_in`; English otherwise)."""
    if component == HIDDEN or not isinstance(component, str):
        return str(component)
    try:
        name = str(package.component_name(state, component))
    except (KeyError, ValueError, AttributeError):
        name = component
    return name.replace("_", " ") if name == component else name_in(None, component, name)


def listed_names(package: Any, state: Any, items: Any) -> str:
    """Components in words: their names, "3 hidden" for what this page may not see, "-" for none."""
    if isinstance(items, str):
        return items
    hidden = sum(1 for c in items if c == HIDDEN)
    names = [printed_name(package, state, c) for c in items if c != HIDDEN]
    return ", ".join(names + ([_("{n} hidden").format(n=hidden)] if hidden else [])) or "–"


def decision_forms(package: Any, state: Any, pending: Any, actors: list[str]) -> list[dict[str, Any]]:
    """For each actor: its legal options as buttons (label, command JSON, what it costs and yields in words
    or ""), or position pickers."""
    forms = []
    for actor in actors:
        commands = list(pending.options(actor))
        options = [o.model_dump(mode="json") for o in commands]
        picks = picked_list(options) if len(options) > PICKS_OVER else None
        if picks is not None and picks[0] not in SQUARES:
            field, rest, columns = picks
            named = [[(v, printed_name(package, state, v)) for v in col] for col in columns]
            forms.append({"actor": actor, "picks": named, "field": field, "base": json.dumps(rest)})
        else:
            effect = package.option_effect or (lambda _s, _p, _c: "")
            buttons = [
                (said(package.describe_command(c)), json.dumps(o), effect(state, pending, c))
                for c, o in zip(commands, options, strict=True)
            ]
            forms.append({"actor": actor, "buttons": buttons})
    return forms


def draw_form(package: Any, state: Any, pending: Any) -> dict[str, Any]:
    """What a draw may bring, as the recorder types it: names and how many of each can still come up."""
    name_of = lambda c: printed_name(package, state, c)  # noqa: E731
    counts = Counter((name_of(c), typed_name(c, name_of)) for c in pending.chance.pool)
    only = only_outcome(pending.chance.pool, pending.chance.count)
    forced = ", ".join(typed_name(c, name_of) for c in only) if only is not None else ""
    # as a table reads them: m2 before m10, Warrior 3 before Warrior 10
    ordered = sorted(counts.items(), key=lambda kv: (natural_key(kv[0][0]), natural_key(kv[0][1])))
    names = [(shown, typed, n) for (shown, typed), n in ordered]
    return {"what": pending.chance.what, "count": pending.chance.count, "names": names, "forced": forced}


class Entered(BaseModel):
    """What a form of the page posts: the event number it showed, and a button's command (JSON), or a
    picked list (``base_command`` with ``field`` set to the ``pick`` values in order), or a typed draw."""

    expected: int
    command: str | None = None
    base_command: str | None = None
    field: str | None = None
    pick: list[str] = []
    draw: str | None = None
    confirm: bool = False
    csrf: str | None = None  # the page's form token (guard.form_token): forms from elsewhere are refused

    def command_data(self) -> dict[str, Any]:
        """The command as a JSON-native dict ({} when the form was tampered with: refused as malformed)."""
        try:
            if self.command is not None:
                data = json.loads(self.command)
            else:
                # a form posts text: a pick that is a whole number was one (a square's row or column; no
                # component's id is all digits), as commands are read strictly
                picks = [int(v) if v.isascii() and v.lstrip("-").isdigit() else v for v in self.pick]
                data = {**json.loads(self.base_command or "{}"), str(self.field): picks}
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}
