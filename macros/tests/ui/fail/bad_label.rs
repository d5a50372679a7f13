fn main() {
    let _ = chess960::sp!("SP960");
    let _ = chess960::sp!("SP 518");
    let _ = chess960::sp!("SP");
}
