"""Pydantic schemas, one module per data kind (see pnp.kinds for the registry)."""
