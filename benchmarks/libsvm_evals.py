"""libsvm's own cost of a fit: iterations and kernel evaluations.

scikit-learn's ``SVC`` runs libsvm but reports only its iterations
(``n_iter_``), not how many kernel values its solver computed. This module
builds, once, a small command-line program (``libsvm_count.cpp``) against
libsvm's ``svm.cpp`` with one counter added, and runs it on a problem:

1. ``pip download`` fetches the source distribution of ``libsvm-official``
   (libsvm's own Python package on PyPI, which ships ``svm.cpp`` and
   ``svm.h``; version :data:`LIBSVM_VERSION`) into ``benchmarks/.build/``;
2. the copy of ``svm.cpp`` gets ``marginlab_column_evals += len - start;``
   where ``SVC_Q::get_Q`` fills the missing entries ``[start, len)`` of a
   column: the kernel values computed for Q's columns, the quantity that
   ``SVM.n_kernel_evals_`` counts (neither counts the diagonal, computed once);
3. ``g++ -O2`` compiles the two files (``-O2`` without OpenMP, as
   scikit-learn builds libsvm).

Nothing here is imported by marginlab. Without ``g++``, without the
download, or with :data:`ENABLED` false (``run.py --no-libsvm``),
:func:`libsvm_cost` returns ``None`` and the benchmark leaves the libsvm
columns blank.
"""

from __future__ import annotations

import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
BUILD = HERE / ".build"
LIBSVM_VERSION = "3.37.0"
#: False skips the counting fits (``run.py --no-libsvm``).
ENABLED = True
#: The line of SVC_Q::get_Q (and ONE_CLASS_Q's) after which the counter goes.
_FILL = "if((start = cache->get_data(i,&data,len)) < len)\n\t\t{"
_COUNT = _FILL + "\n\t\t\tmarginlab_column_evals += len - start;"


def build(build_dir: Path = BUILD) -> Path:
    """The path of the counting libsvm program, built on first use."""
    exe = build_dir / f"libsvm_count-{LIBSVM_VERSION}"
    if exe.exists():
        return exe
    build_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=build_dir) as tmp:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--disable-pip-version-check",
                "--no-deps",
                "--no-binary",
                ":all:",
                f"libsvm-official=={LIBSVM_VERSION}",
                "-d",
                tmp,
            ],
            check=True,
        )
        (sdist,) = Path(tmp).glob("libsvm_official-*.tar.gz")
        prefix = f"libsvm_official-{LIBSVM_VERSION}/cpp-source/"
        with tarfile.open(sdist) as tar:
            source = {
                name: tar.extractfile(prefix + name).read().decode()
                for name in ("svm.cpp", "svm.h")
            }
        cpp = source["svm.cpp"]
        if cpp.count(_FILL) != 2:
            raise RuntimeError(
                f"libsvm {LIBSVM_VERSION}: SVC_Q::get_Q is not where expected; "
                "cannot add the kernel-evaluation counter."
            )
        cpp = cpp.replace(_FILL, _COUNT).replace(
            '#include "svm.h"',
            '#include "svm.h"\nlong long marginlab_column_evals = 0;',
            1,
        )
        (Path(tmp) / "svm.cpp").write_text(cpp)
        (Path(tmp) / "svm.h").write_text(source["svm.h"])
        partial = Path(tmp) / exe.name
        subprocess.run(
            [
                "g++",
                "-O2",
                "-I",
                tmp,
                "-o",
                str(partial),
                str(HERE / "libsvm_count.cpp"),
                str(Path(tmp) / "svm.cpp"),
            ],
            check=True,
        )
        partial.replace(exe)
    return exe


def libsvm_cost(
    X: np.ndarray,
    y: np.ndarray,
    *,
    C: float,
    gamma: float,
    tol: float,
    cache_mb: float = 200.0,
    shrinking: bool = True,
) -> dict[str, float] | None:
    """Train libsvm's C-SVC with an RBF kernel; its iterations and kernel evaluations.

    Parameters
    ----------
    X : ndarray of shape (m, n)
    y : ndarray of shape (m,)
        Labels in {−1, +1}.
    C, gamma, tol : float
        As ``SVC(C=C, gamma=gamma, tol=tol)``; k(x, x') = exp(−γ‖x − x'‖²).
    cache_mb : float, default=200
        libsvm's kernel cache (scikit-learn's default ``cache_size``).
    shrinking : bool, default=True

    Returns
    -------
    cost : dict or None
        ``libsvm_n_iter``, ``libsvm_kernel_evals``, ``libsvm_n_sv``; ``None``
        when the program cannot be built (no ``g++``, no download) or
        :data:`ENABLED` is false.
    """
    if not ENABLED:
        return None
    try:
        exe = build()
    except (OSError, subprocess.CalledProcessError, RuntimeError) as err:
        print(f"libsvm_evals: cannot build the counting libsvm: {err}", file=sys.stderr)
        return None
    X = np.ascontiguousarray(X, dtype=np.float64)
    y = np.ascontiguousarray(y, dtype=np.float64)
    m, n = X.shape
    header = np.array([m, n], dtype=np.int32).tobytes()
    params = np.array([C, gamma, tol, cache_mb, float(shrinking)], dtype=np.float64)
    with tempfile.NamedTemporaryFile(suffix=".bin") as data:
        data.write(header + params.tobytes() + X.tobytes() + y.tobytes())
        data.flush()
        out = subprocess.run(
            [str(exe), data.name], check=True, capture_output=True, text=True
        ).stdout.split()
    n_iter, evals, n_sv = (int(v) for v in out)
    return {
        "libsvm_n_iter": float(n_iter),
        "libsvm_kernel_evals": float(evals),
        "libsvm_n_sv": float(n_sv),
    }
