//! UTF-16 -> UTF-8 and UTF-32 -> UTF-8, generic over 16-byte [`VectorExt`]s (after
//! Lemire & Muła 2022).
//!
//! # The idea
//!
//! Eight characters of the Basic Multilingual Plane (no surrogates) sit in eight
//! 16-bit lanes. Each becomes 1, 2 or 3 UTF-8 bytes, computed in every lane at once
//! with shifts and masks; the lanes are then *compressed*: a keep mask (one bit per
//! byte of the vector: which bytes of each lane are part of the output) selects a
//! shuffle from [`COMPRESS8`] for each 8-byte half, and the two compressed halves
//! are stored one after the other. Three cases, from the cheapest:
//!
//! - all eight below U+0080: narrowed to 8 bytes;
//! - all below U+0800: every lane becomes `[first byte, continuation]`, the
//!   continuation kept only for non-ASCII lanes;
//! - otherwise: two vectors of four 32-bit lanes `[lead, c, c, -]`, with 1, 2 or 3
//!   bytes kept per lane.
//!
//! Surrogate pairs (UTF-16) and code points above U+FFFF (UTF-32) take a scalar loop
//! over the eight units, which also stops at an invalid unit (an unpaired surrogate,
//! a UTF-32 surrogate or a value above U+10FFFF): the SIMD loop then hands over to
//! the scalar transcoder exactly at that character (strict), or lets it repair the
//! block (lossy) and resumes; see [`super::handover`].
//!
//! UTF-32 units are first checked to be below U+10000 (else the scalar loop), then
//! narrowed to 16-bit lanes, checked for surrogates, and converted as UTF-16.

use super::handover::{shift, utf16_resync, POPCOUNT8};
use crate::generic::blocks::select;
use crate::tables::compress::COMPRESS8;
use crate::vector_ext::VectorExt;
use utfast_scalar::{transcode as scalar, Endian, Mode, TranscodeError};

/// Output bytes one iteration may store: 8 units x 3 bytes (or 4 bytes per pair or
/// per supplementary code point: at most 32), the overhang of the last 16-byte
/// store, and 3 spare bytes (see [`super::handover`]).
const WRITE: usize = 32 + 16 + 3;

/// Stores the bytes of `v` selected by the 16-bit `keep` mask, in order, at `dst`;
/// returns their number.
///
/// # Safety
/// The CPU supports `V`'s ISA (`V::BYTES == 16`); 16 writable bytes at `dst`.
#[inline(always)]
pub(crate) unsafe fn compress16<V: VectorExt>(v: V, keep: u64, dst: *mut u8) -> usize {
    // SAFETY: the caller's promises; the table indices are bytes (< 256).
    unsafe {
        let (k0, k1) = ((keep & 0xFF) as usize, (keep >> 8 & 0xFF) as usize);
        let lo = u64::from_le_bytes(*COMPRESS8.get_unchecked(k0));
        // The second half's indices are 8..16 (0x80 + 8 still selects zero).
        let hi = u64::from_le_bytes(*COMPRESS8.get_unchecked(k1)) + 0x0808_0808_0808_0808;
        let ctl = [lo.to_le(), hi.to_le()];
        let c = V::load_unaligned(ctl.as_ptr().cast()).lookup16(v);
        c.store_unaligned(dst);
        // Move the compressed second half right after the first one.
        let w0 = *POPCOUNT8.get_unchecked(k0) as usize;
        let second = dst.add(8).cast::<u64>().read_unaligned();
        dst.add(w0).cast::<u64>().write_unaligned(second);
        w0 + *POPCOUNT8.get_unchecked(k1) as usize
    }
}

/// Eight units (16-bit little-endian lanes), all below U+0800; returns bytes written.
///
/// # Safety
/// The CPU supports `V`'s ISA (`V::BYTES == 16`); 16 writable bytes at `dst`.
#[inline(always)]
unsafe fn one_two<V: VectorExt>(u: V, dst: *mut u8) -> usize {
    // SAFETY: the caller's promises.
    unsafe {
        let p16 = |x: u16| {
            let b = x.to_le_bytes();
            V::splat4([b[0], b[1], b[0], b[1]])
        };
        let ascii = u.and(p16(0xFF80)).eq16(V::splat(0));
        let lead = u.shr16::<6>().or(p16(0xC0));
        let first = select(ascii, u, lead);
        let cont = u.and(p16(0x3F)).or(p16(0x80));
        let v = first.or(cont.shl16::<8>());
        let keep = 0x5555 | (!ascii.bitmask_dense() & 0xAAAA);
        compress16(v, keep, dst)
    }
}

/// Four units zero-extended to 32-bit little-endian lanes, all below U+10000 and no
/// surrogates; returns bytes written.
///
/// # Safety
/// The CPU supports `V`'s ISA (`V::BYTES == 16`); 16 writable bytes at `dst`.
#[inline(always)]
unsafe fn one_two_three<V: VectorExt>(u: V, dst: *mut u8) -> usize {
    // SAFETY: the caller's promises.
    unsafe {
        let p32 = |x: u32| V::splat4(x.to_le_bytes());
        let zero = V::splat(0);
        let is1 = u.and(p32(0xFFFF_FF80)).eq32(zero);
        let is2 = u.and(p32(0xFFFF_F800)).eq32(zero);
        let c_last = u.and(p32(0x3F)).or(p32(0x80));
        let c_mid = u.shr32::<6>().and(p32(0x3F)).or(p32(0x80));
        let w3 = u
            .shr32::<12>()
            .or(p32(0xE0))
            .or(c_mid.shl32::<8>().or(c_last.shl32::<16>()));
        let w2 = u.shr32::<6>().or(p32(0xC0)).or(c_last.shl32::<8>());
        let v = select(is1, u, select(is2, w2, w3));
        let (m1, m2) = (is1.bitmask_dense(), is2.bitmask_dense());
        let keep = 0x1111 | (!m1 & 0x2222) | (!m2 & 0x4444);
        compress16(v, keep, dst)
    }
}

/// Eight BMP units without surrogates (16-bit little-endian lanes); returns bytes
/// written.
///
/// # Safety
/// The CPU supports `V`'s ISA (`V::BYTES == 16`); 32 writable bytes at `dst`.
#[inline(always)]
unsafe fn encode_bmp<V: VectorExt>(u: V, dst: *mut u8) -> usize {
    // SAFETY: the caller's promises.
    unsafe {
        let p16 = |x: u16| {
            let b = x.to_le_bytes();
            V::splat4([b[0], b[1], b[0], b[1]])
        };
        if u.and(p16(0xFF80)).is_zero() {
            V::narrow16(u, u).store_unaligned(dst);
            8
        } else if u.and(p16(0xF800)).is_zero() {
            one_two(u, dst)
        } else {
            let (lo, hi) = V::zip16(u, V::splat(0));
            let w = one_two_three(lo, dst);
            w + one_two_three(hi, dst.add(w))
        }
    }
}

/// Writes the UTF-8 form of the scalar value `c` at `dst`; returns its length.
///
/// # Safety
/// 4 writable bytes at `dst`; `c` is at most 0x10FFFF.
#[inline(always)]
pub(crate) unsafe fn put_char(c: u32, dst: *mut u8) -> usize {
    // SAFETY: the caller's promise.
    unsafe {
        if c < 0x80 {
            *dst = c as u8;
            1
        } else if c < 0x800 {
            *dst = 0xC0 | (c >> 6) as u8;
            *dst.add(1) = 0x80 | (c & 0x3F) as u8;
            2
        } else if c < 0x1_0000 {
            *dst = 0xE0 | (c >> 12) as u8;
            *dst.add(1) = 0x80 | ((c >> 6) & 0x3F) as u8;
            *dst.add(2) = 0x80 | (c & 0x3F) as u8;
            3
        } else {
            *dst = 0xF0 | (c >> 18) as u8;
            *dst.add(1) = 0x80 | ((c >> 12) & 0x3F) as u8;
            *dst.add(2) = 0x80 | ((c >> 6) & 0x3F) as u8;
            *dst.add(3) = 0x80 | (c & 0x3F) as u8;
            4
        }
    }
}

/// Converts the UTF-16 units at `s` one character at a time into `d`: at most `n`
/// units, and one more to complete a surrogate pair that starts at unit `n - 1`.
/// Stops at an unpaired surrogate (not in `Mode::Valid`, which writes `?` for it
/// and goes on). Returns (units consumed, bytes written, stopped at an unpaired
/// surrogate).
///
/// # Safety
/// `n + 1` units are readable at `s`; `4 * n` bytes are writable at `d`.
#[inline(always)]
pub(crate) unsafe fn utf16_one_by_one(
    s: *const u8,
    n: usize,
    from: Endian,
    mode: Mode,
    d: *mut u8,
) -> (usize, usize, bool) {
    // SAFETY: unit reads stay below unit `n + 1` and each character writes at most
    // 4 bytes for every unit it consumes, as the caller provides.
    unsafe {
        let unit = |i: usize| -> u32 { from.read_u16([*s.add(2 * i), *s.add(2 * i + 1)]).into() };
        let (mut i, mut w) = (0usize, 0usize);
        while i < n {
            let c = unit(i);
            if !(0xD800..0xE000).contains(&c) {
                w += put_char(c, d.add(w));
                i += 1;
            } else if c < 0xDC00 && (0xDC00..0xE000).contains(&unit(i + 1)) {
                let cp = 0x1_0000 + ((c - 0xD800) << 10) + (unit(i + 1) - 0xDC00);
                w += put_char(cp, d.add(w));
                i += 2;
            } else if mode == Mode::Valid {
                // Trusted input that is not: any output is allowed, keep going.
                *d.add(w) = b'?';
                w += 1;
                i += 1;
            } else {
                return (i, w, true);
            }
        }
        (i, w, false)
    }
}

/// UTF-16 (big-endian input when `BE`) -> UTF-8: exactly the results of
/// `utfast_scalar::transcode::utf16_to_utf8`.
///
/// # Safety
/// The CPU supports `V`'s ISA; `V::BYTES == 16`.
#[inline(always)]
pub(crate) unsafe fn utf16_to_utf8_loop<V: VectorExt, const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
    mode: Mode,
) -> Result<usize, TranscodeError> {
    debug_assert_eq!(V::BYTES, 16);
    let from = if BE { Endian::Big } else { Endian::Little };
    let (mut pos, mut out) = (0usize, 0usize);
    // 8 units, plus one to complete a pair.
    'blocks: while pos + 18 <= src.len() && out + WRITE <= dst.len() {
        // SAFETY: `pos + 18 <= src.len()` bounds the 16-byte load and the scalar reads
        // of up to 9 units; `out + WRITE <= dst.len()` bounds every store.
        unsafe {
            let s = src.as_ptr().add(pos);
            let d = dst.as_mut_ptr().add(out);
            let mut u = V::load_unaligned(s);
            if BE {
                u = u.swap_bytes16();
            }
            // ASCII runs: 16 units at a time (the 32-byte check reads `pos + 32 <=
            // src.len()`, the 16-byte store is within WRITE).
            if pos + 32 <= src.len() {
                let mut u2 = V::load_unaligned(s.add(16));
                if BE {
                    u2 = u2.swap_bytes16();
                }
                if u.or(u2).and(V::splat4([0x80, 0xFF, 0x80, 0xFF])).is_zero() {
                    V::narrow16(u, u2).store_unaligned(d);
                    pos += 32;
                    out += 16;
                    continue;
                }
            }
            let surr = u
                .and(V::splat4([0, 0xF8, 0, 0xF8]))
                .eq16(V::splat4([0, 0xD8, 0, 0xD8]));
            if surr.is_zero() {
                out += encode_bmp(u, d);
                pos += 16;
                continue;
            }
            // Surrogates: decode the 8 units one character at a time.
            let (i, w, unpaired) = utf16_one_by_one(s, 8, from, mode, d);
            pos += 2 * i;
            out += w;
            if unpaired {
                if mode == Mode::Strict {
                    break 'blocks;
                }
                let end = utf16_resync(src, pos + 16, from);
                let r = scalar::utf16_to_utf8(&src[pos..end], &mut dst[out..], from, mode);
                out = shift(r, pos, out)?;
                pos = end;
            }
        }
    }
    shift(
        scalar::utf16_to_utf8(&src[pos..], &mut dst[out..], from, mode),
        pos,
        out,
    )
}

/// UTF-32 (big-endian input when `BE`) -> UTF-8: exactly the results of
/// `utfast_scalar::transcode::utf32_to_utf8`.
///
/// # Safety
/// The CPU supports `V`'s ISA; `V::BYTES == 16`.
#[inline(always)]
pub(crate) unsafe fn utf32_to_utf8_loop<V: VectorExt, const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
    mode: Mode,
) -> Result<usize, TranscodeError> {
    debug_assert_eq!(V::BYTES, 16);
    let from = if BE { Endian::Big } else { Endian::Little };
    let (mut pos, mut out) = (0usize, 0usize);
    'blocks: while pos + 32 <= src.len() && out + WRITE <= dst.len() {
        // SAFETY: `pos + 32 <= src.len()` bounds the two loads and the scalar reads of
        // 8 units; `out + WRITE <= dst.len()` bounds every store.
        unsafe {
            let s = src.as_ptr().add(pos);
            let d = dst.as_mut_ptr().add(out);
            let (mut a, mut b) = (V::load_unaligned(s), V::load_unaligned(s.add(16)));
            if BE {
                (a, b) = (a.swap_bytes32(), b.swap_bytes32());
            }
            if a.or(b).and(V::splat4([0, 0, 0xFF, 0xFF])).is_zero() {
                let u = V::narrow32(a, b);
                let surr = u
                    .and(V::splat4([0, 0xF8, 0, 0xF8]))
                    .eq16(V::splat4([0, 0xD8, 0, 0xD8]));
                if surr.is_zero() {
                    out += encode_bmp(u, d);
                    pos += 32;
                    continue;
                }
            }
            // Supplementary characters or invalid units: one unit at a time.
            let (mut i, mut w) = (0usize, 0usize);
            while i < 8 {
                let p = s.add(4 * i);
                let c = from.read_u32([*p, *p.add(1), *p.add(2), *p.add(3)]);
                if c < 0x11_0000 && !(0xD800..0xE000).contains(&c) {
                    w += put_char(c, d.add(w));
                } else if mode == Mode::Valid {
                    *d.add(w) = b'?';
                    w += 1;
                } else {
                    // Invalid unit i.
                    pos += 4 * i;
                    out += w;
                    if mode == Mode::Strict {
                        break 'blocks;
                    }
                    let end = pos + 4 * (8 - i);
                    let r = scalar::utf32_to_utf8(&src[pos..end], &mut dst[out..], from, mode);
                    out = shift(r, pos, out)?;
                    pos = end;
                    continue 'blocks;
                }
                i += 1;
            }
            pos += 32;
            out += w;
        }
    }
    shift(
        scalar::utf32_to_utf8(&src[pos..], &mut dst[out..], from, mode),
        pos,
        out,
    )
}

/// An ISA's own code for UTF-16/UTF-32 -> UTF-8 (see [`crate::generic::hooks`]).
pub(crate) trait EncodeHooks {
    /// The whole conversion from UTF-16 (`BE`: big-endian input), or `None` to run
    /// the generic loop.
    ///
    /// # Safety
    /// The CPU supports the ISA of the implementing hooks.
    #[inline(always)]
    unsafe fn utf16_to_utf8<const BE: bool>(
        _src: &[u8],
        _dst: &mut [u8],
        _mode: Mode,
    ) -> Option<Result<usize, TranscodeError>> {
        None
    }

    /// The whole conversion from UTF-32, or `None` (as [`Self::utf16_to_utf8`]).
    ///
    /// # Safety
    /// The CPU supports the ISA of the implementing hooks.
    #[inline(always)]
    unsafe fn utf32_to_utf8<const BE: bool>(
        _src: &[u8],
        _dst: &mut [u8],
        _mode: Mode,
    ) -> Option<Result<usize, TranscodeError>> {
        None
    }
}

impl EncodeHooks for crate::generic::hooks::NoHooks {}

/// `Kernel::utf16_to_utf8`.
///
/// # Safety
/// The CPU supports the ISAs of `W`, `V` (16-byte vectors) and `H`.
#[inline(always)]
pub(crate) unsafe fn utf16_to_utf8<W: VectorExt, V: VectorExt, H: EncodeHooks>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    _to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISAs are the caller's promise.
    unsafe {
        match from {
            Endian::Little => H::utf16_to_utf8::<false>(src, dst, mode)
                .unwrap_or_else(|| utf16_to_utf8_loop::<V, false>(src, dst, mode)),
            Endian::Big => H::utf16_to_utf8::<true>(src, dst, mode)
                .unwrap_or_else(|| utf16_to_utf8_loop::<V, true>(src, dst, mode)),
        }
    }
}

/// `Kernel::utf32_to_utf8`.
///
/// # Safety
/// The CPU supports the ISAs of `W`, `V` (16-byte vectors) and `H`.
#[inline(always)]
pub(crate) unsafe fn utf32_to_utf8<W: VectorExt, V: VectorExt, H: EncodeHooks>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    _to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISAs are the caller's promise.
    unsafe {
        match from {
            Endian::Little => H::utf32_to_utf8::<false>(src, dst, mode)
                .unwrap_or_else(|| utf32_to_utf8_loop::<V, false>(src, dst, mode)),
            Endian::Big => H::utf32_to_utf8::<true>(src, dst, mode)
                .unwrap_or_else(|| utf32_to_utf8_loop::<V, true>(src, dst, mode)),
        }
    }
}
