//! A session: the turns of one agent on one arm, the state that outlives a program (views, the
//! program library, code modules, pinned skills), and running one program as a turn.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use serde::Serialize;

use crate::api::catalogue::Catalogue;
use crate::api::library::ProgramLibrary;
use crate::program::language::ProgramLanguage;
use crate::program::membrane::ModuleError;
use crate::wire::{CodeModule, OpenView, ViewKind};

/// Views kept open at once; opening one more closes the oldest.
pub const MAX_VIEWS: usize = 32;
/// Bytes of one view's body kept: 256 KiB, the most one read of the default tools returns, so a
/// file view is whole; a longer text is cut there and says so.
pub const VIEW_MAX_BODY: usize = 256 * 1024;
/// Bytes of every open view's body together: 1 MiB (a hundred text views of 1 MiB made a 34 MB
/// outcome); showing one past it closes the oldest until it fits.
pub const VIEWS_MAX_BYTES: usize = 1 << 20;

/// One thing a program chose to show the model next turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct View {
    #[serde(serialize_with = "view_kind")]
    pub kind: ViewKind,
    /// The path, label or catalogue name the view is closed by.
    pub selector: String,
    pub offset: Option<u32>,
    pub limit: Option<u32>,
    pub body: String,
}

fn view_kind<S: serde::Serializer>(k: &ViewKind, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(match k {
        ViewKind::File => "file",
        ViewKind::Text => "text",
        ViewKind::Docs => "docs",
    })
}

/// What outlives one program.
#[derive(Debug, Default)]
pub struct SessionState {
    pub views: Vec<View>,
    pub library: ProgramLibrary,
    /// Code modules bound from the next program on, by key.
    pub modules: BTreeMap<String, CodeModule>,
    /// Skills whose body is already pinned in the session record.
    pinned_skills: BTreeSet<String>,
    /// Each bound module's check (`ProgramLanguage::check_module`), made once per binding: `Err`
    /// keeps the module out of every program's scope and is reported in each outcome.
    pub(crate) module_checks: BTreeMap<String, Result<(), ModuleError>>,
    /// Keys the running turn bound or unbound, each with whether it was bound before the turn:
    /// what the turn's outcome reports (`module_bindings`).
    touched: BTreeMap<String, bool>,
}

/// One arm's code modules with their checks, held apart while another arm's programs run in the
/// same session state (`gg serve` keeps one per arm: a key's check belongs to that arm's module).
#[derive(Debug, Default)]
pub struct ArmModules {
    modules: BTreeMap<String, CodeModule>,
    checks: BTreeMap<String, Result<(), ModuleError>>,
}

impl SessionState {
    /// Takes the bound modules and their checks out, leaving none bound.
    pub fn take_modules(&mut self) -> ArmModules {
        ArmModules {
            modules: std::mem::take(&mut self.modules),
            checks: std::mem::take(&mut self.module_checks),
        }
    }

    /// Binds `held` in place of the modules bound now (and their checks).
    pub fn restore_modules(&mut self, held: ArmModules) {
        self.modules = held.modules;
        self.module_checks = held.checks;
    }
}

impl SessionState {
    pub fn with_library(library: ProgramLibrary) -> Self {
        Self {
            library,
            ..Self::default()
        }
    }

    /// Shows a view, its body cut to [`VIEW_MAX_BODY`]; one with the same kind and selector is
    /// replaced in place. The oldest others are closed while more than [`MAX_VIEWS`] are open or
    /// their bodies together pass [`VIEWS_MAX_BYTES`].
    pub(crate) fn show(&mut self, mut view: View) {
        view.body = crate::program::capture::clip(view.body, VIEW_MAX_BODY);
        let shown = match self
            .views
            .iter()
            .position(|v| v.kind == view.kind && v.selector == view.selector)
        {
            Some(i) => {
                self.views[i] = view;
                i
            }
            None => {
                self.views.push(view);
                self.views.len() - 1
            }
        };
        let (mut shown, mut bytes) = (shown, self.views.iter().map(|v| v.body.len()).sum::<usize>());
        while self.views.len() > MAX_VIEWS || bytes > VIEWS_MAX_BYTES {
            let oldest = if shown == 0 { 1 } else { 0 };
            bytes -= self.views.remove(oldest).body.len();
            shown -= 1;
        }
    }

    /// `base` if no open view has it as its selector, else the first of `base (2)`, `base (3)`, ...
    /// that none has: an unlabelled text's label, so it does not replace an earlier one.
    pub(crate) fn unused_selector(&self, base: String) -> String {
        let taken = |s: &str| self.views.iter().any(|v| v.selector == s);
        if !taken(&base) {
            return base;
        }
        (2..)
            .map(|n| format!("{base} ({n})"))
            .find(|s| !taken(s))
            .expect("fewer views are open than numbers")
    }

    /// Closes the views whose selector is `selector` (`*`: all); returns how many.
    pub(crate) fn close(&mut self, selector: &str) -> u32 {
        let before = self.views.len();
        self.views.retain(|v| selector != "*" && v.selector != selector);
        (before - self.views.len()) as u32
    }

    pub(crate) fn current(&self) -> Vec<OpenView> {
        self.views
            .iter()
            .map(|v| OpenView {
                kind: v.kind,
                selector: v.selector.clone(),
                offset: v.offset,
                limit: v.limit,
            })
            .collect()
    }

    /// The bound modules a program sees: those whose check did not fail, by key.
    pub(crate) fn modules_in_scope(&self) -> Vec<CodeModule> {
        self.in_scope().cloned().collect()
    }

    /// [`modules_in_scope`](Self::modules_in_scope), borrowed.
    pub(crate) fn in_scope(&self) -> impl Iterator<Item = &CodeModule> {
        self.modules
            .values()
            .filter(|m| !matches!(self.module_checks.get(&m.key), Some(Err(_))))
    }

    /// True the first time a skill is pinned in this session.
    pub(crate) fn pin_skill(&mut self, name: &str) -> bool {
        self.pinned_skills.insert(name.to_owned())
    }

    /// Binds (or, with `None`, unbinds) the code named `name` under the arm's spelling of its key.
    /// An arm that offers no code modules (no `module_extensions`) binds nothing.
    pub(crate) fn bind_module(&mut self, arm: &dyn ProgramLanguage, name: &str, code: Option<String>) {
        let key = arm.binding_name(name);
        if code.is_some() && arm.module_extensions().is_empty() {
            return;
        }
        self.module_checks.remove(&key);
        let was_bound = self.modules.contains_key(&key);
        self.touched.entry(key.clone()).or_insert(was_bound);
        match code {
            Some(source) => {
                self.modules.insert(key.clone(), CodeModule { key, source });
            }
            None => {
                self.modules.remove(&key);
            }
        }
    }

    /// The keys bound, rebound or unbound since the last call, by key; one bound and unbound
    /// again in between (no change) is left out.
    pub(crate) fn take_touched(&mut self) -> Vec<(String, crate::program::modules::BindingChange)> {
        use crate::program::modules::BindingChange;
        std::mem::take(&mut self.touched)
            .into_iter()
            .filter_map(|(key, was_bound)| {
                let change = match (was_bound, self.modules.contains_key(&key)) {
                    (false, true) => BindingChange::Bound,
                    (true, true) => BindingChange::Rebound,
                    (true, false) => BindingChange::Unbound,
                    (false, false) => return None,
                };
                Some((key, change))
            })
            .collect()
    }
}

/// The documentation view of a catalogue name: signature, brief, detail, parameters, members.
pub fn render_docs(catalogue: &Catalogue, name: &str) -> Option<String> {
    if let Some(f) = catalogue.functions.iter().find(|f| f.qualified == name) {
        let mut out = format!("{}\n\n{}\n", f.signature, f.brief);
        if !f.detail.is_empty() {
            out.push_str(&format!("\n{}\n", f.detail));
        }
        for p in &f.params {
            out.push_str(&format!(
                "\n  {}: {}{} — {}",
                p.name,
                p.ty,
                if p.optional { " (optional)" } else { "" },
                p.doc
            ));
        }
        if let Some(r) = &f.returns {
            out.push_str(&format!("\n  returns {r}"));
        }
        if !f.throws.is_empty() {
            out.push_str(&format!("\n  throws {}", f.throws.join(", ")));
        }
        return Some(out);
    }
    let t = catalogue.types.iter().find(|t| t.qualified == name)?;
    let mut out = format!("{}\n\n{}\n", t.qualified, t.brief);
    for m in &t.members {
        out.push_str(&format!("\n  {}: {} — {}", m.name, m.ty, m.doc));
    }
    Some(out)
}

/// The turns of one agent on one arm, against one embedder's tools.
pub struct Session {
    pub(crate) arm: Arc<dyn ProgramLanguage>,
    pub(crate) tools: Arc<dyn crate::api::tools::ToolApi>,
    pub(crate) state: SessionState,
}

impl Session {
    pub fn new(arm: Arc<dyn ProgramLanguage>, tools: Arc<dyn crate::api::tools::ToolApi>) -> Self {
        Self::with_state(arm, tools, SessionState::default())
    }

    pub fn with_state(
        arm: Arc<dyn ProgramLanguage>,
        tools: Arc<dyn crate::api::tools::ToolApi>,
        state: SessionState,
    ) -> Self {
        Self { arm, tools, state }
    }

    pub fn arm(&self) -> &Arc<dyn ProgramLanguage> {
        &self.arm
    }

    pub fn state(&self) -> &SessionState {
        &self.state
    }

    pub fn into_state(self) -> SessionState {
        self.state
    }

    /// Turns the session to `arm`, binding `held` (that arm's code modules) in place of the
    /// current arm's, which it hands back: the same tools, views and library go on.
    pub fn switch_arm(&mut self, arm: Arc<dyn ProgramLanguage>, held: ArmModules) -> ArmModules {
        self.arm = arm;
        let previous = self.state.take_modules();
        self.state.restore_modules(held);
        previous
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::modules::BindingChange;
    use crate::program::testing_arm::NamedArm;

    #[test]
    fn a_turns_bindings_are_what_changed_since_the_last_turn() {
        let arm = NamedArm("t", &["t"]);
        let mut state = SessionState::default();
        state.bind_module(&arm, "kept", Some("a".into()));
        state.bind_module(&arm, "gone", Some("b".into()));
        assert_eq!(
            state.take_touched(),
            [
                ("gone".into(), BindingChange::Bound),
                ("kept".into(), BindingChange::Bound)
            ]
        );
        state.bind_module(&arm, "kept", Some("a2".into()));
        state.bind_module(&arm, "gone", None);
        state.bind_module(&arm, "brief", Some("c".into()));
        state.bind_module(&arm, "brief", None);
        state.bind_module(&arm, "never", None);
        assert_eq!(
            state.take_touched(),
            [
                ("gone".into(), BindingChange::Unbound),
                ("kept".into(), BindingChange::Rebound)
            ]
        );
        assert!(state.take_touched().is_empty());
        let none = NamedArm("none", &[]);
        state.bind_module(&none, "x", Some("d".into()));
        assert!(
            state.take_touched().is_empty(),
            "an arm with no module extensions binds nothing"
        );
    }

    #[test]
    fn an_unused_selector_is_numbered_past_every_open_view() {
        let mut state = SessionState::default();
        let text = |selector: &str| View {
            kind: ViewKind::Text,
            selector: selector.into(),
            offset: None,
            limit: None,
            body: String::new(),
        };
        assert_eq!(state.unused_selector("plan".into()), "plan");
        state.show(text("plan"));
        assert_eq!(state.unused_selector("plan".into()), "plan (2)");
        state.show(text("plan (2)"));
        state.show(View {
            kind: ViewKind::File,
            ..text("notes.txt")
        });
        assert_eq!(state.unused_selector("plan".into()), "plan (3)");
        assert_eq!(state.unused_selector("notes.txt".into()), "notes.txt (2)");
    }
}
