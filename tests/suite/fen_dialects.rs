//! Every start FEN the world writes: 4-, 5- and 6-field spellings of all
//! 960 starts with X-FEN (`KQkq`) or Shredder-FEN (`HAha`) castling in
//! every letter order and every mixture, read by `Position::from_fen`,
//! `DoublePosition::from_fen` and `identify_fen`; the generated FENs
//! checked to be real starts by shakmaty and cozy-chess; double starts;
//! FENs in the forms that real software writes; bad input of every kind
//! (typed errors, never a panic); and property tests over arbitrary text.

use crate::common;

use chess960::{
    CastlingRights, CastlingSide, Color, Departure, DoublePosition, FenError, FenStyle,
    Identification, Position, identify_fen,
};
use proptest::prelude::*;

/// The four castling rights in the order of a canonical castling field.
const RIGHTS: [(Color, CastlingSide); 4] = [
    (Color::White, CastlingSide::HSide),
    (Color::White, CastlingSide::ASide),
    (Color::Black, CastlingSide::HSide),
    (Color::Black, CastlingSide::ASide),
];

/// The two letters that can name `color`'s `side` right in `double`:
/// X-FEN's (`K`, `Q`, `k`, `q`) and Shredder-FEN's (the rook's file),
/// worked out from the rank's text, not from the library's rook files.
fn letters(double: DoublePosition, color: Color, side: CastlingSide) -> [char; 2] {
    let rank = double.color(color).as_str();
    let rooks: Vec<usize> = rank.match_indices('R').map(|(index, _)| index).collect();
    let (x_fen, rook) = match side {
        CastlingSide::HSide => ('K', rooks[1]),
        CastlingSide::ASide => ('Q', rooks[0]),
    };
    let shredder = char::from(b'A' + u8::try_from(rook).unwrap());
    match color {
        Color::White => [x_fen, shredder],
        Color::Black => [x_fen.to_ascii_lowercase(), shredder.to_ascii_lowercase()],
    }
}

/// Every permutation of 0..4.
fn permutations() -> Vec<[usize; 4]> {
    let mut all = Vec::new();
    for a in 0..4 {
        for b in (0..4).filter(|&b| b != a) {
            for c in (0..4).filter(|&c| c != a && c != b) {
                all.push([a, b, c, 6 - a - b - c]);
            }
        }
    }
    all
}

/// Every castling field that gives all four rights of `double`: each of
/// the 24 orders of the four rights, each right in X-FEN or Shredder-FEN
/// (384 fields: pure X-FEN, pure Shredder-FEN in every order, mixtures).
fn castling_fields(double: DoublePosition) -> Vec<String> {
    let choices: Vec<[char; 2]> = RIGHTS
        .iter()
        .map(|&(color, side)| letters(double, color, side))
        .collect();
    let mut fields = Vec::with_capacity(384);
    for order in permutations() {
        for styles in 0..16 {
            fields.push(
                order
                    .iter()
                    .map(|&right| choices[right][(styles >> right) & 1])
                    .collect(),
            );
        }
    }
    fields
}

/// The board field of `double`, written from the ranks' text.
fn board(double: DoublePosition) -> String {
    format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{}",
        double.black().as_str().to_ascii_lowercase(),
        double.white().as_str()
    )
}

/// The 4-, 5- and 6-field FENs of `double` with castling field `castling`.
fn spellings(double: DoublePosition, castling: &str) -> [String; 3] {
    let head = format!("{} w {castling} -", board(double));
    [head.clone(), format!("{head} 0"), format!("{head} 0 1")]
}

/// Checks that all three readers read `fen` as the exact start `double`.
fn reads_as(fen: &str, double: DoublePosition) {
    assert_eq!(DoublePosition::from_fen(fen), Ok(double), "{fen}");
    let found = identify_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"));
    assert_eq!(found.start(), double, "{fen}");
    assert!(found.is_exact(), "{fen}: {}", found.departures());
    if double.is_single() {
        assert_eq!(Position::from_fen(fen), Ok(double.white()), "{fen}");
        assert_eq!(found.single(), Some(double.white()), "{fen}");
    } else {
        assert_eq!(
            Position::from_fen(fen),
            Err(FenError::NotMirrored {
                white: double.white(),
                black: double.black()
            }),
            "{fen}"
        );
        assert_eq!(found.single(), None, "{fen}");
    }
}

#[test]
fn every_spelling_of_all_960_starts_reads_as_its_id() {
    let mut count = 0;
    for position in Position::all() {
        let double = DoublePosition::from(position);
        for castling in castling_fields(double) {
            for fen in spellings(double, &castling) {
                reads_as(&fen, double);
                count += 1;
            }
        }
    }
    assert_eq!(count, 960 * 384 * 3);
}

/// The same spellings with other whitespace (tabs, runs of spaces, a line
/// end), which the fixed-offset fast path leaves to the careful reader.
#[test]
fn every_spelling_with_other_whitespace_reads_as_its_id() {
    for position in Position::all() {
        let double = DoublePosition::from(position);
        for castling in castling_fields(double).iter().step_by(13) {
            for fen in spellings(double, castling) {
                reads_as(&format!("{}\n", fen.replace(' ', " \t ")), double);
            }
        }
    }
}

#[test]
fn double_starts_read_in_every_dialect_with_both_ids() {
    for (index, double) in common::double_sample().into_iter().enumerate() {
        let fields = castling_fields(double);
        // A different order and mixture for each start, and the two
        // canonical fields every time.
        for castling in [
            &fields[index % fields.len()],
            &fields[0],
            &fields[15 * 16 + 15],
        ] {
            for fen in spellings(double, castling) {
                reads_as(&fen, double);
                let found = identify_fen(&fen).unwrap();
                assert_eq!(found.start().white().id(), double.white().id());
                assert_eq!(found.start().black().id(), double.black().id());
            }
        }
    }
}

#[test]
fn the_generated_fields_are_the_canonical_ones_and_their_reorderings() {
    for position in Position::all() {
        let double = DoublePosition::from(position);
        let fields = castling_fields(double);
        let x_fen = position.fen(FenStyle::XFen);
        let shredder = position.fen(FenStyle::Shredder);
        assert_eq!(Some(fields[0].as_str()), x_fen.as_str().split(' ').nth(2));
        assert_eq!(
            Some(fields[15].as_str()),
            shredder.as_str().split(' ').nth(2)
        );
        assert_eq!(spellings(double, &fields[15])[2], shredder.as_str());
        let mut unique = fields.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 384);
    }
}

/// shakmaty reads every generated 6- and 4-field FEN as the Chess960 start
/// it numbers with the same id, all four rooks with castling rights.
#[test]
fn shakmaty_agrees_the_generated_fens_are_the_starts() {
    use shakmaty::{CastlingMode, Chess, Color, Position as _};
    for position in Position::all() {
        let double = DoublePosition::from(position);
        let expected = shakmaty::Board::chess960(u32::from(position.id()));
        // Every field for some starts, a spread of fields for all.
        let step = if position.id() % 16 == 0 { 1 } else { 37 };
        for castling in castling_fields(double).iter().step_by(step) {
            let [four, _, six] = spellings(double, castling);
            for fen in [four, six] {
                let chess: Chess = fen
                    .parse::<shakmaty::fen::Fen>()
                    .unwrap_or_else(|error| panic!("{fen}: {error}"))
                    .into_position(CastlingMode::Chess960)
                    .unwrap_or_else(|error| panic!("{fen}: {error}"));
                assert_eq!(chess.board(), &expected, "{fen}");
                assert_eq!(chess.castles().castling_rights(), expected.rooks(), "{fen}");
                assert_eq!(chess.turn(), Color::White);
            }
        }
    }
}

/// cozy-chess reads the Shredder-FEN (both orders of each colour's pair)
/// of every start as the start it numbers with the same id. (Its X-FEN
/// reader takes only the classical rook files, so the X-FENs are left to
/// shakmaty.)
#[test]
fn cozy_chess_agrees_the_generated_fens_are_the_starts() {
    for position in Position::all() {
        let double = DoublePosition::from(position);
        let expected = cozy_chess::Board::chess960_startpos(u32::from(position.id()));
        let fields = castling_fields(double);
        // Index = order * 16 + styles (15: all Shredder letters); order 0
        // is H-side, a-side, h-side, a-side; order 7 the a-side right first
        // in each colour.
        for castling in [&fields[15], &fields[7 * 16 + 15]] {
            let fen = &spellings(double, castling)[2];
            let board = cozy_chess::Board::from_fen(fen, true)
                .unwrap_or_else(|error| panic!("{fen}: {error:?}"));
            assert!(board.same_position(&expected), "{fen}");
            assert_eq!(board.hash(), expected.hash(), "{fen}");
        }
    }
}

/// Start FENs in the forms real software writes them.
#[test]
fn real_world_start_fens() {
    let single = |id: u16| DoublePosition::from(Position::from_id(id).unwrap());
    for (fen, expected) in [
        // chess.com's FEN tag: 4 fields, castling in the order databases use.
        (
            "bbrkqrnn/pppppppp/8/8/8/8/PPPPPPPP/BBRKQRNN w FCfc -",
            single(896),
        ),
        // lichess and DGT LiveChess: X-FEN, 6 fields.
        (
            "bbrqnnkr/pppppppp/8/8/8/8/PPPPPPPP/BBRQNNKR w KQkq - 0 1",
            single(400),
        ),
        // python-chess's epd() and Stockfish's books: 4 fields.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
            single(518),
        ),
        // cutechess and Stockfish's FRC book: Shredder-FEN.
        (
            "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1",
            single(959),
        ),
        // The a-side rook first.
        (
            "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w ACac - 0 1",
            single(959),
        ),
        // A mixture.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KAka - 0 1",
            single(518),
        ),
        // TCEC's DFRC events: Black's rank another start.
        (
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
            DoublePosition::new(Position::STANDARD, Position::from_id(534).unwrap()),
        ),
    ] {
        reads_as(fen, expected);
    }
    // TCEC's FRC events without castling: start 80, rights removed.
    let found = identify_fen("bbnnrkrq/pppppppp/8/8/8/8/PPPPPPPP/BBNNRKRQ w - - 0 1").unwrap();
    assert_eq!(found.single(), Some(Position::from_id(80).unwrap()));
    assert_eq!(
        found.departures().iter().collect::<Vec<_>>(),
        [Departure::CastlingRights {
            remaining: CastlingRights::NONE
        }]
    );
    assert_eq!(
        format!("start {}, {}", 80, found.departures()),
        "start 80, castling rights removed"
    );
}

/// Every reader gives `error` for `text`.
fn refused(text: &str, error: FenError) {
    assert_eq!(
        Position::from_fen(text),
        Err(error),
        "{}",
        text.get(..80).unwrap_or(text)
    );
    assert_eq!(DoublePosition::from_fen(text), Err(error));
    assert_eq!(identify_fen(text), Err(error));
}

#[test]
fn bad_input_gets_a_typed_error_from_every_reader() {
    let standard = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let pieces = |rank: &str| format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/{rank} w KQkq - 0 1");
    let cases = [
        (pieces("RNBQKB11"), FenError::AdjacentDigits { rank: 0 }),
        (
            pieces("RNBQKBNR\u{0}"),
            FenError::InvalidBoardByte { rank: 0, byte: 0 },
        ),
        (
            "rnbqkbnr/pppppppp/17/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_owned(),
            FenError::AdjacentDigits { rank: 5 },
        ),
        (
            format!("{standard} w KQkq - 0 1 extra"),
            FenError::WrongFieldCount { found: 7 },
        ),
        (
            format!("{standard} w KQkq"),
            FenError::WrongFieldCount { found: 3 },
        ),
        (String::new(), FenError::WrongFieldCount { found: 0 }),
        (" \t\n".to_owned(), FenError::WrongFieldCount { found: 0 }),
        (format!("{standard}[] w KQkq - 0 1"), FenError::Pocket),
        (format!("{standard}[Qn] w KQkq - 0 1"), FenError::Pocket),
        (
            format!("\u{feff}{standard} w KQkq - 0 1"),
            FenError::InvalidBoardByte {
                rank: 7,
                byte: 0xEF,
            },
        ),
        (
            "\u{e9}\u{e9}\u{e9}\u{e9} w KQkq - 0 1".to_owned(),
            FenError::WrongRankCount { found: 1 },
        ),
        (
            format!("{standard} w KQkq\u{a0}- 0 1"),
            FenError::InvalidCastlingByte { byte: 0xC2 },
        ),
    ];
    for (text, error) in cases {
        refused(&text, error);
    }
    // 1 MB strings of every shape.
    let megabyte = 1 << 20;
    refused(
        &"x".repeat(megabyte),
        FenError::WrongFieldCount { found: 1 },
    );
    refused(
        &format!("{} w KQkq -", "p".repeat(megabyte)),
        FenError::WrongRankCount { found: 1 },
    );
    refused(
        &format!("{standard} w KQkq {}", "- ".repeat(megabyte / 2)),
        FenError::WrongFieldCount {
            found: 3 + megabyte / 2,
        },
    );
    refused(
        &format!("{standard} w {} - 0 1", "K".repeat(megabyte)),
        FenError::DuplicateCastlingRight {
            color: Color::White,
            side: CastlingSide::HSide,
        },
    );
    let long_counter = format!("{standard} w KQkq - {} 1", "9".repeat(megabyte));
    assert_eq!(
        Position::from_fen(&long_counter),
        Err(FenError::HalfmoveClock)
    );
    assert_eq!(
        identify_fen(&long_counter),
        Err(FenError::InvalidHalfmoveClock)
    );
}

#[test]
fn the_strict_readers_refuse_what_identify_names() {
    let standard = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    for (fen, error, departure) in [
        (
            format!("{standard} b KQkq - 0 1"),
            FenError::SideToMove,
            Departure::BlackToMove,
        ),
        (
            format!("{standard} w KQkq e3 0 1"),
            FenError::EnPassantSquare,
            Departure::EnPassant(chess960::Square::from_ascii(*b"e3").unwrap()),
        ),
        (
            format!("{standard} w KQkq - 5"),
            FenError::HalfmoveClock,
            Departure::HalfmoveClock(5),
        ),
        (
            format!("{standard} w KQkq - 0 2"),
            FenError::FullmoveNumber,
            Departure::FullmoveNumber(2),
        ),
        (
            format!("{standard} w Qkq - 0 1"),
            FenError::MissingCastlingRight {
                color: Color::White,
                side: CastlingSide::HSide,
            },
            Departure::CastlingRights {
                remaining: CastlingRights::ALL.without(Color::White, CastlingSide::HSide),
            },
        ),
    ] {
        assert_eq!(Position::from_fen(&fen), Err(error), "{fen}");
        assert_eq!(DoublePosition::from_fen(&fen), Err(error), "{fen}");
        let found = identify_fen(&fen).unwrap();
        assert_eq!(found.departures().iter().collect::<Vec<_>>(), [departure]);
    }
}

#[test]
fn new_errors_read_well() {
    for (error, text) in [
        (
            FenError::AdjacentDigits { rank: 5 },
            "rank 6 of the board has two digits in a row: a run of empty squares is one digit",
        ),
        (
            FenError::WrongFieldCount { found: 3 },
            "a FEN has 4 to 6 fields (board, side to move, castling, en passant, then optionally halfmove clock and fullmove number), but this one has 3",
        ),
        (
            FenError::Pocket,
            "the board has a pocket '[...]' of pieces in hand, which no Chess960 start has",
        ),
        (
            FenError::InvalidSideToMove,
            "the side-to-move field is 'w' or 'b'",
        ),
        (
            FenError::InvalidEnPassantSquare,
            "the en passant field is '-' or a square of the third or sixth rank, such as 'e3'",
        ),
        (
            FenError::InvalidHalfmoveClock,
            "the halfmove clock is a decimal number without leading zeros, at most 4294967295",
        ),
        (
            FenError::InvalidFullmoveNumber,
            "the fullmove number is a decimal number without leading zeros, at most 4294967295",
        ),
    ] {
        assert_eq!(error.to_string(), text);
    }
}

/// Whatever a reader accepts reads back the same from its canonical FEN,
/// and the three readers agree with each other.
fn check_consistent(text: &str) {
    let strict = Position::from_fen(text);
    let double = DoublePosition::from_fen(text);
    let found = identify_fen(text);
    if let Ok(position) = strict {
        for style in [FenStyle::XFen, FenStyle::Shredder] {
            assert_eq!(Position::from_fen(position.fen(style).as_str()), strict);
        }
    }
    if let Ok(double) = double {
        assert_eq!(
            DoublePosition::from_fen(double.fen(FenStyle::Shredder).as_str()),
            Ok(double)
        );
    }
    if let Ok(found) = found {
        assert_eq!(identify_fen(&found.to_string()), Ok(found));
        assert_eq!(identify_fen(&format!("{found:#}")), Ok(found));
        assert_eq!(found.to_string().parse::<Identification>(), Ok(found));
    }
    // An exact identification is what the strict readers accept.
    let exact = found.ok().filter(Identification::is_exact);
    assert_eq!(double.ok(), exact.map(|found| found.start()));
    assert_eq!(strict.ok(), exact.and_then(|found| found.single()));
}

/// A start FEN in a random dialect: any double start, castling field in
/// any order and mixture, 4 to 6 fields, maybe with departures.
fn dialect_fen() -> impl Strategy<Value = String> {
    (
        0..DoublePosition::COUNT,
        0..384usize,
        4..=6usize,
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(id, castling, fields, mirrored, black)| {
            let mut double = DoublePosition::from_id(id).unwrap();
            if mirrored {
                double = DoublePosition::from(double.white());
            }
            let castling = &castling_fields(double)[castling];
            let mut fen = spellings(double, castling)[fields - 4].clone();
            if black {
                fen = fen.replacen(" w ", " b ", 1);
            }
            fen
        })
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        check_consistent(&text);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        check_consistent(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn fen_like_text_never_panics(text in "[1-9/pnbrqkPNBRQKA-Ha-hwb \\[\\]-]{0,80}") {
        check_consistent(&text);
    }

    #[test]
    fn fen_fields_in_any_form_never_panic(
        fen in dialect_fen(),
        side in "[wbWB-]{0,2}",
        castling in "[KQkqA-Ha-h-]{0,5}",
        en_passant in "[a-i1-9-]{0,3}",
        halfmove in "[0-9+-]{0,11}",
        fullmove in "[0-9+-]{0,11}",
        fields in 2..=7usize,
    ) {
        let board = fen.split(' ').next().unwrap();
        let all = [board, &side, &castling, &en_passant, &halfmove, &fullmove, "x"];
        check_consistent(&all[..fields].join(" "));
    }

    #[test]
    fn every_dialect_reads_as_its_start(fen in dialect_fen()) {
        check_consistent(&fen);
        let found = identify_fen(&fen).unwrap();
        prop_assert_eq!(found.is_exact(), fen.contains(" w "));
        prop_assert_eq!(identify_fen(&fen.replace(' ', "  ")), Ok(found));
    }

    #[test]
    fn one_byte_changed_never_panics(fen in dialect_fen(), index in 0..56usize, byte in any::<u8>()) {
        let mut bytes = fen.into_bytes();
        if let Some(slot) = bytes.get_mut(index) {
            *slot = byte;
        }
        check_consistent(&String::from_utf8_lossy(&bytes));
    }
}
