//! Books for engine testing ([`Book`], [`DoublePositions`]) cross-checked
//! with cozy-chess, an independent library: every single book line and a
//! stride of double book lines read back as cozy-chess's own start for the
//! same ids; and the seeded sample and shuffle pinned against Python's
//! `hashlib`.

use chess960::{Book, BookFormat, DoublePosition, FenStyle, PositionSet};
use cozy_chess::Board;

/// Line `index` of an X-FEN `book` read by shakmaty (cozy-chess reads
/// Shredder-FEN only in Chess960 mode) is the Chess960 position shakmaty
/// reads from the Shredder-FEN of cozy-chess's start for the ids.
fn assert_x_fen_line_is(book: &Book, index: u32, white: u16, black: u16) {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position as _};
    let read = |fen: &str| -> Chess {
        Fen::from_ascii(fen.as_bytes())
            .unwrap()
            .into_position(CastlingMode::Chess960)
            .unwrap_or_else(|error| panic!("{fen}: {error}"))
    };
    let line = book.entry(index).unwrap().to_string();
    let ours = read(line.strip_suffix('\n').unwrap());
    let theirs = read(&format!(
        "{:#}",
        Board::double_chess960_startpos(u32::from(white), u32::from(black))
    ));
    assert_eq!(ours.board(), theirs.board(), "{line}");
    assert_eq!(
        ours.castles().castling_rights(),
        theirs.castles().castling_rights(),
        "{line}"
    );
    assert_eq!(ours.turn(), theirs.turn());
}

/// Line `index` of `book` read by cozy-chess (in Chess960 mode) is the
/// start cozy-chess builds for the ids (`white`, `black`).
fn assert_line_is(book: &Book, index: u32, white: u16, black: u16) {
    let line = book.entry(index).unwrap().to_string();
    let fen = line.strip_suffix('\n').unwrap();
    let read: Board = Board::from_fen(fen, true).unwrap_or_else(|error| panic!("{fen}: {error:?}"));
    let theirs = Board::double_chess960_startpos(u32::from(white), u32::from(black));
    assert_eq!(read, theirs, "line {} of the book: {fen}", index + 1);
}

#[test]
fn every_single_book_line_is_cozy_chess_start() {
    let shredder = Book::single().castling(FenStyle::Shredder);
    let x_fen = Book::single();
    for id in 0..960_u16 {
        assert_line_is(&shredder, u32::from(id), id, id);
        assert_x_fen_line_is(&x_fen, u32::from(id), id, id);
    }
    // X-FEN in a double book too.
    let double = Book::double().castling(FenStyle::XFen);
    for (white, black) in [(0, 959), (518, 0), (959, 1), (100, 700)] {
        assert_x_fen_line_is(
            &double,
            u32::from(white) * 960 + u32::from(black),
            white,
            black,
        );
    }
}

#[test]
fn double_book_lines_are_cozy_chess_starts() {
    let book = Book::double();
    // Every 7th Black start for every White start and the reverse: each id
    // on each side, 2 x 960 x 138 lines.
    for white in 0..960_u16 {
        for black in (white % 7..960).step_by(7) {
            let index = u32::from(white) * 960 + u32::from(black);
            assert_line_is(&book, index, white, black);
            assert_line_is(
                &book,
                u32::from(black) * 960 + u32::from(white),
                black,
                white,
            );
        }
    }
}

#[test]
fn double_positions_walk_the_product_in_book_order() {
    let white: PositionSet = "0-2,518".parse().unwrap();
    let black: PositionSet = "959,0".parse().unwrap();
    let pairs: Vec<(u16, u16)> = Book::double()
        .white(white)
        .black(black)
        .iter()
        .map(|pair| (pair.white().id(), pair.black().id()))
        .collect();
    assert_eq!(
        pairs,
        [
            (0, 0),
            (0, 959),
            (1, 0),
            (1, 959),
            (2, 0),
            (2, 959),
            (518, 0),
            (518, 959)
        ]
    );
    let mut all = DoublePosition::all();
    assert_eq!(all.nth(921_598).map(DoublePosition::id), Some(921_598));
    assert_eq!(all.len(), 1);
    assert_eq!(all.next_back().map(DoublePosition::id), Some(921_599));
    assert_eq!(all.next(), None);
    assert!(
        DoublePosition::all().rev().take(5).eq((921_595..921_600)
            .rev()
            .map(|id| DoublePosition::from_id(id).unwrap()))
    );
    // An empty side empties the book.
    assert_eq!(Book::double().black(PositionSet::EMPTY).iter().count(), 0);
    assert!(Book::double().white(PositionSet::EMPTY).is_empty());
    // In a single book --white and --black are one set.
    assert_eq!(
        Book::single()
            .white("1-5".parse().unwrap())
            .black("5-9".parse().unwrap())
            .len(),
        1
    );
}

#[test]
fn a_pgn_entry_is_a_game_without_moves() {
    let entry = Book::double().format(BookFormat::Pgn).entry(961).unwrap();
    assert_eq!(
        entry.to_string(),
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"962\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"*\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n\
         [FEN \"bqnbnrkr/pppppppp/8/8/8/8/PPPPPPPP/BQNBNRKR w HFhf - 0 1\"]\n\n*\n\n"
    );
}

/// Values from Python: the procedure documented on `seeded_sample`, with
/// `hashlib.sha256`, over `list(range(n))`.
#[cfg(feature = "seeded")]
#[test]
fn sample_and_shuffle_are_pinned_against_python_hashlib() {
    use chess960::{seeded_sample, seeded_shuffle};
    let mut ids: Vec<u32> = (0..960).collect();
    assert_eq!(
        seeded_sample("Gauntlet 2026-11-25", &mut ids, 8),
        [283, 810, 118, 43, 264, 418, 579, 113]
    );
    let mut ids: Vec<u32> = (0..960).collect();
    assert_eq!(seeded_sample("x", &mut ids, 3), [477, 207, 15]);
    let mut pairs: Vec<u32> = (0..921_600).collect();
    assert_eq!(
        seeded_sample("book-match-2026-11-25", &mut pairs, 2),
        [125_747, 902_091]
    );
    let mut ten: Vec<u8> = (0..10).collect();
    seeded_shuffle("", &mut ten);
    assert_eq!(ten, [3, 7, 0, 1, 6, 9, 2, 8, 5, 4]);
    let mut five: Vec<u8> = (0..5).collect();
    seeded_shuffle("é", &mut five);
    assert_eq!(five, [1, 0, 2, 3, 4]);
    // Edges: nothing to take, more asked than there is.
    let mut empty: [u8; 0] = [];
    assert!(seeded_sample("x", &mut empty, 3).is_empty());
    let mut one = [7];
    assert_eq!(seeded_sample("x", &mut one, 5), [7]);
}
