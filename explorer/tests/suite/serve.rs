//! The server (feature `serve`) over a real socket: its answers equal the
//! library's, with the position's FEN and SAN added; every refusal is a
//! 400 naming its parameter; random query strings never get a 5xx; the
//! page is served; and it stops within a second of being told.

use crate::common::{games, pgn, temp_dir};
use chess960_archive::Archive;
use chess960_explorer::query::Query;
use chess960_explorer::{Explorer, IndexOptions, index, serve};
use std::io::{Read as _, Write as _};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A server on 127.0.0.1 (a free port) in a thread of its own, and the
/// means to stop it.
struct Running {
    addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<std::io::Result<()>>>,
}

impl Running {
    fn start(explorer: Explorer) -> Running {
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let (ready, bound) = std::sync::mpsc::channel();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()?;
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
                ready.send(listener.local_addr()?).unwrap();
                serve::run(Arc::new(explorer), listener, async move {
                    let _ = stopped.await;
                })
                .await
            })
        });
        let addr = bound.recv_timeout(Duration::from_secs(10)).unwrap();
        Running {
            addr,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// One request on a connection of its own: the status and the body.
    fn get(&self, target: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(self.addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        write!(
            stream,
            "GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut response = Vec::new();
        stream.read_to_end(&mut response).unwrap();
        let response = String::from_utf8(response).unwrap();
        let status = response[9..12].parse().unwrap();
        let body = response
            .split_once("\r\n\r\n")
            .map(|(_, body)| body.to_owned())
            .unwrap_or_default();
        (status, body)
    }

    fn json(&self, target: &str) -> (u16, serde_json::Value) {
        let (status, body) = self.get(target);
        (status, serde_json::from_str(&body).unwrap())
    }

    /// Stops the server; the time it took.
    fn stop(&mut self) -> Duration {
        let started = Instant::now();
        let _ = self.stop.take().unwrap().send(());
        self.thread.take().unwrap().join().unwrap().unwrap();
        started.elapsed()
    }
}

fn served(name: &str, count: usize) -> (Running, Explorer) {
    let dir = temp_dir(name);
    let archive =
        Archive::new().reader("games.pgn", std::io::Cursor::new(pgn(&games(7, count, 0))));
    index(&archive, &dir, &IndexOptions::default()).unwrap();
    let running = Running::start(Explorer::open(&dir).unwrap());
    (running, Explorer::open(&dir).unwrap())
}

#[test]
fn answers_equal_the_library_s_with_fen_and_san() {
    let (mut server, explorer) = served("serve-answers", 300);
    let mut checked = 0;
    let mut play: Vec<String> = Vec::new();
    for _ in 0..6 {
        let target = format!(
            "/lichess?variant=chess960&start=518&play={}&moves=99&topGames=3&recentGames=2&speeds=bullet,blitz,rapid,classical,correspondence,ultraBullet",
            play.join(",")
        );
        let (status, mut answer) = server.json(&target);
        assert_eq!(status, 200, "{answer}");
        let query = Query {
            start: Some(518),
            play: play.clone(),
            speeds: Some(chess960_explorer::query::Speed::ALL.to_vec()),
            moves: Some(99),
            top_games: 3,
            recent_games: 2,
            ..Query::default()
        };
        let fen = answer.as_object_mut().unwrap().remove("fen").unwrap();
        let sans = answer.as_object_mut().unwrap().remove("playSan").unwrap();
        assert_eq!(
            answer,
            serde_json::to_value(explorer.query(&query).unwrap()).unwrap()
        );
        let board = Explorer::position(&query).unwrap();
        assert_eq!(fen, serde_json::Value::String(format!("{board:#}")));
        assert_eq!(sans.as_array().unwrap().len(), play.len());
        checked += 1;
        let Some(next) = answer["moves"][0]["uci"].as_str() else {
            break;
        };
        play.push(next.to_owned());
    }
    assert!(checked >= 3, "{checked} positions");
    assert!(server.stop() < Duration::from_secs(1));
}

#[test]
fn refusals_name_their_parameter_and_nothing_is_a_5xx() {
    let (mut server, _) = served("serve-refusals", 40);
    for (query, parameter) in [
        ("start=518&play=e2e5", "play"),
        ("start=518&play=e2e4,e2e4", "play"),
        ("fen=8/8/8/8/8/8/8/8_w_-_-_0_1", "fen"),
        ("speeds=slow", "speeds"),
        ("ratings=1500", "ratings"),
        ("since=2024-00", "since"),
        ("since=2025-01&until=2024-01", "until"),
        ("moves=x", "moves"),
        ("start=1000", "start"),
        ("variant=crazyhouse", "variant"),
    ] {
        let (status, body) = server.json(&format!("/lichess?{query}"));
        assert_eq!(status, 400, "{query}: {body}");
        assert_eq!(body["parameter"], parameter, "{query}: {body}");
        assert!(body["error"].as_str().is_some_and(|e| !e.is_empty()));
    }
    let long = format!("/lichess?fen={}", "x".repeat(5000));
    assert_eq!(server.json(&long).1["parameter"], "query");
    let (status, body) = server.json("/nowhere");
    assert_eq!(status, 404, "{body}");
    // Random query strings of the parameters' names, values and escapes.
    let noise = [
        "=",
        "&",
        "%",
        "%2",
        "%41",
        "%ff",
        "+",
        ",",
        "_",
        "e2e4",
        "518",
        "blitz",
        "1600",
        "2024-01",
        "x",
        "9999999999999999999999",
        "/",
        "8",
        "w",
        "KQkq",
    ];
    let words: Vec<&str> = chess960_explorer::params::PARAMETERS
        .iter()
        .chain(noise.iter())
        .copied()
        .collect();
    let mut seed = 0x0960_u64;
    for _ in 0..400 {
        let mut target = String::from("/lichess?");
        for _ in 0..(seed % 12) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            target.push_str(words[usize::try_from(seed % words.len() as u64).unwrap()]);
        }
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let (status, body) = server.get(&target);
        assert!(status == 200 || status == 400, "{target}: {status} {body}");
        assert!(
            serde_json::from_str::<serde_json::Value>(&body).is_ok(),
            "{target}: {body}"
        );
    }
    let (status, page) = server.get("/");
    assert_eq!(status, 200);
    assert!(page.contains(r#"<g id="c960-wK""#) && page.contains(r#""starts":[["BBQNNRKR","#));
    assert_eq!(server.get("/explorer.js").0, 200);
    assert_eq!(server.get("/explorer.css").0, 200);
    assert!(server.get("/favicon.svg").1.contains("#c960-wN"));
    assert!(server.stop() < Duration::from_secs(1));
}

#[test]
fn a_player_s_db_answers_player_queries() {
    let dir = temp_dir("serve-player");
    let archive = Archive::new().reader("games.pgn", std::io::Cursor::new(pgn(&games(9, 60, 0))));
    let options = IndexOptions {
        players: vec!["w3".to_owned()],
        ..IndexOptions::default()
    };
    index(&archive, &dir, &options).unwrap();
    let mut server = Running::start(Explorer::open(&dir).unwrap());
    let (status, body) = server.json("/player?player=W3&color=white&start=518");
    assert_eq!(status, 200, "{body}");
    let (status, body) = server.json("/player?player=someone&start=518");
    assert_eq!(
        (status, &body["parameter"]),
        (400, &"player".into()),
        "{body}"
    );
    let (status, body) = server.json("/player?color=green");
    assert_eq!(
        (status, &body["parameter"]),
        (400, &"color".into()),
        "{body}"
    );
    assert!(server.stop() < Duration::from_secs(1));
}

/// One request with extra header lines: the status, the head and the body.
fn get_raw(addr: SocketAddr, target: &str, headers: &str) -> (u16, String, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}Connection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).unwrap();
    let response = String::from_utf8(response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    (
        response[9..12].parse().unwrap(),
        head.to_lowercase(),
        body.to_owned(),
    )
}

#[test]
fn games_and_game_routes_answer_as_the_library() {
    let (mut server, explorer) = served("serve-games", 200);
    let (status, page) = server.json("/games?start=518&play=e2e4&limit=5&offset=1");
    assert_eq!(status, 200, "{page}");
    let search = chess960_explorer::GamesQuery {
        query: Query {
            start: Some(518),
            play: vec!["e2e4".into()],
            ..Query::default()
        },
        limit: 5,
        offset: 1,
        ..chess960_explorer::GamesQuery::default()
    };
    let library = explorer.games_at(&search).unwrap();
    assert_eq!(page, serde_json::to_value(&library).unwrap());
    let id = library.games[0].id.clone();
    let (status, head, body) = get_raw(server.addr, &format!("/game/{id}"), "");
    assert_eq!(status, 200);
    assert!(
        head.contains("content-type: application/x-chess-pgn"),
        "{head}"
    );
    let text = explorer.game(&id).unwrap().unwrap();
    assert_eq!(body, text.pgn);
    for (target, headers) in [
        (format!("/game/{id}?format=json"), ""),
        (format!("/game/{id}"), "Accept: application/json\r\n"),
    ] {
        let (status, head, body) = get_raw(server.addr, &target, headers);
        assert_eq!(status, 200);
        assert!(head.contains("content-type: application/json"), "{head}");
        let value: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(value, serde_json::to_value(&text).unwrap());
    }
    let (status, missing) = server.json("/game/nosuchgame");
    assert_eq!(status, 404);
    assert!(missing["error"].as_str().unwrap().contains("nosuchgame"));
    for (target, parameter) in [
        ("/games?start=518&limit=0", "limit"),
        ("/games?start=518&limit=99999", "limit"),
        ("/games?start=518&offset=x", "offset"),
        ("/games?start=518&result=2-0", "result"),
        ("/games?start=518&result=1-0&result=0-1", "result"),
        ("/games?start=960", "start"),
        ("/games?start=518&play=e2e5", "play"),
        ("/games?start=518&speeds=slow", "speeds"),
        ("/games?start=518&since=2024-13", "since"),
        ("/games?start=518&color=white", "color"),
        ("/games?fen=nonsense", "fen"),
        (&format!("/game/{id}?format=xml"), "format"),
    ] {
        let (status, body) = server.json(target);
        assert_eq!(status, 400, "{target}: {body}");
        assert_eq!(body["parameter"], parameter, "{target}: {body}");
    }
    assert!(server.stop() < Duration::from_secs(1));
}
