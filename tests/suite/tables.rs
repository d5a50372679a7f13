//! For every id, the generated tables, both perfect hashes and the
//! `Position` API give what the `const fn` derivation gives.

use chess960::{Decomposition, File, Piece, Position, TABLE};
use chess960_core::{id_from_rank, rank_from_id};

#[test]
fn every_id_agrees_with_the_derivation() {
    for id in 0..960u16 {
        let rank = rank_from_id(id).unwrap();
        let position = Position::from_id(id).unwrap();
        assert_eq!(TABLE[usize::from(id)], rank, "TABLE[{id}]");
        #[cfg(feature = "phf")]
        assert_eq!(
            chess960::RANK_TO_ID.get(&rank),
            Some(&id),
            "RANK_TO_ID of {id}"
        );
        assert_eq!(
            Position::from_rank(&rank),
            Ok(position),
            "from_rank of {id}"
        );
        assert_eq!(position.id(), id);
        assert_eq!(position.rank(), rank);
        assert_eq!(position.as_str().as_bytes(), rank);
        assert_eq!(id_from_rank(&rank), Ok(id));
        assert_eq!(Position::try_from(id), Ok(position));
        assert_eq!(u16::from(position), id);
    }
}

#[test]
fn every_rank_parses_in_both_colors() {
    for position in Position::all() {
        let white = position.to_string();
        assert_eq!(white.parse::<Position>(), Ok(position));
        assert_eq!(white.to_ascii_lowercase().parse::<Position>(), Ok(position));
        assert_eq!(format!("{position:>10}"), format!("  {white}"));
    }
}

#[test]
fn all_iterates_in_id_order() {
    let ids: Vec<u16> = Position::all().map(Position::id).collect();
    assert_eq!(ids, (0..960).collect::<Vec<_>>());
    assert_eq!(Position::all().next_back(), Position::from_id(959).ok());
    let mut sorted: Vec<Position> = Position::all().rev().collect();
    sorted.sort();
    assert!(sorted.iter().map(|p| p.id()).eq(0..960));
}

#[test]
fn decomposition_round_trips_for_every_id() {
    for position in Position::all() {
        let parts = position.decomposition();
        let rebuilt = Decomposition::new(
            parts.light_bishop(),
            parts.dark_bishop(),
            parts.queen_slot(),
            parts.knight_code(),
        )
        .unwrap();
        assert_eq!(rebuilt, parts);
        assert_eq!(parts.id(), position.id());
        assert_eq!(parts.rank(), position.rank());
        assert_eq!(Decomposition::from_rank(&position.rank()), Ok(parts));
        assert_eq!(parts.bishop_code(), position.bishop_code());
        assert_eq!(u16::from(parts.bishop_code()), position.id() % 16);
    }
}

/// The accessors, checked against a plain scan of the rank.
#[test]
fn piece_files_match_the_rank() {
    for position in Position::all() {
        let rank = position.rank();
        let files_of = |letter: u8| -> Vec<File> {
            File::ALL
                .into_iter()
                .filter(|f| rank[usize::from(f.index())] == letter)
                .collect()
        };
        assert_eq!(vec![position.king_file()], files_of(b'K'));
        assert_eq!(vec![position.queen_file()], files_of(b'Q'));
        assert_eq!(position.rook_files().to_vec(), files_of(b'R'));
        assert_eq!(position.bishop_files().to_vec(), files_of(b'B'));
        assert_eq!(position.knight_files().to_vec(), files_of(b'N'));
        let light = position.light_bishop_file();
        let dark = position.dark_bishop_file();
        assert!(light.is_light_on_first_rank() && !dark.is_light_on_first_rank());
        let mut bishops = [light, dark];
        bishops.sort();
        assert_eq!(bishops, position.bishop_files());
        for file in File::ALL {
            assert_eq!(
                position.piece_at(file).letter(),
                rank[usize::from(file.index())]
            );
        }
        assert!(position.rook_files()[0] < position.king_file());
        assert!(position.king_file() < position.rook_files()[1]);
    }
    assert_eq!(Position::STANDARD.piece_at(File::E), Piece::King);
}

#[test]
fn lookups_work_in_const_contexts() {
    const STANDARD: Position = match Position::from_rank(b"RNBQKBNR") {
        Ok(position) => position,
        Err(_) => panic!("RNBQKBNR is a start position"),
    };
    const RANK: [u8; 8] = STANDARD.rank();
    const ID: u16 = STANDARD.id();
    const KING: File = STANDARD.king_file();
    assert_eq!((ID, &RANK, KING), (518, b"RNBQKBNR", File::E));
}

/// Pins the size of the generated tables, so that a change to build.rs that
/// grows them shows up here.
#[test]
fn generated_table_sizes() {
    assert_eq!(size_of_val(&TABLE), 7680);
    #[cfg(feature = "phf")]
    assert_eq!(chess960::RANK_TO_ID.len(), 960);
    assert_eq!(size_of::<Position>(), 2);
    assert_eq!(size_of::<Option<Position>>(), 4);
}
