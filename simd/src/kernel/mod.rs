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
//!
//! The operations are listed once (`operations!` in `operations.rs`): the table
//! type, the safe methods, the scalar table and every kernel's entries
//! (`simd_kernel!` in `table.rs`) are made from that list.

mod operations;
mod table;

pub(crate) use operations::{entry_type, kernel_items, operations};
pub(crate) use table::simd_kernel;
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_imports))]
pub(crate) use table::{impls_array, with_impl};

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

operations!(kernel_items { ops });

/// One instruction set's implementation of every operation (`"scalar"`, `"sse42"`,
/// `"avx2"`, `"avx512"`, `"avx512-vbmi2"`, `"neon"`).
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
            // Code pages
            _ if CodePage::of(from).is_some() || CodePage::of(to).is_some() => {
                return self.transcode_codepage(src, dst, from, to, mode);
            }
            // `Encoding` is `#[non_exhaustive]`: an encoding added to utfast-scalar
            // runs on the scalar reference until a kernel has it.
            _ => return utfast_scalar::transcode::transcode(src, dst, from, to, mode),
        };
        // SAFETY: as in the methods (see `kernel_items!`).
        unsafe { f(src, dst, fe, te, mode) }
    }

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
        // SAFETY: as in the methods (see `kernel_items!`).
        unsafe { f(src, dst, cp, e, mode) }
    }
}

operations!(kernel_items { methods });

fn copy_latin1(
    src: &[u8],
    dst: &mut [u8],
    _: Endian,
    _: Endian,
    _: Mode,
) -> Result<usize, TranscodeError> {
    utfast_scalar::transcode::transcode(src, dst, Encoding::Latin1, Encoding::Latin1, Mode::Strict)
}

operations!(kernel_items { scalar });

/// The portable reference kernel (always available).
// SAFETY: every function of the scalar table is safe Rust, so it runs on any CPU.
pub static SCALAR: Kernel = unsafe { Kernel::new("scalar", SCALAR_OPS, SCALAR_IMPLS) };

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
