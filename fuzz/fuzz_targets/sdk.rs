//! Fuzz target `sdk`: one operation called with arbitrary values from a JavaScript or Python
//! program on its real guest (`gg_fuzz::sdk`), the outcome checked.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(
    init: {
        // The guests compile (or load from the cache) before the first input's clock starts.
        gg_fuzz::sdk::warm_up();
    },
    |data: &[u8]| {
        if let Err(why) = gg_fuzz::sdk::run(data) {
            panic!("{why}");
        }
    }
);
