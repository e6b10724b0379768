//! `skills`: a skill's body, pinned once per session; its code in this arm's language bound as a
//! module from the next program on.

use serde_json::json;

use super::{PinnedSkill, check_name, rec_str};
use crate::program::capture::clip;
use crate::program::store::StoreState;
use crate::wire::ApiError;
use crate::wire::bindings::gg::sandbox::skills::Host;

/// Skills one program pins in the outcome: 16.
pub const MAX_PINNED: usize = 16;
/// Bytes of a pinned skill's body kept in the outcome: 64 KiB (the program gets all of it).
pub const PINNED_MAX_BODY: usize = 64 * 1024;

impl Host for StoreState {
    fn read(&mut self, name: String) -> Result<String, ApiError> {
        self.bracket("skills.read", json!({ "name": rec_str(&name) }), |s| {
            check_name("name", &name)?;
            let key = name.clone();
            let skill = s.dispatch("skills.read", |t, cx| async move { t.read_skill(&cx, name).await })?;
            // Past the per-program bound a skill is left unpinned, for a later program to pin.
            if s.membrane.pinned.len() < MAX_PINNED && s.membrane.session.pin_skill(&key) {
                s.membrane.pinned.push(PinnedSkill {
                    name: key.clone(),
                    body: clip(skill.body.clone(), PINNED_MAX_BODY),
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
