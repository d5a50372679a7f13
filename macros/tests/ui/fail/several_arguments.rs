fn main() {
    let _ = chess960::sp!(518, 534);
    let _ = chess960::sp!("RNBQKBNR", "rnbqkbnr", 518);
}
