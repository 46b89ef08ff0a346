//! The UTF-8 offsets of a column in a single-byte encoding: the kernel's
//! `single_byte_offsets_i32`/`_i64` (two passes per chunk of the values: per block of
//! 64 bytes the bit masks of its high bytes and of those of three-byte characters,
//! then per offset the sum before its block and the `popcount`s of the masks below
//! it; see `utfast_simd`'s `generic/single_byte_offsets.rs`).
//!
//! In a single-byte encoding every byte is one character, so the UTF-8 column's
//! offsets follow from the input's and from which bytes take two or three UTF-8
//! bytes. What the kernel needs of a page is the set of its high bytes of three-byte
//! characters; [`Counter::new`] builds it and checks the layout the kernel assumes.

use crate::offsets::Offset;
use alloc::vec::Vec;
use utfast_scalar::offsets::{TypedOffsets, TypedOffsetsMut};

/// The UTF-8 lengths of the bytes of a single-byte encoding, as the kernel takes them.
pub(super) struct Counter {
    /// Bit `b - 0x80`: the high byte `b` decodes to a three-byte character.
    three: u128,
}

impl Counter {
    /// The counter of the encoding whose byte `b` decodes to `decode(b)`; `None` when
    /// it does not have the layout of the kernel (ASCII below 0x80, two- or three-byte
    /// characters above).
    pub(super) fn new(decode: impl Fn(u8) -> char) -> Option<Counter> {
        let mut three = 0u128;
        for b in 0..=255u8 {
            match (b, decode(b).len_utf8()) {
                (0..0x80, 1) | (0x80.., 2) => {}
                (0x80.., 3) => three |= 1 << (b - 0x80),
                _ => return None,
            }
        }
        Some(Counter { three })
    }

    /// The output offsets of `offsets` (an array's: not negative, not decreasing,
    /// inside `values`), from 0, in `out` (cleared first), and the last of them
    /// computed without overflow: the caller checks it against `O`'s range (the
    /// outputs do not decrease, so when the last fits, all do; otherwise `out` holds
    /// wrapped values).
    pub(super) fn offsets<O: Offset + Default>(
        &self,
        values: &[u8],
        offsets: &[O],
        out: &mut Vec<O>,
    ) -> u64 {
        out.clear();
        out.resize(offsets.len(), O::default());
        let kernel = crate::kernel::active();
        match (O::typed(offsets), O::typed_mut(out)) {
            (TypedOffsets::I32(o), TypedOffsetsMut::I32(d)) => {
                kernel.single_byte_offsets_i32(values, o, self.three, d)
            }
            (TypedOffsets::I64(o), TypedOffsetsMut::I64(d)) => {
                kernel.single_byte_offsets_i64(values, o, self.three, d)
            }
            _ => unreachable!("one offset type"),
        }
        .expect("an Arrow array's offsets are not negative, not decreasing and inside its values")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::boxed::Box;
    use alloc::vec::Vec;

    type Decode = Box<dyn Fn(u8) -> char>;

    /// The encodings of one byte per character, as `decode` functions.
    fn pages() -> Vec<(&'static str, Decode)> {
        let mut pages: Vec<(&'static str, Decode)> = alloc::vec![("Latin-1", Box::new(char::from))];
        for cp in crate::CodePage::ALL {
            pages.push((cp.encoding().name(), Box::new(move |b| cp.decode(b))));
        }
        // Layouts no page of today has: three-byte characters on both sides of the
        // two-byte ones; all three-byte (Thai in windows-874 is nearly that).
        pages.push((
            "interleaved",
            Box::new(|b| match b {
                0..=0x7F => char::from(b),
                _ if b % 3 == 0 => '\u{20AC}',
                _ => char::from_u32(0x400 + u32::from(b)).expect("a char"),
            }),
        ));
        pages.push((
            "all three-byte",
            Box::new(|b| match b {
                0..=0x7F => char::from(b),
                _ => char::from_u32(0xE00 + u32::from(b)).expect("a char"),
            }),
        ));
        pages
    }

    /// `Counter::offsets` (both offset types) against a byte-by-byte count.
    fn check(name: &str, c: &Counter, decode: &Decode, values: &[u8], offsets: &[usize]) {
        // A running byte-by-byte count (the offsets of these tests never decrease):
        // summing each prefix anew would make the walk of every byte at every place
        // quadratic in the block's length.
        let mut want: Vec<i64> = Vec::with_capacity(offsets.len());
        let mut sum = 0;
        for (k, &o) in offsets.iter().enumerate() {
            let from = if k == 0 { o } else { offsets[k - 1] };
            sum += values[from..o]
                .iter()
                .map(|&b| decode(b).len_utf8() as i64)
                .sum::<i64>();
            want.push(sum);
        }
        let o64: Vec<i64> = offsets.iter().map(|&o| o as i64).collect();
        let mut got = Vec::new();
        let total = c.offsets(values, &o64, &mut got);
        assert_eq!(got, want, "{name}: {values:02X?} at {offsets:?}");
        assert_eq!(
            Some(total as i64),
            want.last().copied().or(Some(0)),
            "{name}"
        );
        let o32: Vec<i32> = offsets.iter().map(|&o| o as i32).collect();
        let mut got32 = Vec::new();
        c.offsets(values, &o32, &mut got32);
        assert!(got32.iter().map(|&o| i64::from(o)).eq(want), "{name}: i32");
    }

    #[test]
    fn every_byte_at_every_place_of_a_block() {
        for (name, decode) in pages() {
            let c = Counter::new(&decode).expect("a single-byte layout");
            for b in 0..=255u8 {
                for fill in [0u8, b'a', 0x88, 0xB9, 0xC0, 0xFF] {
                    for at in [0, 1, 7, 8, 30, 63, 64, 70] {
                        let mut values = [fill; 72];
                        values[at] = b;
                        for start in [0, 1, 9] {
                            let offsets: Vec<usize> = (start..=72).collect();
                            check(name, &c, &decode, &values, &offsets);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn random_columns_across_chunks() {
        let mut rng = utfast_testkit::Rng(0x0FF5E7);
        for (name, decode) in pages() {
            let c = Counter::new(&decode).expect("a single-byte layout");
            for round in 0..60 {
                // Some columns span several chunks; runs of one kind of byte, so that
                // whole blocks take each path.
                let len = if round % 4 == 0 {
                    // (chunks of the kernel: 16 KiB)
                    rng.below(3 * 16384)
                } else {
                    rng.below(300)
                };
                let mut values = Vec::with_capacity(len);
                while values.len() < len {
                    let (lo, span) = match rng.below(4) {
                        0 => (0, 0x80),
                        1 => (0x80, 0x40),
                        2 => (0xC0, 0x40),
                        _ => (0, 0x100),
                    };
                    for _ in 0..rng.below(100).min(len - values.len()) + 1 {
                        values.push((lo + rng.below(span)) as u8);
                    }
                }
                values.truncate(len);
                let mut offsets = alloc::vec![rng.below(len + 1)];
                loop {
                    let last = *offsets.last().expect("one");
                    if last == len || rng.below(50) == 0 {
                        break;
                    }
                    offsets.push(last + rng.below((len + 1 - last).min(90)));
                }
                check(name, &c, &decode, &values, &offsets);
            }
        }
    }
}
