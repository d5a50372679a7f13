const ID: u16 = 518;

fn main() {
    let _ = chess960::sp!(ID);
    let _ = chess960::sp!(500 + 18);
}
