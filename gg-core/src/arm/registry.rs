//! The arm registry: arms register themselves with `register_arm!`; gg composes the set from it.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use crate::program::language::ProgramLanguage;

/// One arm's registration, submitted by `register_arm!` from the arm's own crate.
pub struct ArmRegistration {
    make: fn() -> Box<dyn ProgramLanguage>,
    origin: &'static str,
}

impl ArmRegistration {
    #[doc(hidden)]
    pub const fn new(make: fn() -> Box<dyn ProgramLanguage>, origin: &'static str) -> Self {
        Self { make, origin }
    }
}

inventory::collect!(ArmRegistration);

/// Registers an arm: `gg_core::register_arm!(MyArm::new());` at an arm crate's top level.
/// The expression must be const-free to evaluate: it runs once, when the registry is built.
#[macro_export]
macro_rules! register_arm {
    ($make:expr) => {
        $crate::__inventory::submit! {
            $crate::arm::registry::ArmRegistration::new(
                || ::std::boxed::Box::new($make),
                ::std::module_path!(),
            )
        }
    };
}

/// Why the registry could not answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RegistryError {
    #[error("arm id `{id}` is registered twice: by `{first}` and by `{second}`")]
    Duplicate { id: String, first: String, second: String },
    #[error("no arm `{id}` in this build; known arms: {}", known.join(", "))]
    Unknown { id: String, known: Vec<String> },
    #[error("no arm runs `.{extension}` files; known extensions: {}", known.join(", "))]
    UnknownExtension { extension: String, known: Vec<String> },
}

/// Every arm compiled into this binary, by id.
pub struct Registry {
    arms: BTreeMap<&'static str, Arc<dyn ProgramLanguage>>,
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.arms.keys()).finish()
    }
}

impl Registry {
    /// The registry built once from every registration linked into the process.
    pub fn global() -> Result<&'static Registry, RegistryError> {
        static GLOBAL: OnceLock<Result<Registry, RegistryError>> = OnceLock::new();
        GLOBAL
            .get_or_init(|| {
                Registry::build(
                    inventory::iter::<ArmRegistration>
                        .into_iter()
                        .map(|r| (r.make, r.origin)),
                )
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Builds a registry from `(constructor, origin)` pairs; a duplicate id names both origins.
    pub fn build(
        registrations: impl IntoIterator<Item = (fn() -> Box<dyn ProgramLanguage>, &'static str)>,
    ) -> Result<Registry, RegistryError> {
        let mut arms: BTreeMap<&'static str, (Arc<dyn ProgramLanguage>, &'static str)> = BTreeMap::new();
        for (make, origin) in registrations {
            let arm: Arc<dyn ProgramLanguage> = Arc::from(make());
            if let Some((_, first)) = arms.get(arm.id()) {
                return Err(RegistryError::Duplicate {
                    id: arm.id().to_owned(),
                    first: (*first).to_owned(),
                    second: origin.to_owned(),
                });
            }
            arms.insert(arm.id(), (arm, origin));
        }
        Ok(Registry {
            arms: arms.into_iter().map(|(id, (arm, _))| (id, arm)).collect(),
        })
    }

    pub fn ids(&self) -> Vec<&'static str> {
        self.arms.keys().copied().collect()
    }

    pub fn arms(&self) -> impl Iterator<Item = &Arc<dyn ProgramLanguage>> {
        self.arms.values()
    }

    pub fn get(&self, id: &str) -> Result<Arc<dyn ProgramLanguage>, RegistryError> {
        self.arms.get(id).cloned().ok_or_else(|| RegistryError::Unknown {
            id: id.to_owned(),
            known: self.ids().iter().map(|s| (*s).to_owned()).collect(),
        })
    }

    /// The arm that runs files ending `.extension`.
    pub fn by_extension(&self, extension: &str) -> Result<Arc<dyn ProgramLanguage>, RegistryError> {
        self.arms
            .values()
            .find(|arm| arm.extensions().contains(&extension))
            .cloned()
            .ok_or_else(|| RegistryError::UnknownExtension {
                extension: extension.to_owned(),
                known: self
                    .arms
                    .values()
                    .flat_map(|a| a.extensions().iter().map(|e| format!(".{e}")))
                    .collect(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::testing_arm::NamedArm;

    fn make_a() -> Box<dyn ProgramLanguage> {
        Box::new(NamedArm("alpha", &["a"]))
    }
    fn make_b() -> Box<dyn ProgramLanguage> {
        Box::new(NamedArm("beta", &["b", "bb"]))
    }

    #[test]
    fn a_duplicate_id_names_both_registrations() {
        let err = Registry::build([(make_a as fn() -> _, "crate_one"), (make_a, "crate_two")]).unwrap_err();
        assert_eq!(
            err,
            RegistryError::Duplicate {
                id: "alpha".into(),
                first: "crate_one".into(),
                second: "crate_two".into()
            }
        );
        assert_eq!(
            err.to_string(),
            "arm id `alpha` is registered twice: by `crate_one` and by `crate_two`"
        );
    }

    #[test]
    fn lookups_are_ordered_and_an_unknown_id_lists_the_known() {
        let r = Registry::build([(make_b as fn() -> _, "b"), (make_a, "a")]).unwrap();
        assert_eq!(r.ids(), ["alpha", "beta"]);
        assert_eq!(r.by_extension("bb").unwrap().id(), "beta");
        assert_eq!(
            r.get("gamma").err().unwrap().to_string(),
            "no arm `gamma` in this build; known arms: alpha, beta"
        );
        assert_eq!(
            r.by_extension("c").err().unwrap().to_string(),
            "no arm runs `.c` files; known extensions: .a, .b, .bb"
        );
    }
}
