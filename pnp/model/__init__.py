"""Pydantic schemas, one module per data kind (see pnp.model.kinds for the registry)."""
