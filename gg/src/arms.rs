//! The arms compiled into this binary (force-linked, one line each) and the eleven gg knows of.

// rustc drops an `--extern` crate nothing references, and its `register_arm!` with it: every
// enabled arm crate is named here, and only here.
#[cfg(feature = "arm-cpp")]
use gg_arm_cpp as _;
#[cfg(feature = "arm-csharp")]
use gg_arm_csharp as _;
#[cfg(feature = "arm-fixture")]
use gg_arm_fixture as _;
#[cfg(feature = "arm-java")]
use gg_arm_java as _;
#[cfg(feature = "arm-kotlin")]
use gg_arm_kotlin as _;
#[cfg(feature = "arm-python")]
use gg_arm_python as _;
#[cfg(feature = "arm-ruby")]
use gg_arm_ruby as _;
#[cfg(feature = "arm-rust")]
use gg_arm_rust as _;
#[cfg(feature = "arm-typescript")]
use gg_arm_typescript as _;

/// An arm gg knows of, whether or not this binary carries it.
#[derive(Debug, Clone, Copy)]
pub struct KnownArm {
    pub id: &'static str,
    pub feature: &'static str,
    /// Why this arm is not in any build yet, where that is the case.
    pub unavailable: Option<&'static str>,
}

/// The eleven arms of the plan, in the order `gg arms` lists them.
pub const KNOWN_ARMS: &[KnownArm] = &[
    KnownArm {
        id: "typescript",
        feature: "arm-typescript",
        unavailable: None,
    },
    KnownArm {
        id: "javascript",
        feature: "arm-typescript",
        unavailable: None,
    },
    KnownArm {
        id: "python",
        feature: "arm-python",
        unavailable: None,
    },
    KnownArm {
        id: "ruby",
        feature: "arm-ruby",
        unavailable: None,
    },
    KnownArm {
        id: "java",
        feature: "arm-java",
        unavailable: None,
    },
    KnownArm {
        id: "kotlin",
        feature: "arm-kotlin",
        unavailable: None,
    },
    KnownArm {
        id: "rust",
        feature: "arm-rust",
        unavailable: None,
    },
    KnownArm {
        id: "cpp",
        feature: "arm-cpp",
        unavailable: None,
    },
    KnownArm {
        id: "swift",
        feature: "arm-swift",
        unavailable: Some("the Swift SDK for WebAssembly is in no registry this machine reaches"),
    },
    KnownArm {
        id: "csharp",
        feature: "arm-csharp",
        unavailable: None,
    },
    KnownArm {
        id: "purescript",
        feature: "arm-purescript",
        unavailable: None,
    },
];

/// The Cargo features of this build that switch an arm on (the test-only fixture included).
pub fn enabled_arm_features() -> Vec<&'static str> {
    let mut on = Vec::new();
    if cfg!(feature = "arm-fixture") {
        on.push("arm-fixture");
    }
    if cfg!(feature = "arm-typescript") {
        on.push("arm-typescript");
    }
    if cfg!(feature = "arm-python") {
        on.push("arm-python");
    }
    if cfg!(feature = "arm-ruby") {
        on.push("arm-ruby");
    }
    if cfg!(feature = "arm-rust") {
        on.push("arm-rust");
    }
    if cfg!(feature = "arm-cpp") {
        on.push("arm-cpp");
    }
    if cfg!(feature = "arm-kotlin") {
        on.push("arm-kotlin");
    }
    if cfg!(feature = "arm-java") {
        on.push("arm-java");
    }
    if cfg!(feature = "arm-purescript") {
        on.push("arm-purescript");
    }
    if cfg!(feature = "arm-csharp") {
        on.push("arm-csharp");
    }
    on
}
