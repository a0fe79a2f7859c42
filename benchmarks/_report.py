"""BENCHMARKS.md is made of sections, one per benchmark script, each between markers; a script
rewrites its own section and leaves the others as they are."""

from __future__ import annotations

import os
import platform
import subprocess
import time
from pathlib import Path

REPORT = Path(__file__).resolve().parent.parent / "BENCHMARKS.md"
TITLE = "# Benchmarks\n\nEach section says the command that measured it; rerun it to refresh that section.\n"


def machine() -> str:
    name = platform.processor() or "unknown CPU"
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                name = line.split(":", 1)[1].strip()
                break
    return (f"{time.strftime('%Y-%m-%d')} at commit {commit()} on {name} ({os.cpu_count()} cores), "
            f"Python {platform.python_version()}")  # fmt: skip


def commit() -> str:
    """The commit measured (`+` when the work tree has changes not committed)."""

    def git(*args: str) -> str:
        return subprocess.run(["git", *args], capture_output=True, text=True, cwd=REPORT.parent).stdout.strip()

    head = git("rev-parse", "--short", "HEAD") or "unknown"
    return head + ("+" if git("status", "--porcelain", "--untracked-files=no") else "")


def write_section(name: str, lines: list[str]) -> None:
    begin, end = f"<!-- {name} -->", f"<!-- /{name} -->"
    text = REPORT.read_text() if REPORT.exists() else TITLE
    if not text.startswith(TITLE):
        text = TITLE  # an older report, written whole by one script: start afresh
    block = "\n".join([begin, *lines, end])
    if begin in text and end in text:
        before, rest = text.split(begin, 1)
        after = rest.split(end, 1)[1]
        text = before + block + after
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    REPORT.write_text(text)
