"""Reading game data: YAML with line marks, validated against pydantic schemas."""
from .errors import DataError, DataErrors, Problem
from .loader import load_model, load_yaml, locate

__all__ = ["DataError", "DataErrors", "Problem", "load_model", "load_yaml", "locate"]
