"""Pydantic schemas, one module per data kind (see pnp.layout.kinds for the registry)."""
