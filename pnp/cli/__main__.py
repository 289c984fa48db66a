from pnp.cli.entry import run

run()
