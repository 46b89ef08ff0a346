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
