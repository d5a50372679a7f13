//! Why a command failed, and the exit code that says so.

use std::fmt;
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

    /// Whether there is anything to tell: not when the reader of standard
    /// output went away.
    pub(crate) fn is_silent(&self) -> bool {
        self.code == READER_GONE
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
