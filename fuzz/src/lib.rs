//! The fuzz targets' support: turning fuzz input into SDK programs and checking their outcomes.

pub mod sdk;
