"""Read models built from the event log into DuckDB (design §5).

Not built yet: this is the "Replay analytics in DuckDB" capability (issue 4). Nothing in the
engine depends on this package.
"""
