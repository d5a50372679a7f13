//! The facts about one start position that `show`, `random --json` and
//! `table` print, in the shape their JSON writes them; and those of a start
//! read from a FEN, which may be a double Chess960 start or depart from its
//! start ([`StartDetails`]).

use crate::query::Found;
use chess960::{CastlingSide, Color, Eval, FenStyle, File, Position};
use serde::Serialize;

/// Where each piece stands, files as letters.
#[derive(Serialize)]
pub(crate) struct PieceFiles {
    pub(crate) king: char,
    pub(crate) queen: char,
    pub(crate) rooks: [char; 2],
    pub(crate) bishops: [char; 2],
    pub(crate) knights: [char; 2],
}

/// One side's castling: where king and rook go, and the UCI moves.
#[derive(Serialize)]
pub(crate) struct CastlingMove {
    notation: &'static str,
    king_from: char,
    king_to: char,
    rook_from: char,
    rook_to: char,
    /// King takes rook, as Chess960 UCI writes castling (`e1h1`).
    uci: String,
    /// The king's own move (`e1g1`), wherever the king travels two files or
    /// more: also where it is the same string as `uci` (the rook on g1 or
    /// c1), so that `null` always means there is no such move. The text
    /// prints that string once ([`CastlingMove::describe`]).
    uci_king_move: Option<String>,
    /// The rank the pieces stand on, `1` for White and `8` for Black: in
    /// the JSON the files say it all, as every position there is White's.
    #[serde(skip)]
    rank: char,
}

/// The engine's evaluation of a start (`Position::eval`), as the JSON
/// writes it: `{"cp": 23, "wdl": {"win": 29, "draw": 968, "loss": 3},
/// "depth": 23, "best": "c2c4"}`, `wdl` null where the table has none.
#[derive(Serialize)]
pub(crate) struct EvalDetails {
    pub(crate) cp: i16,
    pub(crate) wdl: Option<WdlDetails>,
    pub(crate) depth: u8,
    pub(crate) best: String,
}

/// Win, draw and loss per mille from White's side.
#[derive(Serialize)]
pub(crate) struct WdlDetails {
    win: u16,
    draw: u16,
    loss: u16,
}

impl EvalDetails {
    fn of(eval: Eval) -> EvalDetails {
        EvalDetails {
            cp: eval.cp(),
            wdl: eval.wdl().map(|wdl| WdlDetails {
                win: wdl.win(),
                draw: wdl.draw(),
                loss: wdl.loss(),
            }),
            depth: eval.depth(),
            best: eval.best().to_string(),
        }
    }
}

/// The facts `show` prints, in the shape `--json` writes them; `table`
/// prints the flat ones as [`Details::columns`].
#[derive(Serialize)]
pub(crate) struct Details {
    pub(crate) id: u16,
    pub(crate) rank: &'static str,
    pub(crate) black_rank: String,
    pub(crate) fen: String,
    pub(crate) shredder_fen: String,
    pub(crate) mirror: u16,
    pub(crate) fritz9: u16,
    pub(crate) one_based: u16,
    pub(crate) bishop_code: u8,
    pub(crate) light_bishop: u8,
    pub(crate) dark_bishop: u8,
    pub(crate) queen_slot: u8,
    pub(crate) knight_code: u8,
    pub(crate) files: PieceFiles,
    pub(crate) castling: [CastlingMove; 2],
    /// The start's engine evaluation; absent for each side of a double
    /// Chess960 start, whose evaluation is not its starts'.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) eval: Option<EvalDetails>,
}

fn letters(files: [File; 2]) -> [char; 2] {
    files.map(File::to_char)
}

impl CastlingMove {
    fn of(position: Position, side: CastlingSide) -> CastlingMove {
        CastlingMove::of_color(position, side, Color::White)
    }

    /// The castling of `color` when its pieces stand as in `position`.
    pub(crate) fn of_color(position: Position, side: CastlingSide, color: Color) -> CastlingMove {
        let castling = position.castling(side);
        CastlingMove {
            notation: side.notation(),
            king_from: castling.king_from().to_char(),
            king_to: castling.king_to().to_char(),
            rook_from: castling.rook_from().to_char(),
            rook_to: castling.rook_to().to_char(),
            uci: castling.uci(color).to_string(),
            uci_king_move: castling.uci_king_move(color).map(|uci| uci.to_string()),
            rank: if color == Color::White { '1' } else { '8' },
        }
    }

    /// `O-O-O: Ke1-c1 Ra1-d1`, with `stays` for a piece that does not move,
    /// and each UCI move once: where the king moves onto its own rook's
    /// square (`e1g1` with the rook on g1) the two forms are one string.
    pub(crate) fn describe(&self) -> String {
        let rank = self.rank;
        let step = |piece: char, from: char, to: char| {
            if from == to {
                format!("{piece}{from}{rank} stays")
            } else {
                format!("{piece}{from}{rank}-{to}{rank}")
            }
        };
        let alternative = self
            .uci_king_move
            .as_ref()
            .filter(|king_move| **king_move != self.uci)
            .map(|uci| format!(" or {uci}"))
            .unwrap_or_default();
        format!(
            "{:<6}{}, {}  (UCI {}{alternative})",
            self.notation,
            step('K', self.king_from, self.king_to),
            step('R', self.rook_from, self.rook_to),
            self.uci
        )
    }
}

impl Details {
    /// The names of [`Details::columns`], the header of `table`.
    pub(crate) const COLUMNS: [&str; 12] = [
        "id",
        "rank",
        "fen",
        "shredder_fen",
        "mirror",
        "fritz9",
        "one_based",
        "bishop_code",
        "queen_slot",
        "knight_code",
        "eval_cp",
        "eval_best",
    ];

    /// The flat facts, in the order of [`Details::COLUMNS`]. None holds a
    /// tab, a comma or a quote, so no field needs quoting in TSV or CSV.
    pub(crate) fn columns(&self) -> [String; 12] {
        let (cp, best) = self
            .eval
            .as_ref()
            .map(|eval| (eval.cp.to_string(), eval.best.clone()))
            .unwrap_or_default();
        [
            self.id.to_string(),
            self.rank.to_owned(),
            self.fen.clone(),
            self.shredder_fen.clone(),
            self.mirror.to_string(),
            self.fritz9.to_string(),
            self.one_based.to_string(),
            self.bishop_code.to_string(),
            self.queen_slot.to_string(),
            self.knight_code.to_string(),
            cp,
            best,
        ]
    }

    /// Gathers the facts about `position`.
    pub(crate) fn of(position: Position) -> Details {
        let parts = position.decomposition();
        Details {
            id: position.id(),
            rank: position.as_str(),
            black_rank: position.as_str().to_ascii_lowercase(),
            fen: position.fen(FenStyle::XFen).to_string(),
            shredder_fen: position.fen(FenStyle::Shredder).to_string(),
            mirror: position.mirrored().id(),
            fritz9: position.fritz9(),
            one_based: position.one_based(),
            bishop_code: parts.bishop_code(),
            light_bishop: parts.light_bishop(),
            dark_bishop: parts.dark_bishop(),
            queen_slot: parts.queen_slot(),
            knight_code: parts.knight_code(),
            files: PieceFiles {
                king: position.king_file().to_char(),
                queen: position.queen_file().to_char(),
                rooks: letters(position.rook_files()),
                bishops: letters(position.bishop_files()),
                knights: letters(position.knight_files()),
            },
            castling: CastlingSide::ALL.map(|side| CastlingMove::of(position, side)),
            eval: Some(EvalDetails::of(position.eval())),
        }
    }

    /// The facts about `position` as one side of a double Chess960 start:
    /// without the evaluation, which is the single start's, not the pair's.
    fn side_of_pair(position: Position) -> Details {
        Details {
            eval: None,
            ..Details::of(position)
        }
    }
}

/// What `show --json` and `convert --to json` write of a start read from
/// the command line: a single start's [`Details`], or White's and Black's
/// of a double Chess960 start with the double id and FENs; and, when the
/// start was read from a FEN that departs from it, how.
#[derive(Serialize)]
#[serde(untagged)]
pub(crate) enum StartDetails {
    /// A Chess960 start: the facts as `table` writes them.
    Single {
        #[serde(flatten)]
        details: Box<Details>,
        /// How the FEN departs from the start's own, for people; absent
        /// when it does not.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        departures: Vec<String>,
    },
    /// A double Chess960 start: Black's position is another one.
    Double {
        /// `white_id * 960 + black_id`.
        double_id: u32,
        fen: String,
        shredder_fen: String,
        white: Box<Details>,
        black: Box<Details>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        departures: Vec<String>,
    },
}

impl StartDetails {
    /// Gathers the facts about `found`.
    pub(crate) fn of(found: &Found) -> StartDetails {
        let departures = found.departures.iter().map(|d| d.to_string()).collect();
        let start = found.start;
        match found.single() {
            Some(position) => StartDetails::Single {
                details: Box::new(Details::of(position)),
                departures,
            },
            None => StartDetails::Double {
                double_id: start.id(),
                fen: start.fen(FenStyle::XFen).to_string(),
                shredder_fen: start.fen(FenStyle::Shredder).to_string(),
                white: Box::new(Details::side_of_pair(start.white())),
                black: Box::new(Details::side_of_pair(start.black())),
                departures,
            },
        }
    }
}
