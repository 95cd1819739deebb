"""Unit tests of harness.py on CPython (npm test runs them; the browser and the server run the same
file in Pyodide). Each test gets a working folder of its own instead of /home/learner."""

import json
import os
import sys
import unittest

from harness_testing import WorkDirTestCase, harness


def run(**request):
    return json.loads(harness.run_request(json.dumps(request)))


class HarnessTest(WorkDirTestCase):
    def test_captures_what_the_program_prints_and_restores_the_process(self):
        stdout = sys.stdout
        result = run(code='print("hi")\nimport sys\nprint("oops", file=sys.stderr)')
        self.assertEqual(result["stdout"], "hi\n")
        self.assertEqual(result["stderr"], "oops\n")
        self.assertIsNone(result["error"])
        self.assertIs(sys.stdout, stdout)
        self.assertEqual(os.getcwd(), self.cwd)
        self.assertFalse(os.path.exists(harness.WORK_DIR))

    def test_reports_the_first_error_with_its_line_and_without_harness_frames(self):
        result = run(code='x = 1\nprint(x)\nprint(y)\nprint("never")')
        error = result["error"]
        self.assertEqual(result["stdout"], "1\n")
        self.assertEqual(error["type"], "NameError")
        self.assertEqual(error["phase"], "code")
        self.assertEqual(error["lineno"], 3)
        self.assertEqual(error["line"], "NameError: name 'y' is not defined")
        self.assertIn("Exception", error["mro"])
        self.assertNotIn("harness", error["traceback"])

    def test_a_syntax_error_says_its_line_as_written_and_the_columns_python_points_at(self):
        error = run(code='x = 1\nif x:\n    print("a"))')["error"]
        self.assertEqual(error["lineno"], 3)
        self.assertEqual(error["spot"], {"offset": 15, "end_offset": 15, "text": '    print("a"))'})
        self.assertIsNone(run(code="print(y)")["error"]["spot"])

    def test_feeds_input_from_stdin_and_says_when_it_runs_out(self):
        result = run(code='a = input("Name: ")\nprint("Hi", a)\ninput()', stdin="Ada\n")
        self.assertEqual(result["stdout"], "Name: Hi Ada\n")
        self.assertEqual(result["error"]["type"], "EOFError")

    def test_runs_setup_apart_and_tests_in_the_code_namespace(self):
        result = run(
            setup='open("data.txt", "w").write("3")\nprint("hidden")',
            code="def double(n):\n    return n * 2",
            tests='assert double(int(open("data.txt").read())) == 6, "double(3) should be 6"',
        )
        self.assertEqual(result["stdout"], "")
        self.assertIsNone(result["error"])
        failed = run(code="def double(n):\n    return n", tests='assert double(3) == 6, "double(3) should be 6"')
        self.assertEqual(failed["error"]["phase"], "tests")
        self.assertEqual(failed["error"]["message"], "double(3) should be 6")

    def test_imports_a_module_the_program_has_just_written(self):
        code = 'open("helper.py", "w").write("X = 42")\nimport helper\nprint(helper.X)'
        self.assertEqual(run(code=code)["stdout"], "42\n")
        # The next run starts afresh: the module is gone with its folder.
        self.assertEqual(run(code="import helper")["error"]["type"], "ModuleNotFoundError")

    def test_stops_endless_output_with_a_plain_error_name(self):
        result = run(code='while True:\n    print("x" * 1000)')
        self.assertEqual(result["error"]["type"], "OutputLimitExceeded")
        self.assertTrue(result["error"]["line"].startswith("OutputLimitExceeded: the program printed"))

    def test_a_clean_exit_is_not_an_error_but_a_failing_one_is(self):
        self.assertIsNone(run(code="import sys\nprint(1)\nsys.exit(0)")["error"])
        self.assertEqual(run(code="import sys\nsys.exit(3)")["error"]["type"], "SystemExit")


if __name__ == "__main__":
    unittest.main()
