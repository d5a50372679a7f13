fn main() {
    let _ = chess960::sp!("RNBKQNBR");
}
