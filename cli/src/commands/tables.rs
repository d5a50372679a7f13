//! `chess960 tables`: the printed tables of the reference texts, generated
//! from the library and laid out in columns as the texts print them.

use crate::failure::Failure;
use chess960::FRITZ9_SKELETON_TABLE;
use chess960::two_tables::{BISHOPS_TABLE, KINGS_TABLE, KRN_TABLE, NQ_SKELETON_TABLE, TableRow};
use clap::{Args, ValueEnum};
use std::fmt::Write as _;
use std::io::Write;

/// The arguments of `chess960 tables`.
#[derive(Args, Debug)]
pub(crate) struct TablesArgs {
    /// Only these tables.
    #[arg(value_enum)]
    tables: Vec<Table>,
}

/// One of the printed tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Table {
    /// King's table: the six pieces other than the bishops, by multiples of 16.
    Kings,
    /// Bishop's table: where the bishops stand, by remainder 0..=15.
    Bishops,
    /// Scharnagl's NQ-skeleton table: knights and queen, K and R as '-'.
    NqSkeleton,
    /// The KRN table: the order of knights, rooks and king, by multiples of 96.
    Krn,
    /// Fritz 9's NQ-skeleton table, for Fritz 9's numbering.
    Fritz9,
}

impl Table {
    /// Every table, in the order `tables` prints them.
    const ALL: [Table; 5] = [
        Table::Kings,
        Table::Bishops,
        Table::NqSkeleton,
        Table::Krn,
        Table::Fritz9,
    ];
}

/// The rows of `table`, laid out in columns of the given heights, a
/// column's rows read top to bottom, as in the reference texts.
fn columns<const N: usize>(table: &[TableRow<N>], heights: &[usize]) -> String {
    let mut out = String::new();
    let mut starts = Vec::with_capacity(heights.len());
    let mut start = 0;
    for height in heights {
        starts.push(start);
        start += height;
    }
    let tallest = heights.iter().copied().max().unwrap_or(0);
    for row in 0..tallest {
        let mut line = String::new();
        for (column, (&start, &height)) in starts.iter().zip(heights).enumerate() {
            if row < height {
                let entry = table[start + row];
                if column > 0 {
                    line.push_str("    ");
                }
                let _ = write!(line, "{:>3} {}", entry.number(), entry.as_str());
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The text of one table, with its heading.
fn render(table: Table) -> String {
    match table {
        Table::Kings => format!(
            "King's table (id = number + bishop code)\n{}",
            columns(&KINGS_TABLE, &[21, 21, 18])
        ),
        Table::Bishops => format!(
            "Bishop's table (bishop code = id % 16)\n    abcdefgh\n{}",
            columns(&BISHOPS_TABLE, &[16])
        ),
        Table::NqSkeleton => format!(
            "Scharnagl's NQ-skeleton table (id = number + bishop code)\n{}",
            columns(&NQ_SKELETON_TABLE, &[12; 5])
        ),
        Table::Krn => format!(
            "KRN table (id = number + 16 * queen slot + bishop code)\n{}",
            columns(&KRN_TABLE, &[10])
        ),
        Table::Fritz9 => format!(
            "Fritz 9's NQ-skeleton table (Fritz 9 number = number + bishop code)\n{}",
            columns(&FRITZ9_SKELETON_TABLE, &[15; 4])
        ),
    }
}

/// Writes the chosen tables, or all of them, separated by blank lines.
pub(crate) fn run(args: &TablesArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let chosen = if args.tables.is_empty() {
        &Table::ALL[..]
    } else {
        &args.tables
    };
    let text = chosen
        .iter()
        .map(|&table| render(table))
        .collect::<Vec<_>>()
        .join("\n");
    Ok(out.write_all(text.as_bytes())?)
}

#[cfg(test)]
mod tests {
    use super::{Table, TablesArgs, run};

    fn printed(tables: Vec<Table>) -> String {
        let mut out = Vec::new();
        run(&TablesArgs { tables }, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn no_choice_prints_every_table_apart() {
        let all = printed(Vec::new());
        let one_by_one: Vec<String> = Table::ALL
            .iter()
            .map(|&table| printed(vec![table]))
            .collect();
        assert_eq!(all, one_by_one.join("\n"));
        // Each table's tallest column (21, 16, 12, 10, 15 rows) under a
        // heading, the bishops' file letters, and a blank line between tables.
        assert_eq!(all.lines().count(), (21 + 16 + 12 + 10 + 15) + 5 + 1 + 4);
    }
}
