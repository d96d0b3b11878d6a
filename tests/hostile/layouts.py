"""Hypothesis strategies for layouts: any verb, with numbers that are sensible most of the
time and otherwise NaN, infinities, huge, tiny or negative; texts with hostile templates and
characters; groups and repeats nested inside each other."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

HOSTILE_NUMBERS = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0, -1, 1e-300, 1e300, 2000, 2001, 1e9, 10**20, 0.001]),
    st.integers(-(10**6), 10**6),
)
SENSIBLE = st.floats(0.5, 90).map(lambda v: round(v, 2))
# one number in twelve is hostile: most layouts get past validation and are drawn
NUMBER = st.integers(0, 11).flatmap(lambda k: HOSTILE_NUMBERS if k == 0 else SENSIBLE)
PAIR = st.lists(NUMBER, min_size=2, max_size=2)
TEXT = st.one_of(
    st.sampled_from(
        [
            "{name}",
            "Score {points:+d} :leaf: points",
            "{name:>1000000000}",
            "{points:.100000000f}",
            "{points:>200}",
            "{nope}",
            "{icons}",
            "Ann\x1b]0;x\x07\x00",
            "Ann\nwinner: Mallory",
            "🌱 中文 عربى",
            "{rules.points.99}",
            "{",
            "}",
            "x" * 6000,
            "{id} " * 300,
            ":leaf:" * 50,
            "",
        ]
    ),
    st.text(max_size=40),
)
COLOUR = st.sampled_from(
    ["red", "ink", "paper", "#123456", "{colour}", "none", "nope", "#zzzzzz", "{points}"]
)


def _verb(required: dict[str, Any], optional: dict[str, Any]) -> st.SearchStrategy:
    return st.fixed_dictionaries(required, optional=optional)


def _box(**optional: Any) -> dict[str, Any]:
    return {"x": NUMBER, "y": NUMBER, **optional}


PAINT = {
    "fill": COLOUR,
    "stroke": COLOUR,
    "stroke_width": NUMBER,
    "dash": st.lists(NUMBER, max_size=4),
}


def elements(depth: int = 2) -> st.SearchStrategy[list[dict[str, Any]]]:
    verbs = {
        "rect": _verb({"w": NUMBER, "h": NUMBER}, _box(r=NUMBER, bleed=st.booleans(), **PAINT)),
        "circle": _verb({"cx": NUMBER, "cy": NUMBER, "r": NUMBER}, PAINT),
        "line": _verb(
            {"x1": NUMBER, "y1": NUMBER, "x2": NUMBER, "y2": NUMBER},
            {"stroke": COLOUR, "stroke_width": NUMBER, "dash": st.lists(NUMBER, max_size=4)},
        ),
        "polygon": _verb(
            {"points": st.lists(PAIR, min_size=1, max_size=6)}, {"closed": st.booleans(), **PAINT}
        ),
        "text": _verb(
            {"text": TEXT, "w": NUMBER, "h": NUMBER},
            _box(
                size=NUMBER,
                min_size=NUMBER,
                leading=NUMBER,
                colour=COLOUR,
                rotate=st.sampled_from([0, 90, 45, float("nan")]),
                align=st.sampled_from(["left", "center", "right", "up"]),
                wrap=st.booleans(),
                style=st.sampled_from(["title", "body"]),
            ),
        ),
        "icon": _verb(
            {
                "name": st.sampled_from(["leaf", "{icons.0}", "nope", "{name}"]),
                "w": NUMBER,
                "h": NUMBER,
            },
            _box(rotate=NUMBER, fill=COLOUR),
        ),
        "icons": _verb(
            {"names": st.sampled_from(["{icons}", "leaf", "{name}"]), "w": NUMBER, "h": NUMBER},
            _box(size=NUMBER, gap=NUMBER, fill=COLOUR),
        ),
        "pips": _verb(
            {"value": st.sampled_from([1, 6, 7, 0, "{points}", "x"]), "size": NUMBER},
            {"x": NUMBER, "y": NUMBER, "colour": COLOUR},
        ),
    }
    if depth > 0:
        inner = elements(depth - 1)
        verbs["group"] = _verb(
            {"elements": inner}, {"x": NUMBER, "y": NUMBER, "rotate": NUMBER, "scale": NUMBER}
        )
        verbs["repeat"] = _verb(
            {"elements": inner},
            {
                "count": st.sampled_from([0, 3, 200, 10_000, 10_001, "{points}", -1, 2.5]),
                "over": st.sampled_from(["icons", "rules.points", "name"]),
                "step": PAIR,
                "wrap": st.integers(0, 5),
                "line_step": PAIR,
            },
        )
    one = st.one_of(*(body.map(lambda b, kind=kind: {kind: b}) for kind, body in verbs.items()))
    return st.lists(one, min_size=1, max_size=3)
