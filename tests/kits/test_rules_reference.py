"""The rules reference in every kit (issue 27): set-up, a turn, the end, scoring and ties,
printed from the YAML, every paragraph whole and in order. Issue 42: readings a table can act
on (a sentence, never a setting's name or a command-line option), a folded sheet that fills
both columns of a page before it takes another and keeps each section in one column, the
footnote once a page. Each game's own cases (the playtest defaults it marks, its readings, a
changed number printing changed, its options' lines) are in its folder,
tests/<package>/test_rules_reference.py."""

from __future__ import annotations

import re
from typing import Any

import pdfplumber
import pytest

from playtest.faces.fonts import fonts_for
from playtest.generator.impose.reference import SIZE_STEP, column_size, fold_columns
from playtest.generator.impose.reference_text import (
    fill,
    paragraphs,
    reference_context,
)
from playtest.layout.templates import FIELD
from playtest.library.loader import load_library
from playtest.model.print_options import PrintOptions
from playtest.model.reference import ReferenceLine
from tests.conftest import Kit
from tests.kits.rules_reference import (
    FOOTER_BAND,
    FOOTNOTE,
    MARK,
    flat,
    is_footnote,
    reference_columns,
    reference_pages,
    reference_text,
)

LIBRARY = load_library()
GAMES = LIBRARY.game_ids  # every game of the components shipped
FOLDED = [g for g in GAMES if LIBRARY.game(g).reference.layout == "folded-sheet"]
BLANK = "intentionally blank"


@pytest.mark.parametrize("game", GAMES)
def test_every_kit_prints_its_whole_reference_from_the_yaml(
    shipped_kit: Kit, library, game: str
) -> None:
    pdf = shipped_kit(game)
    printed = flat(reference_text(pdf))
    paras = paragraphs(library.game(game))
    titles = [p.text for p in paras if p.kind == "heading"]
    # set-up, a turn (or round), the end, and how the winner is found
    assert any(t.startswith("Set-up") for t in titles), titles
    assert any("turn" in t.lower() or "round" in t.lower() for t in titles), titles
    assert "The end" in titles
    assert "wins" in printed and ("tie" in printed.lower() or "Tied" in printed)
    for para in paras:  # every paragraph, whole, in order of the YAML
        assert flat(para.text) in printed, para.text
    assert printed.index(flat(paras[-1].text)) > printed.index(flat(paras[1].text))


@pytest.mark.parametrize("game", GAMES)
def test_the_footnote_is_printed_once_on_every_page_with_the_mark(
    shipped_kit: Kit, game: str
) -> None:
    """Issue 42: a page printed it at the foot of both columns."""
    for page in reference_columns(shipped_kit(game)):
        lines = "\n".join(page).splitlines()
        notes = [line for line in lines if is_footnote(line)]
        marked = any(MARK in line for line in lines if not is_footnote(line))
        assert len(notes) == (1 if marked else 0), notes


# ---------------------------------------------------------------- a folded sheet uses its page


@pytest.mark.parametrize("game", FOLDED)
def test_a_folded_sheet_fills_both_columns_before_another_page(shipped_kit: Kit, game: str) -> None:
    """Every column of every page holds text (three of the four games left page 5's right
    column empty at 8.5 pt), and the text is as large as it can be: its
    `max_text_size`, or one size step more would take another page."""
    pages = reference_columns(shipped_kit(game))
    assert pages
    for number, page in enumerate(pages, 1):
        for column, text in enumerate(page, 1):
            words = [ln for ln in text.splitlines() if not is_footnote(ln)]
            assert words, f"page {number}, column {column} is empty"
    reference = LIBRARY.game(game).reference
    folded = _folded(game, reference.text_size, reference.max_text_size)
    assert folded.text_pt >= reference.text_size
    if folded.text_pt < reference.max_text_size:
        bigger = folded.text_pt + SIZE_STEP
        assert len(_folded(game, bigger, bigger).panels) > 2 * len(pages)


def _folded(game: str, text_pt: float, max_pt: float):
    found = LIBRARY.game(game)
    reference = found.reference
    opts = PrintOptions.from_presets(found.presets)
    fonts = fonts_for(found)
    column = column_size(opts)
    args = (reference.mark, reference.footnote)
    return fold_columns(paragraphs(found), column, fonts, text_pt, max_pt, *args)


@pytest.mark.parametrize("game", FOLDED)
def test_no_section_is_split_across_the_fold(shipped_kit: Kit, game: str) -> None:
    """Every column after the first begins with a section's heading: a section never runs
    from one column into the next (a game's scoring section ran over the fold)."""
    pdf = shipped_kit(game)
    headings = [p.text for p in paragraphs(LIBRARY.game(game)) if p.kind == "heading"]
    seen = 0
    with pdfplumber.open(pdf) as doc:
        for n in reference_pages(pdf):
            page = doc.pages[n - 1]
            if BLANK in (page.extract_text() or ""):
                continue
            bottom = page.height - FOOTER_BAND * 72 / 25.4
            for x0, x1 in ((0, page.width / 2), (page.width / 2, page.width)):
                lines = (page.crop((x0, 0, x1, bottom)).extract_text() or "").splitlines()
                if seen:  # not the title's column
                    assert any(lines[0] == h or h.startswith(lines[0]) for h in headings), (
                        f"page {n}: a column begins inside a section: {lines[0]!r}"
                    )
                seen += 1
    assert seen >= 2


# ------------------------------------------------- readings a table can act on, in every branch


def _all_lines(game_id: str) -> list[tuple[str, ReferenceLine, str]]:
    """Every paragraph of the game's reference, whatever the options and defaults in force,
    filled from the shipped YAML: (where, line, text)."""
    game = LIBRARY.game(game_id)
    reference = game.reference
    ctx = reference_context(game, scan=True)
    out = []
    for s, section in enumerate(reference.sections):
        for n, line in enumerate(section.lines):
            item = ReferenceLine(text=line) if isinstance(line, str) else line
            text, _ = fill(item.text or item.reading or "", ctx, reference)
            out.append((f"{game_id}: sections[{s}].lines[{n}]", item, text))
    return out


def _identifiers(game_id: str) -> set[str]:
    """Names only a designer or the tool knows: the keys and option names of the game, and
    every value of its rules written as an identifier (`when_taken`, `remaining-dice`)."""
    game = LIBRARY.game(game_id)
    found: set[str] = set(game.info.options)

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                found.add(str(key))
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)
        elif isinstance(value, str):
            found.add(value)

    walk(game.rules_data)
    for section in game.reference.sections:
        for line in section.lines:
            if not isinstance(line, str):
                for condition in (line.when or {}, line.unless or {}):
                    found.update(str(k).rsplit(".", 1)[-1] for k in condition)
                    found.update(str(v) for v in condition.values() if isinstance(v, str))
    return {w for w in found if re.fullmatch(r"[a-z0-9]+([_-][a-z0-9]+)+", w)}


@pytest.mark.parametrize("game", GAMES)
def test_no_reference_text_holds_a_setting_name_or_a_command_line_option(game: str) -> None:
    """Issue 42: "(powers spent: when_taken)", "Build with --option carrot-only-play=off":
    every paragraph, in every branch, is in words a table can act on. The one footnote, for
    the designer, may name the files that hold the defaults."""
    names = _identifiers(game)
    ctx = reference_context(LIBRARY.game(game), scan=True)
    for where, item, text in _all_lines(game):
        for bad in ("--", "_", "=", ".yaml", "{", "}", *DESIGNERS_WORDS):
            assert bad not in text, f"{where}: {bad!r} in {text!r}"
        words = set(re.findall(r"[A-Za-z0-9][A-Za-z0-9_-]*", text))
        assert not words & names, f"{where}: {sorted(words & names)} in {text!r}"
        for match in FIELD.finditer(item.text or item.reading or ""):
            value = ctx.lookup(match.group(1))
            assert not isinstance(value, bool), f"{where}: prints a setting: {match.group(0)}"
    footnote = LIBRARY.game(game).reference.footnote
    assert f"{MARK} {footnote}".startswith(FOOTNOTE) and "--" not in footnote
    # the one file it may name is game.yaml (it named cards.yaml too, and passed: only its
    # start and "--" were checked)
    assert set(re.findall(r"[\w.-]+\.ya?ml\b", footnote)) <= {"game.yaml"}, footnote
    assert not set(re.findall(r"[A-Za-z0-9][A-Za-z0-9_-]*", footnote)) & names, footnote


# Words for the designer, not the table: the write-up the kit is made from is not in it.
DESIGNERS_WORDS = ("write-up", "published", "seed")
# Whoever prints the kit corrects their printer by building again with these: the print
# check and the duplex test (pages 1 and 3) say so; nothing else a table reads names an option.
CALIBRATION = ("--scale-x", "--scale-y", "--back-offset")
COMMAND = re.compile(r"\bplaytest (build|preview|score|check|serve|list)\b")


def _kit_lines(pdf) -> list[tuple[int, str]]:
    with pdfplumber.open(pdf) as doc:
        return [
            (n, line)
            for n, page in enumerate(doc.pages, 1)
            for line in (page.extract_text() or "").splitlines()
        ]


@pytest.mark.parametrize("game", GAMES)
def test_no_page_a_table_reads_holds_a_setting_name_or_a_command_line_option(
    shipped_kit: Kit, game: str
) -> None:
    """Issue 42, on every page of the kit, the contents included: they printed "Options in
    force: rhubarb off, carrot-only-play on (playtest build --option NAME=on|off)" and each
    deck's sheet preset ("poker-9up-a4"). Only the reference's footnote names a file, and only
    the printer's calibration an option."""
    found = LIBRARY.game(game)
    names = _identifiers(game) | {t.id for t in found.presets.templates}
    footnote = f"{found.reference.mark} {found.reference.footnote}"
    for page, line in _kit_lines(shipped_kit(game)):
        where = f"page {page}: {line!r}"
        said = line
        for option in CALIBRATION:
            said = said.replace(option, "")
        assert "--" not in said and not COMMAND.search(said), where
        assert not re.search(r"\w=\w", said), where
        files = re.findall(r"[\w.-]+\.ya?ml\b", said)
        assert not files or (footnote in line and files == ["game.yaml"]), where
        for bad in DESIGNERS_WORDS:
            assert bad not in said.lower(), where
        words = set(re.findall(r"[A-Za-z0-9][A-Za-z0-9_-]*", said))
        assert not words & names, f"{where}: {sorted(words & names)}"


SENTENCE = re.compile(r"^[A-Z0-9][^\n]*[a-z0-9)].*[.!?]" + MARK + "?$", re.S)


@pytest.mark.parametrize("game", GAMES)
def test_every_reading_is_a_sentence(game: str) -> None:
    """A reading, in every branch (each value of a playtest default, each option on or off),
    is a sentence a player can follow: a capital first, a full stop last, words between."""
    readings = [(w, t) for w, item, t in _all_lines(game) if item.reading is not None]
    for where, text in readings:
        assert SENTENCE.match(text), f"{where}: {text!r}"
        assert len(text.split()) >= 5, f"{where}: {text!r}"


@pytest.mark.parametrize("game", [g for g in GAMES if LIBRARY.game(g).info.options])
def test_every_option_is_read_in_sentences_on_and_off(game: str) -> None:
    """Each game option changes what the reference says, and what it says either way is a
    sentence without the option's name."""
    found = LIBRARY.game(game)
    for option in found.info.options:
        on, off = (
            {p.text for p in paragraphs(found.with_options({option: value}))}
            for value in (True, False)
        )
        assert on - off and off - on, option
        for text in (on - off) | (off - on):
            said = text.removeprefix(f"{found.reference.reading_label} ")
            assert SENTENCE.match(said) and option not in said, said
