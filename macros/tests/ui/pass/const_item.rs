//! `sp!` in `const` items, each argument form giving the same constant.

use chess960::{Position, sp};

const FROM_ID: Position = sp!(518);
const FROM_SUFFIXED_ID: Position = sp!(518u16);
const FROM_HEX_ID: Position = sp!(0x206);
const FROM_RANK: Position = sp!("RNBQKBNR");
const FROM_RAW_RANK: Position = sp!(r"RNBQKBNR");
const FROM_BYTES: Position = sp!(b"RNBQKBNR");
const FROM_BLACK_RANK: Position = sp!("rnbqkbnr");
const FROM_LABEL: Position = sp!("SP518");
const FROM_DASHED_LABEL: Position = sp!("SP-518");
const WITH_TRAILING_COMMA: Position = sp!(518,);

const _: () = assert!(FROM_ID.id() == 518);

fn main() {
    for position in [
        FROM_SUFFIXED_ID,
        FROM_HEX_ID,
        FROM_RANK,
        FROM_RAW_RANK,
        FROM_BYTES,
        FROM_BLACK_RANK,
        FROM_LABEL,
        FROM_DASHED_LABEL,
        WITH_TRAILING_COMMA,
    ] {
        assert_eq!(position, FROM_ID);
    }
    assert_eq!(FROM_ID, Position::STANDARD);
    assert_eq!(sp!("SP000").id(), 0);
}
