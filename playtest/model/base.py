"""The base of every schema: frozen, typed, unknown keys are errors."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field


class Schema(BaseModel):
    # field docstrings become descriptions: in the JSON Schema (editors) and the YAML reference
    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)


ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


def _check_id(value: str) -> str:
    if not ID_PATTERN.match(value):
        raise ValueError(
            f"{value!r} is not a valid id (letters, digits, '-', '_' and '.', no spaces)"
        )
    return value


Id = Annotated[str, AfterValidator(_check_id),
               Field(json_schema_extra={"pattern": ID_PATTERN.pattern})]
Mm = Annotated[float, Field(ge=-2000, le=2000)]
PositiveMm = Annotated[float, Field(gt=0, le=2000)]
Count = Annotated[int, Field(ge=0, le=100_000)]
