//! Apache Arrow string columns (feature `arrow`): binary columns turned into string
//! columns without copying their values, and whole columns transcoded to UTF-8.
//!
//! - [`binary_to_string_array`] / [`large_binary_to_string_array`]: a `Binary`
//!   (`LargeBinary`) column whose rows are UTF-8 becomes a `Utf8` (`LargeUtf8`) column
//!   with the same offsets, values and null buffers, after one
//!   [`validate_utf8_offsets`](crate::validate_utf8_offsets) (Arrow's own rule:
//!   the bytes of null rows are validated too).
//! - [`transcode_array`] / [`transcode_large_array`]: a column in any supported
//!   encoding (UTF-16, UTF-32, Latin-1, KOI8-R, windows-1251, IBM866, WTF-8, CESU-8,
//!   MUTF-8, UTF-8 itself) becomes a new UTF-8 column, allocated once at its exact size.
//!
//! ```
//! use arrow_array::{Array, BinaryArray};
//! let rows: Vec<Option<&[u8]>> = vec![Some(b"\xcf\xf0\xe8\xe2\xe5\xf2"), None, Some(b"ok")];
//! let column = BinaryArray::from(rows); // windows-1251
//! let text = utfast::arrow::transcode_array(&column, utfast::Encoding::Windows1251, utfast::Mode::Strict)?;
//! assert_eq!(text.value(0), "Привет");
//! assert!(text.is_null(1));
//! # Ok::<(), utfast::arrow::TranscodeArrayError>(())
//! ```

use crate::unchecked::string_array_from_parts;
use crate::{Encoding, Mode, Offset, OffsetsError, TranscodeError};
use alloc::vec::Vec;
use arrow_array::{
    Array, BinaryArray, GenericBinaryArray, GenericStringArray, LargeBinaryArray, LargeStringArray,
    OffsetSizeTrait, StringArray,
};
use arrow_buffer::{Buffer, OffsetBuffer, ScalarBuffer};
use core::fmt;

mod lengths;

/// A `Binary` column whose rows are UTF-8 as a `Utf8` column, with the same buffers
/// (the values are not copied), nulls kept.
///
/// Valid exactly when Arrow's `StringArray::try_new` would accept the parts, which
/// validates the whole span of the offsets, the bytes of null rows included; the check
/// is [`validate_utf8_offsets`](crate::validate_utf8_offsets), one SIMD pass.
///
/// Errors: the [`OffsetsError`] of the first row that is not UTF-8 (or that a
/// character boundary splits). The column is consumed: clone it first (the buffers
/// are shared, not copied) to keep it on error.
///
/// ```
/// use arrow_array::{Array, BinaryArray};
/// let column = BinaryArray::from(vec![Some("héllo".as_bytes()), None, Some(b"world")]);
/// let values = column.values().clone();
/// let strings = utfast::arrow::binary_to_string_array(column)?;
/// assert_eq!(strings.value(0), "héllo");
/// assert!(strings.is_null(1));
/// assert_eq!(strings.values().as_ptr(), values.as_ptr()); // the same buffer
///
/// let bad = BinaryArray::from(vec![b"ok".as_slice(), b"\xFF"]);
/// let e = utfast::arrow::binary_to_string_array(bad).unwrap_err();
/// assert_eq!(e.index(), 1);
/// # Ok::<(), utfast::OffsetsError>(())
/// ```
pub fn binary_to_string_array(array: BinaryArray) -> Result<StringArray, OffsetsError> {
    binary_to_string(array)
}

/// [`binary_to_string_array`] for `LargeBinary` columns (`i64` offsets): a
/// `LargeUtf8` column with the same buffers.
///
/// ```
/// use arrow_array::LargeBinaryArray;
/// let column = LargeBinaryArray::from(vec!["日本".as_bytes(), b"", b"ok"]);
/// let strings = utfast::arrow::large_binary_to_string_array(column)?;
/// assert_eq!(strings.value(0), "日本");
/// # Ok::<(), utfast::OffsetsError>(())
/// ```
pub fn large_binary_to_string_array(
    array: LargeBinaryArray,
) -> Result<LargeStringArray, OffsetsError> {
    binary_to_string(array)
}

fn binary_to_string<O: OffsetSizeTrait + Offset>(
    array: GenericBinaryArray<O>,
) -> Result<GenericStringArray<O>, OffsetsError> {
    let (offsets, values, nulls) = array.into_parts();
    string_array_from_parts(offsets, values, nulls)
}

/// Why [`transcode_array`] failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum TranscodeArrayError {
    /// Row `row` is not valid in the source encoding (strict mode). The error's
    /// positions count bytes of that row (`error.valid_up_to()` is the first bad
    /// byte, relative to the row's start).
    Row {
        /// The index of the row.
        row: usize,
        /// What is wrong, as [`transcode`](crate::transcode) reports it.
        error: TranscodeError,
    },
    /// The UTF-8 column would have more bytes than its offset type addresses
    /// (`i32::MAX` for a `StringArray`).
    OffsetOverflow,
}

impl fmt::Display for TranscodeArrayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TranscodeArrayError::Row { row, error } => write!(f, "row {row}: {error}"),
            TranscodeArrayError::OffsetOverflow => {
                f.write_str("the UTF-8 values do not fit the array's offset type")
            }
        }
    }
}

impl core::error::Error for TranscodeArrayError {}

/// A `Binary` column of text in `from` as a new UTF-8 `Utf8` column, nulls kept.
///
/// How: for the single-byte encodings (Latin-1, KOI8-R, windows-1251, IBM866), where
/// every byte is one character, the UTF-8 offsets follow from the input's by one
/// count over the values, eight bytes at a time, then the whole values buffer is
/// converted in one call. For the others,
/// each row's exact length (its lossy length, which is its strict one when it is
/// valid) is counted, then the rows are converted one after the other into the one
/// output buffer. Either way the output is allocated once at its exact size, and
/// validated once more as a string array before it becomes one (no transcoder
/// output is trusted unchecked).
///
/// Null rows become empty strings (their bytes are not decoded), except with the
/// single-byte encodings, whose every byte decodes: there the whole buffer converts
/// at once and a null row keeps the conversion of its bytes (not visible through
/// Arrow's API, like any null row's bytes).
///
/// Errors: in strict mode, the first row that is not valid in `from` (a UTF-16 or
/// UTF-32 row of a length that is not a multiple of the unit, an unpaired surrogate,
/// ...), with the error's position in bytes of that row; lossy mode replaces each
/// ill-formed sequence with U+FFFD per row, as [`transcode`](crate::transcode) does,
/// and cannot fail but for [`TranscodeArrayError::OffsetOverflow`].
/// [`Mode::Valid`] converts as lossy for the encodings of more than one byte per
/// character (the exact sizes come from the lossy lengths), so it never panics on
/// input that breaks its promise.
///
/// ```
/// use arrow_array::BinaryArray;
/// use utfast::{arrow::TranscodeArrayError, Encoding, Mode};
/// let column = BinaryArray::from(vec![b"h\x00i\x00".as_slice(), b"\x3D\xD8\x00\xDE", b"!\x00"]);
/// let text = utfast::arrow::transcode_array(&column, Encoding::Utf16Le, Mode::Strict)?;
/// assert_eq!((text.value(0), text.value(1), text.value(2)), ("hi", "😀", "!"));
///
/// let odd = BinaryArray::from(vec![b"h\x00".as_slice(), b"i\x00!"]);
/// let e = utfast::arrow::transcode_array(&odd, Encoding::Utf16Le, Mode::Strict).unwrap_err();
/// let TranscodeArrayError::Row { row, error } = e else { panic!() };
/// assert_eq!((row, error.valid_up_to()), (1, 2)); // row 1, its byte 2
/// let lossy = utfast::arrow::transcode_array(&odd, Encoding::Utf16Le, Mode::Lossy)?;
/// assert_eq!(lossy.value(1), "i\u{FFFD}");
/// # Ok::<(), TranscodeArrayError>(())
/// ```
pub fn transcode_array(
    array: &BinaryArray,
    from: Encoding,
    mode: Mode,
) -> Result<StringArray, TranscodeArrayError> {
    transcode_generic(array, from, mode)
}

/// [`transcode_array`] for `LargeBinary` columns: a `LargeUtf8` column.
///
/// ```
/// use arrow_array::LargeBinaryArray;
/// use utfast::{Encoding, Mode};
/// let column = LargeBinaryArray::from(vec![b"caf\xE9".as_slice()]);
/// let text = utfast::arrow::transcode_large_array(&column, Encoding::Latin1, Mode::Strict)?;
/// assert_eq!(text.value(0), "café");
/// # Ok::<(), utfast::arrow::TranscodeArrayError>(())
/// ```
pub fn transcode_large_array(
    array: &LargeBinaryArray,
    from: Encoding,
    mode: Mode,
) -> Result<LargeStringArray, TranscodeArrayError> {
    transcode_generic(array, from, mode)
}

/// The UTF-8 counter of an encoding of one byte per character where every byte
/// decodes (Latin-1, the code pages without undefined bytes); `None` for the others,
/// which go row by row (an undefined byte is an error of its row).
fn single_byte(from: Encoding) -> Option<lengths::Counter> {
    match from {
        Encoding::Latin1 => lengths::Counter::new(char::from),
        _ => crate::CodePage::of(from)
            .filter(|cp| cp.is_total())
            .and_then(|cp| lengths::Counter::new(move |b| cp.decode(b))),
    }
}

fn transcode_generic<O: OffsetSizeTrait + Offset>(
    array: &GenericBinaryArray<O>,
    from: Encoding,
    mode: Mode,
) -> Result<GenericStringArray<O>, TranscodeArrayError> {
    let offsets = array.value_offsets();
    let values = array.values().as_slice();
    let offset = |total: usize| O::from_usize(total).ok_or(TranscodeArrayError::OffsetOverflow);
    let mut out_offsets: Vec<O> = Vec::with_capacity(offsets.len());
    let out = if let Some(counter) = single_byte(from) {
        let total = counter.offsets(values, offsets, &mut out_offsets);
        let total = usize::try_from(total).map_err(|_| TranscodeArrayError::OffsetOverflow)?;
        offset(total)?;
        let (first, last) = (offsets[0].as_usize(), offsets[offsets.len() - 1].as_usize());
        let mut out = alloc::vec![0u8; total];
        // Every byte decodes, and the lengths come from the same table.
        let n = crate::transcode(
            &values[first..last],
            &mut out,
            from,
            Encoding::Utf8,
            Mode::Strict,
        )
        .expect("utfast bug: a single-byte encoding with a byte that does not decode");
        assert_eq!(n, total, "utfast bug: a code page's UTF-8 lengths");
        out
    } else {
        let rows = || {
            offsets
                .windows(2)
                .enumerate()
                .map(|(i, w)| (i, &values[w[0].as_usize()..w[1].as_usize()]))
                .map(|(i, row)| {
                    if array.is_null(i) {
                        (i, &row[..0])
                    } else {
                        (i, row)
                    }
                })
        };
        let mut total = 0usize;
        out_offsets.push(O::usize_as(0));
        for (_, row) in rows() {
            total += crate::lossy_output_len(row, from, Encoding::Utf8);
            out_offsets.push(offset(total)?);
        }
        // Trusted-valid conversion of rows that are not valid would write less than
        // the counted length; lossy writes exactly that and costs the same on valid rows.
        let mode = if mode == Mode::Valid {
            Mode::Lossy
        } else {
            mode
        };
        let mut out = alloc::vec![0u8; total];
        let mut at = 0;
        for (i, row) in rows() {
            let end = out_offsets[i + 1].as_usize();
            let n = crate::transcode(row, &mut out[at..end], from, Encoding::Utf8, mode)
                .map_err(|error| TranscodeArrayError::Row { row: i, error })?;
            assert_eq!(
                at + n,
                end,
                "utfast bug: a lossy length and its conversion differ"
            );
            at = end;
        }
        out
    };
    let offsets = OffsetBuffer::new(ScalarBuffer::from(out_offsets));
    let values = Buffer::from_vec(out);
    Ok(
        string_array_from_parts(offsets, values, array.nulls().cloned())
            .expect("utfast bug: a transcoder produced invalid UTF-8"),
    )
}
