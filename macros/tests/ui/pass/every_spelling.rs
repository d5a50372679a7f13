//! Every form of the grammar but a FEN, as `sp!` and `rank!` arguments.
use chess960::{Position, rank, sp};

const FORMS: [Position; 13] = [
    sp!(518),
    sp!("518"),
    sp!("0518"),
    sp!(" 518 "),
    sp!("SP518"),
    sp!("sp518"),
    sp!("Sp518"),
    sp!("SP-518"),
    sp!("SP 518"),
    sp!("RNBQKBNR"),
    sp!("rnbqkbnr"),
    sp!(b"518"),
    sp!("\tRNBQKBNR\n"),
];

fn main() {
    for position in FORMS {
        assert_eq!(position, Position::STANDARD);
    }
    assert_eq!(rank!(" rnbqkbnr "), *b"rnbqkbnr");
    assert_eq!(rank!("sp-0"), *b"BBQNNRKR");
}
