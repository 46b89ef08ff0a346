//! Same-form conversions: UTF-16 -> UTF-16 and UTF-32 -> UTF-32 (validated copy or
//! byte swap, lossy repair, trusted copy), generic over [`VectorExt`].
//!
//! A block is copied (byte-swapped with one shuffle when the orders differ) once it
//! is known to be valid *on its own*: for UTF-16, every surrogate pair must lie
//! inside the block (`low == high << unit` on the surrogate bit masks, see
//! [`super::utf16`], and no high surrogate in the last unit); for UTF-32, no unit may
//! be invalid ([`super::utf32::Utf32Check`]). Other blocks go to the scalar code of
//! the [block loop](super::blocks), which reports errors or writes U+FFFD.
//!
//! In trusted-valid mode blocks are copied or swapped without validation (a UTF-16
//! block must still not end with a high surrogate, so that it ends on a character
//! boundary of valid input). For UTF-32
//! that is exactly what the scalar code does on any input; for UTF-16 it is exact on
//! valid input (on invalid input, which that mode excludes, the scalar code re-encodes
//! a high surrogate with the unit after it, the copy does not).

use super::blocks::{pat16, run_in_mode, BlockOp};
use super::utf16::cut16;
use super::utf32::Utf32Check;
use crate::vector_ext::VectorExt;
use utfast_scalar::{transcode as scalar, Endian, Mode, TranscodeError};

/// UTF-16 (`from`) -> UTF-16 (`to`), one vector per block.
pub(crate) struct Utf16ToUtf16<V> {
    from: Endian,
    to: Endian,
    mode: Mode,
    m_fc: V,
    p_hi: V,
    p_lo: V,
}

impl<V: VectorExt> Utf16ToUtf16<V> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    pub(crate) unsafe fn new(from: Endian, to: Endian, mode: Mode) -> Self {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            Utf16ToUtf16 {
                from,
                to,
                mode,
                m_fc: V::splat4(pat16(0xFC00, from)),
                p_hi: V::splat4(pat16(0xD800, from)),
                p_lo: V::splat4(pat16(0xDC00, from)),
            }
        }
    }
}

impl<V: VectorExt> BlockOp<V> for Utf16ToUtf16<V> {
    const IN: usize = V::BYTES;
    const OUT: usize = V::BYTES;

    #[inline(always)]
    unsafe fn block(&self, src: *const u8, dst: *mut u8) -> Option<usize> {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            let mut v = V::load_unaligned(src);
            let t = v.and(self.m_fc);
            let (hi, lo) = (t.eq16(self.p_hi), t.eq16(self.p_lo));
            if !hi.or(lo).is_zero() {
                let unit = 2 * V::MASK_BITS;
                let total = V::BYTES as u32 * V::MASK_BITS;
                let (high, low) = (hi.bitmask(), lo.bitmask());
                // The block must end on a character boundary (no high surrogate in
                // the last unit), in every mode: `OutputTooSmall` positions depend
                // on it. Pairs must be complete inside the block unless trusted.
                if high >> (total - unit) != 0 || (self.mode != Mode::Valid && low != high << unit)
                {
                    return None;
                }
            }
            if self.from != self.to {
                v = v.swap_bytes16();
            }
            v.store_unaligned(dst);
        }
        Some(<Self as BlockOp<V>>::OUT)
    }

    #[inline(always)]
    fn cut(&self, src: &[u8], end: usize) -> usize {
        cut16(src, end, self.from)
    }

    fn scalar(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
        scalar::utf16_to_utf16(src, dst, self.from, self.to, self.mode)
    }
}

/// UTF-32 (`from`) -> UTF-32 (`to`), one vector per block.
pub(crate) struct Utf32ToUtf32<V> {
    from: Endian,
    to: Endian,
    mode: Mode,
    check: Utf32Check<V>,
}

impl<V: VectorExt> Utf32ToUtf32<V> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    pub(crate) unsafe fn new(from: Endian, to: Endian, mode: Mode) -> Self {
        // SAFETY: the ISA is the caller's promise.
        let check = unsafe { Utf32Check::new(from) };
        Utf32ToUtf32 {
            from,
            to,
            mode,
            check,
        }
    }
}

impl<V: VectorExt> BlockOp<V> for Utf32ToUtf32<V> {
    const IN: usize = V::BYTES;
    const OUT: usize = V::BYTES;

    #[inline(always)]
    unsafe fn block(&self, src: *const u8, dst: *mut u8) -> Option<usize> {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            let mut v = V::load_unaligned(src);
            if self.mode != Mode::Valid && !self.check.invalid(v).is_zero() {
                return None;
            }
            if self.from != self.to {
                v = v.swap_bytes32();
            }
            v.store_unaligned(dst);
        }
        Some(<Self as BlockOp<V>>::OUT)
    }

    fn scalar(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
        scalar::utf32_to_utf32(src, dst, self.from, self.to, self.mode)
    }
}

/// `Kernel::utf16_to_utf16`: a byte swap, validated copy or repair.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf16_to_utf16<V: VectorExt>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISA is the caller's promise.
    unsafe { run_in_mode::<V, _>(mode, |m| Utf16ToUtf16::<V>::new(from, to, m), src, dst) }
}

/// `Kernel::utf32_to_utf32`: a byte swap, validated copy or repair.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf32_to_utf32<V: VectorExt>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISA is the caller's promise.
    unsafe { run_in_mode::<V, _>(mode, |m| Utf32ToUtf32::<V>::new(from, to, m), src, dst) }
}
