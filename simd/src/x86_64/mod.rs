//! x86-64 kernels: each file holds its detection, its instantiation and its table.
pub(crate) mod avx2;
pub(crate) mod avx512;
pub(crate) mod sse42;
