//! The stores weighed for the explorer (decision 0019): see Cargo.toml.

use redb::ReadableTable;
use std::time::Instant;

#[path = "../../common/rng.rs"]
mod rng;
use rng::Rng;

/// Prints a store's speed at counter updates and its size on disk.
fn report(store: &str, written: usize, elapsed: std::time::Duration, dir: &std::path::Path) {
    println!(
        "{store}: {written} updates in {:.2} s ({:.0}/s), size {} bytes",
        elapsed.as_secs_f64(),
        written as f64 / elapsed.as_secs_f64(),
        du(dir)
    );
}

const BATCHES: usize = 10;
const UPDATES: usize = 100_000;
const HOT: u64 = 2_000;

/// The keys of one batch: 20% of a hot set (openings), 80% new.
fn batch(rng: &mut Rng, fresh: &mut u64) -> Vec<[u8; 16]> {
    let mut keys: Vec<[u8; 16]> = (0..UPDATES)
        .map(|i| {
            let id = if i % 5 == 0 {
                rng.next() % HOT
            } else {
                *fresh += 1;
                HOT + *fresh
            };
            let mut k = Rng(id.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
            let v = (u128::from(k.next()) << 64) | u128::from(k.next());
            v.to_be_bytes()
        })
        .collect();
    keys.sort_unstable();
    keys.dedup();
    keys
}

fn update(old: Option<&[u8]>) -> Vec<u8> {
    match old {
        None => vec![
            1, 2, 0x81, 0x0A, 1, 0, 0, 0xC4, 0x0B, 0, 1, 0x8C, 0x8F, 0x01, 3, 0x8C, 0x8F, 0x01, 3,
            0, 1, 2, 3, 4,
        ],
        Some(v) if v.len() < 2000 => {
            let mut v = v.to_vec();
            v.extend_from_slice(&[0x81, 0x0A, 1, 0, 0, 0xC4, 0x0B, 0]);
            v
        }
        Some(v) => {
            let mut v = v.to_vec();
            v[3] = v[3].wrapping_add(1);
            v
        }
    }
}

fn du(path: &std::path::Path) -> u64 {
    let mut total = 0;
    for entry in std::fs::read_dir(path).unwrap() {
        let entry = entry.unwrap();
        let meta = entry.metadata().unwrap();
        total += if meta.is_dir() {
            du(&entry.path())
        } else {
            meta.len()
        };
    }
    total
}

fn main() {
    let which = std::env::args().nth(1).unwrap();
    let dir = std::path::PathBuf::from(std::env::args().nth(2).unwrap());
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng(7);
    let mut fresh = 0;
    let start = Instant::now();
    let mut written = 0usize;
    match which.as_str() {
        "redb" => {
            const T: redb::TableDefinition<[u8; 16], &[u8]> = redb::TableDefinition::new("t");
            let mut db = redb::Database::create(dir.join("db.redb")).unwrap();
            for _ in 0..BATCHES {
                let keys = batch(&mut rng, &mut fresh);
                let txn = db.begin_write().unwrap();
                {
                    let mut t = txn.open_table(T).unwrap();
                    for k in &keys {
                        let new = {
                            let old = t.get(k).unwrap();
                            update(old.as_ref().map(|v| v.value()))
                        };
                        t.insert(k, new.as_slice()).unwrap();
                    }
                    written += keys.len();
                }
                txn.commit().unwrap();
            }
            report("redb", written, start.elapsed(), &dir);
            let c = Instant::now();
            db.compact().unwrap();
            println!(
                "redb compacted in {:.2} s: size {} bytes",
                c.elapsed().as_secs_f64(),
                du(&dir)
            );
        }
        "fjall" => {
            let db = fjall::Database::builder(&dir).open().unwrap();
            let t = db
                .keyspace("t", fjall::KeyspaceCreateOptions::default)
                .unwrap();
            for _ in 0..BATCHES {
                let keys = batch(&mut rng, &mut fresh);
                let mut b = db.batch();
                for k in &keys {
                    let old = t.get(k).unwrap();
                    let new = update(old.as_deref());
                    b.insert(&t, k.to_vec(), new);
                }
                written += keys.len();
                b.commit().unwrap();
                db.persist(fjall::PersistMode::SyncAll).unwrap();
            }
            report("fjall", written, start.elapsed(), &dir);
            drop(t);
            drop(db);
            println!("fjall after close: size {} bytes", du(&dir));
        }
        "sorted" => sorted_fill(&dir, false),
        "random" => sorted_fill(&dir, true),
        "fjallfill" => fjall_fill(&dir),
        _ => panic!(),
    }
}

#[allow(dead_code)]
pub fn sorted_fill(dir: &std::path::Path, random: bool) {
    const T: redb::TableDefinition<[u8; 16], &[u8]> = redb::TableDefinition::new("t");
    let db = redb::Database::create(dir.join("db.redb")).unwrap();
    let mut keys: Vec<[u8; 16]> = (0..300_000u64)
        .map(|i| {
            let mut k = Rng(i.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
            ((u128::from(k.next()) << 64) | u128::from(k.next())).to_be_bytes()
        })
        .collect();
    if !random {
        keys.sort_unstable();
    }
    let txn = db.begin_write().unwrap();
    {
        let mut t = txn.open_table(T).unwrap();
        for k in &keys {
            t.insert(k, [1u8, 2, 3, 4, 5, 6, 7].as_slice()).unwrap();
        }
    }
    txn.commit().unwrap();
    drop(db);
    println!(
        "{} keys of 16 + 7 bytes ({} raw), {} random: file {} bytes",
        keys.len(),
        keys.len() * 23,
        random,
        du(dir)
    );
}

#[allow(dead_code)]
pub fn fjall_fill(dir: &std::path::Path) {
    let keys: Vec<[u8; 16]> = (0..300_000u64)
        .map(|i| {
            let mut k = Rng(i.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
            ((u128::from(k.next()) << 64) | u128::from(k.next())).to_be_bytes()
        })
        .collect();
    {
        let db = fjall::Database::builder(dir).open().unwrap();
        let t = db
            .keyspace("t", fjall::KeyspaceCreateOptions::default)
            .unwrap();
        let mut b = db.batch();
        for k in &keys {
            b.insert(&t, k.to_vec(), vec![1u8, 2, 3, 4, 5, 6, 7]);
        }
        b.commit().unwrap();
        db.persist(fjall::PersistMode::SyncAll).unwrap();
        t.rotate_memtable_and_wait().ok();
        std::thread::sleep(std::time::Duration::from_secs(2));
        println!("fjall open: {} bytes", du(dir));
    }
    std::thread::sleep(std::time::Duration::from_secs(1));
    println!(
        "fjall {} keys of 16 + 7 bytes ({} raw): {} bytes",
        keys.len(),
        keys.len() * 23,
        du(dir)
    );
}
