"""Refusal codes: every code the rules raise is listed in an enum with its meaning and rule, every listed
code is raised somewhere, and docs/refusals.md is the list generated from the enums."""

import ast
import re
from pathlib import Path

import pytest

from domain.games import GAMES
from domain.games.dungeon_lords.refusals import Refusal
from domain.games.dungeon_lords.rules_index import INDEX, markdown
from domain.kernel.codes import KernelRefusal

ROOT = Path(__file__).parent.parent.parent
CODE = re.compile(r"[A-Z][A-Z0-9_]{3,}")


def _sources(game: str | None) -> list[Path]:
    """The sources whose refusals belong to ``game`` (None: all of domain): its package; for Dungeon Lords
    also the kernel, the service and the old import paths (they raise with its index)."""
    every = sorted((ROOT / "domain").rglob("*.py")) + sorted((ROOT / "cli").rglob("*.py"))  # cli: the HTTP API
    if game is None:
        return every
    other = [ROOT / "domain" / "games" / g for g in GAMES if g != game]
    return [p for p in every if not any(o in p.parents for o in other)]


def _raised_codes(game: str | None = "dungeon_lords") -> dict[str, str]:
    """Literal codes passed to refuse()/RuleViolation() or returned as (code, message, rule[, params]) problems."""
    found: dict[str, str] = {}
    for path in _sources(game):
        for node in ast.walk(ast.parse(path.read_text())):
            args: list[ast.expr] = []
            if isinstance(node, ast.Call):
                name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                if name in ("refuse", "refuse_n", "RuleViolation"):
                    args = node.args
            elif isinstance(node, ast.Tuple) and len(node.elts) in (3, 4):  # (code, message, rule[, params])
                rule = node.elts[2]  # a rule id ("dig.permit"), not a third code-like word ("LC_ALL", ..., "LANG")
                if not (isinstance(rule, ast.Constant) and isinstance(rule.value, str) and CODE.fullmatch(rule.value)):
                    args = node.elts
            if args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
                if CODE.fullmatch(args[0].value):
                    found.setdefault(args[0].value, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_code_the_rules_raise_is_listed(game):
    index = GAMES[game].rules.index
    unlisted = {code: where for code, where in _raised_codes(game).items() if code not in index.codes}
    assert unlisted == {}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_listed_code_is_raised_somewhere(game):
    raised = set(_raised_codes(None))
    assert [c for c in GAMES[game].rules.index.codes if c not in raised] == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_code_has_a_meaning_and_a_rule_that_is_cited(game):
    index = GAMES[game].rules.index
    for member in index.codes.values():
        assert member.summary and member.summary[0].islower(), member
        assert member.rule_id in index.rules, f"{member.code} rests on {member.rule_id!r}, which has no citation"


def test_docs_list_every_code_as_generated():
    assert (ROOT / "docs" / "refusals.md").read_text() == markdown()
    text = markdown()
    assert all(f"`{m.code}`" in text for m in (*KernelRefusal, *Refusal))


def test_a_code_nobody_listed_is_an_engine_bug_not_a_silent_refusal():
    import pytest

    with pytest.raises(KeyError):
        INDEX.refuse("NO_SUCH_CODE", "a message", "flow.turn")
    refusal = INDEX.refuse(Refusal.DIG_NOWHERE, "nowhere to dig")
    assert refusal.code == "DIG_NOWHERE" and refusal.rule == INDEX.cite("dig.no_2x2")


def test_docs_list_every_decision_as_generated():
    from domain.games.dungeon_lords.decisions import markdown as decisions_markdown

    assert (ROOT / "docs" / "decisions.md").read_text() == decisions_markdown()
