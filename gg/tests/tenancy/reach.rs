//! Session B's reach through Rust's std (`std::fs`, `std::env`, `std::net` on wasm32-wasip2):
//! `PROBE ...: ok ...` for what it reached outside its workspace, `PROBE ...: denied ...` for what
//! it did not; every variable of the environment; a TCP connection to the server's own port.
use std::io::Read;
use std::path::Path;

const A_ROOT: &str = "@@A_ROOT@@";
const A_PARENT: &str = "@@A_PARENT@@";
const STATE_HOME: &str = "@@STATE_HOME@@";
const SERVER_HOME: &str = "@@SERVER_HOME@@";
const PORT: &str = "@@PORT@@";

fn read(path: &str) {
    let mut data = Vec::new();
    match std::fs::File::open(path).and_then(|f| f.take(4096).read_to_end(&mut data)) {
        Ok(_) => {
            let text = String::from_utf8_lossy(&data[..data.len().min(200)]).into_owned();
            println!("PROBE read {path}: ok {text:?}");
        }
        Err(e) => println!("PROBE read {path}: denied {:?}", e.kind()),
    }
}

fn walk(top: &str, depth: u32, budget: &mut u32) {
    let mut names: Vec<String> = match std::fs::read_dir(top) {
        Ok(entries) => entries.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect(),
        Err(e) => {
            println!("PROBE list {top}: denied {:?}", e.kind());
            return;
        }
    };
    names.sort();
    let joined = names.join(" ");
    println!("PROBE list {top}: ok {}", &joined[..joined.len().min(3000)]);
    for name in names {
        if *budget == 0 {
            return;
        }
        *budget -= 1;
        let path = format!("{top}/{name}");
        let Ok(meta) = std::fs::symlink_metadata(&path) else { continue };
        if meta.is_dir() {
            if depth > 0 {
                walk(&path, depth - 1, budget);
            }
        } else if meta.is_file() {
            read(&path);
        }
    }
}

fn main() {
    read(&format!("{A_ROOT}/secret.txt"));
    read(&format!("{A_ROOT}/secret-own.txt"));
    read("/proc/self/environ");
    read("/proc/self/cmdline");
    read("/etc/passwd");
    let grandparent = Path::new(A_PARENT).parent().map_or("/".into(), |p| p.display().to_string());
    let local_state = format!("{SERVER_HOME}/.local/state");
    for (top, depth) in [(A_ROOT, 3), (A_PARENT, 3), (&grandparent, 0), (STATE_HOME, 4), (&local_state, 4)] {
        walk(top, depth, &mut 100);
    }

    let mut vars: Vec<(String, String)> = std::env::vars().collect();
    vars.sort();
    for (name, value) in vars {
        println!("ENV {name}={value}");
    }

    let addr = format!("127.0.0.1:{PORT}");
    let timeout = std::time::Duration::from_secs(3);
    match addr.parse().map(|a| std::net::TcpStream::connect_timeout(&a, timeout)) {
        Ok(Ok(_)) => println!("NET tcp {addr}: ok connected"),
        Ok(Err(e)) => println!("NET tcp {addr}: denied {:?} {e}", e.kind()),
        Err(e) => println!("NET tcp {addr}: denied {e}"),
    }
}
