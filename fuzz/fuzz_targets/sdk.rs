//! Fuzz target `sdk`: one operation called with arbitrary values from a JavaScript or Python
//! program on its real guest (`gg_fuzz::sdk`), the outcome checked.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(why) = gg_fuzz::sdk::run(data) {
        panic!("{why}");
    }
});
