"""The base of every schema: frozen, typed, unknown keys are errors."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field


class Schema(BaseModel):
    # NaN and infinities pass every range check (`nan >= 0` and `nan <= 10` are both False,
    # so a bound is never broken): refuse them for every number of every schema. Field
    # docstrings become descriptions in the JSON Schema (editors) and the YAML reference,
    # read only when those are written (playtest/core/field_docs.py), not at every start.
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")

# what a pattern asks for, in words: for error messages and the YAML reference
PATTERN_WORDS: dict[str, str] = {
    ID_PATTERN.pattern: "an id (letters, digits, `-`, `_`, `.`; no spaces)"
}


def _check_id(value: str) -> str:
    if not ID_PATTERN.match(value):
        raise ValueError(
            f"{value!r} is not a valid id (letters, digits, '-', '_' and '.', no spaces)"
        )
    return value


Id = Annotated[
    str, AfterValidator(_check_id), Field(json_schema_extra={"pattern": ID_PATTERN.pattern})
]
Mm = Annotated[float, Field(ge=-2000, le=2000)]
PositiveMm = Annotated[float, Field(gt=0, le=2000)]
Count = Annotated[int, Field(ge=0, le=100_000)]
Angle = Annotated[float, Field(ge=-3600, le=3600)]  # degrees
Dash = Annotated[tuple[Annotated[float, Field(ge=0, le=1000)], ...], Field(max_length=32)]
