//! The rules a game was played by, read from its `Variant` tag as the
//! world spells it.

use core::fmt;

/// The rules named by a `Variant` tag.
///
/// ```
/// use chess960_games::read::Variant;
///
/// for name in ["Chess960", "chess 960", "Fischerandom", "FischerRandom",
///              "Fischer Random", "Chess960 (Fischer Random)", "frc", "960"] {
///     assert_eq!(Variant::from_name(name), Variant::Chess960, "{name}");
/// }
/// assert_eq!(Variant::from_name("Standard"), Variant::Standard);
/// assert_eq!(Variant::from_name("Three-check"), Variant::ThreeCheck);
/// assert_eq!(Variant::from_name("crazyhouse960"), Variant::Crazyhouse);
/// assert_eq!(Variant::from_name("Shogi"), Variant::Other);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Variant {
    /// The ordinary rules: no tag, `Standard`, `Normal`, `From Position`...
    Standard,
    /// Chess960 (Fischer random chess), double Chess960 included.
    Chess960,
    /// Crazyhouse (captured pieces come back).
    Crazyhouse,
    /// Atomic (captures explode).
    Atomic,
    /// Antichess (giveaway, suicide: losing every piece wins).
    Antichess,
    /// King of the Hill (a king on the centre wins).
    KingOfTheHill,
    /// Three-check (three checks win).
    ThreeCheck,
    /// Horde (36 White pawns).
    Horde,
    /// Racing Kings (race the king to the eighth rank).
    RacingKings,
    /// Any other name.
    Other,
}

impl Variant {
    /// The variant a `Variant` tag names, ignoring case, spaces and
    /// punctuation. Names of another variant win over "960" in them
    /// (`Crazyhouse960` is Crazyhouse).
    pub fn from_name(name: &str) -> Variant {
        // The names servers write, at once.
        match name {
            "Chess960" | "chess960" | "Fischerandom" => return Variant::Chess960,
            "Standard" => return Variant::Standard,
            _ => {}
        }
        // The letters and digits, lowercase; long names are cut (no name
        // below needs more).
        let mut buffer = [0u8; 64];
        let mut length = 0;
        for byte in name.bytes().filter(u8::is_ascii_alphanumeric) {
            if length == buffer.len() {
                break;
            }
            buffer[length] = byte.to_ascii_lowercase();
            length += 1;
        }
        let key = &buffer[..length];
        let has = |part: &[u8]| key.windows(part.len()).any(|window| window == part);
        match key {
            b"" | b"standard" | b"normal" | b"chess" | b"fromposition" | b"orthodox"
            | b"regular" => return Variant::Standard,
            b"koth" => return Variant::KingOfTheHill,
            b"frc" | b"dfrc" => return Variant::Chess960,
            _ => {}
        }
        if has(b"crazyhouse") {
            Variant::Crazyhouse
        } else if has(b"atomic") {
            Variant::Atomic
        } else if has(b"antichess") || has(b"giveaway") || has(b"suicide") {
            Variant::Antichess
        } else if has(b"kingofthehill") {
            Variant::KingOfTheHill
        } else if has(b"threecheck") || has(b"3check") {
            Variant::ThreeCheck
        } else if has(b"horde") {
            Variant::Horde
        } else if has(b"racingkings") {
            Variant::RacingKings
        } else if has(b"960") || has(b"fischerrandom") || has(b"fischerandom") {
            Variant::Chess960
        } else {
            Variant::Other
        }
    }

    /// A short name for people and tables.
    ///
    /// ```
    /// assert_eq!(chess960_games::read::Variant::KingOfTheHill.name(), "King of the Hill");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Standard => "Standard",
            Variant::Chess960 => "Chess960",
            Variant::Crazyhouse => "Crazyhouse",
            Variant::Atomic => "Atomic",
            Variant::Antichess => "Antichess",
            Variant::KingOfTheHill => "King of the Hill",
            Variant::ThreeCheck => "Three-check",
            Variant::Horde => "Horde",
            Variant::RacingKings => "Racing Kings",
            Variant::Other => "other variant",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
