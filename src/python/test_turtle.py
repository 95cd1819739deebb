"""Unit tests of our turtle (turtle.py, turtle_record.py) on CPython. Its geometry is held to
CPython's own: the same programs drive CPython's turtle.TNavigator, which moves and turns like a
turtle without opening a window, and every position, heading and line end must agree."""

import importlib.util
import json
import math
import os
import sysconfig
import unittest

from harness_testing import WorkDirTestCase, harness, turtle

# CPython's turtle.py, under a name of its own: this folder's turtle.py is `turtle` here.
_spec = importlib.util.spec_from_file_location(
    "cpython_turtle", os.path.join(sysconfig.get_paths()["stdlib"], "turtle.py")
)
cpython_turtle = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cpython_turtle)


class Navigator(cpython_turtle.TNavigator):
    """CPython's navigator, noting every place it moves to."""

    def __init__(self):
        self.visited = []
        super().__init__()

    def _goto(self, end):
        if end != self._position:
            self.visited.append((self._position, end))
        super()._goto(end)


def square(t):
    for _ in range(4):
        t.forward(100)
        t.left(90)


def star(t):
    for _ in range(5):
        t.fd(150)
        t.rt(144)


def circles(t):
    t.circle(50)
    t.circle(-30, 120)
    t.circle(40, steps=6)
    t.circle(100, 270)
    t.circle(7.5, -90)


def wander(t):
    t.goto(30, -40)
    t.setheading(225)
    t.back(17.5)
    t.setx(-12)
    t.sety(80)
    t.left(33.3)
    t.forward(61)
    t.home()
    t.goto((5, 5))
    t.setheading(-100)
    t.forward(20)


def spiral(t):
    for i in range(60):
        t.forward(i * 2)
        t.left(59)


def grads(t):
    t.degrees(400)
    t.left(100)
    t.forward(50)
    t.circle(20, 100)
    t.radians()
    t.right(math.pi / 3)
    t.forward(30)


PROGRAMS = [square, star, circles, wander, spiral, grads]


def ours():
    turtle._new_drawing()
    return turtle.Turtle()


def lines(drawing):
    return [item for item in drawing["items"] if item["k"] == "line"]


class GeometryTest(unittest.TestCase):
    def test_positions_and_headings_match_cpythons_after_every_step(self):
        for program in PROGRAMS:
            with self.subTest(program=program.__name__):
                theirs, mine = Navigator(), ours()
                program(_Both(theirs, mine, self))

    def test_the_lines_drawn_are_the_moves_cpythons_turtle_makes(self):
        for program in PROGRAMS:
            with self.subTest(program=program.__name__):
                theirs, mine = Navigator(), ours()
                program(theirs)
                program(mine)
                drawn = lines(turtle._drawing())
                self.assertEqual(len(drawn), len(theirs.visited))
                for line, (start, end) in zip(drawn, theirs.visited):
                    for got, want in zip((line["x1"], line["y1"], line["x2"], line["y2"]), (*start, *end)):
                        self.assertAlmostEqual(got, want, places=9)

    def test_towards_and_distance_match_cpythons(self):
        theirs, mine = Navigator(), ours()
        for t in (theirs, mine):
            t.goto(10, 10)
            t.left(20)
        for target in [(0, 0), (10, 50), (-30, 10), (13.5, -2)]:
            self.assertAlmostEqual(mine.towards(*target), theirs.towards(*target), places=9)
            self.assertAlmostEqual(mine.distance(target), theirs.distance(target), places=9)
        self.assertEqual(repr(mine.pos()), repr(theirs.pos()))

    def test_a_circle_of_radius_50_is_a_polygon_of_20_sides_back_where_it_began(self):
        t = ours()
        t.circle(50)
        drawn = lines(turtle._drawing())
        self.assertEqual(len(drawn), 20)
        self.assertAlmostEqual(abs(t.pos()), 0, places=9)
        self.assertAlmostEqual(t.heading() % 360, 0, places=6)


class _Both:
    """Does each call to both turtles and compares where they are and face afterwards."""

    def __init__(self, theirs, mine, test):
        self.theirs, self.mine, self.test = theirs, mine, test

    def __getattr__(self, name):
        def both(*args, **kwargs):
            getattr(self.theirs, name)(*args, **kwargs)
            getattr(self.mine, name)(*args, **kwargs)
            for got, want in zip(self.mine.pos(), self.theirs.pos()):
                self.test.assertAlmostEqual(got, want, places=9, msg=name)
            self.test.assertAlmostEqual(self.mine.heading(), self.theirs.heading(), places=9, msg=name)

        return both


class DrawingTest(unittest.TestCase):
    def setUp(self):
        turtle._new_drawing()

    def test_colours_by_name_hex_and_rgb_in_either_colormode(self):
        t = turtle.Turtle()
        t.pencolor("Light Blue")
        t.forward(1)
        t.pencolor("#FF8800")
        t.forward(1)
        t.pencolor(0.5, 0, 1.0)
        t.forward(1)
        turtle.colormode(255)
        t.pencolor((255, 0, 10))
        t.forward(1)
        t.pencolor("grey50")
        t.forward(1)
        self.assertEqual([line["c"] for line in lines(turtle._drawing())], ["lightblue", "#ff8800", "#8000ff", "#ff000a", "#7f7f7f"])
        self.assertEqual(t.pencolor(), "grey50")
        t.color("red", "yellow")
        self.assertEqual(t.color(), ("red", "yellow"))

    def test_a_bad_colour_is_a_turtle_graphics_error_as_in_cpython(self):
        t = turtle.Turtle()
        with self.assertRaisesRegex(turtle.TurtleGraphicsError, "bad color string: blurple"):
            t.color("blurple")
        with self.assertRaisesRegex(turtle.TurtleGraphicsError, r"bad color sequence: \(2, 0, 0\)"):
            t.pencolor(2, 0, 0)
        with self.assertRaises(turtle.TurtleGraphicsError):
            turtle.bgcolor("#12345")

    def test_a_fill_is_the_path_walked_between_begin_and_end_beneath_its_outline(self):
        t = turtle.Turtle()
        t.fillcolor("orange")
        t.begin_fill()
        self.assertTrue(t.filling())
        square(t)
        t.end_fill()
        self.assertFalse(t.filling())
        items = turtle._drawing()["items"]
        self.assertEqual([item["k"] for item in items], ["fill", "line", "line", "line", "line"])
        self.assertEqual(items[0]["c"], "orange")
        self.assertEqual(len(items[0]["pts"]), 5)
        self.assertEqual(items[0]["pts"][2], [100.0, 100.0])
        # Numbered as finished, for Step through: the fill when it was ended, after its outline.
        self.assertEqual([item["n"] for item in items], [4, 0, 1, 2, 3])
        self.assertEqual(turtle._count(), 5)

    def test_dots_text_pen_and_screen(self):
        t = turtle.Turtle()
        t.pensize(3)
        t.dot()
        t.dot(20, "blue")
        t.penup()
        t.forward(50)
        self.assertFalse(t.isdown())
        t.write("Hi", align="center", font=("Courier", 14, "bold"))
        t.hideturtle()
        screen = turtle.Screen()
        screen.bgcolor("black")
        screen.setup(600, 300)
        screen.title("Night")
        drawing = turtle._drawing()
        dots = [item for item in drawing["items"] if item["k"] == "dot"]
        self.assertEqual([(d["d"], d["c"]) for d in dots], [(7, "black"), (20, "blue")])
        [text] = [item for item in drawing["items"] if item["k"] == "text"]
        self.assertEqual((text["x"], text["s"], text["align"], text["font"]), (50.0, "Hi", "center", ["Courier", 14, "bold"]))
        self.assertEqual((drawing["bg"], drawing["size"], drawing["title"]), ("black", [600, 300], "Night"))
        self.assertEqual(lines(drawing), [])
        self.assertEqual(drawing["turtles"][0]["visible"], False)
        self.assertEqual(screen.screensize(), (600, 300))

    def test_module_functions_draw_with_one_default_turtle_apart_from_new_ones(self):
        turtle.forward(10)
        turtle.left(90)
        other = turtle.Turtle()
        other.backward(5)
        turtle.fd(10)
        self.assertEqual(turtle.heading(), 90.0)
        self.assertEqual(repr(turtle.pos()), "(10.00,10.00)")
        self.assertEqual(repr(other.position()), "(-5.00,0.00)")
        self.assertEqual(len(lines(turtle._drawing())), 3)
        other.clear()
        self.assertEqual(len(lines(turtle._drawing())), 2)
        turtle.reset()
        self.assertEqual((lines(turtle._drawing()), turtle.heading()), ([], 0.0))
        turtle.done()
        turtle.mainloop()

    def test_speed_by_number_and_name(self):
        t = turtle.Turtle()
        self.assertEqual(t.speed(), 3)
        for given, kept in [("fastest", 0), ("fast", 10), (7.4, 7), (11, 0), (0.2, 0), ("slowest", 1)]:
            t.speed(given)
            self.assertEqual(t.speed(), kept)

    def test_what_has_no_window_here_says_so(self):
        with self.assertRaisesRegex(NotImplementedError, "^turtle.onkey is not available in Indent's browser turtle: there is no keyboard window$"):
            turtle.onkey(print, "Up")
        with self.assertRaisesRegex(NotImplementedError, "Turtle.onclick is not available"):
            turtle.Turtle().onclick(print)
        with self.assertRaisesRegex(NotImplementedError, "use input"):
            turtle.Screen().textinput("Name", "Your name?")
        with self.assertRaisesRegex(NotImplementedError, "turtle.stamp"):
            turtle.stamp()
        with self.assertRaises(turtle.TurtleGraphicsError):
            turtle.shape("dragon")

    def test_star_import_gives_the_drawing_functions(self):
        namespace = {}
        exec("from turtle import *\nforward(5)\nt = Turtle()\nbgcolor('red')", namespace)
        self.assertEqual(len(lines(turtle._drawing())), 1)

    def test_the_page_gets_numbers_to_a_hundredth(self):
        turtle.Turtle().circle(10, steps=3)
        drawing = json.loads(turtle._drawing_json())
        self.assertEqual(lines(drawing)[0]["x2"], round(lines(turtle._drawing())[0]["x2"], 2))


class RunTest(WorkDirTestCase):
    def test_each_run_of_the_harness_starts_on_a_blank_drawing(self):
        code = "import turtle\nturtle.forward(10)\nturtle.left(90)"
        for _ in range(2):
            result = json.loads(harness.run_request(json.dumps({"code": code})))
            self.assertIsNone(result["error"])
            self.assertEqual(len(lines(turtle._drawing())), 1)
            self.assertEqual(turtle.heading(), 90.0)

    def test_a_checks_tests_can_look_at_the_drawing(self):
        tests = (
            "drawing = turtle._drawing()\n"
            "sides = [item for item in drawing['items'] if item['k'] == 'line']\n"
            "assert len(sides) == 4, f'Draw 4 sides, not {len(sides)}'"
        )
        square = "import turtle\nfor _ in range(4):\n    turtle.forward(50)\n    turtle.left(90)"
        result = json.loads(harness.run_request(json.dumps({"code": square, "tests": tests})))
        self.assertIsNone(result["error"])
        triangle = "import turtle\nfor _ in range(3):\n    turtle.forward(50)\n    turtle.left(120)"
        result = json.loads(harness.run_request(json.dumps({"code": triangle, "tests": tests})))
        self.assertEqual(result["error"]["line"], "AssertionError: Draw 4 sides, not 3")

    def test_after_a_compare_the_drawing_is_the_learners_run_not_a_compared_one(self):
        code = "import turtle\ndef side(n):\n    turtle.forward(n)\n    return n\nside(7)"
        request = {"code": code, "reference": code, "compare": {"function": "side", "cases": ["1", "2"]}}
        result = json.loads(harness.run_request(json.dumps(request)))
        self.assertIsNone(result["failure"])
        self.assertEqual([line["x2"] for line in lines(turtle._drawing())], [7.0])

    def test_a_program_that_never_draws_leaves_turtle_unused(self):
        harness.run_request(json.dumps({"code": "print(1)"}))
        self.assertFalse(turtle._used())

    def test_a_learners_file_called_turtle_py_does_not_replace_it(self):
        code = "open('turtle.py', 'w').write('X = 1')\nimport turtle\nturtle.forward(3)"
        result = json.loads(harness.run_request(json.dumps({"code": code})))
        self.assertIsNone(result["error"])


if __name__ == "__main__":
    unittest.main()
