//! `Eval`: an engine's evaluation of one start position, compiled into the
//! library from `data/evals.tsv` (`Position.eval` gives it).

use crate::macros::{methods_with_getters, value_class};
use chess960::{Eval, UciMove, Wdl};

value_class! {
    /// An engine's evaluation of one start position, White to move.
    ///
    /// `cp` is the score in centipawns from White's side, `wdl` the
    /// win/draw/loss estimate per mille from White's side (or None),
    /// `depth` the depth the search reached and `best` the move it chose in
    /// UCI (Chess960 mode). The class attributes `ENGINE`, `NODES`, `RUNS`,
    /// `DATE` and `REPEATABILITY` say which engine searched, how far, how
    /// many times, when, and how well the figures repeat. A double
    /// Chess960 start has no evaluation: a pair's is not the sum of its
    /// two starts'.
    #[pyclass(name = "Eval")]
    #[derive(Clone, Copy, PartialEq, Eq, Hash)]
    pub(crate) struct PyEval(pub(crate) Eval);
}

/// A UCI move as text.
fn uci_text(uci: UciMove) -> String {
    uci.to_string()
}

/// Win, draw and loss as a tuple.
fn triple(wdl: Option<Wdl>) -> Option<(u16, u16, u16)> {
    wdl.map(|wdl| (wdl.win(), wdl.draw(), wdl.loss()))
}

methods_with_getters! {
    impl PyEval {
        getters {
            /// The score in centipawns from White's side, White to move.
            cp -> i16;
            /// The depth in plies the search reached.
            depth -> u8;
            /// The move the engine chose, in UCI (`"e2e4"`).
            best -> String = uci_text;
            /// `(win, draw, loss)` per mille from White's side, or None where
            /// the table has no estimate.
            wdl -> Option<(u16, u16, u16)> = triple;
        }

        /// The engine that evaluated the starts (`"Stockfish 15.1"`).
        #[classattr]
        const ENGINE: &'static str = Eval::ENGINE;
        /// The node limit of each search.
        #[classattr]
        const NODES: u64 = Eval::NODES;
        /// How many searches of each start the figures average.
        #[classattr]
        const RUNS: u8 = Eval::RUNS;
        /// The day the evaluation ran, `YYYY-MM-DD`.
        #[classattr]
        const DATE: &'static str = Eval::DATE;
        /// How well the figures repeat, as the data file states it.
        #[classattr]
        const REPEATABILITY: &'static str = Eval::REPEATABILITY;

        fn __repr__(&self) -> String {
            let wdl = match self.0.wdl() {
                Some(wdl) => format!("({}, {}, {})", wdl.win(), wdl.draw(), wdl.loss()),
                None => "None".to_owned(),
            };
            format!(
                "Eval(cp={}, wdl={wdl}, depth={}, best='{}')",
                self.0.cp(),
                self.0.depth(),
                self.0.best()
            )
        }

        fn __str__(&self) -> String {
            self.0.to_string()
        }
    }
}
