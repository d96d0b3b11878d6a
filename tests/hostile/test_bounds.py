"""Hostile files are refused in bounded time and memory: the loader stops counting values long
before an alias bomb or a deep nest could exhaust the machine."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tests.hostile.fresh import PEAK_MB_SOURCE

REPO = Path(__file__).resolve().parents[2]
BOMB = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 10)}]\n" for i in range(12)
)  # 10^13 values once expanded
CASES = {
    "alias bomb": BOMB,
    "deep nesting": "a: " + "[" * 5000 + "]" * 5000 + "\n",
    "huge number": "x: " + "9" * 100_000 + "\n",
    "long line": "x: " + "y" * 4_000_000,
}

PROBE = PEAK_MB_SOURCE + textwrap.dedent("""
    import json, resource, sys
    from pathlib import Path
    from playtest.core.errors import InputError
    from playtest.core.yamlsource import parse_document
    data = Path(sys.argv[1]).read_bytes()
    try:
        parse_document(data, Path("x.yaml"), "x.yaml")
        answer = "read"
    except InputError as exc:
        answer = [str(p) for p in exc.problems]
    print(json.dumps({"answer": answer, "peak_mb": peak_mb()}))
""")


@pytest.mark.parametrize("name", sorted(CASES))
def test_refused_or_read_quickly_in_little_memory(name: str, tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(CASES[name])
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(path)],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=True,
        timeout=60,
    )
    elapsed = time.perf_counter() - start
    result = json.loads(done.stdout)
    assert elapsed < 10, elapsed
    assert result["peak_mb"] < 400, result
    if name in ("alias bomb", "deep nesting"):
        assert len(result["answer"]) == 1 and result["answer"][0].startswith("x.yaml:")
