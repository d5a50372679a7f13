//! The databases a server answers from, each by a name of its own: the
//! page's tabs, and the `db` parameter of every question. A db named
//! `masters` answers `/masters`, in lichess's masters shape; a player's db
//! (made with `--player`) answers `/player`; any other, `/lichess`.

use crate::Explorer;
use crate::explore::params::ParamError;
use serde::Serialize;
use std::fmt;
use std::sync::Arc;

/// Which of lichess's explorers a db answers as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Kind {
    /// `/lichess`: games of every player.
    Lichess,
    /// `/masters`: the db named `masters` (years, no speeds or ratings).
    Masters,
    /// `/player`: one player's games (a db made with `--player`).
    Player,
}

impl Kind {
    /// The path its questions are asked at (`/lichess`, `/masters`,
    /// `/player`).
    ///
    /// ```
    /// use chess960_explorer::serve::Kind;
    ///
    /// assert_eq!(Kind::Masters.path(), "/masters");
    /// ```
    pub fn path(self) -> &'static str {
        match self {
            Kind::Lichess => "/lichess",
            Kind::Masters => "/masters",
            Kind::Player => "/player",
        }
    }
}

/// One db served, by name.
#[derive(Debug)]
pub struct Database {
    name: String,
    kind: Kind,
    explorer: Arc<Explorer>,
}

impl Database {
    /// Its name, as the `db` parameter gives it.
    ///
    /// ```no_run
    /// use chess960_explorer::{Explorer, serve::Databases};
    ///
    /// let mut dbs = Databases::new();
    /// dbs.add("lichess", Explorer::open("explorer")?)?;
    /// assert_eq!(dbs.iter().next().unwrap().name(), "lichess");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Which explorer it answers as.
    ///
    /// ```no_run
    /// use chess960_explorer::{Explorer, serve::{Databases, Kind}};
    ///
    /// let mut dbs = Databases::new();
    /// dbs.add("masters", Explorer::open("masters")?)?;
    /// assert_eq!(dbs.iter().next().unwrap().kind(), Kind::Masters);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The db.
    ///
    /// ```no_run
    /// use chess960_explorer::{Explorer, serve::Databases};
    ///
    /// let mut dbs = Databases::new();
    /// dbs.add("lichess", Explorer::open("explorer")?)?;
    /// let games = dbs.iter().next().unwrap().explorer().games()?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn explorer(&self) -> &Arc<Explorer> {
        &self.explorer
    }
}

/// A name that cannot be a db's: empty, over 32 bytes, other than ASCII
/// letters, digits, `-` and `_`, or taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameError(String);

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NameError {}

/// The dbs a server answers from, in the order given: the first of each
/// kind answers its path when a question names no `db`.
///
/// ```no_run
/// use chess960_explorer::{Explorer, serve::Databases};
///
/// let mut dbs = Databases::new();
/// dbs.add("lichess", Explorer::open("lichess-db")?)?;
/// dbs.add("masters", Explorer::open("masters-db")?)?;
/// assert_eq!(dbs.len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct Databases {
    list: Vec<Database>,
}

impl Databases {
    /// No dbs yet.
    ///
    /// ```
    /// assert!(chess960_explorer::serve::Databases::new().is_empty());
    /// ```
    pub fn new() -> Databases {
        Databases::default()
    }

    /// One db, named after its kind: `player` for a player's db, else
    /// `lichess`.
    ///
    /// ```no_run
    /// use chess960_explorer::{Explorer, serve::Databases};
    ///
    /// let dbs = Databases::one(Explorer::open("explorer")?);
    /// assert_eq!(dbs.len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn one(explorer: Explorer) -> Databases {
        let name = if explorer.is_player() {
            "player"
        } else {
            "lichess"
        };
        let mut dbs = Databases::new();
        dbs.list.push(Database {
            name: name.to_owned(),
            kind: kind_of(name, &explorer),
            explorer: Arc::new(explorer),
        });
        dbs
    }

    /// Adds `explorer` as `name`. Its kind: [`Kind::Player`] for a
    /// player's db, [`Kind::Masters`] when named `masters`, else
    /// [`Kind::Lichess`].
    ///
    /// ```no_run
    /// use chess960_explorer::{Explorer, serve::Databases};
    ///
    /// let mut dbs = Databases::new();
    /// dbs.add("lichess", Explorer::open("explorer")?)?;
    /// assert!(dbs.add("lichess", Explorer::open("other")?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`NameError`] when `name` is empty, longer than 32 bytes, holds
    /// other than ASCII letters, digits, `-` and `_`, or is taken.
    pub fn add(&mut self, name: &str, explorer: Explorer) -> Result<(), NameError> {
        if name.is_empty()
            || name.len() > 32
            || !name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        {
            return Err(NameError(format!(
                "{name:?} is no db name (1 to 32 ASCII letters, digits, - and _)"
            )));
        }
        if self.get(name).is_some() {
            return Err(NameError(format!("two dbs are named {name}")));
        }
        self.list.push(Database {
            name: name.to_owned(),
            kind: kind_of(name, &explorer),
            explorer: Arc::new(explorer),
        });
        Ok(())
    }

    /// How many dbs.
    ///
    /// ```
    /// assert_eq!(chess960_explorer::serve::Databases::new().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there are none.
    ///
    /// ```
    /// assert!(chess960_explorer::serve::Databases::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The dbs, in the order added.
    ///
    /// ```
    /// assert_eq!(chess960_explorer::serve::Databases::new().iter().count(), 0);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = &Database> {
        self.list.iter()
    }

    /// The db named `name`.
    ///
    /// ```
    /// assert!(chess960_explorer::serve::Databases::new().get("lichess").is_none());
    /// ```
    pub fn get(&self, name: &str) -> Option<&Database> {
        self.list.iter().find(|db| db.name == name)
    }

    /// The db a question at `kind`'s path asks: the one named by `db`
    /// (which must be of that kind; of any kind at `/lichess`, whose
    /// answers every db can give), else the first of that kind (at
    /// `/lichess`, else the first db). `Ok(None)`: none of that kind.
    ///
    /// ```
    /// use chess960_explorer::serve::{Databases, Kind};
    ///
    /// let dbs = Databases::new();
    /// assert!(dbs.choose(Kind::Lichess, None)?.is_none());
    /// assert_eq!(dbs.choose(Kind::Lichess, Some("x")).unwrap_err().parameter(), "db");
    /// # Ok::<(), chess960_explorer::params::ParamError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ParamError`] naming `db` when no db has that name, or it is of
    /// another kind.
    pub fn choose(&self, kind: Kind, db: Option<&str>) -> Result<Option<&Database>, ParamError> {
        if let Some(name) = db.map(str::trim).filter(|name| !name.is_empty()) {
            let Some(found) = self.get(name) else {
                let names: Vec<&str> = self.list.iter().map(|db| db.name.as_str()).collect();
                return Err(ParamError::new(
                    "db",
                    format!("no db is named {name} (served: {})", names.join(", ")),
                ));
            };
            if kind != Kind::Lichess && found.kind != kind {
                return Err(ParamError::new(
                    "db",
                    format!(
                        "{name} is asked at {}, not {}",
                        found.kind.path(),
                        kind.path()
                    ),
                ));
            }
            return Ok(Some(found));
        }
        let first = self.list.iter().find(|db| db.kind == kind);
        Ok(match kind {
            Kind::Lichess => first.or_else(|| self.list.first()),
            _ => first,
        })
    }
}

/// The kind of a db named `name`.
fn kind_of(name: &str, explorer: &Explorer) -> Kind {
    if explorer.is_player() {
        Kind::Player
    } else if name == "masters" {
        Kind::Masters
    } else {
        Kind::Lichess
    }
}
