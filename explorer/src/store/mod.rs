//! The db on disk: one redb file, `explorer.redb`, in the db's folder
//! (decision 0019), with its tables: the entries of positions that
//! several games reached, by key; the runs of single-game positions
//! (`runs`); the games by number, and their lines (`game_lines`); the
//! games' keys, in runs (which keep a game from being counted twice and
//! find a game by its id: `game_key_runs`); each game's
//! tags and mainline (`game_texts`); the lists of the games of each
//! position of several games (`lists-N`); and the db's settings (format
//! version, plies, players).

pub(crate) mod bits;
pub(crate) mod compact;
pub(crate) mod evals;
pub(crate) mod file;
pub(crate) mod fold;
pub(crate) mod keys;
pub(crate) mod lists;
pub mod merge;
pub(crate) mod records;
pub(crate) mod runs;
pub(crate) mod texts;

use crate::error::{Error, store};
use redb::{Database, ReadOnlyDatabase, TableDefinition};
use std::path::{Path, PathBuf};

/// The format version this crate writes and reads.
pub const FORMAT_VERSION: u32 = 10;

/// The bytes of redb's page cache: a writer's (redb's default, 1 GiB,
/// would take most of the indexer's memory bound) and a reader's.
const CACHE_BYTES: usize = 192 << 20;

/// The file in a db's folder.
pub const FILE: &str = "explorer.redb";

/// Game number to game record: its key, players, ratings, result, time
/// and id (a listing of games reads these only).
pub(crate) const GAMES: TableDefinition<'static, u64, &[u8]> = TableDefinition::new("games");
/// Game number to the game's line: its start and its indexed moves.
pub(crate) const GAME_LINES: TableDefinition<'static, u64, &[u8]> =
    TableDefinition::new("game_lines");
/// Setting name to value.
pub(crate) const META: TableDefinition<'static, &str, &[u8]> = TableDefinition::new("meta");

/// The db's settings, fixed when it is made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Plies indexed from each game.
    pub plies: u32,
    /// The players of a player's db (lowercased), else empty.
    pub players: Vec<String>,
}

impl Settings {
    pub(crate) fn read(txn: &redb::ReadTransaction, path: &Path) -> Result<Settings, Error> {
        let meta = txn.open_table(META).map_err(|error| match error {
            redb::TableError::TableDoesNotExist(_) => Error::Missing(path.to_owned()),
            other => store(other),
        })?;
        let get = |name: &str| -> Result<Option<Vec<u8>>, Error> {
            Ok(meta
                .get(name)
                .map_err(store)?
                .map(|value| value.value().to_vec()))
        };
        let version = get("format")?
            .and_then(|bytes| <[u8; 4]>::try_from(bytes.as_slice()).ok())
            .map(u32::from_le_bytes)
            .ok_or_else(|| Error::Corrupt("the format version is missing"))?;
        if version != FORMAT_VERSION {
            return Err(Error::Version {
                path: path.to_owned(),
                found: version,
                expected: FORMAT_VERSION,
            });
        }
        let plies = get("plies")?
            .and_then(|bytes| <[u8; 4]>::try_from(bytes.as_slice()).ok())
            .map(u32::from_le_bytes)
            .ok_or_else(|| Error::Corrupt("the plies setting is missing"))?;
        let players = get("players")?.unwrap_or_default();
        let players = String::from_utf8(players)
            .map_err(|_| Error::Corrupt("the players are not UTF-8"))?
            .split('\n')
            .filter(|name| !name.is_empty())
            .map(str::to_owned)
            .collect();
        Ok(Settings { plies, players })
    }
}

/// The file of the db in folder `dir`.
pub(crate) fn file(dir: &Path) -> PathBuf {
    dir.join(FILE)
}

/// Maps redb's errors on opening.
fn open_error(dir: &Path, error: redb::DatabaseError) -> Error {
    match error {
        redb::DatabaseError::DatabaseAlreadyOpen => Error::Busy(dir.to_owned()),
        redb::DatabaseError::UpgradeRequired(_) => Error::Version {
            path: dir.to_owned(),
            found: 0,
            expected: FORMAT_VERSION,
        },
        redb::DatabaseError::Storage(redb::StorageError::Io(io)) => Error::Io(dir.to_owned(), io),
        other => store(other),
    }
}

/// redb's settings: the page cache's size.
fn builder() -> redb::Builder {
    let mut builder = Database::builder();
    builder.set_cache_size(CACHE_BYTES);
    builder
}

/// Opens the db file `path` for writing, made if missing, as redb's
/// `Builder::create` does, its writes gathered ([`file`]).
fn create(path: &Path) -> Result<Database, redb::DatabaseError> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)?;
    builder().create_with_backend(file::GatheredFile::new(redb::backends::FileBackend::new(
        file,
    )?))
}

/// Opens the db in `dir` for reading. A db left by a writer that was
/// killed is repaired first (redb rolls back to its last commit).
pub(crate) fn open_read(dir: &Path) -> Result<(ReadOnlyDatabase, Settings), Error> {
    let path = file(dir);
    if !path.is_file() {
        return Err(Error::Missing(dir.to_owned()));
    }
    let builder = builder();
    let db = match builder.open_read_only(&path) {
        Err(redb::DatabaseError::RepairAborted) => {
            // Not closed cleanly: a writer's open repairs it.
            drop(
                builder
                    .open(&path)
                    .map_err(|error| open_error(dir, error))?,
            );
            builder.open_read_only(&path)
        }
        other => other,
    }
    .map_err(|error| open_error(dir, error))?;
    let txn = redb::ReadableDatabase::begin_read(&db).map_err(store)?;
    let settings = Settings::read(&txn, dir)?;
    drop(txn);
    Ok((db, settings))
}

/// The file a new db is made in and set up before it takes the name
/// [`FILE`].
const NEW_FILE: &str = "explorer.redb.new";

/// Opens (or makes) the db in `dir` for writing, with `settings` when it
/// is new; an existing db must have been made with the same ones.
///
/// A new db is made under another name and linked to its own once set up
/// (its tables and settings committed): a writer killed while making it
/// leaves no db, not a file that is not yet one, and the next writer
/// makes it again. Two writers making one db at once: one makes it, the
/// other is refused as busy.
pub(crate) fn open_write(dir: &Path, settings: &Settings) -> Result<Database, Error> {
    std::fs::create_dir_all(dir).map_err(|error| Error::Io(dir.to_owned(), error))?;
    let path = file(dir);
    if !path.exists()
        && let Some(db) = make(dir, &path, settings)?
    {
        return Ok(db);
    }
    let db = create(&path).map_err(|error| open_error(dir, error))?;
    set_up(&db, dir, settings)?;
    Ok(db)
}

/// Makes the db of `dir` under [`NEW_FILE`], then gives it the name
/// `path` without replacing one there: `None` when another writer made
/// the db first.
fn make(dir: &Path, path: &Path, settings: &Settings) -> Result<Option<Database>, Error> {
    let new = dir.join(NEW_FILE);
    let remove = |file: &Path| match std::fs::remove_file(file) {
        Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
            Err(Error::Io(file.to_owned(), error))
        }
        _ => Ok(()),
    };
    if new.exists() {
        // Left by a writer killed while making the db (one making it now
        // holds its lock: busy).
        match create(&new) {
            Ok(left) => {
                // Removed while its lock is held, where the system lets
                // an open file be removed; else once closed.
                let removed = std::fs::remove_file(&new);
                drop(left);
                if removed.is_err() {
                    remove(&new)?;
                }
            }
            Err(redb::DatabaseError::Storage(redb::StorageError::Io(error)))
                if error.kind() == std::io::ErrorKind::InvalidData =>
            {
                remove(&new)?;
            }
            Err(error) => return Err(open_error(dir, error)),
        }
    }
    let db = create(&new).map_err(|error| open_error(dir, error))?;
    set_up(&db, dir, settings)?;
    match std::fs::hard_link(&new, path) {
        // Where an open file cannot be removed, the temporary name stays:
        // a second name of the db's own file, looked at only when the db
        // is missing.
        Ok(()) => {
            let _ = std::fs::remove_file(&new);
        }
        Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {
            // Another writer made the db meanwhile.
            drop(db);
            remove(&new)?;
            return Ok(None);
        }
        // A file system without hard links.
        Err(_) => std::fs::rename(&new, path).map_err(|error| Error::Io(path.to_owned(), error))?,
    }
    // The name kept through a crash of the machine too, where the folder
    // can be synced (not on every system).
    if let Ok(folder) = std::fs::File::open(dir) {
        let _ = folder.sync_all();
    }
    Ok(Some(db))
}

/// Checks the settings of `db` against `settings`, or writes them and
/// makes its tables when it has none.
fn set_up(db: &Database, dir: &Path, settings: &Settings) -> Result<(), Error> {
    let txn = db.begin_write().map_err(store)?;
    let existing = {
        let read = redb::ReadableDatabase::begin_read(db).map_err(store)?;
        match Settings::read(&read, dir) {
            Ok(found) => Some(found),
            Err(Error::Missing(_)) => None,
            Err(Error::Corrupt(_)) if is_empty(&read)? => None,
            Err(error) => return Err(error),
        }
    };
    if let Some(found) = existing {
        if found.plies != settings.plies {
            return Err(Error::Settings {
                path: dir.to_owned(),
                detail: format!(
                    "the db indexes {} plies a game, not {}: use --plies {} (or another db)",
                    found.plies, settings.plies, found.plies
                ),
            });
        }
        if found.players != settings.players {
            let shown = |players: &[String]| {
                if players.is_empty() {
                    "all players".to_owned()
                } else {
                    players.join(", ")
                }
            };
            return Err(Error::Settings {
                path: dir.to_owned(),
                detail: format!(
                    "the db is of {}, not of {}",
                    shown(&found.players),
                    shown(&settings.players)
                ),
            });
        }
        drop(txn);
    } else {
        {
            let mut meta = txn.open_table(META).map_err(store)?;
            meta.insert("format", FORMAT_VERSION.to_le_bytes().as_slice())
                .map_err(store)?;
            meta.insert("plies", settings.plies.to_le_bytes().as_slice())
                .map_err(store)?;
            meta.insert("players", settings.players.join("\n").as_bytes())
                .map_err(store)?;
            txn.open_table(GAMES).map_err(store)?;
            txn.open_table(GAME_LINES).map_err(store)?;
            txn.open_table(keys::KEY_RUNS).map_err(store)?;
            txn.open_table(crate::store::runs::RUNS).map_err(store)?;
            txn.open_table(crate::store::texts::GAME_TEXTS)
                .map_err(store)?;
            txn.open_table(crate::store::lists::LIST_TABLES)
                .map_err(store)?;
        }
        txn.commit().map_err(store)?;
    }
    Ok(())
}

/// Whether the meta table is empty (a db made but never set up).
fn is_empty(txn: &redb::ReadTransaction) -> Result<bool, Error> {
    match txn.open_table(META) {
        Ok(meta) => Ok(redb::ReadableTableMetadata::is_empty(&meta).map_err(store)?),
        Err(_) => Ok(true),
    }
}
