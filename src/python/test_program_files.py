"""Unit tests of a program in several files (program_files.py) as the harness runs it on CPython: the
modules are written to the working folder before the main program, in a plain run and in a check's
comparisons, and never count as files a call changed."""

import json
import os
import unittest

import program_files
from harness_testing import WorkDirTestCase, harness

PROGRAM = """import storage

storage.save("Ada")
print(storage.load())
print(sorted(name for name in __import__("os").listdir(".")))
# file: storage.py
def save(name):
    with open("names.txt", "a") as f:
        f.write(name + "\\n")


def load():
    with open("names.txt") as f:
        return f.read().split()
"""


def run(**request):
    return json.loads(harness.run_request(json.dumps(request)))


class SplitTest(unittest.TestCase):
    def test_the_main_program_is_the_text_before_the_first_file_line(self):
        main, modules = program_files.split("import a\nprint(a.X)\n# file: a.py\nX = 1\n# file: b_2.py\nY = 2")
        self.assertEqual(main, "import a\nprint(a.X)\n")
        self.assertEqual(modules, {"a.py": "X = 1\n", "b_2.py": "Y = 2"})

    def test_only_a_line_that_is_exactly_a_file_line_starts_a_module(self):
        text = "  # file: a.py\n# file: A.py\n# file: a.txt\n# file:a.py\nx = '# file: a.py'\n"
        self.assertEqual(program_files.split(text), (text, {}))

    def test_a_windows_line_ending_still_marks_a_file(self):
        self.assertEqual(program_files.split("import a\r\n# file: a.py\r\nX = 1\r\n")[1], {"a.py": "X = 1\r\n"})


class SeveralFilesTest(WorkDirTestCase):
    def test_the_modules_are_in_the_working_folder_before_the_main_program_runs(self):
        result = run(code=PROGRAM)
        self.assertIsNone(result["error"])
        self.assertEqual(result["stdout"], "['Ada']\n['names.txt', 'storage.py']\n")
        # Nothing is left for the next run: a program without the module cannot import it.
        self.assertEqual(run(code="import storage")["error"]["type"], "ModuleNotFoundError")

    def test_an_error_in_the_main_program_keeps_the_editors_line_number(self):
        error = run(code="import helper\nprint(helper.twice(2))\nprint(missing)\n# file: helper.py\ndef twice(n):\n    return 2 * n\n")["error"]
        self.assertEqual(error["lineno"], 3)
        self.assertEqual(error["type"], "NameError")

    def test_an_error_in_a_module_names_the_module_file(self):
        error = run(code="import helper\nhelper.broken()\n# file: helper.py\ndef broken():\n    return 1 / 0\n")["error"]
        self.assertEqual(error["type"], "ZeroDivisionError")
        self.assertIn('helper.py", line 2', error["traceback"])

    def test_a_program_compared_with_its_solution_runs_with_each_ones_own_modules(self):
        solution = "import shout\nprint(shout.loud(input()))\n# file: shout.py\ndef loud(text):\n    return text.upper() + '!'\n"
        right = "from shout import loud\nprint(loud(input()))\n# file: shout.py\ndef loud(s):\n    return s.upper() + '!'\n"
        wrong = "import shout\nprint(shout.loud(input()))\n# file: shout.py\ndef loud(text):\n    return text.upper()\n"
        compare = {"program": True, "inputs": ["hi\n", "Ada\n"]}
        self.assertIsNone(run(code=right, reference=solution, compare=compare, stdin="ok\n")["failure"])
        failure = run(code=wrong, reference=solution, compare=compare, stdin="ok\n")["failure"]
        self.assertEqual(failure["kind"], "input")
        self.assertEqual(failure["expected"], "OK!\n")

    def test_a_function_calling_a_module_sees_only_the_files_it_changed(self):
        solution = PROGRAM.replace('storage.save("Ada")\nprint(storage.load())\n', "").replace(
            'print(sorted(name for name in __import__("os").listdir(".")))\n',
            "\n\ndef keep(name):\n    storage.save(name)\n    return storage.load()\n",
        )
        compare = {"function": "keep", "cases": ["'Ada'", "'Grace'"]}
        # The learner's module differs in its text, not in what it does: no difference in the files.
        own = solution.replace("def load():", "# Everything saved so far.\ndef load():")
        self.assertIsNone(run(code=own, reference=solution, compare=compare)["failure"])
        forgetful = solution.replace("    storage.save(name)\n", "")
        failure = run(code=forgetful, reference=solution, compare=compare)["failure"]
        self.assertEqual(failure["kind"], "case")

    def test_a_call_that_imports_its_module_late_still_finds_it(self):
        code = "def keep(name):\n    import storage\n    storage.save(name)\n    return storage.load()\n" + PROGRAM[PROGRAM.index("# file:") :]
        compare = {"function": "keep", "cases": ["'Ada'", "'Grace'"]}
        self.assertIsNone(run(code=code, reference=code, compare=compare)["failure"])
        self.assertEqual(os.listdir(self.base), [])


if __name__ == "__main__":
    unittest.main()
