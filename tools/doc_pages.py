"""The pages and pictures made when the site is built (mkdocs-gen-files runs this file): the
command-line reference from each command's own help, and the guides' pictures drawn by the
commands the guides show."""

from __future__ import annotations

import shlex
import tempfile
from pathlib import Path

import mkdocs_gen_files
from typer.main import get_command
from typer.testing import CliRunner

from essais.cli.main import add_commands, app

# (file under images/built/, the command that draws it): each guide shows the picture and its command
PICTURES = [
    ("tour-8-closed.svg", "essais tour 8 --closed --svg {out}"),
    ("tour-5-every-start.svg", "essais tour 5 --method basic --every-start --svg {out}"),
    ("distances-10.svg", "essais distances 10 --svg {out}"),
    ("walks-8.svg", "essais tour 8 --method random --attempts 10000 --seed 1 --svg {out}"),
    ("uncrossed-7.svg", "essais uncrossed 7 --svg {out}"),
    ("queens-8.svg", "essais queens 8 --svg {out}"),
    ("queens-4-tree.svg", "essais queens 4 --count --tree {out}"),
    (
        "sudoku.svg",
        "essais sudoku 2......6.....7..3..48.9.1.....3.....3...1.........8.....1.2.57..8.73.....9......4 --svg {out}",
    ),
    ("queen-8-colouring.svg", "essais color queen:8 -k 9 --method dsatur --svg {out}"),
    ("petersen.svg", "essais color petersen --svg {out}"),
    ("guarini.svg", "essais swap puzzles/guarini.toml --svg {out}"),
    ("pentominoes-6x10.svg", "essais polyomino 6x10 --svg {out}"),
]
HELP_WIDTH = "100"  # columns of the help text, as a wide terminal shows it

add_commands()  # every sub-command, for the reference pages


def run(command: str) -> str:
    """Run one `essais …` command line in this process; its standard output."""
    arguments = shlex.split(command)[1:]
    result = CliRunner().invoke(app, arguments, env={"COLUMNS": HELP_WIDTH, "NO_COLOR": "1"})
    if result.exit_code != 0:
        raise RuntimeError(f"`{command}` ended with exit status {result.exit_code}: {result.output}")
    return result.stdout


def draw_pictures() -> None:
    with tempfile.TemporaryDirectory() as folder:
        for name, command in PICTURES:
            out = Path(folder) / name
            run(command.format(out=out))
            with mkdocs_gen_files.open(f"images/built/{name}", "wb") as picture:
                picture.write(out.read_bytes())


def command_reference() -> None:
    commands = get_command(app).commands  # type: ignore[attr-defined]
    with mkdocs_gen_files.open("reference/cli.md", "w") as page:
        page.write("# Command line\n\nEach command's own help (`essais COMMAND --help`), as this version prints it.\n")
        page.write(f"\n```text\n{run('essais --help')}```\n")
        for name in commands:
            page.write(f"\n## essais {name}\n\n```text\n{run(f'essais {name} --help')}```\n")


command_reference()
draw_pictures()
