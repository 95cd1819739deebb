"""Unit tests of browser_runner.py on CPython: input() answered through the page, and the tracer
behind Step through. The browser installs judging.py as _indent_judging and harness.py as
_indent_harness; so do these tests."""

import json
import os
import shutil
import sys
import tempfile
import unittest

from harness_testing import harness

sys.modules["_indent_harness"] = harness
import browser_runner  # noqa: E402  (needs the harness installed under its module name first)


def run(code, ask=None, trace=False):
    request = json.dumps({"code": code})
    return json.loads(browser_runner.run_in_browser(request, None, ask, None, trace))


class BrowserRunnerTest(unittest.TestCase):
    def setUp(self):
        self.base = tempfile.mkdtemp()
        self.saved = harness.WORK_DIR
        harness.WORK_DIR = os.path.join(self.base, "learner")

    def tearDown(self):
        harness.WORK_DIR = self.saved
        shutil.rmtree(self.base, ignore_errors=True)

    def test_input_is_answered_by_the_page_and_echoed(self):
        answers = iter(["Ada"])
        result = run('name = input("Name? ")\nprint("Hi", name)', ask=lambda: next(answers))
        self.assertEqual(result["stdout"], "Name? Ada\nHi Ada\n")

    def test_stop_while_waiting_for_input_ends_the_program(self):
        result = run("input()", ask=lambda: None)
        self.assertEqual(result["error"]["type"], "KeyboardInterrupt")

    def test_the_harness_is_left_as_it_was(self):
        run("input()", ask=lambda: "x", trace=True)
        self.assertIs(harness._make_input, browser_runner._plain_make_input)
        self.assertIs(harness._run_source, browser_runner._plain_run_source)

    def test_traces_each_line_with_its_frames_and_values(self):
        code = "def double(n):\n    return n * 2\nx = double(3)\nprint(x)"
        result = run(code, trace=True)
        steps = result["trace"]["steps"]
        self.assertEqual(result["stdout"], "6\n")
        self.assertEqual([s["line"] for s in steps if s["event"] == "line"], [1, 3, 2, 4])
        returned = next(s for s in steps if s["event"] == "return")
        self.assertIn(["Return value", {"r": "6"}], returned["frames"][-1]["vars"])
        self.assertEqual(steps[-1]["event"], "end")

    def test_steps_through_the_main_program_of_several_files_with_the_editors_lines(self):
        code = "import helper\nx = helper.twice(3)\nprint(x)\n# file: helper.py\ndef twice(n):\n    return n * 2\n"
        result = run(code, trace=True)
        steps = result["trace"]["steps"]
        self.assertEqual(result["stdout"], "6\n")
        # The module's lines are its own file's, not the editor's: only the main program is shown.
        self.assertEqual([s["line"] for s in steps if s["event"] == "line"], [1, 2, 3])
        self.assertIn(["x", {"r": "6"}], steps[-1]["frames"][0]["vars"])

    def test_stops_at_the_step_limit_without_an_error(self):
        result = run("while True:\n    pass", trace=True)
        self.assertIsNone(result["error"])
        self.assertTrue(result["trace"]["limitReached"])
        self.assertEqual(len(result["trace"]["steps"]), browser_runner.STEP_LIMIT)


if __name__ == "__main__":
    unittest.main()
