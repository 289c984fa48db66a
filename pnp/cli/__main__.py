from pnp.cli.main import run

run()
