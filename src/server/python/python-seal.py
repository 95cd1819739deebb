# The Python half of decision 0019's sandbox, run once in each check interpreter by
# pyodide-process.mjs after the harness has loaded and before any learner's program. It leaves a
# program no road, in plain Python, to a JavaScript object (a JsProxy) or to a function that makes
# one: any JsProxy leads to JavaScript's Function, and from there to the realm around Pyodide.
#
# This is the first layer, not the boundary: Python has no private state, so a road missed here
# (or a program with C-level access) reaches that realm, which the process around it makes
# useless (realm-lockdown.mjs, and the flags sandbox.ts starts the process with).

import _imp
import asyncio
import gc
import os
import posix
import sys
import time
import types

# Every module of Pyodide's bridge to JavaScript, Python and C alike.
BRIDGE_PACKAGES = ("js", "pyodide_js", "pyodide", "_pyodide", "_pyodide_core", "micropip")

# Built-in C modules no program may create: the bridge itself, and ctypes, which reads, writes
# and calls anything in the interpreter's memory (Pyodide's own C functions included).
NEVER_CREATED = ("_pyodide_core", "_ctypes")


def _in_bridge(name):
    return isinstance(name, str) and name.split(".")[0] in BRIDGE_PACKAGES


def _undo_webloop():
    # pyodide.webloop replaced time.sleep and asyncio.run with its own, which call into JavaScript.
    # Its event loop stays the running one, emptied like the rest of the bridge: asyncio.run then
    # fails as it does in a browser without JSPI, instead of reaching for sockets.
    webloop = sys.modules.get("pyodide.webloop")
    if webloop is not None:
        time.sleep = webloop._orig_sleep
        asyncio.run = webloop._orig_run


def _no_shell(command):
    # Emscripten's system() starts a real shell through Node's child_process; in a browser it has
    # none and answers -1, which is what a program gets here too.
    return -1


def _create_builtins_now():
    # Once _imp can no longer create modules (below), a built-in module can only be one that
    # already exists; creating all the others now keeps `import math` and friends working.
    for name in sys.builtin_module_names:
        if name not in NEVER_CREATED and name not in sys.modules:
            try:
                __import__(name)
            except ImportError:
                pass


def _empty_bridge():
    namespaces = [
        vars(module)
        for name, module in sys.modules.items()
        if _in_bridge(name) and isinstance(module, types.ModuleType)
    ]
    # CPython keeps a copy of a single-phase C module's namespace to create it again; that copy
    # holds _pyodide_core's functions (to_js, create_proxy) even after the module is gone.
    namespaces += [
        o for o in gc.get_objects() if type(o) is dict and o.get("__name__") == "_pyodide_core"
    ]
    # JsFinder (an instance holding the registered JavaScript modules) and a finder class of its
    # module; getattr reads __module__ from either.
    for finder in [f for f in sys.meta_path if _in_bridge(getattr(f, "__module__", None))]:
        if not isinstance(finder, type):
            vars(finder).clear()
        sys.meta_path.remove(finder)
    for name in [n for n in sys.modules if _in_bridge(n)]:
        # None, not a deletion: `import pyodide` then fails at once instead of loading it again.
        sys.modules[name] = None
    # Functions of the bridge keep their module's namespace as __globals__: emptied, they find
    # nothing (and fail) wherever else they are still referenced.
    for namespace in namespaces:
        namespace.clear()


def _not_here(spec, *_):
    raise ModuleNotFoundError(f"No module named {spec.name!r} in the checks", name=spec.name)


def _close_doors():
    # Replaced, not wrapped (a wrapper would hold the original): no module can be created from C
    # any more, not _pyodide_core again, not ctypes, not a compiled module a program writes to the
    # in-memory disk.
    _imp.create_builtin = _not_here
    _imp.create_dynamic = _not_here
    # Whatever of the bridge stays alive in C could still be found by walking the heap.
    del gc.get_objects
    del gc.get_referrers
    del gc.get_referents


def seal():
    # Called from JavaScript directly, not through pyodide.runPython, whose own code lives in a
    # module this empties.
    os.system = posix.system = _no_shell
    _undo_webloop()
    _create_builtins_now()
    _empty_bridge()
    _close_doors()
