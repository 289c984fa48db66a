"""Ordnerstruktur (seed 002, Tobias Thulke): structures of 11 subfolders whose
files hold Machtpunkte, walked by an active player who fills six accounts.

Modules: ``model`` (peoples, names, moves, accounts), ``structure`` (YAML
validation), ``scoring`` (accounts, the final strike, several players),
``solver`` (exhaustive search), ``randomgen``; printables: ``mat`` (design
form, play mat), ``tiles``, ``sheets`` (account sheet, transitions card),
``histogram`` (score distribution, solution sheet),
``look`` (colours, texts); ``rules`` (build/check) and ``cli`` (`pnp ordner`).
The rules in brief are data: data/ordnerstruktur/aid.yaml with aid.<lang>.md.
"""
