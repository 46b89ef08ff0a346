//! The one list of a kernel's operations ([`operations!`]) and the macros that turn
//! it into the table type ([`Ops`](super::Ops)), the safe methods of
//! [`Kernel`](super::Kernel) and the scalar table; `simd_kernel!` (in `table.rs`)
//! turns it into each kernel's entries.
//!
//! Adding an operation: one entry in the list (its method, its scalar function and
//! its generic algorithm), one line in `scripts/check-inlining.sh`.

/// Calls `$callback! { { $args } methods { entries } table_only { entries } }` with
/// every operation, in the order of the table (and of
/// [`Kernel::implementations`](super::Kernel::implementations)). An entry is
///
/// ```text
/// /// The method's documentation.
/// fn name(method parameters) -> result => [transcode | codepage] (the entry's arguments)
///     scalar <the scalar table's function>, generic <the generic algorithm>;
/// ```
///
/// The entry's arguments are the method's parameters, or with `transcode`
/// (`TranscodeFn`: `src, dst, from, to, mode`) and `codepage` (`CodePageFn`: `src,
/// dst, cp, e, mode`) the table's uniform signature, filled in from them. In the
/// generic algorithm's path `W`, `V` and `H` are the kernel's widest vector, its
/// 16-byte vector and its hooks (see `simd_kernel!`); in the scalar function,
/// `utf8`, `utf16`, `utf32`, `len`, `t` (`transcode`), `codepage`, `wtf8` and `cesu8`
/// are the modules of `utfast_scalar`. `table_only` operations have no method of
/// their own: [`Kernel::transcode`](super::Kernel::transcode) reaches them.
macro_rules! operations {
    ($callback:path { $($args:tt)* }) => {
        $callback! { { $($args)* }
        methods {
            /// UTF-8 validation with the exact `core::str::Utf8Error` positions.
            fn validate_utf8(src: &[u8]) -> Result<(), Utf8Error> => (src)
                scalar utf8::validate_utf8,
                generic $crate::generic::utf8_validate::validate_utf8::<W>;
            /// Whether `src` is valid UTF-8 (no position: the fastest check).
            fn is_utf8(src: &[u8]) -> bool => (src)
                scalar utf8::is_utf8,
                generic $crate::generic::utf8_validate::is_utf8::<W>;
            /// Whether every byte of `src` is below 0x80.
            fn is_ascii(src: &[u8]) -> bool => (src)
                scalar utf8::is_ascii,
                generic $crate::generic::ascii::is_ascii::<W>;
            /// The length of the ASCII prefix of `src` (the index of the first byte at or
            /// above 0x80, or `src.len()`).
            fn ascii_valid_up_to(src: &[u8]) -> usize => (src)
                scalar utf8::ascii_valid_up_to,
                generic $crate::generic::ascii::ascii_valid_up_to::<W>;
            /// Whether `offsets` (a string array's, `i32`) never decrease, the first is
            /// not negative, the last is at most `values.len()`, and none below
            /// `values.len()` points at a UTF-8 continuation byte: the offsets half of
            /// `utfast::validate_utf8_offsets` (`utfast_scalar::offsets::on_boundaries`).
            fn offsets_on_boundaries_i32(offsets: &[i32], values: &[u8]) -> bool => (offsets, values)
                scalar offsets::on_boundaries_i32,
                generic $crate::generic::offsets::on_boundaries_i32::<H>;
            /// [`offsets_on_boundaries_i32`](Self::offsets_on_boundaries_i32) for `i64`
            /// offsets.
            fn offsets_on_boundaries_i64(offsets: &[i64], values: &[u8]) -> bool => (offsets, values)
                scalar offsets::on_boundaries_i64,
                generic $crate::generic::offsets::on_boundaries_i64::<H>;
            /// The offsets of a string array in a single-byte encoding after its
            /// conversion to UTF-8 (`i32`): `out[k]` is the UTF-8 length of
            /// `values[offsets[0]..offsets[k]]`, a byte below 0x80 taking one byte, a high
            /// byte `b` three if bit `b - 0x80` of `three` is set, else two; wrapped to
            /// `i32` (the returned total, the last output, tells whether they fit). `None`
            /// when the offsets are negative, beyond `values` or decreasing, or `out` is
            /// not as long (`utfast_scalar::offsets::single_byte_offsets`).
            fn single_byte_offsets_i32(values: &[u8], offsets: &[i32], three: u128, out: &mut [i32])
                -> Option<u64> => (values, offsets, three, out)
                scalar offsets::single_byte_offsets_i32,
                generic $crate::generic::single_byte_offsets::single_byte_offsets_i32::<W>;
            /// [`single_byte_offsets_i32`](Self::single_byte_offsets_i32) for `i64`
            /// offsets.
            fn single_byte_offsets_i64(values: &[u8], offsets: &[i64], three: u128, out: &mut [i64])
                -> Option<u64> => (values, offsets, three, out)
                scalar offsets::single_byte_offsets_i64,
                generic $crate::generic::single_byte_offsets::single_byte_offsets_i64::<W>;
            /// UTF-16 validation of bytes in byte order `e` (`valid_up_to` in bytes).
            fn validate_utf16(src: &[u8], e: Endian) -> Result<(), Utf16Error> => (src, e)
                scalar utf16::validate_utf16_bytes,
                generic $crate::generic::utf16::validate_utf16::<W>;
            /// UTF-32 validation of bytes in byte order `e` (`valid_up_to` in bytes).
            fn validate_utf32(src: &[u8], e: Endian) -> Result<(), Utf32Error> => (src, e)
                scalar utf32::validate_utf32_bytes,
                generic $crate::generic::utf32::validate_utf32::<W>;
            /// The offset in bytes of the first unit at or above U+0080 of UTF-16 bytes
            /// in byte order `e` (whole units only: an odd final byte is not read).
            fn ascii_valid_up_to_utf16(src: &[u8], e: Endian) -> usize => (src, e)
                scalar utf16::ascii_valid_up_to_bytes,
                generic $crate::generic::ascii::ascii_valid_up_to_utf16::<W>;
            /// The offset in bytes of the first unit at or above U+0100 of UTF-16 bytes
            /// in byte order `e` (whole units only).
            fn latin1_valid_up_to_utf16(src: &[u8], e: Endian) -> usize => (src, e)
                scalar utf16::latin1_valid_up_to_bytes,
                generic $crate::generic::ascii::latin1_valid_up_to_utf16::<W>;
            /// The offset in bytes of the first unit at or above U+0080 of UTF-32 bytes
            /// in byte order `e` (whole units only).
            fn ascii_valid_up_to_utf32(src: &[u8], e: Endian) -> usize => (src, e)
                scalar utf32::ascii_valid_up_to_bytes,
                generic $crate::generic::ascii::ascii_valid_up_to_utf32::<W>;
            /// The offset in bytes of the first unit at or above U+0100 of UTF-32 bytes
            /// in byte order `e` (whole units only).
            fn latin1_valid_up_to_utf32(src: &[u8], e: Endian) -> usize => (src, e)
                scalar utf32::latin1_valid_up_to_bytes,
                generic $crate::generic::ascii::latin1_valid_up_to_utf32::<W>;
            /// Replaces every unpaired surrogate of the UTF-16 bytes `src` (byte order
            /// `e`) by U+FFFD in place and returns how many were replaced (an odd final
            /// byte is left as it is).
            fn make_well_formed_utf16(src: &mut [u8], e: Endian) -> usize => (src, e)
                scalar utf16::make_well_formed_bytes,
                generic $crate::generic::well_formed::make_well_formed_utf16::<W>;
            /// UTF-8 -> UTF-16 in byte order `to`.
            fn utf8_to_utf16(src: &[u8], dst: &mut [u8], to: Endian, mode: Mode)
                -> Result<usize, TranscodeError>
                => transcode(src, dst, Endian::NATIVE, to, mode)
                scalar |s, d, _, e, m| t::utf8_to_utf16(s, d, e, m),
                generic $crate::generic::utf8_decode::utf8_to_utf16::<W, V, H>;
            /// UTF-8 -> UTF-32 in byte order `to`.
            fn utf8_to_utf32(src: &[u8], dst: &mut [u8], to: Endian, mode: Mode)
                -> Result<usize, TranscodeError>
                => transcode(src, dst, Endian::NATIVE, to, mode)
                scalar |s, d, _, e, m| t::utf8_to_utf32(s, d, e, m),
                generic $crate::generic::utf8_decode::utf8_to_utf32::<W, V, H>;
            /// UTF-8 -> Latin-1.
            fn utf8_to_latin1(src: &[u8], dst: &mut [u8], mode: Mode)
                -> Result<usize, TranscodeError>
                => transcode(src, dst, Endian::NATIVE, Endian::NATIVE, mode)
                scalar |s, d, _, _, m| t::utf8_to_latin1(s, d, m),
                generic $crate::generic::utf8_latin1::utf8_to_latin1::<W, V>;
            /// UTF-8 -> UTF-8: a validated copy (strict, trusted-valid) or lossy repair.
            fn utf8_to_utf8(src: &[u8], dst: &mut [u8], mode: Mode)
                -> Result<usize, TranscodeError>
                => transcode(src, dst, Endian::NATIVE, Endian::NATIVE, mode)
                scalar |s, d, _, _, m| t::utf8_to_utf8(s, d, m),
                generic $crate::generic::utf8_utf8::utf8_to_utf8::<W>;
            /// UTF-16 in byte order `from` -> UTF-8.
            fn utf16_to_utf8(src: &[u8], dst: &mut [u8], from: Endian, mode: Mode)
                -> Result<usize, TranscodeError>
                => transcode(src, dst, from, Endian::NATIVE, mode)
                scalar |s, d, e, _, m| t::utf16_to_utf8(s, d, e, m),
                generic $crate::generic::utf8_encode::utf16_to_utf8::<W, H>;
            /// UTF-16 in byte order `from` -> UTF-16 in byte order `to` (copy, swap, repair).
            fn utf16_to_utf16(src: &[u8], dst: &mut [u8], from: Endian, to: Endian, mode: Mode)
                -> Result<usize, TranscodeError>
                => transcode(src, dst, from, to, mode)
                scalar t::utf16_to_utf16,
                generic $crate::generic::swap::utf16_to_utf16::<W, H>;
            /// UTF-16 in byte order `from` -> UTF-32 in byte order `to`.
            fn utf16_to_utf32(src: &[u8], dst: &mut [u8], from: Endian, to: Endian, mode: Mode)
                -> Result<usize, TranscodeError>
                => transcode(src, dst, from, to, mode)
                scalar t::utf16_to_utf32,
                generic $crate::generic::utf16::utf16_to_utf32::<W, V>;
            /// UTF-16 in byte order `from` -> Latin-1.
            fn utf16_to_latin1(src: &[u8], dst: &mut [u8], from: Endian, mode: Mode)
                -> Result<usize, TranscodeError>
                => transcode(src, dst, from, Endian::NATIVE, mode)
                scalar |s, d, e, _, m| t::utf16_to_latin1(s, d, e, m),
                generic $crate::generic::utf16::utf16_to_latin1::<W>;
            /// UTF-32 in byte order `from` -> UTF-8.
            fn utf32_to_utf8(src: &[u8], dst: &mut [u8], from: Endian, mode: Mode)
                -> Result<usize, TranscodeError>
                => transcode(src, dst, from, Endian::NATIVE, mode)
                scalar |s, d, e, _, m| t::utf32_to_utf8(s, d, e, m),
                generic $crate::generic::utf8_encode::utf32_to_utf8::<W, H>;
            /// UTF-32 in byte order `from` -> UTF-16 in byte order `to`.
            fn utf32_to_utf16(src: &[u8], dst: &mut [u8], from: Endian, to: Endian, mode: Mode)
                -> Result<usize, TranscodeError>
                => transcode(src, dst, from, to, mode)
                scalar t::utf32_to_utf16,
                generic $crate::generic::utf32::utf32_to_utf16::<W, V>;
            /// UTF-32 in byte order `from` -> UTF-32 in byte order `to` (copy, swap, repair).
            fn utf32_to_utf32(src: &[u8], dst: &mut [u8], from: Endian, to: Endian, mode: Mode)
                -> Result<usize, TranscodeError>
                => transcode(src, dst, from, to, mode)
                scalar t::utf32_to_utf32,
                generic $crate::generic::swap::utf32_to_utf32::<W, H>;
            /// UTF-32 in byte order `from` -> Latin-1.
            fn utf32_to_latin1(src: &[u8], dst: &mut [u8], from: Endian, mode: Mode)
                -> Result<usize, TranscodeError>
                => transcode(src, dst, from, Endian::NATIVE, mode)
                scalar |s, d, e, _, m| t::utf32_to_latin1(s, d, e, m),
                generic $crate::generic::utf32::utf32_to_latin1::<W>;
            /// Latin-1 -> UTF-8 (Latin-1 is always valid: the only error is a full `dst`).
            fn latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError>
                => transcode(src, dst, Endian::NATIVE, Endian::NATIVE, Mode::Strict)
                scalar |s, d, _, _, _| t::latin1_to_utf8(s, d),
                generic $crate::generic::latin1::latin1_to_utf8::<V>;
            /// Latin-1 -> UTF-16 in byte order `to`.
            fn latin1_to_utf16(src: &[u8], dst: &mut [u8], to: Endian)
                -> Result<usize, TranscodeError>
                => transcode(src, dst, Endian::NATIVE, to, Mode::Strict)
                scalar |s, d, _, e, _| t::latin1_to_utf16(s, d, e),
                generic $crate::generic::latin1::latin1_to_utf16::<W>;
            /// Latin-1 -> UTF-32 in byte order `to`.
            fn latin1_to_utf32(src: &[u8], dst: &mut [u8], to: Endian)
                -> Result<usize, TranscodeError>
                => transcode(src, dst, Endian::NATIVE, to, Mode::Strict)
                scalar |s, d, _, e, _| t::latin1_to_utf32(s, d, e),
                generic $crate::generic::latin1::latin1_to_utf32::<W>;
            /// Code points in valid UTF-8.
            fn count_utf8(src: &[u8]) -> usize => (src)
                scalar len::count_utf8,
                generic $crate::generic::lengths::count_utf8::<W>;
            /// Code points in valid UTF-16 bytes of byte order `e`.
            fn count_utf16(src: &[u8], e: Endian) -> usize => (src, e)
                scalar len::count_utf16,
                generic $crate::generic::lengths::count_utf16::<W>;
            /// UTF-16 units of the conversion of valid UTF-8.
            fn utf16_len_from_utf8(src: &[u8]) -> usize => (src)
                scalar len::utf16_len_from_utf8,
                generic $crate::generic::lengths::utf16_len_from_utf8::<W>;
            /// UTF-8 bytes of the conversion of valid UTF-16 bytes of byte order `e`.
            fn utf8_len_from_utf16(src: &[u8], e: Endian) -> usize => (src, e)
                scalar len::utf8_len_from_utf16,
                generic $crate::generic::lengths::utf8_len_from_utf16::<W>;
            /// UTF-8 bytes of the conversion of valid UTF-32 bytes of byte order `e`.
            fn utf8_len_from_utf32(src: &[u8], e: Endian) -> usize => (src, e)
                scalar len::utf8_len_from_utf32,
                generic $crate::generic::lengths::utf8_len_from_utf32::<W>;
            /// UTF-16 units of the conversion of valid UTF-32 bytes of byte order `e`.
            fn utf16_len_from_utf32(src: &[u8], e: Endian) -> usize => (src, e)
                scalar len::utf16_len_from_utf32,
                generic $crate::generic::lengths::utf16_len_from_utf32::<W>;
            /// UTF-8 bytes of the conversion of Latin-1.
            fn utf8_len_from_latin1(src: &[u8]) -> usize => (src)
                scalar len::utf8_len_from_latin1,
                generic $crate::generic::lengths::utf8_len_from_latin1::<W>;
            // Code pages
            /// Code page `cp` -> UTF-8 (an undefined byte: `UndefinedByte` in strict
            /// mode, U+FFFD otherwise).
            fn codepage_to_utf8(src: &[u8], dst: &mut [u8], cp: CodePage, mode: Mode)
                -> Result<usize, TranscodeError>
                => codepage(src, dst, cp, Endian::NATIVE, mode)
                scalar |s, d, c, _, m| codepage::codepage_to_utf8(s, d, c, m),
                generic $crate::generic::codepage::codepage_to_utf8::<W, H>;
            /// Code page `cp` -> UTF-16 in byte order `to`.
            fn codepage_to_utf16(src: &[u8], dst: &mut [u8], cp: CodePage, to: Endian, mode: Mode)
                -> Result<usize, TranscodeError>
                => codepage(src, dst, cp, to, mode)
                scalar codepage::codepage_to_utf16,
                generic $crate::generic::codepage::codepage_to_units::<W, false>;
            /// Code page `cp` -> UTF-32 in byte order `to`.
            fn codepage_to_utf32(src: &[u8], dst: &mut [u8], cp: CodePage, to: Endian, mode: Mode)
                -> Result<usize, TranscodeError>
                => codepage(src, dst, cp, to, mode)
                scalar codepage::codepage_to_utf32,
                generic $crate::generic::codepage::codepage_to_units::<W, true>;
            /// UTF-8 -> code page `cp` (`NotInCodePage` for a character it lacks, strict).
            fn utf8_to_codepage(src: &[u8], dst: &mut [u8], cp: CodePage, mode: Mode)
                -> Result<usize, TranscodeError>
                => codepage(src, dst, cp, Endian::NATIVE, mode)
                scalar |s, d, c, _, m| codepage::utf8_to_codepage(s, d, c, m),
                generic $crate::generic::codepage::utf8_to_codepage::<V, W>;
            /// UTF-16 in byte order `from` -> code page `cp`.
            fn utf16_to_codepage(src: &[u8], dst: &mut [u8], cp: CodePage, from: Endian, mode: Mode)
                -> Result<usize, TranscodeError>
                => codepage(src, dst, cp, from, mode)
                scalar codepage::utf16_to_codepage,
                generic $crate::generic::codepage::utf16_to_codepage::<W>;
            /// UTF-32 in byte order `from` -> code page `cp`.
            fn utf32_to_codepage(src: &[u8], dst: &mut [u8], cp: CodePage, from: Endian, mode: Mode)
                -> Result<usize, TranscodeError>
                => codepage(src, dst, cp, from, mode)
                scalar codepage::utf32_to_codepage,
                generic $crate::generic::codepage::utf32_to_codepage::<W>;
            // WTF-8, CESU-8, MUTF-8
            /// WTF-8 validation (`utfast_scalar::wtf8::validate_wtf8`).
            fn validate_wtf8(src: &[u8]) -> Result<(), Utf8Error> => (src)
                scalar wtf8::validate_wtf8,
                generic $crate::generic::wtf8::validate_wtf8::<W>;
            /// CESU-8 validation (`utfast_scalar::cesu8::validate_cesu8`).
            fn validate_cesu8(src: &[u8]) -> Result<(), Utf8Error> => (src)
                scalar cesu8::validate_cesu8,
                generic $crate::generic::wtf8::validate_cesu8::<W>;
            /// Modified UTF-8 validation (`utfast_scalar::cesu8::validate_mutf8`).
            fn validate_mutf8(src: &[u8]) -> Result<(), Utf8Error> => (src)
                scalar cesu8::validate_mutf8,
                generic $crate::generic::wtf8::validate_mutf8::<W>;
        }
        table_only {
            fn wtf8_to_utf16 => scalar |s, d, _, e, m| wtf8::wtf8_to_utf16(s, d, e, m),
                generic $crate::generic::wtf8::wtf8_to_utf16::<W, V, H>;
            fn wtf8_to_utf8 => scalar |s, d, _, _, m| wtf8::wtf8_to_utf8(s, d, m),
                generic $crate::generic::wtf8::wtf8_to_utf8::<W>;
            fn utf16_to_wtf8 => scalar |s, d, e, _, m| wtf8::utf16_to_wtf8(s, d, e, m),
                generic $crate::generic::wtf8::utf16_to_wtf8::<W, H>;
            fn cesu8_to_utf16 => scalar |s, d, _, e, m| cesu8::cesu8_to_utf16(s, d, e, m, false),
                generic $crate::generic::wtf8::cesu8_to_utf16::<W, V, H, false>;
            fn cesu8_to_utf8 => scalar |s, d, _, _, m| cesu8::cesu8_to_utf8(s, d, m, false),
                generic $crate::generic::wtf8::cesu8_to_utf8::<W, false>;
            fn utf16_to_cesu8 => scalar |s, d, e, _, m| cesu8::utf16_to_cesu8(s, d, e, m, false),
                generic $crate::generic::wtf8::utf16_to_cesu8::<W, H, false>;
            fn utf8_to_cesu8 => scalar |s, d, _, _, m| cesu8::utf8_to_cesu8(s, d, m, false),
                generic $crate::generic::wtf8::utf8_to_cesu8::<W, false>;
            fn mutf8_to_utf16 => scalar |s, d, _, e, m| cesu8::cesu8_to_utf16(s, d, e, m, true),
                generic $crate::generic::wtf8::cesu8_to_utf16::<W, V, H, true>;
            fn mutf8_to_utf8 => scalar |s, d, _, _, m| cesu8::cesu8_to_utf8(s, d, m, true),
                generic $crate::generic::wtf8::cesu8_to_utf8::<W, true>;
            fn utf16_to_mutf8 => scalar |s, d, e, _, m| cesu8::utf16_to_cesu8(s, d, e, m, true),
                generic $crate::generic::wtf8::utf16_to_cesu8::<W, H, true>;
            fn utf8_to_mutf8 => scalar |s, d, _, _, m| cesu8::utf8_to_cesu8(s, d, m, true),
                generic $crate::generic::wtf8::utf8_to_cesu8::<W, true>;
        }
        }
    };
}
pub(crate) use operations;

/// The type of a table entry: `transcode` and `codepage` entries have the table's
/// uniform signatures, the others their method's.
macro_rules! entry_type {
    (transcode $($rest:tt)*) => { $crate::kernel::TranscodeFn };
    (codepage $($rest:tt)*) => { $crate::kernel::CodePageFn };
    (($($t:ty),*) -> $r:ty) => { unsafe fn($($t),*) -> $r };
}
pub(crate) use entry_type;

/// The items made from [`operations!`]'s list in this crate's `kernel` module:
/// `{ ops }` the table type, `{ methods }` the safe methods of `Kernel`, `{ scalar }`
/// the scalar table and its implementation names.
macro_rules! kernel_items {
    ({ $part:ident }
     methods { $($(#[$doc:meta])* fn $op:ident($($a:ident: $t:ty),*) -> $r:ty
         => $($kind:ident)? ($($c:expr),*) scalar $s:expr, generic $g:path;)* }
     table_only { $(fn $top:ident => scalar $ts:expr, generic $tg:path;)* }) => {
        $crate::kernel::kernel_items!(@$part
            [$($(#[$doc])* $op($($a: $t),*) -> $r => ($($c),*) [$($kind)?] $s;)*]
            [$($top $ts;)*]);
    };
    (@ops [$($(#[$doc:meta])* $op:ident($($a:ident: $t:ty),*) -> $r:ty
         => ($($c:expr),*) [$($kind:ident)?] $s:expr;)*] [$($top:ident $ts:expr;)*]) => {
        /// One function per operation: the table inside a [`Kernel`].
        ///
        /// # Safety
        /// The functions may use instructions of one ISA; see [`Kernel::new`].
        #[derive(Clone, Copy)]
        pub(crate) struct Ops {
            $(pub(crate) $op: $crate::kernel::entry_type!($($kind)? ($($t),*) -> $r),)*
            $(pub(crate) $top: $crate::kernel::TranscodeFn,)*
        }
    };
    (@methods [$($(#[$doc:meta])* $op:ident($($a:ident: $t:ty),*) -> $r:ty
         => ($($c:expr),*) [$($kind:ident)?] $s:expr;)*] [$($top:ident $ts:expr;)*]) => {
        impl Kernel {
            $(
                $(#[$doc])*
                #[inline]
                pub fn $op(&self, $($a: $t),*) -> $r {
                    // SAFETY: a `Kernel` reachable from safe code runs on this CPU
                    // (the contract of `Kernel::new`), and the entry's other
                    // preconditions are its arguments' types.
                    unsafe { (self.ops.$op)($($c),*) }
                }
            )*
        }
    };
    (@scalar [$($(#[$doc:meta])* $op:ident($($a:ident: $t:ty),*) -> $r:ty
         => ($($c:expr),*) [$($kind:ident)?] $s:expr;)*] [$($top:ident $ts:expr;)*]) => {
        /// The scalar kernel's table: the reference, and what every SIMD entry calls
        /// for inputs shorter than [`SHORT_INPUT`](crate::SHORT_INPUT) (a constant, so
        /// those calls are direct).
        pub(crate) const SCALAR_OPS: Ops = {
            use utfast_scalar::{
                cesu8, codepage, len, offsets, transcode as t, utf16, utf32, utf8, wtf8,
            };
            Ops { $($op: $s,)* $($top: $ts,)* }
        };

        /// `(operation, "scalar")` for every operation of [`Ops`], in the order of
        /// the list (a test checks that every kernel lists the same operations in
        /// the same order).
        pub(crate) const SCALAR_IMPLS: &[(&str, &str)] =
            &[$((stringify!($op), "scalar"),)* $((stringify!($top), "scalar"),)*];
    };
}
pub(crate) use kernel_items;
