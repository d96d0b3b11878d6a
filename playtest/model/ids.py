"""Names the loader has checked against what the game defines: a loaded component holds these,
never a name that may be unknown (the YAML's own, unchecked forms are plain `str`)."""

from __future__ import annotations

from typing import NewType

LayoutId = NewType("LayoutId", str)  # a layout of the game's `layouts:`
SheetId = NewType("SheetId", str)  # a sheet of the game's `sheets:`
ColourName = NewType("ColourName", str)  # a palette name, `#rrggbb` or `none`
IconId = NewType("IconId", str)  # an icon of the game's or `_shared/` icons
OptionName = NewType("OptionName", str)  # a switch of the game's `options:`
