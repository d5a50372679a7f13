//! The options every subcommand of `chess960 games` shares, gathered in
//! one struct flattened into each: the inputs, the filters and the output.

use super::destination::Destination;
use super::filters::Filters;
use super::inputs::Inputs;
use clap::Args;

/// The inputs, which games count, and where the output goes.
#[derive(Args, Clone, Debug, Default)]
pub(crate) struct Shared {
    #[command(flatten)]
    pub(crate) inputs: Inputs,
    #[command(flatten)]
    pub(crate) filters: Filters,
    #[command(flatten)]
    pub(crate) destination: Destination,
}
