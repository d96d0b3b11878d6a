"""The SHA-256 of every file `playtest build` writes for the shipped games, kept in
kit-digests.sha256 (`sha256sum -c` format): the kits must come out byte-identical on every
Python the project supports (3.11-3.13), so one digest file holds for all of them.

    python -m tests.kits.kit_digests --write       # after a change that alters a kit on purpose
    python -m tests.kits.kit_digests PYTHON...     # build with each interpreter and compare

Each PYTHON needs playtest installed (`python3.12 -m venv /tmp/py312 &&
/tmp/py312/bin/pip install -e .`); `.ci/other-pythons` does this for 3.12 and 3.13.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

CACHE_DIR = ".playtest-cache"  # playtest.generator.kit.cache's, not imported: this runs any Python
DIGESTS = Path(__file__).with_name("kit-digests.sha256")
# the build date printed in the kits: without it, the newest component file's date, which is
# when the checkout was made, not what the components say
BUILD_DATE = {"SOURCE_DATE_EPOCH": "1795996800"}  # 2026-11-30
# reportlab names itself in two comments of a PDF, its header's and its trailer's: 5.x
# "(opensource)", 4.x "http://www.reportlab.com". Everything else is the same bytes, so a 4.x
# PDF is compared as 5.x writes it (`as_reportlab_5`).
REPORTLAB_5, REPORTLAB_4 = b"(opensource)", b"http://www.reportlab.com"
HEADER = b" ReportLab Generated PDF document "
TRAILER = b"% ReportLab generated PDF document -- digest "


def build(python: str, out: Path) -> dict[str, str]:
    """Build every shipped kit (the default options) with `python` into `out`; path -> digest."""
    subprocess.run(
        [python, "-m", "playtest.cli", "build", "-q", "--out", str(out)],
        check=True,
        cwd=out.parent,
        capture_output=True,
        env={**os.environ, **BUILD_DATE},
    )
    return {
        p.relative_to(out).as_posix(): hashlib.sha256(_compared(p)).hexdigest()
        for p in sorted(out.rglob("*"))
        if p.is_file() and CACHE_DIR not in p.relative_to(out).parts  # not the kit: a cache
    }


def _compared(path: Path) -> bytes:
    data = path.read_bytes()
    return as_reportlab_5(data) if path.suffix == ".pdf" else data


def as_reportlab_5(pdf: bytes) -> bytes:
    """A PDF as reportlab 5.x writes it: written by 4.x, its name in the two comments is 5.x's,
    and every offset past the header (the cross-reference table's, `startxref`) moves by the
    difference in length. Anything else is left as it is (and differs)."""
    at = pdf.find(HEADER + REPORTLAB_4, 0, 200)
    if at < 0:
        return pdf
    shift = len(REPORTLAB_5) - len(REPORTLAB_4)
    start = at + len(HEADER)
    pdf = pdf[:start] + REPORTLAB_5 + pdf[start + len(REPORTLAB_4) :]
    end = re.search(rb"startxref\n(\d+)\n%%EOF\n$", pdf)
    if end is None:
        return pdf
    xref = int(end.group(1)) + shift
    tail = re.sub(  # an object's entry: its offset, its generation, n
        rb"(?m)^(\d{10}) (\d{5} n)",
        lambda entry: b"%010d %s" % (int(entry.group(1)) + shift, entry.group(2)),
        pdf[xref : end.start()],
    )
    tail = tail.replace(TRAILER + b"(" + REPORTLAB_4 + b")", TRAILER + REPORTLAB_5)
    return pdf[:xref] + tail + b"startxref\n%d\n%%%%EOF\n" % xref


def recorded() -> dict[str, str]:
    lines = DIGESTS.read_text(encoding="utf-8").splitlines()
    return {path: digest for digest, path in (line.split("  ", 1) for line in lines)}


def write(digests: dict[str, str]) -> None:
    DIGESTS.write_text("".join(f"{d}  {p}\n" for p, d in sorted(digests.items())), encoding="utf-8")


def differences(found: dict[str, str], expected: dict[str, str]) -> list[str]:
    """One line per file that is missing, unexpected or different."""
    out = []
    for path in sorted(found.keys() | expected.keys()):
        if path not in found:
            out.append(f"{path}: missing")
        elif path not in expected:
            out.append(f"{path}: not expected")
        elif found[path] != expected[path]:
            out.append(f"{path}: differs")
    return out


def main(argv: list[str]) -> int:
    with tempfile.TemporaryDirectory(prefix="kit-digests-") as tmp:
        if argv == ["--write"]:
            write(build(sys.executable, Path(tmp) / "kits"))
            print(f"wrote {DIGESTS}")
            return 0
        failed = 0
        for n, python in enumerate(argv or [sys.executable]):
            wrong = differences(build(python, Path(tmp) / f"kits-{n}"), recorded())
            print(f"{python}: {'identical' if not wrong else f'{len(wrong)} files differ'}")
            for line in wrong:
                print(f"  {line}")
            failed |= bool(wrong)
        return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
