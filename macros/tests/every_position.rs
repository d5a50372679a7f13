//! `sp!` and `rank!` agree with `Position::from_id` for all 960 start
//! positions, in every argument form.
//!
//! The 960 cases in `fixtures/every_position.rs` are generated, not written
//! by hand: `suite/every_position_fixture.rs` writes them from `Position::all()`
//! and fails when the committed file differs. A macro's argument must be a
//! literal in the source, so the cases live in a file rather than in a loop.

use chess960::{Position, rank, sp};

/// One start position written every way the macros read it: its id, then
/// `sp!` of the id, of White's rank, of Black's rank and of its `SP-` label,
/// then `rank!` of the id.
type Case = (u16, Position, Position, Position, Position, [u8; 8]);

include!("fixtures/every_position.rs");

#[test]
fn every_form_agrees_with_from_id() {
    assert!(CASES.iter().map(|case| case.0).eq(0..Position::COUNT));
    for &(id, from_id, from_white_rank, from_black_rank, from_label, rank) in CASES {
        let position = Position::from_id(id).unwrap();
        assert_eq!(from_id, position);
        assert_eq!(from_white_rank, position);
        assert_eq!(from_black_rank, position);
        assert_eq!(from_label, position);
        assert_eq!(rank, position.rank());
    }
}

/// The expansions are constants: the compiler alone checks all 960 cases.
const _: () = {
    assert!(CASES.len() == 960);
    let mut index = 0;
    while index < CASES.len() {
        let (id, from_id, from_white_rank, from_black_rank, from_label, _) = CASES[index];
        assert!(from_id.id() == id && from_white_rank.id() == id);
        assert!(from_black_rank.id() == id && from_label.id() == id);
        index += 1;
    }
    assert!(sp!(518).id() == 518);
    assert!(sp!("BBQNNRKR").id() == 0);
    let rank = rank!("SP-518");
    assert!(rank[0] == b'R' && rank[3] == b'Q' && rank[7] == b'R');
};
