//! The conventions of Rust chess crates, checked exhaustively where the
//! domain is small and against shakmaty and cozy-chess where they have the
//! same notion: `Display` (padded) and `FromStr` of every small type, their
//! typed errors, readable `Debug`, `DoublePosition`'s text forms and id,
//! `PositionSet` as a standard set (against `BTreeSet`), the `Positions`
//! iterator, `Fen` as a string, and `Default`.

use chess960::{
    CastlingSide, Colour, DoubleIdError, DoublePosition, Error, FenStyle, File,
    ParseCastlingSideError, ParseColourError, ParseDoublePositionError, ParseFileError,
    ParseSquareError, ParseUciMoveError, Piece, Position, PositionSet, Positions, Square, UciMove,
};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Every square, a1 first.
fn squares() -> impl Iterator<Item = Square> {
    (0..64).map(|index| Square::from_index(index).unwrap())
}

/// Every castling move of every start, for both colours, king takes rook.
fn castling_moves() -> impl Iterator<Item = UciMove> {
    Position::all().flat_map(|position| {
        Colour::ALL.into_iter().flat_map(move |colour| {
            CastlingSide::ALL
                .into_iter()
                .map(move |side| position.castling(side).uci(colour))
        })
    })
}

/// A fixed sample of double starts: a stride through the ids that visits
/// every White and every Black start, plus the ends.
fn double_sample() -> impl Iterator<Item = DoublePosition> {
    (0..DoublePosition::COUNT)
        .step_by(97)
        .chain([0, 497_798, DoublePosition::COUNT - 1])
        .map(|id| DoublePosition::from_id(id).unwrap())
}

#[test]
fn files_display_and_parse_as_shakmaty_names_them() {
    for file in File::ALL {
        let theirs = shakmaty::File::new(u32::from(file.index()))
            .char()
            .to_string();
        assert_eq!(file.to_string(), theirs);
        assert_eq!(theirs.parse::<File>(), Ok(file));
        assert_eq!(
            format!("{file:>3}|{file:<3}|{file:^3}"),
            format!("  {theirs}|{theirs}  | {theirs} ")
        );
    }
}

#[test]
fn every_other_character_is_no_file() {
    for character in (0..=0x2FF).filter_map(char::from_u32) {
        if !('a'..='h').contains(&character) {
            assert_eq!(
                character.to_string().parse::<File>(),
                Err(ParseFileError::NotAFile { found: character })
            );
        }
    }
    for (text, length) in [("", 0), ("ab", 2), ("é1", 2), ("aaaaaaaaaa", 10)] {
        assert_eq!(
            text.parse::<File>(),
            Err(ParseFileError::WrongLength { length })
        );
    }
    assert_eq!(
        "".parse::<File>().unwrap_err().to_string(),
        "a file is one letter a to h, but 0 characters were given"
    );
    assert_eq!(
        "é".parse::<File>().unwrap_err().to_string(),
        "'é' is not a file: files are the lowercase letters a to h"
    );
}

#[test]
fn squares_display_parse_and_debug_as_shakmaty_names_them() {
    for square in squares() {
        let theirs = shakmaty::Square::new(u32::from(square.index())).to_string();
        assert_eq!(square.to_string(), theirs);
        assert_eq!(
            square.to_ascii(),
            <[u8; 2]>::try_from(theirs.as_bytes()).unwrap()
        );
        assert_eq!(theirs.parse::<Square>(), Ok(square));
        assert_eq!(format!("{square:?}"), format!("Square({theirs})"));
        assert_eq!(format!("[{square:^6}]"), format!("[  {theirs}  ]"));
        assert_eq!(format!("[{square:-<4}]"), format!("[{theirs}--]"));
    }
}

#[test]
fn bad_square_names_say_which_character_is_wrong() {
    for file in (0..=0x2FF).filter_map(char::from_u32) {
        let text = format!("{file}4");
        let expected = if ('a'..='h').contains(&file) {
            Ok(())
        } else {
            Err(ParseSquareError::NotAFile { found: file })
        };
        assert_eq!(text.parse::<Square>().map(|_| ()), expected, "{text:?}");
        let text = format!("e{file}");
        let expected = if ('1'..='8').contains(&file) {
            Ok(())
        } else {
            Err(ParseSquareError::NotARank { found: file })
        };
        assert_eq!(text.parse::<Square>().map(|_| ()), expected, "{text:?}");
    }
    for (text, length) in [("", 0), ("e", 1), ("e44", 3), (" e4", 3), ("e4\n", 3)] {
        assert_eq!(
            text.parse::<Square>(),
            Err(ParseSquareError::WrongLength { length })
        );
    }
    assert_eq!(
        "E4".parse::<Square>().unwrap_err().to_string(),
        "'E' is not a file: a square name starts with a lowercase letter a to h"
    );
    assert_eq!(
        "e44".parse::<Square>().unwrap_err().to_string(),
        "a square name is a file letter and a rank digit such as e4, but 3 characters were given"
    );
}

#[test]
fn colours_read_every_documented_spelling_and_nothing_else() {
    for (colour, spellings) in [
        (
            Colour::White,
            ["white", "White", "WHITE", "w", "W", "wHiTe"],
        ),
        (
            Colour::Black,
            ["black", "Black", "BLACK", "b", "B", "bLaCk"],
        ),
    ] {
        for text in spellings {
            assert_eq!(text.parse::<Colour>(), Ok(colour), "{text}");
        }
        assert_eq!(colour.to_string().parse::<Colour>(), Ok(colour));
        assert_eq!(format!("{colour:^7}"), format!(" {colour} "));
    }
    for text in [
        "", " white", "white ", "whit", "blackk", "wb", "0", "1", "red", "ｗ",
    ] {
        assert_eq!(text.parse::<Colour>(), Err(ParseColourError), "{text:?}");
    }
}

#[test]
fn castling_sides_read_every_documented_spelling_and_nothing_else() {
    for (side, spellings) in [
        (
            CastlingSide::ASide,
            [
                "O-O-O",
                "0-0-0",
                "a-side",
                "A-SIDE",
                "queenside",
                "QueenSide",
            ],
        ),
        (
            CastlingSide::HSide,
            ["O-O", "0-0", "h-side", "H-side", "kingside", "KINGSIDE"],
        ),
    ] {
        for text in spellings {
            assert_eq!(text.parse::<CastlingSide>(), Ok(side), "{text}");
        }
        assert_eq!(side.to_string().parse::<CastlingSide>(), Ok(side));
    }
    for text in [
        "",
        "o-o",
        "O-O-O-O",
        "OO",
        "O-0",
        "queen side",
        "a",
        "long",
        " O-O",
    ] {
        assert_eq!(
            text.parse::<CastlingSide>(),
            Err(ParseCastlingSideError),
            "{text:?}"
        );
    }
}

#[test]
fn castling_moves_of_all_960_display_parse_and_debug_as_shakmaty_writes_them() {
    let mut count = 0;
    for uci in castling_moves() {
        let theirs = shakmaty::uci::UciMove::Normal {
            from: shakmaty::Square::new(u32::from(uci.from_square().index())),
            to: shakmaty::Square::new(u32::from(uci.to_square().index())),
            promotion: None,
        }
        .to_string();
        assert_eq!(uci.to_string(), theirs);
        assert_eq!(theirs.parse::<UciMove>(), Ok(uci));
        assert_eq!(format!("{uci:?}"), format!("UciMove({theirs})"));
        assert_eq!(format!("[{uci:>6}]"), format!("[  {theirs}]"));
        count += 1;
    }
    assert_eq!(count, 960 * 4);
    assert_eq!(
        "e7e8q".parse::<UciMove>(),
        Err(ParseUciMoveError::WrongLength { length: 5 })
    );
}

#[test]
fn bitboards_debug_shows_the_masks_shakmaty_builds() {
    for position in Position::all() {
        let fen = position.fen(FenStyle::Shredder);
        let chess: shakmaty::Chess = fen
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Chess960)
            .unwrap();
        let board = shakmaty::Position::board(&chess);
        let debug = format!("{:?}", position.bitboards());
        let roles = [
            ("king", shakmaty::Role::King),
            ("queen", shakmaty::Role::Queen),
            ("rook", shakmaty::Role::Rook),
            ("bishop", shakmaty::Role::Bishop),
            ("knight", shakmaty::Role::Knight),
            ("pawn", shakmaty::Role::Pawn),
        ];
        let fields: Vec<String> = roles
            .iter()
            .map(|(name, role)| {
                let hex = format!("{:016X}", u64::from(board.by_role(*role)));
                format!(
                    "{name}: 0x{}_{}_{}_{}",
                    &hex[..4],
                    &hex[4..8],
                    &hex[8..12],
                    &hex[12..]
                )
            })
            .collect();
        assert_eq!(debug, format!("Bitboards {{ {} }}", fields.join(", ")));
    }
    assert!(
        format!("{:#?}", Position::STANDARD.bitboards())
            .contains("\n    knight: 0x4200_0000_0000_0042,\n")
    );
    assert_eq!(
        Piece::ALL.len(),
        5,
        "one field per piece and one for the pawns"
    );
}

#[test]
fn double_starts_write_both_ranks_as_cozy_chess_puts_them_in_the_fen() {
    for double in double_sample() {
        let board = cozy_chess::Board::double_chess960_startpos(
            u32::from(double.white().id()),
            u32::from(double.black().id()),
        );
        let fen = board.to_string();
        let ranks: Vec<&str> = fen.split(' ').next().unwrap().split('/').collect();
        assert_eq!(double.to_string(), format!("{}/{}", ranks[7], ranks[0]));
    }
}

#[test]
fn every_double_start_reads_back_from_each_text_form() {
    for id in 0..DoublePosition::COUNT {
        let double = DoublePosition::from_id(id).unwrap();
        assert_eq!(DoublePosition::try_from(id), Ok(double));
        assert_eq!(u32::from(double), id);
        assert_eq!(double.to_string().parse::<DoublePosition>(), Ok(double));
        assert_eq!(id.to_string().parse::<DoublePosition>(), Ok(double));
    }
    for double in double_sample() {
        let (white, black) = (double.white(), double.black());
        let lower = black.as_str().to_ascii_lowercase();
        for text in [
            format!("{}/{}", white.id(), black.id()),
            format!("{white}/{black}"),
            format!("{white}/{lower}"),
            format!("{lower}/{white}"),
            format!("{}/{}", white.as_str().to_ascii_lowercase(), lower),
            format!("{:04}/{:03}", white.id(), black.id()),
            double.fen(FenStyle::XFen).to_string(),
            double.fen(FenStyle::Shredder).to_string(),
        ] {
            assert_eq!(text.parse::<DoublePosition>(), Ok(double), "{text}");
        }
        assert_eq!(format!("{double:*^19}"), format!("*{double}*"));
    }
    assert_eq!(
        DoublePosition::default(),
        DoublePosition::from(Position::STANDARD)
    );
}

#[test]
fn bad_double_starts_name_the_broken_rule() {
    let parse = |text: &str| text.parse::<DoublePosition>();
    assert_eq!(
        parse("921600").map_err(|error| error.to_string()),
        Err("double Chess960 start 921600 does not exist: ids run from 0 to 921599".to_owned())
    );
    assert!(matches!(
        parse("921600"),
        Err(ParseDoublePositionError::Id(DoubleIdError { .. }))
    ));
    assert_eq!(
        DoublePosition::try_from(u32::MAX).map_err(DoubleIdError::id),
        Err(u32::MAX)
    );
    assert_eq!(
        parse("99999999999"),
        Err(ParseDoublePositionError::IdTooLarge { digits: 11 })
    );
    assert_eq!(
        parse("518/99999"),
        Err(ParseDoublePositionError::IdTooLarge { digits: 5 })
    );
    assert_eq!(
        parse("960/0"),
        Err(ParseDoublePositionError::Position {
            colour: Colour::White,
            error: chess960::ParsePositionError::Position(Error::IdOutOfRange { id: 960 })
        })
    );
    assert!(matches!(
        parse("RNBQKBNR/rnbqkbnq"),
        Err(ParseDoublePositionError::Position {
            colour: Colour::Black,
            ..
        })
    ));
    assert!(matches!(
        parse("rnbqkbnq/RNBQKBNR"),
        Err(ParseDoublePositionError::Position {
            colour: Colour::Black,
            ..
        })
    ));
    assert!(matches!(
        parse("8/8/8/8/8/8/8/8 w - - 0 1"),
        Err(ParseDoublePositionError::Fen(_))
    ));
    for text in [
        "", "RNBQKBNR", "SP518", "-1", "518 ", " 518", "5 18", "+518", "0x10", "٥١٨",
    ] {
        assert_eq!(
            parse(text),
            Err(ParseDoublePositionError::UnknownForm),
            "{text:?}"
        );
    }
    for text in ["/", "518/", "/518", "RNBQKBNR/", "518/RNBQKBNR/"] {
        assert!(parse(text).is_err(), "{text:?}");
    }
    let huge = "9".repeat(1 << 20);
    assert_eq!(
        parse(&huge),
        Err(ParseDoublePositionError::IdTooLarge { digits: 1 << 20 })
    );
}

#[test]
fn position_all_is_every_id_in_order_from_both_ends() {
    let all: Positions = Position::all();
    assert_eq!(all.len(), 960);
    assert!(all.clone().map(Position::id).eq(0..960));
    assert!(all.clone().rev().map(Position::id).eq((0..960).rev()));
    let mut all = all;
    for step in 0..480 {
        assert_eq!(all.next().map(Position::id), Some(step));
        assert_eq!(all.next_back().map(Position::id), Some(959 - step));
        assert_eq!(all.len(), usize::from(958 - 2 * step));
    }
    assert_eq!(all.next(), None);
    assert_eq!(all.next_back(), None);
    assert_eq!(Position::all().last(), Position::from_id(959).ok());
    assert_eq!(
        format!("{:?}", Position::all()),
        "Positions { len: 960, .. }"
    );
}

/// The model of a set: sparse, nearly full, or each id in with even odds.
fn sets() -> impl Strategy<Value = BTreeSet<u16>> {
    let sparse = proptest::collection::vec(0..960_u16, 0..40);
    prop_oneof![
        sparse.clone().prop_map(|ids| ids.into_iter().collect()),
        sparse.prop_map(|ids| (0..960).filter(|id| !ids.contains(id)).collect()),
        proptest::collection::vec(any::<bool>(), 960)
            .prop_map(|bits| { (0..960).filter(|&id| bits[usize::from(id)]).collect() }),
    ]
}

fn to_set(model: &BTreeSet<u16>) -> PositionSet {
    model
        .iter()
        .map(|&id| Position::from_id(id).unwrap())
        .collect()
}

fn ids(set: impl IntoIterator<Item = Position>) -> Vec<u16> {
    set.into_iter().map(Position::id).collect()
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::with_cases(512)
    })]

    #[test]
    fn position_sets_behave_as_btree_sets(a in sets(), b in sets(), probe in 0..960_u16) {
        let (set_a, set_b) = (to_set(&a), to_set(&b));
        prop_assert_eq!(ids(set_a), a.iter().copied().collect::<Vec<_>>());
        let mut by_reference = Vec::new();
        for position in &set_a {
            by_reference.push(position.id());
        }
        prop_assert_eq!(by_reference, ids(set_a.iter()));
        prop_assert_eq!(usize::from(set_a.len()), a.len());
        prop_assert_eq!(set_a.iter().len(), a.len());
        prop_assert_eq!(ids(set_a.iter().rev()), a.iter().rev().copied().collect::<Vec<_>>());
        prop_assert_eq!(PositionSet::from_bytes(set_a.to_bytes()), set_a);

        prop_assert_eq!(ids(set_a | set_b), a.union(&b).copied().collect::<Vec<_>>());
        prop_assert_eq!(ids(set_a & set_b), a.intersection(&b).copied().collect::<Vec<_>>());
        prop_assert_eq!(ids(set_a - set_b), a.difference(&b).copied().collect::<Vec<_>>());
        prop_assert_eq!(ids(set_a ^ set_b), a.symmetric_difference(&b).copied().collect::<Vec<_>>());
        prop_assert_eq!(ids(!set_a), (0..960).filter(|id| !a.contains(id)).collect::<Vec<_>>());

        let mut assigned = set_a;
        assigned |= set_b;
        prop_assert_eq!(assigned, set_a | set_b);
        let mut assigned = set_a;
        assigned &= set_b;
        prop_assert_eq!(assigned, set_a & set_b);
        let mut assigned = set_a;
        assigned -= set_b;
        prop_assert_eq!(assigned, set_a - set_b);
        let mut assigned = set_a;
        assigned ^= set_b;
        prop_assert_eq!(assigned, set_a ^ set_b);

        let position = Position::from_id(probe).unwrap();
        let (mut ours, mut model) = (set_a, a.clone());
        prop_assert_eq!(ours.insert(position), model.insert(probe));
        prop_assert_eq!(ours.insert(position), model.insert(probe));
        prop_assert_eq!(ids(ours), model.iter().copied().collect::<Vec<_>>());
        prop_assert_eq!(ours.remove(position), model.remove(&probe));
        prop_assert_eq!(ours.remove(position), model.remove(&probe));
        prop_assert_eq!(ids(ours), model.iter().copied().collect::<Vec<_>>());

        let mut extended = set_a;
        extended.extend(set_b);
        prop_assert_eq!(extended, set_a | set_b);
    }

    #[test]
    fn set_iterators_meet_in_the_middle(model in sets(), fronts in proptest::collection::vec(any::<bool>(), 0..1000)) {
        let mut iter = to_set(&model).iter();
        let mut expected: std::collections::VecDeque<u16> = model.iter().copied().collect();
        for front in fronts {
            prop_assert_eq!(iter.len(), expected.len());
            let (ours, theirs) = if front {
                (iter.next(), expected.pop_front())
            } else {
                (iter.next_back(), expected.pop_back())
            };
            prop_assert_eq!(ours.map(Position::id), theirs);
        }
    }
}

#[test]
fn the_bitmap_puts_each_id_in_its_own_bit() {
    for position in Position::all() {
        let id = usize::from(position.id());
        let bytes = PositionSet::EMPTY.with(position).to_bytes();
        for (index, byte) in bytes.iter().enumerate() {
            let expected = if index == id / 8 { 1 << (id % 8) } else { 0 };
            assert_eq!(*byte, expected, "{id}");
        }
    }
}

#[test]
fn a_fen_is_a_string() {
    for position in Position::all() {
        for style in [FenStyle::XFen, FenStyle::Shredder] {
            let fen = position.fen(style);
            let text: &str = &fen;
            assert_eq!(text, fen.as_str());
            assert_eq!(AsRef::<str>::as_ref(&fen), fen.as_str());
            assert_eq!(AsRef::<[u8]>::as_ref(&fen), fen.as_str().as_bytes());
            assert_eq!(fen.len(), chess960::Fen::LENGTH);
            assert_eq!(Position::from_fen(&fen), Ok(position));
            assert_eq!(format!("{fen:>60}"), format!("    {fen}"));
            assert_eq!(format!("{fen:.8}"), position.as_str().to_ascii_lowercase());
        }
    }
}

#[test]
fn the_default_start_is_the_peers_default_board() {
    let shakmaty_default = shakmaty::fen::Fen::from_position(
        &shakmaty::Chess::default(),
        shakmaty::EnPassantMode::Legal,
    )
    .to_string();
    assert_eq!(
        Position::from_fen(&shakmaty_default),
        Ok(Position::default())
    );
    let cozy_default = cozy_chess::Board::default().to_string();
    assert_eq!(Position::from_fen(&cozy_default), Ok(Position::default()));
    assert_eq!(
        DoublePosition::default(),
        DoublePosition::from(Position::default())
    );
    assert_eq!(PositionSet::default(), PositionSet::EMPTY);
}
