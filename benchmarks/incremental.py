"""The design loop (issue 28): what a designer waits for between a save and the kit.

- SVG against PDF: the four kits with `--format svg` and with `--format pdf`, cold (no cache),
  run in turn; the median ratio of CPU times.
- Cold: the four kits, PDF and SVG, into an empty folder.
- One card changed: Village Green built once (its cache beside it), then one award card's
  name changed (it is printed on the card and in its SVG file) and the kit rebuilt, PDF and
  SVG; against a cold build of the same kit. Each in a fresh process: reading the YAML is
  included, imports are not.
"""

from __future__ import annotations

import statistics

from benchmarks.common import measure

PAIRS = 5

SETUP = """
import os, shutil, tempfile
from pathlib import Path
from playtest import components
from playtest.library.loader import load_library
from playtest.generator.kit.build import BuildRequest, build_kits
import playtest.generator.kit.svg_files  # svgwrite: imported by a build writing SVG files
import atexit
work = Path(tempfile.mkdtemp())
atexit.register(shutil.rmtree, work, True)  # once the figures are printed
os.chdir(work)
root = work / "components"
# copied as saved now (not with the checkout's dates): a designer at work saved them today, so
# an edit keeps the kit's build date (generator/impose/stamp.py); the first save of a new day
# changes the date printed on every page, and every page is drawn again
shutil.copytree(components.ROOT, root, copy_function=shutil.copy)
"""

FORMAT = "list(build_kits(load_library(root), BuildRequest(formats=frozenset({{{fmt!r}}}))))"

GREEN = """
request = BuildRequest(games=("village-green",), out_dir=Path("out"))
"""

EDIT = """
cards = root / "village-green" / "cards.yaml"
cards.write_text(cards.read_text().replace("The Ruby Clover Award", "The Ruby Clover Prize"))
"""
# the build before the edit in this process (as `--watch` rebuilds), or in another one (as a
# second `playtest build` finds the cache on disk)
WARM = (
    """
list(build_kits(load_library(root), request))
"""
    + EDIT
)
WARM_ON_DISK = (
    """
import subprocess, sys
subprocess.run([sys.executable, "-m", "playtest.cli", "build", "-q", "village-green",
                "--components", str(root), "--out", "out"], check=True, capture_output=True)
"""
    + EDIT
)


def run() -> list[tuple[str, ...]]:
    ratios, svgs, pdfs = [], [], []
    for _ in range(PAIRS):
        svgs.append(measure(FORMAT.format(fmt="svg"), SETUP))
        pdfs.append(measure(FORMAT.format(fmt="pdf"), SETUP))
        ratios.append(svgs[-1]["cpu"] / pdfs[-1]["cpu"])
    both = measure("list(build_kits(load_library(root), BuildRequest()))", SETUP, repeat=3)
    cold = measure("list(build_kits(load_library(root), request))", SETUP + GREEN, repeat=3)
    rebuild = "list(build_kits(load_library(root), request))"
    warm = measure(rebuild, SETUP + GREEN + WARM, repeat=3)
    disk = measure(rebuild, SETUP + GREEN + WARM_ON_DISK, repeat=3)
    svg_cpu = statistics.median(r["cpu"] for r in svgs)
    pdf_cpu = statistics.median(r["cpu"] for r in pdfs)
    return [
        (
            "four kits, --format svg vs --format pdf, cold",
            f"{svg_cpu:.2f} s / {pdf_cpu:.2f} s CPU",
            f"{statistics.median(ratios):.2f}x (median of {PAIRS} pairs; "
            f"{min(ratios):.2f}x to {max(ratios):.2f}x)",
            "target: at most 1.5x",
        ),
        (
            "four kits, PDF and SVG, cold",
            f"{both['cpu']:.2f} s CPU, {both['seconds']:.2f} s wall",
            "",
            "target: at most 3 s CPU",
        ),
        (
            "Village Green, PDF and SVG, cold",
            f"{cold['cpu']:.2f} s CPU, {cold['seconds']:.2f} s wall",
            "",
            "",
        ),
        (
            "Village Green, one card's name changed, rebuilt in the same process (--watch)",
            f"{warm['cpu']:.2f} s CPU, {warm['seconds']:.2f} s wall",
            f"{warm['cpu'] / cold['cpu']:.2f}x the cold build's CPU",
            "target: under 1 s wall, at most 0.2x",
        ),
        (
            "Village Green, one card's name changed, rebuilt by a new process (cache on disk)",
            f"{disk['cpu']:.2f} s CPU, {disk['seconds']:.2f} s wall",
            f"{disk['cpu'] / cold['cpu']:.2f}x the cold build's CPU",
            "target: under 1 s wall, at most 0.2x",
        ),
    ]
