//! The ECMAScript guest's build outputs, embedded: the component (quickjs-ng + the generated SDK,
//! encoded from the core module and the pinned preview1 reactor adapter), the SDK's TypeScript
//! declarations, and the catalogue generated beside them (all from `build/`).

/// The component every JavaScript (and, later, TypeScript) program runs on.
pub static COMPONENT: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/ecmascript.wasm"));

/// The SDK's declarations (`declare module "gg"`, `declare module "gg:files"`, ...).
pub const DECLARATIONS: &str = include_str!(concat!(env!("OUT_DIR"), "/gg.d.ts"));

/// The catalogue, in gg-core's `Catalogue` shape, generated from the same model as the declarations.
pub const CATALOGUE_JSON: &str = include_str!(concat!(env!("OUT_DIR"), "/catalogue.json"));
