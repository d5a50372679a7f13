fn main() {
    let _ = chess960::sp!(518u8);
    let _ = chess960::sp!(518_usize);
    let _ = chess960::sp!("RNBQKBNR"rank);
}
