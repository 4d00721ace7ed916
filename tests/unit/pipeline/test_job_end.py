"""end_job: a job's streams are flushed, the status is 0, teardown is skipped."""

import subprocess
import sys
import textwrap
from pathlib import Path

import marginlab

SRC = str(Path(marginlab.__file__).parents[1])


def _run(body: str, tmp_path: Path) -> subprocess.CompletedProcess:
    code = textwrap.dedent(
        f"""
        import atexit, sys
        sys.path.insert(0, {SRC!r})
        from marginlab.pipeline.job_end import end_job
        sys.stderr = open({str(tmp_path / "job.log")!r}, "w", buffering=65536)
        atexit.register(lambda: print("teardown ran"))
        """
    )
    return subprocess.run(
        [sys.executable, "-c", code + textwrap.dedent(body)],
        capture_output=True,
        text=True,
        check=False,
    )


def test_flushes_the_log_and_stdout_and_exits_0_without_teardown(tmp_path):
    done = _run(
        """
        print("a line of the log", file=sys.stderr)
        print("on stdout", end="")
        end_job()
        print("after end_job")
        """,
        tmp_path,
    )
    assert done.returncode == 0
    assert (tmp_path / "job.log").read_text() == "a line of the log\n"
    assert done.stdout == "on stdout"  # neither "after end_job" nor the atexit line


def test_an_error_before_it_still_fails_the_job(tmp_path):
    done = _run(
        """
        raise RuntimeError("the study failed")
        end_job()
        """,
        tmp_path,
    )
    assert done.returncode == 1
    assert "RuntimeError: the study failed" in (tmp_path / "job.log").read_text()
    assert done.stdout == "teardown ran\n"
