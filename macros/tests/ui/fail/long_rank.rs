fn main() {
    let _ = chess960::sp!("RNBQKBNRR");
    let _ = chess960::sp!(b"RNBQKBNRR");
}
