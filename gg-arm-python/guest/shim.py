"""The Python guest's shim: the sandbox world's `run` and `bound-operations` exports.

Everything imported at module scope here is baked into the component's snapshot (componentize-py
runs this module at build time), so the library set and the gg package are already loaded when a
program starts. `run` compiles the program as program.py, runs it at top level in a namespace of
its own, and reports an uncaught failure once through the feedback channel.

Every program gets a fresh instance of the snapshot, so whatever a run needs that does not depend
on the program (the printing streams, the `lib` finder, warm interpreter caches, a compact heap) is
made once here, at build time, and each run starts from it as it was left.
"""

import builtins
import gc
import importlib.abc
import importlib.machinery
import io
import tokenize
import linecache
import os
import random
import re
import sys
import traceback
import types

import wit_world
from componentize_py_types import Err
from wit_world.imports import feedback
from wit_world.imports import types as wire_types

import gg
import library  # noqa: F401  (the library set: loaded here so that it is in the snapshot)
# CPython imports `_pylong` on demand for its big-int algorithms (`str(10**40000)`, `int()` of a
# long text, a huge `//`); a module outside the baked closure is absent, so it is loaded here.
import _pylong  # noqa: F401
import wire_check
from gg import _sdk

# A program calling the generated bindings itself gets its wrong values refused, not a trap.
wire_check.install()
# Printing is the hot path, and its text is made valid above: the unguarded binding.
_log = wire_check.unchecked(feedback.log)

PROGRAM_FILE = "program.py"
# The most characters of a failure message the shim sends: under the host's 16 KiB clip of a
# report (4 x LOG_MAX_LINE_BYTES, gg-core/src/capture.rs), measured in UTF-8 bytes, so that the
# host never cuts it a second time.
MESSAGE_LIMIT = 16000
# A printed line longer than this is sent before its newline arrives (the host keeps 4 KiB of it).
PENDING_LIMIT = 64 * 1024
RECURSION_CEILING = 1000

# --- the recursion clamp -------------------------------------------------------------------------

_setrecursionlimit = sys.setrecursionlimit


def setrecursionlimit(limit, /):
    """sys.setrecursionlimit, clamped to 1000 so that Python's own RecursionError comes before
    the 1 MiB wasm stack traps the store."""
    _setrecursionlimit(min(limit, RECURSION_CEILING) if isinstance(limit, int) else limit)


setrecursionlimit.__qualname__ = setrecursionlimit.__name__ = "setrecursionlimit"
sys.setrecursionlimit = setrecursionlimit
_setrecursionlimit(RECURSION_CEILING)

# --- exit() and quit() without the site module ---------------------------------------------------


class _Quitter:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"Use {self.name}() to exit"

    def __call__(self, code=None):
        raise SystemExit(code)


for _name in ("exit", "quit"):
    if not hasattr(builtins, _name):
        setattr(builtins, _name, _Quitter(_name))

# --- the excluded modules ------------------------------------------------------------------------

EXCLUDED = ("asyncio", "subprocess", "multiprocessing", "unittest", "doctest")


class _Excluded(importlib.abc.MetaPathFinder):
    """Keeps the modules left out by choice out, even where the library set pulled one in."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname.partition(".")[0] in EXCLUDED:
            raise ModuleNotFoundError(f"No module named '{fullname}'", name=fullname)
        return None


for _name in list(sys.modules):
    if _name.partition(".")[0] in EXCLUDED:
        del sys.modules[_name]
sys.meta_path.insert(0, _Excluded())

# --- printing ------------------------------------------------------------------------------------


_SURROGATE = re.compile("[\ud800-\udfff]")


def _loggable(text):
    """The text with each lone surrogate (which UTF-8 cannot carry) as U+FFFD, the rule of every
    arm: a log line or a message is never refused and never spells a surrogate as an escape."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return _SURROGATE.sub("\ufffd", text)


class _FeedbackLog(io.TextIOBase):
    """sys.stdout and sys.stderr: each complete line is one feedback.log call."""

    def __init__(self, name):
        self._name = name
        self._pending = []
        self._pending_len = 0

    @property
    def name(self):
        return self._name

    @property
    def encoding(self):
        return "utf-8"

    @property
    def errors(self):
        return "strict"

    def writable(self):
        return True

    def isatty(self):
        return False

    def write(self, s):
        if not isinstance(s, str):
            raise TypeError(f"write() argument must be str, not {type(s).__name__}")
        start = 0
        while True:
            end = s.find("\n", start)
            if end < 0:
                break
            self._pending.append(s[start:end])
            _log(_loggable("".join(self._pending)))
            self._pending.clear()
            self._pending_len = 0
            start = end + 1
        if start < len(s):
            self._pending.append(s[start:])
            self._pending_len += len(s) - start
            if self._pending_len > PENDING_LIMIT:
                self.close_line()
        return len(s)

    def close_line(self):
        """Sends a partial last line."""
        if self._pending:
            _log(_loggable("".join(self._pending)))
            self._pending.clear()
            self._pending_len = 0


# --- code modules --------------------------------------------------------------------------------


def _module_file(key):
    return f"lib/{key}.py"


class _LibFinder(importlib.abc.MetaPathFinder):
    """Answers for `lib` and for one submodule per code module in scope."""

    def __init__(self, sources):
        self.sources = sources

    def find_spec(self, fullname, path=None, target=None):
        if fullname == "lib":
            return importlib.machinery.ModuleSpec("lib", _LibPackage(self.sources), is_package=True)
        package, _, key = fullname.partition(".")
        if package == "lib" and key in self.sources:
            spec = importlib.machinery.ModuleSpec(fullname, _CodeModule(key, self.sources[key]), origin=_module_file(key))
            spec.has_location = True
            return spec
        return None


# Installed once, ahead of the excluded modules' finder; a run hands it the sources in its scope.
_LIB_FINDER = _LibFinder({})
sys.meta_path.insert(0, _LIB_FINDER)


class _LibPackage(importlib.abc.Loader):
    def __init__(self, sources):
        self.sources = sources

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        module.__path__ = []
        sources = self.sources

        def __getattr__(name):
            if name in sources:
                return importlib.import_module(f"lib.{name}")
            known = ", ".join(sorted(sources)) or "none"
            raise AttributeError(f"module 'lib' has no code module '{name}'; the keys in scope: {known}", name=name, obj=module)

        module.__getattr__ = __getattr__
        module.__doc__ = "The code modules of the skills and memories in scope, one per key."


class _CodeModule(importlib.abc.Loader):
    """A skill's or memory's code: compiled and executed when first imported; a body that raises
    leaves the module empty and is reported on this import."""

    def __init__(self, key, source):
        self.key = key
        self.source = source

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        filename = _module_file(self.key)
        _remember_source(filename, self.source)
        module.__file__ = filename
        try:
            code = compile(self.source, filename, "exec", dont_inherit=True)
            exec(code, module.__dict__)
        except Exception as e:
            for name in [n for n in module.__dict__ if not (n.startswith("__") and n.endswith("__"))]:
                del module.__dict__[name]
            # A module's report has no location of its own: its SyntaxError keeps the File line.
            message = _exception_line(e) if _is_own_syntax_error(e, filename) else _render_with_frames(e)
            feedback.report_module_error(self.key, _trim(_loggable(message)))


# --- failures ------------------------------------------------------------------------------------

_owned_files = {PROGRAM_FILE}


def _remember_source(filename, source):
    _owned_files.add(filename)
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)


def _is_own_syntax_error(e, filename):
    return isinstance(e, SyntaxError) and e.filename == filename


def _syntax_message(e):
    """CPython's own rendering of a SyntaxError (the line, the caret, the message) without its
    `File "…", line N` header: the location travels beside it, and there is no traceback."""
    lines = "".join(traceback.format_exception_only(e)).rstrip("\n").split("\n")
    if lines and lines[0].lstrip().startswith("File "):
        lines = lines[1:]
    return "\n".join(lines)


def _too_deep(e):
    """What compile() said when the program nests past what CPython's parser or compiler can
    hold (MemoryError "parser stack overflowed", RecursionError "during compilation")."""
    return (
        f"{_exception_line(e)}\n"
        "SyntaxError: the program nests too deeply for Python to compile; flatten the deepest "
        "expression (fewer nested brackets or operators)"
    )


def _deepest(source, filename):
    """Where the brackets of `source` nest deepest (the first token at that depth), or where a
    run of unary operators is longest: the place a too-deep program is too deep. The tokenizer
    keeps no stack of its own, so it reads text the parser cannot."""
    best = (0, None)
    depth = run = 0
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type == tokenize.OP and tok.string in "([{":
                depth += 1
            elif tok.type == tokenize.OP and tok.string in ")]}":
                depth -= 1
            run = run + 1 if tok.type == tokenize.OP and tok.string in ("-", "+", "~") else 0
            if max(depth, run) > best[0]:
                best = (max(depth, run), tok.start)
    except Exception:
        pass
    if best[1] is None:
        return None
    line, col = best[1]
    return feedback.Location(filename, line, col + 1)


def _exception_line(e):
    return "".join(traceback.format_exception_only(e)).rstrip("\n")


def _owned_frames(te, seen):
    """Strips every frame the program or a code module does not own, down the whole chain."""
    if id(te) in seen:
        return
    seen.add(id(te))
    te.stack = traceback.StackSummary.from_list([f for f in te.stack if f.filename in _owned_files])
    for nested in (te.__cause__, te.__context__, *(te.exceptions or ())):
        if nested is not None:
            _owned_frames(nested, seen)


def _render_with_frames(e):
    te = traceback.TracebackException.from_exception(e, capture_locals=False)
    _owned_frames(te, set())
    return "".join(te.format()).rstrip("\n")


def _trim(message, tail=None):
    """Cuts a message to MESSAGE_LIMIT bytes of UTF-8, at a line boundary where there is one,
    with the number of characters dropped on a line of its own. `tail` (the exception line a
    traceback ends with) is kept whole after the cut, so a long traceback never loses the line
    that names what was raised; a tail too long to keep is cut like the rest."""
    encoded = message.encode("utf-8")
    if len(encoded) <= MESSAGE_LIMIT:
        return message
    if tail and message.endswith(tail) and len(tail.encode("utf-8")) <= MESSAGE_LIMIT // 4:
        room = MESSAGE_LIMIT - 64 - len(tail.encode("utf-8"))
        body = message[: len(message) - len(tail)]
        keep = body.encode("utf-8")[:room].decode("utf-8", "ignore")
        cut = keep.rfind("\n")
        if cut > len(keep) // 2:
            keep = keep[:cut]
        return f"{keep.rstrip(chr(10))}\n… {len(body) - len(keep)} characters dropped\n{tail.lstrip(chr(10))}"
    keep = encoded[: MESSAGE_LIMIT - 64].decode("utf-8", "ignore")
    cut = keep.rfind("\n")
    if cut > len(keep) // 2:
        keep = keep[:cut]
    return f"{keep}\n… {len(message) - len(keep)} characters dropped"


def _location(e):
    """The innermost frame the program or a code module owns, with the column of the instruction
    that stopped (1-based, in characters)."""
    found = None
    tb = e.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_filename in _owned_files:
            found = tb
        tb = tb.tb_next
    if found is None:
        return None
    code = found.tb_frame.f_code
    line = found.tb_lineno
    column = 1
    positions = list(code.co_positions())
    index = found.tb_lasti // 2
    if 0 <= index < len(positions):
        start_line, _, start_col, _ = positions[index]
        if start_col is not None and start_line == line:
            text = linecache.getline(code.co_filename, line)
            column = len(text.encode("utf-8")[:start_col].decode("utf-8", "replace")) + 1
    return feedback.Location(code.co_filename, line, column)


def _is_gg_module(obj):
    return isinstance(obj, types.ModuleType) and (obj.__name__ == "gg" or obj.__name__.startswith("gg."))


def _report(e):
    """Reports the program's uncaught exception once, classified as the spec's "Checking and
    failures" says."""
    location = _location(e)
    code = None
    if isinstance(e, gg.ApiError):
        kind, code = feedback.ErrorKind.API_FAILURE, wire_types.ErrorCode[e.code.name]
        message = _exception_line(e)
    elif isinstance(e, Err) and isinstance(getattr(e, "value", None), wire_types.ApiError):
        kind, code = feedback.ErrorKind.API_FAILURE, e.value.code
        message = _exception_line(e)
    elif isinstance(e, NameError) or (isinstance(e, AttributeError) and _is_gg_module(getattr(e, "obj", None))):
        kind = feedback.ErrorKind.UNKNOWN_NAME
        message = _exception_line(e)
    elif isinstance(e, ImportError) and _unknown_gg_import(e):
        kind = feedback.ErrorKind.UNKNOWN_NAME
        message = _unknown_gg_import(e)
    else:
        kind = feedback.ErrorKind.OTHER
        message = _render_with_frames(e)
    tail = _loggable(_exception_line(e))
    feedback.report_error(feedback.ProgramError(kind, code, _trim(_loggable(message), tail), location))


def _unknown_gg_import(e):
    """`from gg.files import reed_file` or `import gg.filez`: the name a gg module does not
    declare, with everything it does (as the AttributeError would say), else None."""
    module_name = getattr(e, "name", None) or ""
    if not (module_name == "gg" or module_name.startswith("gg.")):
        return None
    if isinstance(e, ModuleNotFoundError):
        parent, _, child = module_name.rpartition(".")
        module = sys.modules.get(parent)
        if module is None or not _is_gg_module(module):
            return None
        return f"ModuleNotFoundError: {_sdk.unknown_name(module, child)}"
    wanted = getattr(e, "name_from", None)
    module = sys.modules.get(module_name)
    if wanted is None or module is None:
        return None
    return f"ImportError: {_sdk.unknown_name(module, wanted)}"


def _exit_status(e):
    """The process status a SystemExit asks for, as CPython's own handling computes it (the host
    is told only whether it is zero)."""
    code = e.code
    if code is None:
        return 0
    if isinstance(code, int):
        return int(code) if -(2**31) <= code < 2**31 else 1
    sys.stderr.write(f"{code}\n")
    return 1


# --- the exports ---------------------------------------------------------------------------------


# sys.stdout and sys.stderr of every run. The interpreter's own streams stay referenced here, so
# that replacing them in a run never deallocates (and flushes) them.
_STDOUT, _STDERR = _FeedbackLog("<stdout>"), _FeedbackLog("<stderr>")
_WASI_STDIO = (sys.stdout, sys.stderr)


def _enter(directory):
    if directory:
        try:
            os.chdir(directory)
        except OSError:
            pass


class WitWorld(wit_world.WitWorld):
    def run(self, program, modules, operations, ending, library):
        # componentize-py's (0.25.1) first export call in an instance has already refilled
        # os.environ from the host (GG_SANDBOX_DEADLINE_MS included) and reseeded `random`, whose
        # snapshot seed would otherwise repeat (tests/all/guest.rs holds both).
        stdout, stderr = _STDOUT, _STDERR
        # The originals write to WASI's stdout, which gg withholds: they point at the log too.
        sys.stdout = sys.__stdout__ = stdout
        sys.stderr = sys.__stderr__ = stderr
        if modules:
            _LIB_FINDER.sources = {m.key: m.source for m in modules}
        sys.argv = [PROGRAM_FILE]
        # The working directory gg names in PWD, the workspace (wasi-libc starts at `/`).
        _enter(os.environ.get("PWD"))
        _remember_source(PROGRAM_FILE, program)
        try:
            try:
                code = compile(program, PROGRAM_FILE, "exec", dont_inherit=True)
            except SyntaxError as e:
                column = e.offset if isinstance(e.offset, int) and e.offset > 0 else 1
                location = feedback.Location(PROGRAM_FILE, e.lineno or 1, column)
                message = _trim(_loggable(_syntax_message(e)))
                feedback.report_error(feedback.ProgramError(feedback.ErrorKind.OTHER, None, message, location))
                return
            except (MemoryError, RecursionError) as e:
                # The parser's or compiler's own limit on nesting: the program's syntax-level
                # failure, not the shim's, located where the nesting peaks.
                message = _trim(_loggable(_too_deep(e)))
                location = _deepest(program, PROGRAM_FILE)
                feedback.report_error(feedback.ProgramError(feedback.ErrorKind.OTHER, None, message, location))
                return
            namespace = {"__name__": "__main__", "__builtins__": builtins}
            try:
                exec(code, namespace)
            except SystemExit as e:
                status = _exit_status(e)
                stdout.close_line()
                stderr.close_line()
                os._exit(status)
            except BaseException as e:
                try:
                    _report(e)
                except BaseException as failed:
                    # Rendering the failure failed too (a MemoryError, usually): say what there is.
                    message = f"{type(e).__name__} (rendering it failed with {type(failed).__name__})"
                    feedback.report_error(feedback.ProgramError(feedback.ErrorKind.OTHER, None, message, None))
        finally:
            stdout.close_line()
            stderr.close_line()

    def bound_operations(self):
        return _sdk.bound_operations()

# --- the snapshot --------------------------------------------------------------------------------
# A program's instance starts as a copy-on-write mapping of this snapshot: every page a run writes
# is copied first (a page fault and a 4 KiB copy), and that, more than the interpreter, was a
# trivial run's time. What follows leaves the snapshot so that a run touches as few pages as it
# can. Measured on `x = 1 + 1` (perf's page-fault counts over 300 runs of the guest alone, on
# wasmtime with gg's engine configuration, 2026-11-30): 506 pages faulted per run before, 274 with
# the free chunks filled, 168 with the rehearsal and the emptying as well; the bare componentize-py
# guest exporting an empty `run` against the same world faults 200.


def _rehearse():
    """Walks the per-run path at build time: the type attribute cache, the specialized bytecode
    and the interned names a run needs are then already in the snapshot, rather than written into
    it (page by page) by every run. Nothing a program can observe is left behind."""
    saved = sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__, sys.argv
    # What componentize-py's first export call does in each instance: fill os.environ, reseed.
    os.environ["GG_SANDBOX_REHEARSAL"] = "1"
    del os.environ["GG_SANDBOX_REHEARSAL"]
    random.seed()
    world = WitWorld()
    for _ in range(3):  # CPython specializes an instruction after its first executions
        for member in wire_types.EndingKind:
            wire_types.EndingKind(member.value)
        world.run("x = 1 + 1\n", [], [], wire_types.EndingKind.NONE, False)
    sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__, sys.argv = saved
    linecache.cache.pop(PROGRAM_FILE, None)


def _fill_free_chunks():
    """Allocates every free chunk left between live objects, and keeps it.

    This CPython is built without pymalloc (`sys._debugmallocstats()` shows no arenas), so every
    object comes from the C library's malloc (dlmalloc). After the build's imports its free lists
    held ~10,600 holes (2.2 MB) spread over the 19 MiB heap, and a run's allocations landed in
    them and in the list links beside them: half of a run's page faults were inside malloc. Once
    the holes are taken, a run allocates from the top of the heap, a few fresh pages in a row.
    A chunk comes from the top when its address (`id`) is at or past the first byte of the top
    chunk, found by allocating (and freeing) a block larger than any hole. The holes were free
    memory a program's allocations would have reused, so a program has ~2.2 MB less of its
    memory limit than before; the 1 MiB probe grows the snapshot's memory by under 1 MiB."""
    probe = bytes(1 << 20)
    top = id(probe)
    del probe
    held = []
    # Largest first, so each hole is taken by the largest block that fits and its remainder by
    # the next sizes down; `object()` takes the smallest chunks malloc makes.
    for size in (1 << 16, 1 << 14, 1 << 12, 2048, 1024, 512, 256, 128, 96, 64, 48, 32, 24, 16, 8, 4, 2, 0):
        while True:
            block = bytes(size) if size else object()
            if id(block) >= top:
                del block
                break
            held.append(block)
    return held


_rehearse()
# What componentize-py empties next (its first call in an instance refills them from the host),
# emptied here so that their strings are not freed into fresh holes after the fill below.
for _name in list(os.environ):
    del os.environ[_name]
del sys.argv[:]
# The module body's code object would be freed into holes too once this module finishes.
_MODULE_CODE = sys._getframe().f_code
gc.collect()
_HELD = _fill_free_chunks()
# Everything baked so far moves to the permanent generation: a collection during a program then
# never walks, and so never copies on write, the snapshot's pages.
gc.freeze()
