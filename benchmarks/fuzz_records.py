"""A fresh fuzz of game records (issue #29): N records mutated from the golden ones of both games (lines
dropped, doubled, swapped, cut, blanked, characters changed), each imported through the real CLI
(in-process), counting the exit codes, the internal errors (exit 6) and the accepted junk: a record whose
``hash`` line survived the mutation while its body did not, and was imported all the same.

    python benchmarks/fuzz_records.py [--records 100] [--seed 1]

Prints one JSON object: ``{"records", "exit_codes": {code: n}, "internal_errors", "accepted_junk"}``;
exits 1 when there is an internal error or accepted junk. Nothing here is a test (the test suite runs a
smaller fuzz of the same kind: tests/cli/test_fuzz_cli.py).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
GOLDEN = ["seed4-3p.dlr", "tabletop-3p.dlr", "tabletop-4p.dlr", "festival-tabletop-4p.dlr", "monster-inn-5p.mir"]


def mutate(lines: list[str], rng: random.Random) -> list[str]:
    """One to three edits of a record's lines."""
    lines = list(lines)
    for _ in range(rng.randint(1, 3)):
        k = rng.randrange(len(lines))
        op = rng.choice(["drop", "dup", "swap", "chars", "cut", "blank", "number"])
        if op == "drop":
            del lines[k]
        elif op == "dup":
            lines.insert(k, lines[k])
        elif op == "swap" and k + 1 < len(lines):
            lines[k], lines[k + 1] = lines[k + 1], lines[k]
        elif op == "chars" and lines[k]:
            i = rng.randrange(len(lines[k]))
            lines[k] = (
                lines[k][:i] + rng.choice(['"', "{", "}", "9", "-", "x", " ", "\x00", "é", "\x1b"]) + lines[k][i + 1 :]
            )
        elif op == "cut":
            lines = lines[: k + 1]
        elif op == "number":
            lines[k] = "".join(str(rng.randint(0, 9)) if ch.isdigit() and rng.random() < 0.3 else ch for ch in lines[k])
        else:
            lines[k] = ""
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    from clirun import runner

    from cli.main import app

    rng = random.Random(args.seed)
    codes: Counter[int] = Counter()
    junk = []
    with tempfile.TemporaryDirectory() as tmp:
        store = str(Path(tmp) / "games.sqlite")
        runner.invoke(app, ["--init", "games", "--store", store])
        for i in range(args.records):
            name = GOLDEN[i % len(GOLDEN)]
            original = (ROOT / "tests" / "golden" / name).read_text().splitlines()
            lines = mutate(original, rng)
            path = Path(tmp) / f"r{i}{Path(name).suffix}"
            path.write_text("\n".join(lines) + "\n")
            unfinished = rng.random() < 0.5
            result = runner.invoke(
                app, ["import", str(path), "--store", store] + (["--allow-unfinished"] if unfinished else [])
            )
            codes[result.exit_code] += 1
            hashed = [x for x in lines if x.startswith("hash ")]
            body_changed = [x for x in lines if not x.startswith("hash ")] != [
                x for x in original if not x.startswith("hash ")
            ]
            if result.exit_code == 0 and hashed and hashed[-1] == original[-1] and body_changed:
                junk.append(f"r{i} ({name})")
    report = {
        "records": args.records,
        "exit_codes": dict(sorted(codes.items())),
        "internal_errors": codes.get(6, 0),
        "accepted_junk": junk,
    }
    print(json.dumps(report))
    sys.exit(1 if report["internal_errors"] or junk else 0)


if __name__ == "__main__":
    main()
