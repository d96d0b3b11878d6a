"""Print options of one build: the YAML defaults (components/_shared/print.yaml) with the
command line's overrides applied. Each kind's faces and sections read them, and so does the
photo reader (the scan marks' sizes)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from playtest.core.errors import InputError
from playtest.core.finite import require_range
from playtest.model.presets import Presets


@dataclass(frozen=True)
class MarkSizes:
    """Sizes of the scan marks in mm. No defaults: components/_shared/print.yaml (`scan_*`)
    owns them, and `PrintOptions.from_presets` is where they are read from it."""

    marker: float  # corner marker side, on the sheet's own scale
    inset: float  # from the sheet's edge to the marker
    card_marker: float
    card_inset: float  # from the card's trim to its marker


@dataclass(frozen=True)
class PrintOptions:
    paper_name: str
    paper: tuple[float, float]
    bleed: float
    margin: float
    crop_marks: bool
    guides: bool
    crop_offset: float
    crop_length: float
    crop_length_min: float
    crop_width: float  # mm
    backs: str
    back_offset: tuple[float, float]
    back_bleed: float
    sticker_size: float
    net_face: float
    glue_tab: float
    tile_overlap: float
    scan_sizes: MarkSizes  # print.yaml's `scan_*`: no default, so no size but the YAML's
    footer: float = 3.0  # mm above the bottom margin kept for the page footer
    footer_gap: float = 2.0  # mm between that band and the crop marks or guides above it
    auto_gutter: float = 1.5  # mm between cards of an automatic grid or a fold page, room allowing
    gutter: float | None = None  # overrides every card template's gutter
    ink_saver: bool = False
    card_mark: str = ""  # the version mark printed on every card
    scale_x: float = 1.0
    scale_y: float = 1.0
    scan_marks: bool = False

    @property
    def duplex(self) -> bool:
        return self.backs in ("duplex-long", "duplex-short")

    @property
    def content_bottom(self) -> float:
        """Nothing but the footer is printed below this line."""
        return self.paper[1] - self.margin - self.footer

    @property
    def marks_band(self) -> float:
        """What a sheet of cards keeps clear above the bottom margin: the footer's band and
        the gap between it and the crop marks."""
        return self.footer + self.footer_gap

    @property
    def marks_bottom(self) -> float:
        """Crop marks and guides end here at the bottom: clear of the footer's text."""
        return self.paper[1] - self.margin - self.marks_band

    @classmethod
    def from_presets(cls, presets: Presets, **overrides: Any) -> PrintOptions:
        p = presets.print
        paper_name = overrides.pop("paper", None) or p.paper
        if paper_name not in presets.papers:
            known = ", ".join(sorted(presets.papers))
            raise InputError.one(
                "playtest",
                None,
                "paper",
                f"unknown paper {paper_name!r} (expected one of: {known})",
            )
        _check_numbers(overrides)
        options = cls(
            paper_name=paper_name,
            paper=presets.papers[paper_name],
            bleed=p.bleed,
            margin=p.printable_margin,
            crop_marks=p.crop_marks,
            guides=False,
            crop_offset=p.crop_offset,
            crop_length=p.crop_length,
            crop_length_min=p.crop_length_min,
            crop_width=p.crop_width_pt * 25.4 / 72,
            backs=p.backs,
            back_offset=(0.0, 0.0),
            back_bleed=p.back_bleed,
            sticker_size=p.sticker_size,
            net_face=p.net_face,
            glue_tab=p.glue_tab,
            tile_overlap=p.tile_overlap,
            footer=p.footer,
            footer_gap=p.footer_gap,
            auto_gutter=p.gutter,
            scan_marks=p.scan_marks,
            scan_sizes=MarkSizes(
                marker=p.scan_marker,
                inset=p.scan_inset,
                card_marker=p.scan_card_marker,
                card_inset=p.scan_card_inset,
            ),
        )
        return replace(options, **{k: v for k, v in overrides.items() if v is not None})


# the command line's numbers: click's FloatRange lets NaN through (every comparison is False)
OPTION_RANGES = {
    "bleed": ("--bleed", 0, 10),
    "scale_x": ("--scale-x", 0.5, 2),
    "scale_y": ("--scale-y", 0.5, 2),
}


def _check_numbers(overrides: dict[str, Any]) -> None:
    for key, (flag, low, high) in OPTION_RANGES.items():
        value = overrides.get(key)
        if value is not None:
            require_range(value, low, high, "playtest", flag)
