//! `sp!` in const expressions: array lengths and const generics.

use chess960::sp;

struct Slots<const N: usize>;

impl<const N: usize> Slots<N> {
    const COUNT: usize = N;
}

fn main() {
    let bytes = [0u8; sp!(518).id() as usize];
    assert_eq!(bytes.len(), 518);
    assert_eq!(Slots::<{ sp!("BBQNNRKR").id() as usize }>::COUNT, 0);
    let squares: [u8; sp!("SP-8").king_file() as usize] = [0; 6];
    assert_eq!(squares.len(), 6);
}
