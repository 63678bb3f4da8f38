"""The package's shape: no import cycle between its modules (an import
anywhere counts, except inside a representation method), no module that
imports the package's own ``__init__``, no module over 900 lines, and fast
constructors that cannot forget a field."""

from __future__ import annotations

import ast
import inspect
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

import briscola
from briscola import _state
from briscola._build import constructor, copier
from briscola._observe import Observation
from briscola._state import GameState, Setup

PACKAGE = Path(briscola.__file__).parent
MAX_LINES = 900
"""The longest module: a smell to look at, as the layout tool reports it."""

REPRESENTATIONS = ("__str__", "__repr__", "__format__")
"""The representation methods, with the ``_repr_*_`` methods that Jupyter
calls (``_repr_svg_``, ``_repr_html_``): an import inside one does not
count for the cycle check, since an object may draw itself with a module
that imports its class, as a python-chess board does with its svg
module."""


def _module_name(path: Path) -> str:
    parts = ["briscola", *path.relative_to(PACKAGE).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_representation(node: ast.AST) -> bool:
    return isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and (
        node.name in REPRESENTATIONS or (node.name.startswith("_repr_") and node.name.endswith("_"))
    )


def _import_nodes(path: Path, *, representations: bool) -> list[ast.Import | ast.ImportFrom]:
    """The imports of ``path``, anywhere in the file (inside functions and
    under ``TYPE_CHECKING`` too); inside representation methods only if
    ``representations``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped: set[int] = set()
    if not representations:
        skipped = {
            id(inner)
            for node in ast.walk(tree)
            if _is_representation(node)
            for inner in ast.walk(node)
        }
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in skipped
    ]


def _imported_module(node: ast.ImportFrom, path: Path, name: str) -> str:
    """The absolute name of the module ``node`` imports from."""
    if not node.level:
        return node.module or ""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    base = package.split(".")[: len(package.split(".")) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def _imports(path: Path, name: str, known: set[str]) -> set[str]:
    """Every module of the package that ``path`` imports, anywhere in the
    file except inside representation methods."""
    found: set[str] = set()
    for node in _import_nodes(path, representations=False):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            module = _imported_module(node, path, name)
            targets = [module] + [f"{module}.{alias.name}" for alias in node.names]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    files = {_module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph = {name: _imports(path, name, set(files)) for name, path in files.items()}
    # A package's __init__ re-exporting its own modules is not a cycle.
    for name, edges in graph.items():
        graph[name] = {
            other
            for other in edges
            if not (files[other].name == "__init__.py" and name.startswith(other + "."))
        }
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` as a list of modules, or ``None``."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for other in sorted(graph[node]):
            if state.get(other) == 1:
                return path[path.index(other) :] + [other]
            if other not in state:
                found = visit(other)
                if found:
                    return found
        state[node] = 2
        path.pop()
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_no_import_cycle() -> None:
    """No module of the package imports, directly or through others, a
    module that imports it back (imports inside representation methods
    aside)."""
    assert find_cycle(import_graph()) is None


def test_cycles_are_found() -> None:
    """The cycle finder itself finds a cycle, so the test above can fail."""
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_imports_are_read_everywhere(tmp_path: Path) -> None:
    """An import inside a function or under TYPE_CHECKING counts."""
    source = tmp_path / "m.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from ._state import GameState\n"
        "def f():\n    from . import _match\n"
    )
    known = {"briscola", "briscola._state", "briscola._match", "briscola.m"}
    assert {"briscola._state", "briscola._match"} <= _imports(source, "briscola.m", known)


def test_imports_in_representation_methods_do_not_count(tmp_path: Path) -> None:
    """An import inside ``__str__``, ``__repr__`` or a ``_repr_*_`` method
    is left out of the graph; one in any other method counts."""
    source = tmp_path / "m.py"
    source.write_text(
        "class C:\n"
        "    def __str__(self):\n        from ._text import text\n"
        "    def __repr__(self):\n        from ._text import text\n"
        "    def _repr_svg_(self):\n        from . import svg\n"
        "    def _repr_html_(self):\n        import briscola._html\n"
        "    def _repr(self):\n        from ._state import GameState\n"
    )
    known = {"briscola", "briscola._text", "briscola.svg", "briscola._html", "briscola._state"}
    assert _imports(source, "briscola.m", known | {"briscola.m"}) == {"briscola._state"}


def _from_the_package(path: Path, name: str, known: set[str]) -> list[str]:
    """What ``path`` imports from the package's own ``__init__``, anywhere:
    ``briscola`` itself, or names from it that are not its modules."""
    found = []
    for node in _import_nodes(path, representations=True):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name == "briscola"]
        elif _imported_module(node, path, name) == "briscola":
            found += [
                f"briscola.{alias.name}"
                for alias in node.names
                if f"briscola.{alias.name}" not in known
            ]
    return found


def test_no_module_imports_the_package_init() -> None:
    """Each module imports what it needs from the module that defines it
    (``from ._engine import legal_actions``), never from ``briscola``,
    whose ``__init__`` only re-exports: the cycle check cannot tell such an
    import from the package loading its own modules, so it would hide a
    cycle."""
    files = {_module_name(path): path for path in PACKAGE.rglob("*.py")}
    found = {name: _from_the_package(path, name, set(files)) for name, path in files.items()}
    assert {name: names for name, names in found.items() if names} == {}


def test_an_import_of_the_package_init_is_found(tmp_path: Path) -> None:
    """The reader above sees ``import briscola`` and names from
    ``briscola``, in functions and representation methods too, and lets
    its modules through: the test above can fail."""
    source = tmp_path / "m.py"
    source.write_text(
        "import briscola\n"
        "from . import names, GameState\n"
        "def f():\n    from briscola import apply\n"
        "def __str__(self):\n    from . import text\n"
    )
    known = {"briscola", "briscola.names", "briscola.m"}
    assert sorted(_from_the_package(source, "briscola.m", known)) == [
        "briscola",
        "briscola.GameState",
        "briscola.apply",
        "briscola.text",
    ]


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=str)
def test_no_module_over_the_limit(path: Path) -> None:
    """Every module stays readable: at most :data:`MAX_LINES` lines."""
    assert len(path.read_text(encoding="utf-8").splitlines()) <= MAX_LINES


def _parameters(function: Any) -> list[str]:
    return [
        name
        for name, parameter in inspect.signature(function).parameters.items()
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY
    ]


def _init_names(cls: type) -> list[str]:
    return [field.alias or field.name for field in attrs.fields(cls) if field.init]


@pytest.mark.parametrize(
    ("built", "protocol", "cls"),
    [
        (_state.make_state, _state._StateConstructor, GameState),
        (_state.make_setup, _state._SetupConstructor, Setup),
    ],
)
def test_constructors_take_every_field(built: Any, protocol: type, cls: type) -> None:
    """A fast constructor's parameters, and those of the typed protocol
    mypy checks its calls against, are exactly the class's init fields in
    order: a field added to the class cannot be forgotten."""
    assert _parameters(built) == _init_names(cls)
    assert _parameters(protocol.__call__) == _init_names(cls)


@pytest.mark.parametrize(
    ("built", "protocol"),
    [
        (_state.swapped, _state._Swapped),
        (_state.contracted, _state._Contracted),
    ],
)
def test_copiers_match_their_protocols(built: Any, protocol: type) -> None:
    """Each copier's changed fields are those its typed protocol names."""
    assert _parameters(built) == _parameters(protocol.__call__)
    assert set(_parameters(built)) <= set(_init_names(GameState))


def test_constructor_builds_what_attrs_builds() -> None:
    """A state from the fast constructor equals the one attrs' own
    ``__init__`` makes from the same values, derived fields included."""
    state = briscola.new_game(briscola.preset("italian-2p"), seed=1)
    values = {
        field.alias or field.name: getattr(state, field.name)
        for field in attrs.fields(GameState)
        if field.init
    }
    built = _state.make_state(**values)
    assert built == GameState(**values) == state
    assert built.is_over is False and type(built) is GameState


def test_a_new_field_reaches_the_generated_code() -> None:
    """The generated code follows ``attrs.fields``: a class with one more
    field gets a constructor and a copier that set it."""

    @attrs.frozen(weakref_slot=False)
    class Small:
        a: int
        b: int

    @attrs.frozen(weakref_slot=False)
    class Larger:
        a: int
        b: int
        c: int = 0

    assert _parameters(constructor(Small)) == ["a", "b"]
    assert _parameters(constructor(Larger)) == ["a", "b", "c"]
    grown = copier(Larger, ("a",))(Larger(1, 2, 3), a=9)
    assert grown == Larger(9, 2, 3)


def test_init_false_fields_need_an_expression() -> None:
    """A derived field without an expression is an error when the
    constructor is made, not a state missing a slot later."""

    @attrs.frozen(weakref_slot=False)
    class Derived:
        a: int
        twice: int = attrs.field(init=False)

    with pytest.raises(TypeError, match="init=False"):
        constructor(Derived)
    assert constructor(Derived, {"twice": "2 * a"})(a=4).twice == 8


def _inline_fills(module: str) -> list[tuple[str, set[str]]]:
    """Per function of ``module`` that fills an object inline, the slots
    each fill sets (``new.<slot> = ...`` on a twin)."""
    tree = ast.parse((PACKAGE / module).read_text(encoding="utf-8"))
    fills = []
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef):
            continue
        stored = {
            target.attr
            for node in ast.walk(function)
            if isinstance(node, ast.Assign)
            for target in node.targets
            if isinstance(target, ast.Attribute)
            and isinstance(target.value, ast.Name)
            and target.value.id == "new"
        }
        if stored:
            fills.append((function.name, stored))
    return fills


@pytest.mark.parametrize(
    ("module", "cls", "functions"),
    [
        ("_play.py", GameState, {"apply_play", "_two_seat_trick", "_complete_trick"}),
        ("_talk.py", GameState, {"_record"}),
        ("_observe.py", Observation, {"observe"}),
    ],
)
def test_inline_fills_set_every_field(module: str, cls: type, functions: set[str]) -> None:
    """The hottest steps (a card played, the card that completes a trick,
    an observation) fill objects inline for speed (see the performance
    page); each fill must set every slot of its class, so a new field
    cannot be forgotten there either."""
    fills = _inline_fills(module)
    assert {name for name, _ in fills} == functions
    slots = {field.name for field in attrs.fields(cls)} | {"__class__"}
    for _, stored in fills:
        assert stored == slots


def test_an_inline_fill_missing_a_field_is_caught(tmp_path: Path, monkeypatch: Any) -> None:
    """The fill reader sees a forgotten field: the test above can fail."""
    (tmp_path / "m.py").write_text(
        "def f():\n    new = T()\n    new.a = 1\n    new.__class__ = C\n"
    )
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", tmp_path)
    assert _inline_fills("m.py") == [("f", {"a", "__class__"})]
