//! The [`Kernel`] table: one safe function pointer per operation.
//!
//! All operations are byte-oriented (see `utfast_scalar`'s conventions): positions
//! and lengths in bytes, except the `*_len_*`/`count_*` functions, which return
//! units of the output form (UTF-16 units, code points, ...).

use utfast_scalar::{Encoding, Endian, Mode, TranscodeError, Utf16Error, Utf32Error, Utf8Error};

/// A transcoder: `(src, dst, src_endian, dst_endian, mode) -> bytes written`.
/// Endian arguments are ignored for forms without a byte order (UTF-8, Latin-1).
pub type TranscodeFn = fn(&[u8], &mut [u8], Endian, Endian, Mode) -> Result<usize, TranscodeError>;

/// A table of implementations of every operation for one instruction set.
///
/// Every kernel produces results identical to the scalar kernel (outputs, error
/// kinds, positions). The function pointers are safe to call: a kernel is only
/// handed out after the CPU features it needs were detected.
#[derive(Debug)]
pub struct Kernel {
    /// `"scalar"`, `"sse42"`, `"avx2"`, `"avx512"` or `"neon"`.
    pub name: &'static str,
    /// UTF-8 validation with the exact `core::str::Utf8Error`.
    pub validate_utf8: fn(&[u8]) -> Result<(), Utf8Error>,
    /// UTF-8 validation without position.
    pub is_utf8: fn(&[u8]) -> bool,
    /// Whether all bytes are below 0x80.
    pub is_ascii: fn(&[u8]) -> bool,
    /// UTF-16 validation of bytes in the given order (`valid_up_to` in bytes).
    pub validate_utf16: fn(&[u8], Endian) -> Result<(), Utf16Error>,
    /// UTF-32 validation of bytes in the given order (`valid_up_to` in bytes).
    pub validate_utf32: fn(&[u8], Endian) -> Result<(), Utf32Error>,

    /// UTF-8 -> UTF-16 (dst endian).
    pub utf8_to_utf16: TranscodeFn,
    /// UTF-8 -> UTF-32 (dst endian).
    pub utf8_to_utf32: TranscodeFn,
    /// UTF-8 -> Latin-1.
    pub utf8_to_latin1: TranscodeFn,
    /// UTF-8 -> UTF-8 (validated copy or lossy repair).
    pub utf8_to_utf8: TranscodeFn,
    /// UTF-16 (src endian) -> UTF-8.
    pub utf16_to_utf8: TranscodeFn,
    /// UTF-16 -> UTF-16 (byte swap, validated copy or repair).
    pub utf16_to_utf16: TranscodeFn,
    /// UTF-16 -> UTF-32.
    pub utf16_to_utf32: TranscodeFn,
    /// UTF-16 -> Latin-1.
    pub utf16_to_latin1: TranscodeFn,
    /// UTF-32 -> UTF-8.
    pub utf32_to_utf8: TranscodeFn,
    /// UTF-32 -> UTF-16.
    pub utf32_to_utf16: TranscodeFn,
    /// UTF-32 -> UTF-32.
    pub utf32_to_utf32: TranscodeFn,
    /// UTF-32 -> Latin-1.
    pub utf32_to_latin1: TranscodeFn,
    /// Latin-1 -> UTF-8 (mode ignored: Latin-1 is always valid).
    pub latin1_to_utf8: TranscodeFn,
    /// Latin-1 -> UTF-16 (dst endian).
    pub latin1_to_utf16: TranscodeFn,
    /// Latin-1 -> UTF-32 (dst endian).
    pub latin1_to_utf32: TranscodeFn,

    /// Code points in valid UTF-8.
    pub count_utf8: fn(&[u8]) -> usize,
    /// Code points in valid UTF-16 bytes.
    pub count_utf16: fn(&[u8], Endian) -> usize,
    /// UTF-16 units for valid UTF-8.
    pub utf16_len_from_utf8: fn(&[u8]) -> usize,
    /// UTF-8 bytes for valid UTF-16 bytes.
    pub utf8_len_from_utf16: fn(&[u8], Endian) -> usize,
    /// UTF-8 bytes for valid UTF-32 bytes.
    pub utf8_len_from_utf32: fn(&[u8], Endian) -> usize,
    /// UTF-16 units for valid UTF-32 bytes.
    pub utf16_len_from_utf32: fn(&[u8], Endian) -> usize,
    /// UTF-8 bytes for Latin-1.
    pub utf8_len_from_latin1: fn(&[u8]) -> usize,
}

impl Kernel {
    /// The kernel's name (`"scalar"`, `"sse42"`, `"avx2"`, `"avx512"`, `"neon"`).
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The transcoder for a pair of encodings (same-encoding pairs validate, repair or copy).
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
        let f: TranscodeFn = match (from, to) {
            (Utf8, Utf8) => self.utf8_to_utf8,
            (Utf8, Utf16Le | Utf16Be) => self.utf8_to_utf16,
            (Utf8, Utf32Le | Utf32Be) => self.utf8_to_utf32,
            (Utf8, Latin1) => self.utf8_to_latin1,
            (Utf16Le | Utf16Be, Utf8) => self.utf16_to_utf8,
            (Utf16Le | Utf16Be, Utf16Le | Utf16Be) => self.utf16_to_utf16,
            (Utf16Le | Utf16Be, Utf32Le | Utf32Be) => self.utf16_to_utf32,
            (Utf16Le | Utf16Be, Latin1) => self.utf16_to_latin1,
            (Utf32Le | Utf32Be, Utf8) => self.utf32_to_utf8,
            (Utf32Le | Utf32Be, Utf16Le | Utf16Be) => self.utf32_to_utf16,
            (Utf32Le | Utf32Be, Utf32Le | Utf32Be) => self.utf32_to_utf32,
            (Utf32Le | Utf32Be, Latin1) => self.utf32_to_latin1,
            (Latin1, Utf8) => self.latin1_to_utf8,
            (Latin1, Utf16Le | Utf16Be) => self.latin1_to_utf16,
            (Latin1, Utf32Le | Utf32Be) => self.latin1_to_utf32,
            (Latin1, Latin1) => copy_latin1,
        };
        f(src, dst, fe, te, mode)
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

/// The portable reference kernel (always available).
pub static SCALAR: Kernel = SCALAR_TABLE;

/// The scalar kernel's table as a constant, so SIMD kernels can take every entry
/// they do not accelerate from it (`Kernel { name: "...", ..SCALAR_TABLE }`).
pub const SCALAR_TABLE: Kernel = {
    use utfast_scalar::{len, transcode as t, utf16, utf32, utf8};
    Kernel {
        name: "scalar",
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
    }
};
