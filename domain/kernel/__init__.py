"""The game-agnostic kernel: the protocol a game fills in and the loop that runs any game.

Imports only pydantic and the standard library (an import-linter contract checks it).

    GameRules, GameInfo   what a game provides (:mod:`.game`)
    Engine                pending / decide / execute / advance / replay over a GameRules
    Pending, CHANCE       what a game waits for; ChanceSpec: a draw from what remains
    RuleViolation         the one refusal (code, message, rule); RuleIndex: rule id -> citation
    play_until_blocked    the bots' play loop; random_bot; batch_gc (fewer collections in batches);
                          continuation_problem (can a position be played on?)
    HashChain             the tamper-evident chain of a stored log (a game says what its hash leaves out)
    models_ready          the games' deferred pydantic models built at once (a process about to play many games)
"""

from .chain import HashChain
from .chance import ChanceSpec
from .engine import Engine
from .errors import RuleViolation, unless_refused
from .game import GameInfo, GamePackage, GameRules, KernelState
from .models import models_ready
from .pending import CHANCE, Pending, draw_pending
from .play import Bot, batch_gc, continuation_problem, play_until_blocked, random_bot
from .rules_index import KERNEL_RULES, RuleIndex
from .view import HIDDEN, redaction_problems

__all__ = [
    "CHANCE",
    "HIDDEN",
    "KERNEL_RULES",
    "Bot",
    "ChanceSpec",
    "Engine",
    "GameInfo",
    "GamePackage",
    "HashChain",
    "GameRules",
    "KernelState",
    "Pending",
    "RuleIndex",
    "RuleViolation",
    "batch_gc",
    "continuation_problem",
    "models_ready",
    "play_until_blocked",
    "random_bot",
    "draw_pending",
    "redaction_problems",
    "unless_refused",
]
