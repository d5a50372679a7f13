// The guide: `docs/guide/index.md` is this module's page and each chapter
// in `docs/guide/` a documentation-only submodule, so that the same files
// read as a guide on GitHub and as `chess960::guide` on docs.rs, and their
// Rust code blocks run as doctests. The benchmarks' and the tests' READMEs
// and the changelog are pages here too, so that the README's links to
// them resolve on docs.rs.
//
// Links: every page begins with `guide_links.md`, the rustdoc targets of
// the labels the Markdown files use (`[FEN][guide-fen]`); each file ends
// with the same labels as relative links for GitHub, which rustdoc ignores
// because the first definition of a label wins. A chapter behind a feature
// that is off is linked to this page instead.
//
// Rustdoc names a doctest after the file of its page's first doc fragment
// and counts lines from there, so a chapter's doctests are reported as
// `src/guide_links.md - guide::<chapter> (line N)` (the README's as
// `src/guide_links.md - (line N)`): N is the line in the Markdown file
// plus the length of `guide_links.md`. (The player statistics chapter's
// are reported as `src/guide.rs`, after its first attribute.)
#![cfg_attr(not(feature = "macros"), doc = "[guide-macros]: crate::guide")]
#![cfg_attr(not(feature = "seeded"), doc = "[guide-engine-testing]: crate::guide")]
#![doc = include_str!("guide_links.md")]
#![doc = include_str!("../docs/guide/index.md")]

/// One page of the guide: a module with no items, whose documentation is
/// the link targets and then the Markdown file.
macro_rules! page {
    ($(#[$attr:meta])* $name:ident = $file:literal $({ $($inner:tt)* })?) => {
        $(#[$attr])*
        #[cfg_attr(not(feature = "macros"), doc = "[guide-macros]: crate::guide")]
        #[cfg_attr(not(feature = "seeded"), doc = "[guide-engine-testing]: crate::guide")]
        #[doc = include_str!("guide_links.md")]
        #[doc = include_str!($file)]
        pub mod $name {
            $($($inner)*)?
        }
    };
}

page!(positions = "../docs/guide/positions.md");
page!(fen = "../docs/guide/fen.md");
page!(
    #[cfg(feature = "macros")]
    #[cfg_attr(docsrs, doc(cfg(feature = "macros")))]
    macros = "../docs/guide/macros.md"
);
page!(draws = "../docs/guide/draws.md");
page!(diagrams = "../docs/guide/diagrams.md");
page!(
    // Its examples sample a book with `seeded_sample`. Its links to items:
    // to their source files on GitHub, to their pages here.
    #[cfg(feature = "seeded")]
    #[cfg_attr(docsrs, doc(cfg(feature = "seeded")))]
    #[doc = "[`Book`]: crate::Book"]
    #[doc = "[`BookEntry`]: crate::BookEntry"]
    #[doc = "[`DoublePosition::all`]: crate::DoublePosition::all"]
    #[doc = "[`seeded_sample`]: crate::seeded_sample"]
    #[doc = "[`seeded_shuffle`]: crate::seeded_shuffle"]
    engine_testing = "../docs/guide/engine-testing.md"
);
page!(interop = "../docs/guide/interop.md");
page!(command_line = "../docs/guide/command-line.md");
page!(architecture = "../docs/guide/architecture.md");
page!(python = "../docs/guide/python.md");
page!(explorer = "../docs/guide/explorer.md");
page!(performance = "../benches/README.md" {
    page!(player = "../benches/README-player.md");
    page!(book = "../benches/README-book.md");
});
page!(testing = "../tests/README.md");
page!(
    // Its release headings are written `## [Unreleased]`, `## [0.1.0]`,
    // Keep a Changelog's form, which are no links to items.
    #[allow(rustdoc::broken_intra_doc_links)]
    changelog = "../CHANGELOG.md"
);
