//! One cell of the game table, as a column reads it from a record, and
//! the readings of the typed tags: dates, times of day, signed rating
//! changes and time controls. A value that cannot be read is `Null`.

use std::borrow::Cow;
use std::fmt;

/// One cell: what a column reads from a record, before
/// it becomes an Arrow value or text.
///
/// ```
/// use chess960_archive::table::Value;
///
/// assert_eq!(Value::date("2024.02.29").to_string(), "2024-02-29");
/// assert_eq!(Value::date("2023.02.29"), Value::Null);
/// assert_eq!(Value::time("23:59:07").to_string(), "23:59:07");
/// assert_eq!(Value::signed("-12"), Value::Int(-12));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value<'a> {
    /// No value: the tag is missing or unreadable.
    Null,
    /// Text, borrowed from the record or owned.
    Text(Cow<'a, str>),
    /// A count, an id, a rating: written as a number.
    UInt(u64),
    /// A signed number (a rating change).
    Int(i64),
    /// A date: days since 1970-01-01 (Arrow's `date32`), written
    /// `YYYY-MM-DD`.
    Date(i32),
    /// A time of day: seconds since midnight (Arrow's `time64`, in
    /// microseconds), written `HH:MM:SS`.
    Time(u32),
    /// A list of words held as one text, the words separated by single
    /// spaces (Arrow's `list<utf8>`, an empty text the empty list): written
    /// as it is in text formats and as an array in JSON; for computed
    /// columns (the replayed moves, `e2e4 e7e5`).
    Words(Cow<'a, str>),
}

impl<'a> Value<'a> {
    /// A text value, or `Null`.
    ///
    /// ```
    /// use chess960_archive::table::Value;
    ///
    /// assert_eq!(Value::text(None), Value::Null);
    /// assert_eq!(Value::text(Some("Ada")).to_string(), "Ada");
    /// ```
    pub fn text(value: Option<&'a str>) -> Value<'a> {
        value.map_or(Value::Null, |text| Value::Text(Cow::Borrowed(text)))
    }

    /// A PGN date (`UTCDate`, `Date`): `YYYY.MM.DD` (or with `-` or `/`),
    /// every digit written, a real day of the Gregorian calendar from
    /// year 1 to 9999 (the days Python's `date` holds); `Null` for
    /// anything else (a `??` part, `2024.1.5`, a 30th of February, year
    /// `0000`).
    ///
    /// ```
    /// use chess960_archive::table::Value;
    ///
    /// assert_eq!(Value::date("1970.01.02"), Value::Date(1));
    /// assert_eq!(Value::date("2024.??.??"), Value::Null);
    /// assert_eq!(Value::date("0000.01.01"), Value::Null);
    /// ```
    pub fn date(text: &str) -> Value<'static> {
        let parts: Vec<&str> = text.trim().split(['.', '-', '/']).collect();
        let [year, month, day] = parts[..] else {
            return Value::Null;
        };
        let (Some(year), Some(month), Some(day)) =
            (exactly(year, 4), exactly(month, 2), exactly(day, 2))
        else {
            return Value::Null;
        };
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        let days_in_month = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return Value::Null,
        };
        if year == 0 || day == 0 || day > days_in_month {
            return Value::Null;
        }
        Value::Date(days_from_civil(year, month, day))
    }

    /// A PGN time of day (`UTCTime`, `Time`): `HH:MM:SS`, two digits
    /// each, in range; `Null` for anything else.
    ///
    /// ```
    /// use chess960_archive::table::Value;
    ///
    /// assert_eq!(Value::time("00:01:05"), Value::Time(65));
    /// assert_eq!(Value::time("24:00:00"), Value::Null);
    /// ```
    pub fn time(text: &str) -> Value<'static> {
        let parts: Vec<&str> = text.trim().split(':').collect();
        let [hours, minutes, seconds] = parts[..] else {
            return Value::Null;
        };
        match (exactly(hours, 2), exactly(minutes, 2), exactly(seconds, 2)) {
            (Some(hours @ 0..24), Some(minutes @ 0..60), Some(seconds @ 0..60)) => {
                Value::Time((hours * 60 + minutes) * 60 + seconds)
            }
            _ => Value::Null,
        }
    }

    /// A signed whole number (`WhiteRatingDiff`: `+7`, `-12`, `0`);
    /// `Null` for anything else.
    ///
    /// ```
    /// use chess960_archive::table::Value;
    ///
    /// assert_eq!(Value::signed("+7"), Value::Int(7));
    /// assert_eq!(Value::signed("?"), Value::Null);
    /// ```
    pub fn signed(text: &str) -> Value<'static> {
        let text = text.trim();
        let (negative, digits_text) = match text.as_bytes().first() {
            Some(b'-') => (true, &text[1..]),
            Some(b'+') => (false, &text[1..]),
            _ => (false, text),
        };
        match digits(digits_text, 18) {
            Some(value) => {
                let value = i64::from(value);
                Value::Int(if negative { -value } else { value })
            }
            None => Value::Null,
        }
    }

    /// Whether the value is written as a bare number in JSON.
    pub fn is_number(&self) -> bool {
        matches!(self, Value::UInt(_) | Value::Int(_))
    }
}

/// A time control's base time and increment in seconds: `180+2` is
/// `(180, 2)`, `300` is `(300, 0)`; `None` for `-` (no clock), `?`, and
/// the forms of several periods or moves per period (`40/7200:3600`).
///
/// ```
/// use chess960_archive::table::time_control;
///
/// assert_eq!(time_control("180+2"), Some((180, 2)));
/// assert_eq!(time_control("-"), None);
/// assert_eq!(time_control("4294967295+0"), Some((4_294_967_295, 0)));
/// assert_eq!(time_control("4294967296+0"), None);
/// ```
pub fn time_control(text: &str) -> Option<(u32, u32)> {
    let text = text.trim();
    let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
    // Ten digits hold every `u32`; a larger number is `None` (`parse`).
    Some((digits(base, 10)?, digits(increment, 10)?))
}

/// `text` as a number of exactly `count` ASCII digits.
fn exactly(text: &str, count: usize) -> Option<u32> {
    if text.len() == count {
        digits(text, count)
    } else {
        None
    }
}

/// `text` as a number of 1 to `most` ASCII digits.
fn digits(text: &str, most: usize) -> Option<u32> {
    if text.is_empty() || text.len() > most || !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Days from 1970-01-01 to a day of the proleptic Gregorian calendar
/// (the year counted from March, so that the leap day comes last).
fn days_from_civil(year: u32, month: u32, day: u32) -> i32 {
    let year = i64::from(year) - i64::from(month <= 2);
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month = i64::from(month);
    let day_of_year =
        (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + i64::from(day) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    // Years 0000 to 9999: well within i32.
    i32::try_from(era * 146_097 + day_of_era - 719_468).unwrap_or(i32::MIN)
}

/// The day of `days` since 1970-01-01: year, month, day.
fn civil_from_days(days: i32) -> (i64, u32, u32) {
    let days = i64::from(days) + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    // Both in range by construction.
    (
        year,
        u32::try_from(month).unwrap_or(1),
        u32::try_from(day).unwrap_or(1),
    )
}

impl fmt::Display for Value<'_> {
    /// The value as text formats write it: nothing for `Null`, dates
    /// `YYYY-MM-DD`, times `HH:MM:SS`, lists space-separated.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Null => Ok(()),
            Value::Text(text) => f.write_str(text),
            Value::UInt(number) => write!(f, "{number}"),
            Value::Int(number) => write!(f, "{number}"),
            Value::Date(days) => {
                let (year, month, day) = civil_from_days(*days);
                write!(f, "{year:04}-{month:02}-{day:02}")
            }
            Value::Time(seconds) => write!(
                f,
                "{:02}:{:02}:{:02}",
                seconds / 3600,
                seconds / 60 % 60,
                seconds % 60
            ),
            Value::Words(words) => f.write_str(words),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Value, civil_from_days, days_from_civil};

    #[test]
    fn days_go_both_ways_over_four_centuries() {
        let first = days_from_civil(1900, 1, 1);
        assert_eq!(first, -25_567);
        for days in first..first + 400 * 366 {
            let (year, month, day) = civil_from_days(days);
            let (year, month, day) = (u32::try_from(year).unwrap(), month, day);
            assert_eq!(days_from_civil(year, month, day), days);
            assert_eq!(
                Value::date(&format!("{year:04}.{month:02}.{day:02}")),
                Value::Date(days)
            );
        }
    }

    #[test]
    fn unreadable_values_are_null() {
        for text in [
            "",
            "2024",
            "2024.13.01",
            "2024.00.10",
            "2024.1.1",
            "2100.02.29",
            "??",
        ] {
            assert_eq!(Value::date(text), Value::Null, "{text}");
        }
        assert_eq!(Value::date("2000.02.29").to_string(), "2000-02-29");
        for text in ["", "12:00", "12:60:00", "1:02:03", "-1:00:00"] {
            assert_eq!(Value::time(text), Value::Null, "{text}");
        }
        for text in ["", "+", "--1", "1.5", "+-2"] {
            assert_eq!(Value::signed(text), Value::Null, "{text}");
        }
        assert_eq!(super::time_control("40/7200:3600"), None);
        assert_eq!(super::time_control("300"), Some((300, 0)));
        assert_eq!(super::time_control("?"), None);
    }
}
