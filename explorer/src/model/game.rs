//! What the db keeps of a game: its id, players, ratings, result, speed,
//! month and time, read from its tags, and its key (by id, else by its
//! tags and moves), which keeps a game from being counted twice.

use crate::error::Error;
use crate::model::codec::{self, get, get_as, get_byte, get_strs, put, put_text};
use crate::model::query::{GameRef, Month, Player, RatingGroup, Speed};
use chess960_games::read::{TagName, TagPairs, Tags};
use std::borrow::Cow;

/// A game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1-0`.
    White,
    /// `1/2-1/2`.
    Draw,
    /// `0-1`.
    Black,
}

impl Outcome {
    /// The result of a `Result` tag (`None` for `*` or anything else).
    ///
    /// ```
    /// use chess960_explorer::game::Outcome;
    ///
    /// assert_eq!(Outcome::of("1/2-1/2"), Some(Outcome::Draw));
    /// assert_eq!(Outcome::of("*"), None);
    /// ```
    pub fn of(result: &str) -> Option<Outcome> {
        match result.trim() {
            "1-0" => Some(Outcome::White),
            "1/2-1/2" => Some(Outcome::Draw),
            "0-1" => Some(Outcome::Black),
            _ => None,
        }
    }
}

/// One game as the db keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The game's key: a hash of its id, or of its tags and moves.
    pub key: u128,
    /// The last path segment of its `Site` URL; else a short id derived
    /// from its key ([`derived_id`]).
    pub id: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// White's rating.
    pub white_elo: Option<u16>,
    /// Black's rating.
    pub black_elo: Option<u16>,
    /// The result.
    pub outcome: Outcome,
    /// The speed.
    pub speed: Speed,
    /// The month (`UTCDate`, else `Date`).
    pub month: Option<Month>,
    /// When, as the number `YYYYMMDDhhmmss` (unknown parts 0): orders
    /// recent games.
    pub when: u64,
}

/// The last path segment of a `Site` that is a URL (`https://host/abcd1234`
/// gives `abcd1234`), but for a last segment `white` or `black` (a game's
/// page seen from that side, as lichess's addresses have it: the id is
/// the segment before); `None` for anything else (`?`, a town).
///
/// ```
/// use chess960_explorer::game::site_id;
///
/// assert_eq!(site_id("https://example.org/AbCd1234"), Some("AbCd1234"));
/// assert_eq!(site_id("https://example.org/AbCd1234/black"), Some("AbCd1234"));
/// assert_eq!(site_id("https://example.org/game/live/123"), Some("123"));
/// assert_eq!(site_id("Oslo NOR"), None);
/// ```
pub fn site_id(site: &str) -> Option<&str> {
    // Lichess's address of a game first (most of the archives' games):
    // what the whole reading below gives for it, at a glance.
    if let Some(id) = site.strip_prefix("https://lichess.org/")
        && !id.is_empty()
        && id.bytes().all(|byte| byte.is_ascii_alphanumeric())
    {
        return Some(id);
    }
    any_site_id(site)
}

/// [`site_id`] of any `Site`, read whole.
fn any_site_id(site: &str) -> Option<&str> {
    let site = site.trim();
    // After the first `://`, found byte by byte: a search for the text
    // `"://"` set up a searcher for every game, most of this function's
    // cost (a thousand instructions a call, called twice a game).
    let bytes = site.as_bytes();
    let mut from = 0;
    let rest = loop {
        let colon = from + bytes.get(from..)?.iter().position(|&b| b == b':')?;
        if bytes.get(colon + 1..colon + 3) == Some(b"//") {
            break site.get(colon + 3..)?;
        }
        from = colon + 1;
    };
    let path = &rest[rest.find('/')? + 1..];
    let path = &path[..path.find(['?', '#']).unwrap_or(path.len())];
    let mut segments = path.trim_end_matches('/').rsplit('/');
    let last = segments.next().filter(|segment| !segment.is_empty())?;
    match (last, segments.next()) {
        ("white" | "black", Some(game)) if !game.is_empty() => Some(game),
        _ => Some(last),
    }
}

/// The digits of a derived id.
const DIGITS: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// The id of a game whose `Site` is no URL: the high 64 bits of its key
/// (a hash of its tags as written and its indexed moves) as 11 base-62
/// digits, most significant first, so that it is the same in every run
/// and every merge, and leads back to the key.
///
/// ```
/// use chess960_explorer::game::{derived_id, key_of_derived_id};
///
/// let key = 0x0123_4567_89AB_CDEF_u128 << 64 | 42;
/// let id = derived_id(key);
/// assert_eq!(id.len(), 11);
/// assert_eq!(key_of_derived_id(&id), Some(0x0123_4567_89AB_CDEF));
/// assert_eq!(key_of_derived_id("AbCd1234"), None);
/// ```
pub fn derived_id(key: u128) -> String {
    #[allow(clippy::cast_possible_truncation)] // the high half
    let mut value = (key >> 64) as u64;
    let mut digits = [b'0'; 11];
    for digit in digits.iter_mut().rev() {
        *digit = DIGITS[usize::try_from(value % 62).unwrap_or(0)];
        value /= 62;
    }
    String::from_utf8_lossy(&digits).into_owned()
}

/// The high 64 bits of the key that [`derived_id`] made `id` of (`None`
/// for a text it does not make).
pub fn key_of_derived_id(id: &str) -> Option<u64> {
    if id.len() != 11 {
        return None;
    }
    let mut value: u128 = 0;
    for byte in id.bytes() {
        let digit = DIGITS.iter().position(|&d| d == byte)?;
        value = value * 62 + digit as u128;
    }
    u64::try_from(value).ok()
}

impl GameInfo {
    /// A game's record from its tags and, for its time of day and date,
    /// the tag pairs of its bytes (`UTCDate`, `UTCTime`); `None` without a
    /// decided result. `moves` (its UCI plies as replayed) enter the key of
    /// a game without an id.
    ///
    /// ```
    /// use chess960_games::read::Reader;
    /// use chess960_explorer::game::{GameInfo, Outcome};
    /// use chess960_explorer::query::Speed;
    ///
    /// let pgn = "[Site \"https://example.org/x1\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"0-1\"]\n\
    ///            [WhiteElo \"1500\"]\n[BlackElo \"1700\"]\n[TimeControl \"60+0\"]\n[UTCDate \"2024.05.01\"]\n\n1. e4 0-1\n";
    /// let mut reader = Reader::new(pgn.as_bytes()).keep_raw();
    /// let (record, raw) = reader.next_with_raw().unwrap();
    /// let info = GameInfo::of(record.tags(), raw.unwrap(), &["e2e4"]).unwrap();
    /// assert_eq!((info.id.as_str(), info.outcome, info.speed), ("x1", Outcome::Black, Speed::Bullet));
    /// assert_eq!(info.month.unwrap().to_string(), "2024-05");
    /// assert_eq!(info.rating_group().lower(), 1600);
    /// ```
    pub fn of(tags: &Tags, raw: &[u8], moves: &[&str]) -> Option<GameInfo> {
        let pairs: Vec<(&[u8], Cow<'_, [u8]>)> = TagPairs::new(raw)
            .map(|pair| (pair.name_bytes(), pair.value_bytes()))
            .collect();
        GameInfo::of_pairs(tags, GameInfo::site_id(tags), &pairs, moves)
    }

    /// The id a game's `Site` gives ([`site_id`]), if any.
    pub(crate) fn site_id(tags: &Tags) -> Option<&str> {
        tags.get(TagName::Site).and_then(site_id)
    }

    /// [`GameInfo::of`] from the record's id (of [`GameInfo::site_id`])
    /// and tag pairs as written, each name and value (unescaped, UTF-8)
    /// as bytes, read once by the caller.
    pub(crate) fn of_pairs(
        tags: &Tags,
        id: Option<&str>,
        pairs: &[(&[u8], Cow<'_, [u8]>)],
        moves: &[&str],
    ) -> Option<GameInfo> {
        let outcome = Outcome::of(tags.get(TagName::Result)?)?;
        let elo = |color| {
            tags.elo(color)
                .and_then(|elo| u16::try_from(elo).ok())
                .filter(|&elo| elo > 0)
        };
        let (mut utc_date, mut utc_time) = (None, None);
        for (name, value) in pairs {
            match *name {
                b"UTCDate" => utc_date = std::str::from_utf8(value).ok(),
                b"UTCTime" => utc_time = std::str::from_utf8(value).ok(),
                _ => {}
            }
        }
        let date = utc_date.or_else(|| tags.get(TagName::Date)).unwrap_or("");
        let id = id.unwrap_or("");
        let key = if id.is_empty() {
            // Without an id, the tag pairs as written and the moves.
            let mut bytes = Vec::with_capacity(512);
            bytes.extend_from_slice(b"tags+moves\n");
            for (name, value) in pairs {
                bytes.extend_from_slice(name);
                bytes.push(0);
                bytes.extend_from_slice(value);
                bytes.push(0);
            }
            for mv in moves {
                bytes.extend_from_slice(mv.as_bytes());
                bytes.push(b' ');
            }
            codec::hash128(&bytes)
        } else {
            // "id\n" and the id, on the stack unless long.
            let mut stack = [0u8; 64];
            let whole = 3 + id.len();
            if whole <= stack.len() {
                stack[..3].copy_from_slice(b"id\n");
                stack[3..whole].copy_from_slice(id.as_bytes());
                codec::hash128(&stack[..whole])
            } else {
                codec::hash128(format!("id\n{id}").as_bytes())
            }
        };
        Some(GameInfo {
            key,
            id: if id.is_empty() {
                derived_id(key)
            } else {
                id.to_owned()
            },
            white: tags.get(TagName::White).unwrap_or("?").to_owned(),
            black: tags.get(TagName::Black).unwrap_or("?").to_owned(),
            white_elo: elo(chess960::Color::White),
            black_elo: elo(chess960::Color::Black),
            outcome,
            speed: tags
                .get(TagName::TimeControl)
                .and_then(Speed::of_time_control)
                .unwrap_or(Speed::Classical),
            month: Month::of_date(date),
            when: when(date, utc_time.unwrap_or("")),
        })
    }

    /// The mean of both ratings (one when the other is unknown; `None`
    /// when both are).
    pub fn mean_rating(&self) -> Option<u16> {
        mean_rating(self.white_elo, self.black_elo)
    }

    /// The rating group of [`GameInfo::mean_rating`] (below 1000 when
    /// unknown).
    pub fn rating_group(&self) -> RatingGroup {
        RatingGroup::of(self.mean_rating().map_or(0, u32::from))
    }

    /// The game's cell: speed x 10 + rating group.
    pub(crate) fn cell(&self) -> u8 {
        cell(self.speed, self.white_elo, self.black_elo)
    }

    /// The order of top-rated games: highest mean rating, then most
    /// recent, then by key.
    pub(crate) fn top_order(&self) -> (std::cmp::Reverse<u16>, std::cmp::Reverse<u64>, u128) {
        (
            std::cmp::Reverse(self.mean_rating().unwrap_or(0)),
            std::cmp::Reverse(self.when),
            self.key,
        )
    }

    /// The order of recent games: most recent, then by key.
    pub(crate) fn recent_order(&self) -> (std::cmp::Reverse<u64>, u128) {
        (std::cmp::Reverse(self.when), self.key)
    }

    /// The game as lichess's explorer lists it, with the move `uci`.
    pub fn game_ref(&self, uci: &str) -> GameRef {
        GameRef {
            uci: uci.to_owned(),
            id: self.id.clone(),
            winner: match self.outcome {
                Outcome::White => Some("white"),
                Outcome::Black => Some("black"),
                Outcome::Draw => None,
            },
            speed: self.speed,
            white: Player {
                name: self.white.clone(),
                rating: self.white_elo,
            },
            black: Player {
                name: self.black.clone(),
                rating: self.black_elo,
            },
            year: self.month.map_or(0, |month| month.year),
            month: self
                .month
                .map(|month| month.to_string())
                .unwrap_or_default(),
        }
    }

    /// The bytes the db keeps.
    pub(crate) fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.key.to_le_bytes());
        let outcome = match self.outcome {
            Outcome::White => 0,
            Outcome::Draw => 1,
            Outcome::Black => 2,
        };
        out.push(outcome | self.speed.index() << 2);
        put(out, self.month.map_or(0, |month| u64::from(month.number())));
        put(out, self.when);
        put(out, self.white_elo.map_or(0, |elo| u64::from(elo) + 1));
        put(out, self.black_elo.map_or(0, |elo| u64::from(elo) + 1));
        put_text(out, &self.id);
        put_text(out, &self.white);
        put_text(out, &self.black);
    }

    /// Reads a game's record ([`GameInfo::encode`]'s bytes).
    pub(crate) fn decode(mut input: &[u8]) -> Result<GameInfo, Error> {
        GameInfo::read(&mut input)
    }

    /// Reads a game from the front of `input`.
    fn read(input: &mut &[u8]) -> Result<GameInfo, Error> {
        GameView::read(input).map(GameView::to_info)
    }
}

/// The mean of two ratings (one when the other is unknown).
fn mean_rating(white: Option<u16>, black: Option<u16>) -> Option<u16> {
    match (white, black) {
        (Some(w), Some(b)) => {
            Some(u16::try_from(u32::midpoint(u32::from(w), u32::from(b))).unwrap_or(0))
        }
        (one, other) => one.or(other),
    }
}

/// A game's cell: speed x 10 + the rating group of its mean rating.
fn cell(speed: Speed, white: Option<u16>, black: Option<u16>) -> u8 {
    speed.index() * 10 + RatingGroup::of(mean_rating(white, black).map_or(0, u32::from)).index()
}

/// A game's record read in place, its texts borrowed ([`GameInfo`]
/// without the allocations: a listing reads millions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct GameView<'a> {
    pub(crate) key: u128,
    pub(crate) id: &'a str,
    pub(crate) white: &'a str,
    pub(crate) black: &'a str,
    pub(crate) white_elo: Option<u16>,
    pub(crate) black_elo: Option<u16>,
    pub(crate) outcome: Outcome,
    pub(crate) speed: Speed,
    pub(crate) month: Option<Month>,
    pub(crate) when: u64,
}

impl<'a> GameView<'a> {
    /// The game as [`GameInfo`] owns it.
    pub(crate) fn to_info(self) -> GameInfo {
        GameInfo {
            key: self.key,
            id: self.id.to_owned(),
            white: self.white.to_owned(),
            black: self.black.to_owned(),
            white_elo: self.white_elo,
            black_elo: self.black_elo,
            outcome: self.outcome,
            speed: self.speed,
            month: self.month,
            when: self.when,
        }
    }

    /// The game's cell ([`GameInfo::cell`]).
    pub(crate) fn cell(&self) -> u8 {
        cell(self.speed, self.white_elo, self.black_elo)
    }

    /// Reads a game from the front of `input` (a record, as
    /// [`GameInfo::encode`] wrote it).
    pub(crate) fn read(input: &mut &'a [u8]) -> Result<GameView<'a>, Error> {
        if input.len() < 16 {
            return Err(Error::Corrupt("a game's record is too short"));
        }
        let (key, rest) = input.split_at(16);
        let key = u128::from_le_bytes(key.try_into().unwrap_or([0; 16]));
        *input = rest;
        let byte = get_byte(input)?;
        let outcome = match byte & 3 {
            0 => Outcome::White,
            1 => Outcome::Draw,
            2 => Outcome::Black,
            _ => return Err(Error::Corrupt("a game's result is unknown")),
        };
        let speed = Speed::from_index(byte >> 2)
            .ok_or_else(|| Error::Corrupt("a game's speed is unknown"))?;
        let month = Month::from_number(get_as(input)?);
        let when = get(input)?;
        let elo = |value: u64| -> Result<Option<u16>, Error> {
            match value {
                0 => Ok(None),
                v => u16::try_from(v - 1)
                    .map(Some)
                    .map_err(|_| Error::Corrupt("a rating is out of range")),
            }
        };
        let white_elo = elo(get(input)?)?;
        let black_elo = elo(get(input)?)?;
        let [id, white, black] = get_strs(input)?;
        Ok(GameView {
            key,
            id,
            white,
            black,
            white_elo,
            black_elo,
            outcome,
            speed,
            month,
            when,
        })
    }
}

/// `YYYYMMDDhhmmss` of a PGN date and time, unknown parts 0.
fn when(date: &str, time: &str) -> u64 {
    let number = |text: &str, max: u64| {
        text.trim()
            .parse::<u64>()
            .ok()
            .filter(|&n| n <= max)
            .unwrap_or(0)
    };
    let mut date = date.split(['.', '-', '/']);
    let mut time = time.split(':');
    let mut value = 0;
    for (part, max, scale) in [
        (date.next(), 9999, 10_000_000_000),
        (date.next(), 12, 100_000_000),
        (date.next(), 31, 1_000_000),
        (time.next(), 23, 10_000),
        (time.next(), 59, 100),
        (time.next(), 60, 1),
    ] {
        value += number(part.unwrap_or(""), max) * scale;
    }
    value
}

#[cfg(test)]
mod tests {
    use super::{any_site_id, site_id};

    #[test]
    fn site_ids_are_a_url_s_last_path_segment() {
        for (site, id) in [
            ("https://lichess.org/AbCd1234", Some("AbCd1234")),
            ("  https://lichess.org/AbCd1234  ", Some("AbCd1234")),
            ("https://lichess.org/AbCd1234/", Some("AbCd1234")),
            ("https://lichess.org/AbCd1234//", Some("AbCd1234")),
            ("https://lichess.org/AbCd1234/black", Some("AbCd1234")),
            ("https://lichess.org/AbCd1234/white/", Some("AbCd1234")),
            ("https://lichess.org/AbCd1234/white#40", Some("AbCd1234")),
            ("https://lichess.org/AbCd1234/Black", Some("Black")),
            ("https://lichess.org/black", Some("black")),
            ("https://lichess.org//black", Some("black")),
            ("https://lichess.org/black/white", Some("black")),
            ("https://lichess.org/AbCd1234/blacks", Some("blacks")),
            ("https://lichess.org/AbCd1234?x=1", Some("AbCd1234")),
            ("https://lichess.org/AbCd1234#12", Some("AbCd1234")),
            ("https://lichess.org/a/b?c=d/e", Some("b")),
            ("http://x.org/g", Some("g")),
            ("file:///games/12", Some("12")),
            ("a:b://host/id7", Some("id7")),
            ("a: ://host/x", Some("x")),
            ("https://lichess.org/", None),
            ("https://lichess.org", None),
            ("https://lichess.org/?q=1", None),
            ("https://", None),
            ("https:/", None),
            ("https:", None),
            ("://", None),
            (":", None),
            ("", None),
            ("?", None),
            ("Oslo NOR", None),
            ("Oslo: NOR", None),
            ("Århus://ÿ/é", Some("é")),
            ("ä:ö://h/ü", Some("ü")),
        ] {
            assert_eq!(site_id(site), id, "{site:?}");
            assert_eq!(any_site_id(site), id, "{site:?}");
        }
    }

    /// Lichess's addresses, taken at a glance, give what reading them
    /// whole gives.
    #[test]
    fn lichess_s_addresses_at_a_glance_are_read_as_any() {
        let mut state = 0x853C_49E6_748F_EA9Bu64;
        let letters = b"aZ09/?#_-. bw";
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let length = usize::try_from(state % 12).unwrap();
            let tail: String = (0..length)
                .map(|at| char::from(letters[usize::try_from((state >> (4 * at)) % 13).unwrap()]))
                .collect();
            for site in [
                format!("https://lichess.org/{tail}"),
                format!("https://lichess.org/{tail}/white"),
            ] {
                assert_eq!(site_id(&site), any_site_id(&site), "{site:?}");
            }
        }
        assert_eq!(site_id("https://lichess.org/white"), Some("white"));
    }
}
