fn main() {
    let _ = chess960::sp!("RNBQKBNN");
    let _ = chess960::sp!("RNBQKBQR");
}
