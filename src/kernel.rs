//! The kernels (per-instruction-set implementations) and the dispatch.
//!
//! Each [`Kernel`] is a `'static` table of `unsafe fn` pointers, one per operation,
//! behind safe methods, plus its [`name`](Kernel::name). The pointers are private and
//! a kernel is handed out only on a CPU that runs all of its functions, so calling
//! its methods is safe. The top-level functions of this crate
//! call [`active()`]; tests and benchmarks can iterate [`available()`] and call each
//! kernel directly. All kernels return bit-identical results.

pub use utfast_simd::Kernel;

/// Every kernel usable on this CPU, best first; `"scalar"` is always last.
///
/// ```
/// let names: Vec<&str> = utfast::kernel::available().map(|k| k.name()).collect();
/// assert_eq!(names.last(), Some(&"scalar"));
/// for k in utfast::kernel::available() {
///     assert!(k.is_utf8("héllo".as_bytes()));
/// }
/// ```
pub fn available() -> impl Iterator<Item = &'static Kernel> {
    utfast_simd::available()
}

/// The kernel the crate's functions use: chosen on first call and cached. With the
/// `std` feature, `UTFAST_KERNEL=<name>` selects an available kernel by name (an
/// unknown or unsupported name falls back to the best one).
///
/// ```
/// let k = utfast::kernel::active();
/// assert!(utfast::kernel::available().any(|a| a.name() == k.name()));
/// println!("using the {} kernel", k.name());
/// ```
#[inline]
pub fn active() -> &'static Kernel {
    utfast_simd::active()
}

/// Looks an available kernel up by name (case-insensitive); `None` if it is unknown
/// or this CPU cannot run it.
///
/// ```
/// assert_eq!(utfast::kernel::by_name("scalar").map(|k| k.name()), Some("scalar"));
/// assert!(utfast::kernel::by_name("no-such-kernel").is_none());
/// ```
pub fn by_name(name: &str) -> Option<&'static Kernel> {
    utfast_simd::by_name(name)
}
