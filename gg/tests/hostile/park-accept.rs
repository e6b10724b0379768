//! A socket wait: accept on a listener nobody connects to, parked in WASI's poll.
use std::net::TcpListener;

fn main() {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    println!("listening");
    let accepted = listener.accept();
    println!("accepted: {}", accepted.is_ok());
}
