//! Names the library set (see Cargo.toml): nothing links this crate; its build compiles the set.
