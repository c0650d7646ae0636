"""The I/O ring: the only part of ``domain`` that touches eventsourcing, the environment, the file system
and process pools (an import-linter contract checks it).

    application.GameService   the application service: open a store, create, execute, undo, correct...
    aggregate.AGGREGATES       one eventsourcing aggregate per registered game (topics ``<prefix><Event>``)
    games                      loads the games by name: the shipped ones, entry points, DL_GAMES
    storage                    a store spec -> eventsourcing's persistence settings
    settings                   the environment variables, read here and nowhere else below the CLI
    simulation                 bot games on a process pool
    upcasting                  old stored kernel events to today's shape (a game's own: its ``upcasts``)
"""
