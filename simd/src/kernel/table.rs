//! `simd_kernel!`: a kernel's table of `#[target_feature]` entries, made from the
//! one list of operations, and the `const` helpers of its implementation names.

/// `impls` with the implementation of `op` replaced by `imp` (`const`, for the
/// tables of [`simd_kernel!`](super::simd_kernel)); fails to compile (a panic in a `const`) when `op`
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
/// and calls the operation's generic algorithm otherwise: one hop from
/// the table to the algorithm. `$W` is the ISA's widest vector (validation, the
/// unit-oriented block loops), `$V` its 16-byte vector (the UTF-8 transcoders'
/// windows and 16-byte shuffles), `$H` its hooks (`crate::generic::hooks`).
/// `implementation` names these entries (see [`Kernel::implementation`](super::Kernel::implementation)).
///
/// A kernel can instead start from another kernel's table and replace entries:
///
/// ```text
/// simd_kernel! {
///     static KERNEL = "avx512", features "...", implementation "avx512",
///     W = Zmm, V = __m128i, H = NoHooks;
///     base crate::x86_64::avx2;                  // every entry not named below
///     generic [validate_utf8, is_utf8];          // the list's algorithm at W, V, H
///     own [utf8_to_utf16 = path as "avx512-vbmi2",  // transcoders of its own,
///          is_utf8 = path as "avx512-vbmi2" sig [(src: &[u8]) -> bool]]; // others with their signature
/// }
/// ```
///
/// The base's entries keep their own functions and names. The invoking module must
/// keep `$kernel` private and hand it out only after detecting `$features` (and,
/// with a base, the base's features): the `SAFETY` argument of [`Kernel::new`](super::Kernel::new) here.
///
/// The entries are those of the one list of operations
/// ([`operations!`](super::operations)).
macro_rules! simd_kernel {
    (static $kernel:ident = $name:literal, features $features:literal,
     implementation $imp:literal, W = $W:ty, V = $V:ty, H = $H:ty;
     $($rest:tt)*) => {
        $crate::kernel::operations!($crate::kernel::simd_kernel {
            @list [$kernel, $name, $features, $imp, $W, $V, $H] [$($rest)*]
        });
    };
    // The list of operations (see `operations!`), each as `name [kind] [signature]
    // = algorithm`.
    ({ @list $head:tt $rest:tt }
     methods { $($(#[$doc:meta])* fn $op:ident($($a:ident: $t:ty),*) -> $r:ty
         => $($kind:ident)? ($($c:expr),*) scalar $s:expr, generic $g:path;)* }
     table_only { $(fn $top:ident => scalar $ts:expr, generic $tg:path;)* }) => {
        $crate::kernel::simd_kernel!(@table $head $rest;
            $($op [$($kind)?] [($($a: $t),*) -> $r] = $g;)*
            $($top [transcode] [] = $tg;)*);
    };
    // Every entry from the list.
    (@table [$kernel:ident, $name:literal, $features:literal, $imp:literal, $W:ty, $V:ty, $H:ty] [];
     $($op:ident $kind:tt $sig:tt = $f:path;)*) => {
        /// The kernel's table (see `simd_kernel!`).
        #[allow(dead_code)]
        pub(crate) const OPS: $crate::kernel::Ops = {
            $crate::kernel::simd_kernel!(@entries $features, $W, $V, $H; $($op $kind $sig = $f;)*)
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
    (@table [$kernel:ident, $name:literal, $features:literal, $imp:literal, $W:ty, $V:ty, $H:ty]
     [base $base:path; generic [$($g:ident),* $(,)?];
      own [$($o:ident = $of:path as $oimp:literal $(sig $osig:tt)?),* $(,)?];];
     $($op:ident $kind:tt $sig:tt = $f:path;)*) => {
        /// The kernel's table (see `simd_kernel!`): the base's, with the entries
        /// named in the invocation replaced.
        #[allow(dead_code)]
        pub(crate) const OPS: $crate::kernel::Ops = {
            use $base as base;
            #[allow(dead_code)]
            const GENERIC: $crate::kernel::Ops = {
                $crate::kernel::simd_kernel!(@entries $features, $W, $V, $H; $($op $kind $sig = $f;)*)
            };
            $(
                $crate::kernel::simd_kernel!(@own $o, $features, $of, [$($osig)?]);
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
    // The entries of a table at `$W`, `$V`, `$H`: `W`, `V` and `H` in the list's
    // paths, and the types of its signatures.
    (@entries $features:literal, $W:ty, $V:ty, $H:ty; $($op:ident $kind:tt $sig:tt = $f:path;)*) => {{
        #[allow(dead_code)]
        type W = $W;
        #[allow(dead_code)]
        type V = $V;
        #[allow(dead_code)]
        type H = $H;
        #[allow(unused_imports)]
        use utfast_scalar::{Endian, Utf16Error, Utf32Error, Utf8Error};
        $($crate::kernel::simd_kernel!(@entry $op, $features, $f, $kind $sig);)*
        $crate::kernel::Ops { $($op),* }
    }};
    (@entry $op:ident, $features:literal, $f:path, [transcode] $sig:tt) => {
        $crate::kernel::simd_kernel!(@fn $op, $features, $f, @transcode);
    };
    (@entry $op:ident, $features:literal, $f:path, [codepage] $sig:tt) => {
        $crate::kernel::simd_kernel!(@fn $op, $features, $f, @codepage);
    };
    (@entry $op:ident, $features:literal, $f:path, [] [($($a:ident: $t:ty),*) -> $r:ty]) => {
        $crate::kernel::simd_kernel!(@fn $op, $features, $f, ($($a: $t),*) -> $r);
    };
    // An `own` entry: a transcoder unless its signature is given (`sig [(..) -> ..]`).
    (@own $op:ident, $features:literal, $f:path, []) => {
        $crate::kernel::simd_kernel!(@fn $op, $features, $f, @transcode);
    };
    (@own $op:ident, $features:literal, $f:path, [[($($a:ident: $t:ty),*) -> $r:ty]]) => {
        $crate::kernel::simd_kernel!(@fn $op, $features, $f, ($($a: $t),*) -> $r);
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
        /// features), so the hot loop is compiled apart from the scalar path and
        /// does not share its registers and stack frame. Only reachable through the kernel's table (an item of
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
            // (Unused where the features are the whole build's, as wasm's simd128.)
            #[allow(unused_unsafe)]
            unsafe {
                simd($src $(, $a)*)
            }
        }
    };
}
pub(crate) use simd_kernel;
