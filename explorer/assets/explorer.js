// The Chess960 explorer's page. Its state is the URL's query string
// (start or fen, play, speeds, ratings, flip): the back and forward
// buttons walk it, and a position is a link. Each state asks /lichess,
// which answers lichess's explorer JSON plus the position's FEN, so the
// page never replays moves itself. The pieces are the project's drawings
// (<use href="#c960-wK">), written into the page by the server.
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
    const state = { start: null, fen: null, play: [], speeds: null, ratings: null, flip: p.get("flip") === "1" };
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
    let q = "?" + root(state);
    if (state.play.length) q += "&play=" + state.play.join(",");
    q += filterParams(state);
    if (state.flip) q += "&flip=1";
    return q;
  }

  function apiUrl(state) {
    let q = "/lichess?variant=chess960&" + root(state);
    if (state.play.length) q += "&play=" + state.play.join(",");
    q += filterParams(state);
    return q + "&moves=" + MOVES_SHOWN + "&topGames=" + GAMES_SHOWN + "&recentGames=" + GAMES_SHOWN;
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
      sanCache.set(key(state, state.play.concat(move.uci)), move.san);
      tr.addEventListener("click", () => play(move.uci, false));
      tr.addEventListener("keydown", (e) => rowKey(e, tr, move.uci));
      tbody.appendChild(tr);
    }
    if (answer.moves.length === 0) {
      const tr = document.createElement("tr");
      const cell = td(total ? "No move recorded after this position." : "No game reached this position.", "empty");
      cell.colSpan = 4;
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
      setStatus(String(error.message || error), true);
      document.body.dataset.state = "error";
      return;
    }
    if (mine !== generation) return;
    document.querySelector("#moves").dataset.api = url;
    (answer.playSan || []).forEach((san, i) => sanCache.set(key(state, state.play.slice(0, i + 1)), san));
    drawBoard(answer.fen, state.play[state.play.length - 1], state.flip);
    renderMoves(state, answer);
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
    if (e.key === "ArrowLeft") { e.preventDefault(); history.back(); }
    if (e.key === "ArrowRight") { e.preventDefault(); history.forward(); }
  });
  window.addEventListener("popstate", load);
  $("engine").textContent = data.engine;

  const initial = readState();
  $("start-input").value = initial.fen === null ? String(initial.start) : "";
  load();
})();
