//! The one grammar of a position written as text, through every entry point:
//! `chess960_core::read_position`, `str::parse`, serde (a JSON value, a JSON
//! map key, a query string) and `sp!`/`rank!`; and every refused form, with
//! the same error in each. (`sp!`'s refusals are compile errors: the
//! trybuild cases in `macros/tests/ui/fail` cover them.)

use chess960::{File, ParsePositionError, Piece, Position, PositionError, Spelling, read_position};

/// The forms of the table, as literals so that `sp!` can take them too.
macro_rules! accepted {
    ($($text:literal => $id:literal),* $(,)?) => {
        /// Every accepted form but a FEN, and the id it names.
        const ACCEPTED: &[(&str, u16)] = &[$(($text, $id)),*];

        /// The same forms read by `sp!` while the test compiles.
        #[cfg(feature = "macros")]
        const THROUGH_SP: &[(&str, Position)] = &[$(($text, chess960::sp!($text))),*];
    };
}

accepted! {
    "518" => 518,
    "0518" => 518,
    "007" => 7,
    "0" => 0,
    "959" => 959,
    "000000000000000959" => 959,
    "SP518" => 518,
    "sp518" => 518,
    "Sp518" => 518,
    "sP518" => 518,
    "SP-518" => 518,
    "sp-518" => 518,
    "SP 518" => 518,
    "SP\t518" => 518,
    "SP   518" => 518,
    "SP007" => 7,
    "SP-0" => 0,
    " 518 " => 518,
    "\t518\r\n" => 518,
    "  SP-518\n" => 518,
    "RNBQKBNR" => 518,
    "rnbqkbnr" => 518,
    " rnbqkbnr\n" => 518,
    "BBQNNRKR" => 0,
    "rkrnnqbb" => 959,
}

/// Starts written as FENs, and the id each names.
const FENS: &[(&str, u16)] = &[
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        518,
    ),
    (
        " bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\n",
        0,
    ),
];

/// Refused forms (not FENs) and the error each gets.
fn refused() -> Vec<(&'static str, PositionError)> {
    use PositionError as E;
    vec![
        ("", E::Empty),
        ("   \t\n", E::Empty),
        ("-1", E::NegativeId),
        ("-518", E::NegativeId),
        ("-0", E::NegativeId),
        ("+518", E::NotADigit { character: '+' }),
        ("518.0", E::NotADigit { character: '.' }),
        ("5e2", E::NotADigit { character: 'e' }),
        ("0x206", E::NotADigit { character: 'x' }),
        ("518u16", E::NotADigit { character: 'u' }),
        ("5 18", E::NotADigit { character: ' ' }),
        (
            "518\u{a0}",
            E::NotADigit {
                character: '\u{a0}',
            },
        ),
        ("５１８", E::WrongLength { length: 3 }),
        ("SP--518", E::NotADigit { character: '-' }),
        ("SP+518", E::NotADigit { character: '+' }),
        ("SP5x8", E::NotADigit { character: 'x' }),
        ("SP -518", E::NotADigit { character: '-' }),
        ("SP518 w", E::NotADigit { character: ' ' }),
        ("SP", E::LabelWithoutId),
        ("sp-", E::LabelWithoutId),
        ("960", E::IdOutOfRange { id: 960 }),
        ("65535", E::IdOutOfRange { id: 65535 }),
        ("SP960", E::IdOutOfRange { id: 960 }),
        ("00960", E::IdOutOfRange { id: 960 }),
        ("65536", E::IdTooLarge { digits: 5 }),
        ("123456", E::IdTooLarge { digits: 6 }),
        (
            "123456789012345678901234567890",
            E::IdTooLarge { digits: 30 },
        ),
        ("RNBQKBN", E::WrongLength { length: 7 }),
        ("RNBQKBNRR", E::WrongLength { length: 9 }),
        ("hello", E::WrongLength { length: 5 }),
        ("-", E::WrongLength { length: 1 }),
        ("\u{feff}RNBQKBNR", E::WrongLength { length: 9 }),
        (
            "RNBQKBNP",
            E::InvalidCharacter {
                file: File::H,
                character: 'P',
            },
        ),
        (
            "RNB KBNR",
            E::InvalidCharacter {
                file: File::D,
                character: ' ',
            },
        ),
        (
            "RNBQKBN♔",
            E::InvalidCharacter {
                file: File::H,
                character: '♔',
            },
        ),
        (
            "RNBQKBNr",
            E::MixedCase {
                file: File::H,
                character: 'r',
            },
        ),
        (
            "Rnbqkbnr",
            E::MixedCase {
                file: File::B,
                character: 'n',
            },
        ),
        (
            "RNBQKBNQ",
            E::WrongPieceCount {
                piece: Piece::Queen,
                expected: 1,
                found: 2,
            },
        ),
        (
            "rnbkqnbr",
            E::BishopsOnSameColour {
                files: [File::C, File::G],
            },
        ),
        (
            "KRBQRBNN",
            E::KingNotBetweenRooks {
                king: File::A,
                rooks: [File::B, File::E],
            },
        ),
    ]
}

#[test]
fn the_core_reader_names_how_each_form_is_written() {
    for &(text, id) in ACCEPTED {
        let spelling = read_position(text).unwrap();
        let trimmed = text.trim_ascii();
        let is_rank = trimmed.len() == 8 && trimmed.bytes().all(|b| b.is_ascii_alphabetic());
        if is_rank {
            assert_eq!(
                spelling,
                Spelling::Rank(trimmed.to_ascii_uppercase().as_bytes().try_into().unwrap()),
                "{text:?}"
            );
        } else {
            assert_eq!(spelling, Spelling::Id(id), "{text:?}");
        }
        assert_eq!(spelling.id(), Some(id), "{text:?}");
    }
    for &(fen, _) in FENS {
        assert_eq!(read_position(fen), Ok(Spelling::Fen(fen.trim_ascii())));
    }
    for (text, error) in refused() {
        assert_eq!(read_position(text), Err(error), "{text:?}");
    }
}

#[test]
fn str_parse_reads_every_accepted_form() {
    for &(text, id) in ACCEPTED.iter().chain(FENS) {
        assert_eq!(
            text.parse::<Position>().map(Position::id),
            Ok(id),
            "{text:?}"
        );
    }
}

#[test]
fn str_parse_refuses_every_refused_form() {
    for (text, error) in refused() {
        assert_eq!(
            text.parse::<Position>(),
            Err(ParsePositionError::Position(error)),
            "{text:?}"
        );
    }
    // A text with a `/` is a FEN, and the FEN reader names what is wrong.
    for fen in [
        "518/",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2",
    ] {
        assert!(
            matches!(fen.parse::<Position>(), Err(ParsePositionError::Fen(_))),
            "{fen:?}"
        );
    }
}

/// Every id, written bare, padded, and as a label, reads as itself; ids from
/// 960 to 65535 are out of range.
#[test]
fn every_id_in_every_numeric_form() {
    for id in 0..=u16::MAX {
        let forms = [
            format!("{id}"),
            format!("{id:05}"),
            format!("SP{id}"),
            format!("sp-{id:03}"),
            format!("Sp {id}"),
        ];
        for text in forms {
            let expected = if id < 960 {
                Ok(id)
            } else {
                Err(ParsePositionError::Position(PositionError::IdOutOfRange {
                    id,
                }))
            };
            assert_eq!(text.parse::<Position>().map(Position::id), expected);
        }
    }
}

#[cfg(feature = "macros")]
#[test]
fn sp_reads_every_accepted_form() {
    assert_eq!(THROUGH_SP.len(), ACCEPTED.len());
    for (&(text, position), &(_, id)) in THROUGH_SP.iter().zip(ACCEPTED) {
        assert_eq!(position.id(), id, "{text:?}");
    }
    // `rank!` keeps a rank as written and gives White's rank for an id.
    assert_eq!(chess960::rank!(" rnbqkbnr\n"), *b"rnbqkbnr");
    assert_eq!(chess960::rank!("Sp 0"), *b"BBQNNRKR");
}

#[cfg(feature = "serde")]
mod serde_entry_points {
    use super::{ACCEPTED, FENS, refused};
    use chess960::Position;
    use serde::Deserialize;
    use serde_json::{Map, Value};
    use std::collections::BTreeMap;

    /// What a server reads from `?position=...`.
    #[derive(Deserialize, Debug)]
    struct Query {
        position: Position,
    }

    fn as_json_value(text: &str) -> Result<Position, String> {
        serde_json::from_value(Value::String(text.to_owned())).map_err(|e| e.to_string())
    }

    fn as_json_key(text: &str) -> Result<Position, String> {
        let mut map = Map::new();
        map.insert(text.to_owned(), Value::from(3));
        let read: BTreeMap<Position, u32> =
            serde_json::from_value(Value::Object(map)).map_err(|e| e.to_string())?;
        assert_eq!(read.len(), 1);
        Ok(*read.keys().next().unwrap())
    }

    fn as_query(text: &str) -> Result<Position, String> {
        let query = serde_urlencoded::to_string([("position", text)]).unwrap();
        serde_urlencoded::from_str::<Query>(&query)
            .map(|query| query.position)
            .map_err(|e| e.to_string())
    }

    type EntryPoint = fn(&str) -> Result<Position, String>;

    const ENTRY_POINTS: [(&str, EntryPoint); 3] = [
        ("JSON value", as_json_value),
        ("JSON map key", as_json_key),
        ("query string", as_query),
    ];

    #[test]
    fn every_accepted_form() {
        for (name, read) in ENTRY_POINTS {
            for &(text, id) in ACCEPTED.iter().chain(FENS) {
                assert_eq!(read(text).map(Position::id), Ok(id), "{name}: {text:?}");
            }
        }
    }

    #[test]
    fn every_refused_form_with_the_same_words() {
        for (name, read) in ENTRY_POINTS {
            for (text, error) in refused() {
                let message = read(text).unwrap_err();
                assert!(
                    message.starts_with(&error.to_string()),
                    "{name}: {text:?}: {message}"
                );
            }
        }
    }

    #[test]
    fn the_issue_s_examples() {
        for query in ["position=518", "position=SP518", "position=rnbqkbnr"] {
            assert_eq!(
                serde_urlencoded::from_str::<Query>(query).unwrap().position,
                Position::STANDARD,
                "{query}"
            );
        }
        let map: BTreeMap<Position, u32> = serde_json::from_str(r#"{"518": 1}"#).unwrap();
        assert_eq!(map, BTreeMap::from([(Position::STANDARD, 1)]));
    }

    #[test]
    fn json_numbers() {
        let read = |json: &str| serde_json::from_str::<Position>(json).map_err(|e| e.to_string());
        assert_eq!(read("518"), Ok(Position::STANDARD));
        assert_eq!(read("0").map(Position::id), Ok(0));
        assert!(
            read("960")
                .unwrap_err()
                .starts_with("start position 960 does not exist: ids run from 0 to 959")
        );
        assert!(
            read("-1")
                .unwrap_err()
                .starts_with("start position ids are not negative: they run from 0 to 959")
        );
        assert!(read("18446744073709551615").unwrap_err().starts_with(
            "start position ids run from 0 to 959, but a number of 20 digits was given"
        ));
        assert!(
            read("518.0")
                .unwrap_err()
                .starts_with("invalid type: floating point `518.0`, expected a Chess960")
        );
    }
}
