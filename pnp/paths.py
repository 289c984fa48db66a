"""Where the repository's folders are (kept import-free so the CLI starts fast)."""
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT / "data"
SEEDS_DIR = ROOT.parent / "shared" / "seeds"
