"""What a result that draws itself gains: its picture as a PNG file. A result class that has a
`to_svg()` (a drawing) or a `figure()` (a matplotlib plot) takes this mixin beside
`essais.core.result.Result`."""

from __future__ import annotations

from pathlib import Path

from essais.draw.plots import CSS_DPI, save_figure, svg_to_png


class Pictured:
    """`to_png(file, dpi)` from the result's `figure()` or `to_svg()`."""

    def to_png(self, file: str | Path, dpi: int = CSS_DPI) -> None:
        """The picture as a PNG file, `dpi` pixels per inch (96: the SVG's size in pixels); a
        plot is saved from its matplotlib figure (`figure()`), a drawing painted from its SVG."""
        figure = getattr(self, "figure", None)
        if figure is not None:
            save_figure(figure(), file, dpi)
        else:
            svg_to_png(self.to_svg(), file, dpi)  # type: ignore[attr-defined]
