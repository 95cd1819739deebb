"""A program in several files (content/README.md, "Projects"): one editor text in which a line that is
exactly `# file: <name>.py` starts a module file, running to the next such line or the end; the text
before the first one is the main program. The harness (installed after this as _indent_program_files)
writes the modules into the folder a program runs in before it runs the main program, so
`import storage` finds them, and counts them as part of that folder when it compares what a call changed."""
import os
import re

MARKER = re.compile(r"# file: ([a-z0-9_]+\.py)")

# The module files each folder was last given, so a folder reset to the check's starting state gets
# them back, and they never count as files a call changed.
_written = {}


def split(source):
    """(main program, {file name: text}) of one editor text; a name given twice keeps its last text."""
    main, modules, current = [], {}, None
    for line in source.splitlines(True):
        found = MARKER.fullmatch(line.rstrip("\r\n"))
        if found:
            current = found.group(1)
            modules[current] = []
        elif current is None:
            main.append(line)
        else:
            modules[current].append(line)
    return "".join(main), {name: "".join(lines) for name, lines in modules.items()}


def prepare(source, folder):
    """Writes the module files of `source` into `folder` and returns its main program."""
    main, modules = split(source)
    _written[folder] = {name: text.encode("utf-8") for name, text in modules.items()}
    restore(folder)
    return main


def restore(folder):
    for name, data in _written.get(folder, {}).items():
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)


def expected(folder, base):
    """What `folder` holds when reset: the check's starting files and the program's module files."""
    return {**base, **_written.get(folder, {})}


def forget():
    _written.clear()


def files(folder):
    """Every file under `folder` (path relative to it: bytes), without Python's caches."""
    found = {}
    for root, dirs, names in os.walk(folder):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in names:
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                found[os.path.relpath(path, folder)] = f.read()
    return found
