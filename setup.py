"""Install the top-level folders under one import package, `playtest`.

The repository layout is fixed (generator/, scorer/, components/ beside playtest/), but names
as generic as `generator` or `scorer` must not land at the top of site-packages, where they
would collide with other distributions. Each folder is mapped into `playtest` instead.

Every folder holding Python files is a package (it has an `__init__.py`: a test checks that the
wheel holds every file of the source tree). Every other file under a package's folder (YAML,
fonts, icons, templates, static files) ships with it, so a new kind of file needs no list here.
"""

from pathlib import Path

from setuptools import find_packages, setup

FOLDERS = {
    "playtest": "playtest",
    "playtest.generator": "generator",
    "playtest.scorer": "scorer",
    "playtest.components": "components",
}
NOT_SHIPPED = {"__pycache__"}


def _packages() -> dict[str, Path]:
    """Import package -> its folder."""
    found = {}
    for package, folder in FOLDERS.items():
        found[package] = Path(folder)
        for sub in find_packages(folder):
            found[f"{package}.{sub}"] = Path(folder, *sub.split("."))
    return found


def _data(folder: Path, packages: set[Path]) -> list[str]:
    """The files of `folder` that are not Python, with those of its subfolders that are not
    packages themselves, relative to `folder`."""
    files = []
    for path in sorted(folder.rglob("*")):
        inner = path.relative_to(folder)
        if not path.is_file() or path.suffix in {".py", ".pyc"}:
            continue
        if NOT_SHIPPED & set(inner.parts):
            continue
        if any(folder / Path(*inner.parts[:i]) in packages for i in range(1, len(inner.parts))):
            continue  # it belongs to a subpackage
        files.append(inner.as_posix())
    return files


PACKAGES = _packages()
setup(
    packages=list(PACKAGES),
    package_dir=FOLDERS,
    package_data={
        package: data
        for package, folder in PACKAGES.items()
        if (data := _data(folder, set(PACKAGES.values())))
    },
)
