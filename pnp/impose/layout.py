"""The old name of :mod:`pnp.impose.page`, for the game modules still drawn by hand
(tests/pnpsource.py lists them); it goes with them."""
from pnp.impose.page import document_page

__all__ = ["document_page"]
