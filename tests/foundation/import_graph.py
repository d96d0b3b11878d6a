"""The imports of the product code, read with `ast` (never imported): every module of the
folders setup.py maps into `playtest` (FOLDERS), named as installed (generator/kit/build.py is
`playtest.generator.kit.build`), and every import of a product module it writes, at its top level or
inside a function, a method or a class body. Imports under `if TYPE_CHECKING:` never run and
are left out.

    python -m tests.foundation.import_graph --pending   # the PENDING table of
                                                        # test_imports_in_functions.py, regenerated
"""

from __future__ import annotations

import ast
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TOP = "playtest"


@dataclass(frozen=True)
class Import:
    path: str  # the importing file, as the repository names it: generator/kit/build.py
    line: int
    importer: str  # its module: playtest.generator.kit.build
    target: str  # the product module imported (`from pkg import mod`: pkg.mod)
    inside: bool  # written inside a function, a method or a class body


def folders(repo: Path = REPO) -> dict[str, str]:
    """setup.py's FOLDERS: import package -> folder of the repository."""
    for node in ast.parse((repo / "setup.py").read_text()).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "FOLDERS":
            return dict(ast.literal_eval(node.value))
    raise AssertionError("setup.py: no FOLDERS mapping")


def product_modules(repo: Path = REPO) -> dict[str, Path]:
    """Every product module's dotted name -> its file, relative to the repository."""
    found: dict[str, Path] = {}
    for package, folder in folders(repo).items():
        for path in sorted((repo / folder).rglob("*.py")):
            inner = path.relative_to(repo / folder)
            if "__pycache__" in inner.parts:
                continue
            parts = list(inner.with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join([package, *parts])] = path.relative_to(repo)
    return found


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(module: str, path: Path, names: set[str], repo: Path = REPO) -> Iterator[Import]:
    """The product imports `module` (in `path`) writes."""
    tree = ast.parse((repo / path).read_text(), str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    where = path.as_posix()

    def base_of(node: ast.ImportFrom) -> str:
        if node.level == 0:
            return node.module or ""
        parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
        return ".".join(parts + ([node.module] if node.module else []))

    def visit(node: ast.AST, inside: bool) -> Iterator[Import]:
        if isinstance(node, ast.If) and _type_checking(node.test):
            for child in node.orelse:
                yield from visit(child, inside)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == TOP or alias.name.startswith(TOP + "."):
                    yield Import(where, node.lineno, module, alias.name, inside)
            return
        if isinstance(node, ast.ImportFrom):
            base = base_of(node)
            if base == TOP or base.startswith(TOP + "."):
                targets = {f"{base}.{alias.name}" for alias in node.names}
                for target in sorted({t if t in names else base for t in targets}):
                    yield Import(where, node.lineno, module, target, inside)
            return
        deeper = inside or isinstance(
            node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef
        )
        for child in ast.iter_child_nodes(node):
            yield from visit(child, deeper)

    for child in tree.body:
        yield from visit(child, False)


@cache
def product_imports(repo: Path = REPO) -> tuple[Import, ...]:
    modules = product_modules(repo)
    names = set(modules)
    return tuple(
        imp for name, path in modules.items() for imp in imports_of(name, path, names, repo)
    )


def matches(imp: Import, place: str, prefix: str) -> bool:
    """`place` is a path pattern (fnmatch), `prefix` a dotted module prefix."""
    return fnmatchcase(imp.path, place) and (
        imp.target == prefix or imp.target.startswith(prefix + ".")
    )


def pending_table(startup: dict[tuple[str, str], str]) -> str:
    """The imports written in functions that the start-up list does not hold, as the Python
    literal of PENDING: (file, module imported) -> how many statements."""
    counts = Counter(
        (imp.path, imp.target)
        for imp in product_imports()
        if imp.inside and not any(matches(imp, *place) for place in startup)
    )
    lines = [f"    {key!r}: {n}," for key, n in sorted(counts.items())]
    return "PENDING = {\n" + "\n".join(lines) + "\n}"


if __name__ == "__main__" and sys.argv[1:] == ["--pending"]:
    from tests.foundation.test_imports_in_functions import STARTUP

    print(pending_table(STARTUP))
