//! WTF-8, CESU-8 and Java's Modified UTF-8: validation with the active kernel, and the
//! cut-character rule of the streaming [`Transcoder`](crate::Transcoder).
//!
//! The rules, error kinds and positions are those of `utfast_scalar::wtf8` (see the
//! README section "WTF-8, CESU-8 and Modified UTF-8"). Conversions go through
//! [`transcode`](crate::transcode) and friends with [`Encoding::Wtf8`],
//! [`Encoding::Cesu8`] and [`Encoding::Mutf8`].

use crate::kernel::active;
use utfast_scalar::wtf8::Flavor;
use utfast_scalar::{Encoding, Mode, TranscodeError, Utf8Error};

/// Validates WTF-8: UTF-8 plus lone surrogates (`ED A0..BF ..`); a lead surrogate
/// followed by a trail surrogate is [`ErrorKind::Surrogate`](crate::ErrorKind) at
/// the lead (the pair must be one 4-byte sequence). Positions as [`Utf8Error`].
///
/// ```
/// assert!(utfast::validate_wtf8(b"a\xED\xB0\x80").is_ok());
/// let e = utfast::validate_wtf8(b"\xED\xA0\x80\xED\xB0\x80").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.error_len()), (0, Some(3)));
/// ```
pub fn validate_wtf8(src: &[u8]) -> Result<(), Utf8Error> {
    active().validate_wtf8(src)
}

/// Validates CESU-8: no 4-byte sequences, surrogates only in lead+trail pairs.
///
/// ```
/// assert!(utfast::validate_cesu8(b"\xED\xA0\xBD\xED\xB8\x80").is_ok());
/// assert!(utfast::validate_cesu8("😀".as_bytes()).is_err());
/// ```
pub fn validate_cesu8(src: &[u8]) -> Result<(), Utf8Error> {
    active().validate_cesu8(src)
}

/// Validates Java's Modified UTF-8: CESU-8 with U+0000 as `C0 80`; a `00` byte is
/// an error.
///
/// ```
/// assert!(utfast::validate_mutf8(b"a\xC0\x80").is_ok());
/// assert_eq!(utfast::validate_mutf8(b"a\x00").unwrap_err().valid_up_to(), 1);
/// ```
pub fn validate_mutf8(src: &[u8]) -> Result<(), Utf8Error> {
    active().validate_mutf8(src)
}

/// Converts native-endian 16-bit units (a Windows wide string, a JavaScript
/// string: UTF-16 that may hold lone surrogates) to WTF-8, losslessly.
///
/// Returns the bytes written. Every sequence of units is valid, so the only error
/// is a `dst` that is too small (`OutputTooSmall`, positions in units of `src` and
/// bytes of `dst`); `3 * src.len()` bytes always suffice.
///
/// ```
/// let wide = [0x68u16, 0xD800, 0xD83D, 0xDE00]; // 'h', a lone surrogate, U+1F600
/// let mut dst = [0u8; 12];
/// let n = utfast::utf16_to_wtf8(&wide, &mut dst)?;
/// assert_eq!(&dst[..n], b"h\xED\xA0\x80\xF0\x9F\x98\x80");
/// assert!(utfast::utf16_to_wtf8(&wide, &mut dst[..2]).unwrap_err().is_output_too_small());
/// # Ok::<(), utfast::TranscodeError>(())
/// ```
pub fn utf16_to_wtf8(src: &[u16], dst: &mut [u8]) -> Result<usize, TranscodeError> {
    crate::native::run(
        (Encoding::UTF16_NATIVE, Encoding::Wtf8),
        src,
        dst,
        Mode::Strict,
    )
}

/// Converts WTF-8 to native-endian 16-bit units, losslessly (a lone surrogate
/// becomes a lone unit): the inverse of [`utf16_to_wtf8`].
///
/// Returns the units written; `src.len()` units always suffice. Errors
/// ([`TranscodeError`], positions in bytes of `src` and units of `dst`): ill-formed
/// WTF-8 (as [`validate_wtf8`]) or `OutputTooSmall`.
///
/// ```
/// let mut dst = [0u16; 8];
/// let n = utfast::wtf8_to_utf16(b"h\xED\xA0\x80\xF0\x9F\x98\x80", &mut dst)?;
/// assert_eq!(dst[..n], [0x68, 0xD800, 0xD83D, 0xDE00]);
/// let e = utfast::wtf8_to_utf16(b"h\xFF", &mut dst).unwrap_err();
/// assert_eq!((e.valid_up_to(), e.written()), (1, 1));
/// # Ok::<(), utfast::TranscodeError>(())
/// ```
pub fn wtf8_to_utf16(src: &[u8], dst: &mut [u16]) -> Result<usize, TranscodeError> {
    crate::native::run(
        (Encoding::Wtf8, Encoding::UTF16_NATIVE),
        src,
        dst,
        Mode::Strict,
    )
}

/// The flavor of a WTF-8/CESU-8/MUTF-8 encoding.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))] // used by the streams
pub(crate) fn flavor(e: Encoding) -> Option<Flavor> {
    match e {
        Encoding::Wtf8 => Some(Flavor::Wtf8),
        Encoding::Cesu8 => Some(Flavor::Cesu8),
        Encoding::Mutf8 => Some(Flavor::Mutf8),
        _ => None,
    }
}

/// `incomplete_suffix_len` for WTF-8, CESU-8 and MUTF-8 (0..=5): a cut sequence as
/// in UTF-8 (with surrogate sequences, `C0` for MUTF-8, no 4-byte leads for CESU-8
/// and MUTF-8), or a whole lead surrogate sequence with 0..=2 bytes of a trail after
/// it (the next bytes decide whether it pairs, which is an error in WTF-8 and
/// required in CESU-8).
#[cfg_attr(not(feature = "alloc"), allow(dead_code))] // used by the streams
pub(crate) fn incomplete_suffix_len(src: &[u8], f: Flavor) -> usize {
    let n = src.len();
    let cont = |b: u8| b & 0xC0 == 0x80;
    for cut in 0..=2 {
        if n < 3 + cut {
            break;
        }
        let s = &src[n - 3 - cut..];
        let lead = s[0] == 0xED && (0xA0..=0xAF).contains(&s[1]) && cont(s[2]);
        let trail_start = match cut {
            0 => true,
            1 => s[3] == 0xED,
            _ => s[3] == 0xED && (0xB0..=0xBF).contains(&s[4]),
        };
        if lead && trail_start {
            return 3 + cut;
        }
    }
    let four = f == Flavor::Wtf8;
    for i in 1..=n.min(3) {
        let b = src[n - i];
        if cont(b) {
            continue;
        }
        let (need, lo, hi) = match b {
            0xC0 if f == Flavor::Mutf8 => (2, 0x80, 0x80),
            0xC2..=0xDF => (2, 0x80, 0xBF),
            0xE0 => (3, 0xA0, 0xBF),
            0xE1..=0xEF => (3, 0x80, 0xBF),
            0xF0 if four => (4, 0x90, 0xBF),
            0xF1..=0xF3 if four => (4, 0x80, 0xBF),
            0xF4 if four => (4, 0x80, 0x8F),
            _ => return 0,
        };
        if need <= i || (i >= 2 && !(lo..=hi).contains(&src[n - i + 1])) {
            return 0;
        }
        return i;
    }
    0
}
