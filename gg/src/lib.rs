//! gg
