"""The ``dungeon-lords`` command: a thin typer layer over :mod:`domain.service.application`."""
