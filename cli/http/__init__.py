"""The game service over HTTP (``dungeon-lords serve``): a FastAPI application over the same application
service as the CLI, so there is no second code path for rules (see :mod:`cli.http.app`)."""
