//! Code modules as Java: a module's code is the body of the final class `lib.<key>` (static
//! methods and fields, nested records, enums and classes), its leading `import` lines hoisted
//! above the class. gg writes it as `lib/<key>.java` with the package, the imports and the class
//! header on line 1 and each import line left blank, so every line of the module keeps its number
//! and only line 1's columns move (by the header's length, taken off again in diagnostics).

/// The class name a module key binds to: the key with every character a Java identifier cannot
/// hold written `_`, and `_` before a leading digit.
pub fn binding_name(key: &str) -> String {
    let mut out: String = key
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '$' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    out
}

/// The module's file as diagnostics and locations name it: `lib/<binding>.java`.
pub fn file_of(key: &str) -> String {
    format!("lib/{}.java", binding_name(key))
}

/// The module's text as javac compiles it, and the length in characters of what precedes the
/// module's own first line on line 1.
pub fn wrap(key: &str, source: &str) -> (String, u32) {
    let code = crate::mask::mask(source);
    let mut imports = String::new();
    let mut body = String::with_capacity(source.len());
    let mut at = 0;
    let mut leading = true;
    for line in source.split_inclusive('\n') {
        let trimmed = line.trim();
        let is_code = code
            .as_ref()
            .is_none_or(|c| c.get(at + line.len() - line.trim_start().len()) == Some(&true));
        if leading && is_code && trimmed.starts_with("import ") && trimmed.ends_with(';') {
            imports.push_str(trimmed);
            imports.push(' ');
            body.push_str(if line.ends_with('\n') { "\n" } else { "" });
        } else {
            if !(trimmed.is_empty() || trimmed.starts_with("//")) {
                leading = false;
            }
            body.push_str(line);
        }
        at += line.len();
    }
    let name = binding_name(key);
    let header = format!("package lib; import gg.*; {imports}public final class {name} {{ private {name}() {{}} ");
    let shift = header.chars().count() as u32;
    (format!("{header}{body}\n}}\n"), shift)
}

/// Where `source` first names the class `lib.<binding>` in its code (not in a string or comment):
/// the line and character column of `lib`.
pub fn first_use(source: &str, binding: &str) -> Option<(u32, u32)> {
    let code = crate::mask::mask(source);
    gg_core::first_code_use(source, code.as_deref(), &format!("lib.{binding}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_become_identifiers() {
        assert_eq!(binding_name("greeter"), "greeter");
        assert_eq!(binding_name("my-notes.v2"), "my_notes_v2");
        assert_eq!(binding_name("2fa"), "_2fa");
    }

    #[test]
    fn imports_are_hoisted_and_lines_kept() {
        let (text, shift) = wrap(
            "g",
            "import java.util.*;\n// \"import x;\"\nstatic int n() { return 1; }\n",
        );
        assert_eq!(
            text,
            "package lib; import gg.*; import java.util.*; public final class g { private g() {} \n\
             // \"import x;\"\nstatic int n() { return 1; }\n\n}\n"
        );
        assert_eq!(shift, text.lines().next().unwrap().chars().count() as u32);
        assert_eq!(text.lines().nth(2), Some("static int n() { return 1; }"));
    }

    #[test]
    fn a_modules_first_use_in_code_is_found() {
        let src = "// lib.notes\nString s = \"lib.notes\";\nint n = mylib.notes.x + lib.notesy.y;\n  var x = lib.notes.count();\n";
        assert_eq!(first_use(src, "notes"), Some((4, 11)));
        assert_eq!(first_use("/* é */ lib.x.f();", "x"), Some((1, 9)));
        assert_eq!(first_use("class A {}", "notes"), None);
    }
}
