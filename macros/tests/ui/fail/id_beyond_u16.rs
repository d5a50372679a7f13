fn main() {
    let _ = chess960::sp!(100_000);
}
