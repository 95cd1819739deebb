"""What only the browser's worker adds to the harness (harness.py, installed as the module
_indent_harness beside this one): for one run at a time it swaps three of the harness's names:
  _make_input: input() asks the page (through the input relay) instead of reading the request's
               stdin, and echoes the answer the way a terminal does;
  time.sleep:  waits in the service worker instead of spinning the CPU;
  _run_source: runs main.py under a tracer that records each step (line, frames, values).
The content verifier and the server never load it, so checks are judged the same everywhere."""
import itertools as _itertools
import json
import linecache
import sys
import time as _time
import types as _types

import _indent_harness as _harness

# The Step through panel counts up to this many steps (STEP_LIMIT in worker-python.ts, which a
# test holds to it).
STEP_LIMIT = 1000
_plain_make_input = _harness._make_input
_plain_run_source = _harness._run_source
_plain_sleep = _time.sleep


class StepLimitReached(BaseException):
    """Ends a traced program at STEP_LIMIT steps; BaseException so "except Exception" cannot hide it."""


StepLimitReached.__module__ = "builtins"


def _asking_input(ask):
    def make(stream):
        def input(prompt=""):
            if prompt != "":
                sys.stdout.write(str(prompt))
            sys.stdout.flush()
            answer = ask()
            # Anything but a line (JS undefined) means the learner pressed Stop.
            if not isinstance(answer, str):
                raise KeyboardInterrupt
            # The terminal shows what was typed; so does the console (and the trace's output).
            sys.stdout.write(answer + "\n")
            return answer

        return input

    return make


def _quiet_sleep(pause):
    def sleep(seconds):
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
            raise TypeError(f"'{type(seconds).__name__}' object cannot be interpreted as an integer")
        if seconds < 0:
            raise ValueError("sleep length must be non-negative")
        pause(seconds * 1000)

    return sleep


_SHOWN_LIMIT = 50
_DEPTH_LIMIT = 4


def _short(text, limit=200):
    return text if len(text) <= limit else text[: limit - 3] + "..."


class _Tracer:
    def __init__(self, filename):
        self.filename = filename
        self.steps = []
        self.labels = {}
        # Labelled objects are kept alive, so id() is never reused for another object mid-trace.
        self.kept = []
        self.limit_reached = False

    def label(self, value):
        key = id(value)
        if key not in self.labels:
            self.labels[key] = len(self.labels) + 1
            self.kept.append(value)
        return self.labels[key]

    def encode(self, value, depth=0, seen=()):
        if value is None or isinstance(value, (bool, int, float, complex)):
            return {"r": _short(repr(value))}
        if isinstance(value, str):
            return {"r": _short(repr(value))}
        ref = self.label(value)
        kind = type(value).__name__
        if ref in seen or depth >= _DEPTH_LIMIT:
            return {"id": ref, "type": kind, "cut": True}
        seen = seen + (ref,)
        if isinstance(value, (list, tuple, set, frozenset)):
            items = [self.encode(v, depth + 1, seen) for v in _itertools.islice(value, _SHOWN_LIMIT)]
            return {"id": ref, "type": kind, "items": items, "more": len(value) > _SHOWN_LIMIT}
        if isinstance(value, dict):
            entries = [
                [self.encode(k, depth + 1, seen), self.encode(v, depth + 1, seen)]
                for k, v in _itertools.islice(value.items(), _SHOWN_LIMIT)
            ]
            return {"id": ref, "type": "dict", "entries": entries, "more": len(value) > _SHOWN_LIMIT}
        if isinstance(value, (_types.FunctionType, _types.BuiltinFunctionType, _types.MethodType)):
            return {"id": ref, "type": "function", "r": getattr(value, "__qualname__", kind)}
        if isinstance(value, type):
            return {"id": ref, "type": "class", "r": value.__name__}
        attrs = getattr(value, "__dict__", None)
        if isinstance(attrs, dict) and type(value).__module__ == "__main__":
            entries = [
                [{"r": name}, self.encode(v, depth + 1, seen)]
                for name, v in _itertools.islice(attrs.items(), _SHOWN_LIMIT)
            ]
            return {"id": ref, "type": kind, "attrs": entries}
        try:
            text = repr(value)
        except Exception:
            text = f"<{kind}>"
        return {"id": ref, "type": kind, "r": _short(text)}

    def variables(self, names):
        shown = []
        for name, value in list(names.items()):
            if name.startswith("__") and name.endswith("__"):
                continue
            if isinstance(value, _types.ModuleType):
                continue
            shown.append([name, self.encode(value)])
        return shown

    def frames(self, frame):
        stack = []
        while frame is not None:
            if frame.f_code.co_filename == self.filename:
                stack.append(frame)
            frame = frame.f_back
        stack.reverse()
        return [
            {"name": f.f_code.co_name, "line": f.f_lineno, "vars": self.variables(f.f_locals)}
            for f in stack
        ]

    def output_length(self):
        try:
            return sys.stdout.tell()
        except Exception:
            return 0

    def drawn(self):
        """How many things the program has drawn with turtle so far (None: it has not used turtle)."""
        count = getattr(sys.modules.get("turtle"), "_count", None)
        return count() if callable(count) else None

    def step(self, line, event, frames):
        step = {"line": line, "event": event, "frames": frames, "out": self.output_length()}
        drawn = self.drawn()
        if drawn is not None:
            step["drawn"] = drawn
        return step

    def record(self, frame, event, returned=None):
        if len(self.steps) >= STEP_LIMIT:
            self.limit_reached = True
            sys.settrace(None)
            raise StepLimitReached(f"stopped after {STEP_LIMIT} steps")
        frames = self.frames(frame)
        if event == "return" and frames:
            frames[-1]["vars"].append(["Return value", self.encode(returned)])
        self.steps.append(self.step(frame.f_lineno, event, frames))

    def global_trace(self, frame, event, arg):
        if frame.f_code.co_filename != self.filename:
            return None
        return self.local_trace

    def local_trace(self, frame, event, arg):
        if event == "line":
            self.record(frame, "line")
        elif event == "return" and frame.f_code.co_name != "<module>":
            self.record(frame, "return", arg)
        return self.local_trace

    def record_end(self, namespace, line):
        if self.limit_reached:
            return
        end = self.step(line, "end", [{"name": "<module>", "line": line, "vars": self.variables(namespace)}])
        # A program that ends on its STEP_LIMIT-th step shows its end in that step's place, so the
        # panel never counts past the limit it promises.
        if len(self.steps) >= STEP_LIMIT:
            self.steps[-1] = end
        else:
            self.steps.append(end)


_tracer = None


def _traced_run_source(source, filename, namespace):
    if filename != "main.py" or _tracer is None:
        return _plain_run_source(source, filename, namespace)
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    code = compile(source, filename, "exec", dont_inherit=True)
    sys.settrace(_tracer.global_trace)
    try:
        exec(code, namespace)
    finally:
        sys.settrace(None)
        last = _tracer.steps[-1]["line"] if _tracer.steps else 1
        _tracer.record_end(namespace, last)


def turtle_drawing():
    """What the last run drew with turtle (turtle.py) as JSON for the page, or None if it never drew."""
    turtle = sys.modules.get("turtle")
    return turtle._drawing_json() if turtle is not None and turtle._used() else None


def run_in_browser(request_json, on_output, ask, pause, trace):
    global _tracer
    # JS passes undefined (None) or, in some versions, null (not None) for "no function".
    if callable(ask):
        _harness._make_input = _asking_input(ask)
    if callable(pause):
        _time.sleep = _quiet_sleep(pause)
    if trace:
        _tracer = _Tracer("main.py")
        _harness._run_source = _traced_run_source
    tracer = _tracer
    try:
        result = _harness.run_request(request_json, on_output)
    finally:
        _harness._make_input = _plain_make_input
        _harness._run_source = _plain_run_source
        _time.sleep = _plain_sleep
        _tracer = None
    if tracer is None:
        return result
    parsed = json.loads(result)
    error = parsed.get("error")
    if error is not None and error.get("type") == "StepLimitReached":
        parsed["error"] = None
    parsed["trace"] = {"steps": tracer.steps, "limitReached": tracer.limit_reached}
    return json.dumps(parsed)
