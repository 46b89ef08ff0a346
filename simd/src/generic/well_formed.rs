//! Well-formed UTF-16 in place (`String.prototype.toWellFormed`), generic over
//! [`VectorExt`]: every unpaired surrogate replaced by U+FFFD.
//!
//! Text without an unpaired surrogate needs no write, so the repair is the
//! validator's loop ([`scan_utf16`]): one test per 64 bytes that no unit is a
//! surrogate, the bit-mask pairing test on vectors with surrogates. Where that test
//! fails, the scalar repair rewrites just that vector's units (from the carried
//! high surrogate before it, if any, to its end, moved past the low surrogate that
//! completes a high one at its end, as [`cut16`] moves the transcoders' scalar
//! sub-ranges), and the loop resumes after them with nothing carried: what the
//! scalar code leaves behind is well-formed and ends at a character boundary. The
//! final partial vector is repaired in scalar code too. So the SIMD loop only reads,
//! every write is the scalar reference's, and the result and the count are the
//! scalar reference's by construction.

use super::surrogate_pairs::cut16;
use super::utf16::scan_utf16;
use crate::vector_ext::VectorExt;
use utfast_scalar::{utf16 as scalar16, Endian};

/// Replaces every unpaired surrogate of the UTF-16 bytes `src` (byte order `e`) by
/// U+FFFD and returns how many were replaced
/// (`utfast_scalar::utf16::make_well_formed_bytes`: an odd final byte is left alone).
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn make_well_formed_utf16<V: VectorExt>(src: &mut [u8], e: Endian) -> usize {
    let n = src.len();
    // Every access, the loop's reads and the repairs' writes, goes through this one
    // pointer, so the repairs' slices do not invalidate the loop's reads.
    let ptr = src.as_mut_ptr();
    let mut replaced = 0;
    let repair = |start: usize, end: usize| {
        super::cold_path();
        // SAFETY: `ptr` is valid for `n` bytes and no other reference to them is
        // alive during the callback.
        let all = unsafe { core::slice::from_raw_parts(ptr, n) };
        let end = cut16(all, end, e);
        // SAFETY: `start <= end <= n`, and as above.
        let part = unsafe { core::slice::from_raw_parts_mut(ptr.add(start), end - start) };
        replaced += scalar16::make_well_formed_bytes(part, e);
        // (An odd final byte went to the scalar code with the units before it: the
        // loop does not look at it again.)
        Some(end)
    };
    // SAFETY: the ISA is the caller's promise; `ptr` is valid for `n` bytes (reads
    // and writes) for the whole call.
    let tail = unsafe { scan_utf16::<V>(ptr, n, e, repair) };
    debug_assert!(tail <= n);
    // SAFETY: as above; the loop has returned.
    let rest = unsafe { core::slice::from_raw_parts_mut(ptr.add(tail), n - tail) };
    replaced + scalar16::make_well_formed_bytes(rest, e)
}
