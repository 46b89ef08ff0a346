//! The one place in the facade with `unsafe` code: turning bytes that were *just*
//! validated as UTF-8 into `&str`, `&mut str` or `String` without validating again.
//!
//! Why it exists: the safe constructors (`core::str::from_utf8`, `String::from_utf8`)
//! validate their input themselves, so `from_utf8` would validate twice (once with the
//! SIMD kernel, once with std) and lose the speed it exists for. There is no safe
//! zero-cost way to build a `&str` from bytes.
//!
//! Why it is sound: every function here takes a witness that the bytes were validated
//! by this crate's [`crate::is_utf8`] / [`crate::validate_utf8`] immediately before;
//! the callers live in this crate and are a few lines each. If a kernel were ever
//! wrong, the scalar validator would still be the same on every input (the kernels are
//! tested bit-identical to it); no transcoder output is trusted without validation.
#![allow(unsafe_code)]

/// `src` after `crate::validate_utf8(src)` returned `Ok`, or the prefix
/// `src[..e.valid_up_to()]` of bytes for which it returned `Err(e)` (valid by the
/// definition of `valid_up_to`).
#[inline]
pub(crate) fn str_from_validated(src: &[u8]) -> &str {
    debug_assert!(core::str::from_utf8(src).is_ok());
    // SAFETY: every caller passes bytes for which `crate::validate_utf8`/`is_utf8`
    // returned success right before (see the module docs).
    unsafe { core::str::from_utf8_unchecked(src) }
}

/// `src` after `crate::validate_utf8(src)` returned `Ok`.
#[inline]
pub(crate) fn str_from_validated_mut(src: &mut [u8]) -> &mut str {
    debug_assert!(core::str::from_utf8(src).is_ok());
    // SAFETY: as in `str_from_validated`: the caller validated `src` right before.
    unsafe { core::str::from_utf8_unchecked_mut(src) }
}

/// Turns transcoder output into a `String`, validating it with the active kernel
/// (never trusting the transcoder). Invalid output is a bug in a kernel: it panics
/// rather than creating an invalid `String`.
#[cfg(feature = "alloc")]
pub(crate) fn string_from_output(bytes: alloc::vec::Vec<u8>) -> alloc::string::String {
    assert!(
        crate::is_utf8(&bytes),
        "utfast bug: a transcoder produced invalid UTF-8"
    );
    // SAFETY: `is_utf8(&bytes)` was checked just above.
    unsafe { alloc::string::String::from_utf8_unchecked(bytes) }
}

/// `bytes` after `crate::validate_utf8(&bytes)` or `crate::is_utf8(&bytes)` returned
/// success: the `Vec` becomes the `String` without a copy (the zero-copy owned
/// drop-ins, `string_from_utf8` and `string_from_utf8_lossy_owned`).
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn string_from_validated(bytes: alloc::vec::Vec<u8>) -> alloc::string::String {
    debug_assert!(core::str::from_utf8(&bytes).is_ok());
    // SAFETY: every caller validated `bytes` with this crate's validator right before
    // and did not change them since (see the module docs).
    unsafe { alloc::string::String::from_utf8_unchecked(bytes) }
}

/// An Arrow string array made of `offsets`, `values` and `nulls` without Arrow's own
/// validation (which would check the UTF-8 again, with std): the parts are validated
/// here, with [`crate::validate_utf8_offsets`], right before the unchecked constructor,
/// so no caller can pass parts that were not checked.
#[cfg(feature = "arrow")]
pub(crate) fn string_array_from_parts<O>(
    offsets: arrow_buffer::OffsetBuffer<O>,
    values: arrow_buffer::Buffer,
    nulls: Option<arrow_buffer::NullBuffer>,
) -> Result<arrow_array::GenericStringArray<O>, crate::OffsetsError>
where
    O: arrow_array::OffsetSizeTrait + crate::Offset,
{
    crate::validate_utf8_offsets(values.as_slice(), offsets.as_ref())?;
    if let Some(nulls) = &nulls {
        assert_eq!(
            nulls.len(),
            offsets.len() - 1,
            "a null buffer of the array's length"
        );
    }
    // SAFETY: `GenericStringArray::new_unchecked` is safe when `try_new` would not
    // fail. `try_new` checks (1) that the offsets (non-empty, non-decreasing and
    // non-negative by `OffsetBuffer`'s own invariant) end within `values`, that
    // `values[first..last]` is UTF-8 and that every offset is a character boundary of
    // it: `validate_utf8_offsets` just accepted exactly that (its tests compare it with
    // Arrow's validation); and (2) that `nulls` has one bit per string: asserted above.
    Ok(unsafe { arrow_array::GenericStringArray::new_unchecked(offsets, values, nulls) })
}
