//! `skills`: a skill's body, pinned once per session; its code in this arm's language bound as a
//! module from the next program on.

use serde_json::json;

use super::bindings::gg::sandbox::skills::Host;
use super::{PinnedSkill, check_name, rec_str};
use crate::store::StoreState;
use crate::wire::ApiError;

impl Host for StoreState {
    fn read(&mut self, name: String) -> Result<String, ApiError> {
        self.bracket("skills.read", json!({ "name": rec_str(&name) }), |s| {
            check_name("name", &name)?;
            let key = name.clone();
            let skill = s.dispatch("skills.read", |t, cx| async move { t.read_skill(&cx, name).await })?;
            if s.membrane.session.pin_skill(&key) {
                s.membrane.pinned.push(PinnedSkill {
                    name: key.clone(),
                    body: skill.body.clone(),
                });
            }
            // Only code in this arm's language binds: a Python skill's code is no TypeScript module.
            if let Some(code) = skill.code_for(s.membrane.arm.module_extensions()) {
                let code = code.to_owned();
                s.membrane
                    .session
                    .bind_module(s.membrane.arm.as_ref(), &key, Some(code));
            }
            Ok(skill.body)
        })
    }
}
