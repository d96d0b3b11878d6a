"""A record (the data `playtest score` reads) written as YAML people can read and edit:
keys in the record's order, multi-line text (a garden) as a literal block."""

from __future__ import annotations

from typing import Any

import yaml


class _RecordDumper(yaml.SafeDumper):
    pass


def _text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_RecordDumper.add_representer(str, _text)


def record_yaml(record: dict[str, Any]) -> str:
    return yaml.dump(
        record,
        Dumper=_RecordDumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=None,
        width=100,
    )
