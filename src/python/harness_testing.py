"""What the CPython tests of the harness share: the harness imported as the loaders install it
(judging.py first, as _indent_judging, program_files.py as _indent_program_files, and turtle.py with its record as _indent_turtle_record), and a test case whose runs use a working folder of its own
instead of /home/learner."""

import os
import shutil
import sys
import tempfile
import unittest

import judging
import program_files
import turtle_record

sys.modules["_indent_judging"] = judging
sys.modules["_indent_program_files"] = program_files
sys.modules["_indent_turtle_record"] = turtle_record
import harness  # noqa: E402  (it imports _indent_judging)
import turtle  # noqa: E402  (this folder's turtle.py, as the loaders install it)

__all__ = ["WorkDirTestCase", "harness", "turtle"]


class WorkDirTestCase(unittest.TestCase):
    def setUp(self):
        self.base = tempfile.mkdtemp()
        self.saved = harness.WORK_DIR
        harness.WORK_DIR = os.path.join(self.base, "learner")
        self.cwd = os.getcwd()

    def tearDown(self):
        harness.WORK_DIR = self.saved
        shutil.rmtree(self.base, ignore_errors=True)
