"""Layouts as data: card and sheet faces described in YAML."""
