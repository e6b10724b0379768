//! `docs`: search over the arm's own catalogue and the exports of the code modules in scope, in
//! the arm's own spellings.

use serde_json::json;

use super::rec_str;
use crate::program::store::StoreState;
use crate::wire::bindings::gg::sandbox::docs::Host;
use crate::wire::{ApiError, DocHit, DocSearch};

/// Hits a search returns when the program names no limit, and the most it may ask for.
pub const DEFAULT_DOC_HITS: u32 = 10;
pub const MAX_DOC_HITS: u32 = 100;

impl Host for StoreState {
    fn search(
        &mut self,
        query: String,
        module: Option<String>,
        offset: Option<u32>,
        limit: Option<u32>,
    ) -> Result<DocSearch, ApiError> {
        let args = json!({ "query": rec_str(&query), "module": module, "offset": offset, "limit": limit });
        self.bracket("docs.search", args, |s| {
            let arm = s.membrane.arm.as_ref();
            let catalogue = arm.catalogue().search(&query, module.as_deref());
            // The SDK's names first, then the bound modules' exports (`lib.notes.summarize`).
            let modules: Vec<_> = s.membrane.session.in_scope().collect();
            let exports = crate::program::modules::search(arm, &modules, &query, module.as_deref());
            let offset = offset.unwrap_or(0);
            let limit = limit.unwrap_or(DEFAULT_DOC_HITS).min(MAX_DOC_HITS);
            Ok(DocSearch {
                total: (catalogue.len() + exports.len()) as u32,
                offset,
                hits: catalogue
                    .into_iter()
                    .map(|h| DocHit {
                        name: h.qualified.to_owned(),
                        module: h.module.to_owned(),
                        brief: h.brief.to_owned(),
                        signature: h.signature.to_owned(),
                    })
                    .chain(exports)
                    .skip(offset as usize)
                    .take(limit as usize)
                    .collect(),
            })
        })
    }
}
