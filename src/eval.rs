//! What each start is worth: an engine's evaluation of all 960 starts
//! ([`Eval`], [`Wdl`], [`Position::eval`]), compiled in by `build.rs` from
//! `data/evals.tsv`, and the set of starts whose evaluation lies in a range
//! ([`PositionSet::eval_between`]).
//!
//! The figures are one engine version's search at a fixed node limit,
//! averaged over several runs ([`Eval::ENGINE`], [`Eval::NODES`],
//! [`Eval::RUNS`]): a measurement with noise ([`Eval::REPEATABILITY`]), not
//! a proof of who stands better. A double Chess960 start has no
//! evaluation: a pair's is not the sum of its two starts'.

use crate::{Position, PositionSet, Square, UciMove};
use core::fmt;

include!(concat!(env!("OUT_DIR"), "/evals.rs"));

/// An engine's evaluation of one start position, White to move: its score
/// in centipawns from White's side, its win/draw/loss estimate, the depth
/// its search reached and the move it chose. [`Position::eval`] gives it.
///
/// Which engine, at which limit and how often the search was repeated are
/// the constants [`Eval::ENGINE`], [`Eval::NODES`], [`Eval::RUNS`],
/// [`Eval::DATE`] and [`Eval::REPEATABILITY`]. The guide's engine-testing
/// chapter says what the figures mean and do not mean.
///
/// `Display` writes `+23 cp, W/D/L 29/968/3, depth 23, best c2c4` (the
/// W/D/L part only when the table has it).
///
/// serde (feature `serde`): written as a struct `{cp, wdl, depth, best}`,
/// `wdl` as `{win, draw, loss}` or none and `best` as [`UciMove`] is
/// written; not read back (an evaluation comes from the table: write the
/// position to name it).
///
/// ```
/// use chess960::{Eval, Position};
///
/// const CLASSICAL: i16 = chess960::Position::STANDARD.eval().cp();
/// let eval: Eval = Position::STANDARD.eval();
/// assert_eq!(eval.cp(), CLASSICAL);
/// assert!(eval.depth() > 0);
/// if let Some(wdl) = eval.wdl() {
///     assert_eq!(wdl.win() + wdl.draw() + wdl.loss(), 1000);
/// }
/// // The best move is one of White's first moves: from rank 1 or 2.
/// assert!(eval.best().from_square().rank() <= 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Eval {
    cp: i16,
    wdl: Option<Wdl>,
    depth: u8,
    best: UciMove,
}

/// A win/draw/loss estimate in per mille from White's side: the three add
/// up to 1000. [`Eval::wdl`] gives it.
///
/// `Display` writes `29/968/3` (win/draw/loss).
///
/// serde (feature `serde`): written as a struct `{win, draw, loss}`.
///
/// ```
/// if let Some(wdl) = chess960::Position::STANDARD.eval().wdl() {
///     assert_eq!(wdl.win() + wdl.draw() + wdl.loss(), 1000);
///     // White's expected score in per mille: a win counts 1, a draw half.
///     assert!(wdl.score() >= wdl.win() && wdl.score() <= wdl.win() + wdl.draw());
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wdl {
    win: u16,
    draw: u16,
    loss: u16,
}

impl Wdl {
    /// A row of the generated table; build.rs checked the sum.
    const fn new(win: u16, draw: u16, loss: u16) -> Wdl {
        Wdl { win, draw, loss }
    }

    /// How likely White wins, per mille.
    ///
    /// ```
    /// let wdl = chess960::Position::STANDARD.eval().wdl();
    /// assert!(wdl.is_none_or(|wdl| wdl.win() <= 1000));
    /// ```
    pub const fn win(self) -> u16 {
        self.win
    }

    /// How likely the game is drawn, per mille.
    ///
    /// ```
    /// let wdl = chess960::Position::STANDARD.eval().wdl();
    /// assert!(wdl.is_none_or(|wdl| wdl.draw() <= 1000));
    /// ```
    pub const fn draw(self) -> u16 {
        self.draw
    }

    /// How likely White loses (Black wins), per mille.
    ///
    /// ```
    /// let wdl = chess960::Position::STANDARD.eval().wdl();
    /// assert!(wdl.is_none_or(|wdl| wdl.loss() <= 1000));
    /// ```
    pub const fn loss(self) -> u16 {
        self.loss
    }

    /// White's expected score per mille, a win counted 1 and a draw one
    /// half: `win + draw / 2`, rounded down.
    ///
    /// ```
    /// let wdl = chess960::Position::STANDARD.eval().wdl();
    /// assert!(wdl.is_none_or(|wdl| wdl.score() >= 500 - wdl.loss()));
    /// ```
    pub const fn score(self) -> u16 {
        self.win + self.draw / 2
    }
}

impl fmt::Display for Wdl {
    /// `29/968/3`: win, draw and loss per mille.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/{}", self.win, self.draw, self.loss)
    }
}

impl Eval {
    /// The engine that evaluated the starts, as it names itself over UCI
    /// (`Stockfish 15.1`), from the data file's header.
    ///
    /// ```
    /// assert!(!chess960::Eval::ENGINE.is_empty());
    /// ```
    pub const ENGINE: &'static str = ENGINE;

    /// The node limit of each search (one thread, a fresh hash a search).
    ///
    /// ```
    /// assert!(chess960::Eval::NODES > 0);
    /// ```
    pub const NODES: u64 = NODES;

    /// How many searches of each start, each with another hash size, the
    /// figures average: [`Eval::cp`] and [`Eval::wdl`] are their means,
    /// [`Eval::depth`] the least depth, [`Eval::best`] the move most of
    /// them chose.
    ///
    /// ```
    /// assert!(chess960::Eval::RUNS >= 1);
    /// ```
    pub const RUNS: u8 = RUNS;

    /// The day the evaluation ran, `YYYY-MM-DD`.
    ///
    /// ```
    /// assert_eq!(chess960::Eval::DATE.len(), 10);
    /// ```
    pub const DATE: &'static str = DATE;

    /// How well the figures repeat, as the data file's header states it:
    /// how many starts were evaluated again with other hash sizes, and the
    /// standard deviation of the differences in centipawns.
    ///
    /// ```
    /// assert!(!chess960::Eval::REPEATABILITY.is_empty());
    /// ```
    pub const REPEATABILITY: &'static str = REPEATABILITY;

    /// A row of the generated table: build.rs checked that the squares are
    /// below 64.
    const fn row(cp: i16, wdl: Option<Wdl>, depth: u8, from: u8, to: u8) -> Eval {
        let (Some(from), Some(to)) = (Square::from_index(from), Square::from_index(to)) else {
            panic!("build.rs writes square indices below 64")
        };
        Eval {
            cp,
            wdl,
            depth,
            best: UciMove::new(from, to),
        }
    }

    /// The score in centipawns from White's side, White to move: positive
    /// when White stands better.
    ///
    /// ```
    /// # #[cfg(feature = "macros")] {
    /// const CLASSICAL: i16 = chess960::sp!(518).eval().cp();
    /// assert_eq!(CLASSICAL, chess960::Position::STANDARD.eval().cp());
    /// # }
    /// ```
    pub const fn cp(self) -> i16 {
        self.cp
    }

    /// The engine's win/draw/loss estimate from White's side, or `None`
    /// where the data file has none (an engine without `UCI_ShowWDL`).
    ///
    /// ```
    /// let eval = chess960::Position::STANDARD.eval();
    /// assert!(eval.wdl().is_none_or(|wdl| wdl.win() + wdl.draw() + wdl.loss() == 1000));
    /// ```
    pub const fn wdl(self) -> Option<Wdl> {
        self.wdl
    }

    /// The depth in plies the search reached (the least of the runs).
    ///
    /// ```
    /// assert!(chess960::Position::STANDARD.eval().depth() >= 1);
    /// ```
    pub const fn depth(self) -> u8 {
        self.depth
    }

    /// The move the engine chose, as UCI writes it in Chess960 mode (the
    /// move most runs chose; the first run's on a tie).
    ///
    /// ```
    /// let best = chess960::Position::STANDARD.eval().best();
    /// assert_eq!(best.to_string().len(), 4);
    /// ```
    pub const fn best(self) -> UciMove {
        self.best
    }
}

impl fmt::Display for Eval {
    /// `+23 cp, W/D/L 29/968/3, depth 23, best c2c4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:+} cp, ", self.cp)?;
        if let Some(wdl) = self.wdl {
            write!(f, "W/D/L {wdl}, ")?;
        }
        write!(f, "depth {}, best {}", self.depth, self.best)
    }
}

/// The engine's evaluation of a start.
impl Position {
    /// The engine's evaluation of this start, White to move: one load from
    /// a table compiled in from `data/evals.tsv` (see [`Eval`] for the
    /// engine and its limit).
    ///
    /// ```
    /// use chess960::Position;
    ///
    /// const CLASSICAL: i16 = Position::STANDARD.eval().cp();
    /// let most_even = Position::all().min_by_key(|p| p.eval().cp().unsigned_abs()).unwrap();
    /// assert!(most_even.eval().cp().unsigned_abs() <= CLASSICAL.unsigned_abs());
    /// ```
    #[inline]
    pub const fn eval(self) -> Eval {
        EVALS[self.id() as usize]
    }
}

/// The starts whose evaluation lies in a range.
impl PositionSet {
    /// Every start whose [`Eval::cp`] is at least `min` and at most `max`
    /// (empty when `min > max`): what the set grammar's `eval:MIN..MAX`
    /// reads.
    ///
    /// ```
    /// use chess960::{Position, PositionSet};
    ///
    /// let balanced = PositionSet::eval_between(-15, 15);
    /// assert!(balanced.iter().all(|p| p.eval().cp().abs() <= 15));
    /// assert_eq!(balanced, "eval:-15..15".parse()?);
    /// assert_eq!(PositionSet::eval_between(i16::MIN, i16::MAX), PositionSet::ALL);
    /// # Ok::<(), chess960::ParsePositionSetError>(())
    /// ```
    pub const fn eval_between(min: i16, max: i16) -> PositionSet {
        let mut set = PositionSet::EMPTY;
        let mut id = 0;
        while id < EVALS.len() {
            let cp = EVALS[id].cp;
            if min <= cp && cp <= max {
                #[allow(clippy::cast_possible_truncation, reason = "below 960")]
                if let Ok(position) = Position::from_id(id as u16) {
                    set = set.with(position);
                }
            }
            id += 1;
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::{EVALS, Eval, Position, PositionSet};

    #[test]
    fn every_start_has_a_row_and_sets_split_by_value() {
        assert_eq!(EVALS.len(), usize::from(Position::COUNT));
        let low = PositionSet::eval_between(i16::MIN, 30);
        let high = PositionSet::eval_between(31, i16::MAX);
        assert_eq!(low | high, PositionSet::ALL);
        assert!((low & high).is_empty());
        assert!(PositionSet::eval_between(1, 0).is_empty());
        let eval: Eval = Position::STANDARD.eval();
        assert_eq!(eval, EVALS[518]);
    }
}
