"""The engine in games/ must never depend on Django or on the web apps."""

import ast
from pathlib import Path

GAMES = Path(__file__).resolve().parent.parent / "games"
FORBIDDEN = ("django", "dealer_training", "celery")


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_games_package_imports_nothing_from_django_or_the_apps():
    offenders = {
        f"{path.relative_to(GAMES.parent)}: {name}"
        for path in GAMES.rglob("*.py")
        for name in _imported_modules(path)
        if name.split(".")[0] in FORBIDDEN
    }
    assert not offenders, f"games/ must stay pure Python: {sorted(offenders)}"


def test_the_purity_check_sees_the_engine_sources():
    # Guards the test above against passing vacuously on an empty or moved package.
    assert len(list(GAMES.rglob("*.py"))) >= 3
