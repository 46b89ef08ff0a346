//! The shift-based UTF-8 DFA.
//!
//! # How it works
//!
//! Table 3-7 of the Unicode Standard lists every well-formed UTF-8 sequence as a
//! row of byte ranges (one range per byte). Reading a sequence left to right, what
//! is still expected is a *suffix* of a row, e.g. after `E0` the suffix
//! `[A0..BF][80..BF]`. The distinct suffixes are the states of a DFA: the empty
//! suffix is the accept state (between characters), and one extra state, the
//! error state, absorbs every ill-formed input. UTF-8 needs 9 states.
//!
//! The whole transition function is stored as one `u64` per byte value: the 6-bit
//! field at bit `6 * s` holds `6 * next(s, byte)`. A state is represented by its
//! shift amount `6 * s`, so one step is a single shift:
//!
//! ```text
//! state = TRANSITIONS[byte] >> (state & 63)
//! ```
//!
//! and the mask is free: `u64::wrapping_shr` only looks at the low 6 bits of the
//! amount, which is exactly what x86-64 `shrx` and AArch64 `lsrv` do, so the state
//! is kept unmasked and the garbage in its high bits is never looked at. The loop
//! carried dependency is one shift per byte (the table load does not depend on the
//! state), which is what lets several independent streams run side by side.
//!
//! The error state is number 0, and every row's field 0 is 0: once in the error
//! state, a stream stays there, so errors only need to be checked at the end.
//!
//! Nothing here is typed in by hand except the ranges of Table 3-7: the states and
//! the table are derived from them by `const fn`s at compile time.

/// A DFA state: the shift amount `6 * state number` in the low 6 bits (the high bits
/// are ignored; see the module documentation).
pub(crate) type State = u64;

/// The error state (absorbing).
pub(crate) const ERROR: State = 0;
/// The accept state: between two characters.
pub(crate) const ACCEPT: State = 6;

/// Bits of the state that are significant.
const STATE_MASK: u64 = 63;

/// Unicode Standard, Table 3-7 "Well-Formed UTF-8 Byte Sequences": the inclusive
/// byte ranges of each row, first byte first.
const TABLE_3_7: [&[(u8, u8)]; 9] = [
    &[(0x00, 0x7F)],
    &[(0xC2, 0xDF), (0x80, 0xBF)],
    &[(0xE0, 0xE0), (0xA0, 0xBF), (0x80, 0xBF)],
    &[(0xE1, 0xEC), (0x80, 0xBF), (0x80, 0xBF)],
    &[(0xED, 0xED), (0x80, 0x9F), (0x80, 0xBF)],
    &[(0xEE, 0xEF), (0x80, 0xBF), (0x80, 0xBF)],
    &[(0xF0, 0xF0), (0x90, 0xBF), (0x80, 0xBF), (0x80, 0xBF)],
    &[(0xF1, 0xF3), (0x80, 0xBF), (0x80, 0xBF), (0x80, 0xBF)],
    &[(0xF4, 0xF4), (0x80, 0x8F), (0x80, 0xBF), (0x80, 0xBF)],
];

/// At most 10 states fit in a `u64` with 6 bits each.
const MAX_STATES: usize = 10;

/// The states, each represented by a suffix `TABLE_3_7[row][pos..]`.
/// State 0 is the error state (its representative is unused), state 1 the
/// accept state (the empty suffix).
struct States {
    reps: [(usize, usize); MAX_STATES],
    count: usize,
}

/// Whether two suffixes of rows of Table 3-7 expect the same byte ranges.
const fn same_suffix(a: (usize, usize), b: (usize, usize)) -> bool {
    let (ra, rb) = (TABLE_3_7[a.0], TABLE_3_7[b.0]);
    if ra.len() - a.1 != rb.len() - b.1 {
        return false;
    }
    let mut i = 0;
    while a.1 + i < ra.len() {
        let (x, y) = (ra[a.1 + i], rb[b.1 + i]);
        if x.0 != y.0 || x.1 != y.1 {
            return false;
        }
        i += 1;
    }
    true
}

/// The state number of a suffix, if it was already discovered.
const fn find(states: &States, suffix: (usize, usize)) -> Option<usize> {
    let mut s = 1;
    while s < states.count {
        if same_suffix(states.reps[s], suffix) {
            return Some(s);
        }
        s += 1;
    }
    None
}

/// The state number of a suffix that must exist.
const fn state_of(states: &States, suffix: (usize, usize)) -> usize {
    match find(states, suffix) {
        Some(s) => s,
        None => panic!("suffix without a state"),
    }
}

/// Finds every distinct non-empty proper suffix of the rows of Table 3-7.
const fn discover_states() -> States {
    // Row 0 has one range, so (0, 1) is the empty suffix: the accept state.
    let mut states = States {
        reps: [(0, 1); MAX_STATES],
        count: 2,
    };
    let mut row = 0;
    while row < TABLE_3_7.len() {
        let mut pos = 1;
        while pos < TABLE_3_7[row].len() {
            if find(&states, (row, pos)).is_none() {
                assert!(states.count < MAX_STATES, "too many DFA states for a u64");
                states.reps[states.count] = (row, pos);
                states.count += 1;
            }
            pos += 1;
        }
        row += 1;
    }
    states
}

const fn contains(range: (u8, u8), byte: u8) -> bool {
    range.0 <= byte && byte <= range.1
}

/// The next state number from state `s` on `byte`.
const fn next_state(states: &States, s: usize, byte: u8) -> usize {
    if s == 0 {
        return 0;
    }
    if s == 1 {
        // Between characters: the byte must start one of the rows.
        let mut row = 0;
        while row < TABLE_3_7.len() {
            if contains(TABLE_3_7[row][0], byte) {
                return state_of(states, (row, 1));
            }
            row += 1;
        }
        return 0;
    }
    let (row, pos) = states.reps[s];
    if contains(TABLE_3_7[row][pos], byte) {
        state_of(states, (row, pos + 1))
    } else {
        0
    }
}

/// Builds the packed transition table.
const fn build_transitions() -> [u64; 256] {
    let states = discover_states();
    assert!(states.count == 9, "Table 3-7 yields 9 DFA states");
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut word = 0u64;
        let mut s = 0;
        while s < states.count {
            let next = next_state(&states, s, b as u8);
            word |= ((next * 6) as u64) << (s * 6);
            s += 1;
        }
        table[b] = word;
        b += 1;
    }
    // The error state is absorbing, and the shift encoding of the named states holds.
    assert!(table[0x80] & STATE_MASK == ERROR);
    assert!((table[b'a' as usize] >> ACCEPT) & STATE_MASK == ACCEPT);
    table
}

/// `TRANSITIONS[byte]` packs `6 * next(state, byte)` at bit `6 * state` for every state.
static TRANSITIONS: [u64; 256] = build_transitions();

/// One DFA step.
#[inline(always)]
pub(crate) fn step(state: State, byte: u8) -> State {
    TRANSITIONS[byte as usize].wrapping_shr(state as u32)
}

/// Whether `state` is the accept state.
#[inline(always)]
pub(crate) fn is_accept(state: State) -> bool {
    state & STATE_MASK == ACCEPT
}

/// Whether `state` is the error state.
#[inline(always)]
pub(crate) fn is_error(state: State) -> bool {
    state & STATE_MASK == ERROR
}

/// The state after a non-empty run of ASCII bytes: ASCII keeps the accept state and
/// is an error inside a sequence.
#[inline(always)]
pub(crate) fn after_ascii(state: State) -> State {
    if is_accept(state) {
        ACCEPT
    } else {
        ERROR
    }
}

/// Runs the DFA over `bytes`, one byte at a time.
#[inline(always)]
pub(crate) fn run(mut state: State, bytes: &[u8]) -> State {
    for &b in bytes {
        state = step(state, b);
    }
    state
}

/// The high bit of every byte of a `u64`.
pub(crate) const HIGH_BITS_8: u64 = u64::from_ne_bytes([0x80; 8]);

/// The `i`-th little-endian `u64` of a block (two plain integer loads: a `u128`
/// would take a detour through a vector register and the stack).
#[inline(always)]
fn word<const N: usize>(block: &[u8; N], i: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&block[8 * i..8 * i + 8]);
    u64::from_le_bytes(w)
}

/// The OR of the `u64` words of a block whose length is a multiple of 8: its high
/// bits are set where some byte is not ASCII.
#[inline(always)]
pub(crate) fn or_words<const N: usize>(block: &[u8; N]) -> u64 {
    let mut acc = 0;
    let mut i = 0;
    while i < N / 8 {
        acc |= word(block, i);
        i += 1;
    }
    acc
}

/// Whether a 16-byte block is all ASCII.
#[inline(always)]
pub(crate) fn block_is_ascii(block: &[u8; 16]) -> bool {
    or_words(block) & HIGH_BITS_8 == 0
}

/// The length of a prefix of `src` that is all ASCII: whole 64-byte blocks, then
/// whole 16-byte blocks.
#[inline(always)]
pub(crate) fn ascii_prefix_len(src: &[u8]) -> usize {
    let (blocks, _) = src.as_chunks::<64>();
    let mut n = 0;
    for block in blocks {
        if or_words(block) & HIGH_BITS_8 != 0 {
            break;
        }
        n += 64;
    }
    let (blocks, _) = src[n..].as_chunks::<16>();
    for block in blocks {
        if !block_is_ascii(block) {
            break;
        }
        n += 16;
    }
    n
}

/// Runs the DFA over one 16-byte block, skipping it whole if it is ASCII.
#[inline(always)]
pub(crate) fn run_block(state: State, block: &[u8; 16]) -> State {
    if block_is_ascii(block) {
        after_ascii(state)
    } else {
        run(state, block)
    }
}

/// Runs the DFA over `bytes`, skipping ASCII 16 (then 8) bytes at a time.
#[inline(always)]
pub(crate) fn run_skipping_ascii(mut state: State, bytes: &[u8]) -> State {
    let (blocks, tail) = bytes.as_chunks::<16>();
    for block in blocks {
        state = run_block(state, block);
    }
    let (words, tail) = tail.as_chunks::<8>();
    if let Some(word) = words.first() {
        if or_words(word) & HIGH_BITS_8 == 0 {
            state = after_ascii(state);
        } else {
            state = run(state, word);
        }
    }
    run(state, tail)
}

/// Exact validation of `src[from..]`, where `from` is a character boundary with
/// `src[..from]` known to be valid: `Ok` if the rest is valid, else the position of
/// the first error (the end of the longest valid prefix of `src`).
///
/// Unlike the fast paths, this tracks the last position where the DFA accepted.
pub(crate) fn first_error(src: &[u8], from: usize) -> Result<(), usize> {
    let mut state = ACCEPT;
    let mut valid_up_to = from;
    let mut i = from;
    while i < src.len() {
        if is_accept(state) {
            // Skip ASCII blocks between characters.
            if let Some(block) = src[i..].first_chunk::<16>() {
                if block_is_ascii(block) {
                    i += 16;
                    valid_up_to = i;
                    continue;
                }
            }
        }
        state = step(state, src[i]);
        i += 1;
        if is_accept(state) {
            valid_up_to = i;
        } else if is_error(state) {
            return Err(valid_up_to);
        }
    }
    if is_accept(state) {
        Ok(())
    } else {
        Err(valid_up_to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The DFA (one step at a time) accepts exactly what `core::str::from_utf8` accepts,
    /// for all inputs of up to 2 bytes and a sample of longer ones.
    #[test]
    fn dfa_matches_core_on_short_inputs() {
        for a in 0..=255u8 {
            let s = run(ACCEPT, &[a]);
            assert_eq!(is_accept(s), core::str::from_utf8(&[a]).is_ok(), "{a:02X}");
            for b in 0..=255u8 {
                let s = run(ACCEPT, &[a, b]);
                assert_eq!(is_accept(s), core::str::from_utf8(&[a, b]).is_ok());
            }
        }
    }

    #[test]
    fn error_state_is_absorbing() {
        for b in 0..=255u8 {
            assert!(is_error(step(ERROR, b)));
            // The high bits of an unmasked state never matter.
            assert_eq!(step(ERROR | (0x5A << 6), b) & STATE_MASK, ERROR);
        }
    }

    #[test]
    fn first_error_positions() {
        assert_eq!(first_error(b"abc", 0), Ok(()));
        assert_eq!(first_error(b"ab\xE2\x82", 0), Err(2));
        assert_eq!(first_error(b"0123456789abcdef0123\xFF", 0), Err(20));
        assert_eq!(
            first_error("0123456789abcdé\u{10000}".as_bytes(), 3),
            Ok(())
        );
    }
}
