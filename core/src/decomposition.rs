//! Scharnagl's decomposition of an id into bishops, queen and knights, and
//! the placement of those parts on a back rank, in both directions; and
//! the two directions as functions ([`rank_from_id`], [`id_from_rank`])
//! with the numbering's constants.
//!
//! `id = light_bishop + 4 * dark_bishop + 16 * queen_slot + 96 * knight_code`

use crate::{File, Piece, PositionError};

/// The N5N table: for each knight code 0..=9, the two slots the knights take
/// among the five squares left after the bishops and the queen, counted from
/// the a-side. The same codes number the KRN groups (`NNRKR` is 0, `RKRNN` 9).
///
/// ```
/// use chess960_core::KNIGHT_SLOTS;
///
/// assert_eq!(KNIGHT_SLOTS[0], [0, 1]); // NN---
/// assert_eq!(KNIGHT_SLOTS[5], [1, 3]); // -N-N-, the classical knights
/// assert_eq!(KNIGHT_SLOTS[9], [3, 4]); // ---NN
/// ```
pub const KNIGHT_SLOTS: [[u8; 2]; 10] = [
    [0, 1],
    [0, 2],
    [0, 3],
    [0, 4],
    [1, 2],
    [1, 3],
    [1, 4],
    [2, 3],
    [2, 4],
    [3, 4],
];

/// A start position taken apart as in Scharnagl's direct derivation.
///
/// Every value of this type is a valid start position: the constructors
/// check the ranges.
///
/// ```
/// use chess960_core::Decomposition;
///
/// let parts = Decomposition::from_id(518).unwrap();
/// assert_eq!(parts.light_bishop(), 2); // f1
/// assert_eq!(parts.dark_bishop(), 1); // c1
/// assert_eq!(parts.bishop_code(), 6);
/// assert_eq!(parts.queen_slot(), 2);
/// assert_eq!(parts.knight_code(), 5);
/// assert_eq!(parts.rank(), *b"RNBQKBNR");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Decomposition {
    // Field order makes the derived `Ord` agree with the id.
    knight_code: u8,
    queen_slot: u8,
    dark_bishop: u8,
    light_bishop: u8,
}

impl Decomposition {
    /// Puts the parts together, or `None` if one is out of its range
    /// (bishops 0..=3, queen slot 0..=5, knight code 0..=9).
    ///
    /// ```
    /// use chess960_core::Decomposition;
    ///
    /// assert_eq!(Decomposition::new(2, 1, 2, 5).map(|p| p.id()), Some(518));
    /// assert_eq!(Decomposition::new(4, 0, 0, 0), None);
    /// ```
    pub const fn new(
        light_bishop: u8,
        dark_bishop: u8,
        queen_slot: u8,
        knight_code: u8,
    ) -> Option<Decomposition> {
        if light_bishop < 4 && dark_bishop < 4 && queen_slot < 6 && knight_code < 10 {
            Some(Decomposition {
                knight_code,
                queen_slot,
                dark_bishop,
                light_bishop,
            })
        } else {
            None
        }
    }

    /// Takes an id apart: divide by 4, by 4 again, then by 6.
    ///
    /// # Errors
    /// [`PositionError::IdOutOfRange`] when `id` is 960 or more.
    ///
    /// ```
    /// use chess960_core::{Decomposition, PositionError};
    ///
    /// let parts = Decomposition::from_id(451).unwrap();
    /// assert_eq!((parts.light_bishop(), parts.dark_bishop()), (3, 0));
    /// assert_eq!((parts.queen_slot(), parts.knight_code()), (4, 4));
    /// assert_eq!(Decomposition::from_id(960), Err(PositionError::IdOutOfRange { id: 960 }));
    /// ```
    #[allow(clippy::cast_possible_truncation, reason = "each part is at most 9")]
    #[inline]
    pub const fn from_id(id: u16) -> Result<Decomposition, PositionError> {
        if id >= POSITION_COUNT {
            return Err(PositionError::IdOutOfRange { id });
        }
        Ok(Decomposition {
            light_bishop: (id % 4) as u8,
            dark_bishop: (id / 4 % 4) as u8,
            queen_slot: (id / 16 % 6) as u8,
            knight_code: (id / 96) as u8,
        })
    }

    /// The id: `light + 4 * dark + 16 * queen slot + 96 * knight code`.
    ///
    /// ```
    /// let parts = chess960_core::Decomposition::from_id(885).unwrap();
    /// assert_eq!(parts.id(), 885);
    /// ```
    #[inline]
    pub const fn id(self) -> u16 {
        self.light_bishop as u16
            + 4 * self.dark_bishop as u16
            + 16 * self.queen_slot as u16
            + 96 * self.knight_code as u16
    }

    /// The light-square bishop, 0..=3 for the b, d, f and h files.
    ///
    /// ```
    /// assert_eq!(chess960_core::Decomposition::from_id(3).unwrap().light_bishop(), 3);
    /// ```
    pub const fn light_bishop(self) -> u8 {
        self.light_bishop
    }

    /// The dark-square bishop, 0..=3 for the a, c, e and g files.
    ///
    /// ```
    /// assert_eq!(chess960_core::Decomposition::from_id(4).unwrap().dark_bishop(), 1);
    /// ```
    pub const fn dark_bishop(self) -> u8 {
        self.dark_bishop
    }

    /// The bishop code of the Bishop's table, 0..=15: `light + 4 * dark`.
    ///
    /// ```
    /// assert_eq!(chess960_core::Decomposition::from_id(518).unwrap().bishop_code(), 6);
    /// ```
    pub const fn bishop_code(self) -> u8 {
        self.light_bishop + 4 * self.dark_bishop
    }

    /// The queen's slot, 0..=5: how many of the six squares the bishops leave
    /// free lie on the a-side of the queen.
    ///
    /// ```
    /// assert_eq!(chess960_core::Decomposition::from_id(534).unwrap().queen_slot(), 3);
    /// ```
    pub const fn queen_slot(self) -> u8 {
        self.queen_slot
    }

    /// The knight code of the N5N table, 0..=9 (see [`KNIGHT_SLOTS`]). It is
    /// also the number of the KRN group: the order of knights, rooks and king.
    ///
    /// ```
    /// assert_eq!(chess960_core::Decomposition::from_id(959).unwrap().knight_code(), 9);
    /// ```
    pub const fn knight_code(self) -> u8 {
        self.knight_code
    }

    /// The back rank, a-file first, as uppercase ASCII letters: bishops
    /// first, then the queen and the knights on the free squares, then rook,
    /// king, rook on the three squares left.
    ///
    /// ```
    /// let parts = chess960_core::Decomposition::from_id(0).unwrap();
    /// assert_eq!(parts.rank(), *b"BBQNNRKR");
    /// ```
    #[inline]
    pub const fn rank(self) -> [u8; 8] {
        const EMPTY: u8 = 0;
        let mut rank = [EMPTY; 8];
        rank[2 * self.light_bishop as usize + 1] = b'B';
        rank[2 * self.dark_bishop as usize] = b'B';
        // Walk the free squares once, counting them: the queen's slot among
        // six, then the knights' slots among the five left after her.
        let [first_knight, second_knight] = KNIGHT_SLOTS[self.knight_code as usize];
        let mut free = 0;
        let mut file = 0;
        while file < 8 {
            if rank[file] == EMPTY {
                if free == self.queen_slot {
                    rank[file] = b'Q';
                } else {
                    let slot = if free > self.queen_slot {
                        free - 1
                    } else {
                        free
                    };
                    if slot == first_knight || slot == second_knight {
                        rank[file] = b'N';
                    }
                }
                free += 1;
            }
            file += 1;
        }
        let mut rooks_and_king = [b'R', b'K', b'R'].as_slice();
        let mut file = 0;
        while file < 8 {
            if rank[file] == EMPTY {
                if let [piece, rest @ ..] = rooks_and_king {
                    rank[file] = *piece;
                    rooks_and_king = rest;
                }
            }
            file += 1;
        }
        rank
    }

    /// Reads a back rank given as uppercase ASCII letters, a-file first,
    /// checking every rule of a start position.
    ///
    /// # Errors
    /// The first broken rule, checked in this order: each byte from the
    /// a-file on is a piece letter ([`PositionError::InvalidByte`]); the counts of
    /// king, queen, rooks, bishops and knights ([`PositionError::WrongPieceCount`]);
    /// the bishops' colours ([`PositionError::BishopsOnSameColor`]); the king
    /// between the rooks ([`PositionError::KingNotBetweenRooks`]).
    ///
    /// ```
    /// use chess960_core::{Decomposition, File, PositionError};
    ///
    /// assert_eq!(Decomposition::from_rank(b"RNBQKBNR").map(|p| p.id()), Ok(518));
    /// assert_eq!(
    ///     Decomposition::from_rank(b"KRBQRBNN"),
    ///     Err(PositionError::KingNotBetweenRooks { king: File::A, rooks: [File::B, File::E] })
    /// );
    /// ```
    #[allow(
        clippy::cast_possible_truncation,
        reason = "the knight code is at most 9"
    )]
    #[inline]
    pub const fn from_rank(rank: &[u8; 8]) -> Result<Decomposition, PositionError> {
        let mut counts = [0u8; 5];
        let mut index = 0;
        while index < 8 {
            match Piece::from_letter(rank[index]) {
                Some(piece) => counts[piece as usize] += 1,
                None => {
                    return Err(PositionError::InvalidByte {
                        file: File::ALL[index],
                        byte: rank[index],
                    });
                }
            }
            index += 1;
        }
        let mut piece_index = 0;
        while piece_index < Piece::ALL.len() {
            let piece = Piece::ALL[piece_index];
            if counts[piece_index] != piece.count() {
                return Err(PositionError::WrongPieceCount {
                    piece,
                    expected: piece.count(),
                    found: counts[piece_index],
                });
            }
            piece_index += 1;
        }

        // The counts are right: find the files, a-side first.
        let mut bishops = [0u8; 2];
        let mut rooks = [0u8; 2];
        let mut knights = [0u8; 2];
        let (mut bishop_count, mut rook_count, mut knight_count) = (0, 0, 0);
        let (mut king, mut queen) = (0u8, 0u8);
        let mut file = 0u8;
        while file < 8 {
            match rank[file as usize] {
                b'B' => {
                    bishops[bishop_count] = file;
                    bishop_count += 1;
                }
                b'R' => {
                    rooks[rook_count] = file;
                    rook_count += 1;
                }
                b'N' => {
                    knights[knight_count] = file;
                    knight_count += 1;
                }
                b'K' => king = file,
                _ => queen = file,
            }
            file += 1;
        }
        if bishops[0] % 2 == bishops[1] % 2 {
            return Err(PositionError::BishopsOnSameColor {
                files: [
                    File::ALL[bishops[0] as usize],
                    File::ALL[bishops[1] as usize],
                ],
            });
        }
        if !(rooks[0] < king && king < rooks[1]) {
            return Err(PositionError::KingNotBetweenRooks {
                king: File::ALL[king as usize],
                rooks: [File::ALL[rooks[0] as usize], File::ALL[rooks[1] as usize]],
            });
        }

        // Files 0, 2, 4, 6 are dark on White's rank, 1, 3, 5, 7 light.
        let (dark, light) = if bishops[0] % 2 == 0 {
            (bishops[0], bishops[1])
        } else {
            (bishops[1], bishops[0])
        };
        // A piece's slot: how many squares on its a-side are not bishops.
        let queen_slot = queen - (dark < queen) as u8 - (light < queen) as u8;
        let mut knight_slots = [0u8; 2];
        let mut which = 0;
        while which < 2 {
            let knight = knights[which];
            knight_slots[which] =
                knight - (dark < knight) as u8 - (light < knight) as u8 - (queen < knight) as u8;
            which += 1;
        }
        let mut knight_code = 0;
        while KNIGHT_SLOTS[knight_code][0] != knight_slots[0]
            || KNIGHT_SLOTS[knight_code][1] != knight_slots[1]
        {
            knight_code += 1;
        }
        Ok(Decomposition {
            knight_code: knight_code as u8,
            queen_slot,
            dark_bishop: dark / 2,
            light_bishop: light / 2,
        })
    }
}

/// How many Chess960 start positions there are: ids run from 0 to 959.
///
/// ```
/// assert_eq!(chess960_core::POSITION_COUNT, 4 * 4 * 6 * 10);
/// ```
pub const POSITION_COUNT: u16 = 960;

/// The id of the classical start position, `RNBQKBNR`.
///
/// ```
/// assert_eq!(chess960_core::rank_from_id(chess960_core::STANDARD_ID), Ok(*b"RNBQKBNR"));
/// ```
pub const STANDARD_ID: u16 = 518;

/// White's back rank (a-file first, uppercase ASCII letters) of start position `id`.
///
/// # Errors
/// [`PositionError::IdOutOfRange`] when `id` is 960 or more.
///
/// ```
/// assert_eq!(chess960_core::rank_from_id(959), Ok(*b"RKRNNQBB"));
/// assert!(chess960_core::rank_from_id(960).is_err());
/// ```
#[inline]
pub const fn rank_from_id(id: u16) -> Result<[u8; 8], PositionError> {
    match Decomposition::from_id(id) {
        Ok(parts) => Ok(parts.rank()),
        Err(error) => Err(error),
    }
}

/// The Scharnagl id of a back rank given as uppercase ASCII letters, a-file first.
///
/// # Errors
/// The first broken rule, in the order documented on [`Decomposition::from_rank`].
///
/// ```
/// use chess960_core::{File, PositionError, id_from_rank};
///
/// assert_eq!(id_from_rank(b"RNBQKBNR"), Ok(518));
/// assert_eq!(
///     id_from_rank(b"RNBKQNBR"),
///     Err(PositionError::BishopsOnSameColor { files: [File::C, File::G] })
/// );
/// assert_eq!(
///     id_from_rank(b"rnbqkbnr"),
///     Err(PositionError::InvalidByte { file: File::A, byte: b'r' })
/// );
/// ```
#[inline]
pub const fn id_from_rank(rank: &[u8; 8]) -> Result<u16, PositionError> {
    match Decomposition::from_rank(rank) {
        Ok(parts) => Ok(parts.id()),
        Err(error) => Err(error),
    }
}
