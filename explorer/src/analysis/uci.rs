//! The UCI driver: one engine process, started and set up once
//! (`uci`/`uciok` within [`HANDSHAKE`], `UCI_Chess960`, `Threads 1`,
//! `Hash`, `MultiPV`), then asked one position at a time from a clean
//! state (`ucinewgame`, `isready`, `position fen`, `go nodes N`), its
//! `info` lines read until `bestmove` or a time limit. Its output is read
//! on a thread of its own, so a hung engine is noticed; a dead or hung
//! engine is killed when dropped.

use crate::model::board::{board_from_fen, parse_uci, uci};
use crate::model::eval::{Eval, Pv, Score};
use cozy_chess::Color;
use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long an engine may take to answer `uci` with `uciok`, and
/// `isready` with `readyok`.
pub const HANDSHAKE: Duration = Duration::from_secs(10);

/// How often a search looks at its stop flag ([`Engine::analyse_until`]).
pub const POLL: std::time::Duration = Duration::from_millis(100);

/// The longest line read from an engine: past it, the rest is dropped.
const MAX_LINE: usize = 64 * 1024;

/// How a search is set up.
///
/// ```
/// use chess960_explorer::analysis::uci::Settings;
///
/// let settings = Settings::new("/usr/games/stockfish");
/// assert_eq!((settings.nodes, settings.multipv, settings.hash), (1_000_000, 3, 16));
/// assert!(settings.time_limit() >= std::time::Duration::from_secs(30));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The engine's program.
    pub engine: PathBuf,
    /// Nodes a search (`go nodes N`).
    pub nodes: u64,
    /// Lines (`MultiPV`).
    pub multipv: u32,
    /// Hash table in MB.
    pub hash: u32,
    /// The time a position may take, `None` for the one derived from
    /// `nodes` ([`Settings::time_limit`]).
    pub limit: Option<Duration>,
}

impl Settings {
    /// The defaults (1,000,000 nodes, 3 lines, 16 MB) for `engine`.
    pub fn new(engine: impl Into<PathBuf>) -> Settings {
        Settings {
            engine: engine.into(),
            nodes: 1_000_000,
            multipv: 3,
            hash: 16,
            limit: None,
        }
    }

    /// The time a position may take before the engine counts as hung: 30
    /// seconds, plus a second for every 50,000 nodes (an engine 20 times
    /// slower than Stockfish on one core of a small machine still ends in
    /// time).
    pub fn time_limit(&self) -> Duration {
        self.limit
            .unwrap_or_else(|| Duration::from_secs(30 + self.nodes / 50_000))
    }
}

/// Why an engine cannot be used at all, or failed on one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// The program could not be started.
    Spawn(String),
    /// It never said `uciok` (or `readyok`) in time.
    Handshake(String),
    /// It exited.
    Exited,
    /// It went past the time limit.
    Hung(Duration),
    /// It answered without a line (or with unreadable ones only).
    Garbage(String),
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Spawn(why) => write!(f, "cannot be started: {why}"),
            Fault::Handshake(why) => write!(f, "is no UCI engine: {why}"),
            Fault::Exited => f.write_str("exited mid-search"),
            Fault::Hung(limit) => write!(f, "gave no bestmove within {} s", limit.as_secs()),
            Fault::Garbage(why) => write!(f, "answered garbage: {why}"),
        }
    }
}

impl std::error::Error for Fault {}

/// One running engine.
///
/// ```no_run
/// use chess960_explorer::analysis::uci::{Engine, Settings};
///
/// let mut engine = Engine::start(&Settings { nodes: 20_000, ..Settings::new("/usr/games/stockfish") })?;
/// let eval = engine.analyse("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1")?;
/// assert!(!eval.pvs.is_empty());
/// # Ok::<(), chess960_explorer::analysis::uci::Fault>(())
/// ```
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    name: String,
    settings: Settings,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Engine {
    /// Starts the engine and sets it up.
    ///
    /// # Errors
    ///
    /// [`Fault::Spawn`] when the program cannot be run, [`Fault::Handshake`]
    /// when it says no `uciok` (or `readyok`) within [`HANDSHAKE`].
    pub fn start(settings: &Settings) -> Result<Engine, Fault> {
        let mut child = Command::new(&settings.engine)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| Fault::Spawn(error.to_string()))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(Fault::Spawn("no pipes to it".to_owned()));
        };
        let (send, lines) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut line = Vec::new();
            loop {
                line.clear();
                match (&mut reader)
                    .take(MAX_LINE as u64)
                    .read_until(b'\n', &mut line)
                {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        if line.last() != Some(&b'\n') && line.len() == MAX_LINE {
                            // Drop the rest of an overlong line.
                            let mut rest = Vec::new();
                            if reader.read_until(b'\n', &mut rest).is_err() {
                                return;
                            }
                        }
                        let text = String::from_utf8_lossy(&line).trim().to_owned();
                        if send.send(text).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        let mut engine = Engine {
            child,
            stdin,
            lines,
            name: String::new(),
            settings: settings.clone(),
        };
        engine
            .send("uci")
            .map_err(|_| Fault::Handshake("it exited before uciok".to_owned()))?;
        let deadline = Instant::now() + HANDSHAKE;
        loop {
            let line = engine.next_line(deadline).map_err(|fault| {
                Fault::Handshake(match fault {
                    Fault::Exited => "it exited before uciok".to_owned(),
                    _ => format!("no uciok within {} s", HANDSHAKE.as_secs()),
                })
            })?;
            if let Some(name) = line.strip_prefix("id name ") {
                name.trim().clone_into(&mut engine.name);
            } else if line == "uciok" {
                break;
            }
        }
        for option in [
            "setoption name UCI_Chess960 value true".to_owned(),
            "setoption name Threads value 1".to_owned(),
            format!("setoption name Hash value {}", settings.hash),
            format!("setoption name MultiPV value {}", settings.multipv),
        ] {
            engine.send(&option)?;
        }
        engine
            .ready()
            .map_err(|_| Fault::Handshake("no readyok".to_owned()))?;
        Ok(engine)
    }

    /// The engine's `id name`.
    pub fn name(&self) -> &str {
        &self.name
    }

    fn send(&mut self, command: &str) -> Result<(), Fault> {
        writeln!(self.stdin, "{command}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| Fault::Exited)
    }

    /// The next line, by `deadline`.
    fn next_line(&mut self, deadline: Instant) -> Result<String, Fault> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(Fault::Hung(self.settings.time_limit())),
            Err(RecvTimeoutError::Disconnected) => Err(Fault::Exited),
        }
    }

    /// `isready`, then waits for `readyok`.
    fn ready(&mut self) -> Result<(), Fault> {
        self.send("isready")?;
        let deadline = Instant::now() + HANDSHAKE;
        while self.next_line(deadline)? != "readyok" {}
        Ok(())
    }

    /// Searches the position of `fen` from a clean state: its lines (each
    /// cut before its first illegal move), scores from White's side.
    ///
    /// # Errors
    ///
    /// [`Fault::Exited`], [`Fault::Hung`] past [`Settings::time_limit`],
    /// [`Fault::Garbage`] when the engine gave no line, or when `fen` is
    /// no legal position.
    pub fn analyse(&mut self, fen: &str) -> Result<Eval, Fault> {
        self.analyse_with(fen, self.settings.nodes, |_| true)
    }

    /// Searches the position of `fen` from a clean state for at most
    /// `nodes` nodes, as [`Engine::analyse`] does, and calls `update` with
    /// the lines so far each time the engine completes a set of them (each
    /// new depth); when `update` returns `false` the search is stopped
    /// (`stop`) and the lines so far are the answer. A server's live
    /// analysis streams the updates.
    ///
    /// ```no_run
    /// use chess960_explorer::analysis::uci::{Engine, Settings};
    ///
    /// let mut engine = Engine::start(&Settings::new("/usr/games/stockfish"))?;
    /// let fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";
    /// // Stop at depth 10.
    /// let eval = engine.analyse_with(fen, 10_000_000, |eval| eval.depth < 10)?;
    /// assert!(eval.depth >= 10);
    /// # Ok::<(), chess960_explorer::analysis::uci::Fault>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Engine::analyse`].
    pub fn analyse_with(
        &mut self,
        fen: &str,
        nodes: u64,
        update: impl FnMut(&Eval) -> bool,
    ) -> Result<Eval, Fault> {
        self.analyse_until(fen, nodes, &AtomicBool::new(false), update)
    }

    /// As [`Engine::analyse_with`], and the search is also stopped within
    /// [`POLL`] of `stop` turning true (a server sets it when the client
    /// goes, between two depths).
    ///
    /// ```no_run
    /// use chess960_explorer::analysis::uci::{Engine, Settings};
    /// use std::sync::atomic::AtomicBool;
    ///
    /// let mut engine = Engine::start(&Settings::new("/usr/games/stockfish"))?;
    /// let stop = AtomicBool::new(false);
    /// let fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";
    /// let eval = engine.analyse_until(fen, 1_000_000, &stop, |_| true)?;
    /// # Ok::<(), chess960_explorer::analysis::uci::Fault>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Engine::analyse`].
    pub fn analyse_until(
        &mut self,
        fen: &str,
        nodes: u64,
        stop: &AtomicBool,
        mut update: impl FnMut(&Eval) -> bool,
    ) -> Result<Eval, Fault> {
        let Some(board) = board_from_fen(fen) else {
            return Err(Fault::Garbage(format!("{fen:?} is no legal position")));
        };
        let started = Instant::now();
        self.send("ucinewgame")?;
        self.ready()?;
        self.send(&format!("position fen {board:#}"))?;
        self.send(&format!("go nodes {nodes}"))?;
        let limit = Settings {
            nodes,
            ..self.settings.clone()
        }
        .time_limit();
        let deadline = started + limit;
        let mut lines: Vec<Option<Info>> = Vec::new();
        let mut searched = 0u64;
        let mut stopped = false;
        loop {
            if !stopped && stop.load(Ordering::Acquire) {
                stopped = true;
                self.send("stop")?;
            }
            let tick = deadline.min(Instant::now() + POLL);
            let line = match self.next_line(tick) {
                Err(Fault::Hung(_)) if Instant::now() < deadline => continue,
                other => other?,
            };
            if line.starts_with("bestmove") {
                break;
            }
            let Some(info) = Info::parse(&line) else {
                continue;
            };
            searched = info.nodes.unwrap_or(searched);
            let (Some(_), Some(_)) = (info.score, info.pv.as_ref()) else {
                continue;
            };
            // Lines past those asked for (a confused engine's) are
            // passed over: memory stays bounded.
            let at = info.multipv.saturating_sub(1);
            if at >= usize::try_from(self.settings.multipv).unwrap_or(usize::MAX) {
                continue;
            }
            if at >= lines.len() {
                lines.resize(at + 1, None);
            }
            // The last line of a set: the set is complete.
            let complete = info.multipv >= self.settings.multipv as usize;
            lines[at] = Some(info);
            if complete
                && !stopped
                && let Some(eval) = self.eval_of(&board, &lines, searched, nodes)
                && !update(&eval)
            {
                stopped = true;
                self.send("stop")?;
            }
        }
        self.eval_of(&board, &lines, searched, nodes)
            .ok_or_else(|| Fault::Garbage("no legal line before bestmove".to_owned()))
    }

    /// The evaluation the engine's `lines` give of `board` (`None` when no
    /// line is legal), after `searched` nodes of a search of `nodes`.
    fn eval_of(
        &self,
        board: &cozy_chess::Board,
        lines: &[Option<Info>],
        searched: u64,
        nodes: u64,
    ) -> Option<Eval> {
        let white = board.side_to_move() == Color::White;
        let mut pvs = Vec::new();
        let mut depth = 0;
        for info in lines.iter().flatten() {
            let (Some(score), Some(pv)) = (info.score, info.pv.as_ref()) else {
                continue;
            };
            let legal = legal_prefix(board, pv);
            if legal.is_empty() {
                continue;
            }
            if pvs.is_empty() {
                depth = info.depth;
            }
            pvs.push(Pv {
                moves: legal.join(" "),
                score: if white { score } else { score.flip() },
            });
        }
        (!pvs.is_empty()).then(|| Eval {
            pvs,
            depth,
            knodes: searched / 1000,
            engine: self.name.clone(),
            nodes,
            multipv: self.settings.multipv,
            hash: self.settings.hash,
        })
    }
}

/// The moves of `pv` up to its first illegal one, in UCI with castling
/// as the king taking its rook.
///
/// ```
/// use chess960_explorer::analysis::uci::legal_prefix;
///
/// let board = cozy_chess::Board::default();
/// let pv: Vec<String> = ["e2e4", "e7e5", "e1e3", "g8f6"].map(String::from).to_vec();
/// assert_eq!(legal_prefix(&board, &pv), ["e2e4", "e7e5"]);
/// ```
pub fn legal_prefix(board: &cozy_chess::Board, pv: &[String]) -> Vec<String> {
    let mut board = board.clone();
    let mut legal = Vec::new();
    for text in pv {
        let Some(mv) = parse_uci(&board, text) else {
            break;
        };
        legal.push(uci(mv));
        board.play_unchecked(mv);
    }
    legal
}

/// What one `info` line says.
#[derive(Clone, Debug, Default)]
struct Info {
    depth: u32,
    multipv: usize,
    score: Option<Score>,
    nodes: Option<u64>,
    pv: Option<Vec<String>>,
}

impl Info {
    /// An `info` line's fields (`None` for any other line or an
    /// `info string`).
    fn parse(line: &str) -> Option<Info> {
        let mut words = line.split_ascii_whitespace();
        if words.next() != Some("info") {
            return None;
        }
        let mut info = Info {
            multipv: 1,
            ..Info::default()
        };
        while let Some(word) = words.next() {
            match word {
                "string" => return None,
                "depth" => info.depth = words.next()?.parse().ok()?,
                "multipv" => info.multipv = words.next()?.parse().ok().filter(|&k| k > 0)?,
                "nodes" => info.nodes = Some(words.next()?.parse().ok()?),
                "score" => {
                    let kind = words.next()?;
                    let value: i32 = words.next()?.parse().ok()?;
                    info.score = Some(match kind {
                        "cp" => Score::Cp(value),
                        "mate" => Score::Mate(value),
                        _ => return None,
                    });
                }
                "pv" => {
                    info.pv = Some(words.by_ref().map(str::to_owned).collect());
                }
                _ => {}
            }
        }
        Some(info)
    }
}

/// The engine to use when none is named: `stockfish` on `PATH`, else
/// where Debian installs it (`/usr/games/stockfish`).
///
/// ```
/// let path = chess960_explorer::analysis::uci::default_engine();
/// assert!(path.ends_with("stockfish"));
/// ```
pub fn default_engine() -> PathBuf {
    std::env::var_os("PATH")
        .and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|dir| dir.join("stockfish"))
                .find(|path| path.is_file())
        })
        .unwrap_or_else(|| Path::new("/usr/games/stockfish").to_owned())
}
