"""How the harness (harness.py) judges a learner's code against an exercise's solution: values compared
as a learner means them, the first difference of two calls put in words, and the rules an exercise
declares about the code, checked on its syntax tree. Pure functions of values and trees: the
harness runs the code, this module only reads what came of it. Loaded beside the harness as the
module _indent_judging (python-harness.ts, JUDGING_MODULE)."""
import ast
import math

SHOWN_LIMIT = 300


def show(value):
    text = repr(value)
    return text if len(text) <= SHOWN_LIMIT else text[: SHOWN_LIMIT - 3] + "..."


def same(a, b):
    """Equal as a learner means it: 3 == 3.0, floats to 1e-9, any dict kind; a list is not a tuple."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if a == b or (a != a and b != b):
            return True
        finite = math.isfinite(a) and math.isfinite(b)
        return finite and (isinstance(a, float) or isinstance(b, float)) and math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if type(a) is not type(b):
        # Two classes of the same name, one from the solution and one from the learner's code.
        same_name = type(a).__qualname__ == type(b).__qualname__
        return same_name and hasattr(a, "__dict__") and hasattr(b, "__dict__") and same(vars(a), vars(b))
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    try:
        return bool(a == b)
    except Exception:
        return False


def call_difference(call, expected, got, original):
    """What differs between the solution's call and the learner's, as (message, expected, got), or None."""
    if expected["raised"] is not None:
        want = type(expected["raised"]).__name__
        if got["raised"] is None:
            return f"{call} should raise {want}, but it returned {show(got['value'])}.", want, show(got["value"])
        if want not in [c.__name__ for c in type(got["raised"]).__mro__]:
            return f"{call} should raise {want}, but it raised {got['line']}", want, got["line"]
        return None
    if got["raised"] is not None:
        return f"{call} stopped with an error: {got['line']}", show(expected["value"]), got["line"]
    if not same(expected["value"], got["value"]):
        wanted, gave = show(expected["value"]), show(got["value"])
        return f"{call} should return {wanted}, but your code returned {gave}.", wanted, gave
    if expected["printed"].rstrip() != got["printed"].rstrip():
        message = f"{call} printed something other than expected." if got["printed"] else f"{call} printed nothing."
        return message, expected["printed"], got["printed"]
    if not same(expected["args"], got["args"]):
        wanted, gave = show(tuple(expected["args"])), show(tuple(got["args"]))
        if same(expected["args"], original):
            message = f"{call} changed what it was given: afterwards the arguments were {gave}. Work on a copy, or build a new value, and leave the caller's data as it was."
        else:
            message = f"After {call} the arguments should be {wanted}, but they were {gave}."
        return message, wanted, gave
    if expected["files"] != got["files"]:
        wanted, gave = sorted(expected["files"]), sorted(got["files"])
        if wanted != gave:
            names = ", ".join(gave) or "no file"
            return f"{call} should write {', '.join(wanted) or 'no file'}, but it wrote {names}.", str(wanted), str(gave)
        path = next(p for p in wanted if expected["files"][p] != got["files"][p])
        text = [c.decode("utf-8", "replace") for c in (expected["files"][path], got["files"][path])]
        return f"{call} wrote something else into {path}.", text[0], text[1]
    return None


def output_lines(text):
    return [line.rstrip() for line in text.rstrip().split("\n")]


# Rules an exercise declares about the learner's code, checked on its syntax tree.

_CONSTRUCTS = {
    "while": ((ast.While,), "a `while` loop"),
    "for": ((ast.For, ast.comprehension), "a `for` loop"),
    "if": ((ast.If, ast.IfExp), "an `if`"),
    "try": ((ast.Try,), "`try` and `except`"),
    "with": ((ast.With,), "a `with` block"),
    "comprehension": ((ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp), "a comprehension"),
    "lambda": ((ast.Lambda,), "a `lambda`"),
    "f-string": ((ast.JoinedStr,), "an f-string"),
    "class": ((ast.ClassDef,), "a class"),
    "def": ((ast.FunctionDef,), "a function of your own (`def`)"),
    "return": ((ast.Return,), "`return`"),
    "raise": ((ast.Raise,), "`raise`"),
    "yield": ((ast.Yield, ast.YieldFrom), "`yield`"),
    "recursion": ((), "recursion (a function that calls itself)"),
}


def _called_names(tree):
    """Every name a call uses: `f` for f(), `count` and `text.count` for text.count(), `math.sqrt`
    for math.sqrt() and for sqrt() after `from math import sqrt`; with the line of each."""
    aliases = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                aliases[alias.asname or alias.name] = alias.name
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name):
            found += [(func.id, node.lineno), (aliases.get(func.id, func.id), node.lineno)]
        elif isinstance(func, ast.Attribute):
            found.append((func.attr, node.lineno))
            if isinstance(func.value, ast.Name):
                found.append((f"{aliases.get(func.value.id, func.value.id)}.{func.attr}", node.lineno))
    return found


def _imported(tree):
    found = []
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""] + [f"{node.module}.{alias.name}" if node.module else alias.name for alias in node.names]
        for name in names:
            parts = name.split(".")
            found += [(".".join(parts[: i + 1]), node.lineno) for i in range(len(parts))]
    return found


def _uses(tree, construct):
    """The line of the first use of `construct` in the tree, or None."""
    if construct == "recursion":
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and inner.func.id == node.name:
                        return inner.lineno
        return None
    kinds = _CONSTRUCTS[construct][0]
    lines = [getattr(node, "lineno", getattr(node, "target", None) and node.target.lineno) for node in ast.walk(tree) if isinstance(node, kinds)]
    return min(lines) if lines else None


def _class_problem(tree, rule):
    name = rule["class"]
    found = [node for node in ast.walk(tree) if isinstance(node, ast.ClassDef) and node.name == name]
    if not found:
        return f"Define a class called {name}."
    cls = found[0]
    bases = [b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in cls.bases]
    if rule.get("parent") and rule["parent"] not in bases:
        return f"class {name} should inherit from {rule['parent']}: write `class {name}({rule['parent']}):`."
    methods = {node.name: node for node in cls.body if isinstance(node, ast.FunctionDef)}
    for method in rule.get("methods") or []:
        if method not in methods:
            return f"class {name} has no method called {method}."
    for prop in rule.get("properties") or []:
        decorators = [d.id for d in getattr(methods.get(prop), "decorator_list", []) if isinstance(d, ast.Name)]
        if "property" not in decorators:
            return f"{name}.{prop} should be a property: put `@property` on the line above `def {prop}(self):`."
    if rule.get("super-init"):
        init = methods.get("__init__")
        calls = [n for n in ast.walk(init) if isinstance(n, ast.Call)] if init else []
        if not any(_is_super_init(c.func) for c in calls):
            return f"{name}.__init__ should call `super().__init__(...)` so that {rule.get('parent') or 'the parent class'} sets up its part."
    return None


def _is_super_init(func):
    inner = getattr(func, "value", None)
    return getattr(func, "attr", None) == "__init__" and isinstance(inner, ast.Call) and getattr(inner.func, "id", None) == "super"


def broken_rule(tree, rules):
    """The message of the first rule the code breaks (a rule's own `message` if it has one), or None."""
    for rule in rules:
        problem = None
        if "import" in rule and rule["import"] not in [n for n, _ in _imported(tree)]:
            problem = f"This exercise asks you to use the `{rule['import']}` module, and your code never imports it."
        if "avoid-import" in rule:
            lines = [line for n, line in _imported(tree) if n == rule["avoid-import"]]
            if lines:
                problem = f"This exercise asks you to do without the `{rule['avoid-import']}` module (line {lines[0]} imports it)."
        if "use" in rule and _uses(tree, rule["use"]) is None:
            problem = f"This exercise asks you to use {_CONSTRUCTS[rule['use']][1]}, and your code has none."
        if "avoid" in rule and _uses(tree, rule["avoid"]) is not None:
            problem = f"This exercise asks you to do without {_CONSTRUCTS[rule['avoid']][1]} (line {_uses(tree, rule['avoid'])})."
        if "call" in rule and rule["call"] not in [n for n, _ in _called_names(tree)]:
            problem = f"This exercise asks you to use `{rule['call']}()`, and your code never calls it."
        if "avoid-call" in rule:
            lines = [line for n, line in _called_names(tree) if n == rule["avoid-call"]]
            if lines:
                problem = f"This exercise asks you to do without `{rule['avoid-call']}()` (line {lines[0]} calls it)."
        if "class" in rule:
            problem = _class_problem(tree, rule)
        if problem is not None:
            return rule.get("message") or problem
    return None
