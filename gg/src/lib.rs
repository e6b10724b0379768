//! gg: the binary's library half. The CLI, configuration, the default tools over a workspace
//! directory, and the arm set composed from the registry. Only this crate knows about the CLI.

pub mod agent;
pub mod arms;
pub mod ceiling;
pub mod cli;
pub mod config;
pub mod persist;
pub mod record;
pub mod render;
pub mod reruns;
pub mod serve;
pub mod tenancy;
pub mod tools;
pub mod workspace;
