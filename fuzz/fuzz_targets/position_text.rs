//! `str::parse::<Position>`: a back rank (`RNBQKBNR` or `rnbqkbnr`).
//!
//! Checks: what is accepted is a start rank by the reference check and
//! re-reads to the same position from its canonical forms (`to_string`,
//! the id, the rank); a rank the reference check accepts is never
//! refused; every error message is one line.
#![no_main]

use chess960::Position;
use chess960_fuzz::{is_start_rank, one_line};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // The reference: eight ASCII letters of one case that make a start rank.
    let bytes = text.as_bytes();
    let one_case =
        bytes.iter().all(u8::is_ascii_uppercase) || bytes.iter().all(u8::is_ascii_lowercase);
    let upper = text.to_ascii_uppercase();
    let reference = one_case && is_start_rank(upper.as_bytes());
    match text.parse::<Position>() {
        Ok(position) => {
            assert!(reference, "accepted {text:?}, which is no start rank");
            assert_eq!(position.as_str(), upper, "{text:?}");
            assert_eq!(position.to_string().parse::<Position>(), Ok(position));
            assert_eq!(
                position.as_str().to_ascii_lowercase().parse::<Position>(),
                Ok(position)
            );
            assert_eq!(Position::from_id(position.id()), Ok(position));
            assert_eq!(Position::from_rank(&position.rank()), Ok(position));
            assert!(position.id() < 960);
        }
        Err(error) => {
            assert!(!reference, "refused the start rank {text:?}: {error}");
            assert!(one_line(&error.to_string()), "{error:?}");
        }
    }
});
