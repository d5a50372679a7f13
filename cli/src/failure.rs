//! Why a command failed, and the exit code that says so.

use std::fmt;
use std::io::Write as _;
use std::process::ExitCode;

/// A failed command: a message for standard error and an exit code.
#[derive(Debug)]
pub(crate) struct Failure {
    message: String,
    code: u8,
}

/// Exit code for a reader that stopped reading (`chess960 table | head`):
/// nothing went wrong, so nothing is said.
const READER_GONE: u8 = 0;

impl Failure {
    /// Exit code for input that is not a valid position, draw or option.
    const BAD_INPUT: u8 = 2;
    /// Exit code for a failure that is not the input's: output that could
    /// not be written, a random number generator that failed, JSON that
    /// could not be made.
    const INTERNAL: u8 = 1;

    /// Bad input from the user: exit code 2.
    pub(crate) fn input(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            code: Self::BAD_INPUT,
        }
    }

    /// Bad input that has been reported already, as it came (`convert
    /// --keep-going`): exit code 2, nothing more to say.
    pub(crate) fn reported() -> Failure {
        Failure {
            message: String::new(),
            code: Self::BAD_INPUT,
        }
    }

    /// Whether there is anything to tell: not when the reader of standard
    /// output went away, nor when the input's faults were told already.
    pub(crate) fn is_silent(&self) -> bool {
        self.message.is_empty()
    }

    /// Something failed that is not the user's input: exit code 1.
    pub(crate) fn internal(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            code: Self::INTERNAL,
        }
    }

    /// The exit code to end the process with.
    pub(crate) fn exit_code(&self) -> ExitCode {
        ExitCode::from(self.code)
    }

    /// Says what went wrong on standard error (unless there is nothing to
    /// tell) and gives the exit code. Standard error that cannot be
    /// written changes nothing: the exit code still tells.
    pub(crate) fn report(&self) -> ExitCode {
        if !self.is_silent() {
            say(&self.message);
        }
        self.exit_code()
    }
}

/// Writes `chess960: {message}` and a newline on standard error, ignoring
/// a standard error that cannot be written (`2>/dev/full`): a note or an
/// error message must never end the command another way.
pub(crate) fn say(message: &str) {
    let mut stderr = std::io::stderr().lock();
    let _ = writeln!(stderr, "chess960: {message}");
    let _ = stderr.flush();
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<chess960::Error> for Failure {
    fn from(error: chess960::Error) -> Failure {
        Failure::input(error.to_string())
    }
}

impl From<std::io::Error> for Failure {
    fn from(error: std::io::Error) -> Failure {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            return Failure {
                message: String::new(),
                code: READER_GONE,
            };
        }
        Failure {
            message: format!("cannot write the output: {error}"),
            code: Self::INTERNAL,
        }
    }
}
