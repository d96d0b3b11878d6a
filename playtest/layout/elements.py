"""The one registry of layout verbs, and `Element`: one entry of a layout's list,
`{<verb>: {options}}`, validated by the verb its key names."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Union

from pydantic import Discriminator, Tag, create_model

from playtest.layout.circle import CircleVerb
from playtest.layout.group import GroupVerb
from playtest.layout.icon import IconVerb
from playtest.layout.icons import IconsVerb
from playtest.layout.line import LineVerb
from playtest.layout.pips import PipsVerb
from playtest.layout.polygon import PolygonVerb
from playtest.layout.rect import RectVerb
from playtest.layout.repeat import RepeatVerb
from playtest.layout.text import TextVerb
from playtest.layout.verb import ElementBox, Verb

VERBS: dict[str, type[Verb]] = {
    "rect": RectVerb,
    "circle": CircleVerb,
    "line": LineVerb,
    "polygon": PolygonVerb,
    "text": TextVerb,
    "icon": IconVerb,
    "icons": IconsVerb,
    "pips": PipsVerb,
    "group": GroupVerb,
    "repeat": RepeatVerb,
}


def _element_kind(value: Any) -> str | None:
    if isinstance(value, dict) and len(value) == 1:
        key = next(iter(value))
        return key if key in VERBS else None
    if isinstance(value, ElementBox):
        return value.kind
    return None


def _box(kind: str, verb: type[Verb]) -> type[ElementBox]:
    """The model of `{<kind>: {options}}`."""
    fields: dict[str, Any] = {kind: (verb, ...)}
    return create_model(f"{verb.__name__}Entry", __base__=ElementBox, **fields)


_BOXES = [_box(kind, verb) for kind, verb in VERBS.items()]

if TYPE_CHECKING:
    Element = ElementBox
else:
    Element = Annotated[
        Union[  # noqa: UP007
            tuple(Annotated[box, Tag(kind)] for kind, box in zip(VERBS, _BOXES, strict=True))
        ],
        Discriminator(
            _element_kind,
            custom_error_type="unknown_element",
            custom_error_message="unknown element",
            custom_error_context={"expected": ", ".join(VERBS)},
        ),
    ]

for _verb in VERBS.values():  # verbs holding elements can resolve `Element` now
    _verb.model_rebuild(_types_namespace={"Element": Element})
