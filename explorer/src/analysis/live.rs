//! Live analysis, as a server runs it beside its answers: a search of a
//! position nobody has analysed, its lines handed on as they deepen, on
//! at most E engine processes at once (kept between searches), each
//! search capped in nodes and stopped as soon as nobody waits for it.

use super::uci::{Engine, Fault, Settings};
use crate::model::eval::Eval;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How long a search waits for a free engine before it is told
/// [`LiveError::Busy`]: a few of [`POLL`](super::uci::POLL)s, the time
/// a search whose client went takes to stop.
pub const TURN_WAIT: Duration = Duration::from_millis(1500);

/// Why a live search gave no evaluation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LiveError {
    /// Every engine is searching already.
    Busy,
    /// The engine failed (it is dropped; the next search starts another).
    Engine(Fault),
}

impl std::fmt::Display for LiveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LiveError::Busy => f.write_str("every engine is busy"),
            LiveError::Engine(fault) => write!(f, "the engine {fault}"),
        }
    }
}

impl std::error::Error for LiveError {}

/// The engines of live analysis.
///
/// ```no_run
/// use chess960_explorer::analysis::live::Live;
/// use chess960_explorer::analysis::uci::Settings;
///
/// let live = Live::new(Settings { nodes: 2_000_000, ..Settings::new("/usr/games/stockfish") }, 1)?;
/// let fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";
/// let stop = std::sync::atomic::AtomicBool::new(false);
/// let eval = live.analyse(fen, &stop, |lines| {
///     println!("depth {}", lines.depth);
///     true // go on
/// })?;
/// assert!(eval.knodes <= 2_100);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Live {
    settings: Settings,
    most: usize,
    name: String,
    running: AtomicUsize,
    idle: Mutex<Vec<Engine>>,
}

/// A search's turn: given back when dropped.
struct Turn<'a>(&'a AtomicUsize);

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Live {
    /// Starts one engine of `settings` (to check that it is one, and to
    /// learn its name) for searches of at most `settings.nodes` nodes, at
    /// most `engines` at once (at least 1).
    ///
    /// # Errors
    ///
    /// The [`Fault`] of an engine that cannot be started or is no UCI
    /// engine.
    pub fn new(settings: Settings, engines: usize) -> Result<Live, Fault> {
        let engine = Engine::start(&settings)?;
        Ok(Live {
            name: engine.name().to_owned(),
            settings,
            most: engines.max(1),
            running: AtomicUsize::new(0),
            idle: Mutex::new(vec![engine]),
        })
    }

    /// The engine's `id name`.
    ///
    /// ```no_run
    /// # use chess960_explorer::analysis::{live::Live, uci::Settings};
    /// let live = Live::new(Settings::new("/usr/games/stockfish"), 1)?;
    /// assert!(live.name().starts_with("Stockfish"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The settings of every search (`nodes`: the cap).
    ///
    /// ```no_run
    /// # use chess960_explorer::analysis::{live::Live, uci::Settings};
    /// let live = Live::new(Settings::new("/usr/games/stockfish"), 1)?;
    /// assert_eq!(live.settings().multipv, 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// How many searches may run at once.
    ///
    /// ```no_run
    /// # use chess960_explorer::analysis::{live::Live, uci::Settings};
    /// let live = Live::new(Settings::new("/usr/games/stockfish"), 2)?;
    /// assert_eq!(live.engines(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn engines(&self) -> usize {
        self.most
    }

    /// Searches `fen` (on the calling thread, which it blocks), calling
    /// `update` with the lines at each new depth; the search ends at the
    /// node cap, as soon as `update` returns `false`, or within a poll of
    /// `stop` turning true. It waits up to [`TURN_WAIT`] for a free
    /// engine. The engine is kept for the next search unless it failed.
    ///
    /// # Errors
    ///
    /// [`LiveError::Busy`] when [`Live::engines`] searches still run after
    /// [`TURN_WAIT`];
    /// [`LiveError::Engine`] when the engine failed.
    pub fn analyse(
        &self,
        fen: &str,
        stop: &AtomicBool,
        update: impl FnMut(&Eval) -> bool,
    ) -> Result<Eval, LiveError> {
        // A player who moves on frees an engine within a poll: wait that
        // long for a turn before saying busy.
        let waited = Instant::now();
        while self
            .running
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |running| {
                (running < self.most).then_some(running + 1)
            })
            .is_err()
        {
            if waited.elapsed() >= TURN_WAIT || stop.load(Ordering::Acquire) {
                return Err(LiveError::Busy);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _turn = Turn(&self.running);
        let idle = self.idle.lock().ok().and_then(|mut idle| idle.pop());
        let mut engine = match idle {
            Some(engine) => engine,
            None => Engine::start(&self.settings).map_err(LiveError::Engine)?,
        };
        let eval = engine
            .analyse_until(fen, self.settings.nodes, stop, update)
            .map_err(LiveError::Engine)?;
        if let Ok(mut idle) = self.idle.lock() {
            idle.push(engine);
        }
        Ok(eval)
    }
}
