"""The README gallery block and its pictures, regenerated from results."""

from __future__ import annotations

import hashlib
import io
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from PIL import Image

from marginlab.experiments._shared.rows import COLUMNS
from marginlab.pipeline import gallery


def _claims() -> pd.DataFrame:
    rows = [
        ["K1", "true", "theorem"],
        ["K1", "false", "empirical"],
        ["K1", "true", "check"],
        ["K1", "false", "check"],
        ["K1", "not resolved", "empirical"],
        ["B14", "n/a", "illustration"],
    ]
    nan = float("nan")
    return pd.DataFrame(
        [
            [
                i,
                f"{i}/r{n}",
                "t",
                "s",
                "d",
                "q",
                1.0,
                nan,
                nan,
                0.0,
                "<=",
                h,
                k,
                "f",
                nan,
            ]
            for n, (i, h, k) in enumerate(rows)
        ],
        columns=list(COLUMNS),
    )


def _png(width: int, height: int) -> bytes:
    """An opaque RGBA PNG of ``width`` × ``height`` pixels drawn as a figure
    is: a white ground, flat coloured panels, a black band and a grey slope."""
    pixels = np.full((height, width, 4), 255, dtype=np.uint8)
    for i, colour in enumerate([(244, 204, 204), (217, 234, 211), (31, 119, 180)]):
        pixels[height // 8 : height // 2, (2 * i + 1) * width // 7 :][
            :, : width // 7, :3
        ] = colour
    pixels[2 * height // 3 : 2 * height // 3 + 3, :, :3] = 0
    rows = np.arange(width) * (height - 1) // max(width - 1, 1)
    pixels[rows, np.arange(width), :3] = 128
    out = io.BytesIO()
    Image.fromarray(pixels, "RGBA").save(out, format="PNG")
    return out.getvalue()


def _figures(results: Path) -> None:
    """A PNG for every headline figure in ``results/figures``."""
    (results / "figures").mkdir(parents=True, exist_ok=True)
    for name, _ in gallery.headlines():
        (results / "figures" / f"{name}.png").write_bytes(_png(1200, 500))


def test_render_counts_rows_per_claim_and_links_the_headlines() -> None:
    text = gallery.render(_claims())
    # Checks are counted apart from the evidence.
    assert "| K1 | 5 | 1 | 1 | 1 | 1 of 2 | 0 |" in text
    assert "| B14 | 1 | 0 | 0 | 0 |  | 1 |" in text
    assert len(gallery.headlines()) == 4
    for name, _ in gallery.headlines():
        assert f"]({gallery.GALLERY}/{name}.png)" in text


def test_only_the_text_between_the_markers_changes() -> None:
    text = f"intro\n{gallery.START}\nold\n{gallery.END}\noutro\n"
    out = gallery.replace_between_markers(text, "new")
    assert out == f"intro\n{gallery.START}\nnew\n{gallery.END}\noutro\n"
    with pytest.raises(ValueError, match="exactly one"):
        gallery.replace_between_markers("no markers", "new")


def test_main_rewrites_the_readme_or_says_what_is_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = tmp_path / "README.md"
    readme.write_text(f"# x\n{gallery.START}\n{gallery.END}\n")
    results = tmp_path / "results"
    assert gallery.main([str(readme), str(results)]) == 1
    results.mkdir()
    _claims().to_csv(results / "claims.csv", index=False)
    # Without the headline figures: nothing is written, and they are named.
    assert gallery.main([str(readme), str(results)]) == 1
    assert "adaboost_bound.png" in capsys.readouterr().err
    assert gallery.START + "\n" + gallery.END in readme.read_text()
    assert not (tmp_path / "docs").exists()
    _figures(results)
    assert gallery.main([str(readme), str(results)]) == 0
    assert "| K1 | 5 | 1 | 1 | 1 | 1 of 2 | 0 |" in readme.read_text()
    assert "](docs/gallery/adaboost_bound.png)" in readme.read_text()
    assert (tmp_path / "docs" / "gallery" / "adaboost_bound.png").is_file()
    with pytest.raises(SystemExit) as usage:  # argparse's usage error
        gallery.main([str(readme)])
    assert usage.value.code == 2


def test_results_read_from_elsewhere_give_pictures_beside_the_readme(
    tmp_path: Path,
) -> None:
    readme = tmp_path / "project" / "README.md"
    readme.parent.mkdir()
    readme.write_text(f"# x\n{gallery.START}\n{gallery.END}\n")
    elsewhere = tmp_path / "fullrun" / "results"
    elsewhere.mkdir(parents=True)
    _claims().to_csv(elsewhere / "claims.csv", index=False)
    _figures(elsewhere)
    assert gallery.main([str(readme), str(elsewhere)]) == 0
    text = readme.read_text()
    assert "](docs/gallery/adaboost_bound.png)" in text
    assert str(tmp_path) not in text
    names = sorted(p.name for p in (readme.parent / "docs" / "gallery").iterdir())
    assert names == sorted(f"{name}.png" for name, _ in gallery.headlines())


def test_the_gallery_folder_holds_exactly_the_headlines(tmp_path: Path) -> None:
    """A figure that is no longer a headline loses its picture; other files
    of the folder are not the gallery's and stay."""
    _figures(tmp_path)
    folder = tmp_path / "gallery"
    folder.mkdir()
    (folder / "old_headline.png").write_bytes(_png(10, 10))
    (folder / "notes.txt").write_text("kept")
    written = gallery.write_gallery(tmp_path / "figures", folder)
    assert [p.stem for p in written] == [name for name, _ in gallery.headlines()]
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [p.name for p in written] + ["notes.txt"]
    )


def test_scaled_size_keeps_the_aspect_and_narrow_figures() -> None:
    assert gallery.scaled_size(2358, 706) == (gallery.MAX_WIDTH, 269)
    assert gallery.scaled_size(1800, 1) == (gallery.MAX_WIDTH, 1)
    assert gallery.scaled_size(4000, 1) == (gallery.MAX_WIDTH, 1)  # never 0 rows
    assert gallery.scaled_size(gallery.MAX_WIDTH, 300) == (gallery.MAX_WIDTH, 300)
    assert gallery.scaled_size(640, 480) == (640, 480)


def test_downscale_is_the_figure_made_small() -> None:
    """The picture is the figure resized (Lanczos) on its palette, names its
    source, and is the same bytes every time."""
    figure = _png(1800, 720)
    small = gallery.downscale(figure, "some_figure")
    assert small == gallery.downscale(figure, "some_figure")
    with Image.open(io.BytesIO(small)) as image:
        assert image.format == "PNG"
        assert image.size == (gallery.MAX_WIDTH, 360)
        assert image.mode == "P"
        assert image.info == {
            "Source": "results/figures/some_figure.png",
            "Source-Size": "1800x720",
            "Source-SHA256": hashlib.sha256(figure).hexdigest(),
        }
        pixels = np.asarray(image.convert("RGB"), dtype=float)
    with Image.open(io.BytesIO(figure)) as image:
        reference = image.convert("RGB").resize(
            (gallery.MAX_WIDTH, 360), Image.Resampling.LANCZOS
        )
    assert np.abs(pixels - np.asarray(reference, dtype=float)).mean() < 1.0
    narrow = gallery.downscale(_png(300, 200), "narrow")
    with Image.open(io.BytesIO(narrow)) as image:
        assert image.size == (300, 200)


def test_downscale_lays_transparency_on_white() -> None:
    pixels = np.zeros((20, 20, 4), dtype=np.uint8)  # transparent black
    out = io.BytesIO()
    Image.fromarray(pixels, "RGBA").save(out, format="PNG")
    with Image.open(io.BytesIO(gallery.downscale(out.getvalue(), "x"))) as image:
        assert (np.asarray(image.convert("RGB")) == 255).all()


def test_a_figure_the_pipeline_saved_is_downscaled_to_its_aspect(
    tmp_path: Path,
) -> None:
    """On a figure saved as the pipeline saves every figure (tight box, 150
    dpi), the picture keeps the figure's aspect to within a pixel."""
    from marginlab.experiments._shared.figures import new_figure, save_figure

    fig, ax = new_figure(width=12.0, height=3.5)
    ax.plot([0, 1, 2], [0, 1, 0], label="a line")
    ax.set_title("a wide figure")
    save_figure(fig, tmp_path / "wide.png")
    figure = (tmp_path / "wide.png").read_bytes()
    with Image.open(io.BytesIO(figure)) as image:
        width, height = image.size
    assert width > gallery.MAX_WIDTH
    with Image.open(io.BytesIO(gallery.downscale(figure, "wide"))) as image:
        assert image.width == gallery.MAX_WIDTH
        assert abs(image.height - height * gallery.MAX_WIDTH / width) <= 0.5
        pixels = np.asarray(image.convert("RGB"), dtype=float)
    with Image.open(io.BytesIO(figure)) as image:
        reference = image.convert("RGB").resize(
            (pixels.shape[1], pixels.shape[0]), Image.Resampling.LANCZOS
        )
    assert np.abs(pixels - np.asarray(reference, dtype=float)).mean() < 1.0


def test_the_project_readme_has_one_gallery_block() -> None:
    text = (Path(__file__).resolve().parents[3] / "README.md").read_text()
    assert text.count(gallery.START) == text.count(gallery.END) == 1
    links = re.findall(r"!\[[^]]*\]\(([^)]+)\)", text)
    assert links, "the gallery shows no figure"
    assert all(link.startswith(f"{gallery.GALLERY}/") for link in links), links


def test_render_tallies_the_cpu_times_apart_when_given() -> None:
    assert "CPU times" not in gallery.render(_claims())
    timings = _claims().iloc[:2]  # one held, one did not hold
    text = gallery.render(_claims(), timings=timings)
    assert "of 2 rows of evidence, 1 held, 1 did not hold and 0 are not" in text
