//! The page at `/`: `assets/explorer.html` with the project's piece
//! drawings (and a knight of them as `/favicon.svg`) and the 960 starts (back rank, engine evaluation) written in
//! once, and its script and style, all compiled into the binary: the page
//! needs nothing from anywhere else.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse as _, Response};
use chess960::svg::Diagram;
use chess960::{Eval, Position};
use std::fmt::Write as _;
use std::sync::Arc;

/// The page's markup, with `{{PIECES}}` and `{{STARTS}}` to fill.
const HTML: &str = include_str!("../../assets/explorer.html");
/// Its script.
const SCRIPT: &str = include_str!("../../assets/explorer.js");
/// Its style.
const STYLE: &str = include_str!("../../assets/explorer.css");

/// What the page may load and run: its own script, style and answers.
const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
                      connect-src 'self'; img-src 'self' data:; base-uri 'none'; \
                      form-action 'self'; frame-ancestors 'none'";

/// The page, made once when the server starts.
pub(super) struct Page {
    html: Arc<str>,
    icon: Arc<str>,
}

impl Page {
    /// The markup with the pieces and the starts filled in.
    pub(super) fn new() -> Page {
        let defs = defs();
        let html = HTML
            .replacen(
                "{{PIECES}}",
                &format!(
                    r#"<svg class="defs" aria-hidden="true" width="0" height="0">{defs}</svg>"#
                ),
                1,
            )
            .replacen("{{STARTS}}", &starts(), 1);
        let icon = format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">{defs}<use href="#c960-wN" xlink:href="#c960-wN"/></svg>"##
        );
        Page {
            html: html.into(),
            icon: icon.into(),
        }
    }

    /// `GET /favicon.svg`: the white knight.
    pub(super) fn icon(&self) -> Response {
        asset(self.icon.to_string(), "image/svg+xml")
    }

    /// `GET /`.
    pub(super) fn html(&self) -> Response {
        asset(self.html.to_string(), "text/html; charset=utf-8")
    }

    /// `GET /explorer.js`.
    pub(super) fn script() -> Response {
        asset(SCRIPT.to_owned(), "text/javascript; charset=utf-8")
    }

    /// `GET /explorer.css`.
    pub(super) fn style() -> Response {
        asset(STYLE.to_owned(), "text/css; charset=utf-8")
    }
}

/// A part of the page, with its type and the page's policy.
fn asset(body: String, kind: &'static str) -> Response {
    let mut response = (StatusCode::OK, body).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(POLICY),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// The twelve piece drawings of the crate's SVG diagrams: their `<defs>`,
/// ids `c960-wK` to `c960-bP`, each on a 100 x 100 square, for the
/// board's `<use>`s.
fn defs() -> String {
    let diagram = Diagram::new(Position::STANDARD).to_string();
    diagram
        .find("<defs>")
        .zip(diagram.find("</defs>"))
        .map_or(String::new(), |(start, end)| {
            diagram[start..end + "</defs>".len()].to_owned()
        })
}

/// The starts as JSON, `[[rank, cp, best], ...]` by id, and the engine
/// that evaluated them: the page finds a start by its rank, shows its
/// evaluation and draws starts from an evaluation band.
fn starts() -> String {
    let mut json = String::from(r#"{"engine":"#);
    json.push_str(
        &serde_json::to_string(&format!("{}, {} nodes", Eval::ENGINE, Eval::NODES))
            .unwrap_or_default(),
    );
    json.push_str(r#","starts":["#);
    for (index, position) in Position::all().enumerate() {
        let eval = position.eval();
        if index > 0 {
            json.push(',');
        }
        let _ = write!(
            json,
            r#"["{}",{},"{}"]"#,
            position.as_str(),
            eval.cp(),
            eval.best()
        );
    }
    json.push_str("]}");
    // Inside <script type="application/json">: no "</" can end it early
    // (the data holds letters, digits and quotes only).
    json.replace("</", "<\\/")
}
