"""What the dataset tests share: hypothesis settings, the names of Breiman's
generators and of the digit pairs, and writing a CSV as given."""

from __future__ import annotations

from pathlib import Path

from hypothesis import settings
from hypothesis import strategies as st

#: Hypothesis settings of the property tests of the generators and CSV files.
FAST = settings(max_examples=25, deadline=None)

#: Any seed a generator takes.
SEEDS = st.integers(0, 2**32 - 1)

#: Breiman's Gaussian problems, and with waveform all of his generators.
GAUSSIANS = ("twonorm", "threenorm", "ringnorm")
BREIMAN = (*GAUSSIANS, "waveform")

#: The OCR digit pairs of Reyzin and Schapire (2006).
DIGITS = ("digits_1_7", "digits_4_9")
BREIMAN_AND_DIGITS = (*BREIMAN, *DIGITS)


def write_csv(path: Path, text: str) -> Path:
    """``text`` written to ``path`` as it is (no newline translation)."""
    path.write_text(text, newline="")
    return path
