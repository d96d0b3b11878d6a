"""`playtest preview` follows the output rules of `build`: not outside the working folder
unless asked, never among the components, never into a folder that is not a preview, and its
temporary files are created exclusively (a link planted at their name is never followed)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import make_components

PNG = b"\x89PNG\r\n\x1a\n"


def test_preview_never_writes_into_the_components(tmp_path: Path, run_cli, monkeypatch) -> None:
    root = make_components(tmp_path)
    monkeypatch.chdir(tmp_path)
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    result = run_cli(
        "preview", "mini-game", "--page", "1", "--components", root, "--out", root / "mini-game"
    )
    assert result.exit_code == 2
    assert "would mix the kit with the components" in result.stderr
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before


def test_preview_outside_the_working_folder_follows_build(
    tmp_path: Path, run_cli, monkeypatch
) -> None:
    """Issue 13: --out may be any folder, for preview as for build (no --allow-outside)."""
    work = tmp_path / "work"
    work.mkdir()
    root = make_components(work)
    monkeypatch.chdir(work)
    elsewhere = tmp_path / "elsewhere"
    result = run_cli(
        "preview",
        "mini-game",
        "--page",
        "1",
        "--components",
        root,
        "--out",
        elsewhere,
        "--dpi",
        "20",
    )
    assert result.exit_code == 0
    assert (elsewhere / "mini-game-page-01.png").read_bytes().startswith(PNG)


def test_preview_never_overwrites_a_folder_that_is_not_a_preview(
    tmp_path: Path, run_cli, monkeypatch
) -> None:
    root = make_components(tmp_path)
    monkeypatch.chdir(tmp_path)
    mine = tmp_path / "photos"
    mine.mkdir()
    (mine / "mini-game-page-01.png").write_bytes(b"my holiday")
    result = run_cli("preview", "mini-game", "--page", "1", "--components", root, "--out", "photos")
    assert result.exit_code == 2
    assert result.stderr == (
        "playtest: --out: photos exists and is not a playtest preview folder; not writing into it\n"
    )
    assert (mine / "mini-game-page-01.png").read_bytes() == b"my holiday"


def test_links_planted_in_the_preview_folder_are_never_followed(
    tmp_path: Path, run_cli, monkeypatch
) -> None:
    root = make_components(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert (
        run_cli(
            "preview",
            "mini-game",
            "--page",
            "1",
            "--components",
            root,
            "--out",
            "out",
            "--dpi",
            "20",
        ).exit_code
        == 0
    )
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    out = tmp_path / "out"
    (out / ".mini-game-page-02.png.tmp").symlink_to("../victim.txt")  # the old temporary name
    (out / "mini-game-page-03.png").unlink(missing_ok=True)
    (out / "mini-game-page-03.png").symlink_to("../victim.txt")  # the final name
    result = run_cli(
        "preview",
        "mini-game",
        "--page",
        "2",
        "--page",
        "3",
        "--components",
        root,
        "--out",
        "out",
        "--dpi",
        "20",
    )
    assert result.exit_code == 0, result.stderr
    assert victim.read_text() == "precious"
    assert (out / "mini-game-page-02.png").read_bytes().startswith(PNG)
    page_3 = out / "mini-game-page-03.png"
    assert not page_3.is_symlink() and page_3.read_bytes().startswith(PNG)
    assert not [p for p in out.iterdir() if p.name.endswith(".tmp") and not p.is_symlink()]


def test_a_missing_page_writes_nothing(tmp_path: Path, run_cli, monkeypatch) -> None:
    root = make_components(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = run_cli(
        "preview", "mini-game", "--page", "1", "--page", "99", "--components", root, "--out", "prev"
    )
    assert result.exit_code == 2
    assert result.stderr == ("playtest: --page: page 99 does not exist (the kit has 26 pages)\n")
    assert not (tmp_path / "prev").exists()
