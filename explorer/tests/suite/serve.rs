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
use std::time::{Duration, Instant};

/// A server on 127.0.0.1 (a free port) in a thread of its own, and the
/// means to stop it.
pub(crate) struct Running {
    addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<std::io::Result<()>>>,
}

impl Running {
    pub(crate) fn start(explorer: Explorer) -> Running {
        Running::start_all(serve::Databases::one(explorer))
    }

    pub(crate) fn start_all(dbs: serve::Databases) -> Running {
        Running::start_with(dbs, None)
    }

    pub(crate) fn start_with(
        dbs: serve::Databases,
        live: Option<chess960_explorer::analysis::live::Live>,
    ) -> Running {
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
                serve::run(dbs, live, listener, async move {
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
        self.get_for(target, Duration::from_secs(10))
    }

    /// One request, read for at most `wait` (a stream is cut there): the
    /// status and the body read.
    fn get_for(&self, target: &str, wait: Duration) -> (u16, String) {
        let mut stream = TcpStream::connect(self.addr).unwrap();
        let until = Instant::now() + wait;
        write!(
            stream,
            "GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut response = Vec::new();
        let mut chunk = [0u8; 4096];
        loop {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            stream.set_read_timeout(Some(left)).unwrap();
            match stream.read(&mut chunk) {
                Ok(0) | Err(_) => break,
                Ok(n) => response.extend_from_slice(&chunk[..n]),
            }
        }
        let response = String::from_utf8_lossy(&response).into_owned();
        let status = response[9..12].parse().unwrap();
        let body = response
            .split_once("\r\n\r\n")
            .map(|(_, body)| body.to_owned())
            .unwrap_or_default();
        (status, body)
    }

    pub(crate) fn json(&self, target: &str) -> (u16, serde_json::Value) {
        let (status, body) = self.get(target);
        (status, serde_json::from_str(&body).unwrap())
    }

    /// Stops the server; the time it took.
    pub(crate) fn stop(&mut self) -> Duration {
        let started = Instant::now();
        let _ = self.stop.take().unwrap().send(());
        self.thread.take().unwrap().join().unwrap().unwrap();
        started.elapsed()
    }
}

fn served(name: &str, count: usize) -> (Running, Explorer) {
    let dir = indexed(name, 7, count, &IndexOptions::default());
    let running = Running::start(Explorer::open(&dir).unwrap());
    (running, Explorer::open(&dir).unwrap())
}

/// A db of `count` test games of `seed`, in a fresh folder.
fn indexed(name: &str, seed: u64, count: usize, options: &IndexOptions) -> std::path::PathBuf {
    let dir = temp_dir(name);
    let archive = Archive::new().reader(
        "games.pgn",
        std::io::Cursor::new(pgn(&games(seed, count, 0))),
    );
    index(&archive, &dir, options).unwrap();
    dir
}

/// The refusals of several dbs, and the page's fields: the legal moves
/// and the months.
fn refusals_and_page_fields(server: &Running) {
    for (target, parameter) in [
        ("/masters?since=20x6", "since"),
        ("/masters?db=lichess", "db"),
        ("/lichess?db=nope", "db"),
        ("/player?db=masters", "db"),
        ("/lichess?legal=maybe", "legal"),
        ("/lichess?history=maybe", "history"),
    ] {
        let (status, body) = server.json(target);
        assert_eq!(
            (status, body["parameter"].as_str()),
            (400, Some(parameter)),
            "{target}: {body}"
        );
    }
    let (status, body) = server.json("/player?start=518&color=white");
    assert_eq!(status, 200, "{body}");

    let (_, answer) = server.json("/lichess?start=518&legal=true&history=true");
    let legal = answer["legal"].as_array().unwrap();
    assert_eq!(legal.len(), 20);
    assert!(
        legal
            .iter()
            .any(|m| m["uci"] == "g1f3" && m["san"] == "Nf3")
    );
    let months: u64 = answer["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            row["white"].as_u64().unwrap()
                + row["draws"].as_u64().unwrap()
                + row["black"].as_u64().unwrap()
        })
        .sum();
    assert_eq!(
        months,
        answer["white"].as_u64().unwrap()
            + answer["draws"].as_u64().unwrap()
            + answer["black"].as_u64().unwrap()
    );
    assert!(
        server
            .get("/lichess?start=518")
            .1
            .find("\"legal\"")
            .is_none()
    );
}

/// Several dbs by name: `/dbs` lists them; `db` chooses one (a 400
/// naming `db` for an unknown one or one of another kind); `/masters`
/// answers in lichess's masters shape (no recent games, no speeds, years);
/// `/player` the player's db; `legal=true` adds the legal moves and
/// `history=true` the months.
#[test]
fn several_dbs_by_name() {
    let lichess = indexed("serve-dbs-lichess", 7, 120, &IndexOptions::default());
    let masters = indexed("serve-dbs-masters", 8, 80, &IndexOptions::default());
    let player = indexed(
        "serve-dbs-player",
        9,
        60,
        &IndexOptions {
            players: vec!["w3".to_owned()],
            ..IndexOptions::default()
        },
    );
    let mut dbs = serve::Databases::new();
    for (name, dir) in [
        ("lichess", &lichess),
        ("masters", &masters),
        ("mine", &player),
    ] {
        dbs.add(name, Explorer::open(dir).unwrap()).unwrap();
    }
    assert!(
        dbs.add("lichess", Explorer::open(&lichess).unwrap())
            .is_err()
    );
    assert!(
        dbs.add("no way", Explorer::open(&lichess).unwrap())
            .is_err()
    );
    let mut server = Running::start_all(dbs);
    let (status, listed) = server.json("/dbs");
    assert_eq!(status, 200);
    let kinds: Vec<(&str, &str)> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|db| (db["name"].as_str().unwrap(), db["kind"].as_str().unwrap()))
        .collect();
    assert_eq!(
        kinds,
        [
            ("lichess", "lichess"),
            ("masters", "masters"),
            ("mine", "player")
        ]
    );
    assert_eq!(listed[2]["players"], serde_json::json!(["w3"]));
    assert_eq!(listed[0]["games"], 120);

    let library = |dir: &std::path::Path| {
        let query = Query {
            start: Some(518),
            moves: Some(12),
            top_games: 4,
            recent_games: 4,
            ..Query::default()
        };
        serde_json::to_value(Explorer::open(dir).unwrap().query(&query).unwrap()).unwrap()
    };
    let strip = |mut answer: serde_json::Value| {
        let object = answer.as_object_mut().unwrap();
        object.remove("fen");
        object.remove("playSan");
        answer
    };
    // No db named: the first of the kind.
    let (status, answer) = server.json("/lichess?start=518");
    assert_eq!(status, 200);
    assert_eq!(strip(answer), library(&lichess));
    let (_, answer) = server.json("/lichess?start=518&db=masters");
    assert_eq!(strip(answer), library(&masters));

    let (status, answer) = server.json("/masters?start=518&since=2026&until=2026&topGames=4");
    assert_eq!(status, 200, "{answer}");
    let mut expected = library(&masters);
    let object = expected.as_object_mut().unwrap();
    object.remove("recentGames");
    for game in object["topGames"].as_array_mut().unwrap() {
        game.as_object_mut().unwrap().remove("speed");
    }
    for row in object["moves"].as_array_mut().unwrap() {
        if let Some(game) = row["game"].as_object_mut() {
            game.remove("speed");
        }
    }
    assert_eq!(strip(answer), expected);
    let (_, answer) = server.json("/masters?start=518&until=2025");
    assert_eq!(
        (
            answer["white"].as_u64(),
            answer["moves"].as_array().map(Vec::len)
        ),
        (Some(0), Some(0))
    );
    refusals_and_page_fields(&server);
    assert!(server.stop() < Duration::from_secs(1));
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
    assert_eq!(server.json("/masters").0, 404);
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

/// The events of a server-sent event stream: (name, data).
fn events(body: &str) -> Vec<(String, String)> {
    body.split("\n\n")
        .filter_map(|block| {
            let mut name = None;
            let mut data = String::new();
            for line in block.lines() {
                if let Some(value) = line.strip_prefix("event: ") {
                    name = Some(value.to_owned());
                } else if let Some(value) = line.strip_prefix("data: ") {
                    data.push_str(value);
                }
            }
            name.map(|name| (name, data))
        })
        .collect()
}

/// `serve --engine`: `/analysis` streams the lines of each depth, legal
/// and in SAN as shakmaty writes them, then `done`; a second analysis
/// while the only engine searches is told `busy`; a client that goes
/// stops its search (the engine is free again at once); without an
/// engine, a 404; a bad move, a 400 naming `play`.
#[test]
fn live_analysis_streams_deepening_lines_and_stops_when_the_client_goes() {
    use chess960_explorer::analysis::{live::Live, uci::Settings};
    use shakmaty::{Chess, Position as _, san::San, uci::UciMove};

    const STOCKFISH: &str = "/usr/games/stockfish";
    if !std::path::Path::new(STOCKFISH).is_file() {
        eprintln!("skipped: {STOCKFISH} is not installed (apt-get install stockfish)");
        return;
    }
    let dir = indexed("serve-live", 7, 40, &IndexOptions::default());
    let start = |nodes: u64| {
        let settings = Settings {
            nodes,
            multipv: 2,
            ..Settings::new(STOCKFISH)
        };
        let live = Live::new(settings, 1).unwrap();
        Running::start_with(
            serve::Databases::one(Explorer::open(&dir).unwrap()),
            Some(live),
        )
    };
    let mut server = start(100_000);
    let (status, body) = server.get("/analysis?start=451&play=e2e4");
    assert_eq!(status, 200);
    let streamed = events(&body);
    assert_eq!(
        streamed.last().map(|(name, _)| name.as_str()),
        Some("done"),
        "{body}"
    );
    let mut depths = Vec::new();
    for (name, data) in &streamed[..streamed.len() - 1] {
        assert_eq!(name, "info");
        let lines: serde_json::Value = serde_json::from_str(data).unwrap();
        depths.push(lines["depth"].as_u64().unwrap());
        let pvs = lines["pvs"].as_array().unwrap();
        assert!((1..=2).contains(&pvs.len()), "{data}");
        for pv in pvs {
            assert!(pv["cp"].is_i64() || pv["mate"].is_i64(), "{pv}");
            let mut position: Chess = crate::common::start_position(Some(451));
            let first = UciMove::from_ascii(b"e2e4")
                .unwrap()
                .to_move(&position)
                .unwrap();
            position.play_unchecked(first);
            let moves = pv["moves"].as_array().unwrap();
            let sans = pv["san"].as_array().unwrap();
            assert_eq!(moves.len(), sans.len());
            for (uci, san) in moves.iter().zip(sans) {
                let m = UciMove::from_ascii(uci.as_str().unwrap().as_bytes())
                    .unwrap()
                    .to_move(&position)
                    .unwrap();
                assert_eq!(
                    San::from_move(&position, m).to_string(),
                    san.as_str().unwrap().trim_end_matches(['+', '#'])
                );
                position.play_unchecked(m);
            }
        }
    }
    assert!(
        depths.len() >= 3 && depths.windows(2).all(|w| w[0] <= w[1]),
        "{depths:?}"
    );
    let (status, body) = server.json("/analysis?start=451&play=e2e5");
    assert_eq!((status, body["parameter"].as_str()), (400, Some("play")));
    assert!(server.stop() < Duration::from_secs(1));

    // One engine, a long search: a second client is told busy; once the
    // first goes, the engine is free.
    let mut server = start(500_000_000);
    let mut first = TcpStream::connect(server.addr).unwrap();
    write!(
        first,
        "GET /analysis?start=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    )
    .unwrap();
    let mut seen = [0u8; 256];
    let read = first.read(&mut seen).unwrap();
    assert!(String::from_utf8_lossy(&seen[..read]).starts_with("HTTP/1.1 200"));
    std::thread::sleep(Duration::from_millis(300));
    let (_, body) = server.get_for("/analysis?start=1", Duration::from_secs(2));
    assert_eq!(
        events(&body).first().map(|(name, _)| name.as_str()),
        Some("busy"),
        "{body}"
    );
    drop(first);
    let freed = Instant::now();
    loop {
        let (_, body) = server.get_for("/analysis?start=2", Duration::from_millis(1500));
        match events(&body).first().map(|(name, _)| name.clone()) {
            Some(name) if name == "info" => break,
            _ => assert!(
                freed.elapsed() < Duration::from_secs(10),
                "the engine was not stopped: {body}"
            ),
        }
    }
    assert!(server.stop() < Duration::from_secs(1));

    // No engine: a 404.
    let mut server = Running::start(Explorer::open(&dir).unwrap());
    assert_eq!(server.json("/analysis?start=451").0, 404);
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
