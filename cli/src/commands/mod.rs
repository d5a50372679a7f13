//! The subcommands, one module each. Every module owns its clap arguments
//! (`XArgs`) and a `run(args, out)` that writes the command's output to `out`
//! and says why it failed with a [`Failure`](crate::failure::Failure).

pub(crate) mod book;
pub(crate) mod completions;
pub(crate) mod convert;
pub(crate) mod dice;
pub(crate) mod explorer;
pub(crate) mod games;
pub(crate) mod manpage;
pub(crate) mod random;
pub(crate) mod show;
pub(crate) mod table;
pub(crate) mod tables;
