fn main() {
    let _ = chess960::sp!('R');
    let _ = chess960::sp!(c"RNBQKBNR");
}
