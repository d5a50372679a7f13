// The Chess960 explorer's page, an analysis board. Its state is the URL's
// query string (db, start or fen, play, speeds, ratings, flip): the back
// and forward buttons walk it, and a position is a link. Each state asks
// the db's explorer path (/lichess, /masters or /player), which answers
// lichess's explorer JSON plus the position's FEN, its legal moves and its
// games a month, so the page never generates or replays moves itself. The
// pieces are the project's drawings (<use href="#c960-wK">), written into
// the page by the server.
"use strict";

(function () {
  const SPEEDS = ["ultraBullet", "bullet", "blitz", "rapid", "classical", "correspondence"];
  const SPEED_LABELS = {
    ultraBullet: "UltraBullet", bullet: "Bullet", blitz: "Blitz",
    rapid: "Rapid", classical: "Classical", correspondence: "Correspondence",
  };
  const RATINGS = [0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500, 2800];
  const RATING_LABELS = { 0: "<1000", 2800: "2800+" };
  const MOVES_SHOWN = 30;
  const GAMES_SHOWN = 4;
  const SVG = "http://www.w3.org/2000/svg";
  const FILES = "abcdefgh";

  const data = JSON.parse(document.getElementById("starts").textContent);
  const STARTS = data.starts; // [[rank, cp, best], ...] by id
  const idOfRank = new Map(STARTS.map((s, id) => [s[0], id]));

  const $ = (id) => document.getElementById(id);
  const board = $("board");
  const tbody = document.querySelector("#moves tbody");
  const tfoot = document.querySelector("#moves tfoot");
  const status = $("status");

  // SAN of moves already seen in a table, by position: "root|uci,uci" -> SAN.
  const sanCache = new Map(storedSans());
  function storedSans() {
    try {
      const stored = JSON.parse(sessionStorage.getItem("c960-san") || "[]");
      return Array.isArray(stored) ? stored : [];
    } catch (e) {
      return []; // storage off or unreadable: the cache is a nicety
    }
  }
  let generation = 0;

  // ---- state <-> URL ------------------------------------------------------

  function readState() {
    const p = new URLSearchParams(location.search);
    const state = { db: p.get("db"), game: p.get("game"), start: null, fen: null, play: [], speeds: null, ratings: null, flip: p.get("flip") === "1" };
    const fen = p.get("fen");
    if (fen) {
      state.fen = fen.replace(/_/g, " ");
    } else {
      const id = parseStart(p.get("start") || "518");
      state.start = id === null ? 518 : id;
    }
    const play = p.get("play");
    if (play) state.play = play.split(",").filter((m) => m.length > 0);
    const speeds = p.get("speeds");
    if (speeds) state.speeds = speeds.split(",").filter((s) => SPEEDS.includes(s));
    const ratings = p.get("ratings");
    if (ratings) state.ratings = ratings.split(",").map(Number).filter((r) => RATINGS.includes(r));
    if (state.speeds && state.speeds.length === 0) state.speeds = null;
    if (state.ratings && state.ratings.length === 0) state.ratings = null;
    return state;
  }

  function root(state) {
    return state.fen === null ? "start=" + state.start : "fen=" + encodeURIComponent(state.fen.replace(/ /g, "_"));
  }

  function filterParams(state) {
    let q = "";
    if (state.speeds) q += "&speeds=" + state.speeds.join(",");
    if (state.ratings) q += "&ratings=" + state.ratings.join(",");
    return q;
  }

  function pageUrl(state) {
    let q = "?" + (state.db ? "db=" + encodeURIComponent(state.db) + "&" : "") + root(state);
    if (state.play.length) q += "&play=" + state.play.join(",");
    q += filterParams(state);
    if (state.flip) q += "&flip=1";
    if (state.game) q += "&game=" + encodeURIComponent(state.game);
    return q;
  }

  function apiUrl(state) {
    const db = dbOf(state);
    let q = db.path + "?variant=chess960&" + root(state);
    if (db.name && DBS.length > 1) q += "&db=" + encodeURIComponent(db.name);
    if (state.play.length) q += "&play=" + state.play.join(",");
    if (db.kind !== "masters") q += filterParams(state);
    return q + "&moves=" + MOVES_SHOWN + "&topGames=" + GAMES_SHOWN + "&recentGames=" + GAMES_SHOWN + "&history=true&legal=true";
  }

  // ---- the dbs served (tabs) ----------------------------------------------

  let DBS = [];
  const NO_DB = { name: null, kind: "lichess", path: "/lichess", players: [], games: null };

  function dbOf(state) {
    return DBS.find((db) => db.name === state.db) || DBS[0] || NO_DB;
  }

  function tabLabel(db) {
    if (db.kind === "masters") return "Masters";
    if (db.kind === "player") return "Player: " + (db.players.join(", ") || db.name);
    return db.name === "lichess" ? "Lichess" : db.name;
  }

  function renderTabs(state) {
    const tabs = $("tabs");
    tabs.hidden = DBS.length < 2;
    if (tabs.hidden) return;
    tabs.replaceChildren();
    const current = dbOf(state);
    for (const db of DBS) {
      const a = document.createElement("a");
      a.className = "tab";
      a.dataset.db = db.name;
      a.textContent = tabLabel(db);
      a.title = db.games == null ? db.name : db.name + ": " + fmt(db.games) + " games";
      const next = Object.assign({}, state, { db: db.name });
      a.href = pageUrl(next);
      if (db === current) a.setAttribute("aria-current", "page");
      a.addEventListener("click", (e) => { e.preventDefault(); go(next, false); });
      tabs.appendChild(a);
    }
    $("filters").hidden = current.kind === "masters";
  }

  function go(state, replace) {
    const url = pageUrl(state);
    if (replace) history.replaceState(null, "", url);
    else history.pushState(null, "", url);
    load();
  }

  // A start named by its number (0..959), "SP-451", "SP 451" or its back rank.
  function parseStart(text) {
    if (text === null) return null;
    let t = text.trim();
    const sp = /^sp[-\s]?(\d+)$/i.exec(t);
    if (sp) t = sp[1];
    if (/^\d{1,3}$/.test(t)) {
      const id = Number(t);
      return id >= 0 && id <= 959 ? id : null;
    }
    const id = idOfRank.get(t.toUpperCase());
    return id === undefined ? null : id;
  }

  // ---- the board ----------------------------------------------------------

  function el(name, attrs, parent) {
    const node = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (parent) parent.appendChild(node);
    return node;
  }

  function drawBoard(fen, lastMove, flip) {
    while (board.firstChild) board.removeChild(board.firstChild);
    board.setAttribute("data-fen", fen || "");
    const placement = (fen || "").split(" ")[0].split("/");
    const lit = new Set();
    if (lastMove && lastMove.length >= 4) {
      lit.add(lastMove.slice(0, 2));
      lit.add(lastMove.slice(2, 4));
    }
    const at = (file, rank) => {
      const x = flip ? 7 - file : file;
      const y = flip ? rank : 7 - rank;
      return [x * 100, y * 100];
    };
    for (let rank = 0; rank < 8; rank++) {
      for (let file = 0; file < 8; file++) {
        const [x, y] = at(file, rank);
        const light = (file + rank) % 2 === 1;
        el("rect", { x, y, width: 100, height: 100, class: light ? "light" : "dark" }, board);
        const name = FILES[file] + (rank + 1);
        if (lit.has(name)) el("rect", { x, y, width: 100, height: 100, class: "last" }, board);
        const bottom = flip ? rank === 7 : rank === 0;
        const left = flip ? file === 7 : file === 0;
        const cls = "coord " + (light ? "on-light" : "on-dark");
        if (bottom) el("text", { x: x + 88, y: y + 95, class: cls, "text-anchor": "middle" }, board).textContent = FILES[file];
        if (left) el("text", { x: x + 4, y: y + 18, class: cls }, board).textContent = String(rank + 1);
      }
    }
    const pieces = [];
    placement.forEach((row, i) => {
      const rank = 7 - i;
      let file = 0;
      for (const c of row) {
        if (/[1-8]/.test(c)) { file += Number(c); continue; }
        if (!/[KQRBNPkqrbnp]/.test(c) || file > 7 || rank < 0) return;
        const color = c === c.toUpperCase() ? "w" : "b";
        const piece = color + c.toUpperCase();
        const [x, y] = at(file, rank);
        const square = FILES[file] + (rank + 1);
        const use = el("use", { href: "#c960-" + piece, x, y, "data-square": square, "data-piece": piece }, board);
        el("title", {}, use).textContent = (color === "w" ? "White " : "Black ") + pieceName(c) + " on " + square;
        pieces.push(piece + square);
        file += 1;
      }
    });
    board.setAttribute("aria-label", "Board: " + (pieces.length ? pieces.join(" ") : "empty"));
    el("g", { id: "marks" }, board);
  }

  // ---- moves on the board ---------------------------------------------------
  // Click a piece then a square, or drag it. The legal moves come from the
  // server (the answer's `legal`); a try that is not among them does
  // nothing. Castling is the king onto its own rook (and, in the standard
  // geometry, the king's two-square move: `kingTo`).

  let current = { fen: null, legal: [], flip: false };
  let selected = null;
  let drag = null;

  function squareAt(event) {
    const rect = board.getBoundingClientRect();
    const x = Math.floor(((event.clientX - rect.left) / rect.width) * 8);
    const y = Math.floor(((event.clientY - rect.top) / rect.height) * 8);
    if (x < 0 || x > 7 || y < 0 || y > 7) return null;
    const file = current.flip ? 7 - x : x;
    const rank = current.flip ? y : 7 - y;
    return FILES[file] + (rank + 1);
  }

  function squareXY(square) {
    const file = FILES.indexOf(square[0]);
    const rank = Number(square[1]) - 1;
    return [(current.flip ? 7 - file : file) * 100, (current.flip ? rank : 7 - rank) * 100];
  }

  function movesFrom(square) {
    return current.legal.filter((m) => m.from === square);
  }

  function movesTo(from, to) {
    return current.legal.filter((m) => m.from === from && (m.to === to || m.kingTo === to));
  }

  function pieceOn(square) {
    return board.querySelector('use[data-square="' + square + '"]');
  }

  function mark() {
    const marks = board.querySelector("#marks");
    if (!marks) return;
    marks.replaceChildren();
    if (!selected) return;
    const [sx, sy] = squareXY(selected);
    el("rect", { x: sx, y: sy, width: 100, height: 100, class: "selected" }, marks);
    const targets = new Set();
    for (const m of movesFrom(selected)) {
      targets.add(m.to);
      if (m.kingTo) targets.add(m.kingTo);
    }
    for (const square of targets) {
      const [x, y] = squareXY(square);
      const taken = pieceOn(square) !== null;
      el("circle", { cx: x + 50, cy: y + 50, r: taken ? 46 : 15, class: taken ? "target taken" : "target", "data-target": square }, marks);
    }
  }

  function select(square) {
    selected = square && movesFrom(square).length ? square : null;
    mark();
  }

  function tryMove(from, to) {
    const moves = movesTo(from, to);
    select(null);
    if (moves.length === 1) play(moves[0].uci, false);
    else if (moves.length > 1) askPromotion(moves, to);
  }

  function askPromotion(moves, to) {
    const box = $("promotion");
    box.replaceChildren();
    const white = current.fen.split(" ")[1] === "w";
    for (const m of moves) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.uci = m.uci;
      button.title = m.san;
      button.setAttribute("aria-label", "Promote to " + pieceName(m.promotion));
      const svg = el("svg", { viewBox: "0 0 100 100", "aria-hidden": "true" }, button);
      el("use", { href: "#c960-" + (white ? "w" : "b") + m.promotion.toUpperCase() }, svg);
      button.addEventListener("click", () => { box.hidden = true; play(m.uci, false); });
      button.addEventListener("keydown", (e) => {
        if (e.key === "Escape") { e.preventDefault(); box.hidden = true; board.focus(); }
      });
      box.appendChild(button);
    }
    const file = FILES.indexOf(to[0]);
    box.style.left = ((current.flip ? 7 - file : file) * 12.5) + "%";
    box.hidden = false;
    box.firstChild.focus();
  }

  board.addEventListener("pointerdown", (e) => {
    if (!current.fen || e.button !== 0) return;
    $("promotion").hidden = true;
    const square = squareAt(e);
    if (!square) return;
    if (selected && selected !== square && movesTo(selected, square).length) {
      e.preventDefault();
      tryMove(selected, square);
      return;
    }
    if (!movesFrom(square).length) { select(null); return; }
    e.preventDefault();
    const again = selected === square;
    select(square);
    drag = { from: square, x: e.clientX, y: e.clientY, moved: false, ghost: null, again };
    board.setPointerCapture(e.pointerId);
  });

  board.addEventListener("pointermove", (e) => {
    if (!drag) return;
    if (!drag.moved && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 6) return;
    const rect = board.getBoundingClientRect();
    const x = ((e.clientX - rect.left) / rect.width) * 800 - 50;
    const y = ((e.clientY - rect.top) / rect.height) * 800 - 50;
    if (!drag.moved) {
      drag.moved = true;
      const piece = pieceOn(drag.from);
      if (piece) {
        piece.classList.add("dragged");
        drag.ghost = el("use", { href: piece.getAttribute("href"), class: "ghost" }, board);
      }
    }
    if (drag.ghost) { drag.ghost.setAttribute("x", x); drag.ghost.setAttribute("y", y); }
  });

  function endDrag(e, dropped) {
    if (!drag) return;
    const was = drag;
    drag = null;
    if (was.ghost) was.ghost.remove();
    const piece = pieceOn(was.from);
    if (piece) piece.classList.remove("dragged");
    if (!dropped) return;
    const square = squareAt(e);
    if (was.moved) {
      if (square && square !== was.from && movesTo(was.from, square).length) tryMove(was.from, square);
      else select(null);
    } else if (was.again) {
      select(null);
    }
  }

  board.addEventListener("pointerup", (e) => endDrag(e, true));
  board.addEventListener("pointercancel", (e) => endDrag(e, false));

  function typedMove(text) {
    const t = text.trim().replace(/[+#!?]+$/, "").replace(/0/g, "O");
    if (!t) return null;
    const lower = text.trim().toLowerCase();
    return current.legal.find((m) => m.san.replace(/[+#]$/, "") === t) ||
      current.legal.find((m) => m.uci === lower || (m.kingTo && m.from + m.kingTo === lower)) || null;
  }

  $("move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("move-input");
    const m = typedMove(input.value);
    input.setAttribute("aria-invalid", m ? "false" : "true");
    if (!m) return;
    input.value = "";
    play(m.uci, false);
  });
  $("move-input").addEventListener("input", () => $("move-input").removeAttribute("aria-invalid"));

  // ---- the engine ---------------------------------------------------------
  // The stored evaluation comes with the answer (`engine`); where there is
  // none and the server runs an engine (`live`), /analysis streams one as
  // server-sent events, closed when the player moves on.

  let live = null;

  function scoreText(score) {
    if (!score) return "";
    if (score.mate != null) return "#" + score.mate;
    if (score.cp == null) return "";
    return (score.cp > 0 ? "+" : "") + (score.cp / 100).toFixed(2);
  }

  // White's share of the bar, as lichess's win chances: 50 + 50 x (2 / (1 +
  // e^(-0.00368208 cp)) - 1); a mate fills it.
  function whiteShare(score) {
    if (!score) return 50;
    if (score.mate != null) return score.mate > 0 ? 100 : 0;
    return 50 + 50 * (2 / (1 + Math.exp(-0.00368208 * score.cp)) - 1);
  }

  function stopLive() {
    if (live) { live.close(); live = null; }
  }

  function renderEngine(state, evaluation, how) {
    const lines = $("engine-lines");
    lines.replaceChildren();
    const barBox = $("eval-bar");
    if (!evaluation || !evaluation.pvs || !evaluation.pvs.length) {
      barBox.classList.add("none");
      barBox.setAttribute("aria-label", "No evaluation");
      $("eval-text").textContent = "";
      return;
    }
    const best = evaluation.pvs[0];
    barBox.classList.remove("none");
    $("eval-white").style.height = whiteShare(best) + "%";
    $("eval-text").textContent = scoreText(best);
    barBox.setAttribute("aria-label", "Evaluation " + scoreText(best) + " (White's side)");
    $("engine-status").textContent = how + ": " + (evaluation.engine ? evaluation.engine + " \u00b7 " : "") +
      "depth " + evaluation.depth + " \u00b7 " + fmt(evaluation.knodes) + " knodes";
    for (const pv of evaluation.pvs) {
      const li = document.createElement("li");
      const score = document.createElement("span");
      score.className = "score";
      score.textContent = scoreText(pv);
      li.appendChild(score);
      const sans = pv.san || pv.moves;
      const fields = (current.fen || "").split(" ");
      const blackFirst = fields[1] === "b";
      const fullmove = Number(fields[5]) || 1;
      sans.forEach((san, i) => {
        const ply = i + (blackFirst ? 1 : 0);
        if (ply % 2 === 0 || i === 0) {
          const num = document.createElement("span");
          num.className = "num";
          num.textContent = fullmove + Math.floor(ply / 2) + (ply % 2 === 0 ? "." : "...");
          li.appendChild(num);
        }
        const button = document.createElement("button");
        button.type = "button";
        button.className = "pv-move";
        button.textContent = san;
        button.title = "Play " + sans.slice(0, i + 1).join(" ");
        button.addEventListener("click", () => {
          const next = readState();
          next.play = next.play.concat(pv.moves.slice(0, i + 1));
          go(next, false);
        });
        li.appendChild(button);
      });
      lines.appendChild(li);
    }
  }

  function startLive(state, answer) {
    stopLive();
    if (!answer.live) {
      $("engine-status").textContent = "No evaluation stored for this position.";
      return;
    }
    let q = "/analysis?" + root(state);
    if (state.play.length) q += "&play=" + state.play.join(",");
    $("engine-status").textContent = "Live analysis: starting\u2026";
    const source = new EventSource(q);
    live = source;
    source.addEventListener("info", (e) => {
      if (live !== source) return;
      try { renderEngine(state, JSON.parse(e.data), "Live analysis"); } catch (err) { /* a partial line: the next one follows */ }
    });
    source.addEventListener("done", () => {
      if (live !== source) return;
      $("engine-status").textContent = $("engine-status").textContent.replace("Live analysis", "Live analysis (done)");
      stopLive();
    });
    source.addEventListener("busy", (e) => {
      if (live !== source) return;
      $("engine-status").textContent = "Live analysis: " + (e.data || "every engine is busy; try again shortly") + ".";
      stopLive();
    });
    source.onerror = () => {
      if (live !== source) return;
      stopLive();
    };
  }

  // ---- the position's games -------------------------------------------------

  const GAMES_PAGE = 20;
  let gamesOffset = 0;
  let gamesKey = "";

  function resultText(game) {
    if (game.result) return game.result === "1/2-1/2" ? "\u00bd-\u00bd" : game.result;
    return game.winner === "white" ? "1-0" : game.winner === "black" ? "0-1" : "\u00bd-\u00bd";
  }

  function gamesUrl(state, offset) {
    const db = dbOf(state);
    let q = "/games?" + root(state);
    if (db.name && DBS.length > 1) q += "&db=" + encodeURIComponent(db.name);
    if (state.play.length) q += "&play=" + state.play.join(",");
    if (db.kind !== "masters") q += filterParams(state);
    return q + "&limit=" + GAMES_PAGE + "&offset=" + offset;
  }

  async function loadGames(state, mine) {
    const k = gamesUrl(state, 0);
    if (k !== gamesKey) { gamesKey = k; gamesOffset = 0; }
    const list = $("games");
    let page;
    try {
      const response = await fetch(gamesUrl(state, gamesOffset), { headers: { Accept: "application/json" } });
      page = await response.json();
      if (!response.ok) throw new Error((page.parameter ? page.parameter + ": " : "") + page.error);
    } catch (error) {
      if (mine !== generation) return;
      list.replaceChildren();
      $("games-status").textContent = "Games: " + String(error.message || error);
      return;
    }
    if (mine !== generation) return;
    list.replaceChildren();
    const total = page.total || 0;
    const games = page.games || [];
    $("games-status").textContent = total === 0 ? "No games." :
      "Games " + fmt(gamesOffset + 1) + "\u2013" + fmt(gamesOffset + games.length) + " of " + fmt(total) + ", newest first.";
    for (const game of games) {
      const li = document.createElement("li");
      li.dataset.id = game.id;
      li.tabIndex = 0;
      const result = document.createElement("span");
      result.className = "result";
      result.textContent = resultText(game);
      const who = (p) => (p && p.name ? p.name : "?") + (p && p.rating != null ? " (" + p.rating + ")" : "");
      const players = document.createElement("span");
      players.className = "players";
      players.textContent = who(game.white) + " \u2013 " + who(game.black);
      const meta = document.createElement("span");
      meta.className = "meta";
      meta.textContent = [game.san || game.uci || "", SPEED_LABELS[game.speed] || game.speed || "", game.month || ""].filter((x) => x).join(" \u00b7 ");
      li.append(result, players, meta);
      const open = () => openGame(game.id, game.uci);
      li.addEventListener("click", open);
      li.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); open(); } });
      list.appendChild(li);
    }
    $("games-prev").disabled = gamesOffset === 0;
    $("games-next").disabled = gamesOffset + games.length >= total;
  }

  $("games-prev").addEventListener("click", () => { gamesOffset = Math.max(0, gamesOffset - GAMES_PAGE); loadGames(readState(), generation); });
  $("games-next").addEventListener("click", () => { gamesOffset += GAMES_PAGE; loadGames(readState(), generation); });

  // ---- one game, stepped through on the board -------------------------------

  const gameCache = new Map();

  async function fetchGame(state, id) {
    const db = dbOf(state);
    const k = (db.name || "") + "|" + id;
    if (gameCache.has(k)) return gameCache.get(k);
    let q = "/game/" + encodeURIComponent(id) + "?format=json";
    if (db.name && DBS.length > 1) q += "&db=" + encodeURIComponent(db.name);
    const response = await fetch(q, { headers: { Accept: "application/json" } });
    const game = await response.json();
    if (!response.ok) throw new Error(game.error || "no such game");
    gameCache.set(k, game);
    return game;
  }

  // A game's root as the page's state names it: a start by its number
  // when the game's FEN is a start's, else the FEN.
  function gameRoot(game) {
    if (game.start != null) return { start: game.start, fen: null };
    const m = /^([rnbqk]{8})\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/([RNBQK]{8}) w /.exec(game.fen || "");
    if (m && m[1].toUpperCase() === m[2] && idOfRank.has(m[2])) return { start: idOfRank.get(m[2]), fen: null };
    return { start: null, fen: game.fen };
  }

  function gameTags(game) {
    if (Array.isArray(game.tags)) return Object.fromEntries(game.tags);
    return game.tags || {};
  }

  async function openGame(id, listedUci) {
    const state = readState();
    let game;
    try {
      game = await fetchGame(state, id);
    } catch (error) {
      $("games-status").textContent = "Game " + id + ": " + String(error.message || error);
      return;
    }
    // From the game's start, at the ply where it reached this position
    // (where the moves so far are the game's own), else at its start.
    // Reached by a transposition: at the first ply that played the
    // listed move with the same side to move.
    const ucis = game.moves.map((m) => m.uci);
    const r = gameRoot(game);
    const same = r.start === state.start && r.fen === state.fen &&
      ucis.slice(0, state.play.length).join(",") === state.play.join(",");
    let ply = same ? state.play.length : 0;
    if (!same && listedUci) {
      const parity = state.play.length % 2;
      const at = ucis.findIndex((u, i) => u === listedUci && i % 2 === parity);
      if (at >= 0) ply = at;
    }
    const next = Object.assign({}, state, r, { game: id, play: ucis.slice(0, ply) });
    go(next, false);
  }

  function gamePly(state, game) {
    const ucis = game.moves.map((m) => m.uci);
    const r = gameRoot(game);
    if (r.start !== state.start || (r.fen !== null && r.fen !== state.fen)) return null;
    if (state.play.length > ucis.length) return null;
    for (let i = 0; i < state.play.length; i++) if (state.play[i] !== ucis[i]) return null;
    return state.play.length;
  }

  async function renderGame(state, mine) {
    const panel = $("game-panel");
    if (!state.game) { panel.hidden = true; return; }
    let game;
    try {
      game = await fetchGame(state, state.game);
    } catch (error) {
      if (mine !== generation) return;
      panel.hidden = false;
      $("game-info").textContent = "Game " + state.game + ": " + String(error.message || error);
      $("game-moves").replaceChildren();
      return;
    }
    if (mine !== generation) return;
    panel.hidden = false;
    const ply = gamePly(state, game);
    const tags = gameTags(game);
    const white = tags.White || (game.white && game.white.name) || "?";
    const black = tags.Black || (game.black && game.black.name) || "?";
    $("game-info").textContent = white + " \u2013 " + black + " \u00b7 " + (tags.Result || game.result || "") +
      (tags.Date ? " \u00b7 " + tags.Date : "") + (ply === null ? " \u00b7 (off the game's moves)" : "");
    $("game-pgn").href = "/game/" + encodeURIComponent(state.game) + (dbOf(state).name && DBS.length > 1 ? "?db=" + encodeURIComponent(dbOf(state).name) : "");
    const moves = $("game-moves");
    moves.replaceChildren();
    const r = gameRoot(game);
    game.moves.forEach((m, i) => {
      if (i % 2 === 0) {
        const num = document.createElement("span");
        num.className = "num";
        num.textContent = i / 2 + 1 + ".";
        moves.appendChild(num);
      }
      const a = document.createElement("a");
      a.textContent = m.san;
      const target = Object.assign({}, state, r, { play: game.moves.slice(0, i + 1).map((x) => x.uci) });
      a.href = pageUrl(target);
      a.addEventListener("click", (e) => { e.preventDefault(); go(target, true); });
      if (ply === i + 1) { a.className = "current"; a.setAttribute("aria-current", "step"); }
      moves.appendChild(a);
    });
    const current = moves.querySelector(".current");
    if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
  }

  function stepGame(how) {
    const state = readState();
    const k = (dbOf(state).name || "") + "|" + state.game;
    const game = gameCache.get(k);
    if (!game) return false;
    const ply = gamePly(state, game);
    const at = ply === null ? 0 : ply;
    const to = how === "first" ? 0 : how === "last" ? game.moves.length : Math.max(0, Math.min(game.moves.length, at + how));
    if (ply !== null && to === ply) return true;
    const next = Object.assign({}, state, gameRoot(game), { play: game.moves.slice(0, to).map((m) => m.uci) });
    go(next, true);
    return true;
  }

  $("game-first").addEventListener("click", () => stepGame("first"));
  $("game-back").addEventListener("click", () => stepGame(-1));
  $("game-forward").addEventListener("click", () => stepGame(1));
  $("game-last").addEventListener("click", () => stepGame("last"));
  $("game-close").addEventListener("click", () => {
    const state = readState();
    state.game = null;
    go(state, true);
  });

  // ---- games a month ------------------------------------------------------

  let positionHistory = [];

  function drawHistory(rows, what) {
    const chart = $("history-chart");
    chart.replaceChildren();
    $("history-caption").textContent = "Games a month: " + what;
    rows = rows || [];
    const most = rows.reduce((m, r) => Math.max(m, r.white + r.draws + r.black), 0);
    if (!rows.length || !most) {
      chart.setAttribute("viewBox", "0 0 600 24");
      chart.setAttribute("aria-label", "No games a month " + what);
      el("text", { x: 300, y: 16, class: "none", "text-anchor": "middle" }, chart).textContent = "No dated games.";
      return;
    }
    chart.setAttribute("viewBox", "0 0 600 120");
    const width = 600 / rows.length;
    const height = 96;
    rows.forEach((r, i) => {
      const total = r.white + r.draws + r.black;
      let y = height;
      const g = el("g", { class: "month" }, chart);
      el("title", {}, g).textContent = r.month + ": " + fmt(total) + " games, " +
        [["White", r.white], ["draws", r.draws], ["Black", r.black]].map(([n, c]) => n + " " + (total ? Math.round((100 * c) / total) : 0) + "%").join(", ");
      for (const [cls, count] of [["w", r.white], ["d", r.draws], ["b", r.black]]) {
        const h = (height * count) / most;
        y -= h;
        if (h > 0) el("rect", { x: i * width + width * 0.1, y, width: Math.max(width * 0.8, 0.5), height: h, class: cls }, g);
      }
    });
    const label = (text, x, anchor) => { el("text", { x, y: 115, class: "axis", "text-anchor": anchor }, chart).textContent = text; };
    label(rows[0].month, 0, "start");
    if (rows.length > 1) label(rows[rows.length - 1].month, 600, "end");
    label("most: " + fmt(most), 300, "middle");
    const busiest = rows.reduce((a, b) => (b.white + b.draws + b.black > a.white + a.draws + a.black ? b : a));
    chart.setAttribute("aria-label", rows.length + " months " + what + ", " + rows[0].month + " to " + rows[rows.length - 1].month +
      "; most in " + busiest.month + " (" + fmt(most) + " games)");
  }

  function pieceName(c) {
    return { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" }[c.toLowerCase()];
  }

  // ---- the tables ---------------------------------------------------------

  function td(text, cls) {
    const cell = document.createElement("td");
    if (cls) cell.className = cls;
    if (text !== undefined) cell.textContent = text;
    return cell;
  }

  function fmt(n) {
    return n.toLocaleString("en-US");
  }

  function bar(white, draws, black) {
    const total = white + draws + black;
    const div = document.createElement("div");
    div.className = "bar";
    const parts = [["w", white, "White wins"], ["d", draws, "Draws"], ["b", black, "Black wins"]];
    const pct = parts.map(([, n]) => (total ? (100 * n) / total : 0));
    div.title = parts.map(([, n, label], i) => label + " " + fmt(n) + " (" + pct[i].toFixed(1) + "%)").join(", ");
    div.setAttribute("aria-label", div.title);
    parts.forEach(([cls], i) => {
      const span = document.createElement("span");
      span.className = cls;
      span.style.width = pct[i] + "%";
      if (pct[i] >= 12) span.textContent = Math.round(pct[i]) + "%";
      div.appendChild(span);
    });
    return div;
  }

  function renderMoves(state, answer) {
    tbody.replaceChildren();
    tfoot.replaceChildren();
    const total = answer.white + answer.draws + answer.black;
    for (const move of answer.moves) {
      const games = move.white + move.draws + move.black;
      const tr = document.createElement("tr");
      tr.tabIndex = 0;
      tr.dataset.uci = move.uci;
      tr.dataset.san = move.san;
      tr.setAttribute("aria-label", move.san + ": " + fmt(games) + " games");
      tr.appendChild(td(move.san, "san"));
      const g = td(fmt(games), "games");
      const pct = document.createElement("span");
      pct.className = "pct";
      pct.textContent = total ? Math.round((100 * games) / total) + "%" : "";
      g.appendChild(pct);
      tr.appendChild(g);
      const b = td(undefined, "bar-cell");
      b.appendChild(bar(move.white, move.draws, move.black));
      tr.appendChild(b);
      tr.appendChild(td(move.averageRating == null ? "" : String(move.averageRating), "rating"));
      const evalCell = td(scoreText(move.eval && move.eval.pvs && move.eval.pvs[0]), "eval");
      if (move.eval) evalCell.title = "depth " + move.eval.depth + ", " + fmt(move.eval.knodes) + " knodes";
      tr.appendChild(evalCell);
      sanCache.set(key(state, state.play.concat(move.uci)), move.san);
      tr.addEventListener("click", () => play(move.uci, false));
      const showMove = () => drawHistory(move.history, "after " + move.san);
      const showPosition = () => drawHistory(positionHistory, "this position");
      tr.addEventListener("mouseenter", showMove);
      tr.addEventListener("mouseleave", showPosition);
      tr.addEventListener("focus", showMove);
      tr.addEventListener("blur", showPosition);
      tr.addEventListener("keydown", (e) => rowKey(e, tr, move.uci));
      tbody.appendChild(tr);
    }
    if (answer.moves.length === 0) {
      const tr = document.createElement("tr");
      const cell = td(total ? "No move recorded after this position." : "No game reached this position.", "empty");
      cell.colSpan = 5;
      tr.appendChild(cell);
      tbody.appendChild(tr);
    }
    const tr = document.createElement("tr");
    tr.appendChild(td("\u03a3", "san"));
    tr.appendChild(td(fmt(total), "games"));
    const b = td(undefined, "bar-cell");
    b.appendChild(bar(answer.white, answer.draws, answer.black));
    tr.appendChild(b);
    tr.appendChild(td(""));
    tr.appendChild(td(scoreText(answer.engine && answer.engine.pvs && answer.engine.pvs[0]), "eval"));
    tfoot.appendChild(tr);
    try {
      sessionStorage.setItem("c960-san", JSON.stringify([...sanCache].slice(-2000)));
    } catch (e) { /* storage full or off: the cache is a nicety */ }
  }

  function rowKey(e, tr, uci) {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      play(uci, true);
    } else if (e.key === "ArrowDown" && tr.nextElementSibling) {
      e.preventDefault();
      tr.nextElementSibling.focus();
    } else if (e.key === "ArrowUp" && tr.previousElementSibling) {
      e.preventDefault();
      tr.previousElementSibling.focus();
    }
  }

  function gameLink(game) {
    const id = String(game.id || "");
    if (/^[A-Za-z0-9]{8}$/.test(id)) {
      const a = document.createElement("a");
      a.href = "https://lichess.org/" + id;
      a.rel = "noopener noreferrer";
      a.target = "_blank";
      a.textContent = id;
      return a;
    }
    const span = document.createElement("span");
    span.textContent = id;
    return span;
  }

  function renderGames(list, games, sanOf) {
    list.replaceChildren();
    if (!games || games.length === 0) {
      const li = document.createElement("li");
      li.className = "empty";
      li.textContent = "None.";
      list.appendChild(li);
      return;
    }
    for (const game of games) {
      const li = document.createElement("li");
      li.dataset.id = game.id;
      const result = document.createElement("span");
      result.className = "result";
      result.textContent = game.winner === "white" ? "1-0" : game.winner === "black" ? "0-1" : "\u00bd-\u00bd";
      const who = (p) => p.name + (p.rating == null ? "" : " (" + p.rating + ")");
      const players = document.createElement("span");
      players.className = "players";
      players.textContent = who(game.white) + " \u2013 " + who(game.black);
      const meta = document.createElement("span");
      meta.className = "meta";
      meta.textContent = [sanOf.get(game.uci) || game.uci, SPEED_LABELS[game.speed] || game.speed, game.month].join(" \u00b7 ") + " ";
      meta.append(gameLink(game));
      li.append(result, players, meta);
      list.appendChild(li);
    }
  }

  function key(state, moves) {
    return root(state) + "|" + moves.join(",");
  }

  function renderLine(state) {
    const line = $("line");
    line.replaceChildren();
    const start = document.createElement("a");
    start.textContent = "start";
    const base = Object.assign({}, state, { play: [] });
    start.href = pageUrl(base);
    start.addEventListener("click", (e) => { e.preventDefault(); go(base, false); });
    if (state.play.length === 0) start.className = "current";
    line.appendChild(start);
    const black = state.fen !== null && state.fen.split(" ")[1] === "b";
    state.play.forEach((uci, i) => {
      const ply = i + (black ? 1 : 0);
      if (ply % 2 === 0 || i === 0) {
        const num = document.createElement("span");
        num.className = "num";
        num.textContent = Math.floor(ply / 2) + 1 + (ply % 2 === 0 ? "." : "...");
        line.appendChild(num);
      }
      const prefix = state.play.slice(0, i + 1);
      const a = document.createElement("a");
      a.textContent = sanCache.get(key(state, prefix)) || uci;
      const next = Object.assign({}, state, { play: prefix });
      a.href = pageUrl(next);
      a.addEventListener("click", (e) => { e.preventDefault(); go(next, false); });
      if (i === state.play.length - 1) a.className = "current";
      line.appendChild(a);
    });
  }

  function renderStartInfo(state) {
    const info = $("start-info");
    info.replaceChildren();
    if (state.fen !== null) {
      info.textContent = "From the position " + state.fen;
      return;
    }
    const [rank, cp, best] = STARTS[state.start];
    const strong = document.createElement("strong");
    strong.textContent = "SP " + state.start;
    const r = document.createElement("span");
    r.className = "rank";
    r.textContent = rank;
    const evalText = document.createElement("span");
    evalText.className = "eval";
    evalText.textContent = "engine: " + (cp > 0 ? "+" : "") + cp + " cp, best " + best;
    evalText.title = data.engine;
    info.append(strong, " \u00b7 ", r, " \u00b7 ", evalText);
  }

  function renderFilters(state) {
    const speeds = $("speeds");
    if (!speeds.firstChild) {
      for (const s of SPEEDS) speeds.appendChild(checkbox("speed", s, SPEED_LABELS[s]));
      const ratings = $("ratings");
      for (const r of RATINGS) ratings.appendChild(checkbox("rating", String(r), RATING_LABELS[r] || String(r)));
    }
    for (const box of document.querySelectorAll("#speeds input")) {
      box.checked = state.speeds === null || state.speeds.includes(box.value);
    }
    for (const box of document.querySelectorAll("#ratings input")) {
      box.checked = state.ratings === null || state.ratings.includes(Number(box.value));
    }
  }

  function checkbox(kind, value, label) {
    const l = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.value = value;
    box.name = kind;
    box.id = kind + "-" + value;
    box.addEventListener("change", filtersChanged);
    l.append(box, " " + label);
    return l;
  }

  function filtersChanged() {
    const state = readState();
    const speeds = [...document.querySelectorAll("#speeds input:checked")].map((b) => b.value);
    const ratings = [...document.querySelectorAll("#ratings input:checked")].map((b) => Number(b.value));
    state.speeds = speeds.length === 0 || speeds.length === SPEEDS.length ? null : speeds;
    state.ratings = ratings.length === 0 || ratings.length === RATINGS.length ? null : ratings;
    go(state, false);
  }

  // ---- loading ------------------------------------------------------------

  function setStatus(text, error) {
    status.textContent = text;
    status.classList.toggle("error", !!error);
  }

  async function load() {
    const state = readState();
    const mine = ++generation;
    document.body.dataset.state = "loading";
    renderTabs(state);
    renderFilters(state);
    renderStartInfo(state);
    renderLine(state);
    $("share").href = pageUrl(state);
    const url = apiUrl(state);
    $("api").href = url;
    $("api").textContent = url;
    setStatus("Loading\u2026");
    let answer;
    try {
      const response = await fetch(url, { headers: { Accept: "application/json" } });
      answer = await response.json();
      if (!response.ok) throw new Error((answer.parameter ? answer.parameter + ": " : "") + answer.error);
    } catch (error) {
      if (mine !== generation) return;
      tbody.replaceChildren();
      tfoot.replaceChildren();
      $("top-games").replaceChildren();
      $("recent-games").replaceChildren();
      drawBoard(null, null, state.flip);
      current = { fen: null, legal: [], flip: state.flip };
      setStatus(String(error.message || error), true);
      document.body.dataset.state = "error";
      return;
    }
    if (mine !== generation) return;
    document.querySelector("#moves").dataset.api = url;
    (answer.playSan || []).forEach((san, i) => sanCache.set(key(state, state.play.slice(0, i + 1)), san));
    drawBoard(answer.fen, state.play[state.play.length - 1], state.flip);
    current = { fen: answer.fen, legal: answer.legal || [], flip: state.flip };
    selected = null;
    positionHistory = answer.history || [];
    drawHistory(positionHistory, "this position");
    renderMoves(state, answer);
    stopLive();
    if (answer.engine) renderEngine(state, answer.engine, "Stored");
    else { renderEngine(state, null, ""); startLive(state, answer); }
    loadGames(state, mine);
    renderGame(state, mine);
    const sanOf = new Map(answer.moves.map((m) => [m.uci, m.san]));
    renderGames($("top-games"), answer.topGames, sanOf);
    renderGames($("recent-games"), answer.recentGames, sanOf);
    renderLine(state);
    const total = answer.white + answer.draws + answer.black;
    setStatus(fmt(total) + (total === 1 ? " game" : " games") + " reached this position.");
    document.title = (state.fen === null ? "SP " + state.start : "FEN") +
      (state.play.length ? " after " + state.play.length + " plies" : "") + " \u2013 Chess960 explorer";
    document.body.dataset.state = "ready";
    if (focusTable) {
      focusTable = false;
      const first = tbody.querySelector("tr[data-uci]");
      if (first) first.focus();
    }
  }

  let focusTable = false;

  function play(uci, byKeyboard) {
    const state = readState();
    state.play = state.play.concat(uci);
    focusTable = byKeyboard;
    go(state, false);
  }

  function showStart(id) {
    const state = readState();
    state.start = id;
    state.fen = null;
    state.play = [];
    $("start-input").value = String(id);
    go(state, false);
  }

  // ---- controls -----------------------------------------------------------

  $("choose").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("start-input").value;
    const id = parseStart(text);
    if (id === null) {
      setStatus("Not a start: " + JSON.stringify(text.trim()) + " (a number 0\u2013959 or a back rank such as RNBQKBNR)", true);
      return;
    }
    showStart(id);
  });
  $("random").addEventListener("click", () => showStart(Math.floor(Math.random() * 960)));
  $("random-band").addEventListener("click", () => {
    let lo = Number($("band-min").value);
    let hi = Number($("band-max").value);
    if (lo > hi) [lo, hi] = [hi, lo];
    const ids = [];
    STARTS.forEach((s, id) => { if (s[1] >= lo && s[1] <= hi) ids.push(id); });
    if (ids.length === 0) {
      setStatus("No start has an evaluation from " + lo + " to " + hi + " cp.", true);
      return;
    }
    showStart(ids[Math.floor(Math.random() * ids.length)]);
  });
  $("back").addEventListener("click", () => history.back());
  $("forward").addEventListener("click", () => history.forward());
  $("flip").addEventListener("click", () => {
    const state = readState();
    state.flip = !state.flip;
    go(state, true);
  });
  document.addEventListener("keydown", (e) => {
    const t = e.target;
    if (t instanceof HTMLInputElement || e.altKey || e.ctrlKey || e.metaKey) return;
    const game = readState().game;
    const steps = { ArrowLeft: -1, ArrowRight: 1, Home: "first", End: "last" };
    if (game && e.key in steps && !(t instanceof HTMLButtonElement && t.closest("#promotion"))) {
      if (stepGame(steps[e.key])) { e.preventDefault(); return; }
    }
    if (e.key === "ArrowLeft") { e.preventDefault(); history.back(); }
    if (e.key === "ArrowRight") { e.preventDefault(); history.forward(); }
  });
  window.addEventListener("popstate", load);
  // Leaving the page closes the live analysis's stream: its engine stops.
  window.addEventListener("pagehide", stopLive);
  $("engine").textContent = data.engine;

  const initial = readState();
  $("start-input").value = initial.fen === null ? String(initial.start) : "";
  fetch("/dbs", { headers: { Accept: "application/json" } })
    .then((response) => (response.ok ? response.json() : []))
    .catch(() => [])
    .then((dbs) => { DBS = Array.isArray(dbs) ? dbs : []; load(); });
})();
