"""The scene model: primitives in millimetres that every backend draws alike."""
from pnp.scene.primitives import (IDENTITY, Box, Circle, Ellipse, Group, Image, Node, Page, Path, Polygon,
                         Rect, Text, Transform, mirror_x, mirror_y, rotate, scale, translate)
from pnp.scene.style import BLACK, WHITE, Color, ColourError, Hatch, Style, color, contrast, mix, style

__all__ = [
    "IDENTITY", "Box", "Circle", "Ellipse", "Group", "Image", "Node", "Page", "Path", "Polygon",
    "Rect", "Text", "Transform", "mirror_x", "mirror_y", "rotate", "scale", "translate",
    "BLACK", "WHITE", "Color", "ColourError", "Hatch", "Style", "color", "contrast", "mix", "style",
]
