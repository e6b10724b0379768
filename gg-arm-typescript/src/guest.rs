//! The ECMAScript guest's build outputs, embedded: the component (quickjs-ng + the generated SDK,
//! encoded from the core module and the pinned preview1 reactor adapter), the SDK's TypeScript
//! declarations, and the catalogue generated beside them (all from `build/`).

/// The component every JavaScript (and, later, TypeScript) program runs on.
pub static COMPONENT: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/ecmascript.wasm"));
/// Its SHA-256, computed by the build script (the compile cache's key).
pub const COMPONENT_SHA256: &str = include_str!(concat!(env!("OUT_DIR"), "/ecmascript.wasm.sha256"));

/// The SDK's declarations (`declare module "gg"`, `declare module "gg:files"`, ...).
pub const DECLARATIONS: &str = include_str!(concat!(env!("OUT_DIR"), "/gg.d.ts"));

/// The catalogue, in gg-core's `Catalogue` shape, generated from the same model as the declarations.
pub const CATALOGUE_JSON: &str = include_str!(concat!(env!("OUT_DIR"), "/catalogue.json"));
