//! Long inputs: four DFA streams interleaved over four parts of the input.
//!
//! One DFA step costs one shift on the loop-carried dependency chain, so a single
//! stream runs at best one byte per cycle however wide the CPU is. The input is
//! therefore cut into four parts at character boundaries and each part runs its
//! own DFA from the accept state; the four chains are independent, so the CPU
//! overlaps them.
//!
//! Correctness: a cut is moved back over at most 3 continuation bytes to the
//! start of a character. In valid UTF-8 every such position is a character
//! boundary, and valid UTF-8 cut at character boundaries is a sequence of valid
//! parts; conversely valid parts concatenate to valid UTF-8. So the input is valid
//! exactly when every part ends in the accept state. When a part fails, all parts
//! before it are valid and end on character boundaries, so the exact error is at or
//! after the start of the first failing part; the caller finds it from there.

use super::dfa::{self, State, ACCEPT};

/// Inputs at least this long are split into streams.
pub(crate) const MIN_LEN: usize = 256;

/// Moves `pos` back over at most 3 continuation bytes, to the start of the
/// character containing it (if the input is valid there).
#[inline(always)]
fn char_start_at_or_before(src: &[u8], pos: usize) -> usize {
    let mut p = pos;
    // `as i8` < -64 is 0x80..=0xBF: a continuation byte.
    while p + 3 > pos && (src[p] as i8) < -64 {
        p -= 1;
    }
    p
}

/// Runs four DFAs side by side over blocks of 16 bytes of four slices of blocks of
/// equal length.
#[inline(always)]
fn run_four(
    mut st: [State; 4],
    a: &[[u8; 16]],
    b: &[[u8; 16]],
    c: &[[u8; 16]],
    d: &[[u8; 16]],
) -> [State; 4] {
    for (((x, y), z), w) in a.iter().zip(b).zip(c).zip(d) {
        let ascii = [
            dfa::block_is_ascii(x),
            dfa::block_is_ascii(y),
            dfa::block_is_ascii(z),
            dfa::block_is_ascii(w),
        ];
        if ascii == [false; 4] {
            // The common case for non-Latin text: one step of each stream in turn.
            // Fully unrolled, so that no register shuffling is left between steps.
            macro_rules! steps {
                ($($i:literal)*) => {$(
                    st[0] = dfa::step(st[0], x[$i]);
                    st[1] = dfa::step(st[1], y[$i]);
                    st[2] = dfa::step(st[2], z[$i]);
                    st[3] = dfa::step(st[3], w[$i]);
                )*};
            }
            steps!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15);
        } else if ascii == [true; 4] {
            st = st.map(dfa::after_ascii);
        } else {
            st[0] = dfa::run_block(st[0], x);
            st[1] = dfa::run_block(st[1], y);
            st[2] = dfa::run_block(st[2], z);
            st[3] = dfa::run_block(st[3], w);
        }
    }
    st
}

/// Validates `src` (at least [`MIN_LEN`] bytes) with four interleaved streams.
///
/// `Ok` if `src` is valid UTF-8. Otherwise `Err(start)`: `src[..start]` is valid,
/// `start` is a character boundary and the first error is at or after it.
#[inline]
pub(crate) fn validate(src: &[u8]) -> Result<(), usize> {
    debug_assert!(src.len() >= MIN_LEN);
    let quarter = src.len() / 4;
    let s1 = char_start_at_or_before(src, quarter);
    let s2 = char_start_at_or_before(src, 2 * quarter);
    let s3 = char_start_at_or_before(src, 3 * quarter);
    let starts = [0, s1, s2, s3];
    let parts = [&src[..s1], &src[s1..s2], &src[s2..s3], &src[s3..]];

    let blocks = parts.map(|p| p.as_chunks::<16>().0);
    let common = blocks.iter().map(|b| b.len()).min().unwrap_or(0);
    let mut st = run_four(
        [ACCEPT; 4],
        &blocks[0][..common],
        &blocks[1][..common],
        &blocks[2][..common],
        &blocks[3][..common],
    );
    for (s, part) in st.iter_mut().zip(parts) {
        *s = dfa::run_skipping_ascii(*s, &part[common * 16..]);
    }
    match st.iter().position(|&s| !dfa::is_accept(s)) {
        None => Ok(()),
        Some(k) => Err(starts[k]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_move_back_to_character_starts() {
        let s = "aé€\u{10348}".as_bytes(); // 61 C3 A9 E2 82 AC F0 90 8D 88
        assert_eq!(char_start_at_or_before(s, 2), 1);
        assert_eq!(char_start_at_or_before(s, 5), 3);
        assert_eq!(char_start_at_or_before(s, 9), 6);
        assert_eq!(char_start_at_or_before(s, 6), 6);
        // Never more than 3 bytes back, even in invalid input.
        assert_eq!(char_start_at_or_before(&[0x80; 8], 6), 3);
    }

    #[test]
    fn reports_the_first_failing_part() {
        let mut v = [b'a'; 1024];
        assert_eq!(validate(&v), Ok(()));
        v[700] = 0xFF;
        assert_eq!(validate(&v), Err(512));
        v[100] = 0xC3;
        assert_eq!(validate(&v), Err(0));
        // An incomplete character at a cut is seen by the part before the cut.
        let mut w = [b'a'; 1024];
        w[255] = 0xC3;
        assert_eq!(validate(&w), Err(0));
    }
}
