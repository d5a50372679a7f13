//! Bit-level writing and reading (the runs' blocks of singles): numbers
//! of a fixed width and Rice codes (a quotient in unary, then the low
//! bits), packed low bit first.

/// Writes bits, low first, into bytes: whole words of 64 bits kept as
/// numbers (a push a word, no byte cut), their bytes laid out at the end.
#[derive(Default)]
pub(crate) struct BitWriter {
    words: Vec<u64>,
    /// The bits past the last whole word (fewer than 64), low first.
    acc: u64,
    held: u32,
}

impl BitWriter {
    /// The bits written so far.
    pub(crate) fn len(&self) -> u64 {
        self.words.len() as u64 * 64 + u64::from(self.held)
    }

    /// Writes the low `bits` bits of `value` (`bits` at most 64).
    #[inline]
    pub(crate) fn fixed(&mut self, value: u64, bits: u32) {
        debug_assert!(bits <= 64);
        let value = value & mask(bits);
        // `held` is below 64: the shift keeps the bits that fit.
        self.acc |= value << self.held;
        let total = self.held + bits;
        if total >= 64 {
            self.words.push(self.acc);
            // The bits of `value` past the word (none when it began one).
            self.acc = value.checked_shr(64 - self.held).unwrap_or(0);
            self.held = total - 64;
        } else {
            self.held = total;
        }
    }

    /// Writes `value` as a Rice code of parameter `k` (at most 56): its
    /// quotient by 2^k as that many ones and a zero, then its low `k`
    /// bits.
    pub(crate) fn rice(&mut self, value: u64, k: u32) {
        let mut quotient = value >> k;
        while quotient >= 56 {
            self.fixed(mask(56), 56);
            quotient -= 56;
        }
        // `quotient` ones, then the zero above them.
        #[allow(clippy::cast_possible_truncation)] // below 56
        self.fixed(mask(quotient as u32), quotient as u32 + 1);
        self.fixed(value, k);
    }

    /// Writes `value` as a Rice code of parameter `k`, then the low
    /// `width` bits of `fixed`: the bits of [`BitWriter::rice`] then
    /// [`BitWriter::fixed`], in one step when together they take fewer
    /// than 64 bits (a block's single: its prefix's difference and its
    /// game).
    #[inline]
    pub(crate) fn rice_fixed(&mut self, value: u64, k: u32, fixed: u64, width: u32) {
        let quotient = value >> k;
        let total = quotient.saturating_add(1 + u64::from(k) + u64::from(width));
        if total < 64 {
            #[allow(clippy::cast_possible_truncation)] // below 64
            let ones = quotient as u32;
            let code = mask(ones)
                | (value & mask(k)) << (ones + 1)
                | (fixed & mask(width)) << (ones + 1 + k);
            #[allow(clippy::cast_possible_truncation)]
            self.fixed(code, total as u32);
        } else {
            self.rice(value, k);
            self.fixed(fixed, width);
        }
    }

    /// The bytes, the last one padded with zeros.
    #[must_use]
    pub(crate) fn finish(self) -> Vec<u8> {
        let bytes = self.held.div_ceil(8) as usize;
        let mut out = Vec::with_capacity(self.words.len() * 8 + bytes);
        for word in &self.words {
            out.extend_from_slice(&word.to_le_bytes());
        }
        out.extend_from_slice(&self.acc.to_le_bytes()[..bytes]);
        out
    }
}

/// The bits a Rice code of parameter `k` takes for `value`.
#[must_use]
pub(crate) fn rice_bits(value: u64, k: u32) -> u64 {
    (value >> k) + 1 + u64::from(k)
}

/// The bits that hold every number up to `value`.
#[must_use]
pub(crate) fn width(value: u64) -> u32 {
    64 - value.leading_zeros()
}

/// The next number of a xorshift generator (the tests' random inputs).
#[cfg(test)]
pub(crate) fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    }
}

/// Reads what a [`BitWriter`] wrote; running past the end gives `None`,
/// never a panic.
pub(crate) struct BitReader<'a> {
    bytes: &'a [u8],
    /// The bits read ahead, low first; those above `held` are zeros.
    acc: u64,
    held: u32,
}

impl<'a> BitReader<'a> {
    /// Reads `bytes` from their first bit.
    #[must_use]
    pub(crate) fn new(bytes: &'a [u8]) -> BitReader<'a> {
        BitReader {
            bytes,
            acc: 0,
            held: 0,
        }
    }

    /// Reads `bytes` from bit `bit`; `None` past their end.
    #[must_use]
    pub(crate) fn at(bytes: &'a [u8], bit: u64) -> Option<BitReader<'a>> {
        let skip = usize::try_from(bit / 8).ok()?;
        let mut reader = BitReader::new(bytes.get(skip..)?);
        #[allow(clippy::cast_possible_truncation)] // below 8
        reader.take((bit % 8) as u32)?;
        Some(reader)
    }

    /// Reads ahead at least 56 bits, or to the end: from a word of
    /// eight bytes, as many whole bytes as fit above the bits held,
    /// where eight are left; else a byte at a time.
    fn refill(&mut self) {
        if self.held > 56 {
            return;
        }
        if let Some((word, _)) = self.bytes.split_first_chunk::<8>() {
            // The whole bytes that fit above the bits held.
            let bytes = (63 - self.held) / 8;
            self.acc |= u64::from_le_bytes(*word) << self.held;
            self.held += bytes * 8;
            self.acc &= mask(self.held);
            self.bytes = &self.bytes[bytes as usize..];
            return;
        }
        while self.held <= 56 {
            let Some((&byte, rest)) = self.bytes.split_first() else {
                return;
            };
            self.acc |= u64::from(byte) << self.held;
            self.held += 8;
            self.bytes = rest;
        }
    }

    fn consume(&mut self, bits: u32) {
        self.acc = if bits >= 64 { 0 } else { self.acc >> bits };
        self.held -= bits;
    }

    /// Reads up to 56 bits.
    fn take(&mut self, bits: u32) -> Option<u64> {
        if bits == 0 {
            return Some(0);
        }
        self.refill();
        if self.held < bits {
            return None;
        }
        let value = self.acc & mask(bits);
        self.consume(bits);
        Some(value)
    }

    /// Reads a number of `bits` bits (at most 64); `None` when the bytes
    /// end first.
    pub(crate) fn fixed(&mut self, bits: u32) -> Option<u64> {
        if bits > 32 {
            let low = self.take(32)?;
            Some(low | self.take(bits - 32)? << 32)
        } else {
            self.take(bits)
        }
    }

    /// Reads a Rice code of parameter `k`; `None` when the bytes end
    /// first or it overflows 64 bits.
    pub(crate) fn rice(&mut self, k: u32) -> Option<u64> {
        let mut quotient = 0u64;
        loop {
            self.refill();
            if self.held == 0 {
                return None;
            }
            // Bits above `held` are zeros, so the ones counted stop there.
            let ones = (!self.acc).trailing_zeros().min(self.held);
            quotient += u64::from(ones);
            if ones < self.held {
                self.consume(ones + 1);
                break;
            }
            self.consume(ones);
        }
        let low = self.fixed(k)?;
        quotient
            .checked_shl(k)
            .filter(|high| high >> k == quotient)
            .map(|high| high | low)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Rice code's value and parameter, and a fixed width, at random;
    /// quotients kept short (long ones are costly).
    fn random_code(next: &mut impl FnMut() -> u64) -> (u64, u32, u32) {
        let k = u32::try_from(next() % 57).unwrap();
        let value = next() >> (next() % 64);
        let value = if value >> k > 300 {
            value & mask(k + 8)
        } else {
            value
        };
        (value, k, u32::try_from(next() % 65).unwrap())
    }

    #[test]
    fn numbers_read_back_as_written() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || xorshift(&mut state);
        let mut written = Vec::new();
        let mut writer = BitWriter::default();
        let mut bits = 0;
        for _ in 0..5000 {
            let (value, k, width) = random_code(&mut next);
            let fixed = next() & mask(width);
            writer.rice(value, k);
            writer.fixed(fixed, width);
            bits += rice_bits(value, k) + u64::from(width);
            written.push((value, k, fixed, width));
        }
        assert_eq!(writer.len(), bits);
        let bytes = writer.finish();
        assert_eq!(bytes.len() as u64, bits.div_ceil(8));
        let mut reader = BitReader::new(&bytes);
        for (value, k, fixed, width) in written {
            assert_eq!(reader.rice(k).unwrap(), value);
            assert_eq!(reader.fixed(width).unwrap(), fixed);
        }
    }

    #[test]
    fn bits_lie_low_first_as_a_writer_of_one_bit_at_a_time_lays_them() {
        let mut state = 0x5851_F42D_4C95_7F2Du64;
        let mut next = || xorshift(&mut state);
        let mut writer = BitWriter::default();
        let mut plain: Vec<bool> = Vec::new();
        for round in 0..5000 {
            let (value, k, width) = random_code(&mut next);
            let fixed = next();
            if round % 2 == 0 {
                writer.rice_fixed(value, k, fixed, width);
            } else {
                writer.rice(value, k);
                writer.fixed(fixed, width);
            }
            plain.extend(std::iter::repeat_n(
                true,
                usize::try_from(value >> k).unwrap(),
            ));
            plain.push(false);
            plain.extend((0..k).map(|bit| value >> bit & 1 == 1));
            plain.extend((0..width).map(|bit| fixed >> bit & 1 == 1));
            assert_eq!(writer.len(), plain.len() as u64);
        }
        let laid: Vec<u8> = plain
            .chunks(8)
            .map(|byte| {
                byte.iter()
                    .enumerate()
                    .fold(0, |sum, (at, &bit)| sum | u8::from(bit) << at)
            })
            .collect();
        assert_eq!(writer.finish(), laid);
    }

    #[test]
    fn rice_then_fixed_in_one_step_writes_the_same_bits() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || xorshift(&mut state);
        let (mut one, mut two) = (BitWriter::default(), BitWriter::default());
        let mut joined = 0;
        for round in 0..20_000 {
            let (value, k, width) = random_code(&mut next);
            // Some bits above the width, which neither writes.
            let fixed = next();
            if round % 7 == 0 {
                // Odd bits held between the codes.
                one.fixed(round, 3);
                two.fixed(round, 3);
            }
            one.rice(value, k);
            one.fixed(fixed, width);
            two.rice_fixed(value, k, fixed, width);
            joined += u64::from(rice_bits(value, k) + u64::from(width) < 64);
            assert_eq!(one.len(), two.len());
        }
        assert!(joined > 2_000, "{joined} codes in one step");
        assert_eq!(one.finish(), two.finish());
    }

    #[test]
    fn running_past_the_end_is_an_error() {
        let mut writer = BitWriter::default();
        writer.rice(1000, 3);
        let bytes = writer.finish();
        for cut in 0..bytes.len() {
            assert!(BitReader::new(&bytes[..cut]).rice(3).is_none());
        }
        assert!(BitReader::new(&[0xFF; 40]).rice(0).is_none());
        assert!(BitReader::new(&[0xFF; 40]).fixed(64).is_some());
        assert!(BitReader::new(&[0xFF; 7]).fixed(64).is_none());
        // Past the last whole word, byte by byte.
        let mut reader = BitReader::new(&[0xAB; 11]);
        assert_eq!(reader.fixed(3), Some(3));
        assert_eq!(reader.fixed(64), Some(0x7575_7575_7575_7575));
        assert_eq!(reader.fixed(21), Some(0x15_7575));
        assert_eq!(reader.fixed(1), None);
    }
}
