"""The game data: one folder per game, plus `_shared/` presets, fonts and icons.

This package holds no code beyond locating itself, so the YAML ships with the distribution.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent
