"""Named questions asked of the DuckDB read models (design §5).

Not built yet: this is the "Replay analytics in DuckDB" capability (issue 4).
"""
