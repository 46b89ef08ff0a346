//! Latin-1 -> UTF-16, UTF-32 and UTF-8, generic over [`VectorExt`].
//!
//! Latin-1 byte `b` is code point `b`, so UTF-16 and UTF-32 are zero-extensions:
//! interleaving the bytes with zeros ([`VectorExt::zip8`]) once or twice, with the
//! zeros first for big-endian output. Every block is accepted; the only error is
//! `OutputTooSmall`, left to the scalar tail by the [block loop](super::blocks).
//!
//! UTF-8: an ASCII block is copied; a block with bytes >= 0x80 (two UTF-8 bytes
//! each, a variable-length expansion) goes to the scalar code.

use super::blocks::BlockOp;
use crate::vector_ext::VectorExt;
use utfast_scalar::{transcode as scalar, Endian, TranscodeError};

/// Latin-1 -> UTF-16 (`to`): one vector in, two out.
pub(crate) struct Latin1ToUtf16 {
    pub(crate) to: Endian,
}

impl<V: VectorExt> BlockOp<V> for Latin1ToUtf16 {
    const IN: usize = V::BYTES;
    const OUT: usize = 2 * V::BYTES;

    #[inline(always)]
    unsafe fn block(&self, src: *const u8, dst: *mut u8) -> bool {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            let (v, zero) = (V::load_unaligned(src), V::splat(0));
            let (x, y) = match self.to {
                Endian::Little => V::zip8(v, zero),
                Endian::Big => V::zip8(zero, v),
            };
            x.store_unaligned(dst);
            y.store_unaligned(dst.add(V::BYTES));
        }
        true
    }

    fn scalar(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
        scalar::latin1_to_utf16(src, dst, self.to)
    }
}

/// Latin-1 -> UTF-32 (`to`): one vector in, four out.
pub(crate) struct Latin1ToUtf32 {
    pub(crate) to: Endian,
}

impl<V: VectorExt> BlockOp<V> for Latin1ToUtf32 {
    const IN: usize = V::BYTES;
    const OUT: usize = 4 * V::BYTES;

    #[inline(always)]
    unsafe fn block(&self, src: *const u8, dst: *mut u8) -> bool {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            let (v, zero) = (V::load_unaligned(src), V::splat(0));
            let out = match self.to {
                Endian::Little => {
                    let (x, y) = V::zip8(v, zero);
                    let (a, b) = V::zip8(x, zero);
                    let (c, d) = V::zip8(y, zero);
                    [a, b, c, d]
                }
                Endian::Big => {
                    let (x, y) = V::zip8(zero, v);
                    let (a, b) = V::zip8(zero, x);
                    let (c, d) = V::zip8(zero, y);
                    [a, b, c, d]
                }
            };
            for (k, w) in out.into_iter().enumerate() {
                w.store_unaligned(dst.add(k * V::BYTES));
            }
        }
        true
    }

    fn scalar(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
        scalar::latin1_to_utf32(src, dst, self.to)
    }
}

/// Latin-1 -> UTF-8: ASCII vectors are copied, others go to the scalar code.
pub(crate) struct Latin1ToUtf8;

impl<V: VectorExt> BlockOp<V> for Latin1ToUtf8 {
    const IN: usize = V::BYTES;
    const OUT: usize = V::BYTES;

    #[inline(always)]
    unsafe fn block(&self, src: *const u8, dst: *mut u8) -> bool {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            let v = V::load_unaligned(src);
            if v.any_high_bit() {
                return false;
            }
            v.store_unaligned(dst);
        }
        true
    }

    fn scalar(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
        scalar::latin1_to_utf8(src, dst)
    }
}
