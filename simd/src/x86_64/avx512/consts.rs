//! Constants and small helpers shared by the tiers' own transcoders.

use super::isa::{self, Zmm};

/// 64 bytes aligned for a vector load.
#[repr(C, align(64))]
pub(super) struct Bytes64(pub(super) [u8; 64]);

const fn swap_table(x: usize) -> Bytes64 {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = ((i % 16) ^ x) as u8;
        i += 1;
    }
    Bytes64(t)
}

/// `vpshufb` control reversing the bytes of each 16-bit lane.
pub(super) static SWAP16: Bytes64 = swap_table(1);
/// `vpshufb` control reversing the bytes of each 32-bit lane.
pub(super) static SWAP32: Bytes64 = swap_table(3);

/// The lowest `n` bits set (all 64 for `n >= 64`): the mask of the first `n` lanes of a
/// masked load or store (truncated to the lane count: `as u32`, `as u16`).
#[inline(always)]
pub(super) fn low_bits(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// The four vectors of the 256 bytes at `s` (the bulk loops' unit of work).
///
/// # Safety
/// The CPU supports the tier's features; `s..s + 256` is readable.
#[inline(always)]
pub(super) unsafe fn load4(s: *const u8) -> [Zmm; 4] {
    // SAFETY: the caller's promise.
    unsafe {
        [
            isa::loadu(s),
            isa::loadu(s.add(64)),
            isa::loadu(s.add(128)),
            isa::loadu(s.add(192)),
        ]
    }
}
