fn main() {
    let v: Vec<u32> = (1..=10).collect();
    println!("sum {} dwarf2 8 14857", v.iter().sum::<u32>());
}
