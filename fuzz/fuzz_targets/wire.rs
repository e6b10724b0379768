//! Fuzz target `wire`: calls in the wire's text (`OPERATION JSON-ARGUMENTS`, one a line) through
//! gg-core's wire entry, every reply checked (`gg_core::testing::wire_harness`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(why) = gg_core::testing::wire_harness::run_lines(data) {
        panic!("{why}");
    }
});
