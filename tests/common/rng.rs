//! A small deterministic pseudo-random generator (xorshift64*), so that failures are
//! reproducible and no dependency is needed. Shared by several test binaries, some of
//! which include only this file.

/// xorshift64* state (any nonzero seed).
pub struct Rng(pub u64);

#[allow(dead_code)] // not every test binary uses every method
impl Rng {
    /// The next 64 random bits.
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
