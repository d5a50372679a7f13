//! The explorer's stored game texts (`Score`): any bytes decode to a
//! score or an error, never a panic; a score decoded writes back to the
//! same bytes' score, and its moves are legal where they stand (its PGN
//! and mainline are written without error).
//!
//! Input: a byte choosing the start (0 to 249: that Chess960 start times
//! four, modulo 960; 250 and above: the classical start), then the
//! stored bytes.
#![no_main]

use chess960_explorer::line::Start;
use chess960_explorer::score::Score;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, bytes)) = data.split_first() else {
        return;
    };
    let start = if first >= 250 {
        Start::Standard
    } else {
        Start::Chess960(u16::from(first) * 4 % 960)
    };
    let Ok(score) = Score::decode(start, bytes) else {
        return;
    };
    let mut again = Vec::new();
    score
        .encode(start, &mut again)
        .expect("a decoded score encodes");
    assert_eq!(
        Score::decode(start, &again).expect("its bytes decode"),
        score
    );
    score.mainline(start).expect("its moves are legal");
    score.pgn(start).expect("it is written as PGN");
});
