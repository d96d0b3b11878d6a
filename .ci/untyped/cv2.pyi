# OpenCV read as untyped by the type check (pyproject.toml's mypy_path puts this file before
# the installed package): cv2's own stubs change with each release (5.1 accepts calls 4.x
# refused, making a `type: ignore` unused), so checking against them would pass or fail with
# the version installed. The check holds our own code's promises; every cv2 name is Any.
from typing import Any

def __getattr__(name: str) -> Any: ...
