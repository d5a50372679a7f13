//! Every word of 8 letters over K, Q, R, B, N (5^8 = 390,625 words) and every
//! arrangement of `RNBQKBNR`'s letters (5040): accepted exactly when it is a
//! start position, and otherwise rejected for the right rule. The rules are
//! checked here by an independent function written for the test. The walk
//! of all 5^8 words also shows that the perfect hash behind
//! `Position::from_rank` has no false positive.

use chess960::{File, Piece, Position, PositionError as Error, TABLE};
use std::collections::HashSet;

/// The rule a word breaks, in the documented order, or `None` for a start
/// position. Written from the rules of the game, not from the library.
fn broken_rule(word: &[u8; 8]) -> Option<Error> {
    let files = |letter: u8| -> Vec<File> {
        File::ALL
            .into_iter()
            .filter(|&f| word[usize::from(f.index())] == letter)
            .collect()
    };
    for (piece, letter, expected) in [
        (Piece::King, b'K', 1),
        (Piece::Queen, b'Q', 1),
        (Piece::Rook, b'R', 2),
        (Piece::Bishop, b'B', 2),
        (Piece::Knight, b'N', 2),
    ] {
        let found = u8::try_from(files(letter).len()).unwrap();
        if found != expected {
            return Some(Error::WrongPieceCount {
                piece,
                expected,
                found,
            });
        }
    }
    let bishops = files(b'B');
    // a1 is dark: a square's colour is the parity of its file.
    if bishops[0].index() % 2 == bishops[1].index() % 2 {
        return Some(Error::BishopsOnSameColour {
            files: [bishops[0], bishops[1]],
        });
    }
    let (king, rooks) = (files(b'K')[0], files(b'R'));
    if !(rooks[0] < king && king < rooks[1]) {
        return Some(Error::KingNotBetweenRooks {
            king,
            rooks: [rooks[0], rooks[1]],
        });
    }
    None
}

/// Checks `word` against the rules and returns whether `from_rank` accepts
/// it.
fn check(word: &[u8; 8]) -> bool {
    let expected = broken_rule(word);
    let parsed = Position::from_rank(word);
    match expected {
        Some(error) => assert_eq!(parsed, Err(error), "{}", String::from_utf8_lossy(word)),
        None => assert_eq!(parsed.map(Position::rank), Ok(*word)),
    }
    let text = std::str::from_utf8(word).unwrap();
    let parsed_text = parsed.map_err(Into::into);
    assert_eq!(text.parse::<Position>(), parsed_text);
    assert_eq!(text.to_ascii_lowercase().parse::<Position>(), parsed_text);
    assert_eq!(chess960_core::id_from_rank(word), parsed.map(Position::id));
    parsed.is_ok()
}

/// Every word over the piece letters gets the verdict of the rules; and
/// `Position::from_rank`, which asks the perfect hash first, has no false
/// positive: it accepts exactly the 960 ranks of `TABLE`, each as its own id.
#[test]
fn every_word_over_the_piece_letters() {
    let mut accepted = HashSet::new();
    for mut code in 0..5u32.pow(8) {
        let mut word = [0u8; 8];
        for letter in &mut word {
            *letter = b"KQRBN"[(code % 5) as usize];
            code /= 5;
        }
        if check(&word) {
            let id = Position::from_rank(&word).unwrap().id();
            assert_eq!(TABLE[usize::from(id)], word, "accepted with id {id}");
            accepted.insert(word);
        }
    }
    assert_eq!(accepted.len(), 960);
    assert_eq!(accepted, TABLE.iter().copied().collect());
}

/// Every distinct arrangement of the letters of `RNBQKBNR`: 8! / (2! 2! 2!).
#[test]
fn every_arrangement_of_the_classical_letters() {
    fn permute(rest: &mut Vec<u8>, word: &mut Vec<u8>, out: &mut HashSet<[u8; 8]>) {
        if rest.is_empty() {
            out.insert(word.as_slice().try_into().unwrap());
            return;
        }
        for index in 0..rest.len() {
            let letter = rest.remove(index);
            word.push(letter);
            permute(rest, word, out);
            word.pop();
            rest.insert(index, letter);
        }
    }
    let mut arrangements = HashSet::new();
    permute(
        &mut b"RNBQKBNR".to_vec(),
        &mut Vec::new(),
        &mut arrangements,
    );
    assert_eq!(arrangements.len(), 5040);
    let accepted = arrangements.iter().filter(|word| check(word)).count();
    assert_eq!(accepted, 960);
}
