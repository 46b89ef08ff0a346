//! UTF-8 validation on the VBMI2 tier: the generic lookup algorithm
//! (`crate::generic::utf8_validate`) with its table lookups done by `vpermb`.
//!
//! The algorithm looks up three nibbles of every byte pair in 16-entry tables.
//! `vpshufb` reads the low four bits of each index and zeroes the result where the
//! index has its high bit set, so the portable check first isolates each nibble:
//! an `and` for the low nibble, a shift and an `and` for the high one. `vpermb`
//! (AVX-512 VBMI) indexes a 64-byte table by the low six bits and ignores the
//! rest. The tables are the 16 entries repeated in each 128-bit lane, so bits 4
//! and 5 of an index only choose among equal copies: a byte is its own low-nibble
//! index, and a 16-bit right shift by four is its high-nibble index (bits 4-7 then
//! hold the low nibble of the byte above it, which selects a copy or is ignored).
//! Three of the thirteen vector operations of a 64-byte check go, and `vpermb`
//! costs what `vpshufb` does on the CPUs of this tier (one operation on the
//! shuffle port of Intel cores; on Zen 4 both are split into two 256-bit halves).
//!
//! The `"avx512"` tier (no VBMI) keeps the portable lookups.

use super::isa::{self, Zmm};
use crate::generic::utf8_validate::{
    find_error_block_nibbles, locate_error, Nibbles, Utf8Rules, CHECK_INTERVAL_BOOL,
    CHECK_INTERVAL_EXACT,
};
use utfast_scalar::Utf8Error;

/// [`Nibbles`] by `vpermb` on the index as it is (see the module documentation).
pub(crate) struct Vpermb;

// On the model the instructions are safe functions, and the blocks unneeded.
#[cfg_attr(utfast_avx512_model, allow(unused_unsafe))]
impl Nibbles<Zmm> for Vpermb {
    #[inline(always)]
    unsafe fn high(x: Zmm, table: Zmm) -> Zmm {
        // SAFETY: the caller guarantees AVX-512 BW and VBMI.
        unsafe { isa::permutexvar_epi8(isa::srli_epi16::<4>(x), table) }
    }
    #[inline(always)]
    unsafe fn low(x: Zmm, table: Zmm, _low_nibble: Zmm) -> Zmm {
        // SAFETY: the caller guarantees AVX-512 VBMI.
        unsafe { isa::permutexvar_epi8(x, table) }
    }
}

/// `Kernel::validate_utf8`: the exact `core::str::Utf8Error`.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
pub(crate) unsafe fn validate_utf8(src: &[u8]) -> Result<(), Utf8Error> {
    // SAFETY: the caller's promise (VBMI for `Vpermb`, BW for `Zmm`).
    match unsafe { find_error_block_nibbles::<Zmm, Utf8Rules, Vpermb>(src, CHECK_INTERVAL_EXACT) } {
        None => Ok(()),
        Some((start, end)) => locate_error(src, start, end),
    }
}

/// `Kernel::is_utf8`.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
pub(crate) unsafe fn is_utf8(src: &[u8]) -> bool {
    // SAFETY: the caller's promise.
    unsafe { find_error_block_nibbles::<Zmm, Utf8Rules, Vpermb>(src, CHECK_INTERVAL_BOOL) }
        .is_none()
}
