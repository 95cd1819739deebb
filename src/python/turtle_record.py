"""What a run's turtles have drawn (issue 34, decision 0033): the record turtle.py's turtles add to,
installed by every loader as _indent_turtle_record before turtle.py. One drawing per run: the
harness calls _new_drawing() (through the turtle module) before each run, so each run starts blank.
Items are kept in the order drawn, as the page paints them: lines, filled shapes, dots and text."""
import json
import math


class TurtleGraphicsError(Exception):
    """What CPython's turtle raises for a bad colour or shape."""


class Vec2D(tuple):
    """A position: a pair of floats that adds, subtracts, scales and prints like CPython's."""

    def __new__(cls, x, y):
        return tuple.__new__(cls, (x, y))

    def __add__(self, other):
        return Vec2D(self[0] + other[0], self[1] + other[1])

    def __sub__(self, other):
        return Vec2D(self[0] - other[0], self[1] - other[1])

    def __mul__(self, other):
        if isinstance(other, Vec2D):
            return self[0] * other[0] + self[1] * other[1]
        return Vec2D(self[0] * other, self[1] * other)

    __rmul__ = __mul__

    def __neg__(self):
        return Vec2D(-self[0], -self[1])

    def __abs__(self):
        return math.hypot(*self)

    def rotate(self, degrees):
        c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
        return Vec2D(self[0] * c - self[1] * s, self[1] * c + self[0] * s)

    def __repr__(self):
        return "(%.2f,%.2f)" % self


# CSS's colour names, which the page draws with; Tk's names with spaces ("light blue") and its
# greys 0-100 ("grey50") are read as these.
_NAMES = set(
    """aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet
    brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue
    darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange
    darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise
    darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia
    gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo
    ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan
    lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue
    lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon
    mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue
    mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin
    navajowhite navy navyblue oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen
    paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red
    rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue
    slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white
    whitesmoke yellow yellowgreen""".split()
)
_HEX = set("0123456789abcdefABCDEF")
# A program drawing in an endless loop still ends (Stop, the time limit); the record stops growing.
ITEM_LIMIT = 50_000


class _Drawing:
    def __init__(self):
        self.items = []
        self.turtles = []
        self.bg = "white"
        self.size = [400, 400]
        self.title = None
        self.colormode = 1.0
        self.tracer = 1
        self.cut = False
        self.finished = 0
        self.default = None

    def add(self, item):
        if len(self.items) < ITEM_LIMIT:
            self.items.append(item)
            if item.get("c") is not None:
                self.finish(item)
        else:
            self.cut = True

    def finish(self, item):
        # Step through shows, at each step, the items finished by then (a fill when it is ended).
        item["n"] = self.finished
        self.finished += 1


_state = {"drawing": None}


def _current():
    if _state["drawing"] is None:
        _state["drawing"] = _Drawing()
    return _state["drawing"]


def _new_drawing():
    """Forgets what the last run drew (the harness calls it before each run)."""
    _state["drawing"] = None


def _swap_drawing(drawing):
    """Puts `drawing` (None: a blank one) in place of the run's, and gives back the run's."""
    kept, _state["drawing"] = _state["drawing"], drawing
    return kept


def _count():
    """How many finished things the run has drawn, as the page counts them (None: turtle unused)."""
    drawing = _state["drawing"]
    return None if drawing is None else drawing.finished


def _used():
    return _state["drawing"] is not None


def _css(color):
    """A colour as the page can draw it, or TurtleGraphicsError, as Tk would refuse it."""
    if isinstance(color, str):
        text = color.strip()
        if text.startswith("#") and len(text) in (4, 7) and set(text[1:]) <= _HEX:
            return text.lower()
        name = text.replace(" ", "").lower()
        if name in _NAMES:
            return name
        if name[:4] in ("grey", "gray") and name[4:].isdigit() and int(name[4:]) <= 100:
            return "#%02x%02x%02x" % ((round(int(name[4:]) * 2.55),) * 3)
        raise TurtleGraphicsError(f"bad color string: {color}")
    mode = _current().colormode
    try:
        r, g, b = color
        if not all(0 <= v <= mode for v in (r, g, b)):
            raise ValueError
    except (TypeError, ValueError):
        raise TurtleGraphicsError(f"bad color sequence: {color!r}") from None
    return "#%02x%02x%02x" % tuple(round(v * 255 / mode) for v in (r, g, b))


def _one_color(args):
    """A colour given as a string, a (r, g, b) tuple, or r, g, b."""
    color = args[0] if len(args) == 1 else args
    _css(color)
    return color


_CANNOT = {
    "keyboard": "there is no keyboard window",
    "mouse": "there is no window to click in",
    "timer": "the drawing is shown once the program has run, so nothing happens later",
    "ask": "there is no window to ask in; use input() instead",
    "shape": "turtle shapes are not drawn here",
    "undo": "drawings are recorded, not undone",
}
_UNSUPPORTED = {
    "keyboard": "onkey onkeypress onkeyrelease listen",
    "mouse": "onclick onscreenclick onrelease ondrag",
    "timer": "ontimer",
    "ask": "textinput numinput",
    "shape": "stamp clearstamp clearstamps register_shape addshape getshapes shapesize turtlesize"
    " shapetransform get_shapepoly begin_poly end_poly get_poly getcanvas",
    "undo": "undo setundobuffer undobufferentries",
}


def _turtle_state(turtle):
    return {
        "x": turtle._position[0], "y": turtle._position[1], "heading": turtle.heading(),
        "visible": turtle._visible, "down": turtle._down, "shape": turtle._shape,
        "color": turtle._pen_css, "fill": turtle._fill_css,
    }


def _drawing():
    """What this run has drawn, in order: what a check can look at."""
    drawing = _current()
    items = [dict(item, pts=[list(p) for p in item["pts"]]) if item["k"] == "fill" else dict(item) for item in drawing.items]
    items = [item for item in items if item.get("c") is not None]
    for item in items:
        del item["t"]
    return {
        "items": items, "bg": drawing.bg, "size": list(drawing.size), "title": drawing.title,
        "instant": drawing.tracer == 0, "cut": drawing.cut, "turtles": [_turtle_state(t) for t in drawing.turtles],
    }


def _drawing_json():
    """The drawing for the page, numbers to a hundredth of a step."""

    def short(value):
        if isinstance(value, float):
            return round(value, 2)
        if isinstance(value, list):
            return [short(v) for v in value]
        if isinstance(value, dict):
            return {k: short(v) for k, v in value.items()}
        return value

    return json.dumps(short(_drawing()))
