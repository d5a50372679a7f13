fn main() {
    let _ = chess960::sp!("SP960");
    let _ = chess960::sp!("SP5x8");
    let _ = chess960::sp!("sp--518");
    let _ = chess960::sp!("SP");
}
