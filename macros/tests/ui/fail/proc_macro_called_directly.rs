fn main() {
    let _ = chess960::__private::sp!(518);
}
