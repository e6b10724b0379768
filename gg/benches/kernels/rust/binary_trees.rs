//! Binary trees: allocate perfect trees of boxes, check them by walking, keep one long-lived tree.
use std::time::Instant;

struct Node {
    left: Option<Box<Node>>,
    right: Option<Box<Node>>,
}

fn make(depth: u32) -> Box<Node> {
    if depth == 0 {
        Box::new(Node { left: None, right: None })
    } else {
        Box::new(Node { left: Some(make(depth - 1)), right: Some(make(depth - 1)) })
    }
}

fn check(node: &Node) -> u64 {
    1 + node.left.as_deref().map_or(0, check) + node.right.as_deref().map_or(0, check)
}

fn main() {
    let max_depth = 15;
    let start = Instant::now();
    let long_lived = make(max_depth);
    let mut total = 0u64;
    let mut depth = 4;
    while depth <= max_depth {
        let iterations = 1u64 << (max_depth - depth + 4);
        let mut sum = 0;
        for _ in 0..iterations {
            sum += check(&make(depth));
        }
        println!("{iterations} trees of depth {depth} check {sum}");
        total += sum;
        depth += 2;
    }
    total += check(&long_lived);
    let elapsed = start.elapsed().as_secs_f64();
    println!("checksum {total}");
    println!("kernel-seconds: {elapsed:.6}");
}
