//! "Did you mean `random`?": the command a mistyped word was meant to be,
//! by edit distance, so that `chess960 ranodm` is not answered with a rule
//! of back ranks.

/// The command in `names` that `word` is a slip of the keyboard away from:
/// at most one edit (a letter added, dropped, changed, or two neighbours
/// swapped) for a word of up to four letters, two for a longer one; or,
/// for a word of three letters or more, the one command it begins. `None`
/// when no command or more than one is that close, or `word` is no word.
pub(crate) fn command<'name>(word: &str, names: &[&'name str]) -> Option<&'name str> {
    let typed = word.trim();
    let word = typed.to_ascii_lowercase();
    if word.is_empty()
        || !word
            .bytes()
            .all(|byte| byte.is_ascii_lowercase() || byte == b'-')
        || names.contains(&typed)
    {
        return None;
    }
    let limit = if word.len() <= 4 { 1 } else { 2 };
    let mut best: Option<(usize, &str)> = None;
    let mut tied = false;
    for &name in names {
        let distance = distance(&word, name);
        if distance > limit {
            continue;
        }
        match best {
            Some((shortest, _)) if distance > shortest => {}
            Some((shortest, _)) if distance == shortest => tied = true,
            _ => {
                best = Some((distance, name));
                tied = false;
            }
        }
    }
    if let Some((_, name)) = best.filter(|_| !tied) {
        return Some(name);
    }
    let mut beginning = names
        .iter()
        .filter(|name| word.len() >= 3 && name.starts_with(word.as_str()));
    match (beginning.next(), beginning.next()) {
        (Some(&name), None) => Some(name),
        _ => None,
    }
}

/// The optimal string alignment distance between two ASCII words: the
/// fewest insertions, deletions, substitutions and swaps of neighbours
/// that turn one into the other.
fn distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    // Three rows of the table: two back, one back, this one.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        current[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (previous[j] + 1)
                .min(current[j - 1] + 1)
                .min(previous[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(before[j - 2] + 1);
            }
            current[j] = best;
        }
        std::mem::swap(&mut before, &mut previous);
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::{command, distance};

    /// The names `main` offers: every command, and `help`.
    fn names() -> Vec<&'static str> {
        "show convert random dice table tables games completions manpage help"
            .split(' ')
            .collect()
    }

    #[test]
    fn distance_counts_edits_and_swaps() {
        assert_eq!(distance("random", "random"), 0);
        assert_eq!(distance("ranodm", "random"), 1);
        assert_eq!(distance("convertt", "convert"), 1);
        assert_eq!(distance("rndom", "random"), 1);
        assert_eq!(distance("", "dice"), 4);
        assert_eq!(distance("abc", "ca"), 3);
    }

    #[test]
    fn a_slip_of_the_keyboard_names_its_command() {
        for (typed, meant) in [
            ("ranodm", "random"),
            ("convertt", "convert"),
            ("CONVERT", "convert"),
            ("shwo", "show"),
            ("dcie", "dice"),
            ("tabel", "table"),
            ("tabels", "tables"),
            ("comp", "completions"),
            ("manpgae", "manpage"),
            ("rand", "random"),
        ] {
            assert_eq!(command(typed, &names()), Some(meant), "{typed}");
        }
    }

    #[test]
    fn ranks_numbers_and_far_words_name_none() {
        for typed in [
            "RNBQKBNR", "rnbqkbnr", "518", "", "x", "chess", "tab", "show", "é", "a b",
        ] {
            assert_eq!(command(typed, &names()), None, "{typed:?}");
        }
    }
}
