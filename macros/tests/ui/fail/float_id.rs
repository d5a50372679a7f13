fn main() {
    let _ = chess960::sp!(518.0);
    let _ = chess960::sp!(5e2);
}
