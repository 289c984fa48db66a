"""The ``pnp`` command line (``main``), watch mode and the ``pnp new`` scaffold."""
