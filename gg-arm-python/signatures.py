"""Reflects the gg package's signature catalogue with griffe, statically, for gg-arm-python/build.rs.

usage: python signatures.py GUEST_DIR OUT_JSON

Reads GUEST_DIR/gg/** (never importing it) and GUEST_DIR/library.py, and writes gg-core's
`Catalogue` JSON with language "python". Every rule of the spec's "The signature catalogue" is
checked; a gap is printed to stderr, naming the declaration, and the exit status is 1.
"""

import ast
import json
import re
import sys

import griffe

PACKAGE = "gg"
IMPORT_LINE = "import gg"
BUILTIN_TYPES = {"str", "int", "float", "bool", "bytes", "None", "list", "dict", "tuple", "object"}
HEADING = re.compile(r"^# --- (.+?) ---\s*$")

gaps = []


def gap(where, what):
    gaps.append(f"{where}: {what}")


def split_doc(obj, where):
    """(brief, detail) of a docstring: the first line, and the text after the blank line that must
    follow it (sections such as Args: excluded)."""
    if obj.docstring is None or not obj.docstring.value.strip():
        gap(where, "has no docstring")
        return "", ""
    lines = obj.docstring.value.strip().splitlines()
    brief = lines[0].strip()
    if len(lines) > 1 and lines[1].strip():
        gap(where, "the docstring's first paragraph runs over one line (the brief is one line, then a blank line)")
    sections = obj.docstring.parse("google")
    detail = ""
    if sections and sections[0].kind is griffe.DocstringSectionKind.text:
        text = sections[0].value.strip()
        detail = text[len(brief):].strip() if text.startswith(brief) else ""
    return brief, detail


def render(expr, where, refs):
    """A type annotation with every gg type spelled by its fully-qualified name."""
    if expr is None:
        gap(where, "has no type annotation")
        return "?"
    if isinstance(expr, str):
        return expr
    if isinstance(expr, griffe.ExprName) or isinstance(expr, griffe.ExprAttribute):
        try:
            path = expr.canonical_path
        except Exception:
            path = str(expr)
        if path.startswith(PACKAGE + ".") or path == PACKAGE:
            refs.add((path, where))
            return path
        last = path.rsplit(".", 1)[-1]
        if path in BUILTIN_TYPES or (path.startswith("builtins.") and last in BUILTIN_TYPES):
            return last
        gap(where, f"refers to `{expr}`, which resolves to no type of the {PACKAGE} package or the builtins")
        return str(expr)
    return "".join(render(part, where, refs) for part in expr.iterate(flat=False))


def operation_of(fn, where):
    ops = []
    for d in fn.decorators:
        value = d.value
        if isinstance(value, griffe.ExprCall) and str(value.function) == "operation":
            if len(value.arguments) != 1 or not isinstance(value.arguments[0], str):
                gap(where, "@operation takes one string literal")
                continue
            ops.append(ast.literal_eval(value.arguments[0]))
    if len(ops) != 1:
        gap(where, f"carries {len(ops)} @operation decorators; a public function carries exactly one")
        return None
    return ops[0]


def signature(qualified, fn, where, refs):
    parts = []
    star = False
    for p in fn.parameters:
        if p.kind is griffe.ParameterKind.keyword_only and not star:
            parts.append("*")
            star = True
        text = f"{p.name}: {render(p.annotation, f'{where} parameter `{p.name}`', refs)}"
        if p.default is not None:
            default = str(p.default)
            # A default that is a gg constant is spelled as a program writes it.
            text += f" = {PACKAGE}.{default}" if default == "UNCHANGED" else f" = {default}"
        parts.append(text)
    returns = render(fn.returns, f"{where} return", refs)
    return f"{qualified}({', '.join(parts)}) -> {returns}", returns


def reflect_function(module, fn, claimed, refs, error_types):
    qualified = f"{module.path}.{fn.name}"
    where = qualified
    op = operation_of(fn, where)
    if op is not None:
        if op in claimed:
            gap(where, f"claims {op}, which {claimed[op]} already claims")
        claimed[op] = qualified
    brief, detail = split_doc(fn, where)
    sig, returns = signature(qualified, fn, where, refs)
    sections = fn.docstring.parse("google") if fn.docstring else []
    args, raises = {}, []
    for s in sections:
        if s.kind is griffe.DocstringSectionKind.parameters:
            for p in s.value:
                args[p.name] = p.description.strip()
        elif s.kind is griffe.DocstringSectionKind.raises:
            raises.extend(s.value)
    params = []
    names = [p.name for p in fn.parameters]
    for p in fn.parameters:
        doc = args.get(p.name)
        if not doc:
            gap(where, f"parameter `{p.name}` has no Args: entry")
        params.append(
            {
                "name": p.name,
                "ty": render(p.annotation, f"{where} parameter `{p.name}`", set()),
                "optional": p.default is not None,
                "doc": doc or "",
            }
        )
    for name in args:
        if name not in names:
            gap(where, f"the Args: entry `{name}` names no parameter")
    throws = []
    for r in raises:
        ann = r.annotation
        try:
            path = ann.canonical_path if not isinstance(ann, str) else ann
        except Exception:
            path = str(ann)
        if path not in error_types:
            gap(where, f"the Raises: entry `{ann}` names no error type the {PACKAGE} package declares")
        else:
            throws.append(path)
    return {
        "module": module.path,
        "name": fn.name,
        "qualified": qualified,
        "operation": op or "",
        "signature": sig,
        "brief": brief,
        "detail": detail,
        "params": params,
        "returns": None if returns == "None" else returns,
        "throws": throws,
    }


def is_enum(cls):
    return any(str(b).split(".")[-1] in ("Enum", "_Enum") for b in cls.bases)


def reflect_type(module, cls, refs):
    qualified = f"{module.path}.{cls.name}"
    brief, _ = split_doc(cls, qualified)
    members = []
    enum = is_enum(cls)
    for name, m in cls.members.items():
        where = f"{qualified}.{name}"
        if m.is_alias:
            continue
        if m.kind is griffe.Kind.FUNCTION:
            if not name.startswith("_"):
                gap(where, "is a public method; a type of the catalogue declares fields and members only")
            continue
        if m.kind is not griffe.Kind.ATTRIBUTE or name.startswith("_"):
            continue
        if m.docstring is None or not m.docstring.value.strip():
            gap(where, "is not documented (a string literal under it)")
        doc = m.docstring.value.strip() if m.docstring else ""
        ty = qualified if enum else render(m.annotation, where, refs)
        members.append({"name": name, "ty": ty, "doc": doc})
    if not members:
        gap(qualified, "declares no documented member")
    kind = "enum" if enum else "record"
    return {"module": module.path, "name": cls.name, "qualified": qualified, "kind": kind, "brief": brief, "members": members}


def error_types_of(package, modules):
    """Qualified names of the public classes deriving from Exception."""
    found = set()
    for module in modules:
        for name in module.exports or ():
            m = module.members.get(name)
            if m is not None and not m.is_alias and m.kind is griffe.Kind.CLASS:
                if any(str(b).split(".")[-1] in ("Exception", "BaseException") for b in m.bases):
                    found.add(f"{module.path}.{name}")
    return found


def reflect_libraries(path):
    groups, heading = [], None
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    headings = {i + 1: HEADING.match(line).group(1) for i, line in enumerate(lines) if HEADING.match(line)}
    imports = [n for n in tree.body if isinstance(n, ast.Import)]
    if not imports:
        gap(path, "imports nothing at module scope")
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            gap(f"{path}:{node.lineno}", "a library is named with `import NAME`, not `from`")
    heading_lines = sorted(headings)
    for node in imports:
        above = [h for h in heading_lines if h < node.lineno]
        if not above:
            gap(f"{path}:{node.lineno}", "an import above every `# --- heading ---`")
            continue
        heading = headings[above[-1]]
        if not groups or groups[-1]["heading"] != heading:
            groups.append({"heading": heading, "modules": []})
        for alias in node.names:
            if alias.asname:
                gap(f"{path}:{node.lineno}", f"`{alias.name}` is imported under another name")
            groups[-1]["modules"].append(alias.name)
    return groups


def main(guest, out):
    loader = griffe.GriffeLoader(search_paths=[guest], docstring_parser="google", allow_inspection=False)
    package = loader.load(PACKAGE)
    loader.resolve_aliases(implicit=False, external=False)
    modules = [package] + [
        m for name, m in sorted(package.modules.items()) if not name.startswith("_") and not m.is_alias
    ]
    error_types = error_types_of(package, modules)
    catalogue = {"language": "python", "modules": [], "functions": [], "types": [], "libraries": []}
    claimed, refs = {}, set()
    for module in modules:
        where = module.path
        brief, _ = split_doc(module, where)
        catalogue["modules"].append({"name": module.path, "import_line": IMPORT_LINE, "brief": brief})
        if module.exports is None:
            gap(where, "has no __all__ (the public surface is __all__)")
            continue
        for name in module.exports:
            name = str(name)
            member = module.members.get(name)
            if member is None:
                gap(where, f"__all__ names `{name}`, which the module does not define")
                continue
            if member.is_alias:
                gap(f"{where}.{name}", "is imported, not declared: each module owns the types it produces")
                continue
            if member.kind is griffe.Kind.MODULE:
                continue
            if member.kind is griffe.Kind.FUNCTION:
                catalogue["functions"].append(reflect_function(module, member, claimed, refs, error_types))
            elif member.kind is griffe.Kind.CLASS:
                catalogue["types"].append(reflect_type(module, member, refs))
            elif member.kind is griffe.Kind.ATTRIBUTE and "." in str(member.value):
                # `UNCHANGED = Unchanged.UNCHANGED`: a spelling of a member its own type documents.
                owner = str(member.value).split(".")[0]
                if owner not in module.exports:
                    gap(f"{where}.{name}", f"is a constant of `{owner}`, which the module does not export")
            else:
                gap(f"{where}.{name}", "is in __all__ but is neither a function, a type, nor a member of one")
        for name, member in module.members.items():
            if (
                not member.is_alias
                and member.kind is griffe.Kind.FUNCTION
                and not name.startswith("_")
                and name not in module.exports
                and name != "operation"
            ):
                gap(f"{where}.{name}", "is a public function missing from __all__")
    declared = {t["qualified"] for t in catalogue["types"]}
    for path, where in sorted(refs):
        if path not in declared:
            gap(where, f"refers to `{path}`, which is not a type of the catalogue")
    catalogue["libraries"] = reflect_libraries(f"{guest}/library.py")
    if gaps:
        print(f"the {PACKAGE} package's catalogue has {len(gaps)} gap(s):", file=sys.stderr)
        for g in gaps:
            print(f"  {g}", file=sys.stderr)
        return 1
    with open(out, "w", encoding="utf-8") as f:
        json.dump(catalogue, f, indent=1, ensure_ascii=False)
        f.write("\n")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
