"""Unit tests of a check's `compare:` on CPython: the harness runs the learner's code beside the
exercise's solution and reports the first difference (judging.py words it)."""

import json
import os
import unittest

import judging
from harness_testing import WorkDirTestCase, harness

SOLUTION = "def total(prices):\n    return round(sum(prices), 2)\n"


def run(code, compare, reference=SOLUTION, **request):
    reply = harness.run_request(json.dumps({"code": code, "reference": reference, "compare": compare, **request}))
    return json.loads(reply)


class CompareTest(WorkDirTestCase):
    def test_a_right_function_passes_on_every_case_and_leaves_no_folder_behind(self):
        code = "def total(prices):\n    t = 0\n    for p in prices:\n        t += p\n    return round(t, 2)\n"
        result = run(code, {"function": "total", "cases": ["[1.25, 2]", "[]"]})
        self.assertIsNone(result["error"])
        self.assertIsNone(result["failure"])
        self.assertEqual(os.listdir(self.base), [])
        self.assertEqual(os.getcwd(), self.cwd)

    def test_hard_coded_examples_fail_on_a_generated_case_that_replays_from_its_seed(self):
        code = "def total(prices):\n    if prices == [1.25, 2]:\n        return 3.25\n    return 0\n"
        generate = "def cases(rng):\n    return [([rng.randint(1, 99) for _ in range(3)],) for _ in range(5)]\n"
        compare = {"function": "total", "cases": ["[1.25, 2]"], "generate": generate, "seed": 4}
        first = run(code, compare)["failure"]
        self.assertEqual(first["kind"], "case")
        self.assertIn("should return", first["message"])
        self.assertEqual(first["got"], "0")
        self.assertEqual(run(code, compare)["failure"], first)
        other = run(code, {**compare, "seed": 5})["failure"]
        self.assertNotEqual(other["message"], first["message"])

    def test_a_function_that_changes_its_argument_is_named_for_it(self):
        code = "def total(prices):\n    t = 0\n    while prices:\n        t += prices.pop()\n    return round(t, 2)\n"
        failure = run(code, {"function": "total", "cases": ["[1, 2]"]})["failure"]
        self.assertIn("changed what it was given", failure["message"])
        self.assertEqual(failure["got"], "([],)")
        # Changing the argument is right when the solution does it too.
        solution = "def total(prices):\n    prices.clear()\n"
        self.assertIsNone(run("def total(p):\n    del p[:]\n", {"function": "total", "cases": ["[1]"]}, solution)["failure"])

    def test_a_case_can_name_its_arguments_as_the_prompt_calls_them(self):
        solution = "def goal(target, monthly, saved=0):\n    return max(0, -(-(target - saved) // monthly))\n"
        renamed = "def goal(target, monthly, start=0):\n    return max(0, -(-(target - start) // monthly))\n"
        compare = {"function": "goal", "cases": ["1000, 150", "500, 100, saved=500"]}
        self.assertIsNone(run(solution, compare, reference=solution)["failure"])
        failure = run(renamed, compare, reference=solution)["failure"]
        self.assertEqual(failure["kind"], "case")
        self.assertIn("goal(500, 100, saved=500) stopped with an error: TypeError", failure["message"])

    def test_numbers_compare_by_value_but_a_string_is_not_a_number(self):
        self.assertTrue(judging.same(3, 3.0))
        self.assertTrue(judging.same(0.1 + 0.2, 0.3))
        self.assertFalse(judging.same(3.14, 3.1416))
        self.assertFalse(judging.same("3", 3))
        self.assertFalse(judging.same([1, 2], (1, 2)))
        self.assertFalse(judging.same(True, 1))
        from collections import Counter

        self.assertTrue(judging.same(Counter("aab"), {"a": 2, "b": 1}))
        failure = run("def total(prices):\n    return str(sum(prices))\n", {"function": "total", "cases": ["[1]"]})["failure"]
        self.assertEqual((failure["expected"], failure["got"]), ("1", "'1'"))

    def test_errors_the_solution_raises_must_be_raised_and_others_are_crashes(self):
        solution = "def half(n):\n    if n < 0:\n        raise ValueError('negative')\n    return n / 2\n"
        quiet = run("def half(n):\n    return n / 2\n", {"function": "half", "cases": ["-2"]}, solution)["failure"]
        self.assertIn("should raise ValueError", quiet["message"])
        crash = run("def half(n):\n    return n[0]\n", {"function": "half", "cases": ["4"]}, solution)["failure"]
        self.assertIn("stopped with an error: TypeError", crash["message"])

    def test_a_hard_coded_file_name_is_refused_when_the_cases_vary_the_path(self):
        solution = "def save(path, text):\n    with open(path, 'w') as f:\n        f.write(text)\n"
        code = "def save(path, text):\n    with open('out.txt', 'w') as f:\n        f.write(text)\n"
        compare = {"function": "save", "cases": ["'out.txt', 'a'", "'notes_7.txt', 'b'"]}
        failure = run(code, compare, solution)["failure"]
        self.assertEqual(failure["message"], "save('notes_7.txt', 'b') should write notes_7.txt, but it wrote out.txt.")

    def test_a_file_the_code_already_wrote_on_its_own_is_still_seen_written_by_the_call(self):
        solution = "def save(path, text):\n    with open(path, 'w') as f:\n        f.write(text)\n"
        code = solution + "save('chores.txt', 'a')\n"
        self.assertIsNone(run(code, {"function": "save", "cases": ["'chores.txt', 'a'"]}, solution)["failure"])

    def test_a_program_is_compared_on_each_input_and_says_which(self):
        solution = "n = int(input())\nprint('big' if n >= 10 else 'small')\n"
        code = "n = input()\nprint('big' if n == '10' else 'small')\n"
        compare = {"program": True, "inputs": ["3\n", {"stdin": "12\n", "says": "compare numbers, not text"}]}
        failure = run(code, compare, solution, stdin="10\n")["failure"]
        self.assertEqual(failure["kind"], "input")
        self.assertEqual(failure["message"], "With the input '12', your program printed something other than expected.")
        self.assertEqual((failure["expected"], failure["got"]), ("big\n", "small\n"))
        self.assertEqual(failure["says"], "compare numbers, not text")

    def test_generated_program_inputs(self):
        solution = "print(int(input()) * 2)\n"
        generate = "def inputs(rng):\n    return [f'{rng.randint(-50, 50)}\\n' for _ in range(10)] + ['0\\n']\n"
        self.assertIsNone(run("n = int(input())\nprint(n + n)", {"program": True, "generate": generate}, solution)["failure"])
        failure = run("print(abs(int(input())) * 2)", {"program": True, "generate": generate}, solution, stdin="4\n")["failure"]
        self.assertIn("-", failure["message"])

    def test_a_broken_generator_or_solution_is_the_exercise_s_fault(self):
        broken = run(SOLUTION, {"function": "total", "generate": "def cases(rng):\n    return 1 / 0\n"})
        self.assertEqual(broken["error"]["phase"], "setup")
        fault = run(SOLUTION, {"function": "total", "cases": ["[1]"]}, reference="def total(:\n")["failure"]
        self.assertEqual(fault["kind"], "solution")


class RulesTest(unittest.TestCase):
    def broken(self, code, *rules):
        return judging.broken_rule(judging.ast.parse(code), list(rules))

    def test_constructs_modules_and_calls(self):
        self.assertIsNone(self.broken("while x:\n    pass", {"use": "while"}))
        self.assertIn("`while` loop", self.broken("for x in y:\n    pass", {"use": "while"}))
        self.assertIn("line 2", self.broken("x = 1\nfor c in s:\n    pass", {"avoid": "for"}))
        self.assertIn("line 1", self.broken("n = [c for c in s]", {"avoid": "for"}))
        self.assertIsNone(self.broken("from math import ceil", {"import": "math"}))
        self.assertIn("never imports it", self.broken("x = 1", {"import": "re"}))
        self.assertIn("line 1", self.broken("n = text.count('a')", {"avoid-call": "count"}))
        self.assertIsNone(self.broken("from math import sqrt\nsqrt(2)", {"call": "math.sqrt"}))
        self.assertIsNone(self.broken("import math as m\nm.sqrt(2)", {"call": "math.sqrt"}))
        self.assertEqual(self.broken("x = 1", {"import": "re", "message": "Use re."}), "Use re.")
        self.assertIsNone(self.broken("def f(n):\n    return f(n - 1)", {"use": "recursion"}))
        self.assertIsNotNone(self.broken("def f(n):\n    return g(n)", {"use": "recursion"}))

    def test_class_shape(self):
        rule = {"class": "Savings", "parent": "Account", "methods": ["deposit"], "properties": ["rate"], "super-init": True}
        good = (
            "class Savings(Account):\n    def __init__(self, o):\n        super().__init__(o)\n"
            "    def deposit(self, n):\n        pass\n    @property\n    def rate(self):\n        return 1\n"
        )
        self.assertIsNone(self.broken(good, rule))
        self.assertIn("@property", self.broken(good.replace("    @property\n", ""), rule))
        self.assertIn("super().__init__", self.broken(good.replace("super().__init__(o)", "self.o = o"), rule))
        self.assertIn("inherit from Account", self.broken(good.replace("(Account)", ""), rule))
        self.assertEqual(self.broken("x = 1", rule), "Define a class called Savings.")


if __name__ == "__main__":
    unittest.main()
