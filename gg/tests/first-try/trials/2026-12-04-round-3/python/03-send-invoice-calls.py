import ast
import os
import re
import gg

results = []
for root, dirs, files in os.walk("src"):
    dirs.sort()
    for fname in sorted(files):
        if not fname.endswith(".py"):
            continue
        path = os.path.join(root, fname).replace(os.sep, "/")
        with open(path, encoding="utf-8") as f:
            source = f.read()
        try:
            tree = ast.parse(source, filename=path)
        except SyntaxError:
            # fall back to a textual search
            for n, line in enumerate(source.split("\n"), start=1):
                code = line.split("#", 1)[0]
                if re.search(r"\bsend_invoice\s*\(", code) and not re.search(r"\bdef\s+send_invoice\b", code):
                    results.append((path, n))
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                if isinstance(func, ast.Name) and func.id == "send_invoice":
                    results.append((path, func.lineno))
                elif isinstance(func, ast.Attribute) and func.attr == "send_invoice":
                    results.append((path, func.end_lineno or node.lineno))

for path, line in sorted(set(results)):
    print(f"{path}:{line}")
