"""Install the top-level folders under one import package, `playtest`.

The repository layout is fixed (generator/, scorer/, components/ beside playtest/), but names
as generic as `generator` or `scorer` must not land at the top of site-packages, where they
would collide with other distributions. Each folder is mapped into `playtest` instead.
"""

from setuptools import find_packages, setup

FOLDERS = {
    "playtest": "playtest",
    "playtest.generator": "generator",
    "playtest.scorer": "scorer",
    "playtest.components": "components",
}


def _packages() -> list[str]:
    found = []
    for package, folder in FOLDERS.items():
        found.append(package)
        found += [f"{package}.{sub}" for sub in find_packages(folder)]
    return found


setup(
    packages=_packages(),
    package_dir=FOLDERS,
    package_data={
        "playtest.components": ["**/*.yaml", "**/*.svg", "**/*.ttf", "**/*.txt"],
        "playtest.web": ["templates/*.html", "static/*.*", "static/games/*.js"],
        "playtest": ["starter/*.yaml", "starter/icons/*.svg"],
    },
)
