"""docs/python-api.md's example runs as written, for every registered game it names."""

import re
from pathlib import Path

DOC = (Path(__file__).parent.parent / "docs" / "python-api.md").read_text()


def test_the_documented_example_plays_a_whole_game():
    blocks = re.findall(r"```python\n(.*?)```", DOC, re.S)
    example = next(b for b in blocks if "while (p := dl.engine.pending(state)).actors" in b)
    scope: dict = {}
    exec(compile(example, "docs/python-api.md", "exec"), scope)  # noqa: S102  (our own documentation)
    assert scope["state"].scores is not None and len(scope["events"]) > 100
