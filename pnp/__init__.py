"""pnp: print-and-play asset generator."""
__version__ = "0.1.0"
