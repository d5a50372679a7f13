//! `serde` for [`Eval`] and [`Wdl`]: written as structs, in every format,
//! and never read back.
//!
//! | type | writes |
//! | --- | --- |
//! | [`Eval`] | a struct `Eval {cp: i16, wdl: Option<Wdl>, depth: u8, best: UciMove}` (`best` as [`UciMove`](crate::UciMove) is written: `"c2c4"` in human-readable formats, a `u16` in compact ones) |
//! | [`Wdl`] | a struct `Wdl {win: u16, draw: u16, loss: u16}`, per mille |
//!
//! An evaluation is a fact of the compiled table, not a value a user makes:
//! there is no `Deserialize`; write the [`Position`](crate::Position) and
//! read its `eval()` back.
//!
//! ```
//! use chess960::Position;
//!
//! let eval = Position::STANDARD.eval();
//! let json: serde_json::Value = serde_json::to_value(eval)?;
//! assert_eq!(json["cp"], eval.cp());
//! assert_eq!(json["depth"], eval.depth());
//! assert_eq!(json["best"], eval.best().to_string());
//! if let Some(wdl) = eval.wdl() {
//!     assert_eq!(json["wdl"]["draw"], wdl.draw());
//! }
//! # Ok::<(), serde_json::Error>(())
//! ```

use crate::{Eval, Wdl};
use serde::ser::{Serialize, SerializeStruct, Serializer};

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Eval {
    /// A struct `{cp, wdl, depth, best}` in every format.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_struct("Eval", 4)?;
        out.serialize_field("cp", &self.cp())?;
        out.serialize_field("wdl", &self.wdl())?;
        out.serialize_field("depth", &self.depth())?;
        out.serialize_field("best", &self.best())?;
        out.end()
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Wdl {
    /// A struct `{win, draw, loss}` in every format.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_struct("Wdl", 3)?;
        out.serialize_field("win", &self.win())?;
        out.serialize_field("draw", &self.draw())?;
        out.serialize_field("loss", &self.loss())?;
        out.end()
    }
}
