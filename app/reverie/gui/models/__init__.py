"""Qt item models: thin adapters over the core's frozen dataclasses."""
