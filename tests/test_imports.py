"""The house's rules, read from the source: imports run one way (no cycle of any length, imports
inside functions included), kernels import only numpy, numba and essais.core, `import essais`
loads no compiled code, importing the compiled engines compiles no kernel, and kernels copy
arrays with loops."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parent.parent / "src" / "essais"
KERNEL_IMPORTS = ("numpy", "numba", "essais.core", "__future__")


def module_files() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    modules = {}
    for path in SOURCE.rglob("*.py"):
        parts = list(path.relative_to(SOURCE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def imported_names(module: str, path: Path) -> set[str]:
    """Every name an import statement of the module names, anywhere in it (functions included)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def import_graph() -> dict[str, set[str]]:
    """module -> the package's modules it imports (an import of a name inside a module counts
    as an import of that module; a module's own parent packages are not counted)."""
    modules = module_files()
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        targets = set()
        for name in imported_names(module, path):
            while name and name not in modules:
                name = name.rpartition(".")[0]
            if name and name != module and not module.startswith(name + "."):
                targets.add(name)
        graph[module] = targets
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph, as the modules along it, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (cycle := visit(target)):
                return cycle
        path.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state and (cycle := visit(module)):
            return cycle
    return None


def test_no_import_cycle():
    cycle = find_cycle(import_graph())
    assert cycle is None, " -> ".join(cycle)


def test_the_cycle_finder_finds_cycles():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_function_level_imports_are_seen(tmp_path):
    source = "def f():\n    from essais.core import engine\n"
    path = tmp_path / "m.py"
    path.write_text(source)
    assert "essais.core.engine" in imported_names("essais.m", path)


def kernel_modules() -> list[str]:
    """The modules of numba kernels: `_kernels` and `_…_kernels` (knights' frontier, csp's propagation)."""
    return sorted(name for name in module_files() if name.rsplit(".", 1)[-1].endswith("_kernels"))


@pytest.mark.parametrize("module", kernel_modules())
def test_kernels_import_only_numpy_numba_the_core_and_their_sibling_kernels(module):
    names = imported_names(module, module_files()[module])
    package = module.rsplit(".", 1)[0]
    siblings = [name for name in kernel_modules() if name.rsplit(".", 1)[0] == package]
    allowed = [(name, name + ".") for name in (*KERNEL_IMPORTS, *siblings)]
    outside = sorted(name for name in names if not any(name == a or name.startswith(prefix) for a, prefix in allowed))
    assert not outside, f"{module} imports {outside}"


SAME_FILES = {"__init__.py", "model.py", "textbook.py", "compiled.py", "_kernels.py", "check.py", "api.py", "draw.py"}
# packages whose faces are layers, each a sub-package (`model/` for model.py), the kernels inside
# `compiled/` (essais.csp: docs/development.md)
LAYERED = {"csp"}
# what a problem package holds beyond the files every one has, each named here on purpose
OWN_FILES = {
    "knights": {"_base_tours.py", "construction.py", "distances.py",
                "linear.py", "searches.py", "split.py", "starts.py", "streams.py", "tables.py", "walks.py"},
    "uncrossed": {"parallel.py", "searches.py", "watch.py"},
    "queens": {"watch.py", "_join_kernels.py"},
    "sudoku": {"batch.py", "sat.py", "watch.py", "_bitwise_kernels.py", "_text_kernels.py"},
    "coloring": {"chromatic.py", "graph.py", "sat.py", "watch.py", "stable_cover.py", "_cover_kernels.py"},
    "csp": {"files/", "flatzinc/", "kinds/", "xcsp/"},
}  # fmt: skip


# problem packages whose engines live in the core (essais.core.cover: queens use them too;
# essais.core.search: swap puzzles are states of one's own, searched breadth-first)
ENGINES_IN_CORE = {"cover": {"langford.py", "polyomino.py", "watch.py"}, "swap": {"files.py", "watch.py"}}
ENGINE_FILES = {"textbook.py", "compiled.py", "_kernels.py"}


@pytest.mark.parametrize("package", sorted(OWN_FILES | ENGINES_IN_CORE))
def test_every_problem_package_has_the_same_files(package):
    folder = SOURCE / package
    files = {path.name for path in folder.glob("*.py")}
    if package in LAYERED:
        files |= {f"{path.parent.name}/" for path in folder.glob("*/__init__.py")}
        faces = {name if name in ("__init__.py", "check.py") else name.removesuffix(".py") + "/" for name in SAME_FILES}
        expected = faces - {"_kernels/"} | OWN_FILES[package]
        assert (folder / "compiled" / "_kernels.py").exists()
    elif package in OWN_FILES:
        expected = SAME_FILES | OWN_FILES[package]
    else:
        expected = SAME_FILES - ENGINE_FILES | ENGINES_IN_CORE[package]
    assert files == expected, f"essais.{package}: {sorted(files ^ expected)}"


def test_import_essais_loads_no_compiled_code():
    code = "import sys, essais, essais.knights, essais.queens, essais.sudoku, essais.coloring, essais.uncrossed; "
    code += "print(sorted(m for m in ('numba', 'llvmlite', 'rich', 'typer') if m in sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"


def test_importing_the_compiled_engines_compiles_no_kernel():
    """A kernel compiles (or loads from numba's cache) at its first call: a first run compiles only
    the kernels it uses (no signature given ahead, no warm-up at import)."""
    code = """
import sys
import numba
import essais.coloring.compiled, essais.knights.compiled, essais.queens.compiled
import essais.sudoku.compiled, essais.uncrossed.compiled, essais.csp.compiled
from essais.core.limits import _compile_seconds
modules = [m for name, m in list(sys.modules.items()) if name.endswith("._kernels")]
kernels = {f"{m.__name__}.{name}": f for m in modules for name, f in vars(m).items()
           if isinstance(f, numba.core.registry.CPUDispatcher)}
compiled = [name for name, kernel in kernels.items() if kernel.signatures]
print(len(modules), len(kernels) > 30, compiled, _compile_seconds[0])
"""
    compiled = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert compiled.split() == ["6", "True", "[]", "0.0"]


def slice_copies(path: Path) -> list[int]:
    """The lines where a kernel assigns anything but a constant to a slice of an array."""

    def constant(node: ast.expr) -> bool:
        return isinstance(node, ast.Constant) or (isinstance(node, ast.UnaryOp) and constant(node.operand))

    def sliced(target: ast.expr) -> bool:
        if isinstance(target, ast.Tuple):
            return any(sliced(element) for element in target.elts)
        return isinstance(target, ast.Subscript) and any(isinstance(n, ast.Slice) for n in ast.walk(target.slice))

    return [
        node.lineno
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Assign) and any(sliced(t) for t in node.targets) and not constant(node.value)
    ]


@pytest.mark.parametrize("module", kernel_modules())
def test_kernels_copy_arrays_with_loops(module):
    """`a[i:j] = b[...]` makes numba compile the formatting of its shape-mismatch error: 2-4 s of a
    first run, for a copy a loop does as fast."""
    assert slice_copies(module_files()[module]) == []


def test_slice_copies_are_seen(tmp_path):
    path = tmp_path / "k.py"
    path.write_text("def f(a, b, n):\n    a[:] = -1\n    a[:n] = b[:n]\n    a[0, :], x = b[1], 2\n")
    assert slice_copies(path) == [3, 4]


def test_the_layers_hold():
    """import-linter's contracts in pyproject.toml: cli over api over the problems over the
    drawing primitives over the core (core imports no problem); kernels import only numpy,
    numba and the core."""
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(lint)], capture_output=True, text=True, cwd=SOURCE.parent.parent, check=False)
    assert done.returncode == 0, done.stdout[-3000:]
