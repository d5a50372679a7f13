//! The game table from outside: Parquet files read back by the parquet
//! crate's own reader with the columns' types; a cut input leaves a
//! complete file of the rows before the fault; an input that is not PGN
//! is one skip; row groups encoded on several threads come out in input
//! order, as the parquet crate's own `ArrowWriter` writes them.

use super::{Scratch, noisy};
use arrow_array::cast::AsArray;
use arrow_array::types::{Date32Type, Int16Type, Time64MicrosecondType, UInt32Type, UInt64Type};
use arrow_array::{Array, RecordBatch};
use arrow_schema::{DataType, TimeUnit};
use chess960_archive::Archive;
use chess960_archive::table::{Column, Columns, ParquetWriter, Table, write_parquet};
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::basic::Encoding;
use parquet::file::reader::{FileReader, SerializedFileReader};
use std::io::Write as _;

/// Reads a Parquet file's batches and its row groups' sizes.
fn read_back(bytes: Vec<u8>) -> (Vec<RecordBatch>, Vec<i64>) {
    let builder = ParquetRecordBatchReaderBuilder::try_new(bytes::Bytes::from(bytes)).unwrap();
    let groups = builder
        .metadata()
        .row_groups()
        .iter()
        .map(parquet::file::metadata::RowGroupMetaData::num_rows)
        .collect();
    let batches = builder.build().unwrap().map(Result::unwrap).collect();
    (batches, groups)
}

const LICHESS: &str = "[Event \"Rated Chess960 game\"]
[Site \"https://lichess.org/abcdefgh\"]
[Date \"2024.02.29\"]
[Round \"-\"]
[White \"Ada\"]
[Black \"Bo\"]
[Result \"1-0\"]
[UTCDate \"2024.02.29\"]
[UTCTime \"23:59:59\"]
[WhiteElo \"1500\"]
[BlackElo \"?\"]
[WhiteRatingDiff \"+7\"]
[BlackRatingDiff \"-40000\"]
[WhiteTitle \"FM\"]
[Variant \"Chess960\"]
[TimeControl \"180+2\"]
[ECO \"?\"]
[Opening \"?\"]
[Termination \"Time forfeit\"]
[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]
[SetUp \"1\"]

1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 1-0

[Event \"Casual\"]
[UTCDate \"2024.??.??\"]
[UTCTime \"25:00:00\"]
[TimeControl \"-\"]

1. d4 *

";

#[test]
fn parquet_holds_every_column_with_its_type() {
    let table = Table::new(Columns::parse("all").unwrap().tag("SetUp").unwrap());
    let archive = Archive::new().reader("two.pgn", std::io::Cursor::new(LICHESS));
    let (summary, bytes) = write_parquet(&archive, &table, Vec::new()).unwrap();
    assert_eq!(summary.matched, 2);
    let (batches, _) = read_back(bytes);
    let batch = arrow_select_concat(&batches);
    assert_eq!(batch.num_rows(), 2);
    let schema = batch.schema();
    for column in Column::ALL {
        let field = schema.field_with_name(column.name()).unwrap();
        assert_eq!(field.data_type(), &column.data_type(), "{}", column.name());
    }
    assert_eq!(
        schema.field_with_name("utc_time").unwrap().data_type(),
        &DataType::Time64(TimeUnit::Microsecond)
    );
    let get = |name: &str| batch.column_by_name(name).unwrap().clone();
    let text = |name: &str, row: usize| {
        let column = get(name);
        let column = column.as_string::<i32>();
        (!column.is_null(row)).then(|| column.value(row).to_owned())
    };
    assert_eq!(get("number").as_primitive::<UInt64Type>().values(), &[1, 2]);
    assert_eq!(
        get("white_id")
            .as_primitive::<arrow_array::types::UInt16Type>()
            .value(0),
        0
    );
    let dates = get("utc_date");
    let dates = dates.as_primitive::<Date32Type>();
    // 2024-02-29 is day 19782 since 1970-01-01.
    assert_eq!((dates.value(0), dates.is_null(1)), (19_782, true));
    let times = get("utc_time");
    let times = times.as_primitive::<Time64MicrosecondType>();
    assert_eq!((times.value(0), times.is_null(1)), (86_399_000_000, true));
    let diffs = get("white_rating_diff");
    assert_eq!(diffs.as_primitive::<Int16Type>().value(0), 7);
    // -40000 does not fit an int16: null, and the game is kept.
    assert!(get("black_rating_diff").is_null(0));
    let base = get("base_seconds");
    let base = base.as_primitive::<UInt32Type>();
    assert_eq!((base.value(0), base.is_null(1)), (180, true));
    assert_eq!(
        get("increment_seconds")
            .as_primitive::<UInt32Type>()
            .value(0),
        2
    );
    assert!(get("black_elo").is_null(0));
    assert_eq!(text("white_title", 0).as_deref(), Some("FM"));
    assert_eq!(text("black_title", 0), None);
    assert_eq!(text("eco", 0).as_deref(), Some("?"));
    assert_eq!(text("round", 0).as_deref(), Some("-"));
    assert_eq!(text("termination", 0).as_deref(), Some("Time forfeit"));
    assert_eq!(text("time_control", 1).as_deref(), Some("-"));
    assert_eq!(text("SetUp", 0).as_deref(), Some("1"));
    assert_eq!(
        text("movetext", 0).as_deref(),
        Some("1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 1-0")
    );
    assert_eq!(text("movetext", 1).as_deref(), Some("1. d4 *"));
}

/// The batches as one (they share a schema).
fn arrow_select_concat(batches: &[RecordBatch]) -> RecordBatch {
    let schema = batches[0].schema();
    let columns = (0..schema.fields().len())
        .map(|index| {
            let arrays: Vec<&dyn Array> = batches
                .iter()
                .map(|batch| batch.column(index).as_ref())
                .collect();
            arrow_select::concat::concat(&arrays).unwrap()
        })
        .collect();
    RecordBatch::try_new(schema, columns).unwrap()
}

#[test]
fn a_row_group_a_batch_and_a_cut_input_keeps_every_row_before_the_fault() {
    let text = noisy(4000);
    let mut packed = Vec::new();
    {
        let mut encoder = zstd::Encoder::new(&mut packed, 3).unwrap();
        encoder.write_all(text.as_bytes()).unwrap();
        encoder.finish().unwrap();
    }
    let dir = std::env::temp_dir().join(format!("chess960-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cut = dir.join("cut.pgn.zst");
    std::fs::write(&cut, &packed[..packed.len() / 2]).unwrap();
    let table = Table::new(Columns::parse("number,event,movetext").unwrap()).batch_rows(500);
    let (summary, bytes) = write_parquet(&Archive::new().path(&cut), &table, Vec::new()).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let skip = &summary.input_skips[0];
    assert_eq!(skip.input, cut.to_string_lossy());
    assert!(
        skip.reason
            .starts_with(&format!("reading stopped at byte {}", skip.offset))
    );
    // The file is complete: its footer reads, and it holds every record
    // that lies wholly before the fault, numbered in order.
    let (batches, groups) = read_back(bytes);
    let rows: usize = batches.iter().map(RecordBatch::num_rows).sum();
    let before = text[..usize::try_from(skip.offset).unwrap()]
        .matches("\n\n[Event ")
        .count();
    assert!(rows + 1 >= before && rows <= before + 1, "{rows} {before}");
    assert!(
        groups.len() >= rows / 500 && groups.iter().all(|&group| group <= 500),
        "{groups:?}"
    );
    let batch = arrow_select_concat(&batches);
    let numbers = batch.column(0).as_primitive::<UInt64Type>();
    assert!(numbers.values().iter().copied().eq(1..=rows as u64));
    let events = batch.column(1).as_string::<i32>();
    assert_eq!(events.value(rows - 1), format!("game {}", rows - 1));
}

#[test]
fn an_input_that_is_not_pgn_is_one_skip() {
    // A PNG's first bytes, then noise: no tag pair anywhere.
    let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..100_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        bytes.push(state.to_le_bytes()[3]);
    }
    bytes.retain(|&byte| byte != b'[');
    let pgn = "[Event \"e\"]\n\n1. e4 *\n\n";
    let archive = Archive::new()
        .reader("picture.png", std::io::Cursor::new(bytes))
        .reader("games.pgn", std::io::Cursor::new(pgn))
        .reader(
            "broken.pgn",
            std::io::Cursor::new(format!("[Event \"x\n\n*\n\n{pgn}")),
        );
    let table = Table::new(Columns::default());
    let (summary, bytes) = write_parquet(&archive, &table, Vec::new()).unwrap();
    assert_eq!(summary.input_skips.len(), 1);
    let skip = &summary.input_skips[0];
    assert_eq!(skip.input, "picture.png");
    assert!(
        skip.to_string()
            .starts_with("picture.png: input: not PGN: "),
        "{skip}"
    );
    // The PGN files read as ever: one game, and one broken record then one.
    assert_eq!((summary.counts.total(), summary.skipped), (3, 2));
    let (batches, _) = read_back(bytes);
    assert_eq!(batches.iter().map(RecordBatch::num_rows).sum::<usize>(), 3);
}

/// The batches `archive` delivers for `table`, one a part, in order.
fn delivered(archive: &Archive, table: &Table) -> Vec<RecordBatch> {
    let mut batches = Vec::new();
    archive
        .collect(table, |mut batch| {
            batches.push(table.batch(&mut batch).map_err(std::io::Error::other)?);
            Ok(())
        })
        .unwrap();
    batches.retain(|batch| batch.num_rows() > 0);
    batches
}

#[test]
fn row_groups_encoded_on_threads_come_in_input_order_as_arrow_writer_writes_them() {
    let text = noisy(3000);
    let scratch = Scratch::new("parquet-threads");
    let path = scratch.file("noisy.pgn", text.as_bytes());
    let table =
        Table::new(Columns::parse("number,offset,event,result,movetext").unwrap()).batch_rows(200);
    // Read on one core (a stream, read once), and a plain file cut into
    // parts read on two cores: both deliver many parts.
    let archive = |stream: bool| {
        if stream {
            Archive::new().reader("noisy.pgn", std::io::Cursor::new(text.clone()))
        } else {
            Archive::new().path(&path).part_size(64 << 10)
        }
    };
    for (stream, threads) in [(true, 1), (true, 2), (true, 5), (false, 2), (false, 5)] {
        let parts = delivered(&archive(stream).threads(threads), &table);
        assert!(parts.len() > 10, "{}", parts.len());
        // The parquet crate's own writer: a row group a part.
        let mut reference = ArrowWriter::try_new(Vec::new(), table.schema(), None).unwrap();
        for part in &parts {
            reference.write(part).unwrap();
            reference.flush().unwrap();
        }
        let (expected, expected_groups) = read_back(reference.into_inner().unwrap());
        let expected = arrow_select_concat(&expected);
        let (summary, bytes) =
            write_parquet(&archive(stream).threads(threads), &table, Vec::new()).unwrap();
        assert_eq!(summary.matched, 3000);
        let (batches, groups) = read_back(bytes);
        assert_eq!(groups, expected_groups, "{threads} threads");
        assert_eq!(groups.len(), parts.len());
        let batch = arrow_select_concat(&batches);
        assert_eq!(batch, expected, "{threads} threads");
        let numbers = batch.column(0).as_primitive::<UInt64Type>();
        assert!(numbers.values().iter().copied().eq(1..=3000));
        let events = batch.column(2).as_string::<i32>();
        assert!((0..3000).all(|row| events.value(row) == format!("game {row}")));
    }
}

#[test]
fn statistics_and_dictionaries_where_they_pay() {
    let text = noisy(500);
    let table = Table::new(Columns::parse("number,offset,event,result,movetext").unwrap());
    let archive = Archive::new().reader("noisy.pgn", std::io::Cursor::new(text));
    let (_, bytes) = write_parquet(&archive, &table, Vec::new()).unwrap();
    let reader = SerializedFileReader::new(bytes::Bytes::from(bytes)).unwrap();
    let group = reader.metadata().row_group(0);
    let chunk = |name: &str| {
        group
            .columns()
            .iter()
            .find(|chunk| chunk.column_path().string() == name)
            .unwrap()
    };
    // Min and max where a query can skip a row group by them...
    let number = chunk("number").statistics().unwrap();
    assert_eq!(
        (number.min_bytes_opt(), number.max_bytes_opt()),
        (
            Some(&1_u64.to_le_bytes()[..]),
            Some(&500_u64.to_le_bytes()[..])
        )
    );
    let result = chunk("result").statistics().unwrap();
    assert_eq!(result.min_bytes_opt(), Some(&b"1-0"[..]));
    assert!(chunk("event").statistics().is_some());
    // ...none for the game text.
    assert!(chunk("movetext").statistics().is_none());
    // A dictionary for repeated values, none for values all different.
    let dictionary = |name: &str| chunk(name).dictionary_page_offset().is_some();
    assert!(dictionary("result"));
    for name in ["number", "offset", "movetext"] {
        assert!(!dictionary(name), "{name}");
        assert!(
            !chunk(name)
                .encodings()
                .any(|encoding| encoding == Encoding::RLE_DICTIONARY)
        );
    }
}

#[test]
fn a_batch_of_another_schema_is_an_error() {
    let table = Table::new(Columns::parse("white").unwrap());
    let other = Table::new(Columns::parse("black").unwrap());
    let pgn = "[White \"Ada\"]\n[Black \"Bo\"]\n\n1. e4 *\n";
    let archive = Archive::new().reader("one.pgn", std::io::Cursor::new(pgn));
    let batches = delivered(&archive, &other);
    let mut writer = ParquetWriter::new(Vec::new(), table.schema()).unwrap();
    assert!(writer.write(&batches[0]).is_err());
    let (batches, groups) = read_back(writer.finish().unwrap());
    assert!(batches.is_empty() && groups.is_empty());
}
