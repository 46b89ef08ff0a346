//! The [`Kernel`]: one instruction set's implementation of every operation.
//!
//! All operations are byte-oriented (see `utfast_scalar`'s conventions): positions
//! and lengths in bytes, except the `*_len_*`/`count_*` functions, which return
//! units of the output form (UTF-16 units, code points, ...). Each method has exactly
//! the contract and the results of the `utfast_scalar` function of the same name.
//!
//! # Safe by construction
//!
//! A kernel's table ([`Ops`]) holds `unsafe fn` pointers: a SIMD entry may only run
//! on a CPU with its instruction set. The only way to make a `Kernel` is the
//! `unsafe` [`Kernel::new`], whose contract is exactly that: every `Kernel` that safe
//! code can reach runs on this CPU. Each ISA module keeps its `Kernel` in a private
//! `static` and hands it out only after detection (see [`simd_kernel!`]), so the safe
//! methods below may call the table's functions. The fields are private and the type
//! is `#[non_exhaustive]`, so adding an operation breaks nobody.

use utfast_scalar::{Encoding, Endian, Mode, TranscodeError, Utf16Error, Utf32Error, Utf8Error};

/// A transcoder entry: `(src, dst, src_endian, dst_endian, mode) -> bytes written`.
/// Endian arguments are ignored for forms without a byte order (UTF-8, Latin-1).
pub(crate) type TranscodeFn =
    unsafe fn(&[u8], &mut [u8], Endian, Endian, Mode) -> Result<usize, TranscodeError>;

/// One function per operation: the table inside a [`Kernel`].
///
/// # Safety
/// The functions may use instructions of one ISA; see [`Kernel::new`].
#[derive(Clone, Copy)]
pub(crate) struct Ops {
    pub(crate) validate_utf8: unsafe fn(&[u8]) -> Result<(), Utf8Error>,
    pub(crate) is_utf8: unsafe fn(&[u8]) -> bool,
    pub(crate) is_ascii: unsafe fn(&[u8]) -> bool,
    pub(crate) validate_utf16: unsafe fn(&[u8], Endian) -> Result<(), Utf16Error>,
    pub(crate) validate_utf32: unsafe fn(&[u8], Endian) -> Result<(), Utf32Error>,
    pub(crate) utf8_to_utf16: TranscodeFn,
    pub(crate) utf8_to_utf32: TranscodeFn,
    pub(crate) utf8_to_latin1: TranscodeFn,
    pub(crate) utf8_to_utf8: TranscodeFn,
    pub(crate) utf16_to_utf8: TranscodeFn,
    pub(crate) utf16_to_utf16: TranscodeFn,
    pub(crate) utf16_to_utf32: TranscodeFn,
    pub(crate) utf16_to_latin1: TranscodeFn,
    pub(crate) utf32_to_utf8: TranscodeFn,
    pub(crate) utf32_to_utf16: TranscodeFn,
    pub(crate) utf32_to_utf32: TranscodeFn,
    pub(crate) utf32_to_latin1: TranscodeFn,
    pub(crate) latin1_to_utf8: TranscodeFn,
    pub(crate) latin1_to_utf16: TranscodeFn,
    pub(crate) latin1_to_utf32: TranscodeFn,
    pub(crate) count_utf8: unsafe fn(&[u8]) -> usize,
    pub(crate) count_utf16: unsafe fn(&[u8], Endian) -> usize,
    pub(crate) utf16_len_from_utf8: unsafe fn(&[u8]) -> usize,
    pub(crate) utf8_len_from_utf16: unsafe fn(&[u8], Endian) -> usize,
    pub(crate) utf8_len_from_utf32: unsafe fn(&[u8], Endian) -> usize,
    pub(crate) utf16_len_from_utf32: unsafe fn(&[u8], Endian) -> usize,
    pub(crate) utf8_len_from_latin1: unsafe fn(&[u8]) -> usize,
    // WTF-8, CESU-8, MUTF-8
    pub(crate) validate_wtf8: unsafe fn(&[u8]) -> Result<(), Utf8Error>,
    pub(crate) validate_cesu8: unsafe fn(&[u8]) -> Result<(), Utf8Error>,
    pub(crate) validate_mutf8: unsafe fn(&[u8]) -> Result<(), Utf8Error>,
    pub(crate) wtf8_to_utf16: TranscodeFn,
    pub(crate) wtf8_to_utf8: TranscodeFn,
    pub(crate) utf16_to_wtf8: TranscodeFn,
    pub(crate) cesu8_to_utf16: TranscodeFn,
    pub(crate) cesu8_to_utf8: TranscodeFn,
    pub(crate) utf16_to_cesu8: TranscodeFn,
    pub(crate) utf8_to_cesu8: TranscodeFn,
    pub(crate) mutf8_to_utf16: TranscodeFn,
    pub(crate) mutf8_to_utf8: TranscodeFn,
    pub(crate) utf16_to_mutf8: TranscodeFn,
    pub(crate) utf8_to_mutf8: TranscodeFn,
}

/// One instruction set's implementation of every operation (`"scalar"`, `"sse42"`,
/// `"avx2"`, `"avx512"`, `"neon"`).
///
/// Every kernel produces results identical to the scalar kernel (outputs, error
/// kinds, positions): each method has the contract of the `utfast_scalar` function
/// of the same name. Kernels are handed out by [`available`](crate::available),
/// [`active`](crate::active) and [`by_name`](crate::by_name) only after the CPU
/// features they need were detected, so every method is safe to call.
///
/// ```
/// let k = utfast_simd::active();
/// assert!(k.is_utf8("héllo".as_bytes()));
/// let mut out = [0u8; 8];
/// let n = k.utf8_to_utf16(b"hi", &mut out, utfast_scalar::Endian::Little, utfast_scalar::Mode::Strict);
/// assert_eq!((n, &out[..4]), (Ok(4), &b"h\0i\0"[..]));
/// ```
#[non_exhaustive]
pub struct Kernel {
    name: &'static str,
    ops: Ops,
}

impl core::fmt::Debug for Kernel {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Kernel")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// Calls the table entry `$f` of `$k` with the arguments `$a`.
macro_rules! call {
    ($k:expr, $f:ident($($a:expr),*)) => {
        // SAFETY: a `Kernel` reachable from safe code runs on this CPU (the contract
        // of `Kernel::new`), and the entry's other preconditions are its arguments'
        // types.
        unsafe { ($k.ops.$f)($($a),*) }
    };
}

impl Kernel {
    /// A kernel named `name` with the table `ops`.
    ///
    /// # Safety
    /// Safe code may only reach the kernel on a CPU that supports every function of
    /// `ops`: keep it in a private `static` handed out only after detection.
    pub(crate) const unsafe fn new(name: &'static str, ops: Ops) -> Kernel {
        Kernel { name, ops }
    }

    /// The kernel's name (`"scalar"`, `"sse42"`, `"avx2"`, `"avx512"`, `"neon"`).
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// UTF-8 validation with the exact `core::str::Utf8Error` positions.
    #[inline]
    pub fn validate_utf8(&self, src: &[u8]) -> Result<(), Utf8Error> {
        call!(self, validate_utf8(src))
    }

    /// Whether `src` is valid UTF-8 (no position: the fastest check).
    #[inline]
    pub fn is_utf8(&self, src: &[u8]) -> bool {
        call!(self, is_utf8(src))
    }

    /// Whether every byte of `src` is below 0x80.
    #[inline]
    pub fn is_ascii(&self, src: &[u8]) -> bool {
        call!(self, is_ascii(src))
    }

    /// UTF-16 validation of bytes in byte order `e` (`valid_up_to` in bytes).
    #[inline]
    pub fn validate_utf16(&self, src: &[u8], e: Endian) -> Result<(), Utf16Error> {
        call!(self, validate_utf16(src, e))
    }

    /// UTF-32 validation of bytes in byte order `e` (`valid_up_to` in bytes).
    #[inline]
    pub fn validate_utf32(&self, src: &[u8], e: Endian) -> Result<(), Utf32Error> {
        call!(self, validate_utf32(src, e))
    }

    /// WTF-8 validation (`utfast_scalar::wtf8::validate_wtf8`).
    #[inline]
    pub fn validate_wtf8(&self, src: &[u8]) -> Result<(), Utf8Error> {
        call!(self, validate_wtf8(src))
    }

    /// CESU-8 validation (`utfast_scalar::cesu8::validate_cesu8`).
    #[inline]
    pub fn validate_cesu8(&self, src: &[u8]) -> Result<(), Utf8Error> {
        call!(self, validate_cesu8(src))
    }

    /// Modified UTF-8 validation (`utfast_scalar::cesu8::validate_mutf8`).
    #[inline]
    pub fn validate_mutf8(&self, src: &[u8]) -> Result<(), Utf8Error> {
        call!(self, validate_mutf8(src))
    }

    /// Transcodes `src` from `from` to `to` into `dst`; returns the bytes written.
    /// Same-encoding pairs validate and copy (strict), repair (lossy) or swap bytes.
    /// WTF-8, CESU-8 and MUTF-8 to and from UTF-8 and UTF-16 have SIMD entries of
    /// their own (`generic/wtf8.rs`); their other pairs use the scalar reference.
    #[inline]
    pub fn transcode(
        &self,
        src: &[u8],
        dst: &mut [u8],
        from: Encoding,
        to: Encoding,
        mode: Mode,
    ) -> Result<usize, TranscodeError> {
        use Encoding::*;
        let fe = from.endian().unwrap_or(Endian::NATIVE);
        let te = to.endian().unwrap_or(Endian::NATIVE);
        let o = &self.ops;
        let f: TranscodeFn = match (from, to) {
            // WTF-8, CESU-8, MUTF-8
            (Utf8, Wtf8) => o.utf8_to_utf8,
            (Wtf8, Utf8) => o.wtf8_to_utf8,
            (Wtf8, Utf16Le | Utf16Be) => o.wtf8_to_utf16,
            (Utf16Le | Utf16Be, Wtf8) => o.utf16_to_wtf8,
            (Cesu8, Utf8) => o.cesu8_to_utf8,
            (Cesu8, Utf16Le | Utf16Be) => o.cesu8_to_utf16,
            (Utf16Le | Utf16Be, Cesu8) => o.utf16_to_cesu8,
            (Utf8, Cesu8) => o.utf8_to_cesu8,
            (Mutf8, Utf8) => o.mutf8_to_utf8,
            (Mutf8, Utf16Le | Utf16Be) => o.mutf8_to_utf16,
            (Utf16Le | Utf16Be, Mutf8) => o.utf16_to_mutf8,
            (Utf8, Mutf8) => o.utf8_to_mutf8,
            (Wtf8 | Cesu8 | Mutf8, _) | (_, Wtf8 | Cesu8 | Mutf8) => {
                return utfast_scalar::transcode::transcode(src, dst, from, to, mode);
            }
            (Utf8, Utf8) => o.utf8_to_utf8,
            (Utf8, Utf16Le | Utf16Be) => o.utf8_to_utf16,
            (Utf8, Utf32Le | Utf32Be) => o.utf8_to_utf32,
            (Utf8, Latin1) => o.utf8_to_latin1,
            (Utf16Le | Utf16Be, Utf8) => o.utf16_to_utf8,
            (Utf16Le | Utf16Be, Utf16Le | Utf16Be) => o.utf16_to_utf16,
            (Utf16Le | Utf16Be, Utf32Le | Utf32Be) => o.utf16_to_utf32,
            (Utf16Le | Utf16Be, Latin1) => o.utf16_to_latin1,
            (Utf32Le | Utf32Be, Utf8) => o.utf32_to_utf8,
            (Utf32Le | Utf32Be, Utf16Le | Utf16Be) => o.utf32_to_utf16,
            (Utf32Le | Utf32Be, Utf32Le | Utf32Be) => o.utf32_to_utf32,
            (Utf32Le | Utf32Be, Latin1) => o.utf32_to_latin1,
            (Latin1, Utf8) => o.latin1_to_utf8,
            (Latin1, Utf16Le | Utf16Be) => o.latin1_to_utf16,
            (Latin1, Utf32Le | Utf32Be) => o.latin1_to_utf32,
            (Latin1, Latin1) => copy_latin1,
        };
        // SAFETY: as in `call!`.
        unsafe { f(src, dst, fe, te, mode) }
    }

    /// UTF-8 -> UTF-16 in byte order `to`.
    #[inline]
    pub fn utf8_to_utf16(
        &self,
        src: &[u8],
        dst: &mut [u8],
        to: Endian,
        mode: Mode,
    ) -> Result<usize, TranscodeError> {
        call!(self, utf8_to_utf16(src, dst, Endian::NATIVE, to, mode))
    }

    /// UTF-8 -> UTF-32 in byte order `to`.
    #[inline]
    pub fn utf8_to_utf32(
        &self,
        src: &[u8],
        dst: &mut [u8],
        to: Endian,
        mode: Mode,
    ) -> Result<usize, TranscodeError> {
        call!(self, utf8_to_utf32(src, dst, Endian::NATIVE, to, mode))
    }

    /// UTF-8 -> Latin-1.
    #[inline]
    pub fn utf8_to_latin1(
        &self,
        src: &[u8],
        dst: &mut [u8],
        mode: Mode,
    ) -> Result<usize, TranscodeError> {
        call!(
            self,
            utf8_to_latin1(src, dst, Endian::NATIVE, Endian::NATIVE, mode)
        )
    }

    /// UTF-8 -> UTF-8: a validated copy (strict, trusted-valid) or lossy repair.
    #[inline]
    pub fn utf8_to_utf8(
        &self,
        src: &[u8],
        dst: &mut [u8],
        mode: Mode,
    ) -> Result<usize, TranscodeError> {
        call!(
            self,
            utf8_to_utf8(src, dst, Endian::NATIVE, Endian::NATIVE, mode)
        )
    }

    /// UTF-16 in byte order `from` -> UTF-8.
    #[inline]
    pub fn utf16_to_utf8(
        &self,
        src: &[u8],
        dst: &mut [u8],
        from: Endian,
        mode: Mode,
    ) -> Result<usize, TranscodeError> {
        call!(self, utf16_to_utf8(src, dst, from, Endian::NATIVE, mode))
    }

    /// UTF-16 in byte order `from` -> UTF-16 in byte order `to` (copy, swap, repair).
    #[inline]
    pub fn utf16_to_utf16(
        &self,
        src: &[u8],
        dst: &mut [u8],
        from: Endian,
        to: Endian,
        mode: Mode,
    ) -> Result<usize, TranscodeError> {
        call!(self, utf16_to_utf16(src, dst, from, to, mode))
    }

    /// UTF-16 in byte order `from` -> UTF-32 in byte order `to`.
    #[inline]
    pub fn utf16_to_utf32(
        &self,
        src: &[u8],
        dst: &mut [u8],
        from: Endian,
        to: Endian,
        mode: Mode,
    ) -> Result<usize, TranscodeError> {
        call!(self, utf16_to_utf32(src, dst, from, to, mode))
    }

    /// UTF-16 in byte order `from` -> Latin-1.
    #[inline]
    pub fn utf16_to_latin1(
        &self,
        src: &[u8],
        dst: &mut [u8],
        from: Endian,
        mode: Mode,
    ) -> Result<usize, TranscodeError> {
        call!(self, utf16_to_latin1(src, dst, from, Endian::NATIVE, mode))
    }

    /// UTF-32 in byte order `from` -> UTF-8.
    #[inline]
    pub fn utf32_to_utf8(
        &self,
        src: &[u8],
        dst: &mut [u8],
        from: Endian,
        mode: Mode,
    ) -> Result<usize, TranscodeError> {
        call!(self, utf32_to_utf8(src, dst, from, Endian::NATIVE, mode))
    }

    /// UTF-32 in byte order `from` -> UTF-16 in byte order `to`.
    #[inline]
    pub fn utf32_to_utf16(
        &self,
        src: &[u8],
        dst: &mut [u8],
        from: Endian,
        to: Endian,
        mode: Mode,
    ) -> Result<usize, TranscodeError> {
        call!(self, utf32_to_utf16(src, dst, from, to, mode))
    }

    /// UTF-32 in byte order `from` -> UTF-32 in byte order `to` (copy, swap, repair).
    #[inline]
    pub fn utf32_to_utf32(
        &self,
        src: &[u8],
        dst: &mut [u8],
        from: Endian,
        to: Endian,
        mode: Mode,
    ) -> Result<usize, TranscodeError> {
        call!(self, utf32_to_utf32(src, dst, from, to, mode))
    }

    /// UTF-32 in byte order `from` -> Latin-1.
    #[inline]
    pub fn utf32_to_latin1(
        &self,
        src: &[u8],
        dst: &mut [u8],
        from: Endian,
        mode: Mode,
    ) -> Result<usize, TranscodeError> {
        call!(self, utf32_to_latin1(src, dst, from, Endian::NATIVE, mode))
    }

    /// Latin-1 -> UTF-8 (Latin-1 is always valid: the only error is a full `dst`).
    #[inline]
    pub fn latin1_to_utf8(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
        call!(
            self,
            latin1_to_utf8(src, dst, Endian::NATIVE, Endian::NATIVE, Mode::Strict)
        )
    }

    /// Latin-1 -> UTF-16 in byte order `to`.
    #[inline]
    pub fn latin1_to_utf16(
        &self,
        src: &[u8],
        dst: &mut [u8],
        to: Endian,
    ) -> Result<usize, TranscodeError> {
        call!(
            self,
            latin1_to_utf16(src, dst, Endian::NATIVE, to, Mode::Strict)
        )
    }

    /// Latin-1 -> UTF-32 in byte order `to`.
    #[inline]
    pub fn latin1_to_utf32(
        &self,
        src: &[u8],
        dst: &mut [u8],
        to: Endian,
    ) -> Result<usize, TranscodeError> {
        call!(
            self,
            latin1_to_utf32(src, dst, Endian::NATIVE, to, Mode::Strict)
        )
    }

    /// Code points in valid UTF-8.
    #[inline]
    pub fn count_utf8(&self, src: &[u8]) -> usize {
        call!(self, count_utf8(src))
    }

    /// Code points in valid UTF-16 bytes of byte order `e`.
    #[inline]
    pub fn count_utf16(&self, src: &[u8], e: Endian) -> usize {
        call!(self, count_utf16(src, e))
    }

    /// UTF-16 units of the conversion of valid UTF-8.
    #[inline]
    pub fn utf16_len_from_utf8(&self, src: &[u8]) -> usize {
        call!(self, utf16_len_from_utf8(src))
    }

    /// UTF-8 bytes of the conversion of valid UTF-16 bytes of byte order `e`.
    #[inline]
    pub fn utf8_len_from_utf16(&self, src: &[u8], e: Endian) -> usize {
        call!(self, utf8_len_from_utf16(src, e))
    }

    /// UTF-8 bytes of the conversion of valid UTF-32 bytes of byte order `e`.
    #[inline]
    pub fn utf8_len_from_utf32(&self, src: &[u8], e: Endian) -> usize {
        call!(self, utf8_len_from_utf32(src, e))
    }

    /// UTF-16 units of the conversion of valid UTF-32 bytes of byte order `e`.
    #[inline]
    pub fn utf16_len_from_utf32(&self, src: &[u8], e: Endian) -> usize {
        call!(self, utf16_len_from_utf32(src, e))
    }

    /// UTF-8 bytes of the conversion of Latin-1.
    #[inline]
    pub fn utf8_len_from_latin1(&self, src: &[u8]) -> usize {
        call!(self, utf8_len_from_latin1(src))
    }
}

fn copy_latin1(
    src: &[u8],
    dst: &mut [u8],
    _: Endian,
    _: Endian,
    _: Mode,
) -> Result<usize, TranscodeError> {
    utfast_scalar::transcode::transcode(src, dst, Encoding::Latin1, Encoding::Latin1, Mode::Strict)
}

/// The scalar kernel's table: the reference, and what every SIMD entry calls for
/// inputs shorter than [`SHORT_INPUT`](crate::SHORT_INPUT) (a constant, so those
/// calls are direct).
pub(crate) const SCALAR_OPS: Ops = {
    use utfast_scalar::{len, transcode as t, utf16, utf32, utf8};
    Ops {
        validate_utf8: utf8::validate_utf8,
        is_utf8: utf8::is_utf8,
        is_ascii: utf8::is_ascii,
        validate_utf16: utf16::validate_utf16_bytes,
        validate_utf32: utf32::validate_utf32_bytes,
        utf8_to_utf16: |s, d, _, e, m| t::utf8_to_utf16(s, d, e, m),
        utf8_to_utf32: |s, d, _, e, m| t::utf8_to_utf32(s, d, e, m),
        utf8_to_latin1: |s, d, _, _, m| t::utf8_to_latin1(s, d, m),
        utf8_to_utf8: |s, d, _, _, m| t::utf8_to_utf8(s, d, m),
        utf16_to_utf8: |s, d, e, _, m| t::utf16_to_utf8(s, d, e, m),
        utf16_to_utf16: t::utf16_to_utf16,
        utf16_to_utf32: t::utf16_to_utf32,
        utf16_to_latin1: |s, d, e, _, m| t::utf16_to_latin1(s, d, e, m),
        utf32_to_utf8: |s, d, e, _, m| t::utf32_to_utf8(s, d, e, m),
        utf32_to_utf16: t::utf32_to_utf16,
        utf32_to_utf32: t::utf32_to_utf32,
        utf32_to_latin1: |s, d, e, _, m| t::utf32_to_latin1(s, d, e, m),
        latin1_to_utf8: |s, d, _, _, _| t::latin1_to_utf8(s, d),
        latin1_to_utf16: |s, d, _, e, _| t::latin1_to_utf16(s, d, e),
        latin1_to_utf32: |s, d, _, e, _| t::latin1_to_utf32(s, d, e),
        count_utf8: len::count_utf8,
        count_utf16: len::count_utf16,
        utf16_len_from_utf8: len::utf16_len_from_utf8,
        utf8_len_from_utf16: len::utf8_len_from_utf16,
        utf8_len_from_utf32: len::utf8_len_from_utf32,
        utf16_len_from_utf32: len::utf16_len_from_utf32,
        utf8_len_from_latin1: len::utf8_len_from_latin1,
        // WTF-8, CESU-8, MUTF-8
        validate_wtf8: utfast_scalar::wtf8::validate_wtf8,
        validate_cesu8: utfast_scalar::cesu8::validate_cesu8,
        validate_mutf8: utfast_scalar::cesu8::validate_mutf8,
        wtf8_to_utf16: |s, d, _, e, m| utfast_scalar::wtf8::wtf8_to_utf16(s, d, e, m),
        wtf8_to_utf8: |s, d, _, _, m| utfast_scalar::wtf8::wtf8_to_utf8(s, d, m),
        utf16_to_wtf8: |s, d, e, _, m| utfast_scalar::wtf8::utf16_to_wtf8(s, d, e, m),
        cesu8_to_utf16: |s, d, _, e, m| utfast_scalar::cesu8::cesu8_to_utf16(s, d, e, m, false),
        cesu8_to_utf8: |s, d, _, _, m| utfast_scalar::cesu8::cesu8_to_utf8(s, d, m, false),
        utf16_to_cesu8: |s, d, e, _, m| utfast_scalar::cesu8::utf16_to_cesu8(s, d, e, m, false),
        utf8_to_cesu8: |s, d, _, _, m| utfast_scalar::cesu8::utf8_to_cesu8(s, d, m, false),
        mutf8_to_utf16: |s, d, _, e, m| utfast_scalar::cesu8::cesu8_to_utf16(s, d, e, m, true),
        mutf8_to_utf8: |s, d, _, _, m| utfast_scalar::cesu8::cesu8_to_utf8(s, d, m, true),
        utf16_to_mutf8: |s, d, e, _, m| utfast_scalar::cesu8::utf16_to_cesu8(s, d, e, m, true),
        utf8_to_mutf8: |s, d, _, _, m| utfast_scalar::cesu8::utf8_to_cesu8(s, d, m, true),
    }
};

/// The portable reference kernel (always available).
// SAFETY: every function of the scalar table is safe Rust, so it runs on any CPU.
pub static SCALAR: Kernel = unsafe { Kernel::new("scalar", SCALAR_OPS) };

/// Defines `static $kernel: Kernel` for one instruction set: every operation is a
/// `#[target_feature(enable = $features)]` function (so the whole loop is compiled
/// with the features and every `Vector` method inlines) that sends inputs shorter
/// than [`SHORT_INPUT`](crate::SHORT_INPUT) to the scalar table and calls the
/// generic algorithm named in the table below otherwise: one hop from the table to
/// the algorithm.
///
/// `$W` is the ISA's widest vector (validation, the unit-oriented block loops), `$V`
/// its 16-byte vector (the UTF-8 transcoders' windows and 16-byte shuffles), `$H`
/// its hooks (`crate::generic::hooks`): whole-block fast paths of its own that plug
/// into the generic loops.
///
/// The invoking module must keep `$kernel` private and hand it out only after
/// detecting `$features` (the `SAFETY` argument of [`Kernel::new`] here).
macro_rules! simd_kernel {
    (static $kernel:ident = $name:literal, features $features:literal,
     W = $W:ty, V = $V:ty, H = $H:ty;) => {
        $crate::kernel::simd_kernel!(@table $kernel, $name, $features;
            validate_utf8(src: &[u8]) -> Result<(), utfast_scalar::Utf8Error>
                = crate::generic::utf8_validate::validate_utf8::<$W>;
            is_utf8(src: &[u8]) -> bool
                = crate::generic::utf8_validate::is_utf8::<$W>;
            is_ascii(src: &[u8]) -> bool
                = crate::generic::ascii::is_ascii::<$W>;
            validate_utf16(src: &[u8], e: utfast_scalar::Endian)
                -> Result<(), utfast_scalar::Utf16Error>
                = crate::generic::utf16::validate_utf16::<$W>;
            validate_utf32(src: &[u8], e: utfast_scalar::Endian)
                -> Result<(), utfast_scalar::Utf32Error>
                = crate::generic::utf32::validate_utf32::<$W>;
            utf8_to_utf16 @transcode = crate::generic::utf8_decode::utf8_to_utf16::<$W, $V, $H>;
            utf8_to_utf32 @transcode = crate::generic::utf8_decode::utf8_to_utf32::<$W, $V, $H>;
            utf8_to_latin1 @transcode = crate::generic::utf8_latin1::utf8_to_latin1::<$V>;
            utf8_to_utf8 @transcode = crate::generic::utf8_utf8::utf8_to_utf8::<$W>;
            utf16_to_utf8 @transcode = crate::generic::utf8_encode::utf16_to_utf8::<$W, $H>;
            utf16_to_utf16 @transcode = crate::generic::swap::utf16_to_utf16::<$W>;
            utf16_to_utf32 @transcode = crate::generic::utf16::utf16_to_utf32::<$W, $V>;
            utf16_to_latin1 @transcode = crate::generic::utf16::utf16_to_latin1::<$W>;
            utf32_to_utf8 @transcode = crate::generic::utf8_encode::utf32_to_utf8::<$W, $H>;
            utf32_to_utf16 @transcode = crate::generic::utf32::utf32_to_utf16::<$W, $V>;
            utf32_to_utf32 @transcode = crate::generic::swap::utf32_to_utf32::<$W>;
            utf32_to_latin1 @transcode = crate::generic::utf32::utf32_to_latin1::<$W>;
            latin1_to_utf8 @transcode = crate::generic::latin1::latin1_to_utf8::<$V>;
            latin1_to_utf16 @transcode = crate::generic::latin1::latin1_to_utf16::<$W>;
            latin1_to_utf32 @transcode = crate::generic::latin1::latin1_to_utf32::<$W>;
            count_utf8(src: &[u8]) -> usize = crate::generic::lengths::count_utf8::<$W>;
            count_utf16(src: &[u8], e: utfast_scalar::Endian) -> usize
                = crate::generic::lengths::count_utf16::<$W>;
            utf16_len_from_utf8(src: &[u8]) -> usize
                = crate::generic::lengths::utf16_len_from_utf8::<$W>;
            utf8_len_from_utf16(src: &[u8], e: utfast_scalar::Endian) -> usize
                = crate::generic::lengths::utf8_len_from_utf16::<$W>;
            utf8_len_from_utf32(src: &[u8], e: utfast_scalar::Endian) -> usize
                = crate::generic::lengths::utf8_len_from_utf32::<$W>;
            utf16_len_from_utf32(src: &[u8], e: utfast_scalar::Endian) -> usize
                = crate::generic::lengths::utf16_len_from_utf32::<$W>;
            utf8_len_from_latin1(src: &[u8]) -> usize
                = crate::generic::lengths::utf8_len_from_latin1::<$W>;
            // WTF-8, CESU-8, MUTF-8
            validate_wtf8(src: &[u8]) -> Result<(), utfast_scalar::Utf8Error>
                = crate::generic::wtf8::validate_wtf8::<$W>;
            validate_cesu8(src: &[u8]) -> Result<(), utfast_scalar::Utf8Error>
                = crate::generic::wtf8::validate_cesu8::<$W>;
            validate_mutf8(src: &[u8]) -> Result<(), utfast_scalar::Utf8Error>
                = crate::generic::wtf8::validate_mutf8::<$W>;
            wtf8_to_utf16 @transcode = crate::generic::wtf8::wtf8_to_utf16::<$W, $V, $H>;
            wtf8_to_utf8 @transcode = crate::generic::wtf8::wtf8_to_utf8::<$W>;
            utf16_to_wtf8 @transcode = crate::generic::wtf8::utf16_to_wtf8::<$W, $H>;
            cesu8_to_utf16 @transcode = crate::generic::wtf8::cesu8_to_utf16::<$W, $V, $H, false>;
            cesu8_to_utf8 @transcode = crate::generic::wtf8::cesu8_to_utf8::<$W, false>;
            utf16_to_cesu8 @transcode = crate::generic::wtf8::utf16_to_cesu8::<$W, $H, false>;
            utf8_to_cesu8 @transcode = crate::generic::wtf8::utf8_to_cesu8::<$W, false>;
            mutf8_to_utf16 @transcode = crate::generic::wtf8::cesu8_to_utf16::<$W, $V, $H, true>;
            mutf8_to_utf8 @transcode = crate::generic::wtf8::cesu8_to_utf8::<$W, true>;
            utf16_to_mutf8 @transcode = crate::generic::wtf8::utf16_to_cesu8::<$W, $H, true>;
            utf8_to_mutf8 @transcode = crate::generic::wtf8::utf8_to_cesu8::<$W, true>;
        );
    };
    (@table $kernel:ident, $name:literal, $features:literal;
     $($op:ident $(@$transcode:ident)? $(($($a:ident: $t:ty),*) -> $r:ty)? = $f:path;)*) => {
        static $kernel: $crate::kernel::Kernel = {
            $(
                $crate::kernel::simd_kernel!(@fn $op, $features, $f,
                    $(@$transcode)? $(($($a: $t),*) -> $r)?);
            )*
            // SAFETY: the invoking module keeps this static private and hands it out
            // only after detecting `$features` (see `simd_kernel!`).
            unsafe { $crate::kernel::Kernel::new($name, $crate::kernel::Ops { $($op),* }) }
        };
    };
    (@fn $op:ident, $features:literal, $f:path, @transcode) => {
        $crate::kernel::simd_kernel!(@fn $op, $features, $f,
            (src: &[u8], dst: &mut [u8], from: utfast_scalar::Endian,
             to: utfast_scalar::Endian, mode: utfast_scalar::Mode)
                -> Result<usize, utfast_scalar::TranscodeError>);
    };
    (@fn $op:ident, $features:literal, $f:path,
     ($src:ident: $st:ty $(, $a:ident: $t:ty)*) -> $r:ty) => {
        /// The table entry: short inputs to the scalar table, the rest to the
        /// `#[target_feature]` instantiation, which stays a function of its own
        /// (a target-feature function is not inlined into one without the
        /// features), so the hot loop is compiled apart from the scalar path, as
        /// measured fastest. Only reachable through the kernel's table (an item of
        /// the static's initializer).
        ///
        /// # Safety
        /// The CPU supports `$features`.
        unsafe fn $op($src: $st $(, $a: $t)*) -> $r {
            #[target_feature(enable = $features)]
            fn simd($src: $st $(, $a: $t)*) -> $r {
                // SAFETY: this function is compiled with the ISA's features, and
                // the generic algorithm's other preconditions are its arguments'
                // types.
                unsafe { $f($src $(, $a)*) }
            }
            if $src.len() < $crate::SHORT_INPUT {
                // SAFETY: the scalar table's functions are safe Rust.
                return unsafe { ($crate::kernel::SCALAR_OPS.$op)($src $(, $a)*) };
            }
            // SAFETY: the CPU supports `$features` (this function's contract).
            unsafe { simd($src $(, $a)*) }
        }
    };
}
pub(crate) use simd_kernel;
