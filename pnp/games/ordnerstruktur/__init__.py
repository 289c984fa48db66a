"""Ordnerstruktur (seed 002, Tobias Thulke): structures of 11 subfolders whose
files hold Machtpunkte, walked by an active player who fills six accounts.

Modules: ``model`` (peoples, names, moves, accounts), ``structure`` (YAML
validation), ``scoring`` (accounts and the final strike), ``solver``
(exhaustive search), ``randomgen``, ``printables`` and ``rules`` (build/check).
"""
