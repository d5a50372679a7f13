//! One record as the columns read it: the [`Game`], the tags the reader
//! does not keep (read again from the record's bytes, once a row, only
//! those asked for), the movetext, and the reading thread's
//! [`Computed`] state.

use super::computed::Computed;
use super::value::Value;
use crate::collect::Game;
use chess960_games::read::TagPairs;
use std::borrow::Cow;

/// One record as the columns read it.
///
/// ```
/// use chess960_archive::table::Columns;
///
/// // Rows are made by `Columns::row` on the reading threads (see its
/// // example); `opening` is read again from each record's bytes.
/// let columns = Columns::parse("white,opening")?;
/// assert!(columns.needs_raw());
/// # Ok::<(), chess960_archive::table::ColumnError>(())
/// ```
#[derive(Debug)]
pub struct Row<'a> {
    game: &'a Game<'a>,
    /// The names of the tags read again from the record's bytes.
    names: &'a [String],
    /// Their values, in the order of `names` (`None`: missing).
    values: Vec<Option<Cow<'a, str>>>,
    /// The record's bytes, when the reading keeps them.
    raw: Option<&'a [u8]>,
    /// The movetext's bytes, when found with the tags.
    movetext: Option<&'a [u8]>,
    computed: &'a Computed,
}

impl<'a> Row<'a> {
    /// The row of `game`, with the first value of each tag of `names`
    /// read from its bytes (when the reading keeps them), and where its
    /// movetext lies when `movetext` (the same scan of the tag section).
    pub(super) fn new(
        game: &'a Game<'a>,
        names: &'a [String],
        movetext: bool,
        computed: &'a Computed,
    ) -> Row<'a> {
        let raw = game.raw();
        let mut values = vec![None; names.len()];
        let mut found = None;
        if let Some(raw) = raw {
            let mut pairs = TagPairs::new(raw);
            let mut missing = names.len();
            if missing > 0 {
                for pair in &mut pairs {
                    if let Some(slot) = names.iter().position(|name| name == pair.name()) {
                        if values[slot].is_none() {
                            values[slot] = Some(pair.value());
                            missing -= 1;
                            if missing == 0 {
                                break;
                            }
                        }
                    }
                }
            }
            if movetext {
                found = Some(pairs.movetext());
            }
        }
        Row {
            game,
            names,
            values,
            raw,
            movetext: found,
            computed,
        }
    }

    /// The record.
    pub fn game(&self) -> &'a Game<'a> {
        self.game
    }

    /// The reading thread's state for computed columns, filled for this
    /// row.
    pub fn computed(&self) -> &'a Computed {
        self.computed
    }

    /// The value of a tag read again from the record's bytes (`name` must
    /// be among those the table asked for).
    pub fn tag(&self, name: &str) -> Option<&str> {
        let slot = self.names.iter().position(|known| known == name)?;
        self.values[slot].as_deref()
    }

    /// The value of the `slot`th tag read again, as a text value.
    pub(crate) fn tag_at(&self, slot: usize) -> Value<'a> {
        self.values
            .get(slot)
            .and_then(Option::as_ref)
            .map_or(Value::Null, |value| Value::Text(value.clone()))
    }

    /// [`Row::tag`] as a text value.
    pub(crate) fn tag_value(&self, name: &str) -> Value<'a> {
        self.names
            .iter()
            .position(|known| known == name)
            .map_or(Value::Null, |slot| self.tag_at(slot))
    }

    /// The movetext as written (`Null` without the record's bytes).
    pub(crate) fn movetext(&self) -> Value<'a> {
        let movetext = self
            .movetext
            .or_else(|| self.raw.map(|raw| TagPairs::new(raw).movetext()));
        movetext.map_or(Value::Null, |movetext| {
            // Text that is not UTF-8 is read as ISO 8859-1, byte for char,
            // as the tags are (decision 0005): no byte is lost.
            Value::Text(match std::str::from_utf8(movetext) {
                Ok(text) => Cow::Borrowed(text),
                Err(_) => Cow::Owned(movetext.iter().map(|&byte| char::from(byte)).collect()),
            })
        })
    }
}
