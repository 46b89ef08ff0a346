//! The [`Kernel`]: one instruction set's implementation of every operation.
//!
//! All operations are byte-oriented (see `utfast_scalar`'s conventions): positions
//! and lengths in bytes, except the `*_len_*`/`count_*` functions, which return
//! units of the output form (UTF-16 units, code points, ...). Each method has exactly
//! the contract and the results of the `utfast_scalar` function of the same name.
//!
//! # Safe by construction
//!
//! A kernel's table (`Ops`) holds `unsafe fn` pointers: a SIMD entry may only run
//! on a CPU with its instruction set. The only way to make a `Kernel` is the
//! `unsafe` `Kernel::new`, whose contract is exactly that: every `Kernel` that safe
//! code can reach runs on this CPU. Each ISA module keeps its `Kernel` in a private
//! `static` and hands it out only after detection (see `simd_kernel!`), so the safe
//! methods below may call the table's functions. The fields are private and the type
//! is `#[non_exhaustive]`, so adding an operation breaks nobody.

use utfast_scalar::{
    CodePage, Encoding, Endian, Mode, TranscodeError, Utf16Error, Utf32Error, Utf8Error,
};

/// A transcoder entry: `(src, dst, src_endian, dst_endian, mode) -> bytes written`.
/// Endian arguments are ignored for forms without a byte order (UTF-8, Latin-1).
pub(crate) type TranscodeFn =
    unsafe fn(&[u8], &mut [u8], Endian, Endian, Mode) -> Result<usize, TranscodeError>;

// Cyrillic code pages
/// A code page entry: `(src, dst, code page, byte order of the UTF-16/UTF-32 side,
/// mode) -> bytes written` (the byte order is ignored for UTF-8).
pub(crate) type CodePageFn =
    unsafe fn(&[u8], &mut [u8], CodePage, Endian, Mode) -> Result<usize, TranscodeError>;

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
    // Cyrillic code pages
    pub(crate) codepage_to_utf8: CodePageFn,
    pub(crate) codepage_to_utf16: CodePageFn,
    pub(crate) codepage_to_utf32: CodePageFn,
    pub(crate) utf8_to_codepage: CodePageFn,
    pub(crate) utf16_to_codepage: CodePageFn,
    pub(crate) utf32_to_codepage: CodePageFn,
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
    impls: &'static [(&'static str, &'static str)],
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
    /// `impls` names the implementation of every operation, in the order of
    /// [`SCALAR_IMPLS`] (see [`Kernel::implementations`]).
    pub(crate) const unsafe fn new(
        name: &'static str,
        ops: Ops,
        impls: &'static [(&'static str, &'static str)],
    ) -> Kernel {
        Kernel { name, ops, impls }
    }

    /// The kernel's name (`"scalar"`, `"sse42"`, `"avx2"`, `"avx512"`,
    /// `"avx512-vbmi2"`, `"neon"`).
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The implementation that runs operation `op` (a method name of `Kernel`, such
    /// as `"utf8_to_utf16"`) in this kernel, or `None` for an unknown name.
    ///
    /// A kernel may take some operations from another one: the avx512 tiers run the
    /// avx2 kernel's code for every operation they have no 512-bit code for. The
    /// names are:
    ///
    /// | name | code |
    /// |---|---|
    /// | `"avx512-vbmi2"` | AVX-512 code of its own that needs VBMI/VBMI2 (`x86_64/avx512/`) |
    /// | `"avx512"` | 512-bit vectors, AVX-512 F/BW (the generic algorithm at 512 bits) |
    /// | `"avx2"` | the avx2 kernel's entry (256-bit vectors and its block code) |
    /// | `"sse42"` | the generic algorithm with 128-bit SSE vectors |
    /// | `"neon"` | the generic algorithm with 128-bit NEON vectors |
    /// | `"scalar"` | `utfast_scalar` |
    ///
    /// Inputs shorter than [`SHORT_INPUT`](crate::SHORT_INPUT) always run the scalar
    /// code.
    ///
    /// ```
    /// let k = utfast_simd::active();
    /// assert!(k.implementation("utf8_to_utf16").is_some());
    /// assert_eq!(utfast_simd::SCALAR.implementation("is_utf8"), Some("scalar"));
    /// assert_eq!(k.implementation("no_such_operation"), None);
    /// ```
    pub fn implementation(&self, op: &str) -> Option<&'static str> {
        self.impls.iter().find(|(o, _)| *o == op).map(|&(_, i)| i)
    }

    /// Every operation of the kernel with its implementation (see
    /// [`Kernel::implementation`]), in a fixed order.
    pub fn implementations(&self) -> impl Iterator<Item = (&'static str, &'static str)> {
        self.impls.iter().copied()
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
            // Cyrillic code pages
            (Koi8R | Windows1251 | Ibm866, _) | (_, Koi8R | Windows1251 | Ibm866) => {
                return self.transcode_codepage(src, dst, from, to, mode);
            }
            // `Encoding` is `#[non_exhaustive]`: an encoding added to utfast-scalar
            // runs on the scalar reference until a kernel has it.
            _ => return utfast_scalar::transcode::transcode(src, dst, from, to, mode),
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

    // Cyrillic code pages

    /// [`Kernel::transcode`] for the pairs with a code page: the kernel's entries for
    /// a code page and UTF-8/16/32, the scalar code for the others (a code page and
    /// Latin-1 or another code page).
    fn transcode_codepage(
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
        let (f, cp, e): (CodePageFn, CodePage, Endian) =
            match (CodePage::of(from), CodePage::of(to)) {
                (Some(cp), None) => match to {
                    Utf8 => (o.codepage_to_utf8, cp, te),
                    Utf16Le | Utf16Be => (o.codepage_to_utf16, cp, te),
                    Utf32Le | Utf32Be => (o.codepage_to_utf32, cp, te),
                    _ => return utfast_scalar::transcode::transcode(src, dst, from, to, mode),
                },
                (None, Some(cp)) => match from {
                    Utf8 => (o.utf8_to_codepage, cp, fe),
                    Utf16Le | Utf16Be => (o.utf16_to_codepage, cp, fe),
                    Utf32Le | Utf32Be => (o.utf32_to_codepage, cp, fe),
                    _ => return utfast_scalar::transcode::transcode(src, dst, from, to, mode),
                },
                _ => return utfast_scalar::transcode::transcode(src, dst, from, to, mode),
            };
        // SAFETY: as in `call!`.
        unsafe { f(src, dst, cp, e, mode) }
    }

    /// Code page `cp` -> UTF-8 (every byte is a character: the only error is a full
    /// `dst`).
    #[inline]
    pub fn codepage_to_utf8(
        &self,
        src: &[u8],
        dst: &mut [u8],
        cp: CodePage,
    ) -> Result<usize, TranscodeError> {
        call!(
            self,
            codepage_to_utf8(src, dst, cp, Endian::NATIVE, Mode::Strict)
        )
    }

    /// Code page `cp` -> UTF-16 in byte order `to`.
    #[inline]
    pub fn codepage_to_utf16(
        &self,
        src: &[u8],
        dst: &mut [u8],
        cp: CodePage,
        to: Endian,
    ) -> Result<usize, TranscodeError> {
        call!(self, codepage_to_utf16(src, dst, cp, to, Mode::Strict))
    }

    /// Code page `cp` -> UTF-32 in byte order `to`.
    #[inline]
    pub fn codepage_to_utf32(
        &self,
        src: &[u8],
        dst: &mut [u8],
        cp: CodePage,
        to: Endian,
    ) -> Result<usize, TranscodeError> {
        call!(self, codepage_to_utf32(src, dst, cp, to, Mode::Strict))
    }

    /// UTF-8 -> code page `cp` (`NotInCodePage` for a character it lacks, strict).
    #[inline]
    pub fn utf8_to_codepage(
        &self,
        src: &[u8],
        dst: &mut [u8],
        cp: CodePage,
        mode: Mode,
    ) -> Result<usize, TranscodeError> {
        call!(self, utf8_to_codepage(src, dst, cp, Endian::NATIVE, mode))
    }

    /// UTF-16 in byte order `from` -> code page `cp`.
    #[inline]
    pub fn utf16_to_codepage(
        &self,
        src: &[u8],
        dst: &mut [u8],
        cp: CodePage,
        from: Endian,
        mode: Mode,
    ) -> Result<usize, TranscodeError> {
        call!(self, utf16_to_codepage(src, dst, cp, from, mode))
    }

    /// UTF-32 in byte order `from` -> code page `cp`.
    #[inline]
    pub fn utf32_to_codepage(
        &self,
        src: &[u8],
        dst: &mut [u8],
        cp: CodePage,
        from: Endian,
        mode: Mode,
    ) -> Result<usize, TranscodeError> {
        call!(self, utf32_to_codepage(src, dst, cp, from, mode))
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
        // Cyrillic code pages
        codepage_to_utf8: |s, d, c, _, _| utfast_scalar::codepage::codepage_to_utf8(s, d, c),
        codepage_to_utf16: |s, d, c, e, _| utfast_scalar::codepage::codepage_to_utf16(s, d, c, e),
        codepage_to_utf32: |s, d, c, e, _| utfast_scalar::codepage::codepage_to_utf32(s, d, c, e),
        utf8_to_codepage: |s, d, c, _, m| utfast_scalar::codepage::utf8_to_codepage(s, d, c, m),
        utf16_to_codepage: utfast_scalar::codepage::utf16_to_codepage,
        utf32_to_codepage: utfast_scalar::codepage::utf32_to_codepage,
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

/// `(operation, "scalar")` for every operation of [`Ops`], in the order of
/// [`simd_kernel!`]'s list (a test checks that every kernel lists the same
/// operations in the same order).
pub(crate) const SCALAR_IMPLS: &[(&str, &str)] = {
    macro_rules! scalar {
        ($($op:ident),* $(,)?) => {
            &[$((stringify!($op), "scalar")),*]
        };
    }
    scalar![
        validate_utf8,
        is_utf8,
        is_ascii,
        validate_utf16,
        validate_utf32,
        utf8_to_utf16,
        utf8_to_utf32,
        utf8_to_latin1,
        utf8_to_utf8,
        utf16_to_utf8,
        utf16_to_utf16,
        utf16_to_utf32,
        utf16_to_latin1,
        utf32_to_utf8,
        utf32_to_utf16,
        utf32_to_utf32,
        utf32_to_latin1,
        latin1_to_utf8,
        latin1_to_utf16,
        latin1_to_utf32,
        count_utf8,
        count_utf16,
        utf16_len_from_utf8,
        utf8_len_from_utf16,
        utf8_len_from_utf32,
        utf16_len_from_utf32,
        utf8_len_from_latin1,
        // Cyrillic code pages
        codepage_to_utf8,
        codepage_to_utf16,
        codepage_to_utf32,
        utf8_to_codepage,
        utf16_to_codepage,
        utf32_to_codepage,
        // WTF-8, CESU-8, MUTF-8
        validate_wtf8,
        validate_cesu8,
        validate_mutf8,
        wtf8_to_utf16,
        wtf8_to_utf8,
        utf16_to_wtf8,
        cesu8_to_utf16,
        cesu8_to_utf8,
        utf16_to_cesu8,
        utf8_to_cesu8,
        mutf8_to_utf16,
        mutf8_to_utf8,
        utf16_to_mutf8,
        utf8_to_mutf8,
    ]
};

/// The portable reference kernel (always available).
// SAFETY: every function of the scalar table is safe Rust, so it runs on any CPU.
pub static SCALAR: Kernel = unsafe { Kernel::new("scalar", SCALAR_OPS, SCALAR_IMPLS) };

/// `impls` with the implementation of `op` replaced by `imp` (`const`, for the
/// tables of [`simd_kernel!`]); fails to compile (a panic in a `const`) when `op`
/// is not an operation.
// Used by the tables of x86-64 tiers built on another tier (avx512 on avx2).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) const fn with_impl<const N: usize>(
    mut impls: [(&'static str, &'static str); N],
    op: &'static str,
    imp: &'static str,
) -> [(&'static str, &'static str); N] {
    let mut i = 0;
    while i < N {
        if str_eq(impls[i].0, op) {
            impls[i].1 = imp;
            return impls;
        }
        i += 1;
    }
    panic!("simd_kernel!: not an operation")
}

/// `impls` (a kernel's table of names, of length `N`) as an array.
// Used by the tables of x86-64 tiers built on another tier (avx512 on avx2).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) const fn impls_array<const N: usize>(
    impls: &[(&'static str, &'static str)],
) -> [(&'static str, &'static str); N] {
    assert!(
        impls.len() == N,
        "simd_kernel!: tables of different lengths"
    );
    let mut t = [("", ""); N];
    let mut i = 0;
    while i < N {
        t[i] = impls[i];
        i += 1;
    }
    t
}

// Used by the tables of x86-64 tiers built on another tier (avx512 on avx2).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Defines one instruction set's kernel: `static $kernel: Kernel`, and the
/// `pub(crate) const OPS: Ops` and `pub(crate) const IMPLS` of its table (which a
/// later tier may take entries from).
///
/// ```text
/// simd_kernel! {
///     static KERNEL = "avx2", features "avx2,popcnt", implementation "avx2",
///     W = __m256i, V = __m128i, H = Avx2;
/// }
/// ```
///
/// makes every operation a `#[target_feature(enable = $features)]` function (so the
/// whole loop is compiled with the features and every `Vector` method inlines) that
/// sends inputs shorter than [`SHORT_INPUT`](crate::SHORT_INPUT) to the scalar table
/// and calls the generic algorithm named in the list below otherwise: one hop from
/// the table to the algorithm. `$W` is the ISA's widest vector (validation, the
/// unit-oriented block loops), `$V` its 16-byte vector (the UTF-8 transcoders'
/// windows and 16-byte shuffles), `$H` its hooks (`crate::generic::hooks`).
/// `implementation` names these entries (see [`Kernel::implementation`]).
///
/// A kernel can instead start from another kernel's table and replace entries:
///
/// ```text
/// simd_kernel! {
///     static KERNEL = "avx512", features "...", implementation "avx512",
///     W = Zmm, V = __m128i, H = NoHooks;
///     base crate::x86_64::avx2;                  // every entry not named below
///     generic [validate_utf8, is_utf8];          // the list's algorithm at W, V, H
///     own [utf8_to_utf16 = path as "avx512-vbmi2"]; // transcoders of its own
/// }
/// ```
///
/// The base's entries keep their own functions and names. The invoking module must
/// keep `$kernel` private and hand it out only after detecting `$features` (and,
/// with a base, the base's features): the `SAFETY` argument of [`Kernel::new`] here.
///
/// Adding an operation: one line in the list below (with its field in [`Ops`], its
/// method, and its entries in [`SCALAR_OPS`] and [`SCALAR_IMPLS`]).
macro_rules! simd_kernel {
    (static $kernel:ident = $name:literal, features $features:literal,
     implementation $imp:literal, W = $W:ty, V = $V:ty, H = $H:ty;
     $($rest:tt)*) => {
        $crate::kernel::simd_kernel!(@table [$kernel, $name, $features, $imp] [$($rest)*];
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
            utf8_to_latin1 @transcode = crate::generic::utf8_latin1::utf8_to_latin1::<$W, $V>;
            utf8_to_utf8 @transcode = crate::generic::utf8_utf8::utf8_to_utf8::<$W>;
            utf16_to_utf8 @transcode = crate::generic::utf8_encode::utf16_to_utf8::<$W, $H>;
            utf16_to_utf16 @transcode = crate::generic::swap::utf16_to_utf16::<$W, $H>;
            utf16_to_utf32 @transcode = crate::generic::utf16::utf16_to_utf32::<$W, $V>;
            utf16_to_latin1 @transcode = crate::generic::utf16::utf16_to_latin1::<$W>;
            utf32_to_utf8 @transcode = crate::generic::utf8_encode::utf32_to_utf8::<$W, $H>;
            utf32_to_utf16 @transcode = crate::generic::utf32::utf32_to_utf16::<$W, $V>;
            utf32_to_utf32 @transcode = crate::generic::swap::utf32_to_utf32::<$W, $H>;
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
            // Cyrillic code pages
            codepage_to_utf8 @codepage = crate::generic::codepage::codepage_to_utf8::<$W, $H>;
            codepage_to_utf16 @codepage = crate::generic::codepage::codepage_to_units::<$W, false>;
            codepage_to_utf32 @codepage = crate::generic::codepage::codepage_to_units::<$W, true>;
            utf8_to_codepage @codepage = crate::generic::codepage::utf8_to_codepage::<$V>;
            utf16_to_codepage @codepage = crate::generic::codepage::utf16_to_codepage::<$W>;
            utf32_to_codepage @codepage = crate::generic::codepage::utf32_to_codepage::<$W>;
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
    // Every entry from the list.
    (@table [$kernel:ident, $name:literal, $features:literal, $imp:literal] [];
     $($op:ident $(@$transcode:ident)? $(($($a:ident: $t:ty),*) -> $r:ty)? = $f:path;)*) => {
        /// The kernel's table (see `simd_kernel!`).
        #[allow(dead_code)]
        pub(crate) const OPS: $crate::kernel::Ops = {
            $(
                $crate::kernel::simd_kernel!(@fn $op, $features, $f,
                    $(@$transcode)? $(($($a: $t),*) -> $r)?);
            )*
            $crate::kernel::Ops { $($op),* }
        };
        /// The implementation of every entry (see `Kernel::implementation`).
        #[allow(dead_code)]
        pub(crate) const IMPLS: &[(&str, &str)] = &[$((stringify!($op), $imp)),*];
        static $kernel: $crate::kernel::Kernel = {
            // SAFETY: the invoking module keeps this static private and hands it
            // out only after detecting `$features` (see `simd_kernel!`).
            unsafe { $crate::kernel::Kernel::new($name, OPS, IMPLS) }
        };
    };
    // Entries from a base kernel, some replaced.
    (@table [$kernel:ident, $name:literal, $features:literal, $imp:literal]
     [base $base:path; generic [$($g:ident),* $(,)?];
      own [$($o:ident = $of:path as $oimp:literal),* $(,)?];];
     $($op:ident $(@$transcode:ident)? $(($($a:ident: $t:ty),*) -> $r:ty)? = $f:path;)*) => {
        /// The kernel's table (see `simd_kernel!`): the base's, with the entries
        /// named in the invocation replaced.
        #[allow(dead_code)]
        pub(crate) const OPS: $crate::kernel::Ops = {
            use $base as base;
            #[allow(dead_code)]
            const GENERIC: $crate::kernel::Ops = {
                $(
                    $crate::kernel::simd_kernel!(@fn $op, $features, $f,
                        $(@$transcode)? $(($($a: $t),*) -> $r)?);
                )*
                $crate::kernel::Ops { $($op),* }
            };
            $(
                $crate::kernel::simd_kernel!(@fn $o, $features, $of, @transcode);
            )*
            $crate::kernel::Ops { $($g: GENERIC.$g,)* $($o,)* ..base::OPS }
        };
        /// The implementation of every entry (see `Kernel::implementation`).
        #[allow(dead_code)]
        pub(crate) const IMPLS: &[(&str, &str)] = {
            use $base as base;
            const N: usize = [$(stringify!($op)),*].len();
            #[allow(unused_mut)]
            let mut t = $crate::kernel::impls_array::<N>(base::IMPLS);
            $(t = $crate::kernel::with_impl(t, stringify!($g), $imp);)*
            $(t = $crate::kernel::with_impl(t, stringify!($o), $oimp);)*
            &{ t }
        };
        static $kernel: $crate::kernel::Kernel = {
            // SAFETY: the invoking module keeps this static private and hands it
            // out only after detecting `$features` and the base's features (see
            // `simd_kernel!`).
            unsafe { $crate::kernel::Kernel::new($name, OPS, IMPLS) }
        };
    };
    (@fn $op:ident, $features:literal, $f:path, @transcode) => {
        $crate::kernel::simd_kernel!(@fn $op, $features, $f,
            (src: &[u8], dst: &mut [u8], from: utfast_scalar::Endian,
             to: utfast_scalar::Endian, mode: utfast_scalar::Mode)
                -> Result<usize, utfast_scalar::TranscodeError>);
    };
    // Cyrillic code pages
    (@fn $op:ident, $features:literal, $f:path, @codepage) => {
        $crate::kernel::simd_kernel!(@fn $op, $features, $f,
            (src: &[u8], dst: &mut [u8], cp: utfast_scalar::CodePage,
             e: utfast_scalar::Endian, mode: utfast_scalar::Mode)
                -> Result<usize, utfast_scalar::TranscodeError>);
    };
    (@fn $op:ident, $features:literal, $f:path,
     ($src:ident: $st:ty $(, $a:ident: $t:ty)*) -> $r:ty) => {
        /// The table entry: short inputs to the scalar table, the rest to the
        /// `#[target_feature]` instantiation, which stays a function of its own
        /// (a target-feature function is not inlined into one without the
        /// features), so the hot loop is compiled apart from the scalar path, as
        /// measured fastest. Only reachable through the kernel's table (an item of
        /// the table's initializer).
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

#[cfg(test)]
mod tests {
    use super::SCALAR_IMPLS;

    /// Every kernel names the implementation of every operation, in the order of
    /// `SCALAR_IMPLS` (which must follow `simd_kernel!`'s list).
    #[test]
    fn every_kernel_names_every_operation() {
        for k in crate::available() {
            let ops: std::vec::Vec<_> = k.implementations().map(|(op, _)| op).collect();
            let want: std::vec::Vec<_> = SCALAR_IMPLS.iter().map(|&(op, _)| op).collect();
            assert_eq!(ops, want, "{}", k.name());
            for (op, imp) in k.implementations() {
                assert_eq!(k.implementation(op), Some(imp));
                assert!(!imp.is_empty());
            }
        }
        assert_eq!(
            crate::SCALAR.implementation("utf8_to_utf16"),
            Some("scalar")
        );
        assert_eq!(crate::SCALAR.implementation("nonsense"), None);
    }
}
