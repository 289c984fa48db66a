"""18-Kniffel (seed 004_11737f81d62f93c2.txt): scorer, tally, best-split advisor.

The Bilanz sheet itself is data (``data/18-kniffel/bilanz.yaml``, kind
score-sheet); this package holds only what the rules need beyond data.
"""
