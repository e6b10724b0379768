//! The WIT world and the host's operation table agree, both ways, and the world uses only the
//! constructs the ECMAScript guest's generated lowering covers.

use std::collections::BTreeSet;

use gg_core::program::membrane::OPERATIONS;
use wit_parser::{Resolve, Type, TypeDefKind, WorldItem};

fn world() -> (Resolve, wit_parser::WorldId) {
    let mut resolve = Resolve::default();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/wit/gg-sandbox.wit");
    let (pkg, _) = resolve.push_path(path).expect("the WIT parses");
    let world = resolve
        .select_world(&[pkg], Some("sandbox"))
        .expect("the sandbox world exists");
    (resolve, world)
}

#[test]
fn the_operations_the_host_serves_are_the_functions_the_world_imports() {
    let (resolve, world) = world();
    let mut declared = BTreeSet::new();
    for (_, item) in &resolve.worlds[world].imports {
        let WorldItem::Interface { id, .. } = item else {
            continue;
        };
        let interface = &resolve.interfaces[*id];
        let name = interface.name.as_deref().unwrap();
        if name == "feedback" {
            continue;
        }
        for f in interface.functions.keys() {
            declared.insert(format!("{name}.{}", f.replace('-', "_")));
        }
    }
    let served: BTreeSet<String> = OPERATIONS.iter().map(|o| o.id.to_owned()).collect();
    assert_eq!(
        declared.difference(&served).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "declared in the WIT but not served"
    );
    assert_eq!(
        served.difference(&declared).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "served but not declared in the WIT"
    );
}

#[test]
fn the_world_uses_only_records_variants_enums_options_lists_results_and_scalars() {
    let (resolve, _) = world();
    for (_, def) in &resolve.types {
        let allowed = matches!(
            def.kind,
            TypeDefKind::Record(_)
                | TypeDefKind::Variant(_)
                | TypeDefKind::Enum(_)
                | TypeDefKind::Option(_)
                | TypeDefKind::List(_)
                | TypeDefKind::Result(_)
                | TypeDefKind::Type(Type::Id(_))
        ) || matches!(def.kind, TypeDefKind::Type(_));
        assert!(
            allowed,
            "`{:?}` uses a construct the ECMAScript lowering does not cover: {:?}",
            def.name, def.kind
        );
    }
}
