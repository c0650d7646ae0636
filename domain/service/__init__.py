"""The I/O ring: the only part of ``domain`` that touches eventsourcing, the environment, the file system
and process pools (an import-linter contract checks it).

    application.DungeonLords   the application service: open a store, create, execute, undo, correct...
    aggregate.AGGREGATES       one eventsourcing aggregate per game; topics ``dl.Game.<Event>``, ``mi.Game.<Event>``
    storage                    a store spec -> eventsourcing's persistence settings
    settings                   the environment variables, read here and nowhere else below the CLI
    simulation                 bot games on a process pool
    upcasting                  old stored events to today's shape
"""
