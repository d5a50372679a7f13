//! The explorer over HTTP (feature `serve`): lichess's explorer API at
//! `/lichess` (with `/masters` for a db named `masters` and `/player` for
//! a database of one player's games), from one db or several by name
//! ([`Databases`]), and a page at `/` to explore them in a browser; axum
//! on tokio.
//!
//! [`router`] gives the routes for any axum server; [`run`] serves them on
//! a listener until a future ends, then finishes the requests in flight;
//! [`run_until_signal`] does both on a runtime of its own until Ctrl-C or
//! SIGTERM, as `chess960 explorer serve` does.
//!
//! Every answer is JSON or the page; a request that cannot be answered is
//! a 400 naming its parameter (`{"error": "...", "parameter": "play"}`),
//! an unknown path a 404, a query that waits or runs too long a 503. The
//! limits are [`MAX_QUERY_LEN`](crate::explore::params::MAX_QUERY_LEN) bytes of query
//! string, [`MAX_CONCURRENT_QUERIES`] queries at once and [`QUERY_TIMEOUT`]
//! per query.

mod cloud_eval;
mod dbs;
mod games;
mod live;
mod page;
mod page_eval;
mod reply;

pub use dbs::{Database, Databases, Kind, NameError};

use crate::analysis::live::Live;
use crate::explore::params;
use axum::Router;
use axum::extract::State;
use axum::http::Uri;
use axum::response::Response;
use axum::routing::get;
use std::future::{Future, IntoFuture as _};
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// How many queries run at once; more wait for a turn (up to
/// [`QUERY_TIMEOUT`]).
///
/// ```
/// assert_eq!(chess960_explorer::serve::MAX_CONCURRENT_QUERIES, 16);
/// ```
pub const MAX_CONCURRENT_QUERIES: usize = 16;

/// The longest a query may wait for its turn and run: past it the answer
/// is a 503 (`{"error": "..."}`).
///
/// ```
/// assert_eq!(chess960_explorer::serve::QUERY_TIMEOUT.as_secs(), 5);
/// ```
pub const QUERY_TIMEOUT: Duration = Duration::from_secs(5);

/// How long [`run`] waits, once told to stop, for the requests in flight
/// before it drops the connections.
///
/// ```
/// assert!(chess960_explorer::serve::SHUTDOWN_GRACE.as_millis() <= 1000);
/// ```
pub const SHUTDOWN_GRACE: Duration = Duration::from_millis(800);

/// What every request shares: the databases, the turns to query them,
/// the page.
struct Shared {
    dbs: Databases,
    /// The engines of live analysis (`serve --engine`).
    live: Option<Arc<Live>>,
    turns: Arc<Semaphore>,
    page: page::Page,
}

/// The routes: `GET /` (the page, with `/explorer.js`, `/explorer.css`
/// and `/favicon.svg`), `GET /lichess` (lichess's explorer API: the answer,
/// plus the position's FEN as `fen` and the moves played in SAN as
/// `playSan`, and with `legal=true` every legal move as `legal`, for a
/// board), `GET /masters` (lichess's masters explorer, of the db named
/// `masters`), `GET /player` (the same question of a database made with
/// `--player`, as lichess's personal explorer is asked), each of the db
/// named by `db` or the first of its kind; `GET /dbs` (the dbs: name,
/// kind, players, games); `GET /api/cloud-eval` (the db's engine
/// evaluation of a position, as lichess's cloud evaluation answers);
/// `GET /analysis` (with `live`, the engines of `serve --engine`: a live
/// analysis as server-sent events, stopped when the client goes);
/// anything else a 404 as JSON.
///
/// Queries run on tokio's blocking threads, [`MAX_CONCURRENT_QUERIES`] at
/// once, each within [`QUERY_TIMEOUT`]. Must run inside a tokio runtime
/// (as axum's servers do).
///
/// ```no_run
/// use chess960_explorer::{Explorer, serve};
///
/// let dbs = serve::Databases::one(Explorer::open("explorer")?);
/// let app: axum::Router = serve::router(dbs, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn router(dbs: Databases, live: Option<Live>) -> Router {
    let shared = Arc::new(Shared {
        dbs,
        live: live.map(Arc::new),
        turns: Arc::new(Semaphore::new(MAX_CONCURRENT_QUERIES)),
        page: page::Page::new(),
    });
    Router::new()
        .route("/", get(index))
        .route("/explorer.js", get(script))
        .route("/explorer.css", get(style))
        .route("/favicon.svg", get(icon))
        .route("/lichess", get(lichess))
        .route("/masters", get(masters))
        .route("/player", get(player))
        .route("/dbs", get(databases))
        .route("/api/cloud-eval", get(cloud_eval::cloud_eval))
        .route("/analysis", get(live::analysis))
        .route("/games", get(games::games))
        .route("/game/{id}", get(games::game))
        .fallback(not_found)
        .with_state(shared)
}

async fn index(State(shared): State<Arc<Shared>>) -> Response {
    shared.page.html()
}

async fn icon(State(shared): State<Arc<Shared>>) -> Response {
    shared.page.icon()
}

async fn script() -> Response {
    page::Page::script()
}

async fn style() -> Response {
    page::Page::style()
}

async fn not_found() -> Response {
    reply::not_found()
}

impl Shared {
    /// The db a question at `kind`'s path asks ([`Databases::choose`]), or
    /// the refusal: a 400 naming `db`, a 404 when none is of that kind.
    fn explorer_for(
        &self,
        kind: Kind,
        db: Option<&str>,
    ) -> Result<Arc<crate::Explorer>, Box<Response>> {
        match self.dbs.choose(kind, db) {
            Ok(Some(db)) => Ok(Arc::clone(db.explorer())),
            Ok(None) => Err(Box::new(reply::not_found_because(&format!(
                "no db served answers {}: {}",
                kind.path(),
                match kind {
                    Kind::Masters => "serve one named masters (--db masters=DIR)",
                    Kind::Player => "serve one made with --player",
                    Kind::Lichess => "serve one (--db DIR)",
                }
            )))),
            Err(error) => Err(Box::new(reply::bad_request(
                error.parameter(),
                error.reason(),
            ))),
        }
    }

    /// The db named by the `db` parameter of the query string `raw`, else
    /// the first answering `/lichess`, or the refusal.
    fn explorer_of(&self, raw: &str) -> Result<Arc<crate::Explorer>, Box<Response>> {
        let [db] = params::read_named(raw, ["db"])
            .map_err(|error| Box::new(reply::bad_request(error.parameter(), error.reason())))?;
        self.explorer_for(Kind::Lichess, db.as_deref())
    }
}

async fn lichess(State(shared): State<Arc<Shared>>, uri: Uri) -> Response {
    answer(shared, &uri, Kind::Lichess).await
}

async fn masters(State(shared): State<Arc<Shared>>, uri: Uri) -> Response {
    answer(shared, &uri, Kind::Masters).await
}

async fn player(State(shared): State<Arc<Shared>>, uri: Uri) -> Response {
    answer(shared, &uri, Kind::Player).await
}

async fn databases(State(shared): State<Arc<Shared>>) -> Response {
    reply::databases(&shared.dbs)
}

/// Reads the query string, chooses the db, waits for a turn, runs the
/// query on a blocking thread, all within [`QUERY_TIMEOUT`], and writes
/// the answer or why there is none.
async fn answer(shared: Arc<Shared>, uri: &Uri, kind: Kind) -> Response {
    let raw = uri.query().unwrap_or("");
    let [db, legal] = match params::read_named(raw, ["db", "legal"]) {
        Ok(values) => values,
        Err(error) => return reply::bad_request(error.parameter(), error.reason()),
    };
    let legal = match legal.map(|text| params::read_flag(&text, "legal")) {
        None => false,
        Some(Ok(legal)) => legal,
        Some(Err(error)) => return reply::bad_request(error.parameter(), error.reason()),
    };
    let explorer = match shared.explorer_for(kind, db.as_deref()) {
        Ok(explorer) => explorer,
        Err(refusal) => return *refusal,
    };
    let read = match kind {
        Kind::Lichess => params::parse_query(raw),
        Kind::Masters => params::parse_masters_query(raw),
        Kind::Player => params::parse_player_query(raw, explorer.players()),
    };
    let query = match read {
        Ok(query) => query,
        Err(error) => return reply::bad_request(error.parameter(), error.reason()),
    };
    let engine_on = shared.live.is_some();
    let work = async move {
        let Ok(turn) = Arc::clone(&shared.turns).acquire_owned().await else {
            return reply::unavailable("the server is shutting down");
        };
        // The turn goes with the query: given back when it ends, even
        // after its answer was given up for taking too long.
        let answered = tokio::task::spawn_blocking(move || {
            let answer = explorer.query(&query);
            drop(turn);
            answer.map(|answer| (reply::line_of(&query, legal), answer))
        })
        .await;
        match answered {
            Ok(Ok((line, answer))) => reply::answer(&answer, line.as_ref(), kind, engine_on),
            Ok(Err(error)) => reply::query_error(&error),
            Err(_) => reply::internal("the query failed unexpectedly"),
        }
    };
    tokio::time::timeout(QUERY_TIMEOUT, work)
        .await
        .unwrap_or_else(|_| {
            reply::unavailable(&format!(
                "no answer within {} s: the server is busy",
                QUERY_TIMEOUT.as_secs()
            ))
        })
}

/// Serves [`router`]`(dbs, live)` on `listener` until `shutdown` ends, then
/// stops taking connections and lets the requests in flight finish, for
/// at most [`SHUTDOWN_GRACE`].
///
/// ```no_run
/// use chess960_explorer::{Explorer, serve};
///
/// # async fn example() -> Result<(), Box<dyn std::error::Error>> {
/// let dbs = serve::Databases::one(Explorer::open("explorer")?);
/// let listener = tokio::net::TcpListener::bind("127.0.0.1:9002").await?;
/// serve::run(dbs, None, listener, serve::shutdown_signal()).await?;
/// # Ok(())
/// # }
/// ```
///
/// # Errors
///
/// The listener's error, should accepting connections fail for good.
pub async fn run<F>(
    dbs: Databases,
    live: Option<Live>,
    listener: tokio::net::TcpListener,
    shutdown: F,
) -> io::Result<()>
where
    F: Future<Output = ()> + Send + 'static,
{
    let (told, stop) = tokio::sync::oneshot::channel::<()>();
    let signal = async move {
        shutdown.await;
        let _ = told.send(());
    };
    let server = tokio::spawn(
        axum::serve(listener, router(dbs, live))
            .with_graceful_shutdown(signal)
            .into_future(),
    );
    let abort = server.abort_handle();
    // Ends when told to stop, or when the server ends first (the sender,
    // owned by the server, is dropped then).
    let _ = stop.await;
    match tokio::time::timeout(SHUTDOWN_GRACE, server).await {
        Ok(Ok(result)) => result,
        Ok(Err(join)) => Err(io::Error::other(join)),
        Err(_) => {
            abort.abort();
            Ok(())
        }
    }
}

/// Ends at the first Ctrl-C (SIGINT) or, on Unix, SIGTERM; never, where
/// neither can be listened for.
///
/// ```no_run
/// # async fn example() {
/// chess960_explorer::serve::shutdown_signal().await;
/// println!("stopping");
/// # }
/// ```
pub async fn shutdown_signal() {
    let (tx, mut rx) = tokio::sync::mpsc::channel::<()>(1);
    #[cfg(unix)]
    {
        let tx = tx.clone();
        tokio::spawn(async move {
            use tokio::signal::unix::{SignalKind, signal};
            if let Ok(mut term) = signal(SignalKind::terminate()) {
                term.recv().await;
                let _ = tx.send(()).await;
            } else {
                std::future::pending::<()>().await;
            }
        });
    }
    tokio::spawn(async move {
        if tokio::signal::ctrl_c().await.is_ok() {
            let _ = tx.send(()).await;
        } else {
            std::future::pending::<()>().await;
        }
    });
    rx.recv().await;
}

/// Binds `addr`, calls `ready` with the address bound (the port chosen
/// when `addr`'s is 0), and serves `dbs` (with `live`'s engines) until Ctrl-C or SIGTERM
/// ([`shutdown_signal`]), on a multi-threaded runtime of its own; returns
/// within a second of the signal.
///
/// ```no_run
/// use chess960_explorer::{Explorer, serve};
///
/// let dbs = serve::Databases::one(Explorer::open("explorer")?);
/// serve::run_until_signal(dbs, None, "127.0.0.1:9002".parse()?, |addr| {
///     println!("serving on http://{addr}/");
/// })?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// The runtime's or the listener's error: the address taken, or not this
/// machine's.
pub fn run_until_signal(
    dbs: Databases,
    live: Option<Live>,
    addr: SocketAddr,
    ready: impl FnOnce(SocketAddr),
) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("chess960-explorer")
        .build()?;
    let served = runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        run(dbs, live, listener, shutdown_signal()).await
    });
    // A query still running on a blocking thread is not waited for.
    runtime.shutdown_timeout(Duration::from_millis(100));
    served
}
