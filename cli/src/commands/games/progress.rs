//! The progress bar of `chess960 games` on a terminal: bytes, MB/s,
//! games/s and the time left when the inputs' size is known.

use chess960_archive::Progress;
use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A running bar; [`Bar::finish`] erases it.
pub(crate) struct Bar {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Bar {
    /// Starts a bar on standard error if it is a terminal; else nothing.
    pub(crate) fn start(counters: &Progress, total: Option<u64>) -> Bar {
        let stop = Arc::new(AtomicBool::new(false));
        let thread = std::io::stderr().is_terminal().then(|| {
            let counters = counters.clone();
            let stop = Arc::clone(&stop);
            std::thread::spawn(move || draw(&counters, total, &stop))
        });
        Bar { stop, thread }
    }

    /// Stops the bar and erases its line.
    pub(crate) fn finish(mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
            let _ = write!(std::io::stderr(), "\r\x1b[2K");
        }
    }
}

#[allow(
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss
)]
fn draw(counters: &Progress, total: Option<u64>, stop: &AtomicBool) {
    let start = Instant::now();
    // No bar for a run shorter than a moment.
    let mut wait = Duration::from_millis(500);
    while !stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        if start.elapsed() < wait {
            continue;
        }
        wait = Duration::ZERO;
        let seconds = start.elapsed().as_secs_f64();
        let bytes = counters.bytes() as f64;
        let games = counters.records() as f64;
        let rate = bytes / seconds;
        let mut line = match total {
            Some(total) if total > 0 => {
                let fraction = (bytes / total as f64).min(1.0);
                let filled = (fraction * 30.0) as usize;
                let left = (total as f64 - bytes).max(0.0) / rate.max(1.0);
                format!(
                    "[{}{}] {:5.1}% {:.0}/{:.0} MB {:.0} MB/s {:.0} games/s ETA {}",
                    "#".repeat(filled),
                    "-".repeat(30 - filled),
                    fraction * 100.0,
                    bytes / 1e6,
                    total as f64 / 1e6,
                    rate / 1e6,
                    games / seconds,
                    clock(left)
                )
            }
            _ => format!(
                "{:.0} MB {:.0} MB/s {:.0} games {:.0} games/s",
                bytes / 1e6,
                rate / 1e6,
                games,
                games / seconds
            ),
        };
        line.insert(0, '\r');
        let mut stderr = std::io::stderr().lock();
        let _ = write!(stderr, "{line}\x1b[K");
        let _ = stderr.flush();
    }
}

/// Seconds as `m:ss` or `h:mm:ss`.
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
fn clock(seconds: f64) -> String {
    let seconds = seconds.round() as u64;
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}
