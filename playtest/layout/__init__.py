"""The layout vocabulary: what a YAML layout may draw, one module per verb.

Each verb (`rect`, `text`, `repeat`, ...) is one class holding its options (a frozen pydantic
schema: unknown keys are errors), the references it checks once the game is loaded, and how
it draws itself. `playtest.layout.elements` is the one registry: adding a verb is one new
module and one line there.

Units are millimetres from the top-left corner of the component's trim box; y grows
downwards. Text fields are templates: `{name}` is replaced by the card's field `name`,
`{rules.x.0}` reads the game's rules, `{item}`/`{i}`/`{n}` are set by `repeat`. A colour is a
palette name, `#rrggbb` or `none`, and may be a template too.
"""

from playtest.layout.elements import VERBS, Element
from playtest.layout.verb import LayoutCheck, Verb, check_elements, render_elements

__all__ = ["VERBS", "Element", "LayoutCheck", "Verb", "check_elements", "render_elements"]
