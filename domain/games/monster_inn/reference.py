"""``docs/monster-inn.md``, generated from the code (a test keeps the file in step): the game's tokens,
decisions, refusal codes, provisional rule options and provisional card values."""

from __future__ import annotations

from domain.kernel.codes import refusals_markdown
from domain.kernel.pending import decisions_markdown

from .catalog import base_catalog
from .decisions import DECISIONS
from .options import RULE_OPTIONS
from .refusals import RULES, MonsterInnRefusal

INTRO = """# Monster Inn

Monster Inn (Pegasus Spiele 2022, Roman Pelek; 3-5 players) is the second game on the kernel
(`domain/games/monster_inn/`). Each round an Inn of face-up monsters and face-down humanoids is dealt;
on your turn you Remain (add a treasure of the Pool's type, or make a Treasure Exchange) or Leave with
the Pool and the leftmost creature. At the end, humanoids fight the monsters above them for Fame. The
rulebook is the authority; where its text is lost (the figures, the Treasure Exchange rule) or silent,
the engine's choice is provisional, named below, and switchable.

Generated from the code; to regenerate:

    python -c 'from domain.games.monster_inn.reference import markdown; print(markdown(), end="")' > docs/monster-inn.md

## Tokens a recorder types

- Seats: `p1` .. `p5`, clockwise from the first name given.
- A monster by its combat value: `m1` .. `m20` (face up in the Inn).
- A face-down humanoid by its back: `h1-5`, `h6-10`, `h11-15`, `h16-20`. Nobody, the engine included,
  knows its front until scoring step 2, when each surviving humanoid is turned over and recorded as
  `h1` .. `h20` (checked against the back and the humanoids already seen). Humanoids removed in
  step 1 are never revealed, and with 3 players the last card stays face down in the box.
- Treasure: `gold` (Gold Coins) and `gem` (Gems).

A draw line of the record: `draw h6-10,m2,m9,m15` (the engine sorts the Inn as the rulebook says).

## What a seat sees of the others' treasure

The rulebook: "keep your personal supply of Treasure hidden from the others until the end of the game".
Until the game is scored, a seat (`--as p2`, a seat's token in the HTTP service) sees of another seat:

- what it does on the table: the treasure it Remains with (it goes into the Pool, of the Pool's type), a
  Treasure Exchange, the Pool it takes when it Leaves, the treasure it puts on a monster as Support;
- not its personal supply (`"hidden"`), nor which treasure it took as its humanoid bonus, nor whether the
  general supply left it no choice (the event reads `treasure "hidden"`, `forced "hidden"`): that take goes
  from the general supply straight into the hidden supply;
- not the general supply's split between Gold Coins and Gems (it would give the bonus away);
- an undo or a correction of another seat's bonus without the treasure (the state it carries is redacted
  the same way).

Every per-seat output comes from `views.py` and `audit.visible_event`, so `status --as`, `log --as`,
`explain --as`, `options --as` and the HTTP API and page agree (`tests/games/monster_inn/test_treasure_secrecy.py`:
two games that differ only in a seat's bonus give the others byte-identical output). The recorder sees
everything; after scoring, and with the `open_treasure` variant, everyone does. A seat that counts every
Pool and Support still knows how many pieces another seat holds, as at the table, but not of which type.

"""


def _options() -> str:
    lines = [
        "## Provisional rules (options recorded in the first event)",
        "",
        "| option | values (default first) | what it decides |",
        "|---|---|---|",
    ]
    for name, (values, what) in RULE_OPTIONS.items():
        lines.append(f"| `{name}` | {', '.join(f'`{v}`' for v in values)} | {what} |")
    return "\n".join(lines) + "\n"


def _provisional() -> str:
    cat = base_catalog()
    lines = [
        "## Provisional card values (override them with the table's card list)",
        "",
        f"Shipped card list `{cat.content_hash[:12]}`. A catalog override, e.g. "
        '`{"monsters": {"m7": {"kind": "orcs", "skulls": 2}}}`, replaces a value and makes it the '
        "table's data (no longer provisional); the rulebook's known facts (values 1-20, 5 kinds of 4, "
        "backs, 50 treasures) are checked.",
        "",
        "| card | value | kind | skulls | provisional |",
        "|---|---|---|---|---|",
    ]
    for c in cat.cards:
        kind = getattr(c, "kind", getattr(c, "back", ""))
        lines.append(f"| `{c.id}` | {c.value} | {kind} | {c.skulls} | {', '.join(c.provisional) or '-'} |")
    t = cat.treasure
    lines += ["", f"Treasure: {t.gold} Gold Coins and {t.gem} Gems (provisional: {', '.join(t.provisional) or '-'})."]
    return "\n".join(lines) + "\n"


def markdown() -> str:
    """The whole of ``docs/monster-inn.md``."""
    return "\n".join(
        [
            INTRO + decisions_markdown("Decisions", list(DECISIONS.values()), RULES),
            refusals_markdown("Refusal codes (besides the kernel's)", [MonsterInnRefusal], RULES),
            _options(),
            _provisional(),
        ]
    )
