//! A back rank being filled by hand: bishops by colour, other pieces on the
//! n-th free square, and rook, king, rook on the three squares left.

use crate::Position;

/// White's back rank during a draw; `0` marks a free square.
pub(super) struct Board {
    squares: [u8; 8],
}

impl Board {
    pub(super) const fn new() -> Board {
        Board { squares: [0; 8] }
    }

    /// Puts `piece` on `file` (0 is the a-file).
    pub(super) fn put_on_file(&mut self, file: usize, piece: u8) {
        self.squares[file] = piece;
    }

    /// Puts a bishop on the `n`-th square (from 0, a-side first) of one
    /// colour: dark squares are a, c, e, g; light ones b, d, f, h.
    pub(super) fn put_bishop(&mut self, light: bool, n: u8) {
        self.put_on_file(2 * usize::from(n) + usize::from(light), b'B');
    }

    /// The files of the free squares, a-side first, and how many there are.
    pub(super) fn free_files(&self) -> ([usize; 8], usize) {
        let mut files = [0; 8];
        let mut count = 0;
        for (file, &square) in self.squares.iter().enumerate() {
            if square == 0 {
                files[count] = file;
                count += 1;
            }
        }
        (files, count)
    }

    /// Puts `piece` on the `n`-th free square, counting from 0 on the a-side.
    pub(super) fn put_on_free(&mut self, n: u8, piece: u8) {
        let (files, _) = self.free_files();
        self.put_on_file(files[usize::from(n)], piece);
    }

    /// Rook, king, rook on the three free squares: the position.
    pub(super) fn finish(mut self) -> Position {
        for piece in [b'R', b'K', b'R'] {
            self.put_on_free(0, piece);
        }
        match Position::from_rank(&self.squares) {
            Ok(position) => position,
            // Every procedure puts the bishops on opposite colours, and the
            // king stands between the rooks by construction.
            Err(_) => unreachable!("a draw procedure built an invalid rank"),
        }
    }
}
