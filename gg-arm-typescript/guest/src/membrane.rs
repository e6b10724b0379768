//! The membrane glue generated from gg-sandbox.wit at build time (`build/rust_glue.rs` and
//! `build/sdk.rs`): the operation table, `dispatch`, the lowering and lifting of every WIT type,
//! and the SDK's generated family modules.

use rquickjs::{Ctx, Object, Value};

#[allow(unused_imports)]
use crate::lowering::*;

include!(concat!(env!("GG_GUEST_GENERATED"), "/membrane.rs"));
include!(concat!(env!("GG_GUEST_GENERATED"), "/sdk_modules.rs"));
