//! A position's entry: per move played from it, the results and the sum
//! of the mover's ratings per speed x rating group x month, the one game
//! of a move played once, and the position's top-rated and most recent
//! games; added to game by game, merged entry with entry, and written as
//! varints (a few bytes a group).

use crate::error::Error;
use crate::model::codec::{get, get_as, get_byte, put};
use crate::model::game::{GameInfo, Outcome};
use crate::model::line::Ply;

/// How many top-rated and how many recent games a position keeps.
pub const KEPT_GAMES: usize = 4;

/// Results and ratings of some games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// White's wins.
    pub white: u64,
    /// Draws.
    pub draws: u64,
    /// Black's wins.
    pub black: u64,
    /// The sum of the ratings of the player to move (rated games).
    pub rating_sum: u64,
    /// Games whose player to move had no rating.
    pub unrated: u64,
}

impl Counts {
    /// Games counted.
    pub fn games(&self) -> u64 {
        self.white + self.draws + self.black
    }

    /// Adds `other`.
    pub fn add(&mut self, other: &Counts) {
        self.white += other.white;
        self.draws += other.draws;
        self.black += other.black;
        self.rating_sum += other.rating_sum;
        self.unrated += other.unrated;
    }
}

/// The games of one move in one cell (speed x rating group) and month.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    /// Speed x 10 + rating group.
    pub cell: u8,
    /// The month's number (0: unknown).
    pub month: u32,
    /// The games.
    pub counts: Counts,
}

/// One move played from the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveEntry {
    /// The move: from, to (castling: the rook's square), promotion.
    pub mv: u16,
    /// Its games by cell and month, in order.
    pub groups: Vec<Group>,
    /// The game (its number in the db) when exactly one played it.
    pub single: Option<u64>,
}

impl MoveEntry {
    /// Games that played it.
    pub fn games(&self) -> u64 {
        self.groups.iter().map(|group| group.counts.games()).sum()
    }
}

/// Adds `theirs` to `ours`, both in order of cell and month: one pass
/// (a question adds up the entries of up to 16 runs, of hundreds of
/// groups a move in a busy position).
fn merge_groups(ours: &mut Vec<Group>, theirs: &[Group]) {
    if theirs.is_empty() {
        return;
    }
    let in_order = |groups: &[Group]| {
        groups
            .windows(2)
            .all(|pair| (pair[0].cell, pair[0].month) < (pair[1].cell, pair[1].month))
    };
    if !in_order(ours) || !in_order(theirs) {
        // Groups out of order (an entry made by hand): one at a time.
        for group in theirs {
            match ours.binary_search_by_key(&(group.cell, group.month), |g| (g.cell, g.month)) {
                Ok(at) => ours[at].counts.add(&group.counts),
                Err(at) => ours.insert(at, *group),
            }
        }
        return;
    }
    let old = std::mem::take(ours);
    let mut merged = Vec::with_capacity(old.len() + theirs.len());
    let (mut i, mut j) = (0, 0);
    while let (Some(&a), Some(&b)) = (old.get(i), theirs.get(j)) {
        match (a.cell, a.month).cmp(&(b.cell, b.month)) {
            std::cmp::Ordering::Less => {
                merged.push(a);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                merged.push(b);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                let mut sum = a;
                sum.counts.add(&b.counts);
                merged.push(sum);
                i += 1;
                j += 1;
            }
        }
    }
    merged.extend_from_slice(old.get(i..).unwrap_or_default());
    merged.extend_from_slice(theirs.get(j..).unwrap_or_default());
    *ours = merged;
}

/// A position's entry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// The moves, by [`MoveEntry::mv`].
    pub moves: Vec<MoveEntry>,
    /// The top-rated games (numbers in the db) and the moves they played.
    pub top: Vec<(u64, u16)>,
    /// The most recent games and the moves they played.
    pub recent: Vec<(u64, u16)>,
}

/// One game's part in an entry.
#[derive(Clone, Copy, Debug)]
pub struct Played {
    /// The move.
    pub mv: u16,
    /// Speed x 10 + rating group.
    pub cell: u8,
    /// The month's number (0: unknown).
    pub month: u32,
    /// The result.
    pub outcome: Outcome,
    /// The rating of the player to move.
    pub rating: Option<u16>,
    /// The game's number in the db.
    pub game: u64,
}

impl Played {
    /// The part of game `game` (`info`) in the entry of a position it
    /// reached (`ply`).
    ///
    /// ```
    /// use chess960_explorer::board::pack;
    /// use chess960_explorer::entry::Played;
    /// use chess960_explorer::game::GameInfo;
    /// use chess960_explorer::line::{Line, Start};
    /// use chess960_games::read::Reader;
    ///
    /// let pgn = "[WhiteElo \"1500\"]\n[BlackElo \"1700\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n";
    /// let mut reader = Reader::new(pgn.as_bytes()).keep_raw();
    /// let (record, raw) = reader.next_with_raw().unwrap();
    /// let info = GameInfo::of(record.tags(), raw.unwrap(), &["e2e4", "e7e5"]).unwrap();
    /// let moves = ["e2e4", "e7e5"].map(|mv| pack(mv.parse().unwrap())).to_vec();
    /// let plies = Line { start: Start::Standard, seats: 0, moves }.plies()?;
    /// // The latest position first: Black's reply, by the player rated 1700.
    /// let played = Played::of(&info, &plies[0], 7);
    /// assert_eq!((played.rating, played.game), (Some(1700), 7));
    /// # Ok::<(), chess960_explorer::Error>(())
    /// ```
    pub fn of(info: &GameInfo, ply: &Ply, game: u64) -> Played {
        Played {
            mv: ply.mv,
            cell: info.cell(),
            month: info.month.map_or(0, crate::model::query::Month::number),
            outcome: info.outcome,
            rating: match ply.side {
                cozy_chess::Color::White => info.white_elo,
                cozy_chess::Color::Black => info.black_elo,
            },
            game,
        }
    }
}

impl Entry {
    /// Adds one game. The top and recent lists get the game appended:
    /// [`Entry::trim`] them with the games' orders.
    pub fn add(&mut self, played: &Played) {
        self.count(played);
        self.top.push((played.game, played.mv));
        self.recent.push((played.game, played.mv));
    }

    /// Counts one game, as [`Entry::add`] does, but leaves the top and
    /// recent lists to the caller (who knows the games' orders and keeps
    /// the best as it goes).
    pub(crate) fn count(&mut self, played: &Played) {
        let index = match self.moves.binary_search_by_key(&played.mv, |m| m.mv) {
            Ok(index) => index,
            Err(index) => {
                self.moves.insert(
                    index,
                    MoveEntry {
                        mv: played.mv,
                        groups: Vec::new(),
                        single: None,
                    },
                );
                index
            }
        };
        let entry = &mut self.moves[index];
        // A group holds at least one game: none yet, this is the first.
        let first = entry.groups.is_empty();
        let groups = &mut entry.groups;
        let at = match groups
            .binary_search_by_key(&(played.cell, played.month), |g| (g.cell, g.month))
        {
            Ok(at) => at,
            Err(at) => {
                groups.insert(
                    at,
                    Group {
                        cell: played.cell,
                        month: played.month,
                        counts: Counts::default(),
                    },
                );
                at
            }
        };
        let counts = &mut groups[at].counts;
        match played.outcome {
            Outcome::White => counts.white += 1,
            Outcome::Draw => counts.draws += 1,
            Outcome::Black => counts.black += 1,
        }
        match played.rating {
            Some(rating) => counts.rating_sum += u64::from(rating),
            None => counts.unrated += 1,
        }
        entry.single = first.then_some(played.game);
    }

    /// Adds another entry's games (whose game numbers are this db's).
    pub fn merge(&mut self, other: Entry) {
        for theirs in other.moves {
            match self.moves.binary_search_by_key(&theirs.mv, |m| m.mv) {
                Err(index) => self.moves.insert(index, theirs),
                Ok(index) => {
                    let ours = &mut self.moves[index];
                    ours.single = None;
                    merge_groups(&mut ours.groups, &theirs.groups);
                }
            }
        }
        self.top.extend(other.top);
        self.recent.extend(other.recent);
    }

    /// Whether the top or recent lists hold more games than kept.
    pub fn needs_trim(&self) -> bool {
        self.top.len() > KEPT_GAMES || self.recent.len() > KEPT_GAMES
    }

    /// Keeps the [`KEPT_GAMES`] best of each list by the orders given. A
    /// list of more is left in that order: every writer trims its entries,
    /// so an entry of more than [`KEPT_GAMES`] games has its lists in order,
    /// and a question takes the best of several runs from their heads.
    pub fn trim<T: Ord, R: Ord>(&mut self, top: impl Fn(u64) -> T, recent: impl Fn(u64) -> R) {
        if self.top.len() > KEPT_GAMES {
            keep_best(&mut self.top, top);
        }
        if self.recent.len() > KEPT_GAMES {
            keep_best(&mut self.recent, recent);
        }
    }

    /// The one game of an entry that holds one game: its move, group,
    /// result, the mover's rating and its number.
    fn only_game(&self) -> Option<(u16, &Group, u64)> {
        let [played] = self.moves.as_slice() else {
            return None;
        };
        let [group] = played.groups.as_slice() else {
            return None;
        };
        let game = played.single?;
        (group.counts.games() == 1
            && self.top == [(game, played.mv)]
            && self.recent == self.top
            && group.counts.unrated <= 1)
            .then_some((played.mv, group, game))
    }

    /// Writes the entry of one game, as [`Entry::encode`] writes an entry
    /// to which only `played` was added.
    pub fn encode_one(played: &Played, out: &mut Vec<u8>) {
        let outcome = match played.outcome {
            Outcome::White => 0,
            Outcome::Draw => 1,
            Outcome::Black => 2,
        };
        put(out, 0);
        put(out, u64::from(played.mv));
        out.push(played.cell | outcome << 6);
        put(out, u64::from(played.month));
        put(out, played.rating.map_or(0, |rating| u64::from(rating) + 1));
        put(out, played.game);
    }

    /// Writes the entry: the moves (each its groups and its one game), the
    /// top games, then the recent ones (a 0 when they are the top ones).
    /// An entry of one game (most of a db's: positions deep in a game) is
    /// written short: a 0, then the move, the cell and the result in one
    /// byte, the month, the mover's rating (0: none) and the game.
    pub fn encode(&self, out: &mut Vec<u8>) {
        if let Some((mv, group, game)) = self.only_game() {
            let c = &group.counts;
            let outcome = if c.white == 1 {
                0
            } else if c.draws == 1 {
                1
            } else {
                2
            };
            put(out, 0);
            put(out, u64::from(mv));
            out.push(group.cell | outcome << 6);
            put(out, u64::from(group.month));
            put(out, if c.unrated == 1 { 0 } else { c.rating_sum + 1 });
            put(out, game);
            return;
        }
        put(out, self.moves.len() as u64);
        for entry in &self.moves {
            put(out, u64::from(entry.mv));
            put(out, entry.groups.len() as u64);
            for group in &entry.groups {
                let c = &group.counts;
                out.push(group.cell | if c.unrated > 0 { 0x80 } else { 0 });
                put(out, u64::from(group.month));
                put(out, c.white);
                put(out, c.draws);
                put(out, c.black);
                put(out, c.rating_sum);
                if c.unrated > 0 {
                    put(out, c.unrated);
                }
            }
            put(out, entry.single.map_or(0, |game| game + 1));
        }
        put(out, self.top.len() as u64);
        for &(game, mv) in &self.top {
            put(out, game);
            put(out, u64::from(mv));
        }
        if self.recent == self.top {
            put(out, 0);
        } else {
            put(out, self.recent.len() as u64 + 1);
            for &(game, mv) in &self.recent {
                put(out, game);
                put(out, u64::from(mv));
            }
        }
    }

    /// Reads what [`Entry::encode`] wrote.
    ///
    /// # Errors
    ///
    /// [`Error::Corrupt`] for bytes it did not write.
    pub fn decode(mut input: &[u8]) -> Result<Entry, Error> {
        let input = &mut input;
        let moves: usize = get_as(input)?;
        if moves == 0 {
            return Entry::decode_one_game(input);
        }
        let mut entry = Entry {
            moves: Vec::with_capacity(moves.min(256)),
            ..Entry::default()
        };
        for _ in 0..moves {
            let mv = get_as(input)?;
            let count: usize = get_as(input)?;
            let mut groups = Vec::with_capacity(count.min(1024));
            for _ in 0..count {
                let cell = get_byte(input)?;
                let month = get_as(input)?;
                let mut counts = Counts {
                    white: get(input)?,
                    draws: get(input)?,
                    black: get(input)?,
                    rating_sum: get(input)?,
                    unrated: 0,
                };
                if cell & 0x80 != 0 {
                    counts.unrated = get(input)?;
                }
                if cell & 0x7F >= 60 {
                    return Err(Error::Corrupt("a group's cell is out of range"));
                }
                groups.push(Group {
                    cell: cell & 0x7F,
                    month,
                    counts,
                });
            }
            let single = get(input)?.checked_sub(1);
            entry.moves.push(MoveEntry { mv, groups, single });
        }
        let top: usize = get_as(input)?;
        for _ in 0..top.min(1024) {
            entry.top.push((get(input)?, get_as(input)?));
        }
        match get(input)? {
            0 => entry.recent.clone_from(&entry.top),
            n => {
                for _ in 0..(n - 1).min(1024) {
                    entry.recent.push((get(input)?, get_as(input)?));
                }
            }
        }
        if !input.is_empty() {
            return Err(Error::Corrupt("an entry has bytes past its end"));
        }
        Ok(entry)
    }

    /// Reads the short form of an entry of one game.
    fn decode_one_game(input: &mut &[u8]) -> Result<Entry, Error> {
        let mv: u16 = get_as(input)?;
        let byte = get_byte(input)?;
        let cell = byte & 0x3F;
        if cell >= 60 {
            return Err(Error::Corrupt("a group's cell is out of range"));
        }
        let month = get_as(input)?;
        let rating = get(input)?;
        let game = get(input)?;
        if !input.is_empty() {
            return Err(Error::Corrupt("an entry has bytes past its end"));
        }
        let mut counts = Counts::default();
        match byte >> 6 {
            0 => counts.white = 1,
            1 => counts.draws = 1,
            2 => counts.black = 1,
            _ => return Err(Error::Corrupt("a result is unknown")),
        }
        match rating.checked_sub(1) {
            Some(rating) => counts.rating_sum = rating,
            None => counts.unrated = 1,
        }
        Ok(Entry {
            moves: vec![MoveEntry {
                mv,
                groups: vec![Group {
                    cell,
                    month,
                    counts,
                }],
                single: Some(game),
            }],
            top: vec![(game, mv)],
            recent: vec![(game, mv)],
        })
    }
}

/// Leaves the first [`KEPT_GAMES`] games of `list` in the order `key`
/// gives (ties as listed), a game and move that this order puts twice
/// side by side once: what a stable sort by `key`, then dropping repeats
/// and cutting the list, leaves. The best are picked without sorting the
/// rest (a fold or a merge may add up the lists of many entries).
fn keep_best<K: Ord>(list: &mut Vec<(u64, u16)>, key: impl Fn(u64) -> K) {
    let mut keyed: Vec<(K, usize)> = list
        .iter()
        .enumerate()
        .map(|(at, &(game, _))| (key(game), at))
        .collect();
    if keyed.len() > KEPT_GAMES {
        keyed.select_nth_unstable(KEPT_GAMES - 1);
        let best = &mut keyed[..KEPT_GAMES];
        best.sort_unstable();
        let mut kept: Vec<(u64, u16)> = best.iter().map(|&(_, at)| list[at]).collect();
        kept.dedup();
        // A repeat among the best: the next ones count too.
        if kept.len() == KEPT_GAMES {
            *list = kept;
            return;
        }
    }
    keyed.sort_unstable();
    let mut kept: Vec<(u64, u16)> = keyed.iter().map(|&(_, at)| list[at]).collect();
    kept.dedup();
    kept.truncate(KEPT_GAMES);
    *list = kept;
}

#[cfg(test)]
mod tests {
    use super::{Entry, Played};
    use crate::model::game::Outcome;

    fn played(mv: u16, game: u64, outcome: Outcome, rating: Option<u16>) -> Played {
        Played {
            mv,
            cell: 23,
            month: 24_310,
            outcome,
            rating,
            game,
        }
    }

    #[test]
    fn the_best_kept_are_those_a_whole_sort_keeps() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |below: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % below
        };
        for round in 0..3000 {
            let length = next(40);
            // Few games and moves, so that repeats and ties are common;
            // repeats side by side in some rounds only.
            let games = 1 + next(if round % 2 == 0 { 6 } else { 60 });
            let list: Vec<(u64, u16)> = (0..length)
                .map(|_| (next(games), u16::try_from(next(3)).unwrap()))
                .collect();
            let key = |game: u64| game % 7;
            let mut sorted = list.clone();
            sorted.sort_by_cached_key(|&(game, _)| key(game));
            sorted.dedup();
            sorted.truncate(super::KEPT_GAMES);
            let mut kept = list.clone();
            super::keep_best(&mut kept, key);
            assert_eq!(kept, sorted, "{list:?}");
        }
    }

    /// Entries read back as written, the short form of one game included.
    #[test]
    fn entries_round_trip() {
        for rating in [Some(1734), None] {
            for outcome in [Outcome::White, Outcome::Draw, Outcome::Black] {
                let mut one = Entry::default();
                one.add(&played(700, 12_345, outcome, rating));
                let mut bytes = Vec::new();
                one.encode(&mut bytes);
                assert!(bytes.len() <= 11, "{}", bytes.len());
                let mut direct = Vec::new();
                Entry::encode_one(&played(700, 12_345, outcome, rating), &mut direct);
                assert_eq!(direct, bytes);
                assert_eq!(Entry::decode(&bytes).unwrap(), one);
                let mut two = one.clone();
                two.add(&played(701, 12_346, Outcome::Draw, Some(1500)));
                bytes.clear();
                two.encode(&mut bytes);
                assert_eq!(Entry::decode(&bytes).unwrap(), two);
            }
        }
    }

    /// Entries of games split among several runs, merged, hold what one
    /// entry of all the games holds (the lists of kept games aside, which
    /// are trimmed apart).
    #[test]
    fn merged_entries_equal_one_entry() {
        let outcomes = [Outcome::White, Outcome::Draw, Outcome::Black];
        let games: Vec<Played> = (0..400u64)
            .map(|game| {
                let mix = game.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
                let small = |n: u64| u16::try_from(mix % n).unwrap();
                Played {
                    mv: 700 + small(3),
                    cell: u8::try_from(small(7) * 8).unwrap(),
                    month: 24_300 + u32::from(small(13)),
                    outcome: outcomes[usize::from(small(3))],
                    rating: (mix % 5 != 0).then_some(1000 + small(1500)),
                    game,
                }
            })
            .collect();
        let mut whole = Entry::default();
        for game in &games {
            whole.add(game);
        }
        for runs in [1, 2, 3, 16] {
            let mut merged = Entry::default();
            for run in 0..runs {
                let mut part = Entry::default();
                for game in games.iter().skip(run).step_by(runs) {
                    part.add(game);
                }
                merged.merge(part);
            }
            for (a, b) in merged.moves.iter().zip(&whole.moves) {
                assert_eq!((a.mv, &a.groups), (b.mv, &b.groups), "{runs} runs");
            }
            assert_eq!(merged.moves.len(), whole.moves.len());
        }
        // Groups out of order, as an entry made by hand may hold them:
        // still added up, each cell and month once.
        let mut shuffled = whole.clone();
        for played in &mut shuffled.moves {
            played.groups.reverse();
        }
        let mut twice = whole.clone();
        twice.merge(shuffled);
        for (a, b) in twice.moves.iter().zip(&whole.moves) {
            assert_eq!(a.groups.len(), b.groups.len());
            assert_eq!(a.games(), 2 * b.games());
        }
    }

    /// Bytes that are no entry are errors, never panics.
    #[test]
    fn broken_bytes_are_errors() {
        let mut one = Entry::default();
        one.add(&played(700, 12_345, Outcome::White, Some(1900)));
        let mut bytes = Vec::new();
        one.encode(&mut bytes);
        for cut in 0..bytes.len() {
            assert!(Entry::decode(&bytes[..cut]).is_err());
        }
        assert!(Entry::decode(&[0, 1, 0xFF, 0, 0, 0]).is_err());
        assert!(Entry::decode(&[0xFF; 12]).is_err());
    }
}
