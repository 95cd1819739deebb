"""The harness every check run goes through: the learner's browser, the server's sandbox and the
content verifier load this file into Pyodide and call run_request (src/shared/content/python-checks.ts
says how a result is judged). It runs a request's setup, code and tests in a fresh working folder,
captures what they print, feeds input() from the request's stdin and reports the first error the
way Python prints it, without the harness's own frames. A program in several files has its modules
written to the folder it runs in first (program_files.py)."""
import ast
import builtins
import copy
import importlib
import importlib.machinery
import io
import json
import linecache
import os
import random
import shutil
import sys
import traceback

import _indent_judging as judging
import _indent_program_files as program_files

WORK_DIR = "/home/learner"
OUTPUT_LIMIT = 1_000_000
EOF_MESSAGE = "input() was called, but there is no more input: the program asked for more lines than it was given"


class OutputLimitExceeded(BaseException):
    """Stops a program that prints without end; BaseException so "except Exception" cannot hide it."""


# Python names an error by its module unless it is a built-in one; the learner should read
# "OutputLimitExceeded: ...", not the harness's own module name.
OutputLimitExceeded.__module__ = "builtins"


class _Capture(io.StringIO):
    def __init__(self, name, on_output):
        super().__init__()
        self._name = name
        self._on_output = on_output
        self._size = 0

    def write(self, s):
        if not isinstance(s, str):
            raise TypeError(f"write() argument must be str, not {type(s).__name__}")
        self._size += len(s)
        if self._size > OUTPUT_LIMIT:
            raise OutputLimitExceeded(f"the program printed more than {OUTPUT_LIMIT:,} characters")
        if self._on_output is not None:
            self._on_output(self._name, s)
        return super().write(s)


class _FreshFinder(importlib.machinery.FileFinder):
    """Re-lists the working folder on every import, so a module the program has just written is found."""

    def find_spec(self, fullname, target=None):
        self.invalidate_caches()
        return super().find_spec(fullname, target)


def _make_input(stream):
    def input(prompt=""):
        if prompt != "":
            sys.stdout.write(str(prompt))
        sys.stdout.flush()
        line = stream.readline()
        if line == "":
            raise EOFError(EOF_MESSAGE)
        return line[:-1] if line.endswith("\n") else line

    return input


def _run_source(source, filename, namespace):
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    exec(compile(source, filename, "exec", dont_inherit=True), namespace)


def _inside_work_dir(path):
    # The solution's and the starting folder (WORK_DIR.reference, WORK_DIR.base) count as well.
    return isinstance(path, str) and path.startswith(WORK_DIR) and path[len(WORK_DIR) : len(WORK_DIR) + 1] in ("", os.sep, ".")


def _forget_work_dir_modules(among=None):
    """Forgets the modules imported from the working folders (all of them, or those named in `among`)."""
    for name in list(sys.modules if among is None else among):
        module = sys.modules.get(name)
        spec = getattr(module, "__spec__", None)
        places = [getattr(module, "__file__", None), getattr(spec, "origin", None)]
        places += list(getattr(module, "__path__", None) or [])
        if any(_inside_work_dir(p) for p in places):
            del sys.modules[name]
    for key in list(sys.path_importer_cache):
        if _inside_work_dir(key):
            del sys.path_importer_cache[key]


def _drawing(name, *args):
    """Calls turtle.py's `name` (turtle is installed by every loader, and stays loaded between runs),
    or does nothing where it is not ours."""
    hook = getattr(sys.modules.get("turtle"), name, None)
    return hook(*args) if callable(hook) else None


def _new_drawing():
    """Each run draws on a blank page: what the last run drew with turtle is forgotten."""
    _drawing("_new_drawing")


def _describe(exc, phase, filename):
    te = traceback.TracebackException.from_exception(exc)
    te.stack = traceback.StackSummary.from_list([f for f in te.stack if f.filename != _HARNESS_FILE])
    full = "".join(te.format())
    notes = te.__notes__
    te.__notes__ = None
    only = "".join(te.format_exception_only()).rstrip("\n").split("\n")
    te.__notes__ = notes
    lineno = None
    for frame in te.stack:
        if frame.filename == filename:
            lineno = frame.lineno
    if isinstance(exc, SyntaxError) and exc.filename == filename:
        lineno = exc.lineno
    return {
        "type": type(exc).__name__,
        "mro": [c.__name__ for c in type(exc).__mro__],
        "message": str(exc),
        "line": only[-1].strip(),
        "traceback": full,
        "phase": phase,
        "lineno": lineno,
    }


def _phase(phase, filename, source, namespace, stream, out, err, plain=False):
    """Runs one piece of source; returns the error it ended with, as _describe says it, or None.
    A plain run (the check's own comparisons) reads input() from the stream and is never traced,
    whatever the browser's worker has swapped in for the learner's run."""
    sys.stdout, sys.stderr = out, err
    sys.stdin = stream
    builtins.input = (_PLAIN_MAKE_INPUT if plain else _make_input)(stream)
    try:
        if filename in ("main.py", "solution.py"):
            source = program_files.prepare(source, os.getcwd())
        (_PLAIN_RUN_SOURCE if plain else _run_source)(source, filename, namespace)
    except SystemExit as exc:
        if exc.code not in (None, 0):
            return _describe(exc, phase, filename)
    except BaseException as exc:
        return _describe(exc, phase, filename)
    return None


def run_request(request_json, on_output=None):
    request = json.loads(request_json)
    saved = {
        "stdout": sys.stdout,
        "stderr": sys.stderr,
        "stdin": sys.stdin,
        "input": builtins.input,
        "path": list(sys.path),
        "argv": list(sys.argv),
        "cwd": os.getcwd(),
        "recursion": sys.getrecursionlimit(),
        "bytecode": sys.dont_write_bytecode,
    }
    out = _Capture("stdout", on_output)
    err = _Capture("stderr", on_output)
    stdin = io.StringIO(request.get("stdin") or "")
    compare = request.get("compare")
    error = None
    failure = None
    try:
        _clear_folders()
        os.makedirs(WORK_DIR)
        os.chdir(WORK_DIR)
        _forget_work_dir_modules()
        _new_drawing()
        sys.path.insert(0, WORK_DIR)
        sys.path_importer_cache[WORK_DIR] = _FreshFinder(
            WORK_DIR,
            (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES),
        )
        # No __pycache__ folders appearing in a listing of the learner's folder.
        sys.dont_write_bytecode = True
        sys.argv = ["main.py"]
        importlib.invalidate_caches()

        namespace = {"__name__": "__main__", "__builtins__": builtins}
        # The check's own preparation (setup, generated cases) prints nowhere the learner looks.
        quiet = _Capture("setup", None)
        if request.get("setup"):
            error = _phase("setup", "<setup>", request["setup"], _fresh("__setup__"), stdin, quiet, quiet)
        generated = None
        if error is None and compare:
            generated, error = _generate(compare, quiet)
            # What every later run of a program or call starts from (_enter resets to it).
            shutil.copytree(WORK_DIR, _base_dir())
            _BASE["files"] = program_files.files(_base_dir())
            _BASE["modules"] = set(sys.modules)
        if error is None:
            error = _phase("code", "main.py", request["code"], namespace, stdin, out, err)
        if error is None and request.get("tests"):
            error = _phase("tests", "<tests>", request["tests"], namespace, stdin, out, err)
        if error is None and compare:
            # The runs compared draw on pages of their own; the learner's run's drawing is what is shown.
            kept = _drawing("_swap_drawing", None)
            failure = _compare(request, compare, namespace, generated)
            _drawing("_swap_drawing", kept)
    finally:
        sys.stdout = saved["stdout"]
        sys.stderr = saved["stderr"]
        sys.stdin = saved["stdin"]
        builtins.input = saved["input"]
        sys.path[:] = saved["path"]
        sys.argv = saved["argv"]
        sys.setrecursionlimit(saved["recursion"])
        sys.dont_write_bytecode = saved["bytecode"]
        os.chdir(saved["cwd"])
        _forget_work_dir_modules()
        _clear_folders()
        program_files.forget()
    return json.dumps({"stdout": out.getvalue(), "stderr": err.getvalue(), "error": error, "failure": failure})


# A check's `compare:` (content/README.md, "exercises.yaml"): the learner's program or function is run
# beside the exercise's solution, in a folder of its own, on the same inputs, and the first
# difference is reported as a `failure` the judge (python-checks.ts) turns into the verdict.

# What a check's runs start from, known once its setup has run: the files of the starting folder,
# and the modules loaded by then (the harness's own and the check's), which no run needs to forget.
_BASE = {"files": {}, "modules": set()}


def _base_dir():
    return WORK_DIR + ".base"


def _solution_dir():
    return WORK_DIR + ".reference"


def _clear_folders():
    for folder in (WORK_DIR, _base_dir(), _solution_dir()):
        shutil.rmtree(folder, ignore_errors=True)


def _fresh(name):
    return {"__name__": name, "__builtins__": builtins}


def _enter(folder, reset=False):
    """Makes `folder` the working folder and the first place imports look, as WORK_DIR is for a run;
    with `reset`, as the check's setup left it. A check makes dozens of runs and calls, so only a
    folder that differs is replaced, and only modules imported since the run began are looked at
    (decision 0032)."""
    as_reset = program_files.expected(folder, _BASE["files"])
    if reset and not (os.path.isdir(folder) and program_files.files(folder) == as_reset):
        # Out of the folder first: Pyodide's file system cannot remove the working folder.
        os.chdir(_base_dir())
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(_base_dir(), folder)
        program_files.restore(folder)
    os.chdir(folder)
    _forget_work_dir_modules(set(sys.modules) - _BASE["modules"])
    _new_drawing()
    sys.path[0] = folder
    sys.path_importer_cache[folder] = _FreshFinder(
        folder, (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
    )


def _generate(compare, quiet):
    """The check's generated cases (or program inputs), from its seeded generator, or an error."""
    if not compare.get("generate"):
        return [], None
    namespace = _fresh("__generate__")
    error = _phase("setup", "<generate>", compare["generate"], namespace, io.StringIO(""), quiet, quiet)
    if error is not None:
        return None, error
    try:
        maker = namespace["inputs" if compare.get("program") else "cases"]
        return list(maker(random.Random(compare.get("seed", 1)))), None
    except BaseException as exc:
        return None, _describe(exc, "setup", "<generate>")


def _call(function, args, kwargs, folder):
    """Calls `function` on a deep copy of `args` and `kwargs` in `folder`: what it returned or raised, printed and changed.
    The folder starts as the check's setup left it (`base_files`), so what the code did before (its
    own example calls writing the same file, say) makes no difference to what a call is seen to
    change."""
    _enter(folder, reset=True)
    before = program_files.expected(folder, _BASE["files"])
    args, kwargs = copy.deepcopy((args, kwargs))
    printed = _Capture("compare", None)
    sys.stdout = sys.stderr = printed
    sys.stdin = io.StringIO("")
    builtins.input = _PLAIN_MAKE_INPUT(sys.stdin)
    value = raised = None
    try:
        value = function(*args, **kwargs)
    except BaseException as exc:
        raised = exc
    after = program_files.files(folder)
    changed = {path: content for path, content in after.items() if before.get(path) != content}
    line = _describe(raised, "code", "main.py")["line"] if raised is not None else None
    given = list(args) + list(kwargs.values())
    return {"value": value, "raised": raised, "line": line, "printed": printed.getvalue(), "args": given, "files": changed}


def _run_program(source, filename, stdin_text, folder):
    _enter(folder, reset=True)
    printed = _Capture("compare", None)
    stream = io.StringIO(stdin_text)
    error = _phase("code", filename, source, _fresh("__main__"), stream, printed, _Capture("compare", None), plain=True)
    return printed.getvalue(), error


def _split(text):
    """A hand-picked case, the text between a call's parentheses, as (positional, keyword) arguments."""
    call = ast.parse(f"f({text})", mode="eval").body
    args = [eval(compile(ast.Expression(node), "<case>", "eval"), {}) for node in call.args]
    kwargs = {k.arg: eval(compile(ast.Expression(k.value), "<case>", "eval"), {}) for k in call.keywords}
    return tuple(args), kwargs


def _as_case(item, key):
    return (item, None) if isinstance(item, str) else (item[key], item.get("says"))


def _compare_programs(request, compare, generated):
    items = [(request.get("stdin") or "", None)] + [_as_case(item, "stdin") for item in compare.get("inputs") or []]
    for stdin_text, says in items + [(text, None) for text in generated]:
        expected, fault = _run_program(request["reference"], "solution.py", stdin_text, _solution_dir())
        if fault is not None:
            return {"kind": "solution", "message": fault["line"]}
        got, error = _run_program(request["code"], "main.py", stdin_text, WORK_DIR)
        if error is not None:
            got += error["line"]
        lines = stdin_text.rstrip("\n").split("\n")
        shown = "With no input" if stdin_text == "" else "With the input " + " then ".join(map(repr, lines))
        if error is not None or judging.output_lines(expected) != judging.output_lines(got):
            said = "stopped with an error" if error is not None else "printed something other than expected"
            message = f"{shown}, your program {said}."
            return {"kind": "input", "message": message, "expected": expected, "got": got, "says": says}
    return None


def _compare_calls(request, compare, namespace, generated):
    name = compare["function"]
    learner = namespace.get(name)
    if not callable(learner):
        return {"kind": "rule", "message": f"Define a function called {name}: the check calls it."}
    solution = _fresh("__main__")
    _enter(_solution_dir(), reset=True)
    quiet = _Capture("compare", None)
    stream = io.StringIO(request.get("stdin") or "")
    fault = _phase("code", "solution.py", request["reference"], solution, stream, quiet, quiet, plain=True)
    if fault is not None:
        return {"kind": "solution", "message": fault["line"]}
    picked = []
    for item in compare.get("cases") or []:
        text, says = _as_case(item, "args")
        picked.append((*_split(text), says))
    cases = picked + [(case if isinstance(case, tuple) else (case,), {}, None) for case in generated]
    for args, kwargs, says in cases:
        shown = [judging.show(a) for a in args] + [f"{k}={judging.show(v)}" for k, v in kwargs.items()]
        call = f"{name}({', '.join(shown)})"
        expected = _call(solution[name], args, kwargs, _solution_dir())
        got = _call(learner, args, kwargs, WORK_DIR)
        difference = judging.call_difference(call, expected, got, list(args) + list(kwargs.values()))
        if difference is not None:
            message, wanted, gave = difference
            return {"kind": "case", "message": message, "expected": wanted, "got": gave, "says": says}
    return None


def _compare(request, compare, namespace, generated):
    problem = judging.broken_rule(ast.parse(request["code"]), compare.get("rules") or [])
    if problem is not None:
        return {"kind": "rule", "message": problem}
    if compare.get("program"):
        return _compare_programs(request, compare, generated)
    if compare.get("function"):
        return _compare_calls(request, compare, namespace, generated)
    return None


_HARNESS_FILE = run_request.__code__.co_filename
# browser_runner.py swaps _make_input and _run_source for the learner's own run; these stay.
_PLAIN_MAKE_INPUT = _make_input
_PLAIN_RUN_SOURCE = _run_source
