fn main() {
    let _ = chess960::rank!(960);
    let _ = chess960::rank!();
    match *b"RNBQKBNR" {
        chess960::rank!("RNBQKBNN") => {}
    }
}
