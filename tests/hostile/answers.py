"""What any record must get from the scorer, for the record fuzzers: an answer (a JSON-ready
Result whose violations are the game's own codes) or located one-line problems (InputError,
exit 2), never a crash."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from playtest.core.errors import InputError
from playtest.core.yamlsource import parse_document
from playtest.library.loader import Library
from playtest.scorer.api import evaluate_document
from tests.games import own_codes


def answer(data: object, library: Library) -> None:
    text = yaml.safe_dump(data, allow_unicode=True).encode()
    try:
        doc = parse_document(text, Path("record.yaml"), "record.yaml")
        result = evaluate_document(doc, library)
    except InputError as exc:
        assert exc.problems
        assert all(str(p).startswith("record.yaml") and "\n" not in str(p) for p in exc.problems)
        return
    json.dumps(result.to_json())  # the answer is always JSON-ready
    owns = own_codes(library.game(result.game))
    assert all(owns(v.code) for v in result.violations), result.violations
