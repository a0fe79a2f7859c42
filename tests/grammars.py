"""Hypothesis strategies that write the files of essais's own formats from their grammars: model
files (essais csp), Knuth's cover files (essais cover) and drawn boards and pieces (essais
polyomino). Each writes a valid file, or (`edited`) one edit away from a valid one: a character
deleted, inserted or replaced, a line doubled or dropped."""

from __future__ import annotations

from hypothesis import strategies as st

NAMES = st.sampled_from(["x", "y", "z", "a", "b", "S", "E", "n0", "é", "_t"])
# What an edit inserts: the formats' own marks, brackets, digits, spaces, and text that has
# broken parsers before (a long number, a control character, markup, a letter outside ASCII).
EDIT_TEXT = st.sampled_from(
    ["+", "-", "*", "(", ")", "[", "]", "{", "}", ",", ":", "|", "#", ".", "..", "=", "==", "<", " ", "\n", "\t", "0",
     "7", "-1", "9" * 40, "\x00", "[bold]", "é", "in", "var ", "for i in range(3)", "x", "q[0]", "**"]
)  # fmt: skip


@st.composite
def edited(draw: st.DrawFn, text: str) -> str:
    """`text` one edit away: a character deleted, inserted or replaced, a line doubled or dropped."""
    lines = text.split("\n")
    kind = draw(st.sampled_from(["delete", "insert", "replace", "double", "drop"]))
    if kind in ("double", "drop") and lines:
        k = draw(st.integers(0, len(lines) - 1))
        return "\n".join(lines[: k + 1] + lines[k:] if kind == "double" else lines[:k] + lines[k + 1 :])
    at = draw(st.integers(0, len(text)))
    if kind == "delete":
        return text[:at] + text[at + 1 :]
    inserted = draw(EDIT_TEXT)
    return text[:at] + inserted + text[at + (1 if kind == "replace" else 0) :]


def one_of_valid_or_edited(valid: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """Valid three times in four (an edit of a valid file reaches deeper than random text)."""
    return st.integers(0, 3).flatmap(lambda roll: valid.flatmap(edited) if roll == 0 else valid)


# -- model files ---------------------------------------------------------------------------------


@st.composite
def model_files(draw: st.DrawFn) -> str:
    """A model file of the grammar of essais.csp.files: declarations (a param, arrays of one and
    two dimensions), then relations between sums, all_different (listed, an array, a row, a
    generator), tables, loops with if / else and sums of rows and generators, with comments."""
    scalars = draw(st.lists(NAMES, min_size=1, max_size=4, unique=True))
    lines = []
    for name in scalars:
        lo = draw(st.integers(-3, 3))
        values = draw(st.sets(st.integers(-4, 9), min_size=1, max_size=4))
        domain = (
            f"{lo}..{lo + draw(st.integers(0, 5))}" if draw(st.booleans()) else "{" + str(sorted(values))[1:-1] + "}"
        )
        lines.append(f"var {name} in {domain}")
    size = draw(st.integers(1, 4))
    lines.append(f"param n = {size}")
    lines.append(
        f"var q[{draw(st.sampled_from(['n', str(size), 'n * 2 - n']))}] in 0..{draw(st.integers(0, 4))}  # an array"
    )
    lines.append(f"var g[2][n] in {draw(st.integers(-2, 0))}..{draw(st.integers(1, 3))}")
    variables = [*scalars, *(f"q[{k}]" for k in range(size)), *(f"g[{i}][{k}]" for i in range(2) for k in range(size))]
    for _ in range(draw(st.integers(0, 4))):
        lines.extend(draw(st.one_of(_constraint(variables, size).map(lambda line: [line]), _block(variables))))
    return "\n".join(lines) + "\n"


@st.composite
def _block(draw: st.DrawFn, variables: list[str]) -> list[str]:
    """A loop over the array (with an if / else inside now and then), or a sum of a row or a generator."""
    c, k = draw(st.integers(-3, 3)), draw(st.integers(1, 3))
    relation = draw(st.sampled_from(["==", "!=", "<", "<=", ">", ">="]))
    kind = draw(st.sampled_from(["loop", "if", "sum", "generator", "row"]))
    if kind == "sum":
        return [f"sum(q) {relation} {c} + n"]
    if kind == "generator":
        return [f"sum(g[i % 2][j] * {k} for i in range(2) for j in range(n) if i != j) {relation} {c}"]
    if kind == "row":
        return [f"all_different(g[{draw(st.integers(0, 1))}])"]
    body = [f"    q[i] {relation} g[i % 2][n - 1 - i] + {c} * (i // 2)"]
    if kind == "if":
        body = ["    if i % 2 == 0 and not i > 2:", "    " + body[0], "    else:", f"        q[i] != {c}"]
    return ["for i in range(n):", *body]


def _term(variables: list[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(variables),
        st.builds(lambda c, v: f"{c}*{v}", st.integers(-9, 9), st.sampled_from(variables)),
        st.integers(-20, 20).map(str),
        st.builds(lambda a, b: f"({a} - {b})", st.sampled_from(variables), st.sampled_from(variables)),
    )


def _sum(variables: list[str]) -> st.SearchStrategy[str]:
    return st.lists(_term(variables), min_size=1, max_size=6).flatmap(
        lambda terms: st.lists(st.sampled_from([" + ", " - "]), min_size=len(terms) - 1, max_size=len(terms) - 1).map(
            lambda signs: terms[0] + "".join(sign + term for sign, term in zip(signs, terms[1:], strict=True))
        )
    )


def _constraint(variables: list[str], size: int) -> st.SearchStrategy[str]:
    relation = st.builds(lambda a, r, b: f"{a} {r} {b}", _sum(variables),
                         st.sampled_from(["==", "!=", "<", "<=", ">", ">="]), _sum(variables))  # fmt: skip
    listed = st.lists(st.sampled_from(variables), min_size=1, max_size=4).map(
        lambda vs: f"all_different({', '.join(vs)})"
    )
    generated = st.integers(-2, 2).map(lambda c: f"all_different(q[i] + {c} * i for i in range({size}))")
    table = st.lists(st.sampled_from(variables), min_size=1, max_size=3).flatmap(
        lambda vs: st.lists(st.tuples(*[st.integers(-2, 5) for _ in vs]), max_size=4).map(
            lambda rows: f"table({', '.join(vs)}) in {[tuple(row) for row in rows]}"
        )
    )
    return st.one_of(relation, listed, generated, st.just("all_different(q)"), table, st.just("# a comment"))


# -- cover files ---------------------------------------------------------------------------------


@st.composite
def cover_texts(draw: st.DrawFn) -> str:
    """A problem in Knuth's format: items (primary, then `|` and secondary ones), options of
    items (colours on secondary ones), comments and blank lines."""
    primary = draw(st.lists(st.sampled_from(list("abcdefgh")) | NAMES, min_size=1, max_size=6, unique=True))
    secondary = draw(st.lists(st.sampled_from(["x", "y", "w", "s1"]), max_size=3, unique=True))
    secondary = [item for item in secondary if item not in primary]
    lines = ["| a problem of the grammar", " ".join(primary) + (" | " + " ".join(secondary) if secondary else "")]
    for _ in range(draw(st.integers(0, 8))):
        items = draw(st.lists(st.sampled_from(primary), min_size=1, max_size=3, unique=True))
        for item in draw(st.lists(st.sampled_from(secondary), max_size=2, unique=True)) if secondary else []:
            items.append(item + (f":{draw(st.sampled_from(['A', 'B', 'red']))}" if draw(st.booleans()) else ""))
        lines.append(" ".join(items))
        if draw(st.integers(0, 5)) == 0:
            lines.append("")
    return "\n".join(lines) + "\n"


# -- drawn boards and pieces ---------------------------------------------------------------------


@st.composite
def board_pictures(draw: st.DrawFn) -> str:
    """A board drawn with `#` (cells) and `.` (holes), a comment sometimes."""
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 6))
    picture = ["".join(draw(st.sampled_from("##.")) for _ in range(cols)) for _ in range(rows)]
    return ("| a board\n" if draw(st.booleans()) else "") + "\n".join(picture) + "\n"


@st.composite
def piece_files(draw: st.DrawFn) -> str:
    """Pieces drawn with `#` or with a character of their own, blank lines between them."""
    pieces = []
    for _ in range(draw(st.integers(1, 5))):
        mark = draw(st.sampled_from(["#", "#", "A", "B", "x", "7", "é"]))
        length = draw(st.integers(1, 4))
        shape = [mark * length] + ([mark + "." * (length - 1)] if draw(st.booleans()) else [])
        pieces.append("\n".join(shape))
    return "\n\n".join(pieces) + "\n"


# -- FlatZinc ------------------------------------------------------------------------------------
FZN_PAIRS = ["int_eq", "int_ne", "int_le", "int_lt", "bool_eq", "bool_le", "bool_lt", "bool_xor", "bool_not"]
FZN_TERMS = ["int_div", "int_mod", "int_max", "int_min", "int_times", "int_plus"]
LINEAR = st.sampled_from(["eq", "le", "ne"])


@st.composite
def flatzinc_files(draw: st.DrawFn) -> str:
    """A FlatZinc file of the grammar of MiniZinc's specification, with integer and Boolean
    variables (ranges, sets, bool), a parameter array, an array of variables with its output
    annotation, built-ins of each shape (pairs and their reified forms, linear relations, terms,
    clauses, elements, set_in) and a solve item, satisfy or an objective."""
    n = draw(st.integers(2, 4))
    lines = ["array [1..3] of int: w = [1, -2, 3];"]
    for k in range(n):
        low = draw(st.integers(-3, 2))
        domain = draw(st.sampled_from([f"{low}..{low + draw(st.integers(0, 4))}", "{0, 2, 5}", "bool", "-1..1"]))
        lines.append(f"var {domain}: v{k}{draw(st.sampled_from(['', ' :: output_var', ' :: var_is_introduced']))};")
    names = [f"v{k}" for k in range(n)]
    pick = st.sampled_from(names)
    lines.append(f"array [1..{n}] of var int: vs :: output_array([1..{n}]) = [{', '.join(names)}];")
    for _ in range(draw(st.integers(1, 5))):
        a, b, c = draw(pick), draw(pick), draw(pick)
        lines.append(draw(st.sampled_from([
            f"constraint {draw(st.sampled_from(FZN_PAIRS))}({a}, {b});",
            f"constraint {draw(st.sampled_from(FZN_PAIRS[:4]))}_reif({a}, {b}, {c});",
            f"constraint int_lin_{draw(LINEAR)}([1, -2], [{a}, {b}], {draw(st.integers(-3, 3))});",
            f"constraint {draw(st.sampled_from(FZN_TERMS))}({a}, {draw(st.sampled_from([b, '2']))}, {c});",
            f"constraint int_abs({a}, {b});",
            f"constraint int_pow({a}, 2, {b});",
            f"constraint bool_clause([{a}], [{b}]);",
            f"constraint array_bool_or([{a}, {b}], {c});",
            f"constraint array_var_int_element({a}, vs, {b});",
            f"constraint array_int_element({a}, w, {b});",
            f"constraint set_in({a}, {{1, 3}});",
            f"constraint set_in_reif({a}, 0..2, {b});",
            f"constraint bool2int({a}, {b});",
        ])))  # fmt: skip
    goal = draw(st.sampled_from(["satisfy", f"minimize {draw(pick)}", f"maximize {draw(pick)}"]))
    lines.append(
        f"solve {draw(st.sampled_from(['', ':: int_search(vs, input_order, indomain_min, complete) ']))}{goal};"
    )
    return "\n".join(lines) + "\n"
