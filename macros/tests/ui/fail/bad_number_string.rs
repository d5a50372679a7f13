fn main() {
    let _ = chess960::sp!("-1");
    let _ = chess960::sp!("+518");
    let _ = chess960::sp!("518.0");
    let _ = chess960::sp!("960");
    let _ = chess960::sp!("123456789012345678901234567890");
}
