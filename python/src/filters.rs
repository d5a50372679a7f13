//! The keywords every function that reads archives takes, declared once:
//! `start`, `min_elo`, `max_elo`, `player`, `event`, `variant`,
//! `time_control`, `threads` and `progress`. `read_games`,
//! `write_parquet`, `start_stats`, `player_stats`, `opening_stats` and
//! `explorer_index` take them as `**filters` and read them here, into the archive to read and
//! its filter (`Filters::request`); the stubs (`_chess960.pyi`) spell them
//! out for type checkers.

use crate::inputs::{inputs_of, naming, text, type_name, unsigned};
use crate::reading::{Request, report_of};
use crate::set::set_of;
use chess960_archive::{Archive, Cancel, Progress};
use chess960_games::read::{Filter, Players};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

/// What `min_elo` and `max_elo` are.
const ELO: &str = "a rating from 0 to 4294967295";

/// The keywords shared by the reading functions, as given (None for
/// those not given or given as None).
#[derive(Default)]
pub(crate) struct Filters<'py> {
    start: Option<Bound<'py, PyAny>>,
    min_elo: Option<Bound<'py, PyAny>>,
    max_elo: Option<Bound<'py, PyAny>>,
    player: Option<Bound<'py, PyAny>>,
    event: Option<Bound<'py, PyAny>>,
    variant: Option<Bound<'py, PyAny>>,
    time_control: Option<Bound<'py, PyAny>>,
    threads: Option<Bound<'py, PyAny>>,
    progress: Option<Bound<'py, PyAny>>,
}

impl<'py> Filters<'py> {
    /// Reads the keywords `function` was called with beyond its own: each
    /// must be one of the shared ones, as Python's own calls would say.
    pub(crate) fn of(function: &str, keywords: Option<&Bound<'py, PyDict>>) -> PyResult<Self> {
        let mut filters = Filters::default();
        let Some(keywords) = keywords else {
            return Ok(filters);
        };
        for (key, value) in keywords.iter() {
            let name: String = key.extract()?;
            let value = (!value.is_none()).then_some(value);
            let slot = match name.as_str() {
                "start" => &mut filters.start,
                "min_elo" => &mut filters.min_elo,
                "max_elo" => &mut filters.max_elo,
                "player" => &mut filters.player,
                "event" => &mut filters.event,
                "variant" => &mut filters.variant,
                "time_control" => &mut filters.time_control,
                "threads" => &mut filters.threads,
                "progress" => &mut filters.progress,
                _ => {
                    return Err(PyTypeError::new_err(format!(
                        "{function}() got an unexpected keyword argument '{name}'"
                    )));
                }
            };
            *slot = value;
        }
        Ok(filters)
    }

    /// The player (a name or a list of names) given as an argument of the
    /// function's own, as `player_stats` takes it: given as a keyword too,
    /// it is given twice.
    pub(crate) fn with_player(
        mut self,
        function: &str,
        player: &Bound<'py, PyAny>,
    ) -> PyResult<Self> {
        if self.player.is_some() {
            return Err(PyTypeError::new_err(format!(
                "{function}() got multiple values for argument 'player'"
            )));
        }
        self.player = Some(player.clone());
        Ok(self)
    }

    /// The names given as `player` (none: every game), checked.
    pub(crate) fn player_names(&self) -> PyResult<Vec<String>> {
        names_of(self.player.as_ref())
    }

    /// The filter of the ratings and tag texts (the players and starts are
    /// added by `request`).
    fn filter(&self) -> PyResult<Filter> {
        let mut filter = Filter::new();
        if let Some(elo) = unsigned::<u32>(self.min_elo.as_ref(), "min_elo", ELO)? {
            filter = filter.min_elo(elo);
        }
        if let Some(elo) = unsigned::<u32>(self.max_elo.as_ref(), "max_elo", ELO)? {
            filter = filter.max_elo(elo);
        }
        if let Some(text) = text(self.event.as_ref(), "event")? {
            filter = filter.event(&text);
        }
        if let Some(text) = text(self.variant.as_ref(), "variant")? {
            filter = filter.variant(&text);
        }
        if let Some(text) = text(self.time_control.as_ref(), "time_control")? {
            filter = filter.time_control(&text);
        }
        Ok(filter)
    }

    /// The archive of `paths` with its filter, players, threads, progress
    /// and cancel, checked in the order the arguments come.
    pub(crate) fn request(&self, paths: &Bound<'py, PyAny>) -> PyResult<Request> {
        let mut filter = self.filter()?;
        let names = names_of(self.player.as_ref())?;
        let mut players = Players::new();
        for name in &names {
            filter = filter.player(name);
            players.add(name);
        }
        if let Some(start) = &self.start {
            let set = set_of(start).map_err(|error| naming(start.py(), "start", error))?;
            filter = filter.starts(set);
        }
        let cancel = Cancel::new();
        let counters = Progress::new();
        let mut archive = inputs_of(paths)?
            .into_iter()
            .fold(Archive::new(), |archive, input| input.add_to(archive))
            .filter(filter)
            .players(players)
            .cancel(&cancel)
            .progress(&counters);
        let threads_are = "1 or more (None: all cores)";
        if let Some(threads) = unsigned::<usize>(self.threads.as_ref(), "threads", threads_are)? {
            if threads == 0 {
                return Err(PyValueError::new_err(format!(
                    "threads is {threads_are}, not 0"
                )));
            }
            archive = archive.threads(threads);
        }
        let report = report_of(self.progress.as_ref())?;
        Ok(Request {
            archive,
            cancel,
            progress: counters,
            report,
        })
    }
}

/// Reads `player`: a name or a sequence of names.
fn names_of(player: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(player) = player else {
        return Ok(Vec::new());
    };
    let names: Vec<String> = if player.is_instance_of::<PyString>() {
        vec![player.extract()?]
    } else {
        player.extract().map_err(|_| {
            let shown = player
                .repr()
                .map_or_else(|_| type_name(player), |repr| repr.to_string());
            let shown: String = shown.chars().take(60).collect();
            PyTypeError::new_err(format!(
                "player is a name or a list of names (texts), not {shown}"
            ))
        })?
    };
    if let Some(name) = names.iter().find(|name| name.trim().is_empty()) {
        return Err(PyValueError::new_err(format!(
            "player needs a name, not {name:?}"
        )));
    }
    Ok(names)
}
