//! The guide's section "With shakmaty and cozy-chess"
//! (`docs/guide/interop.md`): the lines that turn a start into each peer's
//! board and back, run here on the guide's example and on all 960 starts
//! and a sample of double starts.

use chess960::{DoublePosition, FenStyle, Position};

/// A stride through the double ids that meets every White and every Black
/// start.
fn double_sample() -> impl Iterator<Item = DoublePosition> {
    (0..DoublePosition::COUNT)
        .step_by(97)
        .map(|id| DoublePosition::from_id(id).unwrap())
}

/// The README's shakmaty example, word for word.
#[test]
fn readme_shakmaty() -> Result<(), Box<dyn std::error::Error>> {
    use chess960::{FenStyle, Position};
    use shakmaty::{CastlingMode, Chess, EnPassantMode, fen::Fen};

    let position = Position::from_id(959)?; // RKRNNQBB
    // To shakmaty: through the FEN, in Chess960 castling mode.
    let fen: Fen = position.fen(FenStyle::Shredder).parse()?;
    let chess: Chess = fen.into_position(CastlingMode::Chess960)?;
    // And back: the FEN shakmaty writes for a start is one `from_fen` reads.
    let fen = Fen::from_position(&chess, EnPassantMode::Legal).to_string();
    assert_eq!(Position::from_fen(&fen)?, position);
    Ok(())
}

/// The README's cozy-chess example, word for word.
#[test]
fn readme_cozy_chess() -> Result<(), Box<dyn std::error::Error>> {
    use chess960::{DoublePosition, FenStyle, Position};
    use cozy_chess::Board;

    let position = Position::from_id(959)?; // RKRNNQBB
    // To cozy-chess: it numbers the starts as Scharnagl does, as we do.
    let board = Board::chess960_startpos(position.id().into());
    // Or through the Shredder-FEN (`true`: Shredder castling letters).
    let parsed = Board::from_fen(&position.fen(FenStyle::Shredder), true).ok();
    assert_eq!(parsed.as_ref(), Some(&board));
    // And back: `{:#}` writes the board's Shredder-FEN.
    assert_eq!(Position::from_fen(&format!("{board:#}"))?, position);

    // Double Chess960 the same way.
    let double: DoublePosition = "518/959".parse()?;
    let board =
        Board::double_chess960_startpos(double.white().id().into(), double.black().id().into());
    assert_eq!(DoublePosition::from_fen(&format!("{board:#}"))?, double);
    Ok(())
}

#[test]
fn every_start_goes_to_shakmaty_and_back() {
    use shakmaty::{CastlingMode, Chess, EnPassantMode, fen::Fen};

    for position in Position::all() {
        for style in [FenStyle::XFen, FenStyle::Shredder] {
            let chess: Chess = position
                .fen(style)
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Chess960)
                .unwrap();
            let fen = Fen::from_position(&chess, EnPassantMode::Legal).to_string();
            assert_eq!(Position::from_fen(&fen), Ok(position), "{fen}");
        }
    }
    for double in double_sample() {
        let chess: Chess = double
            .fen(FenStyle::Shredder)
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Chess960)
            .unwrap();
        let fen = Fen::from_position(&chess, EnPassantMode::Legal).to_string();
        assert_eq!(DoublePosition::from_fen(&fen), Ok(double), "{fen}");
    }
}

#[test]
fn every_start_goes_to_cozy_chess_and_back() {
    use cozy_chess::Board;

    for position in Position::all() {
        let board = Board::chess960_startpos(position.id().into());
        let parsed = Board::from_fen(&position.fen(FenStyle::Shredder), true).ok();
        assert_eq!(parsed.as_ref(), Some(&board));
        assert_eq!(Position::from_fen(&format!("{board:#}")), Ok(position));
    }
    for double in double_sample() {
        let (white, black) = (double.white().id(), double.black().id());
        let board = Board::double_chess960_startpos(white.into(), black.into());
        let parsed = Board::from_fen(&double.fen(FenStyle::Shredder), true).ok();
        assert_eq!(parsed.as_ref(), Some(&board));
        assert_eq!(DoublePosition::from_fen(&format!("{board:#}")), Ok(double));
    }
}
