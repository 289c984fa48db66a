"""Layouts as data: card faces described in YAML and bound to typed card fields."""
