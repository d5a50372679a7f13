//! Reading a FEN whose board is a start, in every dialect: X-FEN,
//! Shredder-FEN in any letter order, mixtures, four to six fields. A fast
//! path at fixed offsets for well-formed starts, and a careful reader that
//! names the first broken rule; both give the same answers. Adds
//! [`Position::from_fen`].

use super::error::FenError;
use super::text::{Fen, shredder_rights};
use crate::{CastlingSide, Color, DoublePosition, File, Position, Square};

impl Position {
    /// The start position a FEN describes, with castling rights in X-FEN
    /// (`KQkq`), Shredder-FEN (`HAha` in any letter order, such as the
    /// `FCfc` that chess databases write) or a mixture of both (`KAka`).
    ///
    /// A FEN is a Chess960 start when it has four to six fields separated
    /// by whitespace (EPD and opening books omit the counters); eight
    /// ranks of eight files, each run of empty squares one digit; White's
    /// pieces on the first rank form a start rank and Black's on the
    /// eighth mirror them; the pawns fill the second and seventh ranks and
    /// nothing else is on the board; White is to move; all four castling
    /// rights are given, each once, each letter naming that colour's rook
    /// on that side; there is no en passant square; and the counters, when
    /// given, are `0 1`. A FEN with fewer castling rights or other counters
    /// describes a game in progress, not a start: `identify_fen`
    /// names the start and each such departure.
    ///
    /// A well-formed start FEN (single spaces, four castling letters) is
    /// read at fixed offsets with one perfect-hash lookup; anything else is
    /// read field by field to name the broken rule.
    ///
    /// # Errors
    /// The first rule broken, as a [`FenError`], checked field by field in
    /// that order; squares from a1 to h8. Input of any length or content
    /// gets an error, never a panic.
    ///
    /// ```
    /// use chess960::{CastlingSide, Color, FenError, Position};
    ///
    /// let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
    /// assert_eq!(Position::from_fen(fen), Ok(Position::STANDARD));
    /// // chess.com's 4-field FEN, ChessBase's castling order:
    /// let epd = "bbrkqrnn/pppppppp/8/8/8/8/PPPPPPPP/BBRKQRNN w FCfc -";
    /// assert_eq!(Position::from_fen(epd).map(Position::id), Ok(896));
    /// assert_eq!(
    ///     Position::from_fen("rnbqkbnr/pppppppp/17/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ///     Err(FenError::AdjacentDigits { rank: 5 })
    /// );
    /// assert_eq!(
    ///     Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1"),
    ///     Err(FenError::MissingCastlingRight { color: Color::White, side: CastlingSide::ASide })
    /// );
    /// ```
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        read(text, Setup::Mirrored, Rules::Start).map(|reading| reading.start.white())
    }
}

/// Whether Black's pieces must mirror White's.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Setup {
    /// Chess960: Black's back rank is White's.
    Mirrored,
    /// Double Chess960: each side has its own start rank.
    Independent,
}

/// What the fields after the board may say.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Rules {
    /// Exactly a start: White to move, all four castling rights, no en
    /// passant square, counters `0 1` when given. Anything else is an error.
    Start,
    /// Any legal value of each field; what departs from a start is
    /// recorded in the [`Reading`].
    Departures,
}

/// The bit of one castling right in [`Reading::rights`]: White's a-side
/// right is bit 0, White's h-side bit 1, Black's a-side bit 2, Black's
/// h-side bit 3.
pub(crate) const fn right_bit(color: Color, side: CastlingSide) -> u8 {
    1 << (color as u8 * 2 + side as u8)
}

/// All four castling rights in [`Reading::rights`].
pub(crate) const ALL_RIGHTS: u8 = 0b1111;

/// What a FEN says about a start board: the start, and the fields after
/// the board as read (omitted counters read as `0 1`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Reading {
    /// White's and Black's start positions.
    pub(crate) start: DoublePosition,
    /// Whether the side-to-move field is `b`.
    pub(crate) black_to_move: bool,
    /// The castling rights given, bits as in [`right_bit`].
    pub(crate) rights: u8,
    /// The en passant square, if any.
    pub(crate) en_passant: Option<Square>,
    /// The halfmove clock (0 when omitted).
    pub(crate) halfmove_clock: u32,
    /// The fullmove number (1 when omitted).
    pub(crate) fullmove_number: u32,
}

impl Reading {
    /// The reading of `start`'s own FEN.
    const fn exact(start: DoublePosition) -> Reading {
        Reading {
            start,
            black_to_move: false,
            rights: ALL_RIGHTS,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }
}

/// Reads a FEN whose board is a start; see [`Position::from_fen`] for the
/// rules. A well-formed start takes the fast path; a well-formed start
/// board followed by other fields has its board read at fixed offsets and
/// the fields one by one; anything else is read field by field to name the
/// first broken rule. All three give the same answer.
#[inline]
pub(crate) fn read(text: &str, setup: Setup, rules: Rules) -> Result<Reading, FenError> {
    let trimmed = text.trim_ascii();
    if let Some(start) = fast(trimmed.as_bytes(), setup) {
        return Ok(Reading::exact(start));
    }
    match fast_board(trimmed.as_bytes()) {
        Some(start) => {
            let (fields, found) = split_fields(trimmed);
            check_field_count(found)?;
            read_fields(start, &fields, found, setup, rules)
        }
        None => careful(text, setup, rules),
    }
}

/// The middle of every start FEN, from the `/` after Black's back rank to
/// the `/` before White's.
const MIDDLE: &[u8; 27] = b"/pppppppp/8/8/8/8/PPPPPPPP/";
/// The bit that makes an ASCII letter lowercase, in each byte of a rank.
const LOWERCASE: u64 = 0x2020_2020_2020_2020;

/// The start a well-formed start FEN describes, read at fixed offsets
/// (single spaces, castling in four letters, counters `0 1`, `0` or
/// none; the caller trims surrounding whitespace), or `None` when the text
/// is anything else. Never accepts what
/// [`careful`] refuses, and agrees with it on what it accepts.
#[inline]
fn fast(bytes: &[u8], setup: Setup) -> Option<DoublePosition> {
    let tail: &[u8] = match bytes.len() {
        52 => b" -",
        54 => b" - 0",
        Fen::LENGTH => b" - 0 1",
        _ => return None,
    };
    let (head, rest) = bytes.split_first_chunk::<50>()?;
    let (board, head) = head.split_first_chunk::<BOARD_LENGTH>()?;
    let (side, castling) = head.split_first_chunk::<3>()?;
    if rest != tail || side != b" w " {
        return None;
    }
    let start = start_board(board)?;
    if setup == Setup::Mirrored && !start.is_single() {
        return None;
    }
    let castling: &[u8; 4] = castling.try_into().ok()?;
    (castling == b"KQkq" || castling == &shredder_rights(start) || all_rights(*castling, start))
        .then_some(start)
}

/// The length of a start's board field.
const BOARD_LENGTH: usize = 43;

/// The start whose board field is `bytes` up to the first whitespace, read
/// at fixed offsets, or `None` when the board field is written otherwise
/// (or is no start). Never accepts what [`parse_board`] refuses, and agrees
/// with it on what it accepts.
#[inline]
fn fast_board(bytes: &[u8]) -> Option<DoublePosition> {
    let (board, rest) = bytes.split_first_chunk::<BOARD_LENGTH>()?;
    if rest.first().is_some_and(u8::is_ascii_whitespace) {
        start_board(board)
    } else {
        None
    }
}

/// The start whose board field is exactly `board`: Black's rank, the fixed
/// middle, White's rank, each rank found by the perfect hash.
#[inline]
fn start_board(board: &[u8; BOARD_LENGTH]) -> Option<DoublePosition> {
    let (black, rest) = board.split_first_chunk::<8>()?;
    let (middle, white) = rest.split_first_chunk::<27>()?;
    let white: &[u8; 8] = white.try_into().ok()?;
    if middle != MIDDLE {
        return None;
    }
    let white_position = Position::from_rank(white).ok()?;
    let black_word = u64::from_le_bytes(*black);
    let black_position = if black_word == u64::from_le_bytes(*white) | LOWERCASE {
        white_position
    } else {
        let upper = black_word & !LOWERCASE;
        let position = Position::from_rank(&upper.to_le_bytes()).ok()?;
        // `upper` is a start rank, so each byte of Black's was its letter
        // in uppercase or lowercase: demand lowercase.
        if black_word != upper | LOWERCASE {
            return None;
        }
        position
    };
    Some(DoublePosition::new(white_position, black_position))
}

/// Whether four castling letters give all four rights of `start`, each
/// once, in any order and dialect.
#[inline]
fn all_rights(castling: [u8; 4], start: DoublePosition) -> bool {
    let [white_a, white_h] = start.white().rook_files();
    let [black_a, black_h] = start.black().rook_files();
    let mut seen = 0u8;
    for byte in castling {
        seen |= match byte {
            b'K' => 0b0010,
            b'Q' => 0b0001,
            b'k' => 0b1000,
            b'q' => 0b0100,
            b'A'..=b'H' if byte - b'A' == white_h.index() => 0b0010,
            b'A'..=b'H' if byte - b'A' == white_a.index() => 0b0001,
            b'a'..=b'h' if byte - b'a' == black_h.index() => 0b1000,
            b'a'..=b'h' if byte - b'a' == black_a.index() => 0b0100,
            _ => return false,
        };
    }
    // Four letters, one right each: all four seen means each once.
    seen == ALL_RIGHTS
}

/// Reads a FEN field by field and names the first rule it breaks.
fn careful(text: &str, setup: Setup, rules: Rules) -> Result<Reading, FenError> {
    let (fields, found) = split_fields(text);
    check_field_count(found)?;
    let start = parse_board(fields[0])?;
    read_fields(start, &fields, found, setup, rules)
}

/// The first six whitespace-separated fields of `text` (empty where there
/// are fewer), and how many fields there are.
fn split_fields(text: &str) -> ([&str; 6], usize) {
    let mut fields = [""; 6];
    let mut found = 0;
    for field in text.split_ascii_whitespace() {
        if let Some(slot) = fields.get_mut(found) {
            *slot = field;
        }
        found += 1;
    }
    (fields, found)
}

/// A FEN has four to six fields.
fn check_field_count(found: usize) -> Result<(), FenError> {
    if (4..=6).contains(&found) {
        Ok(())
    } else {
        Err(FenError::WrongFieldCount { found })
    }
}

/// Reads the fields after a board that is the start `start`: `found` of
/// `fields` are given (four to six).
fn read_fields(
    start: DoublePosition,
    fields: &[&str; 6],
    found: usize,
    setup: Setup,
    rules: Rules,
) -> Result<Reading, FenError> {
    let [
        _,
        side_to_move,
        castling,
        en_passant,
        halfmove_clock,
        fullmove_number,
    ] = *fields;
    if setup == Setup::Mirrored && start.white() != start.black() {
        return Err(FenError::NotMirrored {
            white: start.white(),
            black: start.black(),
        });
    }
    let mut reading = Reading::exact(start);
    reading.black_to_move = match (side_to_move, rules) {
        ("w", _) => false,
        (_, Rules::Start) => return Err(FenError::SideToMove),
        ("b", Rules::Departures) => true,
        (_, Rules::Departures) => return Err(FenError::InvalidSideToMove),
    };
    reading.rights = read_castling(castling, start)?;
    if rules == Rules::Start {
        check_all_rights(reading.rights)?;
    }
    reading.en_passant = match (en_passant, rules) {
        ("-", _) => None,
        (_, Rules::Start) => return Err(FenError::EnPassantSquare),
        (_, Rules::Departures) => Some(en_passant_square(en_passant)?),
    };
    if found >= 5 {
        reading.halfmove_clock = match (halfmove_clock, rules) {
            ("0", _) => 0,
            (_, Rules::Start) => return Err(FenError::HalfmoveClock),
            (_, Rules::Departures) => {
                counter(halfmove_clock).ok_or(FenError::InvalidHalfmoveClock)?
            }
        };
    }
    if found == 6 {
        reading.fullmove_number = match (fullmove_number, rules) {
            ("1", _) => 1,
            (_, Rules::Start) => return Err(FenError::FullmoveNumber),
            (_, Rules::Departures) => {
                counter(fullmove_number).ok_or(FenError::InvalidFullmoveNumber)?
            }
        };
    }
    Ok(reading)
}

/// A counter field: decimal digits without a leading zero (`0` itself
/// aside) that fit in a `u32`.
fn counter(field: &str) -> Option<u32> {
    let bytes = field.as_bytes();
    let well_formed =
        bytes.iter().all(u8::is_ascii_digit) && (bytes.len() == 1 || bytes.first() != Some(&b'0'));
    if well_formed {
        field.parse().ok()
    } else {
        None
    }
}

/// An en passant field other than `-`: a square of the third or sixth
/// rank, where a pawn that has just advanced two squares can be taken.
fn en_passant_square(field: &str) -> Result<Square, FenError> {
    match field.as_bytes() {
        &[file @ b'a'..=b'h', rank @ (b'3' | b'6')] => {
            Square::from_ascii([file, rank]).ok_or(FenError::InvalidEnPassantSquare)
        }
        _ => Err(FenError::InvalidEnPassantSquare),
    }
}

/// The start ranks of the board field, every square checked.
fn parse_board(board: &str) -> Result<DoublePosition, FenError> {
    if board.as_bytes().contains(&b'[') {
        return Err(FenError::Pocket);
    }
    let ranks = board.split('/').count();
    if ranks != 8 {
        return Err(FenError::WrongRankCount { found: ranks });
    }
    // grid[rank][file]: a FEN letter, or 0 for an empty square.
    let mut grid = [[0u8; 8]; 8];
    for (rank, text) in (0..8u8).rev().zip(board.split('/')) {
        grid[usize::from(rank)] = parse_rank(text, rank)?;
    }
    for square in (0..64).filter_map(Square::from_index) {
        check_square(
            square,
            grid[usize::from(square.rank())][usize::from(square.file().index())],
        )?;
    }
    let white = back_rank(grid[0], Color::White)?;
    let black = back_rank(
        grid[7].map(|letter| letter.to_ascii_uppercase()),
        Color::Black,
    )?;
    Ok(DoublePosition::new(white, black))
}

/// One rank of the board field expanded to 8 squares (0 for empty).
fn parse_rank(text: &str, rank: u8) -> Result<[u8; 8], FenError> {
    let mut squares = [0u8; 8];
    let mut files: usize = 0;
    let mut after_digit = false;
    for &byte in text.as_bytes() {
        match byte {
            b'1'..=b'8' => {
                if after_digit {
                    return Err(FenError::AdjacentDigits { rank });
                }
                after_digit = true;
                files = files.saturating_add(usize::from(byte - b'0'));
            }
            b'K' | b'Q' | b'R' | b'B' | b'N' | b'P' | b'k' | b'q' | b'r' | b'b' | b'n' | b'p' => {
                after_digit = false;
                if let Some(square) = squares.get_mut(files) {
                    *square = byte;
                }
                files = files.saturating_add(1);
            }
            _ => return Err(FenError::InvalidBoardByte { rank, byte }),
        }
    }
    if files == 8 {
        Ok(squares)
    } else {
        Err(FenError::WrongFileCount { rank, files })
    }
}

/// Whether a square holds what it holds in every start position: a White
/// piece on the first rank, White pawns on the second, nothing on the
/// third to sixth, Black pawns on the seventh, Black pieces on the eighth.
fn check_square(square: Square, letter: u8) -> Result<(), FenError> {
    let found = (letter != 0).then_some(letter);
    match square.rank() {
        0 if !matches!(letter, b'K' | b'Q' | b'R' | b'B' | b'N') => {
            Err(FenError::NotABackRankPiece { square, found })
        }
        7 if !matches!(letter, b'k' | b'q' | b'r' | b'b' | b'n') => {
            Err(FenError::NotABackRankPiece { square, found })
        }
        1 if letter != b'P' => Err(FenError::PawnMissing { square, found }),
        6 if letter != b'p' => Err(FenError::PawnMissing { square, found }),
        2..=5 if letter != 0 => Err(FenError::UnexpectedPiece { square, letter }),
        _ => Ok(()),
    }
}

/// The start position of one colour's back rank (uppercase letters).
fn back_rank(rank: [u8; 8], color: Color) -> Result<Position, FenError> {
    Position::from_rank(&rank).map_err(|error| FenError::BackRank { color, error })
}

/// The castling rights a castling field gives (bits as in [`right_bit`]),
/// each letter naming a rook of its colour's start, each right at most once.
fn read_castling(field: &str, start: DoublePosition) -> Result<u8, FenError> {
    let mut granted = 0;
    if field == "-" {
        return Ok(granted);
    }
    for &byte in field.as_bytes() {
        let color = if byte.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let position = start.color(color);
        let side = match byte.to_ascii_uppercase() {
            b'K' => CastlingSide::HSide,
            b'Q' => CastlingSide::ASide,
            letter @ b'A'..=b'H' => {
                let file = File::ALL[usize::from(letter - b'A')];
                match position.rook_files() {
                    [a_side, _] if a_side == file => CastlingSide::ASide,
                    [_, h_side] if h_side == file => CastlingSide::HSide,
                    _ => return Err(FenError::NoRookOnFile { color, file }),
                }
            }
            _ => return Err(FenError::InvalidCastlingByte { byte }),
        };
        let bit = right_bit(color, side);
        if granted & bit != 0 {
            return Err(FenError::DuplicateCastlingRight { color, side });
        }
        granted |= bit;
    }
    Ok(granted)
}

/// Checks that all four castling rights are given: White's first, h-side
/// first.
fn check_all_rights(granted: u8) -> Result<(), FenError> {
    for color in Color::ALL {
        for side in [CastlingSide::HSide, CastlingSide::ASide] {
            if granted & right_bit(color, side) == 0 {
                return Err(FenError::MissingCastlingRight { color, side });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::{Reading, Rules, Setup, careful, fast, fast_board, parse_board, read};
    use crate::{DoublePosition, FenStyle, Position};
    use std::string::{String, ToString};
    use std::vec::Vec;

    /// Every start FEN of `double` the fast path reads: 6, 5 and 4 fields.
    fn spellings(double: DoublePosition, style: FenStyle) -> Vec<String> {
        let fen = double.fen(style);
        let six = fen.as_str();
        [six, &six[..54], &six[..52]]
            .into_iter()
            .map(String::from)
            .collect()
    }

    /// The fast paths never accept what the careful reader refuses, and
    /// agree with it on what they accept; [`read`] answers as [`careful`].
    fn agrees(bytes: &[u8], setup: Setup) {
        let trimmed = bytes.trim_ascii();
        if let Some(start) = fast(trimmed, setup) {
            let text = core::str::from_utf8(bytes).expect("accepted text is ASCII");
            for rules in [Rules::Start, Rules::Departures] {
                assert_eq!(
                    careful(text, setup, rules),
                    Ok(Reading::exact(start)),
                    "{text}"
                );
            }
        }
    }

    /// The fixed-offset board reader never accepts what [`parse_board`]
    /// refuses, and agrees with it on what it accepts.
    fn board_agrees(bytes: &[u8]) {
        if let Some(start) = fast_board(bytes.trim_ascii()) {
            let text = String::from_utf8_lossy(bytes);
            let board = text.split_ascii_whitespace().next().expect("a board");
            assert_eq!(parse_board(board), Ok(start), "{text}");
        }
    }

    /// [`read`] and [`careful`] give the same answer, error or not.
    fn same_answer(bytes: &[u8]) {
        let text = String::from_utf8_lossy(bytes);
        for setup in [Setup::Mirrored, Setup::Independent] {
            for rules in [Rules::Start, Rules::Departures] {
                assert_eq!(
                    read(&text, setup, rules),
                    careful(&text, setup, rules),
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn fast_path_reads_every_well_formed_start() {
        for position in Position::all() {
            for style in [FenStyle::XFen, FenStyle::Shredder] {
                for text in spellings(DoublePosition::from(position), style) {
                    for setup in [Setup::Mirrored, Setup::Independent] {
                        assert_eq!(
                            fast(text.as_bytes(), setup),
                            Some(DoublePosition::from(position)),
                            "{text}"
                        );
                        agrees(text.as_bytes(), setup);
                    }
                }
            }
        }
        // A double start: only where Black's rank may differ.
        let double = DoublePosition::new(Position::STANDARD, Position::from_id(0).expect("id 0"));
        for text in spellings(double, FenStyle::Shredder) {
            assert_eq!(fast(text.as_bytes(), Setup::Mirrored), None);
            assert_eq!(fast(text.as_bytes(), Setup::Independent), Some(double));
            agrees(text.as_bytes(), Setup::Independent);
        }
    }

    /// Every byte of start FENs (every eighth single start and a sample of
    /// double starts, both styles) replaced by every ASCII byte and a few
    /// others: whenever the fast path still accepts, the careful reader
    /// accepts the same start.
    #[test]
    fn fast_path_agrees_with_the_careful_reader_on_one_byte_changes() {
        let replacements: Vec<u8> = (0x20..0x80).chain([0, b'\t', 0x80, 0xDF, 0xFF]).collect();
        let doubles = Position::all().step_by(8).map(DoublePosition::from).chain(
            (0..960u16).step_by(7).filter_map(|id| {
                let white = Position::from_id(id).ok()?;
                let black = Position::from_id(959 - id).ok()?;
                Some(DoublePosition::new(white, black))
            }),
        );
        for double in doubles {
            for style in [FenStyle::XFen, FenStyle::Shredder] {
                let mut bytes = *double.fen(style).as_bytes();
                for index in 0..bytes.len() {
                    let original = bytes[index];
                    for &byte in &replacements {
                        bytes[index] = byte;
                        agrees(&bytes, Setup::Mirrored);
                        agrees(&bytes, Setup::Independent);
                        // Changes after the board leave it as it is.
                        if index <= super::BOARD_LENGTH {
                            board_agrees(&bytes);
                        }
                    }
                    bytes[index] = original;
                }
            }
        }
    }

    /// Every byte of the fields after the board (and the whitespace around
    /// the FEN) changed, inserted or removed, in a sample of starts:
    /// [`read`] answers exactly as [`careful`], error or not.
    #[test]
    fn read_answers_as_the_careful_reader() {
        let replacements = b" \t\n-0123456789wbWBKQkqAaCcEeHhIi[/\x00\xFF";
        for id in (0..960u16).step_by(97) {
            let white = Position::from_id(id).expect("below 960");
            let black = Position::from_id((id * 7 + 3) % 960).expect("below 960");
            for double in [
                DoublePosition::from(white),
                DoublePosition::new(white, black),
            ] {
                for style in [FenStyle::XFen, FenStyle::Shredder] {
                    let fen = double.fen(style).to_string();
                    for index in 42..=fen.len() {
                        let mut bytes = fen.clone().into_bytes();
                        if index < fen.len() {
                            bytes.remove(index);
                            same_answer(&bytes);
                        }
                        for &byte in replacements {
                            let mut changed = fen.clone().into_bytes();
                            changed.insert(index, byte);
                            same_answer(&changed);
                            if index < fen.len() {
                                changed.remove(index + 1);
                                same_answer(&changed);
                            }
                        }
                    }
                    let mut padded = std::format!(" \t{fen}\n");
                    same_answer(padded.as_bytes());
                    padded = padded.replace(" w ", " b ").replace(" 0 1", " 7 9");
                    same_answer(padded.as_bytes());
                }
            }
        }
    }
}

/// The fast paths are an optimisation the answers cannot show (the careful
/// reader gives the same): these tests pin what they take, so that a
/// change that narrows them is noticed.
#[cfg(test)]
mod fast_paths {
    extern crate std;

    use super::{Setup, fast, fast_board};
    use crate::{DoublePosition, Position};
    use std::string::String;
    use std::vec::Vec;

    /// Every order of four castling letters.
    fn orders(letters: [u8; 4]) -> Vec<[u8; 4]> {
        (0..256usize)
            .map(|n| [n % 4, n / 4 % 4, n / 16 % 4, n / 64])
            .filter(|order| (0..4).all(|index| order.contains(&index)))
            .map(|order| order.map(|index| letters[index]))
            .collect()
    }

    /// The fast path takes all four rights in any order and either
    /// dialect, mixed too (`KAka`, `FCfc`); the board alone takes the
    /// board fast path whatever the fields after it say.
    #[test]
    fn the_fast_paths_take_every_dialect() {
        for id in (0..960).step_by(7) {
            let white = Position::from_id(id).expect("an id below 960");
            let black = Position::from_id(959 - id).expect("an id below 960");
            for start in [
                DoublePosition::from(white),
                DoublePosition::new(white, black),
            ] {
                let fen = start.fen(crate::FenStyle::XFen);
                let board = &fen.as_str()[..43];
                let [white_a, white_h] = start.white().rook_files().map(|file| b'A' + file.index());
                let [black_a, black_h] = start.black().rook_files().map(|file| b'a' + file.index());
                let spellings = [
                    [white_h, white_a, black_h, black_a],
                    [b'K', white_a, b'k', black_a],
                    [white_h, b'Q', black_h, b'q'],
                ];
                for letters in spellings.into_iter().flat_map(orders) {
                    let castling = String::from_utf8(letters.to_vec()).expect("ASCII");
                    let text = std::format!("{board} w {castling} - 0 1");
                    assert_eq!(
                        fast(text.as_bytes(), Setup::Independent),
                        Some(start),
                        "{text}"
                    );
                }
                let later = std::format!("{board} b Kq e3 3 12");
                assert_eq!(fast_board(later.as_bytes()), Some(start), "{later}");
            }
        }
    }
}
