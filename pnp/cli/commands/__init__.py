"""The engine's commands, one module per command or family; pnp.cli.main registers them in order."""
