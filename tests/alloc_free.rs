//! The owned drop-ins allocate nothing on valid input: a counting global allocator
//! (a test binary of its own, so that no other test shares the allocator).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    /// Allocations (alloc, alloc_zeroed, realloc) made by this thread.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count() {
    // `try_with`: the allocator may run while the thread-local is being torn down.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: the caller's contract for `alloc` is `System.alloc`'s.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with `layout` (every method forwards).
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: as for `dealloc`; `new_size` is the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The allocations `f` makes on this thread.
fn allocations<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let before = ALLOCATIONS.with(Cell::get);
    let out = f();
    (ALLOCATIONS.with(Cell::get) - before, out)
}

#[test]
fn owned_drop_ins_allocate_nothing_on_valid_input() {
    // The kernel is chosen (and `UTFAST_KERNEL` read, which allocates) on first use.
    println!("kernel: {}", utfast::kernel::active().name());
    let texts = [
        String::new(),
        "short".to_string(),
        "Grüße, 世界 😀 ".repeat(1000),
        "a".repeat(100_000),
    ];
    for text in texts {
        let v = text.clone().into_bytes();
        let ptr = v.as_ptr();
        let (n, s) = allocations(|| utfast::string_from_utf8(v));
        let s = s.unwrap();
        assert_eq!(
            (n, s.as_ptr()),
            (0, ptr),
            "string_from_utf8 of {} bytes",
            s.len()
        );

        let v = s.into_bytes();
        let (n, s) = allocations(|| utfast::string_from_utf8_lossy_owned(v));
        assert_eq!((n, s.as_ptr()), (0, ptr), "string_from_utf8_lossy_owned");

        let (n, cow) = allocations(|| utfast::string_from_utf8_lossy(s.as_bytes()));
        assert!(matches!(cow, std::borrow::Cow::Borrowed(_)));
        assert_eq!(n, 0, "string_from_utf8_lossy");

        let (n, chunks) = allocations(|| utfast::utf8_chunks(s.as_bytes()).count());
        assert_eq!((n, chunks), (0, usize::from(!s.is_empty())), "utf8_chunks");

        let (n, ok) = allocations(|| utfast::from_utf8(s.as_bytes()).is_ok());
        assert_eq!((n, ok), (0, true), "from_utf8");

        let (n, len) = allocations(|| utfast::utf16_len_from_utf8_lossy(s.as_bytes()));
        assert_eq!(
            (n, len),
            (0, s.encode_utf16().count()),
            "utf16_len_from_utf8_lossy"
        );
    }
}

#[test]
fn the_counter_sees_allocations() {
    // The check above could not fail if the counter missed allocations.
    let (n, v) = allocations(|| vec![0u8; 100]);
    assert_eq!((n, v.len()), (1, 100));
    let (n, s) = allocations(|| utfast::string_from_utf8_lossy_owned(b"a\xFF".to_vec()));
    assert!(n >= 2 && s == "a\u{FFFD}", "{n}");
}

#[test]
fn cesu8_and_mutf8_borrow_without_allocating() {
    use std::borrow::Cow;
    println!("kernel: {}", utfast::kernel::active().name());
    // UTF-8 with the same meaning in CESU-8 and MUTF-8: no U+0000, nothing above
    // U+FFFF. Short and long, so that the kernel runs too.
    for text in [
        "".to_string(),
        "java/lang/String".to_string(),
        "Grüße, 世界 € ".repeat(500),
    ] {
        let b = text.as_bytes();
        let (n, r) = allocations(|| {
            [
                utfast::cesu8::decode(b).unwrap(),
                utfast::cesu8::decode_strict(b).unwrap(),
                utfast::cesu8::decode_lossy(b),
                utfast::cesu8::decode_lossy_strict(b),
                utfast::mutf8::decode(b).unwrap(),
                utfast::mutf8::decode_strict(b).unwrap(),
                utfast::mutf8::decode_lossy(b),
                utfast::mutf8::decode_lossy_strict(b),
            ]
        });
        assert_eq!(n, 0, "decode of {} bytes", b.len());
        assert!(r
            .iter()
            .all(|c| matches!(c, Cow::Borrowed(s) if s.as_ptr() == b.as_ptr())));
        let (n, r) = allocations(|| [utfast::cesu8::encode(&text), utfast::mutf8::encode(&text)]);
        assert_eq!(n, 0, "encode of {} bytes", b.len());
        assert!(r
            .iter()
            .all(|c| matches!(c, Cow::Borrowed(s) if s.as_ptr() == b.as_ptr())));
    }
    // Owned results: one allocation, of the exact size.
    let (n, s) =
        allocations(|| utfast::mutf8::decode_strict(b"\xC0\x80\xED\xA0\xBD\xED\xB8\x80").unwrap());
    assert_eq!((n, s.as_ref()), (1, "\0😀"));
    let (n, v) = allocations(|| utfast::mutf8::encode("\0😀"));
    assert_eq!((n, v.len()), (1, 8));
}

#[test]
fn transcode_to_vec_allocates_once() {
    println!("kernel: {}", utfast::kernel::active().name());
    let text = "Привет, мир! ".repeat(300);
    let (n, v) = allocations(|| {
        utfast::transcode_to_vec(
            text.as_bytes(),
            utfast::Encoding::Utf8,
            utfast::Encoding::Windows1251,
            utfast::Mode::Strict,
        )
    });
    let v = v.unwrap();
    assert_eq!(
        (n, v.len(), v.capacity()),
        (1, text.chars().count(), text.chars().count())
    );
    let (n, s) = allocations(|| {
        utfast::transcode_to_string(&v, utfast::Encoding::Windows1251, utfast::Mode::Strict)
    });
    assert_eq!((n, s.unwrap()), (1, text));
}
