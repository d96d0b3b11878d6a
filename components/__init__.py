"""The game data: one folder per game, plus `_shared/` presets, fonts and icons.

This package holds no code beyond locating itself, so the YAML ships with the distribution.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent
SHARED = "_shared"  # the folder of presets, fonts and icons beside a components folder's games


def default_root() -> Path:
    """The components folder that ships with playtest-kit."""
    return ROOT
