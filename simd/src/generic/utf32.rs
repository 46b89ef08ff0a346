//! UTF-32 (bytes, either order): validation, and conversion to Latin-1 and UTF-16,
//! generic over [`VectorExt`].
//!
//! # Invalid units without a byte swap
//!
//! A unit is invalid when it is above U+10FFFF or a surrogate. Both tests are done on
//! the bytes as they are, with patterns written in the input's byte order:
//!
//! - above U+10FFFF: a per-byte saturating subtraction of the bytes of `0x0010FFFF`
//!   is nonzero exactly when the top byte is nonzero or the third byte is above 0x10;
//! - surrogate: a 32-bit comparison of `unit & 0xFFFFF800` with `0xD800`.
//!
//! Validation ORs these over 64 bytes and tests once; a failing chunk is handed to
//! the scalar validator from its start (units are independent, so there is no state
//! to carry). The transcoders use the same tests per block and leave refused blocks
//! to the scalar code of the [block loop](super::blocks).

use super::blocks::{pat32, select, BlockOp};
use crate::vector_ext::VectorExt;
use utfast_scalar::Utf32Error;
use utfast_scalar::{transcode as scalar, utf32 as scalar32, Endian, Mode, TranscodeError};

/// Bytes checked per iteration of validation.
const CHUNK: usize = 64;

/// The invalid-unit tests for one byte order (see the module documentation).
#[derive(Clone, Copy)]
pub(crate) struct Utf32Check<V> {
    limit: V,
    m_sur: V,
    p_sur: V,
}

impl<V: VectorExt> Utf32Check<V> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    pub(crate) unsafe fn new(e: Endian) -> Self {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            Utf32Check {
                limit: V::splat4(pat32(0x10FFFF, e)),
                m_sur: V::splat4(pat32(0xFFFF_F800, e)),
                p_sur: V::splat4(pat32(0xD800, e)),
            }
        }
    }

    /// Nonzero in (at least one byte of) every invalid unit of `v`, zero in valid ones.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    pub(crate) unsafe fn invalid(&self, v: V) -> V {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            v.saturating_sub(self.limit)
                .or(v.and(self.m_sur).eq32(self.p_sur))
        }
    }
}

/// Validates UTF-32 bytes in byte order `e` with the exact error of
/// `utfast_scalar::utf32::validate_utf32_bytes`.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn validate_utf32<V: VectorExt>(src: &[u8], e: Endian) -> Result<(), Utf32Error> {
    let n = src.len();
    let ptr = src.as_ptr();
    let mut i = 0;
    // SAFETY: (whole block) the ISA is the caller's promise; every load reads
    // `V::BYTES` bytes at `ptr + k` with `k + V::BYTES <= n`.
    unsafe {
        let check = Utf32Check::<V>::new(e);
        while i + CHUNK <= n {
            let mut bad = V::splat(0);
            let mut k = 0;
            while k < CHUNK {
                bad = bad.or(check.invalid(V::load_unaligned(ptr.add(i + k))));
                k += V::BYTES;
            }
            if !bad.is_zero() {
                break;
            }
            i += CHUNK;
        }
    }
    scalar32::validate_utf32_bytes(&src[i..], e)
        .map_err(|err| Utf32Error::new(i + err.valid_up_to(), err.kind()))
}

/// UTF-32 (`from`) -> Latin-1: four vectors of units in, one vector of bytes out.
pub(crate) struct Utf32ToLatin1<V> {
    from: Endian,
    mode: Mode,
    /// `0xFFFFFF00` (little-endian): the bits that must be zero for Latin-1.
    m_high: V,
    /// `'?'` (little-endian), the lossy replacement.
    question: V,
}

impl<V: VectorExt> Utf32ToLatin1<V> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    pub(crate) unsafe fn new(from: Endian, mode: Mode) -> Self {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            Utf32ToLatin1 {
                from,
                mode,
                m_high: V::splat4(pat32(0xFFFF_FF00, Endian::Little)),
                question: V::splat4(pat32(u32::from(b'?'), Endian::Little)),
            }
        }
    }
}

impl<V: VectorExt> BlockOp<V> for Utf32ToLatin1<V> {
    const IN: usize = 4 * V::BYTES;
    const OUT: usize = V::BYTES;

    #[inline(always)]
    unsafe fn block(&self, src: *const u8, dst: *mut u8) -> bool {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            let mut v = [V::splat(0); 4];
            for (k, x) in v.iter_mut().enumerate() {
                *x = V::load_unaligned(src.add(k * V::BYTES));
                if self.from == Endian::Big {
                    *x = x.swap_bytes32();
                }
            }
            let all = v[0].or(v[1]).or(v[2]).or(v[3]);
            if !all.and(self.m_high).is_zero() {
                match self.mode {
                    Mode::Strict => return false,
                    // Every unit above U+00FF, invalid ones included, becomes '?'.
                    Mode::Lossy => {
                        let zero = V::splat(0);
                        for x in v.iter_mut() {
                            *x = select(x.and(self.m_high).eq32(zero), *x, self.question);
                        }
                    }
                    // The scalar code keeps the low byte.
                    Mode::Valid => {}
                }
            }
            V::narrow16(V::narrow32(v[0], v[1]), V::narrow32(v[2], v[3])).store_unaligned(dst);
        }
        true
    }

    fn scalar(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
        scalar::utf32_to_latin1(src, dst, self.from, self.mode)
    }
}

/// UTF-32 (`from`) -> UTF-16 (`to`): two vectors of units in, one vector out; blocks
/// with supplementary characters (or invalid units) go to the scalar code.
pub(crate) struct Utf32ToUtf16<V> {
    from: Endian,
    to: Endian,
    mode: Mode,
    check: Utf32Check<V>,
    /// `0xFFFF0000` (little-endian): the bits that are zero in the BMP.
    m_bmp: V,
}

impl<V: VectorExt> Utf32ToUtf16<V> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    pub(crate) unsafe fn new(from: Endian, to: Endian, mode: Mode) -> Self {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            Utf32ToUtf16 {
                from,
                to,
                mode,
                check: Utf32Check::new(Endian::Little),
                m_bmp: V::splat4(pat32(0xFFFF_0000, Endian::Little)),
            }
        }
    }
}

impl<V: VectorExt> BlockOp<V> for Utf32ToUtf16<V> {
    const IN: usize = 2 * V::BYTES;
    const OUT: usize = V::BYTES;

    #[inline(always)]
    unsafe fn block(&self, src: *const u8, dst: *mut u8) -> bool {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            let mut a = V::load_unaligned(src);
            let mut b = V::load_unaligned(src.add(V::BYTES));
            if self.from == Endian::Big {
                a = a.swap_bytes32();
                b = b.swap_bytes32();
            }
            if !a.or(b).and(self.m_bmp).is_zero() {
                return false;
            }
            // In the BMP, only surrogates are invalid; the scalar code writes them
            // unchanged in trusted-valid mode, as the narrowing does.
            if self.mode != Mode::Valid
                && !self.check.invalid(a).or(self.check.invalid(b)).is_zero()
            {
                return false;
            }
            let mut out = V::narrow32(a, b);
            if self.to == Endian::Big {
                out = out.swap_bytes16();
            }
            out.store_unaligned(dst);
        }
        true
    }

    fn scalar(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
        scalar::utf32_to_utf16(src, dst, self.from, self.to, self.mode)
    }
}
