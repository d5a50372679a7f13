//! Game pairs found in the order the games come: per start and opponent,
//! each game waits for the next one, which completes the pair when it has
//! the other colour. Kept as a summary per start and opponent that
//! composes, so that the parts of an input, read apart and merged in
//! order, pair exactly as one pass does.

use super::outcome::Outcome;
use super::pentanomial::Pentanomial;
use chess960::Color;
use std::collections::BTreeMap;
use std::string::String;

/// One player's game pairs from one start (or from all), and the games
/// left without a partner.
///
/// ```
/// use chess960_games::stats::{PairTally, Pentanomial};
///
/// let tally = PairTally { pentanomial: Pentanomial::new([0, 1, 2, 0, 0]), unpaired: 1 };
/// assert_eq!((tally.pairs(), tally.games()), (3, 7));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PairTally {
    /// The pairs by score, `[LL, LD, WL+DD, WD, WW]`.
    pub pentanomial: Pentanomial,
    /// Games with a known result that are in no scored pair: the partner
    /// never came (or came with the same colour), or has no known result.
    pub unpaired: u64,
}

impl PairTally {
    /// The pairs.
    pub fn pairs(&self) -> u64 {
        self.pentanomial.pairs()
    }

    /// The games counted: two a pair and the unpaired ones.
    pub fn games(&self) -> u64 {
        self.pentanomial.games() + self.unpaired
    }

    /// Adds another tally's counts.
    ///
    /// ```
    /// use chess960_games::stats::{PairTally, Pentanomial};
    ///
    /// let mut one = PairTally { pentanomial: Pentanomial::new([1, 0, 0, 0, 0]), unpaired: 0 };
    /// one.merge(&PairTally { pentanomial: Pentanomial::new([0, 0, 0, 0, 1]), unpaired: 2 });
    /// assert_eq!((one.pentanomial.counts, one.unpaired), ([1, 0, 0, 0, 1], 2));
    /// ```
    pub fn merge(&mut self, other: &PairTally) {
        self.pentanomial.merge(&other.pentanomial);
        self.unpaired += other.unpaired;
    }
}

/// One game as pairing sees it: the player's colour and points in half
/// points (`None`: no known result).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Game {
    color: Color,
    half_points: Option<u8>,
}

/// The pairs and unpaired games of a run of games, and the game still
/// waiting for its partner at the run's end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Scan {
    tally: PairTally,
    waiting: Option<Game>,
}

impl Scan {
    /// The next game: it completes the waiting one's pair when the colours
    /// differ; else the waiting one is left unpaired and this one waits.
    fn step(&mut self, game: Game) {
        match self.waiting.take() {
            Some(first) if first.color != game.color => self.pair(first, game),
            Some(first) => {
                self.leave(first);
                self.waiting = Some(game);
            }
            None => self.waiting = Some(game),
        }
    }

    /// A pair: scored when both results are known.
    fn pair(&mut self, first: Game, second: Game) {
        if let (Some(one), Some(two)) = (first.half_points, second.half_points) {
            self.tally.pentanomial.add(one + two);
        } else {
            self.leave(first);
            self.leave(second);
        }
    }

    /// A game without a partner (counted when its result is known).
    fn leave(&mut self, game: Game) {
        if game.half_points.is_some() {
            self.tally.unpaired += 1;
        }
    }

    /// The input ends: the waiting game stays unpaired.
    fn end(&mut self) {
        if let Some(game) = self.waiting.take() {
            self.leave(game);
        }
    }

    /// The run `next` follows this one: its games continue this scan.
    fn then(&mut self, next: &Summary) {
        let from = match (self.waiting.take(), next.opens) {
            (None, _) => &next.from_start,
            (Some(waiting), Opening::Game(first)) if waiting.color != first.color => {
                self.pair(waiting, first);
                &next.after_first
            }
            (Some(waiting), _) => {
                self.leave(waiting);
                &next.from_start
            }
        };
        self.tally.merge(&from.tally);
        self.waiting = from.waiting;
    }
}

/// What comes first for a start and opponent in a run of input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Opening {
    /// A game: a game waiting before the run may pair with it.
    Game(Game),
    /// The end of an input: a game waiting before the run stays unpaired.
    End,
}

/// The games of one start and opponent in a run of input, as much as
/// pairing them after any earlier run needs: what opens the run, the scan
/// from nothing waiting, and the scan after the first game (used when a
/// waiting game pairs with that first game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Summary {
    opens: Opening,
    from_start: Scan,
    after_first: Scan,
}

/// Pairs per start (double id) and opponent (trimmed, lowercased).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Pairing {
    runs: BTreeMap<(u32, String), Summary>,
    /// Whether an input ended somewhere in this run.
    ended: bool,
}

impl Pairing {
    /// Adds one of the player's games.
    pub(super) fn add(&mut self, start: u32, opponent: &str, color: Color, outcome: Outcome) {
        let half_points = match (outcome, color) {
            (Outcome::Unknown, _) => None,
            (Outcome::Draw, _) => Some(1),
            (Outcome::WhiteWins, Color::White) | (Outcome::BlackWins, Color::Black) => Some(2),
            (Outcome::WhiteWins, Color::Black) | (Outcome::BlackWins, Color::White) => Some(0),
        };
        let game = Game { color, half_points };
        let key = (start, opponent.trim().to_lowercase());
        if let Some(summary) = self.runs.get_mut(&key) {
            summary.from_start.step(game);
            summary.after_first.step(game);
        } else {
            let summary = Summary {
                opens: if self.ended {
                    Opening::End
                } else {
                    Opening::Game(game)
                },
                from_start: Scan {
                    tally: PairTally::default(),
                    waiting: Some(game),
                },
                after_first: Scan::default(),
            };
            self.runs.insert(key, summary);
        }
    }

    /// Ends an input: every waiting game stays unpaired.
    pub(super) fn end_input(&mut self) {
        self.ended = true;
        for summary in self.runs.values_mut() {
            summary.from_start.end();
            summary.after_first.end();
        }
    }

    /// Adds the run that comes right after this one in the input.
    pub(super) fn merge(&mut self, next: &Pairing) {
        if next.ended {
            for (key, summary) in &mut self.runs {
                if !next.runs.contains_key(key) {
                    summary.from_start.end();
                    summary.after_first.end();
                }
            }
        }
        for (key, later) in &next.runs {
            if let Some(summary) = self.runs.get_mut(key) {
                summary.from_start.then(later);
                summary.after_first.then(later);
            } else {
                let mut summary = *later;
                if self.ended {
                    summary.opens = Opening::End;
                }
                self.runs.insert(key.clone(), summary);
            }
        }
        self.ended |= next.ended;
    }

    /// The pairs of one start (by double id), or of all (`None`); a game
    /// still waiting for its partner counts as unpaired.
    pub(super) fn tally(&self, start: Option<u32>) -> PairTally {
        let mut tally = PairTally::default();
        let runs: &mut dyn Iterator<Item = (&(u32, String), &Summary)> = match start {
            Some(id) => &mut self
                .runs
                .range((id, String::new())..)
                .take_while(move |((other, _), _)| *other == id),
            None => &mut self.runs.iter(),
        };
        for (_, summary) in runs {
            let mut scan = summary.from_start;
            scan.end();
            tally.merge(&scan.tally);
        }
        tally
    }
}
