fn main() {
    let _ = chess960::sp!("RNBQKBNP");
    let _ = chess960::sp!("RNB KBNR");
    let _ = chess960::sp!("RNBQKBNé");
}
