const P: chess960::Position = chess960::sp!(960);

fn main() {}
