"""Indent's own turtle (issue 34, decision 0033): every loader installs it as the module `turtle`, so
`import turtle` works in the browser, the server's check sandbox and the content verifier, none of
which has a window (or tkinter). Instead of drawing, each turtle adds what it draws to the run's
record (turtle_record.py, installed before it as _indent_turtle_record), which the browser's worker
sends to the page and a check may read with turtle._drawing().

The geometry follows CPython's turtle (the same heading arithmetic and circle approximation), so
positions and circle points match what CPython's turtle reports; the code is our own."""
import math

from _indent_turtle_record import TurtleGraphicsError, Vec2D, _CANNOT, _UNSUPPORTED, _css, _current, _one_color
import _indent_turtle_record as _record

__all__ = []  # filled in below, as `from turtle import *` should give what CPython's does
_SPEEDS = {"fastest": 0, "fast": 10, "normal": 6, "slow": 3, "slowest": 1}
_SHAPES = ("arrow", "turtle", "circle", "square", "triangle", "classic")


def _not_here(owner, name, why):
    def unsupported(*args, **kwargs):
        raise NotImplementedError(f"{owner}.{name} is not available in Indent's browser turtle: {why}")

    unsupported.__name__ = name
    return unsupported


class Turtle:
    def __init__(self, shape="classic", visible=True):
        self._record = _current()
        self._record.turtles.append(self)
        self._shape = shape
        self._visible = visible
        self._fullcircle = 360.0
        self._reset_state()

    def _reset_state(self):
        self._position = Vec2D(0.0, 0.0)
        self._orient = Vec2D(1.0, 0.0)
        self._down = True
        self._width = 1
        self._pencolor = self._fillcolor = "black"
        self._pen_css = self._fill_css = "black"
        self._speed = 3
        self._fill = None

    def _units(self):
        return 360.0 / self._fullcircle

    # Moving
    def _goto(self, end):
        start, self._position = self._position, end
        if self._down and start != end:
            self._record.add(
                {"k": "line", "t": id(self), "x1": start[0], "y1": start[1], "x2": end[0], "y2": end[1],
                 "c": self._pen_css, "w": self._width, "s": self._speed}
            )
        if self._fill is not None:
            self._fill["pts"].append(end)

    def forward(self, distance):
        self._goto(self._position + self._orient * distance)

    def backward(self, distance):
        self.forward(-distance)

    def goto(self, x, y=None):
        self._goto(Vec2D(*x) if y is None else Vec2D(x, y))

    def teleport(self, x=None, y=None, *, fill_gap=False):
        down, self._down = self._down, False
        fill, self._fill = self._fill, (self._fill if fill_gap else None)
        self._goto(Vec2D(self._position[0] if x is None else x, self._position[1] if y is None else y))
        self._down, self._fill = down, fill

    def setx(self, x):
        self._goto(Vec2D(x, self._position[1]))

    def sety(self, y):
        self._goto(Vec2D(self._position[0], y))

    def home(self):
        self.goto(0, 0)
        self.setheading(0)

    def _rotate(self, angle):
        self._orient = self._orient.rotate(angle * self._units())

    def left(self, angle):
        self._rotate(angle)

    def right(self, angle):
        self._rotate(-angle)

    def setheading(self, to_angle):
        full = self._fullcircle
        self._rotate((to_angle - self.heading() + full / 2.0) % full - full / 2.0)

    def circle(self, radius, extent=None, steps=None):
        # The polygon CPython draws: `steps` equal chords, turning half a step before and after.
        if extent is None:
            extent = self._fullcircle
        if steps is None:
            steps = 1 + int(min(11 + abs(radius) / 6.0, 59.0) * abs(extent) / self._fullcircle)
        turn = extent / steps
        chord = 2.0 * radius * math.sin(math.radians(turn / 2.0) * self._units())
        if radius < 0:
            chord, turn = -chord, -turn
        self._rotate(turn / 2.0)
        for _ in range(steps):
            self.forward(chord)
            self._rotate(turn)
        self._rotate(-turn / 2.0)

    def degrees(self, fullcircle=360.0):
        self._fullcircle = fullcircle

    def radians(self):
        self._fullcircle = math.tau

    # Where it is
    def position(self):
        return self._position

    def xcor(self):
        return self._position[0]

    def ycor(self):
        return self._position[1]

    def _angle(self, vector):
        degrees = round(math.degrees(math.atan2(vector[1], vector[0])), 10) % 360.0
        return (degrees / self._units()) % self._fullcircle

    def heading(self):
        return self._angle(self._orient)

    def _point(self, x, y):
        if y is not None:
            return Vec2D(x, y)
        return x._position if isinstance(x, Turtle) else Vec2D(*x)

    def towards(self, x, y=None):
        return self._angle(self._point(x, y) - self._position)

    def distance(self, x, y=None):
        return abs(self._point(x, y) - self._position)

    # The pen
    def penup(self):
        self._down = False

    def pendown(self):
        self._down = True

    def isdown(self):
        return self._down

    def pensize(self, width=None):
        if width is None:
            return self._width
        self._width = width

    def pencolor(self, *args):
        if not args:
            return self._pencolor
        self._pencolor = _one_color(args)
        self._pen_css = _css(self._pencolor)

    def fillcolor(self, *args):
        if not args:
            return self._fillcolor
        self._fillcolor = _one_color(args)
        self._fill_css = _css(self._fillcolor)

    def color(self, *args):
        if not args:
            return self._pencolor, self._fillcolor
        if len(args) == 2:
            self.pencolor(args[0])
            self.fillcolor(args[1])
        else:
            self.pencolor(*args)
            self.fillcolor(*args)

    def speed(self, speed=None):
        if speed is None:
            return self._speed
        speed = _SPEEDS.get(speed, speed)
        self._speed = round(speed) if 0.5 < speed < 10.5 else 0

    def begin_fill(self):
        self._fill = {"k": "fill", "t": id(self), "pts": [self._position], "c": None}
        # Drawn beneath the lines that outline it, as Tk does: its place is where the fill began.
        self._record.add(self._fill)

    def end_fill(self):
        fill, self._fill = self._fill, None
        if fill is None:
            return
        if len(fill["pts"]) > 2:
            fill["c"] = self._fill_css
            self._record.finish(fill)
        elif fill in self._record.items:
            self._record.items.remove(fill)

    def filling(self):
        return self._fill is not None

    def dot(self, size=None, *color):
        size = max(self._width + 4, 2 * self._width) if size is None else size
        shade = _css(_one_color(color)) if color else self._pen_css
        self._record.add({"k": "dot", "t": id(self), "x": self._position[0], "y": self._position[1], "d": size, "c": shade})

    def write(self, arg, move=False, align="left", font=("Arial", 8, "normal")):
        if align not in ("left", "center", "right"):
            raise ValueError(f"align must be 'left', 'center' or 'right', not {align!r}")
        text = str(arg)
        name, size, style = (tuple(font) + ("Arial", 8, "normal")[len(font) :])[:3]
        x, y = self._position
        self._record.add(
            {"k": "text", "t": id(self), "x": x, "y": y, "s": text, "c": self._pen_css, "align": align,
             "font": [str(name), size, str(style)]}
        )
        if move:
            # No window measures the text; about 0.6 of the font size per character.
            down, self._down = self._down, False
            self._goto(Vec2D(x + 0.6 * size * len(text), y))
            self._down = down

    # The turtle itself
    def shape(self, name=None):
        if name is None:
            return self._shape
        if name not in _SHAPES:
            raise TurtleGraphicsError(f"There is no shape named {name}")
        self._shape = name

    def hideturtle(self):
        self._visible = False

    def showturtle(self):
        self._visible = True

    def isvisible(self):
        return self._visible

    def clear(self):
        self._record.items = [item for item in self._record.items if item["t"] != id(self)]
        self._fill = None

    def reset(self):
        self.clear()
        self._reset_state()
        self._fullcircle = 360.0

    def getscreen(self):
        return Screen()

    def getturtle(self):
        return self

    fd, bk, back, lt, rt = forward, backward, backward, left, right
    setpos = setposition = goto
    seth = setheading
    pos = position
    pu = up = penup
    pd = down = pendown
    width = pensize
    ht, st = hideturtle, showturtle
    getpen = getturtle


Pen = RawTurtle = RawPen = Turtle
for _why, _names in _UNSUPPORTED.items():
    for _name in _names.split():
        setattr(Turtle, _name, _not_here("Turtle", _name, _CANNOT[_why]))


class _Screen:
    """The one screen of a drawing; Screen() always answers the same one."""

    def bgcolor(self, *args):
        if not args:
            return _current().bg
        _current().bg = _css(_one_color(args))

    def setup(self, width=0.5, height=0.75, startx=None, starty=None):
        # Fractions are of a monitor there is none of; sizes in pixels set the drawing's size.
        size = _current().size
        size[:] = [int(width) if width > 1 else size[0], int(height) if height > 1 else size[1]]

    def screensize(self, canvwidth=None, canvheight=None, bg=None):
        if canvwidth is None and canvheight is None and bg is None:
            return tuple(_current().size)
        self.setup(canvwidth if canvwidth is not None else _current().size[0], canvheight or _current().size[1])
        if bg is not None:
            self.bgcolor(bg)

    def title(self, titlestring):
        _current().title = str(titlestring)

    def colormode(self, cmode=None):
        if cmode is None:
            return _current().colormode
        if cmode not in (1.0, 255):
            raise TurtleGraphicsError(f"colormode must be 1.0 or 255, not {cmode!r}")
        _current().colormode = int(cmode) if cmode == 255 else 1.0

    def tracer(self, n=None, delay=None):
        if n is None:
            return _current().tracer
        _current().tracer = n

    def mode(self, mode=None):
        if mode not in (None, "standard"):
            raise NotImplementedError(f"turtle.mode({mode!r}) is not available in Indent's browser turtle: only 'standard'")
        return "standard"

    def delay(self, delay=None):
        return 0 if delay is None else None

    def update(self):
        pass

    def window_width(self):
        return _current().size[0]

    def window_height(self):
        return _current().size[1]

    def turtles(self):
        return list(_current().turtles)

    def clearscreen(self):
        _new_drawing()

    # No window to keep open: the program goes on (and ends), and the page shows the drawing.
    def done(self):
        pass

    mainloop = exitonclick = bye = done
    clear = reset = resetscreen = clearscreen


for _why, _names in _UNSUPPORTED.items():
    for _name in _names.split():
        setattr(_Screen, _name, _not_here("Screen", _name, _CANNOT[_why]))


def Screen():
    return _Screen()


def _default_turtle():
    drawing = _current()
    if drawing.default is None or drawing.default._record is not drawing:
        drawing.default = Turtle()
    return drawing.default


def _module_function(name, target):

    def function(*args, **kwargs):
        return getattr(target(), name)(*args, **kwargs)

    function.__name__ = function.__qualname__ = name
    return function


_TURTLE_NAMES = [name for name in vars(Turtle) if not name.startswith("_")]
_SCREEN_NAMES = [name for name in vars(_Screen) if not name.startswith("_") and name not in ("clear", "reset")]
for _name in _TURTLE_NAMES:
    globals()[_name] = _module_function(_name, _default_turtle)
for _name in _SCREEN_NAMES:
    globals()[_name] = _module_function(_name, Screen)
for _why, _names in _UNSUPPORTED.items():
    for _name in _names.split():
        globals()[_name] = _not_here("turtle", _name, _CANNOT[_why])
__all__ += _TURTLE_NAMES + _SCREEN_NAMES + ["Turtle", "Pen", "RawTurtle", "Screen", "Vec2D", "TurtleGraphicsError"]
Terminator = TurtleGraphicsError


# For the harness (a blank drawing before each run), the browser's worker and checks.
_new_drawing, _swap_drawing, _used, _count = _record._new_drawing, _record._swap_drawing, _record._used, _record._count
_drawing, _drawing_json = _record._drawing, _record._drawing_json
del _why, _names, _name
