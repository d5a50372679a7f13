//! The picture of `chess960 games stats --plot`: White's score for every
//! start position with its 95% interval, drawn by hand as SVG; and the
//! `--plot` option, defined once for `stats` and `player`.

use chess960_games::stats::{Interval, StartStats};
use clap::Args;
use std::fmt::Write as _;
use std::path::PathBuf;

/// The `--plot` option.
#[derive(Args, Clone, Debug, Default)]
pub(crate) struct PlotArg {
    /// Also draw the score per start position (White's; in `games
    /// player`, the player's) as an SVG picture.
    #[arg(long, value_name = "FILE.svg")]
    pub(crate) plot: Option<PathBuf>,
}

/// The picture's size and the margins around the plot, in pixels.
struct Frame {
    width: f64,
    height: f64,
    left: f64,
    right: f64,
    top: f64,
    bottom: f64,
}

const FRAME: Frame = Frame {
    width: 1200.0,
    height: 640.0,
    left: 70.0,
    right: 20.0,
    top: 60.0,
    bottom: 60.0,
};

/// One start's point: its id, the score, its 95% interval, its games.
pub(crate) struct Point {
    pub(crate) id: u16,
    pub(crate) rank: String,
    pub(crate) score: f64,
    pub(crate) interval: Interval,
    pub(crate) games: u64,
}

/// The SVG text: one point per Chess960 start (by id on the x axis, White's
/// score on the y axis) with its interval as a vertical line; points whose
/// interval lies wholly above the mean score are red, wholly below blue.
/// Double Chess960 starts are left out.
#[allow(clippy::cast_precision_loss)]
pub(crate) fn svg(stats: &StartStats) -> String {
    let single: Vec<_> = stats
        .iter()
        .filter(|(start, _)| start.is_single())
        .filter_map(|(start, tally)| {
            Some(Point {
                id: start.white().id(),
                rank: start.white().to_string(),
                score: tally.score()?,
                interval: tally.interval()?,
                games: tally.games(),
            })
        })
        .collect();
    let (known, sum) = stats.iter().filter(|(start, _)| start.is_single()).fold(
        (0u64, 0.0),
        |(n, sum), (_, tally)| {
            let score_sum = tally.white_wins as f64 + tally.draws as f64 / 2.0;
            (n + tally.known(), sum + score_sum)
        },
    );
    let mean = if known > 0 { sum / known as f64 } else { 0.5 };
    draw(
        &single,
        mean,
        "White's score by Chess960 start position (95% intervals)",
        "White's score",
    )
}

/// The picture of `points` around their `mean`, with a title and the
/// y axis's label.
#[allow(clippy::too_many_lines)]
pub(crate) fn draw(single: &[Point], mean: f64, title: &str, y_label: &str) -> String {
    let Frame {
        width,
        height,
        left,
        right,
        top,
        bottom,
    } = FRAME;
    // The y range: the intervals' range, at least 0.3..0.7, within 0..1.
    let (low, high) = single.iter().fold((0.3f64, 0.7f64), |(low, high), point| {
        (low.min(point.interval.low), high.max(point.interval.high))
    });
    let (low, high) = ((low * 10.0).floor() / 10.0, (high * 10.0).ceil() / 10.0);
    let plot_width = width - left - right;
    let plot_height = height - top - bottom;
    let x = |id: u16| left + (f64::from(id) + 0.5) / 960.0 * plot_width;
    let y = |score: f64| top + (high - score) / (high - low) * plot_height;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="sans-serif" font-size="13">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let games: u64 = single.iter().map(|point| point.games).sum();
    let _ = writeln!(
        svg,
        r#"<text x="{left}" y="24" font-size="17" font-weight="bold">{}</text>"#,
        escape(title)
    );
    let _ = writeln!(
        svg,
        r##"<text x="{left}" y="44" fill="#555">{} starts, {games} games; mean score {mean:.3} (dashed). Red: interval above the mean, blue: below (1 start in 20 falls outside by chance).</text>"##,
        single.len()
    );
    // Grid and axes.
    let mut tick = low;
    while tick <= high + 1e-9 {
        let _ = writeln!(
            svg,
            r##"<line x1="{left}" x2="{}" y1="{y:.1}" y2="{y:.1}" stroke="#ddd"/><text x="{}" y="{:.1}" text-anchor="end">{tick:.1}</text>"##,
            width - right,
            left - 8.0,
            y(tick) + 4.0,
            y = y(tick)
        );
        tick += 0.1;
    }
    for id in (0..=960u16).step_by(120) {
        let position = left + f64::from(id) / 960.0 * plot_width;
        let _ = writeln!(
            svg,
            r##"<line x1="{position:.1}" x2="{position:.1}" y1="{top}" y2="{}" stroke="#eee"/><text x="{position:.1}" y="{}" text-anchor="middle">{id}</text>"##,
            height - bottom,
            height - bottom + 18.0
        );
    }
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{}" text-anchor="middle">start position id (Scharnagl; 518 = RNBQKBNR)</text>"#,
        left + plot_width / 2.0,
        height - 14.0
    );
    let _ = writeln!(
        svg,
        r#"<text transform="translate(18 {}) rotate(-90)" text-anchor="middle">{}</text>"#,
        top + plot_height / 2.0,
        escape(y_label)
    );
    let _ = writeln!(
        svg,
        r##"<rect x="{left}" y="{top}" width="{plot_width}" height="{plot_height}" fill="none" stroke="#888"/>"##
    );
    let _ = writeln!(
        svg,
        r##"<line x1="{left}" x2="{}" y1="{y:.1}" y2="{y:.1}" stroke="#333" stroke-dasharray="6 4"/>"##,
        width - right,
        y = y(mean)
    );
    for point in single {
        let interval = &point.interval;
        let color = if interval.low > mean {
            "#c0392b"
        } else if interval.high < mean {
            "#2471a3"
        } else {
            "#7f8c8d"
        };
        let px = x(point.id);
        let _ = writeln!(
            svg,
            r#"<g><title>{} {}: score {:.3} ({:.3}..{:.3}), {} games</title><line x1="{px:.1}" x2="{px:.1}" y1="{:.1}" y2="{:.1}" stroke="{color}" stroke-opacity="0.35"/><circle cx="{px:.1}" cy="{:.1}" r="1.8" fill="{color}"/></g>"#,
            point.id,
            point.rank,
            point.score,
            interval.low,
            interval.high,
            point.games,
            y(interval.high),
            y(interval.low),
            y(point.score)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// Text made safe for SVG (a player's name may hold `<` or `&`).
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
