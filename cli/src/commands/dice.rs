//! `chess960 dice`: a draw made by hand with dice, coins or cards, turned
//! into its position.

use crate::details::Details;
use crate::echo;
use crate::failure::Failure;
use crate::json;
use chess960::draw::{self, Card, Coin, DrawError};
use chess960::{File, Position};
use clap::{Args, ValueEnum};
use std::io::Write;

/// The arguments of `chess960 dice`.
#[derive(Args, Debug)]
pub(crate) struct DiceArgs {
    /// The procedure used, named as its function in the library's `draw`.
    #[arg(value_enum)]
    method: Method,
    /// The outcomes in order: die faces (2-3-3-2-3), coins (H/T) or
    /// cards (files a-h and N, Q, R).
    #[arg(required = true, allow_hyphen_values = true)]
    outcomes: Vec<String>,
    /// Print JSON for scripts instead of text: one document, as `show
    /// --json` writes it.
    #[arg(long)]
    json: bool,
}

/// A procedure of the reference texts, named as the function of
/// `chess960::draw` that reads its record; the names the command took
/// before stay as aliases.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Method {
    /// Althöfer's single d6, re-rolling what does not fit (2-3-3-2-3 is 518).
    #[value(aliases = ["die", "althofer"])]
    AlthoferDie,
    /// The optimised single d6: 5/6 pairs for bishops, 5 and 6 for the second knight.
    OptimisedDie,
    /// One throw of d8, d4, d6 and d20.
    #[value(name = "d8-d4-d6-d20")]
    D8D4D6D20,
    /// One throw of d8, d4, d6, d20 and d12.
    #[value(name = "d8-d4-d6-d20-d12")]
    D8D4D6D20D12,
    /// One throw of two d4 (light bishop first), d6 and d10.
    #[value(name = "d4-d4-d6-d10")]
    D4D4D6D10,
    /// A small and a large coin tossed together, small first (T=0/H=2, T=1/H=2).
    TwoCoins,
    /// Three coins tossed together: small (T=0/H=2), large (T=1/H=2), third (T=0/H=4).
    ThreeCoins,
    /// One coin tossed ten times: a binary number (T = 1, H = 0).
    #[value(alias = "one-coin")]
    OneCoinBinary,
    /// One coin, ten tosses, in the ten-bit layout (knights, queen, bishops).
    #[value(alias = "ten-bit")]
    TenBitLayout,
    /// A shuffled deck of 14 cards: files a to h, N, N, Q, R, R, R.
    #[value(alias = "cards")]
    FourteenCards,
}

/// Splits outcomes written as separate arguments or run together with
/// commas, dashes or spaces (`2-3-3-2-3`, `T,H,T`, `THT`).
fn tokens(outcomes: &[String]) -> impl Iterator<Item = &str> {
    outcomes
        .iter()
        .flat_map(|outcome| outcome.split([',', '-', ' ']))
        .filter(|token| !token.is_empty())
}

fn faces(outcomes: &[String]) -> Result<Vec<u8>, Failure> {
    tokens(outcomes)
        .map(|token| {
            token.parse::<u8>().map_err(|_| {
                Failure::input(format!(
                    "{} is not a die face: write numbers such as 2-3-3-2-3",
                    echo::quoted(token)
                ))
            })
        })
        .collect()
}

fn coins(outcomes: &[String]) -> Result<Vec<Coin>, Failure> {
    tokens(outcomes)
        .flat_map(str::chars)
        .map(|letter| match letter.to_ascii_uppercase() {
            'H' => Ok(Coin::Heads),
            'T' => Ok(Coin::Tails),
            _ => Err(Failure::input(format!(
                "{} is not a coin: write H for heads and T for tails",
                echo::character(letter)
            ))),
        })
        .collect()
}

fn cards(outcomes: &[String]) -> Result<Vec<Card>, Failure> {
    tokens(outcomes)
        .flat_map(str::chars)
        .map(|letter| match letter {
            'a'..='h' => File::ALL
                .into_iter()
                .find(|file| file.to_char() == letter)
                .map(Card::Square)
                .ok_or_else(|| {
                    Failure::input(format!("{} is not a card", echo::character(letter)))
                }),
            'N' | 'n' => Ok(Card::Knight),
            'Q' | 'q' => Ok(Card::Queen),
            'R' | 'r' => Ok(Card::Rook),
            _ => Err(Failure::input(format!(
                "{} is not a card: write files a to h and N, Q, R",
                echo::character(letter)
            ))),
        })
        .collect()
}

/// Writes the position the record of `args.outcomes` gives, as `id rank`
/// or as JSON.
pub(crate) fn run(args: &DiceArgs, out: &mut dyn Write) -> Result<(), Failure> {
    // The outcomes take every word after the method, dashes included, so
    // `--json` after them arrives among them.
    let (flags, outcomes): (Vec<String>, Vec<String>) = args
        .outcomes
        .iter()
        .cloned()
        .partition(|outcome| outcome == "--json");
    let position = position(args.method, &outcomes)?;
    if args.json || !flags.is_empty() {
        return json::write(out, &Details::of(position));
    }
    Ok(writeln!(out, "{} {position}", position.id())?)
}

/// The position the record of `outcomes` gives under `method`.
fn position(method: Method, outcomes: &[String]) -> Result<Position, Failure> {
    let drawn: Result<Position, DrawError> = match method {
        Method::AlthoferDie => draw::althofer_die(&faces(outcomes)?),
        Method::OptimisedDie => draw::optimised_die(&faces(outcomes)?),
        Method::D8D4D6D20 => draw::d8_d4_d6_d20(&faces(outcomes)?),
        Method::D8D4D6D20D12 => draw::d8_d4_d6_d20_d12(&faces(outcomes)?),
        Method::D4D4D6D10 => draw::d4_d4_d6_d10(&faces(outcomes)?),
        Method::TwoCoins => draw::two_coins(&coins(outcomes)?),
        Method::ThreeCoins => draw::three_coins(&coins(outcomes)?),
        Method::OneCoinBinary => draw::one_coin_binary(&coins(outcomes)?),
        Method::TenBitLayout => draw::ten_bit_layout(&coins(outcomes)?),
        Method::FourteenCards => draw::fourteen_cards(&cards(outcomes)?),
    };
    drawn.map_err(|error| Failure::input(error.to_string()))
}

#[cfg(test)]
mod tests {
    use super::Method;
    use clap::ValueEnum;

    /// Every method is named as its function in `chess960::draw`, and the
    /// names of earlier versions still parse.
    #[test]
    fn methods_are_named_as_the_draw_functions() {
        let names: Vec<String> = Method::value_variants()
            .iter()
            .filter_map(ValueEnum::to_possible_value)
            .map(|value| value.get_name().replace('-', "_"))
            .collect();
        assert_eq!(
            names,
            [
                "althofer_die",
                "optimised_die",
                "d8_d4_d6_d20",
                "d8_d4_d6_d20_d12",
                "d4_d4_d6_d10",
                "two_coins",
                "three_coins",
                "one_coin_binary",
                "ten_bit_layout",
                "fourteen_cards",
            ]
        );
        for (old, new) in [
            ("die", Method::AlthoferDie),
            ("althofer", Method::AlthoferDie),
            ("one-coin", Method::OneCoinBinary),
            ("ten-bit", Method::TenBitLayout),
            ("cards", Method::FourteenCards),
        ] {
            assert_eq!(Method::from_str(old, false), Ok(new), "{old}");
        }
    }
}
