//! One player's record per start position, from the player's side: games,
//! games as White, wins, draws, losses, and the match figures of each row
//! and of the total.

use super::match_score::MatchScore;
use super::outcome::Outcome;
use super::pairing::{PairTally, Pairing};
use super::pentanomial::Sprt;
use crate::read::GameKind;
use crate::read::{Players, Seat};
use crate::read::{TagName, Tags};
use chess960::{Color, DoublePosition};
use std::collections::BTreeMap;

/// One player's games from one start (or from all): wins, draws and losses
/// by the colour the player had, and the games without a known result.
///
/// ```
/// use chess960::Color;
/// use chess960_games::stats::{MatchScore, Outcome, PlayerTally};
///
/// let mut tally = PlayerTally::default();
/// tally.add(Color::White, Outcome::WhiteWins); // a win as White
/// tally.add(Color::Black, Outcome::WhiteWins); // a loss as Black
/// tally.add(Color::Black, Outcome::Draw);
/// tally.add(Color::Black, Outcome::Unknown);
/// assert_eq!((tally.games(), tally.white_games(), tally.unknown()), (4, 1, 1));
/// assert_eq!(tally.score(), MatchScore::new(1, 1, 1));
/// assert_eq!(tally.black, MatchScore::new(0, 1, 1));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PlayerTally {
    /// The results of the games the player had White in.
    pub white: MatchScore,
    /// The results of the games the player had Black in.
    pub black: MatchScore,
    /// Games as White without a known result (`*`, or no `Result` tag).
    pub white_unknown: u64,
    /// Games as Black without a known result.
    pub black_unknown: u64,
}

impl PlayerTally {
    /// Counts one game: the player's colour and the outcome (as the
    /// `Result` tag gives it, from White's side).
    pub fn add(&mut self, color: Color, outcome: Outcome) {
        let (score, unknown) = match color {
            Color::White => (&mut self.white, &mut self.white_unknown),
            Color::Black => (&mut self.black, &mut self.black_unknown),
        };
        let mine = match (outcome, color) {
            (Outcome::Unknown, _) => {
                *unknown += 1;
                return;
            }
            (Outcome::Draw, _) => &mut score.draws,
            (Outcome::WhiteWins, Color::White) | (Outcome::BlackWins, Color::Black) => {
                &mut score.wins
            }
            (Outcome::WhiteWins, Color::Black) | (Outcome::BlackWins, Color::White) => {
                &mut score.losses
            }
        };
        *mine += 1;
    }

    /// Adds another tally's counts.
    ///
    /// ```
    /// use chess960::Color;
    /// use chess960_games::stats::{Outcome, PlayerTally};
    ///
    /// let (mut one, mut two) = (PlayerTally::default(), PlayerTally::default());
    /// one.add(Color::White, Outcome::Draw);
    /// two.add(Color::Black, Outcome::Unknown);
    /// one.merge(&two);
    /// assert_eq!((one.games(), one.unknown()), (2, 1));
    /// ```
    pub fn merge(&mut self, other: &PlayerTally) {
        self.white.merge(&other.white);
        self.black.merge(&other.black);
        self.white_unknown += other.white_unknown;
        self.black_unknown += other.black_unknown;
    }

    /// The results with both colours: the row's score, Elo difference,
    /// margin, LOS and draw ratio are this [`MatchScore`]'s.
    pub fn score(&self) -> MatchScore {
        let mut score = self.white;
        score.merge(&self.black);
        score
    }

    /// Every game counted, known result or not.
    pub fn games(&self) -> u64 {
        self.white_games() + self.black_games()
    }

    /// The games the player had White in, known result or not.
    pub fn white_games(&self) -> u64 {
        self.white.games() + self.white_unknown
    }

    /// The games the player had Black in, known result or not.
    pub fn black_games(&self) -> u64 {
        self.black.games() + self.black_unknown
    }

    /// The games without a known result.
    pub fn unknown(&self) -> u64 {
        self.white_unknown + self.black_unknown
    }
}

/// What [`PlayerStats::add`] did with a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerGame {
    /// Counted, with the player's colour.
    Counted(Color),
    /// Neither side is the player's: not counted.
    NotTheirs,
    /// The player's game, but not from a Chess960 or double Chess960 start
    /// (a standard game, another variant, a position that is no start, an
    /// unreadable record...): not counted.
    OtherStart,
    /// Both sides are the player's names: not counted, since a game
    /// against oneself says nothing about one's strength and would count
    /// a win and a loss at once.
    SelfGame,
}

/// One player's games per start position, from the player's side: what a
/// player wants from their archive ("my score per start, as White and as
/// Black") and an engine tester from a match (the Elo difference per start
/// and overall).
///
/// Fed game by game ([`PlayerStats::add`]); the games counted are the
/// player's games (by [`Players::seat`]) from a Chess960 or double
/// Chess960 start, as in [`StartStats`](super::StartStats). A game where
/// both sides are the player's names is a self-game: skipped and counted
/// apart ([`PlayerStats::self_games`]). Rows are keyed by the game's start
/// as [`StartStats`](super::StartStats) keys them (for a double Chess960
/// start: White's back rank, then Black's), whichever colour the player
/// had; [`PlayerTally::white_games`] tells the colours apart. Several
/// threads can each feed their own and [`merge`](PlayerStats::merge) them.
///
/// Game pairs, as engine testers play them: two games from the same start
/// (for double Chess960, the same pair of starts) against the same
/// opponent (the other side's name, any case) with the colours reversed,
/// next to each other in input order among that opponent's games from
/// that start. Each game waits for the next such game: if it has the other
/// colour, the two are a pair, scored into a [`Pentanomial`]
/// ([`PlayerStats::pair_tally`], [`PlayerStats::pair_total`]); if not, the
/// waiting game is left unpaired and the new one waits. A pair with a game
/// without a known result is not scored; its other game is unpaired. A
/// game waiting when its input ends ([`PlayerStats::end_input`]) stays
/// unpaired: no pair spans two inputs. cutechess-cli (`-repeat`),
/// fastchess and python-chess scripts write a match's games this way, the
/// second game of each pair right after the first or later in the file.
/// Merging the parts of an input in order pairs exactly as one pass does.
///
/// [`Pentanomial`]: super::Pentanomial
///
/// ```
/// use chess960_games::{read::{GameKind, Players, Reader}, stats::{PlayerGame, PlayerStats}};
///
/// let pgn = "\
/// [White \"Alice\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n[Variant \"Chess960\"]
/// [FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\n1. e4 1-0\n
/// [White \"Bob\"]\n[Black \"alice\"]\n[Result \"1/2-1/2\"]\n[Variant \"Chess960\"]
/// [FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\n1. e4 1/2-1/2\n
/// [White \"Carol\"]\n[Black \"Bob\"]\n[Result \"0-1\"]\n[Variant \"Chess960\"]
/// [FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\n1. e4 0-1\n";
/// let mut stats = PlayerStats::new(["ALICE"].into_iter().collect::<Players>());
/// let added: Vec<_> = Reader::new(pgn.as_bytes())
///     .map(|record| stats.add(&GameKind::of(&record), record.tags()))
///     .collect();
/// assert_eq!(added[2], PlayerGame::NotTheirs);
/// let (start, tally) = stats.iter().next().unwrap();
/// assert_eq!((start.white().id(), tally.games(), tally.white_games()), (0, 2, 1));
/// let total = stats.total().score();
/// assert_eq!((total.wins, total.draws, total.losses), (1, 1, 0));
/// assert_eq!(total.score(), Some(0.75));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerStats {
    players: Players,
    /// By double id (White's id × 960 + Black's id), as in `StartStats`.
    tallies: BTreeMap<u32, PlayerTally>,
    self_games: u64,
    other_starts: u64,
    pairing: Pairing,
}

impl PlayerStats {
    /// No games yet, for the player with these names.
    pub fn new(players: Players) -> PlayerStats {
        PlayerStats {
            players,
            ..PlayerStats::default()
        }
    }

    /// The player's names.
    pub fn players(&self) -> &Players {
        &self.players
    }

    /// Counts a game if it is the player's, from a Chess960 or double
    /// Chess960 start, and not a self-game; says what it did.
    ///
    /// ```
    /// use chess960::{Color, Position};
    /// use chess960_games::{read::{GameKind, TagName, Tags}, stats::{PlayerGame, PlayerStats}};
    ///
    /// let mut stats = PlayerStats::new(["me"].into_iter().collect());
    /// let mut tags = Tags::new();
    /// tags.insert(TagName::White, "Me");
    /// tags.insert(TagName::Black, "me");
    /// let start = GameKind::Chess960(Position::from_id(451)?);
    /// assert_eq!(stats.add(&start, &tags), PlayerGame::SelfGame);
    /// assert_eq!(stats.add(&GameKind::Standard, &tags), PlayerGame::OtherStart);
    /// tags.clear();
    /// tags.insert(TagName::Black, "ME");
    /// assert_eq!(stats.add(&start, &tags), PlayerGame::Counted(Color::Black));
    /// assert_eq!((stats.self_games(), stats.other_starts(), stats.len()), (1, 1, 1));
    /// # Ok::<(), chess960::PositionError>(())
    /// ```
    pub fn add(&mut self, kind: &GameKind, tags: &Tags) -> PlayerGame {
        let Some(seat) = self.players.seat(tags) else {
            return PlayerGame::NotTheirs;
        };
        let start = match *kind {
            GameKind::Chess960(position) => DoublePosition::from(position),
            GameKind::DoubleChess960(start) => start,
            _ => {
                self.other_starts += 1;
                return PlayerGame::OtherStart;
            }
        };
        let color = match seat {
            Seat::White => Color::White,
            Seat::Black => Color::Black,
            Seat::Both => {
                self.self_games += 1;
                return PlayerGame::SelfGame;
            }
        };
        let outcome = Outcome::from_tag(tags.get(TagName::Result));
        self.tally_mut(start).add(color, outcome);
        let opponent = match color {
            Color::White => TagName::Black,
            Color::Black => TagName::White,
        };
        let opponent = tags.get(opponent).unwrap_or("");
        self.pairing.add(start.id(), opponent, color, outcome);
        PlayerGame::Counted(color)
    }

    /// The tally of one start, created empty if needed (to count games
    /// that do not come from a record's tags).
    pub fn tally_mut(&mut self, start: DoublePosition) -> &mut PlayerTally {
        self.tallies.entry(start.id()).or_default()
    }

    /// Adds the counts of another accumulator for the same player: the
    /// games that come right after this one's in the input (the next part
    /// of a file, or the next file after [`end_input`](PlayerStats::end_input)).
    /// The per-game counts add up in any order; the game pairs need the
    /// input's order, so merge the parts in it.
    ///
    /// ```
    /// use chess960::{Color, Position};
    /// use chess960_games::stats::{Outcome, PlayerStats};
    ///
    /// let start = Position::from_id(7)?.into();
    /// let mut one = PlayerStats::new(["a"].into_iter().collect());
    /// let mut two = one.clone();
    /// one.tally_mut(start).add(Color::White, Outcome::WhiteWins);
    /// two.tally_mut(start).add(Color::White, Outcome::BlackWins);
    /// one.merge(&two);
    /// assert_eq!(one.total().games(), 2);
    /// # Ok::<(), chess960::PositionError>(())
    /// ```
    pub fn merge(&mut self, other: &PlayerStats) {
        for (&id, tally) in &other.tallies {
            self.tallies.entry(id).or_default().merge(tally);
        }
        self.self_games += other.self_games;
        self.other_starts += other.other_starts;
        self.pairing.merge(&other.pairing);
    }

    /// Ends an input: a game still waiting for its partner stays unpaired,
    /// so that no pair spans two inputs (two files of games). Call it after
    /// each input's last game, and [`merge`](PlayerStats::merge) the
    /// inputs in order.
    ///
    /// ```
    /// use chess960_games::{read::{GameKind, Reader}, stats::PlayerStats};
    ///
    /// let game = |white: &str, black: &str| format!(
    ///     "[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n"
    /// );
    /// let read = |text: String| {
    ///     let mut stats = PlayerStats::new(["A"].into_iter().collect());
    ///     for record in Reader::new(text.as_bytes()) {
    ///         // Standard games count for pairing here only as start 518.
    ///         let kind = GameKind::Chess960(chess960::Position::STANDARD);
    ///         stats.add(&kind, record.tags());
    ///     }
    ///     stats
    /// };
    /// // One file: A won as White, then lost as Black: one pair (1 point).
    /// let mut one = read(game("A", "B") + &game("B", "A"));
    /// assert_eq!(one.pair_total().pentanomial.counts, [0, 0, 1, 0, 0]);
    /// // The same games in two files: two games without a partner.
    /// let (mut first, second) = (read(game("A", "B")), read(game("B", "A")));
    /// first.end_input();
    /// first.merge(&second);
    /// first.end_input();
    /// assert_eq!((first.pair_total().pairs(), first.pair_total().unpaired), (0, 2));
    /// ```
    pub fn end_input(&mut self) {
        self.pairing.end_input();
    }

    /// The game pairs from one start and the games there left without a
    /// partner (see [`PlayerStats`] for the rule); a game still waiting
    /// for its partner counts as unpaired.
    ///
    /// ```
    /// use chess960::{DoublePosition, Position};
    /// use chess960_games::{read::{GameKind, Reader}, stats::PlayerStats};
    ///
    /// let pgn = "[White \"me\"]\n[Black \"you\"]\n[Result \"1/2-1/2\"]\n\n*\n\n\
    ///            [White \"you\"]\n[Black \"me\"]\n[Result \"0-1\"]\n\n*\n";
    /// let mut stats = PlayerStats::new(["me"].into_iter().collect());
    /// let start = Position::from_id(5)?;
    /// for record in Reader::new(pgn.as_bytes()) {
    ///     stats.add(&GameKind::Chess960(start), record.tags());
    /// }
    /// // A draw and a win: 1½ points, the bucket WD.
    /// let tally = stats.pair_tally(DoublePosition::from(start));
    /// assert_eq!((tally.pentanomial.counts, tally.unpaired), ([0, 0, 0, 1, 0], 0));
    /// assert_eq!(stats.pair_total(), tally);
    /// # Ok::<(), chess960::PositionError>(())
    /// ```
    pub fn pair_tally(&self, start: DoublePosition) -> PairTally {
        self.pairing.tally(Some(start.id()))
    }

    /// The game pairs from every start, and the games left without a
    /// partner.
    pub fn pair_total(&self) -> PairTally {
        self.pairing.tally(None)
    }

    /// The SPRT's log-likelihood ratio of the whole record: of the game
    /// pairs' pentanomial when any game is paired, else of the games one by
    /// one (the trinomial); `None` where it is undefined (no games).
    ///
    /// ```
    /// use chess960_games::{read::{GameKind, Players, TagName, Tags}, stats::{EloModel, PlayerStats, Sprt}};
    /// use chess960::Position;
    ///
    /// let mut stats = PlayerStats::new(["New"].into_iter().collect::<Players>());
    /// let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05, EloModel::Normalized)?;
    /// assert_eq!(stats.llr(&sprt), None);
    /// let start = GameKind::Chess960(Position::from_id(7)?);
    /// for (white, black, result) in [("New", "Base", "1-0"), ("Base", "New", "1/2-1/2")] {
    ///     let mut tags = Tags::new();
    ///     tags.insert(TagName::White, white);
    ///     tags.insert(TagName::Black, black);
    ///     tags.insert(TagName::Result, result);
    ///     stats.add(&start, &tags);
    /// }
    /// assert_eq!(stats.pair_total().pairs(), 1);
    /// assert_eq!(stats.llr(&sprt), sprt.llr(&stats.pair_total().pentanomial));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn llr(&self, sprt: &Sprt) -> Option<f64> {
        let pairs = self.pair_total();
        if pairs.pairs() > 0 {
            sprt.llr(&pairs.pentanomial)
        } else {
            sprt.llr_trinomial(&self.total().score())
        }
    }

    /// Every start the player has games from, with the tally, sorted by
    /// White's id then Black's.
    pub fn iter(&self) -> impl Iterator<Item = (DoublePosition, &PlayerTally)> + '_ {
        self.tallies
            .iter()
            .filter_map(|(&id, tally)| DoublePosition::from_id(id).ok().map(|start| (start, tally)))
    }

    /// Every start's games together: the total row.
    pub fn total(&self) -> PlayerTally {
        let mut total = PlayerTally::default();
        for tally in self.tallies.values() {
            total.merge(tally);
        }
        total
    }

    /// The self-games skipped (both sides the player's).
    pub fn self_games(&self) -> u64 {
        self.self_games
    }

    /// The player's games skipped for not being from a Chess960 start.
    pub fn other_starts(&self) -> u64 {
        self.other_starts
    }

    /// The number of starts with games.
    pub fn len(&self) -> usize {
        self.tallies.len()
    }

    /// Whether no game was counted.
    pub fn is_empty(&self) -> bool {
        self.tallies.is_empty()
    }
}
