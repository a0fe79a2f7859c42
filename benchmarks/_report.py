"""BENCHMARKS.md is made of sections, one per benchmark script, each between markers; a script
rewrites its own section and leaves the others as they are."""

from __future__ import annotations

import os
import platform
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
    return f"{time.strftime('%Y-%m-%d')} on {name} ({os.cpu_count()} cores), Python {platform.python_version()}"


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
