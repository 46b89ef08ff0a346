//! A small deterministic pseudo-random generator (xorshift64*), so that failures are
//! reproducible and no dependency is needed.

/// xorshift64* state (any nonzero seed).
///
/// ```
/// let mut rng = utfast_testkit::Rng(42);
/// assert!(rng.below(10) < 10);
/// ```
#[derive(Debug, Clone)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    #[allow(clippy::should_implement_trait)] // not an iterator: it never ends
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Characters of every UTF-8 length, with the boundary values U+0080, U+07FF, U+0800,
/// U+FFFF and U+10FFFF: the pool of [`char_runs`].
const RUN_CHARS: &str = "aeiou tnsrlé àüÿß¿жЖ中文€😀\u{FFFF}\u{10FFFF}\u{80}\u{7FF}\u{800}";

/// Text of at least `len` bytes: runs of 1 to 40 copies of one character (so SIMD
/// fast paths engage), characters drawn from a pool of every UTF-8 length, with the
/// random numbers of `rnd`.
///
/// ```
/// let mut rng = utfast_testkit::Rng(7);
/// let t = utfast_testkit::char_runs(&mut || rng.next(), 100);
/// assert!(t.len() >= 100);
/// ```
pub fn char_runs(rnd: &mut impl FnMut() -> u64, len: usize) -> String {
    let pool: Vec<char> = RUN_CHARS.chars().collect();
    let mut text = String::new();
    while text.len() < len {
        let c = pool[(rnd() % pool.len() as u64) as usize];
        let run = 1 + (rnd() % 40) as usize;
        text.extend(std::iter::repeat_n(c, run));
    }
    text
}

/// Damages `bytes` in place: about one byte in `every` is replaced by a random byte
/// (half of them by a byte that is often ill-formed somewhere: a continuation byte,
/// a lead byte, a surrogate half, 0xFF), so every error kind shows up.
///
/// ```
/// let mut rng = utfast_testkit::Rng(3);
/// let mut v = b"hello, world, hello, world".to_vec();
/// utfast_testkit::damage(&mut rng, &mut v, 4);
/// assert_ne!(v, b"hello, world, hello, world");
/// ```
pub fn damage(rng: &mut Rng, bytes: &mut [u8], every: usize) {
    const NASTY: [u8; 8] = [0x80, 0xBF, 0xC2, 0xE2, 0xF0, 0xD8, 0xDC, 0xFF];
    if bytes.is_empty() {
        return;
    }
    for _ in 0..(bytes.len() / every.max(1)).max(1) {
        let at = rng.below(bytes.len());
        bytes[at] = if rng.next() & 1 == 0 {
            NASTY[rng.below(NASTY.len())]
        } else {
            rng.next() as u8
        };
    }
}
