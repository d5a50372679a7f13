//! The SVG pictures: well-formed XML (parsed with roxmltree), and every
//! man on its square (rendered with resvg, then pixels sampled): empty
//! squares in the square's colour, occupied squares in the army's colour at
//! the man's centre, and each square's ink matching the expected piece.

use chess960::svg::{Diagram, Rgb, Sheet};
use chess960::{DoublePosition, Position};
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

const SVG: &str = "http://www.w3.org/2000/svg";
const XLINK: &str = "http://www.w3.org/1999/xlink";

/// The default square colours, as documented.
const LIGHT: [u8; 3] = [0xee, 0xda, 0xb6];
const DARK: [u8; 3] = [0xb3, 0x83, 0x5c];
/// The fills of the men, as documented.
const WHITE_MAN: [u8; 3] = [0xff, 0xff, 0xff];
const BLACK_MAN: [u8; 3] = [0x1a, 0x1a, 0x1a];

/// The starts under test, with their ranks as the reference texts give them.
const STARTS: [(u16, &str); 3] = [(518, "RNBQKBNR"), (0, "BBQNNRKR"), (959, "RKRNNQBB")];

/// Parses `svg` and checks what every picture must be: an `<svg>` root in
/// the SVG namespace, a `<title>`, and every `<use>` pointing at an element
/// of the `<defs>`. Returns the title and the number of `<use>` elements.
fn check_xml(svg: &str) -> (String, usize) {
    let document = roxmltree::Document::parse(svg).expect("well-formed XML");
    let root = document.root_element();
    assert_eq!(root.tag_name().namespace(), Some(SVG));
    assert_eq!(root.tag_name().name(), "svg");
    let title = root
        .children()
        .find(|node| node.has_tag_name((SVG, "title")))
        .and_then(|node| node.text())
        .expect("a title")
        .to_owned();
    let defs = root
        .children()
        .find(|node| node.has_tag_name((SVG, "defs")))
        .expect("defs");
    let mut uses = 0;
    for node in root
        .descendants()
        .filter(|node| node.has_tag_name((SVG, "use")))
    {
        let href = node.attribute((XLINK, "href")).expect("xlink:href");
        let id = href.strip_prefix('#').expect("a local reference");
        assert!(
            defs.children().any(|def| def.attribute("id") == Some(id)),
            "{href} is not defined"
        );
        uses += 1;
    }
    (title, uses)
}

#[test]
fn diagrams_are_well_formed_svg() {
    for (id, rank) in STARTS {
        for flipped in [false, true] {
            let position = Position::from_id(id).unwrap();
            let svg = Diagram::new(position).flipped(flipped).to_string();
            let (title, uses) = check_xml(&svg);
            assert_eq!(title, format!("Chess960 start position SP {id}: {rank}"));
            assert_eq!(uses, 32);
        }
    }
    let double = DoublePosition::from_id(497_918).unwrap();
    let (title, uses) = check_xml(&Diagram::double(double).to_string());
    assert_eq!(
        title,
        "Double Chess960 start SP 497918: White SP 518 RNBQKBNR, Black SP 638 RNKQRBBN"
    );
    assert_eq!(uses, 32);
}

#[test]
fn sheets_are_well_formed_svg_whatever_the_title() {
    let rounds: Vec<Position> = Position::all().step_by(37).take(13).collect();
    let title = "Café <Open> & \"Blitz\" 'n' \u{1}\u{7f} ✓";
    let sheet = Sheet::new(&rounds).title(title).note("a < b");
    let svg = sheet.to_string();
    let (parsed, uses) = check_xml(&svg);
    assert_eq!(parsed, "Café <Open> & \"Blitz\" 'n' \u{fffd}\u{fffd} ✓");
    assert_eq!(uses, 8 * 13);
    assert_eq!(sheet.pages(), 2);
    assert!(svg.contains(r#"height="594mm""#));
    for (index, position) in rounds.iter().enumerate() {
        assert!(svg.contains(&format!(">Round {}<", index + 1)));
        assert!(svg.contains(&format!(">SP {} {}<", position.id(), position.as_str())));
    }
    let (_, uses) = check_xml(&Sheet::new(&[]).to_string());
    assert_eq!(uses, 0);
}

/// The picture rendered `width` pixels wide.
fn render(svg: &str, width: u32) -> Pixmap {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).expect("usvg parses it");
    let size = tree.size();
    #[allow(clippy::cast_precision_loss, reason = "small sizes")]
    let scale = width as f32 / size.width();
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let height = (size.height() * scale).round() as u32;
    let mut pixmap = Pixmap::new(width, height).unwrap();
    resvg::render(
        &tree,
        Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
}

fn rgb(pixmap: &Pixmap, x: u32, y: u32) -> [u8; 3] {
    let pixel = pixmap.pixel(x, y).unwrap().demultiply();
    [pixel.red(), pixel.green(), pixel.blue()]
}

fn close(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(&a, b)| a.abs_diff(b) <= 2)
}

/// How many pixels of the `side`-pixel square at (`x`, `y`) differ clearly
/// from the square's colour: a signature of the man drawn on it.
fn ink(pixmap: &Pixmap, x: u32, y: u32, side: u32, background: [u8; 3]) -> u32 {
    let mut count = 0;
    for dy in 0..side {
        for dx in 0..side {
            let pixel = rgb(pixmap, x + dx, y + dy);
            if pixel
                .iter()
                .zip(background)
                .any(|(&a, b)| a.abs_diff(b) > 40)
            {
                count += 1;
            }
        }
    }
    count
}

/// Whether two ink counts are the same drawing: squares lie on whole
/// pixels, so a drawing covers exactly the same pixels wherever it stands.
fn same_drawing(a: u32, b: u32) -> bool {
    a == b
}

/// a1 is dark: the square on file index `file` and rank `rank` is light
/// when file + rank is even (counting ranks from 1).
fn square_color(file: u32, rank: u32) -> [u8; 3] {
    if (file + rank) % 2 == 0 { LIGHT } else { DARK }
}

/// Both square colours grey, for ink counts that do not depend on the
/// square a man stands on.
const GREY: Rgb = Rgb::new(0x80, 0x80, 0x80);

/// Renders the diagram at 1 pixel per unit (880 pixels wide) and returns, for each square of
/// rank 1 (a to h) and rank 8, its ink count (on an all-grey board);
/// checks on the way that empty squares show their colour, occupied ones
/// the army's colour at the centre (50% across, 60% down).
fn diagram_squares(diagram: Diagram, flipped: bool) -> [[u32; 8]; 2] {
    let diagram = diagram.flipped(flipped).size(880);
    let pixmap = render(&diagram.to_string(), 880);
    assert_eq!((pixmap.width(), pixmap.height()), (880, 980));
    let grey = render(&diagram.light(GREY).dark(GREY).to_string(), 880);
    let mut back_ranks = [[0; 8]; 2];
    for rank in 1..=8_u32 {
        for file in 0..8_u32 {
            // Documented geometry: board's top-left corner at (60, 120),
            // squares of 100 units; flipped puts h and rank 1 at the top.
            let (column, row) = if flipped {
                (7 - file, rank - 1)
            } else {
                (file, 8 - rank)
            };
            let (x, y) = (60 + 100 * column, 120 + 100 * row);
            let background = square_color(file, rank);
            if (3..=6).contains(&rank) {
                for (dx, dy) in [(2, 2), (50, 50), (97, 97), (2, 97), (97, 2)] {
                    assert!(
                        close(rgb(&pixmap, x + dx, y + dy), background),
                        "square {file},{rank} flipped {flipped}"
                    );
                }
            } else {
                let army = if rank <= 2 { WHITE_MAN } else { BLACK_MAN };
                assert_eq!(
                    rgb(&pixmap, x + 50, y + 60),
                    army,
                    "square {file},{rank} flipped {flipped}"
                );
                // The corners stay free for the square's colour.
                assert!(close(rgb(&pixmap, x + 3, y + 3), background));
                assert!(close(rgb(&pixmap, x + 96, y + 3), background));
                let count = ink(&grey, x, y, 100, [0x80; 3]);
                match rank {
                    1 => back_ranks[0][file as usize] = count,
                    8 => back_ranks[1][file as usize] = count,
                    _ => {}
                }
            }
        }
    }
    back_ranks
}

#[test]
fn every_man_stands_on_its_square_for_518_0_and_959_flipped_or_not() {
    // The ink of each piece, learnt from the classical position:
    // R a1 (dark), N b1, B c1, Q d1, K e1, and on the eighth rank for Black.
    let standard = diagram_squares(Diagram::new(Position::STANDARD), false);
    let letters = ['R', 'N', 'B', 'Q', 'K'];
    let signature = |side: usize, letter: char| {
        let file = letters.iter().position(|&l| l == letter).unwrap();
        standard[side][file]
    };
    // The five drawings differ clearly from one another.
    for side in 0..2 {
        for (i, &a) in letters.iter().enumerate() {
            for &b in &letters[i + 1..] {
                assert!(
                    !same_drawing(signature(side, a), signature(side, b)),
                    "{a} and {b} look alike: {standard:?}"
                );
            }
        }
    }
    for (id, rank) in STARTS {
        for flipped in [false, true] {
            let squares = diagram_squares(Diagram::new(Position::from_id(id).unwrap()), flipped);
            for (file, letter) in rank.chars().enumerate() {
                for (side, back_rank) in squares.iter().enumerate() {
                    assert!(
                        same_drawing(back_rank[file], signature(side, letter)),
                        "SP {id} flipped {flipped}: file {file} of side {side} is not {letter}"
                    );
                }
            }
        }
    }
    // A double start: White's 518, Black's 638 (RNKQRBBN).
    let double = Diagram::double(DoublePosition::from_id(497_918).unwrap());
    let squares = diagram_squares(double, false);
    for (file, letter) in "RNKQRBBN".chars().enumerate() {
        assert!(same_drawing(squares[1][file], signature(1, letter)));
    }
}

#[test]
fn square_colors_follow_the_options() {
    let light = Rgb::new(0xff, 0xff, 0xf0);
    let dark = Rgb::new(0x4b, 0x73, 0x99);
    let svg = Diagram::new(Position::STANDARD)
        .light(light)
        .dark(dark)
        .size(200)
        .to_string();
    assert!(svg.contains(r#"width="200" height="223""#));
    let pixmap = render(&svg, 880);
    // a4 (light) and a5 (dark), unflipped.
    assert_eq!(rgb(&pixmap, 110, 120 + 4 * 100 + 50), [0xff, 0xff, 0xf0]);
    assert_eq!(rgb(&pixmap, 110, 120 + 3 * 100 + 50), [0x4b, 0x73, 0x99]);
}

#[test]
fn the_sheet_shows_each_round_s_back_rank() {
    let rounds: Vec<Position> = ["RNBQKBNR", "BBQNNRKR", "RKRNNQBB", "NRKBBQRN"]
        .iter()
        .map(|rank| rank.parse().unwrap())
        .collect();
    // 10 pixels per millimetre.
    let sheet = Sheet::new(&rounds);
    let pixmap = render(&sheet.to_string(), 2100);
    assert_eq!((pixmap.width(), pixmap.height()), (2100, 2970));
    let grey = render(&sheet.light(GREY).dark(GREY).to_string(), 2100);
    let mut by_letter: Vec<(char, u32)> = Vec::new();
    for (row, position) in rounds.iter().enumerate() {
        for (file, letter) in position.as_str().chars().enumerate() {
            // Documented geometry: rows 20 mm apart from 46 mm, squares of
            // 15 mm from 75 mm.
            let file = u32::try_from(file).unwrap();
            let row = u32::try_from(row).unwrap();
            let (x, y) = (750 + 150 * file, 460 + 200 * row);
            let background = square_color(file, 1);
            assert!(close(rgb(&pixmap, x + 5, y + 5), background));
            assert_eq!(rgb(&pixmap, x + 75, y + 90), WHITE_MAN);
            // Leave out the file letter in the corner.
            let count = ink(&grey, x, y, 120, [0x80; 3]);
            by_letter.push((letter, count));
        }
    }
    for &(a, count_a) in &by_letter {
        for &(b, count_b) in &by_letter {
            assert_eq!(
                a == b,
                same_drawing(count_a, count_b),
                "{a} {b}: {by_letter:?}"
            );
        }
    }
}

/// `#rgb` and `#rrggbb`, read as CSS reads them (each short digit doubled),
/// against `u8::from_str_radix`; with and without `#`, in both cases.
#[test]
fn colors_read_as_css_reads_them() {
    let hex = |text: &str| u8::from_str_radix(text, 16).expect("two hex digits");
    for value in 0..0x1000_u32 {
        let short = format!("{value:03x}");
        let doubled: String = short.chars().flat_map(|c| [c, c]).collect();
        let expected = Rgb::new(
            hex(&doubled[0..2]),
            hex(&doubled[2..4]),
            hex(&doubled[4..6]),
        );
        for text in [short.clone(), format!("#{short}"), short.to_uppercase()] {
            assert_eq!(text.parse::<Rgb>(), Ok(expected), "{text}");
        }
        assert_eq!(expected.to_string(), format!("#{doubled}"));
    }
    // Six digits: every value of each component in turn, the others fixed.
    for value in 0..=255_u8 {
        for (text, expected) in [
            (format!("#{value:02x}1e2f"), Rgb::new(value, 0x1e, 0x2f)),
            (format!("3A{value:02X}5c"), Rgb::new(0x3a, value, 0x5c)),
            (format!("#6d7e{value:02x}"), Rgb::new(0x6d, 0x7e, value)),
        ] {
            assert_eq!(text.parse::<Rgb>(), Ok(expected), "{text}");
            assert_eq!(expected.to_string().parse::<Rgb>(), Ok(expected));
        }
    }
    for bad in [
        "", "#", "##fff", "ff", "ffff", "fffff", "fffffff", "#ggg", "#12 456", "+12345",
    ] {
        assert!(bad.parse::<Rgb>().is_err(), "{bad}");
    }
}

/// The caption's lines: their text, and each centred over the board (the
/// documented geometry: the board's left edge at 60 and 8 squares of 100,
/// so its middle at 460), above it (the board starts at y = 120).
fn caption(svg: &str) -> Vec<(String, f64, f64)> {
    let document = roxmltree::Document::parse(svg).expect("well-formed XML");
    document
        .descendants()
        .filter(|node| node.has_tag_name((SVG, "text")))
        .filter(|node| {
            node.attribute("font-size")
                .is_some_and(|size| size.parse::<u32>().unwrap() >= 30)
        })
        .map(|node| {
            let text: String = node
                .descendants()
                .filter(roxmltree::Node::is_text)
                .filter_map(|part| part.text())
                .collect();
            let x = node.attribute("x").unwrap().parse().unwrap();
            let y = node.attribute("y").unwrap().parse().unwrap();
            (text, x, y)
        })
        .collect()
}

#[test]
fn the_caption_names_the_start_over_the_board_s_middle() {
    for (id, rank) in STARTS {
        let position = Position::from_id(id).unwrap();
        for flipped in [false, true] {
            let lines = caption(&Diagram::new(position).flipped(flipped).to_string());
            assert_eq!(lines.len(), 1, "{lines:?}");
            let (text, x, y) = &lines[0];
            assert_eq!(text, &format!("SP {id} · {rank}"));
            assert!((x - 460.0).abs() < 1e-9 && *y < 120.0, "{lines:?}");
        }
    }
    let double = DoublePosition::from_id(497_918).unwrap();
    let lines = caption(&Diagram::double(double).to_string());
    let texts: Vec<&str> = lines.iter().map(|(text, _, _)| text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "Double SP 497918",
            "White SP 518 RNBQKBNR · Black SP 638 RNKQRBBN"
        ]
    );
    assert!(
        lines
            .iter()
            .all(|&(_, x, y)| (x - 460.0).abs() < 1e-9 && y < 120.0),
        "{lines:?}"
    );
}

/// A sheet of `count` rounds: its page labels, and how many thin rules
/// part the rounds (between two rounds of one page, never after a page's
/// last round).
fn sheet_parts(count: usize) -> (Vec<String>, usize) {
    let rounds: Vec<Position> = Position::all().take(count).collect();
    let svg = Sheet::new(&rounds).to_string();
    let document = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let labels = document
        .descendants()
        .filter(|node| node.has_tag_name((SVG, "text")))
        .filter_map(|node| node.text())
        .filter(|text| text.starts_with("Page "))
        .map(str::to_owned)
        .collect();
    let rules = document
        .descendants()
        .filter(|node| node.has_tag_name((SVG, "path")))
        .filter(|node| node.attribute("stroke") == Some("#bbbbbb"))
        .count();
    (labels, rules)
}

#[test]
fn a_sheet_labels_its_pages_and_parts_its_rounds() {
    let per_page = Sheet::ROUNDS_PER_PAGE;
    for count in [
        0,
        1,
        2,
        per_page - 1,
        per_page,
        per_page + 1,
        2 * per_page,
        2 * per_page + 3,
    ] {
        let pages = count.div_ceil(per_page).max(1);
        let (labels, rules) = sheet_parts(count);
        let expected: Vec<String> = if pages > 1 {
            (1..=pages)
                .map(|page| format!("Page {page} of {pages}"))
                .collect()
        } else {
            Vec::new()
        };
        assert_eq!(labels, expected, "{count} rounds");
        let full_pages = count / per_page;
        let last = count % per_page;
        let expected_rules = full_pages * (per_page - 1) + last.saturating_sub(1);
        assert_eq!(rules, expected_rules, "{count} rounds");
    }
}
