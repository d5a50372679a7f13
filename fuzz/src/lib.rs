//! Reference checks the fuzz targets compare the library against: each is
//! written from the rules of a Chess960 start and a FEN, independently of
//! the library's own readers (no perfect hash, no Scharnagl arithmetic).

/// Whether `rank` (uppercase ASCII letters, a-file first) is a Chess960
/// start rank: one king, one queen, two rooks, two bishops, two knights;
/// the bishops on squares of opposite colours; the king between the rooks.
#[must_use]
pub fn is_start_rank(rank: &[u8]) -> bool {
    if rank.len() != 8 {
        return false;
    }
    #[allow(clippy::naive_bytecount, reason = "eight bytes, no dependency for it")]
    let count = |letter: u8| rank.iter().filter(|&&byte| byte == letter).count();
    let counts_right = count(b'K') == 1
        && count(b'Q') == 1
        && count(b'R') == 2
        && count(b'B') == 2
        && count(b'N') == 2;
    if !counts_right {
        return false;
    }
    let files = |letter: u8| {
        rank.iter()
            .enumerate()
            .filter(move |&(_, &byte)| byte == letter)
            .map(|(file, _)| file)
    };
    let bishops: Vec<usize> = files(b'B').collect();
    let rooks: Vec<usize> = files(b'R').collect();
    let king = files(b'K').next().unwrap_or(0);
    bishops[0] % 2 != bishops[1] % 2 && rooks[0] < king && king < rooks[1]
}

/// One row of a FEN board expanded to its eight squares (`None` for an
/// empty square), or `None` when the row is not a well-formed FEN row:
/// only piece letters and the digits 1-8, no two digits in a row, eight
/// files in all.
#[must_use]
pub fn expand_row(row: &[u8]) -> Option<Vec<Option<u8>>> {
    let mut squares = Vec::with_capacity(8);
    let mut previous_digit = false;
    for &byte in row {
        match byte {
            b'1'..=b'8' => {
                if previous_digit {
                    return None;
                }
                previous_digit = true;
                squares.extend(std::iter::repeat_n(None, usize::from(byte - b'0')));
            }
            b'K' | b'Q' | b'R' | b'B' | b'N' | b'P' | b'k' | b'q' | b'r' | b'b' | b'n' | b'p' => {
                previous_digit = false;
                squares.push(Some(byte));
            }
            _ => return None,
        }
        if squares.len() > 8 {
            return None;
        }
    }
    (squares.len() == 8).then_some(squares)
}

/// White's and Black's back ranks (both in uppercase) when `board`, the
/// first field of a FEN, is a single or double Chess960 start board: eight
/// well-formed rows, Black's pieces on the eighth rank, Black's pawns on
/// the seventh, nothing on the sixth to third, White's pawns on the second
/// and a start rank of White's pieces on the first; Black's eighth rank is
/// a start rank too.
#[must_use]
pub fn start_board(board: &[u8]) -> Option<([u8; 8], [u8; 8])> {
    let rows: Vec<Vec<Option<u8>>> = board
        .split(|&byte| byte == b'/')
        .map(expand_row)
        .collect::<Option<_>>()?;
    if rows.len() != 8 {
        return None;
    }
    let all = |row: &[Option<u8>], wanted: Option<u8>| row.iter().all(|&square| square == wanted);
    if !all(&rows[1], Some(b'p')) || !all(&rows[6], Some(b'P')) {
        return None;
    }
    if !rows[2..6].iter().all(|row| all(row, None)) {
        return None;
    }
    let mut white = [0; 8];
    let mut black = [0; 8];
    for file in 0..8 {
        let w = rows[7][file]?;
        let b = rows[0][file]?;
        if !w.is_ascii_uppercase() || !b.is_ascii_lowercase() {
            return None;
        }
        white[file] = w;
        black[file] = b.to_ascii_uppercase();
    }
    (is_start_rank(&white) && is_start_rank(&black)).then_some((white, black))
}

/// Whether `text` is one line: no line feed or carriage return, not empty.
/// Error messages are printed as one line by the command.
#[must_use]
pub fn one_line(text: &str) -> bool {
    !text.is_empty() && !text.contains(['\n', '\r'])
}

/// Not a reference check, but the start two bytes of a target's input
/// choose, shared by the targets that play games: White's and Black's
/// start ids (`byte * 960 / 256`; a double Chess960 start when they
/// differ), the start's FEN and shakmaty's position of it (Chess960
/// castling).
///
/// # Panics
///
/// Never: every id it makes is a start.
#[must_use]
pub fn start_of_bytes(white: u8, black: u8) -> ([u16; 2], String, shakmaty::Chess) {
    let id = |byte: u8| u16::try_from(u32::from(byte) * 960 / 256).unwrap();
    let rank = |id: u16| chess960::Position::from_id(id).unwrap().as_str().to_owned();
    let ids = [id(white), id(black)];
    let fen = format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1",
        rank(ids[1]).to_ascii_lowercase(),
        rank(ids[0])
    );
    let position = fen
        .parse::<shakmaty::fen::Fen>()
        .unwrap()
        .into_position(shakmaty::CastlingMode::Chess960)
        .unwrap();
    (ids, fen, position)
}

#[cfg(test)]
mod tests {
    use super::{expand_row, is_start_rank, start_board};

    #[test]
    fn the_reference_knows_the_classical_start() {
        assert!(is_start_rank(b"RNBQKBNR"));
        assert!(!is_start_rank(b"RNBKQNBR"));
        assert!(!is_start_rank(b"KRNBQBNR"));
        assert_eq!(expand_row(b"17"), None);
        assert_eq!(expand_row(b"4P3").map(|row| row.len()), Some(8));
        assert_eq!(
            start_board(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
            Some((*b"RNBQKBNR", *b"RNBQKBNR"))
        );
        assert_eq!(
            start_board(b"rnbqkbnr/pppppppp/17/8/8/8/PPPPPPPP/RNBQKBNR"),
            None
        );
    }
}
