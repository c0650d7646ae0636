"""Festival Season (CGE 2012): reserved for the expansion's modules (five seasons, Unique Opportunities,
the Festival, pets, bards, two or three paladins), each a switch that edits the base game's Year plan and
registries (docs/adding-a-module.md).

The base game never imports this package (an import-linter contract checks it); only the game's package
face composes it, from what a game's first event records.
"""
