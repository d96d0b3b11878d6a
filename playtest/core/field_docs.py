"""The docstring under each field of a schema (`name: str` then `\"\"\"Shown on ...\"\"\"`), read
from the source when the JSON Schema or the YAML reference is written.

pydantic can read them itself (`use_attribute_docstrings`), but it does so for every model as
the model is defined, parsing its source again each time: a third of the time `playtest score`
took to start. Here a module is parsed once, and only when descriptions are wanted.
"""

from __future__ import annotations

import ast
import inspect
import sys
from functools import cache


def field_docstrings(cls: type) -> dict[str, str]:
    """Field name -> its docstring, for the fields `cls` itself declares (an inherited field
    keeps the docstring of the class that declares it; a class made in code has none)."""
    module = sys.modules.get(cls.__module__)
    if module is None:
        return {}
    return _module_docstrings(module.__name__).get(cls.__qualname__, {})


@cache
def _module_docstrings(module_name: str) -> dict[str, dict[str, str]]:
    """Class qualified name -> its fields' docstrings, for every class of the module."""
    try:
        source = inspect.getsource(sys.modules[module_name])
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError):  # no source (a frozen or generated module)
        return {}
    found: dict[str, dict[str, str]] = {}

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                name = f"{prefix}{node.name}"
                found[name] = _class_docstrings(node)
                visit(node.body, f"{name}.")

    visit(tree.body, "")
    return found


def _class_docstrings(node: ast.ClassDef) -> dict[str, str]:
    docs: dict[str, str] = {}
    for here, after in zip(node.body, node.body[1:], strict=False):
        if (
            isinstance(here, ast.AnnAssign)
            and isinstance(here.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[here.target.id] = inspect.cleandoc(after.value.value)
    return docs
