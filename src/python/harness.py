"""The harness every check run goes through: the learner's browser, the server's sandbox and the
content verifier load this file into Pyodide and call run_request (src/shared/content/python-checks.ts
says how a result is judged). It runs a request's setup, code and tests in a fresh working folder,
captures what they print, feeds input() from the request's stdin and reports the first error the
way Python prints it, without the harness's own frames."""
import builtins
import importlib
import importlib.machinery
import io
import json
import linecache
import os
import shutil
import sys
import traceback

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
    return isinstance(path, str) and (path == WORK_DIR or path.startswith(WORK_DIR + os.sep))


def _forget_work_dir_modules():
    for name, module in list(sys.modules.items()):
        spec = getattr(module, "__spec__", None)
        places = [getattr(module, "__file__", None), getattr(spec, "origin", None)]
        places += list(getattr(module, "__path__", None) or [])
        if any(_inside_work_dir(p) for p in places):
            del sys.modules[name]
    for key in list(sys.path_importer_cache):
        if _inside_work_dir(key):
            del sys.path_importer_cache[key]


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
    error = None
    try:
        shutil.rmtree(WORK_DIR, ignore_errors=True)
        os.makedirs(WORK_DIR)
        os.chdir(WORK_DIR)
        _forget_work_dir_modules()
        sys.path.insert(0, WORK_DIR)
        sys.path_importer_cache[WORK_DIR] = _FreshFinder(
            WORK_DIR,
            (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES),
        )
        # No __pycache__ folders appearing in a listing of the learner's folder.
        sys.dont_write_bytecode = True
        sys.argv = ["main.py"]
        importlib.invalidate_caches()

        phases = []
        if request.get("setup"):
            phases.append(("setup", "<setup>", request["setup"], {"__name__": "__setup__", "__builtins__": builtins}))
        namespace = {"__name__": "__main__", "__builtins__": builtins}
        phases.append(("code", "main.py", request["code"], namespace))
        if request.get("tests"):
            phases.append(("tests", "<tests>", request["tests"], namespace))

        for phase, filename, source, ns in phases:
            if phase == "setup":
                # The check's own preparation: its output is not the program's.
                sys.stdout = sys.stderr = _Capture("setup", None)
            else:
                sys.stdout, sys.stderr = out, err
            sys.stdin = stdin
            builtins.input = _make_input(stdin)
            try:
                _run_source(source, filename, ns)
            except SystemExit as exc:
                if exc.code not in (None, 0):
                    error = _describe(exc, phase, filename)
                    break
            except BaseException as exc:
                error = _describe(exc, phase, filename)
                break
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
        shutil.rmtree(WORK_DIR, ignore_errors=True)
    return json.dumps({"stdout": out.getvalue(), "stderr": err.getvalue(), "error": error})


_HARNESS_FILE = run_request.__code__.co_filename
